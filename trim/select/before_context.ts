/**
 * The context before an error: the soft lines dropped since the last line shown wait
 * in a ring ({@linkcode ContextRing}) until an error shows the last `contextBefore` of
 * them, or the whole gap when it is at most `contextBefore` + {@linkcode GAP_LINES}
 * lines (a block is not cut by a small hole); fillers (rules, ellipses) next to the
 * lines shown come with them. At the end of the log its last `tailLines` are shown.
 *
 * @module
 */

import type { DecisionReason } from "../decision.ts";
import { ContextRing } from "./context.ts";
import type { Emitter } from "./emitter.ts";
import { Act, type Verdict } from "./verdict.ts";

/**
 * A gap of at most this many lines more than `contextBefore` between two shown parts
 * is shown whole when its lines are soft (not noise).
 */
export const GAP_LINES = 2;

/** Shows a line taken from the ring; false when it is not shown after all. */
export type RingEmit = (
  line: string,
  num: number,
  reason: DecisionReason,
  score: number,
  fromRing: boolean,
) => boolean;

/**
 * The lines before the next error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BeforeContext } from "./before_context.ts";
 * import { Emitter } from "./emitter.ts";
 * import { SelectOutput } from "./output.ts";
 * const counters = { dropped() {}, hidden() {}, duplicates() {} };
 * const em = new Emitter(new SelectOutput({ track: false, scores: false }), counters, undefined, 9);
 * const shown: string[] = [];
 * const before = new BeforeContext(em, 2, 0, (line) => shown.push(line) > 0);
 * for (const l of ["a", "b", "c"]) before.hold(l, 0, 20, true, "noise");
 * before.before();
 * assert.deepEqual(shown, ["b", "c"]);
 * ```
 */
export class BeforeContext {
  #ring: ContextRing;
  /** Entries the ring holds. */
  #capacity: number;
  /** Whether the ring was last emptied by a line shown (not flushed without one). */
  #whole = false;
  #em: Emitter;
  #contextBefore: number;
  #tailLines: number;
  #emit: RingEmit;

  /**
   * @param em the output end.
   * @param contextBefore soft lines shown before an error.
   * @param tailLines closing lines of the log shown.
   * @param emit shows a line taken from the ring.
   */
  constructor(em: Emitter, contextBefore: number, tailLines: number, emit: RingEmit) {
    this.#em = em;
    this.#contextBefore = contextBefore;
    this.#tailLines = tailLines;
    this.#emit = emit;
    this.#capacity = Math.max(contextBefore, tailLines);
    this.#ring = new ContextRing(this.#capacity);
  }

  /**
   * Holds at least `lines` entries from now on (the first new lines of a run read
   * against a baseline bring more context); only while nothing is held.
   */
  widen(lines: number): void {
    if (this.#ring.length > 0 || this.#capacity >= lines) return;
    this.#capacity = lines;
    this.#ring = new ContextRing(lines);
  }

  /** A line was shown: the ring's next contents are the whole gap after it. */
  shown(): void {
    this.#whole = true;
  }

  /** Holds a line counted as dropped already. */
  hold(
    line: string,
    num: number,
    score: number,
    soft: boolean,
    reason: DecisionReason,
    filler = false,
  ): void {
    const ring = this.#ring;
    if (ring.full) this.#em.final(ring.num(0), ring.reason(0), ring.score(0));
    ring.push(line, num, score, soft, reason, filler);
  }

  /** A line the line rules drop (`act`: `DROP`, `SOFT`, `BLANK` or `FILLER`). */
  dropped(act: Act, v: Verdict, num: number): void {
    if (act === Act.DROP) this.drop(num, v.reason, v.score);
    else if (act === Act.SOFT) this.soft(v.line, num, v.score, v.soft, v.reason);
    else if (act === Act.BLANK) this.#em.drop(num, v.score);
    else this.filler(v.line, num, v.score);
  }

  /** A dropped line that may still be shown as context (`soft`), or is only counted. */
  soft(line: string, num: number, score: number, soft: boolean, reason: DecisionReason): void {
    this.#em.afterShown = false;
    this.#em.dropped(1);
    this.hold(line, num, score, soft, reason);
  }

  /**
   * A filler line (a rule, an ellipsis: `isFiller`): held, shown when the lines around
   * it are (before an error with its context, or between two shown lines), else dropped.
   */
  filler(line: string, num: number, score: number): void {
    this.#em.dropped(1);
    this.hold(line, num, score, true, "noise", true);
  }

  /** A line dropped for good: fillers before it are no longer inside a block. */
  drop(num: number, reason: DecisionReason, score: number): void {
    this.#em.afterShown = false;
    this.#ring.retireFillers();
    this.#em.drop(num, score, reason);
  }

  /**
   * Shows the soft lines buffered before an error (the last `lines`, `contextBefore`
   * unless told); the rest are dropped. Fillers next to the lines shown come with them,
   * unless nothing is shown after them (`fillers` false: a record whose frames are all
   * hidden).
   */
  before(fillers = true, lines: number = this.#contextBefore): void {
    const ring = this.#ring;
    const n = ring.length;
    if (n === 0) return;
    // The last `lines` soft entries, or the whole gap: the ring holds every soft line
    // since the last line shown (blank lines and lines dropped for good, such as known
    // noise, are not in it and do not count).
    let from = n;
    let take = lines;
    if (this.#whole && !ring.evicted && this.#em.shownPos > 0) {
      let gap = 0;
      for (let i = 0; i < n; i++) if (ring.soft(i) && !ring.filler(i)) gap++;
      if (gap > take && gap - take <= GAP_LINES) take = gap;
    }
    while (from > 0 && take > 0) {
      from--;
      if (ring.soft(from) && !ring.filler(from)) take--;
    }
    while (from > 0 && ring.filler(from - 1) && ring.soft(from - 1)) from--;
    let shown = false;
    for (let i = 0; i < n; i++) {
      if (i >= from && ring.soft(i) && (fillers || !ring.filler(i))) {
        if (this.#emit(ring.line(i), ring.num(i), "context-before", ring.score(i), true)) {
          shown = true;
        }
      } else this.#em.final(ring.num(i), ring.reason(i), ring.score(i));
    }
    ring.clear();
    if (!shown) this.#whole = false;
  }

  /** The ring holds only fillers since the last line shown: they are shown. */
  fillers(): void {
    const ring = this.#ring;
    const n = ring.length;
    // Under the sample cap, the line being shown comes first.
    if (n >= this.#em.room) return this.flush();
    for (let i = 0; i < n; i++) {
      if (ring.soft(i) && ring.filler(i)) {
        this.#emit(ring.line(i), ring.num(i), "context-before", ring.score(i), true);
      } else this.#em.final(ring.num(i), ring.reason(i), ring.score(i));
    }
    ring.clear();
  }

  /** Everything buffered is dropped for good. */
  flush(): void {
    this.#whole = false;
    const ring = this.#ring;
    if (this.#em.report !== undefined) {
      for (let i = 0; i < ring.length; i++) {
        this.#em.final(ring.num(i), ring.reason(i), ring.score(i));
      }
    }
    ring.clear();
  }

  /** The last `tailLines` lines of the ring are shown as the closing lines of the log. */
  tail(): void {
    const ring = this.#ring;
    const from = Math.max(0, ring.length - this.#tailLines);
    for (let i = 0; i < ring.length; i++) {
      if (i < from || ring.filler(i)) this.#em.final(ring.num(i), ring.reason(i), ring.score(i));
      else this.#emit(ring.line(i), ring.num(i), "tail-context", ring.score(i), true);
    }
    ring.clear();
  }
}
