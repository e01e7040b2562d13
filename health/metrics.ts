/**
 * Prometheus text exposition of a probe round.
 *
 * @module
 */

import type { Report } from "./monitor.ts";

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
 * Render a round in the Prometheus text format:
 * `porthealth_check_up{name,host,port}` (1 or 0), `porthealth_check_latency_seconds`,
 * `porthealth_check_error{name,host,port,error}` (1 for the current reason),
 * `porthealth_round_duration_seconds`, `porthealth_checks` and
 * `porthealth_build_info{version}`.
 *
 * @example Rendering
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderMetrics } from "./metrics.ts";
 * const check = { name: "db", host: "::1", port: 5432, description: "", timeoutMs: 2000 };
 * const text = renderMetrics({
 *   checks: [{ check, status: "healthy", latencyMs: 0.5 }],
 *   finishedAt: new Date(),
 *   durationMs: 1,
 * }, "0.1.0");
 * assert.ok(text.includes('porthealth_check_up{name="db",host="::1",port="5432"} 1'));
 * ```
 */
export function renderMetrics(report: Report, version: string): string {
  const out: string[] = [];
  const head = (name: string, help: string) =>
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
  const labels = (c: Report["checks"][number]) =>
    `name="${_esc(c.check.name)}",host="${_esc(c.check.host)}",port="${c.check.port}"`;

  head("porthealth_check_up", "Whether the TCP port accepted a connection (1) or not (0).");
  for (const c of report.checks) {
    out.push(`porthealth_check_up{${labels(c)}} ${c.status === "healthy" ? 1 : 0}`);
  }
  head(
    "porthealth_check_latency_seconds",
    "Time of the last connect attempt, until success or failure.",
  );
  for (const c of report.checks) {
    out.push(`porthealth_check_latency_seconds{${labels(c)}} ${c.latencyMs / 1000}`);
  }
  head("porthealth_check_error", "Why an unhealthy check failed (1 for the current reason).");
  for (const c of report.checks) {
    if (c.error) out.push(`porthealth_check_error{${labels(c)},error="${c.error}"} 1`);
  }
  head("porthealth_checks", "Number of configured checks.");
  out.push(`porthealth_checks ${report.checks.length}`);
  head("porthealth_round_duration_seconds", "Wall time of the probe round behind this scrape.");
  out.push(`porthealth_round_duration_seconds ${report.durationMs / 1000}`);
  head("porthealth_build_info", "Build information; the value is always 1.");
  out.push(`porthealth_build_info{version="${_esc(version)}"} 1`);
  return out.join("\n") + "\n";
}

function _esc(s: string): string {
  return s.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}
