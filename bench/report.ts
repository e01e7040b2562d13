/**
 * The benchmark report: its shape (the `--json` output), the checked targets
 * and the text rendering (the runs table, ratios and verdicts).
 *
 * @module
 */

import type { GenResult } from "../scripts/gen_log.ts";
import type { RunResult } from "./measure.ts";

/** A checked target. */
export interface TargetCheck {
  /** What is checked. */
  name: string;
  /** The threshold, as text. */
  target: string;
  /** Measured value, or `null` when it could not be measured. */
  value: number | null;
  /** `true`/`false`, or `null` when not measurable in this run. */
  pass: boolean | null;
}

/** Everything one benchmark run produced (the `--json` output). */
export interface BenchReport {
  /** Machine facts. */
  machine: Record<string, string | number | boolean>;
  /** The main input. */
  input: GenResult & { path: string };
  /** Warm-up runs on the 5 MB input. */
  warmup: RunResult[];
  /** Measured runs on the main input. */
  runs: RunResult[];
  /** MB/s ratios (wall time) and inverse CPU-second ratios (`...Cpu`). */
  ratios: Record<string, number | null>;
  /** Target checks. */
  targets: TargetCheck[];
  /** `--rss-scaling` results, if requested. */
  rssScaling?: {
    /** The large input; absent when trimlog was skipped. */
    input?: GenResult & { path: string };
    runs: RunResult[];
    ratio: number | null;
  };
}

/**
 * A number with `digits` decimals, or `-` when it is missing or not finite.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fmt } from "./report.ts";
 * assert.equal(fmt(1.234, 1), "1.2");
 * assert.equal(fmt(null, 1), "-");
 * ```
 */
export function fmt(n: number | null | undefined, digits: number): string {
  return n === undefined || n === null || !Number.isFinite(n) ? "-" : n.toFixed(digits);
}

/**
 * The successful run of a tool, if any.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { find } from "./report.ts";
 * const runs = [{ name: "trimlog", status: "failed" as const, inputBytes: 1 }];
 * assert.equal(find(runs, "trimlog"), undefined);
 * ```
 */
export function find(runs: RunResult[], name: string): RunResult | undefined {
  return runs.find((r) => r.name === name && r.status === "ok");
}

/**
 * `a / b`, or `null` when either is missing or `b` is not positive.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ratio } from "./report.ts";
 * assert.equal(ratio(3, 2), 1.5);
 * assert.equal(ratio(3, undefined), null);
 * ```
 */
export function ratio(a?: number, b?: number): number | null {
  return a !== undefined && b !== undefined && b > 0 ? a / b : null;
}

/**
 * Render runs as a fixed-width text table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { table } from "./report.ts";
 * const text = table([{ name: "trimlog", status: "skipped", inputBytes: 1 }]);
 * assert.ok(text.split("\n")[2].startsWith("trimlog  skipped"));
 * ```
 */
export function table(runs: RunResult[]): string {
  const head = [
    "tool",
    "status",
    "wall s",
    "MB/s",
    "peak RSS MiB",
    "tree RSS MiB",
    "CPU s",
    "output MB",
    "out/in",
    "load1",
  ];
  const rows = runs.map((r) => [
    r.name,
    r.status,
    fmt(r.wallS, 2),
    fmt(r.mbPerS, 1),
    fmt(r.peakRssMiB, 1),
    fmt(r.treeRssMiB, 1),
    fmt(r.cpuS, 2),
    r.outputBytes === undefined ? "-" : fmt(r.outputBytes / 1e6, 2),
    r.outputBytes === undefined ? "-" : `${fmt((100 * r.outputBytes) / r.inputBytes, 1)}%`,
    fmt(r.load1, 2),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  return [line(head), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The text report of a run: machine, input, the runs table, ratios and targets.
 *
 * @param report The run.
 * @param root The repository root, removed from paths.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatReport } from "./report.ts";
 * const input = { path: "/repo/bench/out/x.log", version: 1, seed: 42, mb: 1, bytes: 1e6, lines: 9, crlfLines: 0, fnv1a: "0" };
 * const text = formatReport({ machine: {}, input, warmup: [], runs: [], ratios: {}, targets: [] }, "/repo");
 * assert.ok(text.includes("input: bench/out/x.log: 1.0 MB"));
 * ```
 */
export function formatReport(report: BenchReport, root: string): string {
  const { machine, input, runs, ratios, targets } = report;
  const out: string[] = [];
  out.push(
    `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.memTotalMiB} MiB RAM, ` +
      `deno ${machine.deno}, node ${machine.node}; peak RSS from ${machine.rssSource}`,
  );
  out.push(
    `input: ${input.path.replace(root + "/", "")}: ${fmt(input.bytes / 1e6, 1)} MB, ` +
      `${input.lines} lines, seed ${input.seed}, fnv1a ${input.fnv1a}`,
  );
  out.push("", table(runs));
  for (const r of runs.filter((r) => r.status !== "ok")) out.push(`  ${r.name}: ${r.reason}`);
  if (report.rssScaling) {
    const p = report.rssScaling.input?.path.replace(root + "/", "") ?? "not generated";
    out.push("", `rss-scaling (${p}):`);
    out.push(table(report.rssScaling.runs));
  }
  out.push("", "ratios (MB/s):");
  out.push(`  trimlog / logstrip     ${fmt(ratios.trimlogVsLogstrip, 1)}`);
  out.push(`  trimlog / passthrough  ${fmt(ratios.trimlogVsPassthrough, 3)}`);
  out.push(`  logstrip / passthrough ${fmt(ratios.logstripVsPassthrough, 4)}`);
  out.push("ratios (CPU seconds, same input; less sensitive to machine load):");
  out.push(`  logstrip CPU / trimlog CPU     ${fmt(ratios.trimlogVsLogstripCpu, 1)}`);
  out.push(`  passthrough CPU / trimlog CPU  ${fmt(ratios.trimlogVsPassthroughCpu, 3)}`);
  out.push("", "targets:");
  for (const t of targets) {
    const verdict = t.pass === null ? "n/a" : t.pass ? "PASS" : "FAIL";
    out.push(`  ${verdict.padEnd(4)}  ${t.name} ${t.target}: ${fmt(t.value, 2)}`);
  }
  return out.join("\n");
}
