/**
 * What porthealth remembers about one check between rounds: its thresholded status, since
 * when, how many results in a row agree, the last failure, and the recent history.
 *
 * @module
 */

import { History } from "./history.ts";
import type { ProbeErrorKind, ProbeResult } from "./probe.ts";

/**
 * The most recent failed probe of a check.
 *
 * @example Reading the last failure
 * ```ts
 * import assert from "node:assert/strict";
 * import { CheckState, type LastFailure } from "./check_state.ts";
 * const s = new CheckState();
 * s.record({ status: "unhealthy", latencyMs: 1, error: "refused", message: "connection refused" }, new Date(0), 3, 1);
 * const f: LastFailure | undefined = s.lastFailure;
 * assert.ok(f?.error === "refused" && f.at.getTime() === 0);
 * ```
 */
export interface LastFailure {
  /** Why it failed. */
  error: ProbeErrorKind;
  /** The explanation. */
  message: string;
  /** When the probe finished. */
  at: Date;
}

/**
 * One check's state. A check's first result sets its status; after that it flips only when
 * `failureThreshold` failures (or `successThreshold` successes) in a row disagree with it,
 * as Kubernetes probes do.
 *
 * @example Three failures before a flip
 * ```ts
 * import assert from "node:assert/strict";
 * import { CheckState } from "./check_state.ts";
 * const s = new CheckState();
 * const ok = { status: "healthy" as const, latencyMs: 1 };
 * const down = { status: "unhealthy" as const, latencyMs: 1, error: "refused" as const, message: "connection refused" };
 * assert.ok(s.record(ok, new Date(0), 3, 1));
 * assert.ok(!s.record(down, new Date(1), 3, 1) && !s.record(down, new Date(2), 3, 1));
 * assert.ok(s.status === "healthy" && s.consecutive === 2 && s.lastFailure?.error === "refused");
 * assert.ok(s.record(down, new Date(3), 3, 1));
 * assert.ok(String(s.status) === "unhealthy" && s.since?.getTime() === 3);
 * ```
 */
export class CheckState {
  /** The thresholded status; `undefined` before the first result. */
  status: "healthy" | "unhealthy" | undefined;
  /** When {@linkcode CheckState.status} last changed (the first result counts). */
  since: Date | undefined;
  /** How many of the latest results in a row had the latest result's outcome. */
  consecutive = 0;
  /** The latest probe result. */
  last: ProbeResult | undefined;
  /** When the latest probe finished. */
  checkedAt: Date | undefined;
  /** The latest failed probe, kept while the check is healthy again. */
  lastFailure: LastFailure | undefined;
  /** The recent results. */
  readonly history: History = new History();

  /**
   * Record one probe result finished at `at`; returns whether the status changed (including
   * from nothing to the first status).
   */
  record(
    result: ProbeResult,
    at: Date,
    failureThreshold: number,
    successThreshold: number,
  ): boolean {
    const healthy = result.status === "healthy";
    this.consecutive = this.last?.status === result.status ? this.consecutive + 1 : 1;
    this.last = result;
    this.checkedAt = at;
    this.history.push(healthy);
    if (!healthy) {
      this.lastFailure = {
        error: result.error ?? "unreachable",
        message: result.message ?? "",
        at,
      };
    }
    if (this.status === result.status) return false;
    const needed = this.status === undefined ? 1 : healthy ? successThreshold : failureThreshold;
    if (this.consecutive < needed) return false;
    this.status = result.status;
    this.since = at;
    return true;
  }
}
