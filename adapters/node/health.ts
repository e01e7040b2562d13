/**
 * The `porthealth` executable for Node.js and Bun: node:http hosts the runtime-neutral
 * handler, node:net probes. This is the npm package's `porthealth` bin.
 *
 * @example Running on Node
 * ```ts ignore
 * import { runNode } from "./health.ts";
 * process.exitCode = await runNode(process.argv.slice(2));
 * ```
 *
 * @module
 */

import { realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import process from "node:process";
import { Buffer } from "node:buffer";
import { fileURLToPath } from "node:url";
import { type Listening, type ListenOptions, main, type Runtime } from "../../health/main.ts";
import { rawAnswer } from "../../health/representation.ts";

/**
 * Open a TCP connection with node:net and close it again; gives up when `signal` aborts.
 * A {@linkcode Dialer}.
 *
 * @example Probing a closed port
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeDial } from "./health.ts";
 * const err = await nodeDial("127.0.0.1", 1, AbortSignal.timeout(1000)).catch((e) => e);
 * assert.ok(err instanceof Error);
 * ```
 */
export function nodeDial(host: string, port: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const socket = net.connect({ host, port });
    const onAbort = () => {
      socket.destroy();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    socket.once("connect", () => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve();
    });
    socket.once("error", (err) => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      reject(err);
    });
  });
}

/**
 * Serve a fetch handler with node:http. Resolves once listening.
 *
 * @example Serving on a free port
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeListen } from "./health.ts";
 * const l = await nodeListen({ host: "127.0.0.1", port: 0, handler: () => Promise.resolve(new Response("OK")) });
 * const res = await fetch(`http://${l.address}/`);
 * assert.ok((await res.text()) === "OK");
 * await l.shutdown();
 * ```
 */
export function nodeListen({ host, port, handler }: ListenOptions): Promise<Listening> {
  return new Promise((resolve, reject) => {
    // Requests in flight per connection. On shutdown, connections without one (idle
    // keep-alive, connected but silent, a request still arriving) are closed at once, the
    // others after their response (sent with "connection: close"), as Deno.serve does:
    // server.close() alone waits for them (Node: up to its 60 s headers timeout; Bun: ~10 s).
    const inFlight = new Map<net.Socket, number>();
    let closing = false;
    const server = http.createServer(async (req, res) => {
      const socket = req.socket;
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
      res.once("close", () => {
        if (inFlight.has(socket)) inFlight.set(socket, inFlight.get(socket)! - 1);
      });
      try {
        const hostHeader = req.headers.host ?? "localhost";
        const url = new URL(req.url ?? "/", `http://${hostHeader}`);
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (Array.isArray(v)) { for (const x of v) headers.append(k, x); }
          else if (v !== undefined) headers.set(k, v);
        }
        const response = await handler(new Request(url, { method: req.method, headers }));
        const raw = rawAnswer(response);
        if (raw !== undefined) {
          // the parts as they are: no Web stream read, no copy of the body per response
          const out: Record<string, string> = { ...raw.headers };
          if (raw.status !== 304) {
            out["content-length"] = String(
              typeof raw.body === "string"
                ? Buffer.byteLength(raw.body)
                : raw.body?.byteLength ?? 0,
            );
          }
          if (closing) out["connection"] = "close";
          res.writeHead(raw.status, out);
          res.end(req.method === "HEAD" || raw.body === null ? undefined : raw.body);
          return;
        }
        const outHeaders: Record<string, string> = {};
        response.headers.forEach((v, k) => outHeaders[k] = v);
        const body = Buffer.from(await response.arrayBuffer());
        // a 304 has no body, and no Content-Length but the one of the 200 it stands for
        if (response.status !== 304) outHeaders["content-length"] = String(body.length);
        if (closing) outHeaders["connection"] = "close";
        res.writeHead(response.status, outHeaders);
        res.end(req.method === "HEAD" || response.status === 304 ? undefined : body);
      } catch (err) {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`Internal Server Error\n`);
        process.stderr.write(`porthealth: request failed: ${(err as Error)?.message ?? err}\n`);
      }
    });
    server.on("connection", (socket: net.Socket) => {
      inFlight.set(socket, 0);
      socket.once("close", () => inFlight.delete(socket));
    });
    server.once("error", reject);
    server.listen({ host, port }, () => {
      server.off("error", reject);
      const a = server.address() as net.AddressInfo;
      const h = a.address.includes(":") ? `[${a.address}]` : a.address;
      resolve({
        address: `${h}:${a.port}`,
        shutdown: () =>
          new Promise<void>((done) => {
            closing = true;
            server.close(() => done());
            for (const [socket, requests] of inFlight) {
              // Idle: flush what is still buffered (a response just sent), then close.
              if (requests === 0) socket.end(() => socket.destroy());
            }
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/**
 * The Node/Bun {@linkcode Runtime}.
 *
 * @example Building the runtime
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeRuntime } from "./health.ts";
 * assert.ok(nodeRuntime(["--help"]).args[0] === "--help");
 * ```
 */
export function nodeRuntime(args: readonly string[]): Runtime {
  return {
    args,
    readTextFile: (path) => readFile(path, "utf8"),
    env: (name) => process.env[name],
    dial: nodeDial,
    listen: nodeListen,
    onSignal: (signal, listener) => {
      process.on(signal, listener);
    },
    stdout: (line) => {
      process.stdout.write(line + "\n");
    },
    stderr: (line) => {
      process.stderr.write(line + "\n");
    },
    rawAnswers: true,
  };
}

/**
 * Run porthealth on Node or Bun; resolves with the exit code.
 *
 * @example Printing the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { runNode } from "./health.ts";
 * assert.ok((await runNode(["--version"])) === 0);
 * ```
 */
export async function runNode(args: readonly string[]): Promise<number> {
  try {
    return await main(nodeRuntime(args));
  } catch (err) {
    process.stderr.write(`porthealth: internal error: ${(err as Error)?.message ?? err}\n`);
    return 1;
  }
}

function _isMain(): boolean {
  // Deno and Node >= 24.2 know; older Node and Bun: compare with the script path.
  const known = (import.meta as { main?: boolean }).main;
  if (typeof known === "boolean") return known;
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (_isMain()) {
  process.exit(await runNode(process.argv.slice(2)));
}
