/**
 * What porthealth needs from its host runtime ({@linkcode Runtime}), what it gives back
 * (exit codes), and the file-limit arithmetic that sizes probe concurrency.
 *
 * @module
 */

import type { Dialer } from "./probe.ts";

/**
 * Exit codes of `porthealth`.
 *
 * @example A missing configuration file
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT, main } from "./main.ts";
 * const errors: string[] = [];
 * const code = await main({
 *   args: ["--config", "missing.yaml"],
 *   readTextFile: () => Promise.reject(Object.assign(new Error("gone"), { code: "ENOENT" })),
 *   env: () => undefined,
 *   dial: () => Promise.resolve(),
 *   listen: () => Promise.reject(new Error("unused")),
 *   onSignal: () => {},
 *   stdout: () => {},
 *   stderr: (line) => errors.push(line),
 * });
 * assert.ok(code === EXIT.CONFIG && errors[0] === "porthealth: config file missing.yaml not found");
 * ```
 */
export const EXIT = {
  /** Success, including a clean shutdown and a valid `--check-config`. */
  OK: 0,
  /** Runtime failure: the listen address is in use or needs privileges, internal error. */
  RUNTIME: 1,
  /** Bad flags, or a configuration file that is missing, unreadable or invalid. */
  CONFIG: 2,
} as const;

/**
 * A running HTTP listener.
 *
 * @example A fake listener, stopped by SIGTERM
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Listening, main } from "./main.ts";
 * let stopped = false;
 * const listening: Listening = { address: "0.0.0.0:9090", shutdown: () => Promise.resolve(void (stopped = true)) };
 * const code = await main({
 *   args: [],
 *   readTextFile: () => Promise.resolve("server: { port: 9090 }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n"),
 *   env: () => undefined,
 *   dial: () => Promise.resolve(),
 *   listen: () => Promise.resolve(listening),
 *   onSignal: (signal, listener) => {
 *     if (signal === "SIGTERM") queueMicrotask(listener);
 *   },
 *   stdout: () => {},
 *   stderr: () => {},
 * });
 * assert.ok(code === 0 && stopped);
 * ```
 */
export interface Listening {
  /** The bound address as `host:port` (IPv6 in brackets). */
  address: string;
  /** Stop accepting, let in-flight requests finish, then resolve. */
  shutdown(): Promise<void>;
}

/**
 * Options of {@linkcode Runtime.listen}.
 *
 * @example What porthealth asks its runtime to serve
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ListenOptions, main } from "./main.ts";
 * let seen: ListenOptions | undefined;
 * await main({
 *   args: [],
 *   readTextFile: () => Promise.resolve("server: { port: 9090 }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n"),
 *   env: () => undefined,
 *   dial: () => Promise.resolve(),
 *   listen: (options) => {
 *     seen = options;
 *     return Promise.resolve({ address: "0.0.0.0:9090", shutdown: () => Promise.resolve() });
 *   },
 *   onSignal: (signal, listener) => {
 *     if (signal === "SIGINT") queueMicrotask(listener);
 *   },
 *   stdout: () => {},
 *   stderr: () => {},
 * });
 * const live = await seen!.handler(new Request("http://localhost/live"));
 * assert.ok(seen?.port === 9090 && seen?.host === "0.0.0.0" && (await live.text()) === "OK");
 * ```
 */
export interface ListenOptions {
  /** Bind address. */
  host: string;
  /** Port; 0 picks a free one. */
  port: number;
  /** The fetch handler; answers `GET /live` synchronously. */
  handler: (request: Request) => Response | Promise<Response>;
  /**
   * Reports trouble the listener recovered from on its own, such as running out of file
   * descriptors while accepting (one line, for the log).
   */
  onListenerError?: (message: string) => void;
}

/**
 * The signals porthealth handles.
 *
 * @example The signals porthealth subscribes to
 * ```ts
 * import assert from "node:assert/strict";
 * import { main, type Signal } from "./main.ts";
 * const handlers = new Map<Signal, () => void>();
 * const running = main({
 *   args: [],
 *   readTextFile: () => Promise.resolve("server: { port: 9090 }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n"),
 *   env: () => undefined,
 *   dial: () => Promise.resolve(),
 *   listen: () => Promise.resolve({ address: "0.0.0.0:9090", shutdown: () => Promise.resolve() }),
 *   onSignal: (signal, listener) => void handlers.set(signal, listener),
 *   stdout: () => {},
 *   stderr: () => {},
 * });
 * await new Promise((resolve) => setTimeout(resolve, 0));
 * assert.ok([...handlers.keys()].sort().join() === "SIGHUP,SIGINT,SIGTERM");
 * handlers.get("SIGTERM")!();
 * assert.ok((await running) === 0);
 * ```
 */
export type Signal = "SIGINT" | "SIGTERM" | "SIGHUP";

/**
 * What {@linkcode main} needs from its runtime.
 *
 * @example Validating a configuration (--check-config)
 * ```ts
 * import assert from "node:assert/strict";
 * import { main, type Runtime } from "./main.ts";
 * const out: string[] = [];
 * const rt: Runtime = {
 *   args: ["--check-config", "--config", "ph.yaml"],
 *   readTextFile: () => Promise.resolve("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n"),
 *   env: (name) => Deno.env.get(name),
 *   dial: () => Promise.reject(new Error("unused")),
 *   listen: () => Promise.reject(new Error("unused")),
 *   onSignal: () => {},
 *   stdout: (line) => out.push(line),
 *   stderr: (line) => out.push(line),
 * };
 * assert.ok((await main(rt)) === 0 && out[0] === "porthealth: ph.yaml is valid");
 * ```
 */
export interface Runtime {
  /** Command-line arguments, without the program name. */
  args: readonly string[];
  /** Read a UTF-8 file; reject with the runtime's error (NotFound / ENOENT …). */
  readTextFile(path: string): Promise<string>;
  /** Look up an environment variable. */
  env(name: string): string | undefined;
  /** Open and close a TCP connection (see {@linkcode Dialer}). */
  dial: Dialer;
  /** Start the HTTP server; reject with the runtime's error (AddrInUse / EADDRINUSE …). */
  listen(options: ListenOptions): Promise<Listening>;
  /** Subscribe to a signal. */
  onSignal(signal: Signal, listener: () => void): void;
  /** Write one line to standard output. */
  stdout(line: string): void;
  /** Write one line to standard error. */
  stderr(line: string): void;
  /**
   * The most files the process may have open (the soft `ulimit -n`), when the runtime can
   * tell; `server.concurrency` is lowered to fit (see {@linkcode concurrencyForFileLimit}).
   */
  openFileLimit?(): number | undefined;
  /** The HTTP server takes shared stream bodies well (see `HandlerOptions.shareBodies`). */
  shareBodies?: boolean;
  /** The HTTP server sends a response's raw parts (see `HandlerOptions.rawAnswers`). */
  rawAnswers?: boolean;
}

/**
 * The most probe sockets in flight that leave room under an open-file limit: three quarters
 * of what is left after 64 descriptors for the runtime itself; HTTP clients keep the rest.
 * The default `server.concurrency` (512) fits the usual limit of 1,024.
 *
 * @example Fitting under `ulimit -n 256`
 * ```ts
 * import assert from "node:assert/strict";
 * import { concurrencyForFileLimit } from "./main.ts";
 * assert.ok(concurrencyForFileLimit(256) === 144);
 * assert.ok(concurrencyForFileLimit(1024) === 720);
 * assert.ok(concurrencyForFileLimit(10) === 1);
 * ```
 */
export function concurrencyForFileLimit(openFiles: number): number {
  return Math.max(1, Math.floor(((openFiles - 64) * 3) / 4));
}
