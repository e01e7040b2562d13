/**
 * The token budget (`maxTokens`): keeps the highest-scoring lines whose estimated
 * tokens fit the budget, in their original order.
 *
 * Selection is greedy and streaming: lines enter a min-heap ordered by score (ties:
 * the later line is worse); whenever the kept lines exceed the budget, the worst is
 * evicted, until they fit. A line alone larger than the budget is dropped at once
 * (it would otherwise evict everything below it and still not fit). Memory holds
 * only lines that fit the budget together. Without scores (no select stage)
 * every score is 0 and the earliest lines are kept. Deterministic: the order is
 * total (score, then line position).
 *
 * Nothing is written before the end of the input (only then is the selection known).
 *
 * Accounting: a dropped text is counted as dropped for every input line it
 * represents (`represent.ts`: `[xN]` → N, markers 0), and the duplicates an
 * `[xN]` text had counted are taken back.
 *
 * @module
 */

import { groupDuplicates, representedLines } from "../fold/represent.ts";

/** What the budget stage needs. */
export interface BudgetSlice {
  /** The budget, in estimated tokens. */
  maxTokens: number;
  /** The run's token estimate per line. */
  estimate: (line: string) => number;
}

/** Receives the accounting of dropped lines. */
export interface BudgetCounters {
  /** `n` input lines were dropped by the budget. */
  dropped(n: number): void;
  /** Duplicate lines counted change by `n` (negative: a dropped `[xN]` group). */
  duplicates(n: number): void;
}

/** One held line. */
interface _Item {
  line: string;
  score: number;
  seq: number;
  tokens: number;
  num: number;
  opaque: boolean;
}

/**
 * The pure budget step: push lines with scores, get the selection at the end.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TokenBudget } from "./budget.ts";
 * let dropped = 0;
 * const b = new TokenBudget(2, () => 1, { dropped: (n) => dropped += n, duplicates() {} });
 * b.push(["a", "ERROR b", "c"], [0, 90, 5]);
 * const out: string[] = [];
 * b.flush(out);
 * assert.ok(out.join() === "ERROR b,c" && dropped === 1);
 * ```
 */
export class TokenBudget {
  #max: number;
  #estimate: (line: string) => number;
  #counters: BudgetCounters;
  #decide: ((lineNumber: number, action: "drop", score: number) => void) | undefined;
  #heap: _Item[] = [];
  #total = 0;
  #seq = 0;

  /**
   * Creates a budget.
   *
   * @param maxTokens the budget, in estimated tokens.
   * @param estimate token estimate of one line (the run's `options.estimate`).
   * @param counters where dropped lines are counted.
   * @param decide optional: called with the line number (and score) of each dropped
   *   line that carries one (see {@linkcode TokenBudget.push}).
   */
  constructor(
    maxTokens: number,
    estimate: (line: string) => number,
    counters: BudgetCounters,
    decide?: (lineNumber: number, action: "drop", score: number) => void,
  ) {
    this.#max = maxTokens;
    this.#estimate = estimate;
    this.#counters = counters;
    this.#decide = decide;
  }

  /**
   * Offers a batch of lines.
   *
   * @param scores relevance score per line (same length); missing: 0 for all.
   * @param numbers line numbers per line (same length; -1 for none), for `decide`
   *   and for `flush`'s `outNumbers`.
   * @param opaque ascending indices of lines later steps must pass through unfolded
   *   (the select stage's opaque lines); reported again by `flush`.
   */
  push(
    lines: readonly string[],
    scores?: readonly number[],
    numbers?: readonly number[],
    opaque?: readonly number[],
  ): void {
    let o = 0;
    for (let i = 0; i < lines.length; i++) {
      const isOpaque = opaque !== undefined && o < opaque.length && opaque[o] === i;
      if (isOpaque) o++;
      const line = lines[i];
      const s = scores === undefined ? 0 : scores[i];
      const item: _Item = {
        line,
        score: s === s ? s : 0,
        seq: this.#seq++,
        tokens: Math.max(0, this.#estimate(line)),
        num: numbers === undefined ? -1 : numbers[i],
        opaque: isOpaque,
      };
      if (item.tokens > this.#max) {
        this.#drop(item);
        continue;
      }
      this.#insert(item);
      this.#total += item.tokens;
      while (this.#total > this.#max) {
        const worst = this.#popWorst();
        this.#total -= worst.tokens;
        this.#drop(worst);
      }
    }
  }

  /**
   * End of input: the kept lines are appended to `out` in their original order
   * (their line numbers to `outNumbers`, the indices in `out` of the opaque ones to
   * `outOpaque`, their scores to `outScores`).
   */
  flush(out: string[], outNumbers?: number[], outOpaque?: number[], outScores?: number[]): void {
    const kept = this.#heap.sort((a, b) => a.seq - b.seq);
    for (const item of kept) {
      if (item.opaque && outOpaque !== undefined) outOpaque.push(out.length);
      out.push(item.line);
      if (outNumbers !== undefined) outNumbers.push(item.num);
      if (outScores !== undefined) outScores.push(item.score);
    }
    this.#heap = [];
    this.#total = 0;
  }

  /** Estimated tokens of the lines held. */
  get tokens(): number {
    return this.#total;
  }

  #drop(item: _Item): void {
    const represented = representedLines(item.line);
    if (represented > 0) this.#counters.dropped(represented);
    const dup = groupDuplicates(item.line);
    if (dup > 0) this.#counters.duplicates(-dup);
    if (item.num >= 0 && this.#decide !== undefined) this.#decide(item.num, "drop", item.score);
  }

  #insert(item: _Item): void {
    const h = this.#heap;
    let i = h.length;
    h.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!_worse(item, h[p])) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = item;
  }

  #popWorst(): _Item {
    const h = this.#heap;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const c = r < h.length && _worse(h[r], h[l]) ? r : l;
        if (!_worse(h[c], last)) break;
        h[i] = h[c];
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}

/** Whether `a` is evicted before `b`: lower score, or equal score and later. */
function _worse(a: _Item, b: _Item): boolean {
  return a.score < b.score || (a.score === b.score && a.seq > b.seq);
}
