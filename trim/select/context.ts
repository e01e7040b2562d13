/**
 * Context windows: the ring of recently dropped lines that can still be shown
 * (before an error, or as the closing lines of the log), and the size of the
 * window after an error, adapted to error density.
 *
 * @module
 */

import { CONTEXT_WINDOW_AFTER } from "../constants.ts";

/** Closing lines of a log kept as context of its end (non-blank, non-junk). */
export const TAIL_CONTEXT_LINES = 5;

/**
 * A bounded ring of dropped lines since the last emitted line, oldest first.
 * Each entry carries its line number, score, the reason it was dropped and
 * whether it may serve as context before an error (`soft`). Storing never
 * allocates once the ring is full.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ContextRing } from "./context.ts";
 * const ring = new ContextRing(2);
 * ring.push("a", 1, 15, true, "noise");
 * ring.push("b", 2, 0, false, "noise");
 * assert.ok(ring.full && ring.line(0) === "a");
 * ring.push("c", 3, 15, true, "noise");
 * assert.ok(ring.length === 2 && ring.line(0) === "b" && ring.num(1) === 3);
 * ```
 */
export class ContextRing {
  #cap: number;
  #lines: string[];
  #nums: number[];
  #scores: number[];
  #soft: boolean[];
  #reasons: string[];
  #head = 0;
  #len = 0;

  /** @param capacity entries kept (0 disables the ring). */
  constructor(capacity: number) {
    this.#cap = capacity;
    this.#lines = new Array(capacity);
    this.#nums = new Array(capacity).fill(0);
    this.#scores = new Array(capacity).fill(0);
    this.#soft = new Array(capacity).fill(false);
    this.#reasons = new Array(capacity);
  }

  /** Entries held. */
  get length(): number {
    return this.#len;
  }

  /**
   * Adds an entry; when {@linkcode ContextRing.full}, the oldest (entry 0) is
   * evicted, so read it first if its fate matters.
   */
  push(line: string, num: number, score: number, soft: boolean, reason: string): void {
    const cap = this.#cap;
    if (cap === 0) return;
    let at: number;
    if (this.#len === cap) {
      at = this.#head;
      this.#head = (this.#head + 1) % cap;
    } else {
      at = (this.#head + this.#len) % cap;
      this.#len++;
    }
    this.#lines[at] = line;
    this.#nums[at] = num;
    this.#scores[at] = score;
    this.#soft[at] = soft;
    this.#reasons[at] = reason;
  }

  /** Whether the ring is full (the next push evicts entry 0). */
  get full(): boolean {
    return this.#cap > 0 && this.#len === this.#cap;
  }

  /** Line of entry `i` (0 = oldest). */
  line(i: number): string {
    return this.#lines[(this.#head + i) % this.#cap];
  }

  /** Line number of entry `i`. */
  num(i: number): number {
    return this.#nums[(this.#head + i) % this.#cap];
  }

  /** Score of entry `i`. */
  score(i: number): number {
    return this.#scores[(this.#head + i) % this.#cap];
  }

  /** Whether entry `i` may be context before an error. */
  soft(i: number): boolean {
    return this.#soft[(this.#head + i) % this.#cap];
  }

  /** Why entry `i` was dropped. */
  reason(i: number): string {
    return this.#reasons[(this.#head + i) % this.#cap];
  }

  /** Forgets every entry. */
  clear(): void {
    this.#head = 0;
    this.#len = 0;
  }
}

/**
 * Tracks where errors were seen and sizes the context after the next one:
 * wider for an isolated error, tighter inside a cluster.
 *
 * | situation | lines after |
 * |---|---|
 * | no error in the previous 50 lines | 2 × base (4) |
 * | 2 or more errors in the previous 10 lines | max(1, base / 2) (1) |
 * | otherwise | base (2) |
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AdaptiveAfter } from "./context.ts";
 * const a = new AdaptiveAfter(2);
 * assert.ok(a.next(100) === 4); // isolated
 * assert.ok(a.next(103) === 2);
 * assert.ok(a.next(105) === 1); // cluster
 * ```
 */
export class AdaptiveAfter {
  #base: number;
  #last = -1e9;
  #prev = -1e9;

  /** @param base the after-window of an ordinary error (default 2). */
  constructor(base: number = CONTEXT_WINDOW_AFTER) {
    this.#base = base;
  }

  /** Records an error at input position `at` and returns its after-window. */
  next(at: number): number {
    const last = this.#last;
    const prev = this.#prev;
    this.#prev = last;
    this.#last = at;
    if (at - last > 50) return this.#base * 2;
    if (at - prev <= 10) return Math.max(1, this.#base >> 1);
    return this.#base;
  }
}
