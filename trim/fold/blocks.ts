/**
 * Block collapsing (`collapseBlocks` N): consecutive repeats of a block of 2 to N
 * lines become one copy plus a marker line
 * `[block xM] the K lines above occurred M times in a row` (M ≥ 2 copies in all,
 * K lines per copy).
 *
 * Lines are compared by shape, as folding compares them: the template signature
 * (or the repeat signature with template mining off), so
 * `attempt 1 failed` / `retrying` repeated with growing attempt numbers is one
 * block. The copy shown is the first, with its own values; the values of the
 * collapsed copies are not listed. Never-merge numbers (`exit 1` vs `exit 2`)
 * keep copies apart. The shortest repeating block wins (`A B A B` is a 2-line
 * block, not part of a 4-line one).
 *
 * Runs after folding, on its output (single repeated lines are folding's job).
 * Streaming and bounded: at most 2N − 1 lines wait for a possible block, and during
 * a run only the block's keys and the current partial copy are held.
 *
 * Accounting: the marker represents no line by itself; every line of a collapsed
 * copy stood for r input lines (`[xN]` → N, markers 0, others 1), all of them now
 * duplicates. Folding already counted N − 1 per `[xN]`; this step counts the
 * remaining one per non-marker line. `tests/accounting.ts` adds (M − 1) × Σr of the
 * K lines above each marker to both the represented and the duplicate lines.
 *
 * @module
 */

import type { FoldDecide } from "./folder.ts";
import { isMarkerLine } from "./represent.ts";
import { createRepeatSignature } from "../classify/signature.ts";
import { createTemplateSignature } from "./template.ts";

/** Receives the accounting of collapsed copies. */
export interface BlockCounters {
  /** `n` more input lines became duplicates inside collapsed copies. */
  duplicates(n: number): void;
}

/** Options of a {@linkcode BlockCollapser}. */
export interface BlockOptions {
  /** Compare lines by template signature (default true), as folding does. */
  templateMining?: boolean;
  /**
   * Called for lines that carry line numbers (see {@linkcode BlockCollapser.push}):
   * `keep` when a line is written, `fold` when it is collapsed into a block.
   */
  decide?: FoldDecide;
}

/**
 * The marker line written after the shown copy of a repeated block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { blockMarker } from "./blocks.ts";
 * assert.ok(blockMarker(3, 2) === "[block x3] the 2 lines above occurred 3 times in a row");
 * ```
 */
export function blockMarker(copies: number, lines: number): string {
  return `[block x${copies}] the ${lines} lines above occurred ${copies} times in a row`;
}

/**
 * The pure block-collapsing step: push batches of (folded) lines, get lines with
 * repeated blocks collapsed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BlockCollapser } from "./blocks.ts";
 * let dup = 0;
 * const b = new BlockCollapser(3, { duplicates: (n) => dup += n });
 * const out: string[] = [];
 * b.push(["connect", "attempt 1 failed", "retrying", "attempt 2 failed", "retrying"], out);
 * b.push(["attempt 3 failed", "retrying", "gave up"], out);
 * b.flush(out);
 * assert.ok(out.join("|") ===
 *   "connect|attempt 1 failed|retrying|[block x3] the 2 lines above occurred 3 times in a row|gave up");
 * assert.ok(dup === 4);
 * ```
 */
export class BlockCollapser {
  #max: number;
  #counters: BlockCounters;
  #sign: (line: string) => string;
  #decide: FoldDecide | undefined;
  // Lines waiting for a possible block (outside a run).
  #lines: string[] = [];
  #keys: string[] = [];
  #nums: number[] = [];
  // The current run: keys of the block, copies so far, the partial next copy.
  #run: string[] | undefined = undefined;
  #runLines = 0;
  #copies = 0;
  #pLines: string[] = [];
  #pKeys: string[] = [];
  #pNums: number[] = [];

  /**
   * Creates a block collapser.
   *
   * @param maxBlock longest block, in lines (blocks of 2 to `maxBlock` lines collapse;
   *   below 2 nothing collapses).
   * @param counters where collapsed duplicates are counted.
   * @param options template mining and per-line actions.
   */
  constructor(maxBlock: number, counters: BlockCounters, options: BlockOptions = {}) {
    this.#max = Math.floor(maxBlock);
    this.#counters = counters;
    this.#sign = options.templateMining !== false ? createTemplateSignature : createRepeatSignature;
    this.#decide = options.decide;
  }

  /**
   * Collapses a batch; completed lines are appended to `out`.
   *
   * @param numbers optional line numbers (same length; -1 for none, e.g. markers):
   *   each line's action is reported to `decide`.
   */
  push(lines: readonly string[], out: string[], numbers?: readonly number[]): void {
    if (this.#max < 2) {
      for (let i = 0; i < lines.length; i++) this.#show(lines[i], numbers ? numbers[i] : -1, out);
      return;
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      this.#feed(line, this.#sign(line), numbers ? numbers[i] : -1, out);
    }
  }

  /** End of input: a pending run's marker and the waiting lines are appended to `out`. */
  flush(out: string[]): void {
    while (this.#run !== undefined) this.#endRun(out);
    for (let i = 0; i < this.#lines.length; i++) this.#show(this.#lines[i], this.#nums[i], out);
    this.#lines = [];
    this.#keys = [];
    this.#nums = [];
  }

  #feed(line: string, key: string, num: number, out: string[]): void {
    const run = this.#run;
    if (run !== undefined) {
      if (key === run[this.#pKeys.length]) {
        this.#pLines.push(line);
        this.#pKeys.push(key);
        this.#pNums.push(num);
        if (this.#pKeys.length === run.length) this.#collapseCopy();
        return;
      }
      this.#endRun(out);
      this.#feed(line, key, num, out);
      return;
    }
    const keys = this.#keys;
    this.#lines.push(line);
    keys.push(key);
    this.#nums.push(num);
    const n = keys.length;
    for (let k = 2; k <= this.#max && 2 * k <= n; k++) {
      let t = 0;
      while (t < k && keys[n - 2 * k + t] === keys[n - k + t]) t++;
      if (t < k) continue;
      // Two copies end here: show everything up to the first copy, collapse the second.
      for (let i = 0; i < n - k; i++) this.#show(this.#lines[i], this.#nums[i], out);
      this.#run = keys.slice(n - 2 * k, n - k);
      this.#runLines = 0;
      for (let i = n - 2 * k; i < n - k; i++) if (!isMarkerLine(this.#lines[i])) this.#runLines++;
      this.#copies = 1;
      this.#pLines = this.#lines.slice(n - k);
      this.#pKeys = keys.slice(n - k);
      this.#pNums = this.#nums.slice(n - k);
      this.#lines = [];
      this.#keys = [];
      this.#nums = [];
      this.#collapseCopy();
      return;
    }
    if (n > 2 * this.#max - 1) {
      this.#show(this.#lines.shift()!, this.#nums.shift()!, out);
      keys.shift();
    }
  }

  #collapseCopy(): void {
    this.#copies++;
    if (this.#runLines > 0) this.#counters.duplicates(this.#runLines);
    if (this.#decide !== undefined) {
      for (const n of this.#pNums) if (n >= 0) this.#decide(n, "fold");
    }
    this.#pLines = [];
    this.#pKeys = [];
    this.#pNums = [];
  }

  /** Writes the marker, then feeds the partial copy again as fresh lines. */
  #endRun(out: string[]): void {
    const run = this.#run!;
    out.push(blockMarker(this.#copies, run.length));
    this.#run = undefined;
    const lines = this.#pLines;
    const keys = this.#pKeys;
    const nums = this.#pNums;
    this.#pLines = [];
    this.#pKeys = [];
    this.#pNums = [];
    for (let i = 0; i < lines.length; i++) this.#feed(lines[i], keys[i], nums[i], out);
  }

  #show(line: string, num: number, out: string[]): void {
    out.push(line);
    if (num >= 0 && this.#decide !== undefined) this.#decide(num, "keep");
  }
}
