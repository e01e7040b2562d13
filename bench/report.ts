/**
 * The benchmark report: its shape (the `--json` output), the checked targets
 * and the text rendering (the runs table, medians, ratios and verdicts).
 *
 * @module
 */

import type { BenchInput } from "./inputs.ts";
import type { RunResult } from "./measure.ts";
import type { ToolSummary } from "./summary.ts";

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

/** Runs of some tools on one input, their per-tool summaries and ratios. */
export interface Section {
  /** The input. */
  input: BenchInput;
  /** Every measured run, in the order run. */
  runs: RunResult[];
  /** Per tool: median MB/s over its runs, largest peak RSS. */
  summaries: ToolSummary[];
  /** MB/s ratios (wall time; `...Cpu`: MB per CPU second). */
  ratios: Record<string, number | null>;
}

/** Everything one benchmark run produced (the `--json` output). */
export interface BenchReport extends Section {
  /** Machine facts. */
  machine: Record<string, string | number | boolean>;
  /** The options that shaped the run (input kind, pairs, peer prefix, …). */
  options: Record<string, string | number | boolean>;
  /** The prefix of the input the peer (and a second trimlog row) ran on, if any. */
  peerInput?: BenchInput;
  /** Warm-up runs (not reported in the table). */
  warmup: RunResult[];
  /** Target checks. */
  targets: TargetCheck[];
  /** The CI-log input's runs, if requested. */
  ci?: Section;
  /** `--rss-scaling` results, if requested. */
  rssScaling?: {
    /** The large input; absent when trimlog was skipped. */
    input?: BenchInput;
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
export function ratio(a?: number | null, b?: number | null): number | null {
  return typeof a === "number" && typeof b === "number" && b > 0 ? a / b : null;
}

function grid(head: string[], rows: string[][], left: number): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < left ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  return [line(head), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * Render runs as a fixed-width text table (a run of an interleaved pair shows `#pair`).
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
    "input MB",
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
    r.pair ? `${r.name} #${r.pair}` : r.name,
    r.status,
    fmt(r.inputBytes / 1e6, 1),
    fmt(r.wallS, 2),
    fmt(r.mbPerS, 1),
    fmt(r.peakRssMiB, 1),
    fmt(r.treeRssMiB, 1),
    fmt(r.cpuS, 2),
    r.outputBytes === undefined ? "-" : fmt(r.outputBytes / 1e6, 2),
    r.outputBytes === undefined ? "-" : `${fmt((100 * r.outputBytes) / r.inputBytes, 1)}%`,
    fmt(r.load1, 2),
  ]);
  return grid(head, rows, 2);
}

/**
 * Render per-tool summaries: runs, median MB/s (wall and CPU), largest peak RSS.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summaryTable } from "./report.ts";
 * const s = { name: "trimlog", runs: 3, inputBytes: 1e8, mbPerS: 40, cpuMbPerS: 42, peakRssMiB: 70 };
 * assert.match(summaryTable([s]).split("\n")[2], /^trimlog\s+3\s+100\.0\s+40\.0\s+42\.0\s+70\.0$/);
 * ```
 */
export function summaryTable(summaries: ToolSummary[]): string {
  const head = ["tool", "runs", "input MB", "median MB/s", "median MB/CPU s", "max peak RSS MiB"];
  const rows = summaries.map((s) => [
    s.name,
    String(s.runs),
    fmt(s.inputBytes / 1e6, 1),
    fmt(s.mbPerS, 1),
    fmt(s.cpuMbPerS, 1),
    fmt(s.peakRssMiB, 1),
  ]);
  return grid(head, rows, 1);
}

/** Labels and decimals of the ratios, in print order. */
const RATIO_TEXT: [string, string, number][] = [
  ["trimlogVsLogstrip", "trimlog / logstrip", 1],
  ["trimlogVsLogstripSameBytes", "trimlog / logstrip, both on the peer's prefix", 1],
  ["trimlogVsPassthrough", "trimlog / passthrough (median of pairs)", 3],
  ["logstripVsPassthrough", "logstrip / passthrough", 4],
  ["trimlogVsLogstripCpu", "trimlog / logstrip, MB per CPU second", 1],
  ["trimlogVsPassthroughCpu", "trimlog / passthrough, MB per CPU second", 3],
];

function ratioLines(ratios: Record<string, number | null>): string[] {
  return RATIO_TEXT.filter(([k]) => k in ratios).map(([k, label, d]) =>
    `  ${label.padEnd(47)} ${fmt(ratios[k], d)}`
  );
}

function describe(i: BenchInput, root: string): string {
  return `${i.path.replace(root + "/", "")}: ${fmt(i.bytes / 1e6, 1)} MB, ${i.lines} lines, ` +
    `${i.describe}, fnv1a ${i.fnv1a}`;
}

/**
 * The text report of a run: machine, inputs, the runs tables, medians, ratios and targets.
 *
 * @param report The run.
 * @param root The repository root, removed from paths.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatReport } from "./report.ts";
 * const input = { kind: "generated" as const, describe: "seed 42", path: "/repo/bench/out/x.log", bytes: 1e6, lines: 9, crlfLines: 0, fnv1a: "0" };
 * const text = formatReport({ machine: {}, options: {}, input, warmup: [], runs: [], summaries: [], ratios: {}, targets: [] }, "/repo");
 * assert.ok(text.includes("input: bench/out/x.log: 1.0 MB, 9 lines, seed 42"));
 * ```
 */
export function formatReport(report: BenchReport, root: string): string {
  const { machine, input, runs, ratios, targets } = report;
  const out: string[] = [];
  out.push(
    `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.memTotalMiB} MiB RAM, ` +
      `deno ${machine.deno}, node ${machine.node}; peak RSS from ${machine.rssSource}; ` +
      `load1 at start ${machine.load1}`,
  );
  out.push(`input: ${describe(input, root)}`);
  if (report.peerInput) out.push(`peer timed on: ${describe(report.peerInput, root)}`);
  out.push("", table(runs));
  for (const r of runs.filter((r) => r.status !== "ok")) out.push(`  ${r.name}: ${r.reason}`);
  if (report.summaries.length) out.push("", summaryTable(report.summaries));
  out.push("", "ratios (MB/s, wall time unless noted):", ...ratioLines(ratios));
  if (report.ci) {
    out.push("", `CI log: ${describe(report.ci.input, root)}`, table(report.ci.runs));
    out.push(summaryTable(report.ci.summaries), ...ratioLines(report.ci.ratios));
  }
  if (report.rssScaling) {
    const s = report.rssScaling;
    const p = s.input ? describe(s.input, root) : "not built";
    out.push("", `rss-scaling (${p}):`, table(s.runs));
    out.push(`  trimlog peak RSS, large / main input: ${fmt(s.ratio, 3)}`);
  }
  out.push("", "targets:");
  for (const t of targets) {
    const verdict = t.pass === null ? "n/a" : t.pass ? "PASS" : "FAIL";
    out.push(`  ${verdict.padEnd(4)}  ${t.name} ${t.target}: ${fmt(t.value, 3)}`);
  }
  return out.join("\n");
}
