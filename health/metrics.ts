/**
 * Prometheus text exposition of the latest round and the probe counters.
 *
 * @module
 */

import type { Report } from "./monitor.ts";
import { DURATION_BUCKETS_MS, type ProbeStats } from "./stats.ts";

/**
 * The `Content-Type` of {@linkcode renderMetrics} output.
 *
 * @example The type of /metrics
 * ```ts
 * import assert from "node:assert/strict";
 * import { METRICS_CONTENT_TYPE } from "./metrics.ts";
 * import { createHandler } from "./handler.ts";
 * import { Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n");
 * const res = await createHandler({ monitor: new Monitor({ config, dial: () => Promise.resolve() }) })(new Request("http://localhost/metrics"));
 * assert.ok(res.headers.get("content-type") === METRICS_CONTENT_TYPE);
 * ```
 */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/**
 * Milliseconds as a decimal number of seconds, without float noise: `0.97` ms is `0.00097`,
 * never `0.0009699999999999999` (the value is rounded to whole microseconds first).
 *
 * @example Formatting
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatSeconds } from "./metrics.ts";
 * assert.ok(formatSeconds(0.97) === "0.00097" && formatSeconds(2500) === "2.5" && formatSeconds(0) === "0");
 * ```
 */
export function formatSeconds(ms: number): string {
  return String(Math.round(ms * 1000) / 1e6);
}

/**
 * Render the metrics in the Prometheus text format. From the round:
 * `porthealth_check_up{name,host,port}` (1 or 0, the thresholded status),
 * `porthealth_check_latency_seconds`, `porthealth_check_error{name,host,port,error}` (1 for
 * the current reason), `porthealth_round_duration_seconds`, `porthealth_checks` and
 * `porthealth_build_info{version}`. From `stats`, when given:
 * `porthealth_probes_total{name,result}` (result `healthy` or `unhealthy`),
 * `porthealth_check_status_changes_total{name}` and the
 * `porthealth_probe_duration_seconds` histogram.
 *
 * @example Rendering
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderMetrics } from "./metrics.ts";
 * import { ProbeStats } from "./stats.ts";
 * const check = { name: "db", host: "::1", port: 5432, description: "", timeoutMs: 2000 };
 * const stats = new ProbeStats();
 * stats.probe("db", { status: "healthy", latencyMs: 0.97 });
 * const text = renderMetrics({
 *   checks: [{ check, status: "healthy", latencyMs: 0.97 }],
 *   finishedAt: new Date(),
 *   durationMs: 1,
 * }, "0.1.0", stats);
 * assert.ok(text.includes('porthealth_check_up{name="db",host="::1",port="5432"} 1'));
 * assert.ok(text.includes('porthealth_check_latency_seconds{name="db",host="::1",port="5432"} 0.00097'));
 * assert.ok(text.includes('porthealth_probes_total{name="db",result="healthy"} 1'));
 * assert.ok(text.includes('porthealth_probe_duration_seconds_bucket{le="0.001"} 1'));
 * ```
 */
export function renderMetrics(report: Report, version: string, stats?: ProbeStats): string {
  const out: string[] = [];
  const head = (name: string, help: string, type = "gauge") =>
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  const labels = (c: Report["checks"][number]) =>
    `name="${_esc(c.check.name)}",host="${_esc(c.check.host)}",port="${c.check.port}"`;

  head("porthealth_check_up", "Whether the check is healthy (1) or not (0), after thresholds.");
  for (const c of report.checks) {
    out.push(`porthealth_check_up{${labels(c)}} ${c.status === "healthy" ? 1 : 0}`);
  }
  head(
    "porthealth_check_latency_seconds",
    "Time of the last connect attempt, until success or failure.",
  );
  for (const c of report.checks) {
    out.push(`porthealth_check_latency_seconds{${labels(c)}} ${formatSeconds(c.latencyMs)}`);
  }
  head("porthealth_check_error", "Why an unhealthy check failed (1 for the current reason).");
  for (const c of report.checks) {
    if (c.error) out.push(`porthealth_check_error{${labels(c)},error="${c.error}"} 1`);
  }
  head("porthealth_checks", "Number of configured checks.");
  out.push(`porthealth_checks ${report.checks.length}`);
  head("porthealth_round_duration_seconds", "Wall time of the probe round behind this scrape.");
  out.push(`porthealth_round_duration_seconds ${formatSeconds(report.durationMs)}`);
  if (stats) _counters(out, head, stats);
  head("porthealth_build_info", "Build information; the value is always 1.");
  out.push(`porthealth_build_info{version="${_esc(version)}"} 1`);
  return out.join("\n") + "\n";
}

function _counters(
  out: string[],
  head: (name: string, help: string, type: string) => void,
  stats: ProbeStats,
) {
  head("porthealth_probes_total", "Probes finished, by check and result.", "counter");
  for (const [name, c] of stats.checks) {
    const n = _esc(name);
    out.push(`porthealth_probes_total{name="${n}",result="healthy"} ${c.healthy}`);
    out.push(`porthealth_probes_total{name="${n}",result="unhealthy"} ${c.unhealthy}`);
  }
  head(
    "porthealth_check_status_changes_total",
    "Times a check turned healthy or unhealthy (after thresholds; the first status not counted).",
    "counter",
  );
  for (const [name, c] of stats.checks) {
    out.push(`porthealth_check_status_changes_total{name="${_esc(name)}"} ${c.changes}`);
  }
  head(
    "porthealth_probe_duration_seconds",
    "Duration of TCP probes, until connected or failed.",
    "histogram",
  );
  let cumulative = 0;
  DURATION_BUCKETS_MS.forEach((ms, i) => {
    cumulative += stats.buckets[i];
    out.push(`porthealth_probe_duration_seconds_bucket{le="${formatSeconds(ms)}"} ${cumulative}`);
  });
  out.push(`porthealth_probe_duration_seconds_bucket{le="+Inf"} ${stats.count}`);
  out.push(`porthealth_probe_duration_seconds_sum ${stats.sumMicros / 1e6}`);
  out.push(`porthealth_probe_duration_seconds_count ${stats.count}`);
}

function _esc(s: string): string {
  return s.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}
