/**
 * Test helper: a small pipeline of the fold-side steps, without the stream
 * machinery: split → sanitize → [budget] → fold → [blocks], with the counters of a
 * run, so `assertAccounting` can check the output. Line numbers are carried, and
 * every per-line action is recorded (to check "exactly once per line").
 *
 * @module
 */

import { createRun } from "../../trim/run.ts";
import assert from "node:assert/strict";
import { BlockCollapser } from "../../trim/fold/blocks.ts";
import { TokenBudget } from "../../trim/select/budget.ts";
import { type FoldAction, Folder } from "../../trim/fold/folder.ts";
import { sanitizeLine } from "../../trim/sanitize.ts";
import { LineSplitter } from "../../trim/lines.ts";
import { estimateTokens } from "../../trim/tokens.ts";
import type { TrimResult } from "../../trim/types.ts";

/** Options of {@linkcode runFoldSteps}. */
export interface FoldStepsOptions {
  templateMining?: boolean;
  dedupeWindow?: number;
  collapseBlocks?: number;
  maxTokens?: number;
  /** Score of a (sanitized) line for the budget; default none (all 0). */
  score?: (line: string) => number;
  estimate?: (line: string) => number;
  /** Lines per batch (default 1000). */
  batch?: number;
  /** Fold off (dedupe: false). */
  noFold?: boolean;
}

/** Output, result (stats as a run would count them) and the actions by line number. */
export interface FoldStepsRun {
  output: string;
  lines: string[];
  result: TrimResult;
  actions: Map<number, string>;
}

/** Runs the steps over `text`; asserts each line number got exactly one action. */
export function runFoldSteps(text: string, o: FoldStepsOptions = {}): FoldStepsRun {
  const stats = createRun().stats;
  const actions = new Map<number, string>();
  const decide = (n: number, a: FoldAction | "drop") => {
    assert.ok(!actions.has(n), `line ${n} decided twice (${actions.get(n)}, ${a})`);
    actions.set(n, a);
  };
  const raw: string[] = [];
  const splitter = new LineSplitter();
  splitter.push(text, raw);
  splitter.flush(raw);
  stats.inputLines = raw.length;
  const lines = raw.map((l) => sanitizeLine(l));
  const numbers = lines.map((_, i) => i + 1);
  const counters = {
    duplicates: (n: number) => stats.duplicateLines += n,
    dropped: (n: number) => stats.droppedLines += n,
  };
  const size = o.batch ?? 1000;
  const batches = <T>(a: T[]): T[][] => {
    const out: T[][] = [];
    for (let i = 0; i < a.length; i += size) out.push(a.slice(i, i + size));
    return out;
  };

  // Budget (holds everything until the end).
  let kept = lines;
  let keptNums = numbers;
  if (o.maxTokens !== undefined) {
    const budget = new TokenBudget(o.maxTokens, o.estimate ?? estimateTokens, counters, decide);
    const lb = batches(lines);
    const nb = batches(numbers);
    lb.forEach((b, i) => budget.push(b, o.score ? b.map(o.score) : undefined, nb[i]));
    kept = [];
    keptNums = [];
    budget.flush(kept, keptNums);
  }

  const out: string[] = [];
  if (o.noFold) {
    out.push(...kept);
    for (const n of keptNums) decide(n, "keep");
  } else {
    const blocks = o.collapseBlocks !== undefined && o.collapseBlocks >= 2;
    const folder = new Folder(counters, {
      templateMining: o.templateMining !== false,
      window: o.dedupeWindow,
      decide,
    });
    const collapser = blocks
      ? new BlockCollapser(o.collapseBlocks!, counters, {
        templateMining: o.templateMining,
        decide,
      })
      : undefined;
    const lb = batches(kept);
    const nb = batches(keptNums);
    const step = (folded: string[], foldedNums: number[] | undefined) => {
      if (collapser) collapser.push(folded, out, foldedNums);
      else out.push(...folded);
    };
    for (let i = 0; i < lb.length; i++) {
      const f: string[] = [];
      const fn: number[] | undefined = collapser ? [] : undefined;
      folder.push(lb[i], f, nb[i], fn);
      step(f, fn);
    }
    const f: string[] = [];
    const fn: number[] | undefined = collapser ? [] : undefined;
    folder.flush(f, fn);
    step(f, fn);
    collapser?.flush(out);
  }
  stats.outputLines = out.length;
  for (let n = 1; n <= lines.length; n++) assert.ok(actions.has(n), `line ${n} has an action`);
  return {
    output: out.length ? out.join("\n") + "\n" : "",
    lines: out,
    result: { stats, inputTokens: 0, outputTokens: 0, savedTokens: 0, savingsPercent: 0 },
    actions,
  };
}
