/**
 * The `porthealth` executable for Deno: `Deno.serve` hosts the handler, `Deno.connect`
 * probes. `deno task serve --config <path>` and `deno task compile` (one binary) run it as a
 * bundle (`deno task build:porthealth`: `deno bundle --platform browser`), which inlines
 * yaml's browser build, so Deno's Node compatibility layer is never loaded (about 10 MB less
 * RSS). `deno run -A serve.ts --config <path>` runs the same program from source.
 *
 * @example Starting porthealth from code
 * ```ts ignore
 * import { denoRuntime } from "./serve.ts";
 * import { main } from "./health/main.ts";
 * Deno.exit(await main(denoRuntime(["--config", "examples/porthealth/config.yaml"])));
 * ```
 *
 * @module
 */

import { type Listening, type ListenOptions, main, type Runtime } from "./health/main.ts";

const _encoder = new TextEncoder();

/**
 * The Deno {@linkcode Runtime}: files, environment, TCP, HTTP, signals and standard streams.
 *
 * @example Building the runtime
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoRuntime } from "./serve.ts";
 * const rt = denoRuntime(["--version"]);
 * assert.ok(rt.args[0] === "--version");
 * ```
 */
export function denoRuntime(args: readonly string[]): Runtime {
  return {
    args,
    readTextFile: (path) => Deno.readTextFile(path),
    env: (name) => Deno.env.get(name),
    dial: denoDial,
    listen: _listen,
    onSignal: (signal, listener) => Deno.addSignalListener(signal, listener),
    stdout: (line) => _writeAll(Deno.stdout, line),
    stderr: (line) => _writeAll(Deno.stderr, line),
    openFileLimit: _openFileLimit,
    shareBodies: true, // Deno.serve keeps a stream body's Content-Length (bench/health/RESULTS.md)
  };
}

/**
 * Open a TCP connection with `Deno.connect` and close it again; gives up when `signal`
 * aborts. A {@linkcode Dialer}.
 *
 * `Deno.connect` given a signal loses a connection that completes just as the signal aborts:
 * after the connect it checks the signal again and throws, and the new connection is never
 * closed (thousands of probes whose timeouts raced their connects left hundreds of sockets
 * in CLOSE-WAIT for good). So the signal it gets is a copy whose `throwIfAborted` does not
 * throw: the abort still cancels a pending connect, and a connection that arrives after the
 * abort is closed here.
 *
 * @example Probing a closed port
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoDial } from "./serve.ts";
 * const err = await denoDial("127.0.0.1", 1, AbortSignal.timeout(1000)).catch((e) => e);
 * assert.ok(err instanceof Error);
 * ```
 */
export async function denoDial(hostname: string, port: number, signal: AbortSignal) {
  signal.throwIfAborted();
  const ctl = new AbortController();
  Object.defineProperty(ctl.signal, "throwIfAborted", { value: () => {} });
  const abort = () => ctl.abort(signal.reason);
  signal.addEventListener("abort", abort, { once: true });
  try {
    const conn = await Deno.connect({ hostname, port, signal: ctl.signal });
    conn.close();
  } finally {
    signal.removeEventListener("abort", abort);
  }
  signal.throwIfAborted();
}

// Deno.serve ends its accept loop for good on the first failed accept (EMFILE when idle or
// slow clients hold every descriptor: "Uncaught (in promise) Http: Too many open files"),
// which would kill the process. Instead: shut that server down (in-flight requests finish;
// idle and half-sent connections are closed, which frees descriptors) and listen again on
// the same address at once, backing off up to 1 s while it keeps failing.
function _listen(options: ListenOptions): Promise<Listening> {
  const { host, handler, onListenerError } = options;
  let port = options.port;
  let current: Deno.HttpServer | undefined;
  let stopped = false;
  let failures = 0;
  let lastFailure = -Infinity;
  let lastReport = -Infinity;
  let unreported = 0;
  const draining = new Set<Promise<void>>();

  // At most one log line per 10 s, however often it fails.
  const report = (message: string) => {
    const now = performance.now();
    if (now - lastReport < 10_000) {
      unreported++;
      return;
    }
    const more = unreported > 0 ? ` (${unreported} more failures since the last report)` : "";
    lastReport = now;
    unreported = 0;
    onListenerError?.(message + more);
  };
  const retry = () => {
    const now = performance.now();
    failures = now - lastFailure > 5_000 ? 1 : failures + 1;
    lastFailure = now;
    const delay = failures <= 1 ? 0 : Math.min(1000, 10 * 2 ** (failures - 2));
    setTimeout(() => {
      if (stopped) return;
      try {
        start(undefined);
      } catch (err) {
        report(`cannot listen again on ${host}:${port}: ${_oneLine(err)}; retrying`);
        retry();
      }
    }, delay);
  };
  const shutdown = async () => {
    stopped = true;
    await Promise.all([current?.shutdown(), ...draining]);
  };
  const start = (first: ((listening: Listening) => void) | undefined) => {
    const server = Deno.serve({
      hostname: host,
      port,
      onListen: (addr) => {
        port = addr.port; // listen again on the port picked for port 0
        const h = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
        first?.({ address: `${h}:${addr.port}`, shutdown });
      },
      onError: (err) => {
        console.error(`porthealth: request failed: ${_oneLine(err)}`);
        return new Response("Internal Server Error\n", { status: 500 });
      },
    }, handler);
    current = server;
    server.finished.catch((err) => {
      if (stopped) return;
      report(`the listener failed: ${_oneLine(err)}; closing idle connections, listening again`);
      if (current === server) current = undefined;
      const done = server.shutdown().catch(() => {});
      draining.add(done);
      done.finally(() => draining.delete(done));
      retry();
    });
  };
  return new Promise((resolve, reject) => {
    try {
      start(resolve);
    } catch (err) {
      reject(err);
    }
  });
}

function _oneLine(err: unknown): string {
  return String((err as Error)?.message ?? err).split("\n")[0];
}

// The soft limit on open files, from /proc (Linux); undefined elsewhere or when unlimited.
function _openFileLimit(): number | undefined {
  try {
    // never prompt: with a narrower --allow-read the limit is simply unknown
    const path = "/proc/self/limits";
    if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") return undefined;
    const m = /^Max open files\s+(\d+)/m.exec(Deno.readTextFileSync(path));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

// A closed or full stdout/stderr (EPIPE, e.g. `porthealth | head`) must not turn a log line
// into a failed probe round or request: such lines are dropped.
function _writeAll(stream: typeof Deno.stdout, line: string) {
  const bytes = _encoder.encode(line + "\n");
  let off = 0;
  try {
    while (off < bytes.length) off += stream.writeSync(bytes.subarray(off));
  } catch {
    // dropped
  }
}

/**
 * The V8 flags of `deno task serve` (deno.json), which `deno run -A serve.ts` gets too: see
 * {@linkcode relaunchWithV8Flags}.
 */
export const V8_FLAGS =
  "--max-semi-space-size=1,--optimize-for-size,--no-concurrent-recompilation,--jitless";

/**
 * Replace this process with the same command (same pid, arguments, environment) plus
 * `DENO_V8_FLAGS` set to {@linkcode V8_FLAGS}, when serve.ts runs from source without V8
 * flags. A running process cannot change V8's heap limits, and with V8's defaults (a young
 * generation of up to 3 × 16 MiB) `deno run -A serve.ts` took twice the memory of `deno task
 * serve` under load. Done with `execve` through FFI, so only on Linux, with the FFI and read
 * permissions already granted (`-A`); never when `DENO_V8_FLAGS` is set (by the operator, or
 * by the relaunch itself) or the command line carries `--v8-flags`. Returns only when it
 * did not relaunch.
 */
export function relaunchWithV8Flags(): void {
  if (Deno.build.os !== "linux" || Deno.env.get("DENO_V8_FLAGS") !== undefined) return;
  if (!import.meta.url.endsWith("/serve.ts")) return; // the bundle has its flags
  const granted = (d: Deno.PermissionDescriptor) =>
    Deno.permissions.querySync(d).state === "granted";
  if (!granted({ name: "ffi" }) || !granted({ name: "read", path: "/proc/self" })) return;
  if (!granted({ name: "env" })) return;
  let argv: string[];
  try {
    argv = Deno.readTextFileSync("/proc/self/cmdline").split("\0").slice(0, -1);
  } catch {
    return;
  }
  if (argv.some((a) => a.startsWith("--v8-flags"))) return;
  const env = { ...Deno.env.toObject(), DENO_V8_FLAGS: V8_FLAGS };
  const enc = new TextEncoder();
  const keep: Uint8Array[] = [];
  const cstr = (s: string) => {
    const b = enc.encode(s + "\0");
    keep.push(b);
    return BigInt(Deno.UnsafePointer.value(Deno.UnsafePointer.of(b)));
  };
  const array = (items: string[]) => {
    const ptrs = new BigUint64Array(items.length + 1);
    items.forEach((s, i) => ptrs[i] = cstr(s));
    return new Uint8Array(ptrs.buffer);
  };
  let libc: Deno.DynamicLibrary<{ execve: Deno.ForeignFunction }> | undefined;
  try {
    libc = Deno.dlopen("libc.so.6", {
      execve: { parameters: ["buffer", "buffer", "buffer"], result: "i32" },
    });
    const path = enc.encode("/proc/self/exe\0");
    libc.symbols.execve(path, array(argv), array(Object.entries(env).map(([k, v]) => `${k}=${v}`)));
  } catch {
    // no libc.so.6 (musl), or execve failed: run as is
  } finally {
    libc?.close();
  }
}

if (import.meta.main) {
  relaunchWithV8Flags();
  let code: number;
  try {
    code = await main(denoRuntime(Deno.args));
  } catch (err) {
    console.error(`porthealth: internal error: ${(err as Error)?.message ?? err}`);
    code = 1;
  }
  Deno.exit(code);
}
