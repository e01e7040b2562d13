/**
 * The `porthealth` program over an injected {@linkcode Runtime}: flags, config loading,
 * start-up, reload on SIGHUP, graceful shutdown on SIGINT/SIGTERM. `serve.ts` (Deno) and
 * `adapters/node/health.ts` (Node, Bun) supply the runtime.
 *
 * @module
 */

import { parseArgs, USAGE, UsageError } from "./args.ts";
import { ConfigError, describeConfig, type HealthConfig, parseConfig } from "./config.ts";
import { formatDuration } from "./duration.ts";
import { createHandler } from "./handler.ts";
import { createLogger, type Logger } from "./log.ts";
import { Monitor } from "./monitor.ts";
import type { Dialer } from "./probe.ts";
import { VERSION } from "./version.ts";

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
  /** The fetch handler. */
  handler: (request: Request) => Promise<Response>;
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

/**
 * Run porthealth until shut down; resolves with the exit code.
 *
 * @example Printing the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./main.ts";
 * const out: string[] = [];
 * const code = await main({
 *   args: ["--version"],
 *   readTextFile: () => Promise.reject(new Error("unused")),
 *   env: () => undefined,
 *   dial: () => Promise.resolve(),
 *   listen: () => Promise.reject(new Error("unused")),
 *   onSignal: () => {},
 *   stdout: (line) => out.push(line),
 *   stderr: () => {},
 * });
 * assert.ok(code === 0 && out[0].startsWith("porthealth "));
 * ```
 */
export async function main(rt: Runtime): Promise<number> {
  let args;
  try {
    args = parseArgs(rt.args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    rt.stderr(`porthealth: ${err.message} (see porthealth --help)`);
    return EXIT.CONFIG;
  }
  if (args.help) {
    rt.stdout(USAGE);
    return EXIT.OK;
  }
  if (args.version) {
    rt.stdout(`porthealth ${VERSION}`);
    return EXIT.OK;
  }

  const load = async (): Promise<HealthConfig> => {
    let text: string;
    try {
      text = await rt.readTextFile(args.config);
    } catch (err) {
      throw new _LoadError(_readProblem(args.config, args.configGiven, err));
    }
    return parseConfig(text, { file: args.config, env: rt.env });
  };

  let config: HealthConfig;
  try {
    config = await load();
  } catch (err) {
    for (const line of _loadLines(err)) rt.stderr(`porthealth: ${line}`);
    return EXIT.CONFIG;
  }
  if (args.checkConfig) {
    rt.stdout(`porthealth: ${args.config} is valid`);
    rt.stdout(describeConfig(config));
    return EXIT.OK;
  }

  const logger = createLogger(args.logFormat, rt.stdout);
  // Probes beyond the open-file limit would fail with EMFILE (and starve HTTP accepts):
  // lower server.concurrency to fit, on start and on every reload.
  const fileLimit = rt.openFileLimit?.();
  const fitConcurrency = (next: HealthConfig) => {
    if (fileLimit === undefined || !Number.isFinite(fileLimit)) return;
    const cap = concurrencyForFileLimit(fileLimit);
    if (next.server.concurrency <= cap) return;
    // said only when it matters: with fewer checks than the cap nothing changes
    if (next.checks.length > cap) {
      logger.log(
        "warn",
        "concurrency",
        `server.concurrency ${next.server.concurrency} lowered to ${cap}: the process may open only ${fileLimit} files (ulimit -n); raise the limit (LimitNOFILE= in the systemd unit) to probe more checks at once`,
        { configured: next.server.concurrency, concurrency: cap, open_files: fileLimit },
      );
    }
    next.server.concurrency = cap;
  };
  fitConcurrency(config);
  const monitor = new Monitor({
    dial: rt.dial,
    config,
    onChange: ({ check, from, result }) => {
      const to = result.status;
      logger.log(
        to === "healthy" ? "info" : "warn",
        "check",
        `check ${check.name} is ${to}${result.message ? `: ${result.message}` : ""}`,
        {
          name: check.name,
          host: check.host,
          port: check.port,
          from: from ?? "unknown",
          to,
          error: result.error,
          latency_ms: result.latencyMs,
        },
      );
    },
  });
  const inner = createHandler({ monitor });
  const handler = async (request: Request): Promise<Response> => {
    try {
      return await inner(request);
    } catch (err) {
      logger.log("error", "error", `request failed: ${_message(err)}`, {
        method: request.method,
        path: new URL(request.url).pathname,
      });
      return new Response("Internal Server Error\n", { status: 500 });
    }
  };

  let listening: Listening;
  try {
    listening = await rt.listen({
      host: config.server.host,
      port: config.server.port,
      handler,
      onListenerError: (message) => logger.log("error", "listener", message),
    });
  } catch (err) {
    rt.stderr(`porthealth: ${_listenProblem(config.server.host, config.server.port, err)}`);
    return EXIT.RUNTIME;
  }
  logger.log("info", "start", `porthealth ${VERSION} listening on http://${listening.address}/`, {
    config: args.config,
    checks: config.checks.length,
    timeout: formatDuration(config.server.timeoutMs),
    cache: formatDuration(config.server.cacheMs),
    concurrency: config.server.concurrency,
    auth: config.auth.enabled ? "on" : "off",
    listen: listening.address,
  });

  let reloading = Promise.resolve();
  rt.onSignal("SIGHUP", () => {
    reloading = reloading.then(async () => {
      try {
        const next = await load();
        const cur = monitor.config.server;
        if (next.server.host !== cur.host || next.server.port !== cur.port) {
          logger.log(
            "warn",
            "reload",
            `server.host/server.port changes need a restart; still listening on ${listening.address}`,
          );
          next.server.host = cur.host;
          next.server.port = cur.port;
        }
        fitConcurrency(next);
        monitor.setConfig(next);
        logger.log("info", "reload", "configuration reloaded", {
          config: args.config,
          checks: next.checks.length,
          timeout: formatDuration(next.server.timeoutMs),
          auth: next.auth.enabled ? "on" : "off",
        });
      } catch (err) {
        const lines = _loadLines(err);
        logger.log(
          "error",
          "reload_failed",
          `configuration rejected, keeping the previous one: ${lines.join("; ")}`,
          { config: args.config },
        );
      }
    });
  });

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: Signal) => {
      if (stopping) {
        logger.log("warn", "shutdown", `${signal} again: exiting without waiting`);
        resolve();
        return;
      }
      stopping = true;
      logger.log("info", "shutdown", `${signal} received: finishing in-flight requests`);
      listening.shutdown().then(() => {
        logger.log("info", "stopped", "porthealth stopped");
        resolve();
      }, (err) => {
        _logError(logger, err);
        resolve();
      });
    };
    rt.onSignal("SIGINT", () => stop("SIGINT"));
    rt.onSignal("SIGTERM", () => stop("SIGTERM"));
  });
  return EXIT.OK;
}

class _LoadError extends Error {}

function _loadLines(err: unknown): string[] {
  if (err instanceof ConfigError) return err.lines();
  if (err instanceof _LoadError) return [err.message];
  return [`cannot load the configuration: ${_message(err)}`];
}

function _code(err: unknown): string {
  const e = (err ?? {}) as { name?: string; code?: string };
  return `${e.name ?? ""} ${e.code ?? ""}`;
}

function _message(err: unknown): string {
  return String((err as Error)?.message ?? err).split("\n")[0];
}

function _logError(logger: Logger, err: unknown) {
  logger.log("error", "error", _message(err));
}

function _readProblem(path: string, given: boolean, err: unknown): string {
  const code = _code(err);
  if (/NotFound|ENOENT/.test(code)) {
    return given
      ? `config file ${path} not found`
      : `config file ${path} not found; pass --config <path> to use another file`;
  }
  if (/PermissionDenied|EACCES|NotCapable/.test(code)) {
    return `cannot read config file ${path}: permission denied`;
  }
  if (/IsADirectory|EISDIR/.test(code) || /directory/i.test(_message(err))) {
    return `config file ${path} is a directory`;
  }
  if (err instanceof TypeError && /decode|utf/i.test(_message(err))) {
    return `config file ${path} is not valid UTF-8`;
  }
  return `cannot read config file ${path}: ${_message(err)}`;
}

function _listenProblem(host: string, port: number, err: unknown): string {
  const where = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  const code = _code(err);
  if (/AddrInUse|EADDRINUSE/.test(code)) {
    return `cannot listen on ${where}: the address is already in use (another porthealth instance?); stop that process or choose another server.port`;
  }
  if (/PermissionDenied|EACCES|NotCapable/.test(code)) {
    return port > 0 && port < 1025
      ? `cannot listen on ${where}: ports below 1025 need root or CAP_NET_BIND_SERVICE (setcap cap_net_bind_service=+ep, or AmbientCapabilities= in the systemd unit); or choose a server.port above 1024`
      : `cannot listen on ${where}: permission denied`;
  }
  if (/AddrNotAvailable|EADDRNOTAVAIL/.test(code)) {
    return `cannot listen on ${where}: server.host ${host} is not an address of this machine`;
  }
  return `cannot listen on ${where}: ${_message(err)}`;
}
