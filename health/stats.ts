/**
 * Counters behind `/metrics`: probes per check and result, a histogram of probe durations,
 * and status changes per check. Durations are summed in whole microseconds, so the exposed
 * figures are exact decimals (no float noise).
 *
 * @module
 */

import type { ProbeResult } from "./probe.ts";

/**
 * Upper bounds of the `porthealth_probe_duration_seconds` histogram buckets, in milliseconds
 * (`+Inf` is implied).
 *
 * @example The first and last bounds
 * ```ts
 * import assert from "node:assert/strict";
 * import { DURATION_BUCKETS_MS } from "./stats.ts";
 * assert.ok(DURATION_BUCKETS_MS[0] === 1 && DURATION_BUCKETS_MS.at(-1) === 10_000);
 * ```
 */
export const DURATION_BUCKETS_MS: readonly number[] = [
  1,
  2.5,
  5,
  10,
  25,
  50,
  100,
  250,
  500,
  1000,
  2500,
  5000,
  10_000,
];

/**
 * Probe counters of one check.
 *
 * @example Counting
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CheckCounters, ProbeStats } from "./stats.ts";
 * const stats = new ProbeStats();
 * stats.probe("db", { status: "healthy", latencyMs: 0.4 });
 * const db: CheckCounters | undefined = stats.checks.get("db");
 * assert.ok(db?.healthy === 1 && db.unhealthy === 0 && db.changes === 0);
 * ```
 */
export interface CheckCounters {
  /** Probes that connected. */
  healthy: number;
  /** Probes that failed. */
  unhealthy: number;
  /** Status changes after the first status. */
  changes: number;
}

/**
 * All probe counters of a running porthealth.
 *
 * @example A histogram of two probes
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProbeStats } from "./stats.ts";
 * const stats = new ProbeStats();
 * stats.probe("a", { status: "healthy", latencyMs: 0.97 });
 * stats.probe("b", { status: "unhealthy", latencyMs: 30, error: "refused", message: "connection refused" });
 * assert.ok(stats.count === 2 && stats.sumMicros === 30_970 && stats.buckets[0] === 1 && stats.buckets[5] === 1);
 * ```
 */
export class ProbeStats {
  /** Counters by check name. */
  readonly checks: Map<string, CheckCounters> = new Map();
  /** Probes per bucket of {@linkcode DURATION_BUCKETS_MS} (not cumulative). */
  readonly buckets: Uint32Array = new Uint32Array(DURATION_BUCKETS_MS.length + 1);
  /** Probes counted. */
  count = 0;
  /** Sum of probe durations in microseconds. */
  sumMicros = 0;

  /** Count one probe of check `name`. */
  probe(name: string, result: ProbeResult): void {
    const c = this.#counters(name);
    if (result.status === "healthy") c.healthy++;
    else c.unhealthy++;
    let i = 0;
    while (i < DURATION_BUCKETS_MS.length && result.latencyMs > DURATION_BUCKETS_MS[i]) i++;
    this.buckets[i]++;
    this.count++;
    this.sumMicros += Math.round(result.latencyMs * 1000);
  }

  /** Count one status change of check `name`. */
  change(name: string): void {
    this.#counters(name).changes++;
  }

  /** Drop the counters of checks no longer configured. */
  keepOnly(names: ReadonlySet<string>): void {
    for (const name of [...this.checks.keys()]) if (!names.has(name)) this.checks.delete(name);
  }

  #counters(name: string): CheckCounters {
    let c = this.checks.get(name);
    if (c === undefined) {
      c = { healthy: 0, unhealthy: 0, changes: 0 };
      this.checks.set(name, c);
    }
    return c;
  }
}
