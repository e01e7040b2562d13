/**
 * The fold stage as the pipeline runs it: {@linkcode Folder} plus what the
 * pipeline needs around it: lines the relevance stage marked opaque (stack
 * groups already folded into `[xN]` lines, markers) pass through unfolded, and,
 * when decisions are tracked, every line gets its final `keep` / `fold` / `drop`
 * through the folder's `decide` hook, with the reason and score the relevance
 * stage gave it.
 *
 * @module
 */

import { batchInfo, type DecisionReason, type DecisionReporter } from "../decision.ts";
import { BlockCollapser } from "../fold/blocks.ts";
import { type FoldAction, type FoldCounters, Folder, type FoldOptions } from "../fold/folder.ts";

/**
 * The pure fold step of the pipeline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FoldStep } from "./fold.ts";
 * let duplicates = 0;
 * const step = new FoldStep(true, { duplicates: (n) => (duplicates += n), dropped() {} });
 * const out = [...step.push(["retry id=1", "retry id=2"]), ...step.flush()];
 * assert.ok(out.join() === "[x2] retry id=[1 | 2]" && duplicates === 1);
 * ```
 */
export class FoldStep {
  #folder: Folder | undefined;
  /** Repeated blocks of folded lines (`collapseBlocks`), fed by the folder. */
  #blocks: BlockCollapser | undefined;
  #report: DecisionReporter | undefined;
  /** Reason and score of lines inside the folder, by line number (tracked runs). */
  #pending = new Map<number, { reason: DecisionReason; score: number }>();

  /**
   * @param dedupe fold repeats (false: lines pass through).
   * @param counters where folded and dropped lines are counted.
   * @param report where final decisions of kept lines go (tracked runs).
   * @param options template mining and dedupe window of the folder, and
   *   `collapseBlocks` (blocks of up to N folded lines repeated in a row become one
   *   copy and a `[block xM]` marker; the collapser then decides keep or fold).
   */
  constructor(
    dedupe: boolean,
    counters: FoldCounters,
    report?: DecisionReporter,
    options: Omit<FoldOptions, "decide"> & { collapseBlocks?: number } = {},
  ) {
    this.#report = report;
    if (!dedupe) return;
    const { collapseBlocks, ...foldOptions } = options;
    this.#folder = new Folder(counters, {
      ...foldOptions,
      decide: report === undefined ? undefined : (n, a) => this.#decided(n, a),
    });
    if (collapseBlocks !== undefined && collapseBlocks >= 2) {
      this.#blocks = new BlockCollapser(collapseBlocks, { duplicates: counters.duplicates }, {
        templateMining: foldOptions.templateMining,
        decide: report === undefined ? undefined : (n, a) => this.#decided(n, a, true),
      });
    }
  }

  /** Folds a batch; returns the lines to pass on. */
  push(batch: string[]): string[] {
    const info = batchInfo(batch);
    const folder = this.#folder;
    const report = this.#report;
    const nums = report !== undefined ? info?.numbers : undefined;
    if (nums !== undefined) {
      for (let i = 0; i < batch.length; i++) {
        const reason = info?.reasons?.[i] ?? "relevant";
        const score = info?.scores?.[i] ?? 0;
        if (folder === undefined) report!.report(nums[i], "keep", reason, score);
        else if (nums[i] > 0) this.#pending.set(nums[i], { reason, score });
      }
    }
    if (folder === undefined) return batch;
    const blocks = this.#blocks;
    // With blocks, the folder writes to `folded` and leaves "keep" to the collapser
    // (it passes the numbers of the lines it writes in `fNums`).
    const folded: string[] = [];
    const fNums = blocks !== undefined && nums !== undefined ? [] as number[] : undefined;
    const out = blocks === undefined ? [] as string[] : folded;
    const opaque = info?.opaque;
    if (opaque === undefined) folder.push(batch, out, nums, fNums);
    else {
      let from = 0;
      for (let o = 0; o < opaque.length; o++) {
        const k = opaque[o];
        if (k > from) folder.push(batch.slice(from, k), out, nums?.slice(from, k), fNums);
        folder.flush(out, fNums);
        out.push(batch[k]);
        if (fNums !== undefined) fNums.push(nums![k]);
        else if (nums !== undefined && nums[k] > 0) this.#decided(nums[k], "keep");
        from = k + 1;
      }
      if (from < batch.length) folder.push(batch.slice(from), out, nums?.slice(from), fNums);
    }
    if (blocks === undefined) return out;
    const collapsed: string[] = [];
    blocks.push(folded, collapsed, fNums);
    return collapsed;
  }

  /** End of input. */
  flush(): string[] {
    const out: string[] = [];
    if (this.#folder === undefined) return out;
    const blocks = this.#blocks;
    if (blocks === undefined) {
      this.#folder.flush(out);
      return out;
    }
    const folded: string[] = [];
    const fNums = this.#report !== undefined ? [] as number[] : undefined;
    this.#folder.flush(folded, fNums);
    blocks.push(folded, out, fNums);
    blocks.flush(out);
    return out;
  }

  #decided(n: number, action: FoldAction, block = false): void {
    const p = this.#pending.get(n);
    this.#pending.delete(n);
    const reason = action === "keep"
      ? p?.reason ?? "relevant"
      : action === "fold"
      ? block ? "repeated-block" : "repeat"
      : "blank-run";
    this.#report!.report(n, action, reason, p?.score ?? 0);
  }
}
