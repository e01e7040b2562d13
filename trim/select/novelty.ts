/**
 * What is new since the baseline: a line of the failing run whose template the passing
 * run never printed ({@linkcode BaselineTemplates}) is evidence, ranked by how unusual
 * it is. The first new lines of the run ({@linkcode NEW_FIRST_LINES}) are kept with the
 * lines around them (the divergence from the passing run is where a failure starts);
 * later new lines are kept on their own while their template is still rare in the
 * failing run ({@linkcode NEW_REPEATS}); a new template the run prints over and over
 * (a changed dependency's download lines, a new test's listing) stops being evidence:
 * its line is then read as one the passing run printed (an error's context at most).
 *
 * Memory is bounded: the failing run's new templates are counted in a
 * {@linkcode GenerationalCache} of {@linkcode NEW_TRACKED} entries per generation
 * (32-bit keys, at most twice that many held); a template pushed out counts anew.
 *
 * @module
 */

import { GenerationalCache } from "../bounded_cache.ts";
import { SCORE_KEEP_THRESHOLD } from "../constants.ts";

/** The first new lines of the failing run: kept with their context before and after. */
export const NEW_FIRST_LINES = 8;
/**
 * Lines of context before each of the first new lines (one more than an error's
 * default: the lines the passing run printed right before where the failing run parts
 * from it). Rules, blank and noise lines between them do not count.
 */
export const NEW_CONTEXT_BEFORE = 4;
/** Entries the context ring holds with a baseline (room for rules between the lines). */
export const NEW_CONTEXT_RING: number = 2 * NEW_CONTEXT_BEFORE;
/** Occurrences of one new template that still count as evidence. */
export const NEW_REPEATS = 3;
/** New templates counted per generation of the bounded map. */
export const NEW_TRACKED = 4096;
/** The first stack records with a new line: shown whole, library frames too. */
export const NEW_TRACES = 2;
/** Lines of such a record at most. */
export const NEW_TRACE_LINES = 150;
/** The score of a new template's first occurrence; each repeat scores less. */
export const NEW_SCORE = 70;
/** What a line made only of words the baseline printed (a variant) scores less. */
const _VARIANT = 20;
/** Keeps the keys of lone frames apart from templates in the one bounded map. */
const _FRAME_SALT = 0x2f6b3a91;
/** What each earlier occurrence of the same new template takes off the score. */
const _REPEAT_STEP = 10;

/**
 * The novelty ranking of one failing run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Novelty, NEW_REPEATS } from "./novelty.ts";
 * const n = new Novelty();
 * const first = n.rank(42, 7, true);
 * assert.ok(first > 0 && n.first);
 * // The same new template again is rarer evidence each time, then none.
 * let last = first;
 * for (let i = 1; i < NEW_REPEATS; i++) {
 *   const r = n.rank(42, 7, true);
 *   assert.ok(r > 0 && r < last);
 *   last = r;
 * }
 * assert.ok(n.rank(42, 7, true) === 0);
 * ```
 */
export class Novelty {
  #counts = new GenerationalCache<number, number>(NEW_TRACKED);
  #firstLeft = NEW_FIRST_LINES;
  #tracesLeft = NEW_TRACES;
  /** Where the last record shown whole for being new ended (-1: none). */
  #chainEnd = -1;
  /** Whether the line last ranked is one of the first new lines of the run. */
  first = false;

  /** New templates and kinds of line counted now (at most `2 × NEW_TRACKED`). */
  get tracked(): number {
    return this.#counts.size;
  }

  /** Whether a new stack record can still be shown whole. */
  get tracesLeft(): boolean {
    return this.#tracesLeft > 0;
  }

  /**
   * Whether a stack record from input position `start` continues the last one shown
   * whole for being new: right under it, or under one line (the head of a chained
   * cause: `Caused: …`, `Also: …`).
   */
  continues(start: number): boolean {
    return this.#chainEnd >= 0 && start - this.#chainEnd <= 1;
  }

  /**
   * A stack record (input positions `start` to `end`) is shown whole; it takes a turn of
   * the new traces unless it continues the last one or is the log's first (`free`).
   * Returns true.
   */
  newTrace(start: number, end: number, free = false): boolean {
    if (!free && !this.continues(start)) this.#tracesLeft--;
    this.#chainEnd = end;
    return true;
  }

  /**
   * Whether a lone frame the passing run never printed (`h`: the hash of the masked
   * line, not its template: `testing.go:1392` and `testing.go:1439` are two frames) is
   * still rare: shown even where it repeats a frame shown before, at most
   * {@linkcode NEW_REPEATS} times. Takes no turn of the first new lines.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Novelty, NEW_REPEATS } from "./novelty.ts";
   * const n = new Novelty();
   * for (let i = 0; i < NEW_REPEATS; i++) assert.ok(n.frame(9));
   * assert.ok(!n.frame(9) && n.frame(10));
   * ```
   */
  frame(h: number): boolean {
    const k = (h ^ _FRAME_SALT) >>> 0;
    const seen = this.#counts.get(k) ?? 0;
    this.#counts.set(k, seen + 1);
    return seen < NEW_REPEATS;
  }

  /**
   * The score of a new line of template `key` (not printed by the passing run), at
   * least the keep threshold; 0 when its template has been new too often to be evidence.
   */
  rank(key: number, shape: number, news: boolean): number {
    // News is counted by its template; a variant by its shape: the tenth new download
    // line is no news.
    const k = news ? key : shape;
    const seen = this.#counts.get(k) ?? 0;
    this.#counts.set(k, seen + 1);
    this.first = false;
    if (seen >= NEW_REPEATS) return 0;
    if (this.#firstLeft > 0) {
      this.#firstLeft--;
      this.first = true;
    }
    const score = (news ? NEW_SCORE : NEW_SCORE - _VARIANT) - seen * _REPEAT_STEP;
    return Math.max(score, SCORE_KEEP_THRESHOLD);
  }
}
