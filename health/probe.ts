/**
 * TCP probes over an injected dialer: one connect per check with its timeout, all checks of
 * a round concurrently with a bound on sockets in flight.
 *
 * @module
 */

import { DeadlineQueue } from "./deadlines.ts";

/**
 * Opens a TCP connection to `host:port` and closes it again. Resolves once connected;
 * rejects with the runtime's error otherwise. Must give up promptly when `signal` aborts.
 * `host` is a hostname or an IP literal without brackets, resolved on every call.
 *
 * @example A fake dialer
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Dialer, probe } from "./probe.ts";
 * const dialed: string[] = [];
 * const dial: Dialer = (host, port) => Promise.resolve(void dialed.push(`${host} ${port}`));
 * const result = await probe(dial, { host: "[::1]", port: 5432, timeoutMs: 100 });
 * assert.ok(result.status === "healthy" && dialed[0] === "::1 5432");
 * ```
 */
export type Dialer = (host: string, port: number, signal: AbortSignal) => Promise<void>;

/**
 * Why a check is unhealthy.
 *
 * @example Classifying a failure
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyError, errorMessage, type ProbeErrorKind } from "./probe.ts";
 * const kind: ProbeErrorKind = classifyError(Object.assign(new Error("x"), { code: "ENOTFOUND" }));
 * assert.ok(kind === "dns" && errorMessage(kind) === "host name could not be resolved");
 * ```
 */
export type ProbeErrorKind = "refused" | "timeout" | "dns" | "unreachable" | "invalid";

/**
 * The outcome of probing one target.
 *
 * @example A probe that times out
 * ```ts
 * import assert from "node:assert/strict";
 * import { probe, type ProbeResult } from "./probe.ts";
 * const silent = (_host: string, _port: number, signal: AbortSignal) =>
 *   new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
 * const r: ProbeResult = await probe(silent, { host: "10.0.0.1", port: 5432, timeoutMs: 20 });
 * assert.ok(r.status === "unhealthy" && r.error === "timeout" && r.message === "no answer within 20 ms");
 * ```
 */
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

/**
 * What to probe.
 *
 * @example Probing a list of targets
 * ```ts
 * import assert from "node:assert/strict";
 * import { probeAll, type ProbeTarget } from "./probe.ts";
 * const targets: ProbeTarget[] = [
 *   { host: "127.0.0.1", port: 5432, timeoutMs: 2000 },
 *   { host: "cache.internal", port: 6379, timeoutMs: 500 },
 * ];
 * const results = await probeAll(() => Promise.resolve(), targets);
 * assert.ok(results.length === 2 && results.every((r) => r.status === "healthy"));
 * ```
 */
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
 * import assert from "node:assert/strict";
 * import { classifyError } from "./probe.ts";
 * const refused = Object.assign(new Error("x"), { code: "ECONNREFUSED" });
 * assert.ok(classifyError(refused) === "refused");
 * assert.ok(classifyError(new Error("failed to lookup address information")) === "dns");
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
 * import assert from "node:assert/strict";
 * import { errorMessage } from "./probe.ts";
 * assert.ok(errorMessage("timeout", 2000) === "no answer within 2000 ms");
 * ```
 */
export function errorMessage(kind: ProbeErrorKind, timeoutMs?: number): string {
  if (kind === "timeout" && timeoutMs !== undefined) return `no answer within ${timeoutMs} ms`;
  return _MESSAGES[kind];
}

/**
 * Probe one target: connect with `dial`, give up after `timeoutMs`. Never rejects. A deadline
 * that fires late (the process was busy: its event loop could not see the connect) gives the
 * connect a grace as long as the lateness, at most `timeoutMs`, so a target that answered while
 * the process was not listening counts as healthy, with the latency it was seen at; a target that
 * really did not answer still times out.
 *
 * @example Probing with a fake dialer
 * ```ts
 * import assert from "node:assert/strict";
 * import { probe } from "./probe.ts";
 * const refused = () => Promise.reject(Object.assign(new Error("no"), { code: "ECONNREFUSED" }));
 * const r = await probe(refused, { host: "127.0.0.1", port: 1, timeoutMs: 100 });
 * assert.ok(r.status === "unhealthy" && r.error === "refused");
 * ```
 */
export function probe(dial: Dialer, target: ProbeTarget): Promise<ProbeResult> {
  const host = _unbracket(target.host);
  const start = performance.now();
  const ctl = new AbortController();
  const deadlines = _deadlinesFor(target.timeoutMs);
  return new Promise<ProbeResult>((resolve) => {
    let settled = false;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const expire = () => {
      grace = undefined;
      if (settled) return;
      settled = true;
      ctl.abort(new DOMException("probe timed out", "TimeoutError"));
      resolve({
        status: "unhealthy",
        latencyMs: _round(performance.now() - start),
        error: "timeout",
        message: errorMessage("timeout", target.timeoutMs),
      });
    };
    // A deadline seen on time waits one more turn of the event loop. A deadline seen late means
    // this process was busy (answering HTTP, a long round): the connects it started may have
    // completed in the kernel without it seeing them, and one turn does not always include
    // polling the sockets. It waits as long as it was late, at most the timeout, so the sockets
    // are polled while the process is free; a target that really did not answer times out then.
    const deadline = deadlines.add(() => {
      const late = performance.now() - start - target.timeoutMs;
      grace = setTimeout(expire, late < _LATE_MS ? 0 : Math.min(late, target.timeoutMs));
    });
    let dialing: Promise<void>;
    try {
      dialing = dial(host, target.port, ctl.signal);
    } catch (err) {
      dialing = Promise.reject(err);
    }
    dialing.then(() => {
      if (settled) return; // timed out first
      settled = true;
      deadlines.settle(deadline);
      clearTimeout(grace);
      resolve({ status: "healthy", latencyMs: _round(performance.now() - start) });
    }, (err) => {
      if (settled) return;
      settled = true;
      deadlines.settle(deadline);
      clearTimeout(grace);
      const kind = classifyError(err);
      resolve({
        status: "unhealthy",
        latencyMs: _round(performance.now() - start),
        error: kind,
        message: _isFdExhaustion(err) ? _FD_MESSAGE : errorMessage(kind, target.timeoutMs),
      });
    });
  });
}

// A deadline seen this many milliseconds after it was due means the process was busy.
const _LATE_MS = 5;

// One deadline queue per timeout value, shared by every round (see deadlines.ts).
const _deadlines = new Map<number, DeadlineQueue>();

function _deadlinesFor(ms: number): DeadlineQueue {
  let queue = _deadlines.get(ms);
  if (queue === undefined) _deadlines.set(ms, queue = new DeadlineQueue(ms));
  return queue;
}

/**
 * Probe every target concurrently with at most `concurrency` connects in flight; the
 * results are in target order. A round takes about the largest timeout, not the sum.
 *
 * @example A round
 * ```ts
 * import assert from "node:assert/strict";
 * import { probeAll } from "./probe.ts";
 * const ok = () => Promise.resolve();
 * const targets = [1, 2, 3].map((port) => ({ host: "localhost", port, timeoutMs: 50 }));
 * const results = await probeAll(ok, targets, 2);
 * assert.ok(results.every((r) => r.status === "healthy"));
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

// Running out of file descriptors is this host's fault, not the target's: the kind stays
// `unreachable` (the spec's five kinds), the message says what really happened.
const _FD_MESSAGE = "no free file descriptor on this host (EMFILE); raise ulimit -n";

function _isFdExhaustion(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const code = String(e.code ?? "");
  if (code === "EMFILE" || code === "ENFILE") return true;
  return /too many open files/i.test(String(e.message ?? ""));
}

function _unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function _round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
