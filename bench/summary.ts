/**
 * Summaries of repeated benchmark runs: the median throughput of a tool over its runs, its
 * largest peak RSS, and the median of per-pair ratios when two tools ran in interleaved
 * pairs (A, B, A, B, …), which cancels most of a shared machine's drifting load.
 *
 * @module
 */

import type { RunResult } from "./measure.ts";

/**
 * The median of the finite numbers in `xs`, or `null` when there is none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { median } from "./summary.ts";
 * assert.equal(median([3, 1, 2]), 2);
 * assert.equal(median([4, 1, 2, 3]), 2.5);
 * assert.equal(median([]), null);
 * ```
 */
export function median(xs: (number | undefined | null)[]): number | null {
  const v = xs.filter((x): x is number => typeof x === "number" && Number.isFinite(x))
    .sort((a, b) => a - b);
  if (v.length === 0) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** One tool over its successful runs on one input. */
export interface ToolSummary {
  /** The row name. */
  name: string;
  /** Successful runs. */
  runs: number;
  /** Input bytes of the runs. */
  inputBytes: number;
  /** Median input MB per wall second. */
  mbPerS: number | null;
  /** Median input MB per CPU second (user + system), when CPU time was measured. */
  cpuMbPerS: number | null;
  /** Largest peak RSS, MiB. */
  peakRssMiB: number | null;
}

/**
 * Summarize the successful runs named `name`; `undefined` when there is none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summarize } from "./summary.ts";
 * const runs = [
 *   { name: "t", status: "ok" as const, inputBytes: 1e6, mbPerS: 2, cpuS: 0.5, peakRssMiB: 50 },
 *   { name: "t", status: "ok" as const, inputBytes: 1e6, mbPerS: 4, cpuS: 0.25, peakRssMiB: 60 },
 * ];
 * const s = summarize(runs, "t")!;
 * assert.ok(s.runs === 2 && s.mbPerS === 3 && s.cpuMbPerS === 3 && s.peakRssMiB === 60);
 * ```
 */
export function summarize(runs: RunResult[], name: string): ToolSummary | undefined {
  const ok = runs.filter((r) => r.name === name && r.status === "ok");
  if (ok.length === 0) return undefined;
  const rss = ok.map((r) => r.peakRssMiB).filter((x): x is number => x !== undefined);
  return {
    name,
    runs: ok.length,
    inputBytes: ok[0].inputBytes,
    mbPerS: median(ok.map((r) => r.mbPerS)),
    cpuMbPerS: median(ok.map((r) => r.cpuS ? r.inputBytes / 1e6 / r.cpuS : undefined)),
    peakRssMiB: rss.length ? Math.max(...rss) : null,
  };
}

/**
 * The median over pairs of `a`'s MB/s / `b`'s MB/s, pairing runs by their `pair` index
 * (runs without one form pair 0); `null` when no pair has both.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairRatio } from "./summary.ts";
 * const r = (name: string, pair: number, mbPerS: number) =>
 *   ({ name, pair, mbPerS, status: "ok" as const, inputBytes: 1 });
 * const runs = [r("a", 1, 10), r("b", 1, 40), r("a", 2, 12), r("b", 2, 24), r("a", 3, 9), r("b", 3, 30)];
 * assert.equal(pairRatio(runs, "a", "b"), 0.3);
 * ```
 */
export function pairRatio(runs: RunResult[], a: string, b: string): number | null {
  const by = (name: string) => {
    const m = new Map<number, number>();
    for (const r of runs) {
      if (r.name === name && r.status === "ok" && r.mbPerS) m.set(r.pair ?? 0, r.mbPerS);
    }
    return m;
  };
  const ma = by(a), mb = by(b);
  return median([...ma].map(([p, v]) => mb.has(p) ? v / mb.get(p)! : undefined));
}
