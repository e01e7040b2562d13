/**
 * A response body made once and answered many times: every `/health` or `/metrics` request a
 * round answers gets the same text, the same strong `ETag`, the same gzip bytes (compressed
 * on the first request that asks for them), and `304 Not Modified` when it already has them.
 *
 * @module
 */

import { ifNoneMatch } from "./conditional.ts";
import { gzip, prefersGzip } from "./encoding.ts";

/**
 * `Cache-Control` of `/health` and `/metrics`: a cache (a browser, a proxy) may keep the
 * answer but must ask again before every reuse, sending `If-None-Match`; what it has is the
 * answer of one probe round, and health must never be answered stale.
 *
 * @example The header
 * ```ts
 * import assert from "node:assert/strict";
 * import { Representation, REVALIDATE } from "./representation.ts";
 * const res = await new Representation(200, "{}", "application/json", "t").answer(new Request("http://x/"));
 * assert.ok(res.headers.get("cache-control") === REVALIDATE);
 * ```
 */
export const REVALIDATE = "no-cache";

const _encoder = new TextEncoder();

/**
 * A response as its parts, for hosts that can send those faster than they can read a
 * `Response` (node:http: no Web stream per response, no copy of the body into an
 * `ArrayBuffer`). Attached to the responses of a handler created with `rawAnswers`.
 *
 * @example The parts of a 304
 * ```ts
 * import assert from "node:assert/strict";
 * import { type RawAnswer, rawAnswer, Representation } from "./representation.ts";
 * const rep = new Representation(200, "{}", "application/json", "t");
 * const req = new Request("http://x/", { headers: { "if-none-match": '"t"' } });
 * const raw: RawAnswer | undefined = rawAnswer(await rep.answer(req, false, true));
 * assert.ok(raw?.status === 304 && raw.body === null && raw.headers.etag === '"t"');
 * ```
 */
export interface RawAnswer {
  /** The status. */
  status: number;
  /** The headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** The body as it is (a string to be sent as UTF-8), or `null` for none. */
  body: string | Uint8Array | null;
}

/**
 * The property under which a `Response` carries its {@linkcode RawAnswer}.
 *
 * @example Reading it directly
 * ```ts
 * import assert from "node:assert/strict";
 * import { RAW_ANSWER, type RawAnswer, withRawAnswer } from "./representation.ts";
 * const res = withRawAnswer(404, "Not Found\n", {});
 * assert.ok((res as unknown as Record<symbol, RawAnswer>)[RAW_ANSWER].status === 404);
 * ```
 */
export const RAW_ANSWER: unique symbol = Symbol.for("porthealth.rawAnswer") as never;

/**
 * The {@linkcode RawAnswer} attached to `response`, if any.
 *
 * @example Reading the parts
 * ```ts
 * import assert from "node:assert/strict";
 * import { rawAnswer, withRawAnswer } from "./representation.ts";
 * const res = withRawAnswer(200, "OK", { "content-type": "text/plain" });
 * assert.ok(rawAnswer(res)?.body === "OK" && (await res.text()) === "OK");
 * assert.ok(rawAnswer(new Response("OK")) === undefined);
 * ```
 */
export function rawAnswer(response: Response): RawAnswer | undefined {
  return (response as unknown as Record<symbol, RawAnswer | undefined>)[RAW_ANSWER];
}

/**
 * A `Response` of `body` that also carries it as a {@linkcode RawAnswer}; `sent`, when given,
 * is the same body in the form the host should send (the UTF-8 bytes of a string `body`,
 * shared by every answer: the `Response` keeps the string, which a Web `Response` takes
 * without a copy, while bytes would be copied into it).
 *
 * @example Both views of one answer
 * ```ts
 * import assert from "node:assert/strict";
 * import { rawAnswer, withRawAnswer } from "./representation.ts";
 * const res = withRawAnswer(503, "down", { "content-type": "text/plain" });
 * assert.ok(res.status === 503 && rawAnswer(res)?.headers["content-type"] === "text/plain");
 * ```
 */
export function withRawAnswer(
  status: number,
  body: string | Uint8Array | null,
  headers: Readonly<Record<string, string>>,
  sent: string | Uint8Array | null = body,
): Response {
  const res = new Response(body as BodyInit | null, { status, headers });
  (res as unknown as Record<symbol, RawAnswer>)[RAW_ANSWER] = { status, headers, body: sent };
  return res;
}

/**
 * Makes entity tags that no other process makes: a random prefix drawn once, then a count.
 * A tag names one body of one process; after a restart, or from another instance behind
 * the same load balancer, a client's old tag matches nothing.
 *
 * @example Two tags
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTagger } from "./representation.ts";
 * const next = createTagger();
 * const [a, b] = [next(), next()];
 * assert.ok(a !== b && /^[\w-]+$/.test(a) && createTagger()() !== a);
 * ```
 */
export function createTagger(): () => string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const prefix = btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

/**
 * One body with its status and content type, answered to any number of requests:
 *
 * - `ETag: "<tag>"` (strong: the bytes never change), and `"<tag>.gz"` for the gzip bytes
 *   (another representation, so another tag); `Vary: Accept-Encoding`; `Cache-Control:
 *   no-cache` ({@linkcode REVALIDATE}).
 * - `If-None-Match` naming that tag (weak comparison, `*`, lists) → `304` with the same
 *   `ETag`, `Vary` and `Cache-Control` and no body; only for a 2xx status (RFC 9110 §13.2.1:
 *   a `503` is answered whole whatever the request's preconditions).
 * - `Accept-Encoding` preferring gzip ({@linkcode prefersGzip}) → the body compressed once
 *   with `CompressionStream`, `Content-Encoding: gzip`.
 * - `HEAD`: the same headers; the host sends no body.
 *
 * @example Revalidating
 * ```ts
 * import assert from "node:assert/strict";
 * import { Representation } from "./representation.ts";
 * const rep = new Representation(200, '{"status":"healthy"}', "application/json", "r1");
 * const first = await rep.answer(new Request("http://localhost/health"));
 * assert.ok(first.status === 200 && first.headers.get("etag") === '"r1"');
 * const again = await rep.answer(new Request("http://localhost/health", { headers: { "if-none-match": 'W/"r1"' } }));
 * assert.ok(again.status === 304 && again.body === null && again.headers.get("etag") === '"r1"');
 * ```
 *
 * @example gzip
 * ```ts
 * import assert from "node:assert/strict";
 * import { Representation } from "./representation.ts";
 * const rep = new Representation(503, "x".repeat(1000), "text/plain", "r2");
 * const res = await rep.answer(new Request("http://localhost/", { headers: { "accept-encoding": "gzip" } }));
 * const text = await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
 * assert.ok(res.status === 503 && res.headers.get("etag") === '"r2.gz"' && text === "x".repeat(1000));
 * ```
 */
export class Representation {
  /** The HTTP status of every full answer. */
  readonly status: number;
  /** The body. */
  readonly text: string;
  /** The strong entity tag of the body, quotes included. */
  readonly etag: string;
  /** The strong entity tag of the gzip bytes, quotes included. */
  readonly gzipEtag: string;
  #headers: Record<string, string>;
  #gzipHeaders: Record<string, string>;
  #notModified: Record<string, string>;
  #gzipNotModified: Record<string, string>;
  #bytes?: Uint8Array;
  #gzip?: Uint8Array | Promise<Uint8Array>;

  /** A representation of `text`; `tag` (without quotes, no `"` or `\`) names it. */
  constructor(status: number, text: string, contentType: string, tag: string) {
    this.status = status;
    this.text = text;
    this.etag = `"${tag}"`;
    this.gzipEtag = `"${tag}.gz"`;
    const common = {
      "cache-control": REVALIDATE,
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
    };
    this.#notModified = { ...common, etag: this.etag };
    this.#gzipNotModified = { ...common, etag: this.gzipEtag };
    this.#headers = { ...this.#notModified, "content-type": contentType };
    this.#gzipHeaders = {
      ...this.#gzipNotModified,
      "content-type": contentType,
      "content-encoding": "gzip",
    };
  }

  /** The body as UTF-8, encoded on first use and shared afterwards; do not modify it. */
  get bytes(): Uint8Array {
    return this.#bytes ??= _encoder.encode(this.text);
  }

  /** The gzip bytes, compressed on first use and shared afterwards; do not modify them. */
  gzip(): Uint8Array | Promise<Uint8Array> {
    if (this.#gzip === undefined) {
      const pending = gzip(this.bytes).then((z) => this.#gzip = z);
      // a failed compression is retried by the next request, not kept
      pending.catch(() => {
        if (this.#gzip === pending) this.#gzip = undefined;
      });
      this.#gzip = pending;
    }
    return this.#gzip;
  }

  /**
   * The answer to `request` (`GET` or `HEAD`). `share`: send the body as a stream of the
   * shared bytes with an explicit `Content-Length`, instead of a copy per response (for
   * many requests answered in the same tick; only for hosts that keep that header). `raw`:
   * attach the answer's parts ({@linkcode RawAnswer}) for the host to send.
   */
  answer(request: Request, share = false, raw = false): Response | Promise<Response> {
    const headers = request.headers;
    const packed = prefersGzip(headers.get("accept-encoding"));
    if (
      this.status < 300 &&
      ifNoneMatch(headers.get("if-none-match"), packed ? this.gzipEtag : this.etag)
    ) {
      const h = packed ? this.#gzipNotModified : this.#notModified;
      return raw ? withRawAnswer(304, null, h) : new Response(null, { status: 304, headers: h });
    }
    if (!packed) {
      if (raw) return withRawAnswer(this.status, this.text, this.#headers, this.bytes);
      if (!share) return new Response(this.text, { status: this.status, headers: this.#headers });
      return _shared(this.status, this.bytes, this.#headers);
    }
    const answer = (bytes: Uint8Array) =>
      raw
        ? withRawAnswer(this.status, bytes, this.#gzipHeaders)
        : _shared(this.status, bytes, this.#gzipHeaders);
    const z = this.gzip();
    return z instanceof Uint8Array ? answer(z) : z.then(answer);
  }
}

// `bytes` as a one-chunk stream with an explicit Content-Length: the same framing as a
// buffer body, without the copy per response a buffer body gets. A default (not byte)
// stream: a byte stream would transfer, and so detach, the shared bytes.
function _shared(status: number, bytes: Uint8Array, headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, {
    status,
    headers: { ...headers, "content-length": String(bytes.byteLength) },
  });
}
