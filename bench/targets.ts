/**
 * The targets a benchmark run is checked against. On the generated input: the first
 * issue's (trimlog ≥ 20× logstrip's MB/s, peak RSS ≤ 80 MiB, RSS(1 GB) / RSS(100 MB) ≤ 1.1).
 * On the Loghub input, issue 16's: ≥ 40× logstrip's MB/s (logstrip timed on the first 20
 * MB), ≥ 25 % of the bare passthrough's MB/s, peak RSS ≤ 80 MiB and flat (≤ 1.1×) from the
 * ~100 MB input to ~1 GB.
 *
 * @module
 */

import type { BenchReport, TargetCheck } from "./report.ts";

function check(name: string, target: string, value: number | null, ok: (v: number) => boolean) {
  return { name, target, value, pass: value === null ? null : ok(value) };
}

/**
 * The target checks of a run on input `kind`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { targetsFor } from "./targets.ts";
 * const input = { kind: "loghub" as const, describe: "", path: "x", bytes: 1, lines: 1, crlfLines: 0, fnv1a: "" };
 * const summaries = [{ name: "trimlog", runs: 1, inputBytes: 1, mbPerS: 40, cpuMbPerS: 40, peakRssMiB: 81 }];
 * const ratios = { trimlogVsLogstrip: 41, trimlogVsPassthrough: 0.2 };
 * const t = targetsFor("loghub", { machine: {}, options: {}, input, warmup: [], runs: [], summaries, ratios, targets: [] });
 * assert.deepEqual(t.map((x) => x.pass), [true, false, false]);
 * ```
 */
export function targetsFor(kind: string, report: BenchReport): TargetCheck[] {
  const r = report.ratios;
  const rss = report.summaries.find((s) => s.name === "trimlog")?.peakRssMiB ?? null;
  const out: TargetCheck[] = kind === "loghub"
    ? [
      check("trimlog MB/s / logstrip MB/s", ">= 40", r.trimlogVsLogstrip, (v) => v >= 40),
      check("trimlog MB/s / passthrough MB/s", ">= 0.25", r.trimlogVsPassthrough, (v) => v >= 0.25),
    ]
    : [check("trimlog MB/s / logstrip MB/s", ">= 20", r.trimlogVsLogstrip, (v) => v >= 20)];
  out.push(check("trimlog peak RSS MiB", "<= 80", rss, (v) => v <= 80));
  if (report.rssScaling) {
    const big = report.rssScaling.input;
    const name = `trimlog RSS(${big ? (big.bytes / 1e6).toFixed(0) : "?"} MB) / RSS(${
      (report.input.bytes / 1e6).toFixed(0)
    } MB)`;
    out.push(check(name, "<= 1.1", report.rssScaling.ratio, (v) => v <= 1.1));
  }
  return out;
}
