/**
 * The baseline on the pass/fail fixture pairs (`tests/fixtures/baseline/`): for each
 * pair, output tokens and must-keep lines missed, without and with the passing run's
 * log, with default options both ways. Prints a Markdown table (bench/README.md);
 * `tests/trim/select/baseline_pairs.test.ts` measures with the same function.
 *
 * ```sh
 * npx -y deno@2.9.6 run -A scripts/baseline_pairs.ts
 * ```
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import { trimTextInline } from "../trim/process.ts";
import type { TrimResult } from "../trim/types.ts";

/** Where the pairs are. */
export const PAIRS_DIR: URL = new URL("../tests/fixtures/baseline/", import.meta.url);

/** The pairs' names (`<name>.pass.log`, `<name>.fail.log`, `<name>.keep.txt`), sorted. */
export function pairNames(): string[] {
  return readdirSync(PAIRS_DIR).filter((n) => n.endsWith(".fail.log")).map((n) => n.slice(0, -9))
    .sort();
}

/** The non-empty lines of a pair's file, or none when it does not exist. */
export function pairLines(file: string): string[] {
  try {
    return readFileSync(new URL(file, PAIRS_DIR), "utf8").split("\n").filter((l) => l !== "");
  } catch {
    return [];
  }
}

/** One pair reduced without and with its baseline. */
export interface PairRun {
  /** The must-keep lines. */
  keep: string[];
  /** Without the baseline: output, result, must-keep lines missed. */
  without: { output: string; result: TrimResult; missed: string[] };
  /** With the baseline. */
  with: { output: string; result: TrimResult; missed: string[] };
}

/**
 * Reduces a pair's failing log without and with the passing run's log.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { measurePair, pairNames } from "./baseline_pairs.ts";
 * const run = await measurePair(pairNames()[0]);
 * assert.ok(run.with.result.inputTokens === run.without.result.inputTokens);
 * ```
 */
export async function measurePair(name: string): Promise<PairRun> {
  const read = (f: string) => readFileSync(new URL(f, PAIRS_DIR), "utf8");
  const fail = read(`${name}.fail.log`);
  const keep = pairLines(`${name}.keep.txt`);
  const missed = (output: string) => keep.filter((k) => !output.includes(k));
  const a = await trimTextInline(fail);
  const b = await trimTextInline(fail, {
    baseline: ReadableStream.from([read(`${name}.pass.log`)]),
  });
  return {
    keep,
    without: { ...a, missed: missed(a.output) },
    with: { ...b, missed: missed(b.output) },
  };
}

if (import.meta.main) {
  const names = pairNames();
  const total = { input: 0, without: 0, with: 0, keep: 0, missedWithout: 0, missedWith: 0 };
  console.log(
    "| pair | input tokens | output without | output with | must-keep missed without → with |",
  );
  console.log("|---|---:|---:|---:|---|");
  for (const name of names) {
    const r = await measurePair(name);
    const [a, b] = [r.without, r.with];
    total.input += a.result.inputTokens;
    total.without += a.result.outputTokens;
    total.with += b.result.outputTokens;
    total.keep += r.keep.length;
    total.missedWithout += a.missed.length;
    total.missedWith += b.missed.length;
    console.log(
      `| ${name} | ${a.result.inputTokens} | ${a.result.outputTokens} | ${b.result.outputTokens} | ` +
        `${a.missed.length} → ${b.missed.length} of ${r.keep.length} |`,
    );
  }
  const red = (out: number) => (1 - out / total.input).toFixed(3);
  console.log(
    `| **all ${names.length}** | ${total.input} | ${total.without} (reduction ${
      red(total.without)
    }) | ` +
      `${total.with} (reduction ${
        red(total.with)
      }) | ${total.missedWithout} → ${total.missedWith} of ${total.keep} |`,
  );
}
