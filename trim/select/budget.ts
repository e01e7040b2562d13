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

/** Tokens any log may keep: a log under this is not cut by the budget. */
export const BUDGET_BASE = 1000;

/** Lines the end of the failing step keeps whatever the budget says (never silent). */
export const END_OF_STEP_MIN = 8;

/**
 * Input lines select holds back (the final window and the lines before it): the end
 * of the failing step reaches back at most this far, and on an endless pipe the
 * output lags the input by these lines.
 */
export const END_OF_STEP_HOLD = 200;

/**
 * The default token budget of a log of T estimated tokens: `min(T, max(BASE,
 * rate·√T))`. It grows sublinearly: a small log stays whole, a large one keeps a share
 * that shrinks as it grows (rate 12: 1,200 of 10,000 tokens, 3,795 of 100,000,
 * 12,000 of 1,000,000). `rate` 0: no default budget (Infinity).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultBudget } from "./budget.ts";
 * assert.ok(defaultBudget(800, 12) === 800); // a small log: whole
 * assert.ok(defaultBudget(10_000, 12) === 1200);
 * assert.ok(defaultBudget(1_000_000, 12) === 12_000);
 * assert.ok(defaultBudget(50, 0) === Infinity);
 * ```
 */
export function defaultBudget(inputTokens: number, rate: number): number {
  if (rate <= 0) return Infinity;
  return Math.min(inputTokens, Math.round(Math.max(BUDGET_BASE, rate * Math.sqrt(inputTokens))));
}

/**
 * How many of the last `lines` (the end of the failing step, up to its exit line) the
 * budget keeps: counted back from the exit line, as long as their tokens fit in
 * `room`, and at least {@linkcode END_OF_STEP_MIN} (the last failure line and the exit
 * line are never dropped for the budget).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { endOfStepLines } from "./budget.ts";
 * const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
 * assert.ok(endOfStepLines(lines, 10, () => 1) === 10);
 * assert.ok(endOfStepLines(lines, 0, () => 1) === 8);
 * assert.ok(endOfStepLines(lines, 100, () => 1) === 20);
 * ```
 */
export function endOfStepLines(
  lines: readonly string[],
  room: number,
  estimate: (line: string) => number,
): number {
  let n = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    room -= Math.max(0, estimate(lines[i]));
    if (room < 0 && n >= END_OF_STEP_MIN) break;
    n++;
  }
  return n;
}

/**
 * The budget of a select run: the input read so far (the run's meter, or a token per
 * 4 characters), and what it leaves for the end of the failing step.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StepEndBudget } from "./budget.ts";
 * const b = new StepEndBudget(() => 30, () => 1);
 * b.read(["a", "b"]);
 * const lines = Array.from({ length: 40 }, (_, i) => `l${i}`);
 * assert.ok(b.lines(lines, 20) === 10); // 30 tokens, 20 spent: 10 lines of 1 token
 * ```
 */
export class StepEndBudget {
  #budget: (inputTokens: number) => number;
  #estimate: (line: string) => number;
  #input: { readonly tokens: number } | undefined;
  #chars = 0;
  #decided = 0;

  /**
   * @param budget the budget of a log of so many input tokens (`SelectSlice.budget`).
   * @param estimate the run's token estimate of one line.
   * @param input the run's input meter, if any.
   */
  constructor(
    budget: (inputTokens: number) => number,
    estimate: (line: string) => number,
    input?: { readonly tokens: number },
  ) {
    this.#budget = budget;
    this.#estimate = estimate;
    this.#input = input;
  }

  /** Input lines read (counted only without the run's meter). */
  read(lines: readonly string[]): void {
    if (this.#input === undefined) { for (const l of lines) this.#chars += l.length + 1; }
  }

  /** The budget of the input read so far. */
  get now(): number {
    return this.#budget(this.#input?.tokens ?? this.#chars / 4);
  }

  /** `chars` more characters of input decided (select's position, not the reader's). */
  decided(chars: number): void {
    this.#decided += chars;
  }

  /**
   * The budget of the lines decided so far (a token per 4 characters): the same at the
   * same line however the input was batched (the run's meter reads ahead).
   */
  get atLine(): number {
    return this.#budget(this.#decided / 4);
  }

  /** How many of the last `lines` the budget keeps, `spent` tokens kept already. */
  lines(lines: readonly string[], spent: number): number {
    return endOfStepLines(lines, this.now - spent, this.#estimate);
  }
}
