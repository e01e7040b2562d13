/**
 * TCP probes over an injected dialer: one connect per check with its timeout, all checks of
 * a round concurrently with a bound on sockets in flight.
 *
 * @module
 */

/**
 * Opens a TCP connection to `host:port` and closes it again. Resolves once connected;
 * rejects with the runtime's error otherwise. Must give up promptly when `signal` aborts.
 * `host` is a hostname or an IP literal without brackets, resolved on every call.
 */
export type Dialer = (host: string, port: number, signal: AbortSignal) => Promise<void>;

/** Why a check is unhealthy. */
export type ProbeErrorKind = "refused" | "timeout" | "dns" | "unreachable" | "invalid";

/** The outcome of probing one target. */
export interface ProbeResult {
  /** `healthy` when the connect succeeded. */
  status: "healthy" | "unhealthy";
  /** Milliseconds from the start of the connect to its outcome. */
  latencyMs: number;
  /** The reason, when unhealthy. */
  error?: ProbeErrorKind;
  /** A short message for people, when unhealthy; never contains resolver addresses. */
  message?: string;
}

/** What to probe. */
export interface ProbeTarget {
  /** Hostname or IP literal; `[::1]` and `::1` are both accepted. */
  host: string;
  /** TCP port. */
  port: number;
  /** Connect timeout in milliseconds. */
  timeoutMs: number;
}

const _MESSAGES: Record<ProbeErrorKind, string> = {
  refused: "connection refused",
  timeout: "no answer within the timeout",
  dns: "host name could not be resolved",
  unreachable: "network or host unreachable",
  invalid: "not a valid host or port",
};

/**
 * Map an error thrown by a dialer (Deno, Node or Bun) to a {@linkcode ProbeErrorKind}.
 *
 * @example Classifying runtime errors
 * ```ts
 * import { classifyError } from "./probe.ts";
 * const refused = Object.assign(new Error("x"), { code: "ECONNREFUSED" });
 * console.assert(classifyError(refused) === "refused");
 * console.assert(classifyError(new Error("failed to lookup address information")) === "dns");
 * ```
 */
export function classifyError(err: unknown): ProbeErrorKind {
  const e = (err ?? {}) as { name?: string; code?: string; message?: string };
  const code = String(e.code ?? "");
  const name = String(e.name ?? "");
  const msg = String(e.message ?? "").toLowerCase();
  if (name === "TimeoutError" || code === "ETIMEDOUT" || name === "TimedOut") return "timeout";
  if (
    name === "ConnectionRefused" || code === "ECONNREFUSED" || name === "ConnectionReset" ||
    code === "ECONNRESET"
  ) return "refused";
  if (
    code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL" ||
    code === "EAI_NODATA" || code === "ENODATA" || msg.includes("lookup address") ||
    msg.includes("name or service not known") || msg.includes("name resolution") ||
    msg.includes("getaddrinfo") || msg.includes("dns")
  ) return "dns";
  if (
    name === "RangeError" || name === "URIError" || name === "TypeError" || code === "EINVAL" ||
    code === "ERR_INVALID_ARG_VALUE" || code === "ERR_SOCKET_BAD_PORT" ||
    code === "ERR_INVALID_IP_ADDRESS" ||
    msg.includes("invalid")
  ) return "invalid";
  return "unreachable";
}

/**
 * The short message for an error kind, with the timeout spelled out.
 *
 * @example Messages
 * ```ts
 * import { errorMessage } from "./probe.ts";
 * console.assert(errorMessage("timeout", 2000) === "no answer within 2000 ms");
 * ```
 */
export function errorMessage(kind: ProbeErrorKind, timeoutMs?: number): string {
  if (kind === "timeout" && timeoutMs !== undefined) return `no answer within ${timeoutMs} ms`;
  return _MESSAGES[kind];
}

/**
 * Probe one target: connect with `dial`, give up after `timeoutMs`. Never rejects.
 *
 * @example Probing with a fake dialer
 * ```ts
 * import { probe } from "./probe.ts";
 * const refused = () => Promise.reject(Object.assign(new Error("no"), { code: "ECONNREFUSED" }));
 * const r = await probe(refused, { host: "127.0.0.1", port: 1, timeoutMs: 100 });
 * console.assert(r.status === "unhealthy" && r.error === "refused");
 * ```
 */
export async function probe(dial: Dialer, target: ProbeTarget): Promise<ProbeResult> {
  const host = _unbracket(target.host);
  const start = performance.now();
  const ctl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), target.timeoutMs);
  });
  try {
    const outcome = await Promise.race([dial(host, target.port, ctl.signal), timedOut]);
    const latencyMs = _round(performance.now() - start);
    if (outcome === "timeout") {
      ctl.abort(new DOMException("probe timed out", "TimeoutError"));
      return {
        status: "unhealthy",
        latencyMs,
        error: "timeout",
        message: errorMessage("timeout", target.timeoutMs),
      };
    }
    return { status: "healthy", latencyMs };
  } catch (err) {
    const kind = classifyError(err);
    return {
      status: "unhealthy",
      latencyMs: _round(performance.now() - start),
      error: kind,
      message: errorMessage(kind, target.timeoutMs),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probe every target concurrently with at most `concurrency` connects in flight; the
 * results are in target order. A round takes about the largest timeout, not the sum.
 *
 * @example A round
 * ```ts
 * import { probeAll } from "./probe.ts";
 * const ok = () => Promise.resolve();
 * const targets = [1, 2, 3].map((port) => ({ host: "localhost", port, timeoutMs: 50 }));
 * const results = await probeAll(ok, targets, 2);
 * console.assert(results.every((r) => r.status === "healthy"));
 * ```
 */
export async function probeAll(
  dial: Dialer,
  targets: readonly ProbeTarget[],
  concurrency = 512,
): Promise<ProbeResult[]> {
  const results = new Array<ProbeResult>(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      results[i] = await probe(dial, targets[i]);
    }
  };
  const workers = Math.max(1, Math.min(concurrency, targets.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

function _unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function _round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
