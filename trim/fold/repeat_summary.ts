/**
 * The summary line of later repeats (`stream.ts`): groups of templates already shown
 * are counted into one line, `[xN] [trimlog] later repeats of T templates shown
 * above` (`, E error lines` when E of them are failure lines).
 *
 * @module
 */

import type { StreamItem } from "./stream_item.ts";

/** Repeats of one line each, of at most this many characters in all, are written as they are. */
export const SHORT_REPEATS = 64;

/**
 * The pending summary: what the repeat groups counted into it stand for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RepeatSummary } from "./repeat_summary.ts";
 * import { StreamItem } from "./stream_item.ts";
 * const sum = new RepeatSummary();
 * const a = new StreamItem();
 * a.head = "served blk_1 to node7 and so on, a long enough line for a summary";
 * a.count = 40;
 * a.key = 1;
 * sum.add(a, 0);
 * assert.ok(sum.shortItems() === undefined);
 * assert.ok(sum.text(false) === "[x40] [trimlog] later repeats of 1 template shown above");
 * ```
 */
export class RepeatSummary {
  /** Input lines counted (0: nothing pending). */
  lines = 0;
  /** Lines pushed to the folder when it started. */
  seq = 0;
  /** First lines of its groups (their decisions are made when it is written). */
  heads: number[] = [];
  #failures = 0;
  #keys = new Set<number>();
  /** Its groups while each is one line and their text is short (else undefined). */
  #items: StreamItem[] | undefined = [];
  #chars = 0;
  #first = -1;
  #last = -1;

  /** Counts a repeat group in (`seq`: lines pushed so far). */
  add(it: StreamItem, seq: number): void {
    if (this.lines === 0) this.seq = seq;
    const items = this.#items;
    if (items !== undefined) {
      this.#chars += it.head.length + 1;
      if (it.count === 1 && this.#chars <= SHORT_REPEATS) items.push(it);
      else this.#items = undefined;
    }
    this.lines += it.count;
    this.#failures += it.failures;
    this.#keys.add(it.key);
    if (it.num > 0) {
      this.heads.push(it.num);
      if (this.#first < 0 || it.num < this.#first) this.#first = it.num;
    }
    if (it.last > this.#last) this.#last = it.last;
  }

  /** Its groups, when each is one line and all are short: written as they are instead. */
  shortItems(): StreamItem[] | undefined {
    return this.#items;
  }

  /** The summary line (with ` (lines A-B)` when `ranges` and lines are numbered). */
  text(ranges: boolean): string {
    const t = this.#keys.size;
    const e = this.#failures;
    const errors = e === 0 ? "" : `, ${e} error line${e === 1 ? "" : "s"}`;
    const range = ranges && this.#first > 0 ? ` (lines ${this.#first}-${this.#last})` : "";
    return `[x${this.lines}] [trimlog] later repeats of ${t} template${t === 1 ? "" : "s"} ` +
      `shown above${errors}${range}`;
  }

  /** Empties it. */
  reset(): void {
    this.lines = 0;
    this.#failures = 0;
    this.#keys.clear();
    this.heads = [];
    this.#items = [];
    this.#chars = 0;
    this.#first = -1;
    this.#last = -1;
  }
}
