/**
 * The JSON body of `GET /health`.
 *
 * @module
 */

import type { ProbeErrorKind } from "./probe.ts";
import type { Report } from "./monitor.ts";

/**
 * One check in the `/health` body.
 *
 * @example One unhealthy check
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CheckBody, healthBody } from "./body.ts";
 * const check = { name: "db", host: "127.0.0.1", port: 5432, description: "Postgres", timeoutMs: 2000 };
 * const checks = [{ check, status: "unhealthy" as const, latencyMs: 2000, error: "timeout" as const }];
 * const [db]: CheckBody[] = healthBody({ checks, finishedAt: new Date(), durationMs: 2000 }, "0.1.0").checks;
 * assert.ok(db.status === "unhealthy" && db.error === "timeout" && db.latency_ms === 2000);
 * ```
 */
export interface CheckBody {
  /** From config. */
  name: string;
  /** From config, as written. */
  host: string;
  /** From config. */
  port: number;
  /** From config. */
  description: string;
  /** `healthy` when the port accepted a connection. */
  status: "healthy" | "unhealthy";
  /** Connect time (or time until failure) in milliseconds. */
  latency_ms: number;
  /** Why, when unhealthy. */
  error?: ProbeErrorKind;
  /** A short explanation, when unhealthy. */
  message?: string;
  /** When the status last changed, ISO 8601 UTC (the first result counts). */
  since?: string;
  /** How many of the latest results in a row had the latest result's outcome. */
  consecutive?: number;
  /** The latest failed probe, also while the check is healthy within its threshold. */
  last_failure?: { error: ProbeErrorKind; message: string; at: string };
  /** With `?history=1`: when the latest probe finished, ISO 8601 UTC. */
  checked_at?: string;
  /** With `?history=1`: the last results, oldest first, `1` healthy and `0` unhealthy. */
  history?: string;
  /** With `?history=1`: the share of healthy results in `history`, 0–1 (4 decimals). */
  uptime?: number;
}

/**
 * The `/health` body.
 *
 * @example A healthy body
 * ```ts
 * import assert from "node:assert/strict";
 * import { type HealthBody, healthBody } from "./body.ts";
 * const check = { name: "db", host: "127.0.0.1", port: 5432, description: "Postgres", timeoutMs: 2000 };
 * const checks = [{ check, status: "healthy" as const, latencyMs: 0.4 }];
 * const body: HealthBody = healthBody({ checks, finishedAt: new Date(), durationMs: 1 }, "0.1.0");
 * assert.ok(body.status === "healthy" && body.version === "0.1.0" && body.timestamp.endsWith("Z"));
 * ```
 */
export interface HealthBody {
  /** `healthy` when every check is healthy. */
  status: "healthy" | "unhealthy";
  /** A readable summary naming the failed checks. */
  message: string;
  /** One entry per configured check, in config order. */
  checks: CheckBody[];
  /**
   * When this body was made, ISO 8601 UTC ending in `Z`: the server makes one body per probe
   * round, at the first request the round answers, and answers the round's other requests
   * with it (the `Date` header carries each response's own time).
   */
  timestamp: string;
  /** The porthealth version. */
  version: string;
  /** When the round answering this response finished, ISO 8601 UTC. */
  checked_at?: string;
  /** How old that round is, in milliseconds, at `timestamp`. */
  age_ms?: number;
}

/**
 * Options of {@linkcode healthBody} and {@linkcode serializeHealth}.
 *
 * @example Asking for the history
 * ```ts
 * import assert from "node:assert/strict";
 * import { type BodyOptions, healthBody } from "./body.ts";
 * import { History } from "./history.ts";
 * const history = new History();
 * history.push(true);
 * history.push(false);
 * const check = { name: "db", host: "127.0.0.1", port: 5432, description: "", timeoutMs: 2000 };
 * const options: BodyOptions = { history: true };
 * const report = { checks: [{ check, status: "healthy" as const, latencyMs: 1, history }], finishedAt: new Date(), durationMs: 1 };
 * const [db] = healthBody(report, "0.1.0", new Date(), options).checks;
 * assert.ok(db.history === "10" && db.uptime === 0.5);
 * ```
 */
export interface BodyOptions {
  /** Add each check's `history`, `uptime` and `checked_at` (the status page asks for them). */
  history?: boolean;
}

const _MAX_NAMED = 10;

/**
 * Build the `/health` body from a probe round.
 *
 * @example Summarising a round
 * ```ts
 * import assert from "node:assert/strict";
 * import { healthBody } from "./body.ts";
 * const check = { name: "db", host: "127.0.0.1", port: 5432, description: "", timeoutMs: 2000 };
 * const body = healthBody({
 *   checks: [{ check, status: "unhealthy", latencyMs: 0.3, error: "refused", message: "connection refused" }],
 *   finishedAt: new Date(),
 *   durationMs: 1,
 * }, "0.1.0");
 * assert.ok(body.status === "unhealthy");
 * assert.ok(body.message === "1 of 1 check unhealthy: db (connection refused)");
 * ```
 */
export function healthBody(
  report: Report,
  version: string,
  now: Date = new Date(),
  options: BodyOptions = {},
): HealthBody {
  const checks = report.checks.map((c): CheckBody => {
    const out: CheckBody = {
      name: c.check.name,
      host: c.check.host,
      port: c.check.port,
      description: c.check.description,
      status: c.status,
      latency_ms: c.latencyMs,
    };
    if (c.status === "unhealthy") {
      out.error = c.error;
      out.message = c.message;
    }
    if (c.since) out.since = c.since.toISOString();
    if (c.consecutive !== undefined) out.consecutive = c.consecutive;
    const f = c.lastFailure;
    if (f) out.last_failure = { error: f.error, message: f.message, at: f.at.toISOString() };
    if (options.history) {
      if (c.checkedAt) out.checked_at = c.checkedAt.toISOString();
      if (c.history) {
        out.history = c.history.toString();
        const up = c.history.uptime();
        if (up !== undefined) out.uptime = Math.round(up * 10_000) / 10_000;
      }
    }
    return out;
  });
  const failed = checks.filter((c) => c.status === "unhealthy");
  const n = checks.length;
  let message: string;
  if (failed.length === 0) {
    message = n === 1 ? "the check is healthy" : `all ${n} checks are healthy`;
  } else {
    const named = failed.slice(0, _MAX_NAMED).map((c) => `${c.name} (${c.message ?? c.error})`);
    const more = failed.length - named.length;
    message = `${failed.length} of ${n} check${n === 1 ? "" : "s"} unhealthy: ${named.join(", ")}${
      more > 0 ? ` and ${more} more` : ""
    }`;
  }
  return {
    status: failed.length === 0 ? "healthy" : "unhealthy",
    message,
    checks,
    timestamp: now.toISOString(),
    version,
    checked_at: report.finishedAt.toISOString(),
    age_ms: Math.max(0, now.getTime() - report.finishedAt.getTime()),
  };
}

/**
 * The `/health` body as compact JSON text (one line, ending in a newline), and whether it is
 * healthy. The server makes it once per probe round and answers every request of that round
 * with it (`handler.ts`), so `timestamp` is when the round's body was made.
 *
 * @example Serializing
 * ```ts
 * import assert from "node:assert/strict";
 * import { serializeHealth } from "./body.ts";
 * const check = { name: "db", host: "127.0.0.1", port: 5432, description: "", timeoutMs: 2000 };
 * const report = { checks: [{ check, status: "healthy" as const, latencyMs: 0.3 }], finishedAt: new Date(), durationMs: 1 };
 * const { healthy, text } = serializeHealth(report, "0.1.0", new Date(0));
 * const body = JSON.parse(text);
 * assert.ok(healthy && body.timestamp === "1970-01-01T00:00:00.000Z");
 * ```
 */
export function serializeHealth(
  report: Report,
  version: string,
  now: Date = new Date(),
  options: BodyOptions = {},
): { healthy: boolean; text: string } {
  const body = healthBody(report, version, now, options);
  return { healthy: body.status === "healthy", text: JSON.stringify(body) + "\n" };
}
