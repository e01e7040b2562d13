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
import { setImmediate } from "node:timers";
import v8 from "node:v8";
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
  const wait = _dialTurns.enter();
  return wait === undefined
    ? _dial(host, port, signal)
    : wait.then(() => _dial(host, port, signal));
}

/**
 * The most connects {@linkcode nodeDial} starts in one turn of the event loop; the rest start
 * in the next turns. libuv (Node 20) accepts one HTTP connection per turn of the event loop,
 * and a turn runs the callbacks of every probe socket that became ready: with 512 connects
 * started at once, a round of 1,000 checks on loopback took two or three turns, so the
 * server took two or three new clients per round (8 s of `wrk -c100` got 84 answers;
 * bench/health/README.md). Connects still overlap up to `server.concurrency`; only their
 * starts are spread over turns, which keeps every turn short.
 */
export const DIALS_PER_TURN = 32;

/**
 * Lets at most `limit` callers through per turn of the event loop: {@linkcode TurnGate.enter}
 * returns `undefined` to go at once, or a promise that resolves in a later turn (after that
 * turn's I/O callbacks, through `setImmediate`), first come first served.
 *
 * @example Ten callers, four per turn
 * ```ts
 * import assert from "node:assert/strict";
 * import { TurnGate } from "./health.ts";
 * const gate = new TurnGate(4);
 * const waits = Array.from({ length: 10 }, () => gate.enter());
 * assert.ok(waits.filter((w) => w === undefined).length === 4);
 * await Promise.all(waits);
 * ```
 */
export class TurnGate {
  #limit: number;
  #passed = 0;
  #scheduled = false;
  #waiting: (() => void)[] = [];

  /** A gate letting `limit` (≥ 1) callers through per turn. */
  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  /** `undefined`: go now; a promise: go when it resolves. */
  enter(): Promise<void> | undefined {
    if (this.#passed < this.#limit && this.#waiting.length === 0) {
      this.#pass();
      return undefined;
    }
    return new Promise<void>((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  #pass() {
    this.#passed++;
    this.#schedule();
  }

  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#passed = 0;
      const go = this.#waiting.splice(0, this.#limit);
      for (const resolve of go) {
        this.#pass();
        resolve();
      }
    });
  }
}

const _dialTurns = new TurnGate(DIALS_PER_TURN);

function _dial(host: string, port: number, signal: AbortSignal): Promise<void> {
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
  leanHeap();
  try {
    return await main(nodeRuntime(args));
  } catch (err) {
    process.stderr.write(`porthealth: internal error: ${(err as Error)?.message ?? err}\n`);
    return 1;
  }
}

/**
 * The V8 flags the Node bin sets on itself at start ({@linkcode leanHeap}): the young
 * generation stays at its first size instead of growing to 3 × 16 MiB under load (peak RSS
 * 99–100 against 123–130 MiB, at the same CPU time per answer). Set from inside the process
 * because Node 20 cannot re-execute itself in place (`process.execve` came in Node 22.15)
 * and `node npm/bin/porthealth.js` bypasses any shebang; this flag still takes effect after
 * start (`--max-semi-space-size` does not). Adding `--optimize-for-size` gave 77–78 MiB at
 * 1.4× the CPU time per answer (bench/health/README.md).
 */
export const NODE_V8_FLAGS = "--semi-space-growth-factor=1";

/**
 * Set {@linkcode NODE_V8_FLAGS} (or `PORTHEALTH_NODE_V8_FLAGS`, space-separated; empty for
 * none) with `v8.setFlagsFromString`, on Node only, and only when neither the command line
 * nor `NODE_OPTIONS` names a heap flag of their own (`semi-space`, `old-space`,
 * `optimize-for-size`): an operator's choice wins. Returns the flags it set.
 *
 * @example Under Deno it sets nothing
 * ```ts
 * import assert from "node:assert/strict";
 * import { leanHeap } from "./health.ts";
 * assert.deepEqual(leanHeap(), []);
 * ```
 */
export function leanHeap(): string[] {
  if ("Deno" in globalThis || process.versions.bun !== undefined) return [];
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
  if (/semi-space|old-space|optimize-for-size/.test(given)) return [];
  const flags = (process.env.PORTHEALTH_NODE_V8_FLAGS ?? NODE_V8_FLAGS).split(/\s+/)
    .filter((f) => f !== "");
  for (const f of flags) v8.setFlagsFromString(f);
  return flags;
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
