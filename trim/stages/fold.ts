/**
 * The fold stage: {@linkcode Folder} (repeats and templates into `[xN]` lines,
 * `dedupeWindow`) and {@linkcode BlockCollapser} (`collapseBlocks`), plus what the
 * pipeline needs around them: lines the select stage marked opaque (stack
 * groups already folded into `[xN]` lines, markers) pass through unfolded, and,
 * when decisions are tracked, every line gets its final `keep` / `fold` / `drop`
 * through the folder's `decide` hook, with the reason and score the select
 * stage gave it.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import type { DecisionReason, DecisionReporter } from "../decision.ts";
import { BlockCollapser } from "../fold/blocks.ts";
import { type FoldAction, type FoldCounters, Folder, type FoldOptions } from "../fold/folder.ts";
import type { FoldSlice } from "../fold/slice.ts";
import { StreamFolder } from "../fold/stream.ts";

/**
 * Kept lines up to which the output folds adjacent lines only (`dedupeWindow: 1`): a
 * reader reads a short output whole and in order; folding across the stream starts
 * when the output is longer. The first lines are held until then (or the end).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SHORT_OUTPUT_LINES } from "./fold.ts";
 * assert.ok(SHORT_OUTPUT_LINES === 50);
 * ```
 */
export const SHORT_OUTPUT_LINES = 50;

/**
 * The pure fold step of the pipeline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FoldStep } from "./fold.ts";
 * let duplicates = 0;
 * const step = new FoldStep(true, { duplicates: (n) => (duplicates += n), dropped() {} });
 * const out = [...step.push({ lines: ["retry id=1", "retry id=2"] }), ...step.flush()];
 * assert.ok(out.join() === "[x2] retry id=[1 | 2]" && duplicates === 1);
 * ```
 */
export class FoldStep {
  #folder: Folder | undefined;
  /** Template folding across the stream (the default: no `dedupeWindow`, template mining on). */
  #stream: StreamFolder | undefined;
  /** Repeated blocks of folded lines (`collapseBlocks`), fed by the folder. */
  #blocks: BlockCollapser | undefined;
  #report: DecisionReporter | undefined;
  /**
   * The first kept lines, held until there are more than {@linkcode SHORT_OUTPUT_LINES}:
   * a shorter output folds adjacent lines only (the windowed folder), a longer one
   * across the stream.
   */
  #short: Batch[] | undefined = undefined;
  #shortLines = 0;
  /** Makes the windowed folder that folds a short output. */
  #makeFolder: (() => Folder) | undefined;
  /** Reason and score of lines inside the folder, by line number (tracked runs). */
  #pending = new Map<number, { reason: DecisionReason; score: number }>();

  /**
   * @param dedupe fold repeats (false: lines pass through).
   * @param counters where folded and dropped lines are counted.
   * @param report where final decisions of kept lines go (tracked runs).
   * @param options template mining and dedupe window of the folder, and
   *   `collapseBlocks` (blocks of up to N folded lines repeated in a row become one
   *   copy and a `[block xM]` marker; the collapser then decides keep or fold).
   *   Without a `window` and with template mining on, lines fold across the stream
   *   ({@linkcode StreamFolder}); a `window` (`dedupeWindow`, 1 = adjacent only) or
   *   `templateMining: false` selects the windowed {@linkcode Folder}.
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
    const decide = report === undefined
      ? undefined
      : (n: number, a: FoldAction) => this.#decided(n, a);
    if (foldOptions.window === undefined && foldOptions.templateMining !== false) {
      this.#stream = new StreamFolder(counters, { decide, lineRanges: foldOptions.lineRanges });
      this.#short = [];
      this.#makeFolder = () => new Folder(counters, { ...foldOptions, decide });
    } else this.#folder = new Folder(counters, { ...foldOptions, decide });
    if (collapseBlocks !== undefined && collapseBlocks >= 2) {
      this.#blocks = new BlockCollapser(collapseBlocks, { duplicates: counters.duplicates }, {
        templateMining: foldOptions.templateMining,
        decide: report === undefined ? undefined : (n, a) => this.#decided(n, a, true),
      });
    }
  }

  /** Folds a batch; returns the lines to pass on. */
  push(b: Batch): string[] {
    const batch = b.lines;
    const info = b;
    const folder = this.#folder;
    const stream = this.#stream;
    const report = this.#report;
    const nums = report !== undefined ? info?.numbers : undefined;
    if (nums !== undefined) {
      for (let i = 0; i < batch.length; i++) {
        const reason = info?.reasons?.[i] ?? "relevant";
        const score = info?.scores?.[i] ?? 0;
        if (folder === undefined && stream === undefined) {
          report!.report(nums[i], "keep", reason, score);
        } else if (nums[i] > 0) this.#pending.set(nums[i], { reason, score });
      }
    }
    if (stream !== undefined) {
      const short = this.#short;
      if (short === undefined) return this.#pushStream(stream, b, nums);
      // Held until the output is known to be longer than a short one.
      short.push(b);
      this.#shortLines += batch.length;
      if (this.#shortLines <= SHORT_OUTPUT_LINES) return [];
      this.#short = undefined;
      const out: string[] = [];
      for (const held of short) {
        const n = report !== undefined ? held.numbers : undefined;
        for (const line of this.#pushStream(stream, held, n)) out.push(line);
      }
      return out;
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

  /** Across the stream: opaque lines keep their place among the held groups. */
  #pushStream(stream: StreamFolder, b: Batch, nums: number[] | undefined): string[] {
    const blocks = this.#blocks;
    const out: string[] = [];
    const fNums = blocks !== undefined && nums !== undefined ? [] as number[] : undefined;
    const opaque = b.opaque;
    if (opaque === undefined) stream.push(b.lines, out, nums, fNums);
    else {
      const batch = b.lines;
      let from = 0;
      for (const k of opaque) {
        if (k > from) stream.push(batch.slice(from, k), out, nums?.slice(from, k), fNums);
        stream.pushOpaque(batch[k], nums === undefined ? -1 : nums[k], out, fNums);
        from = k + 1;
      }
      if (from < batch.length) stream.push(batch.slice(from), out, nums?.slice(from), fNums);
    }
    if (blocks === undefined) return out;
    const collapsed: string[] = [];
    blocks.push(out, collapsed, fNums);
    return collapsed;
  }

  /** End of input. */
  flush(): string[] {
    const out: string[] = [];
    const short = this.#short;
    if (short !== undefined) {
      // A short output: adjacent lines fold, as with `dedupeWindow: 1`.
      this.#short = undefined;
      this.#stream = undefined;
      this.#folder = this.#makeFolder!();
      for (const held of short) for (const line of this.push(held)) out.push(line);
    }
    const folder = this.#folder ?? this.#stream;
    if (folder === undefined) return out;
    const blocks = this.#blocks;
    if (blocks === undefined) {
      folder.flush(out);
      return out;
    }
    const folded: string[] = [];
    const fNums = this.#report !== undefined ? [] as number[] : undefined;
    folder.flush(folded, fNums);
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

/**
 * Creates the fold stage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFoldStage } from "./fold.ts";
 * const out: string[] = [];
 * const stage = createFoldStage(
 *   { dedupe: true, templateMining: undefined, window: undefined, collapseBlocks: undefined },
 *   { duplicates() {}, dropped() {} },
 * );
 * await ReadableStream.from([{ lines: ["a", "a"] }]).pipeThrough(stage)
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * assert.deepEqual(out, ["[x2] a"]);
 * ```
 */
export function createFoldStage(
  slice: FoldSlice,
  counters: FoldCounters,
  report?: DecisionReporter,
): TransformStream<Batch, Batch> {
  const fold = new FoldStep(slice.dedupe, counters, report, {
    templateMining: slice.templateMining,
    window: slice.window,
    collapseBlocks: slice.collapseBlocks,
    lineRanges: slice.lineRanges,
  });
  return batchStage((batch) => ({ lines: fold.push(batch) }), () => ({ lines: fold.flush() }));
}
