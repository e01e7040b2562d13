/**
 * The porthealth fetch handler: `(Request) => Promise<Response>` over a {@linkcode Monitor}.
 * Runtime-neutral; host it with `Deno.serve`, Bun.serve or the node:http adapter.
 *
 * @module
 */

import { CHALLENGE, checkBasicAuth } from "./auth.ts";
import { serializeHealth } from "./body.ts";
import { METRICS_CONTENT_TYPE, renderMetrics } from "./metrics.ts";
import type { Monitor, Report } from "./monitor.ts";
import { renderPage } from "./page.ts";
import { createTagger, Representation, withRawAnswer } from "./representation.ts";
import { VERSION } from "./version.ts";

/**
 * Options of {@linkcode createHandler}.
 *
 * @example Overriding the reported version
 * ```ts
 * import assert from "node:assert/strict";
 * import { createHandler, type HandlerOptions } from "./handler.ts";
 * import { Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n");
 * const options: HandlerOptions = { monitor: new Monitor({ config, dial: () => Promise.resolve() }), version: "9.9.9" };
 * const res = await createHandler(options)(new Request("http://localhost/health"));
 * assert.ok(res.status === 200 && (await res.json()).version === "9.9.9");
 * ```
 */
export interface HandlerOptions {
  /** Probes the checks; its current config also drives auth and the page. */
  monitor: Monitor;
  /** Version reported in bodies and metrics; default {@linkcode VERSION}. */
  version?: string;
  /**
   * Answer the `/health` requests that waited for a probe round with the round's body shared
   * as bytes, streamed with its `Content-Length`, instead of a copy per response: far less
   * memory when many requests wait together (with `Deno.serve`: bench/health/RESULTS.md).
   * Only for hosts that keep that header (`Deno.serve` does; Bun.serve sends such a stream
   * chunked, without `Content-Length`). Default `false`.
   */
  shareBodies?: boolean;
  /**
   * Attach to every response (but the synchronous `GET /live`) its parts as a
   * `RawAnswer` (`representation.ts`), for hosts that send those faster than they read a
   * `Response` (the node:http adapter). Default `false`.
   */
  rawAnswers?: boolean;
}

const _ALLOW = "GET, HEAD";
const _ROUTES = new Set(["/", "/health", "/live", "/metrics"]);

/**
 * Create the fetch handler.
 *
 * - `GET`/`HEAD /health`: JSON body, 200 when every check is healthy, 503 otherwise;
 *   `?history=1` adds each check's recent results, uptime and last probe time. The body is
 *   made once per probe round (its `timestamp` is when it was made) and answered as a
 *   {@linkcode Representation}: a strong `ETag` per round, `304` to a matching
 *   `If-None-Match`, gzip when `Accept-Encoding` asks for it, `Cache-Control: no-cache`.
 * - `/live`: `OK`, 200 (a plain `GET` is answered synchronously, with only the default
 *   `Content-Type`). `/`: the HTML status page (`?refresh=<seconds>`, default 5).
 * - `/metrics`: Prometheus text format, made once per round, answered like `/health`.
 * - Other paths 404; other methods 405 with `Allow: GET, HEAD`; with auth enabled, every
 *   request without the right Basic credentials gets 401 and a `WWW-Authenticate` challenge.
 *
 * @example Serving /live
 * ```ts
 * import assert from "node:assert/strict";
 * import { createHandler } from "./handler.ts";
 * import { Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 1 }\n");
 * const handler = createHandler({ monitor: new Monitor({ dial: () => Promise.resolve(), config }) });
 * const res = await handler(new Request("http://localhost/live"));
 * assert.ok(res.status === 200 && (await res.text()) === "OK");
 * ```
 */
export function createHandler(
  options: HandlerOptions,
): (request: Request) => Response | Promise<Response> {
  const { monitor } = options;
  const version = options.version ?? VERSION;
  const shareBodies = options.shareBodies ?? false;
  const raw = options.rawAnswers ?? false;
  const respond = raw ? withRawAnswer : _plain;
  const tag = createTagger();
  // One representation per round (the report object) and body: plain, ?history=1, metrics.
  const plain = new WeakMap<Report, Representation>();
  const withHistory = new WeakMap<Report, Representation>();
  const metrics = new WeakMap<Report, Representation>();
  const healthOf = (report: Report, history: boolean): Representation => {
    const cache = history ? withHistory : plain;
    let rep = cache.get(report);
    if (rep === undefined) {
      const { healthy, text } = serializeHealth(report, version, new Date(), { history });
      rep = new Representation(healthy ? 200 : 503, text, _JSON, tag());
      cache.set(report, rep);
    }
    return rep;
  };
  const handle = async (request: Request): Promise<Response> => {
    const auth = monitor.config.auth;
    if (auth.enabled) {
      const header = request.headers.get("authorization");
      if (!checkBasicAuth(header, auth.username, auth.password)) {
        return respond(401, "Unauthorized\n", _H_401);
      }
    }
    const path = _pathOf(request.url);
    if (!_ROUTES.has(path)) return respond(404, "Not Found\n", _H_TEXT);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return respond(405, "Method Not Allowed\n", _H_405);
    }
    switch (path) {
      case "/live":
        return respond(200, "OK", _H_TEXT);
      case "/health": {
        const finished = monitor.finished;
        const report = await monitor.check();
        const history = request.url.includes("?") && _wantsHistory(request.url);
        // A request that waited for a new round is answered together with every other
        // request that waited meanwhile: they share the body's bytes instead of a copy each.
        const waited = shareBodies && monitor.finished !== finished;
        return healthOf(report, history).answer(request, waited, raw);
      }
      case "/metrics": {
        const report = await monitor.check();
        let rep = metrics.get(report);
        if (rep === undefined) {
          const text = renderMetrics(report, version, monitor.stats);
          rep = new Representation(200, text, METRICS_CONTENT_TYPE, tag());
          metrics.set(report, rep);
        }
        return rep.answer(request, false, raw);
      }
      default: {
        const nonce = _nonce();
        const refresh = Number(new URL(request.url).searchParams.get("refresh"));
        const html = renderPage({
          config: monitor.config,
          version,
          report: monitor.last,
          nonce,
          refreshSeconds: Number.isFinite(refresh) && refresh >= 1 && refresh <= 3600
            ? refresh
            : undefined,
        });
        return respond(200, html, {
          ..._H_COMMON,
          "content-type": "text/html; charset=utf-8",
          "content-security-policy":
            `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
          "x-frame-options": "DENY",
          "referrer-policy": "no-referrer",
        });
      }
    }
  };
  // The hot path of liveness probes, measured against a bare Deno.serve (bench/README.md):
  // synchronous (no promise), no URL object, and no headers beyond the default
  // `text/plain;charset=UTF-8` (building a Headers list cost a third of the throughput).
  return (request) => {
    const method = request.method;
    if (
      (method === "GET" || method === "HEAD") && !monitor.config.auth.enabled &&
      _isLive(request.url)
    ) {
      return new Response("OK");
    }
    return handle(request);
  };
}

// Whether an absolute request URL's path is exactly /live, without query or fragment.
function _isLive(url: string): boolean {
  return url.endsWith("/live") && url.indexOf("/", url.indexOf("//") + 2) === url.length - 5;
}

const _H_COMMON = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
const _H_TEXT = { ..._H_COMMON, "content-type": "text/plain; charset=utf-8" };
const _H_401 = { ..._H_TEXT, "www-authenticate": CHALLENGE };
const _H_405 = { ..._H_TEXT, allow: _ALLOW };
const _JSON = "application/json; charset=utf-8";

// The path of an absolute request URL, without query or fragment, still percent-encoded
// (the same as `new URL(url).pathname`, without building a URL on every request).
function _pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  let end = url.length;
  const q = url.indexOf("?", start);
  if (q >= 0) end = q;
  const h = url.indexOf("#", start);
  if (h >= 0 && h < end) end = h;
  return url.slice(start, end);
}

// HEAD responses keep their body: Deno.serve, Bun.serve and the node:http adapter send the
// headers (with the GET Content-Length) and drop the body.
function _plain(
  status: number,
  body: string | Uint8Array | null,
  headers: Record<string, string>,
): Response {
  return new Response(body as BodyInit | null, { status, headers });
}

function _wantsHistory(url: string): boolean {
  const v = new URL(url).searchParams.get("history");
  return v !== null && v !== "0" && v !== "false";
}

function _nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
