/**
 * Context windows: the ring of recently dropped lines that can still be shown
 * (before an error, or as the closing lines of the log), and the size of the
 * window after an error, adapted to error density.
 *
 * @module
 */

/** Closing lines of a log kept as context of its end (non-blank, non-junk). */
export const TAIL_CONTEXT_LINES = 5;

/**
 * A bounded ring of dropped lines since the last emitted line, oldest first.
 * Each entry carries its line number, score, the reason it was dropped,
 * whether it may serve as context before an error (`soft`) and whether it is a
 * filler (a rule or an ellipsis: shown only inside a shown block, see
 * {@linkcode isFiller}). Storing never allocates once the ring is full.
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
  #filler: boolean[];
  #head = 0;
  #len = 0;
  #evicted = false;

  /** @param capacity entries kept (0 disables the ring). */
  constructor(capacity: number) {
    this.#cap = capacity;
    this.#lines = new Array(capacity);
    this.#nums = new Array(capacity).fill(0);
    this.#scores = new Array(capacity).fill(0);
    this.#soft = new Array(capacity).fill(false);
    this.#reasons = new Array(capacity);
    this.#filler = new Array(capacity).fill(false);
  }

  /** Entries held. */
  get length(): number {
    return this.#len;
  }

  /**
   * Adds an entry; when {@linkcode ContextRing.full}, the oldest (entry 0) is
   * evicted, so read it first if its fate matters.
   */
  push(
    line: string,
    num: number,
    score: number,
    soft: boolean,
    reason: string,
    filler = false,
  ): void {
    const cap = this.#cap;
    if (cap === 0) return;
    let at: number;
    if (this.#len === cap) {
      at = this.#head;
      this.#head = (this.#head + 1) % cap;
      this.#evicted = true;
    } else {
      at = (this.#head + this.#len) % cap;
      this.#len++;
    }
    this.#lines[at] = line;
    this.#nums[at] = num;
    this.#scores[at] = score;
    this.#soft[at] = soft;
    this.#reasons[at] = reason;
    this.#filler[at] = filler;
  }

  /** Whether an entry was evicted since the ring was last cleared. */
  get evicted(): boolean {
    return this.#evicted;
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

  /** Whether entry `i` is a filler line (a rule, an ellipsis). */
  filler(i: number): boolean {
    return this.#filler[(this.#head + i) % this.#cap];
  }

  /**
   * The fillers at the end of the ring are no longer next to what follows (a line
   * dropped for good came after them): they may not be context any more.
   */
  retireFillers(): void {
    for (let i = this.#len - 1; i >= 0; i--) {
      const at = (this.#head + i) % this.#cap;
      if (!this.#filler[at]) return;
      this.#soft[at] = false;
    }
  }

  /** Forgets every entry. */
  clear(): void {
    this.#head = 0;
    this.#len = 0;
    this.#evicted = false;
  }
}

/**
 * Whether a line is a filler: not blank, no letter or digit (`-----`, `=====`,
 * `...`, `^^^^`, `  ---`, box drawing such as Terraform's `╷`, `│`, `╵`). A filler is junk on its own, but inside a shown block (a
 * table's rules, a diff's elision, a TAP block's `---`) it is part of the block:
 * select shows it when the lines around it are shown. `from`: the first visible
 * character (the caller has it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFiller } from "./context.ts";
 * assert.ok(isFiller(" ------------ ", 1) && isFiller("  ...", 2) && isFiller("╷", 0));
 * assert.ok(!isFiller("  ", 2) && !isFiller("-- 12 --", 0) && !isFiller("(eof)", 0));
 * ```
 */
export function isFiller(line: string, from: number): boolean {
  const n = line.length;
  if (from >= n || n - from > 400) return false;
  for (let i = from; i < n; i++) {
    const c = line.charCodeAt(i) | 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) return false;
    if (c > 127 && (c < 0x2500 || c > 0x257f)) return false; // box drawing is a filler
  }
  return true;
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

  /** @param base the after-window of an ordinary error (`contextAfter`). */
  constructor(base: number) {
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
