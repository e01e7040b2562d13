/**
 * The selector's output end: the lines shown and where they stand, the sample cap
 * (`sampleSize`), and the accounting of dropped lines (counters and the per-line
 * decisions of `onDecision`).
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import type { DecisionReason, DecisionReporter } from "../decision.ts";
import type { HeldStack } from "./held_stack.ts";
import type { SelectOutput } from "./output.ts";
import type { SelectCounters } from "./slice.ts";

/**
 * Shows lines under the sample cap and accounts for those dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Emitter } from "./emitter.ts";
 * import { SelectOutput } from "./output.ts";
 * let dropped = 0;
 * const counters = { dropped: (n: number) => (dropped += n), hidden() {}, duplicates() {} };
 * const em = new Emitter(new SelectOutput({ track: false, scores: false }), counters, undefined, 1);
 * em.begin();
 * em.pos++;
 * em.put("ERROR a", 1, "error", 90);
 * em.drop(2, 0);
 * assert.ok(em.full && em.shownPos === 1 && em.lastKept === "ERROR a" && dropped === 1);
 * assert.deepEqual(em.end().lines, ["ERROR a"]);
 * ```
 */
export class Emitter {
  /** Lines kept (under the sample cap). */
  kept = 0;
  /** The last line kept on its own (`undefined` after a record). */
  lastKept: string | undefined = undefined;
  /** Input position: lines read so far. */
  pos = 0;
  /** {@linkcode Emitter.pos} of the last line shown (a kept record's last line). */
  shownPos = 0;
  /** Nothing but blank and filler lines since the last line shown. */
  afterShown = false;
  /** Where dropped, hidden and folded lines are counted. */
  readonly counters: SelectCounters;
  #out: SelectOutput;
  #report: DecisionReporter | undefined;
  #cap: number;

  /**
   * @param out the output of one push.
   * @param counters the accounting.
   * @param report per-line decisions (tracked runs).
   * @param cap `sampleSize`: kept lines at most.
   */
  constructor(
    out: SelectOutput,
    counters: SelectCounters,
    report: DecisionReporter | undefined,
    cap: number,
  ) {
    this.#out = out;
    this.counters = counters;
    this.#report = report;
    this.#cap = cap;
  }

  /** Starts the output of one push. */
  begin(): void {
    this.#out.begin();
  }

  /** The output of the push; `last`: the end of input (every held block is decided). */
  end(last = false): Batch {
    return this.#out.end(this.pos, last);
  }

  /** From now on the lines shown close the log (`SelectOutput.closing`). */
  closing(): void {
    this.#out.closing();
  }

  /** The line masked as the output shows it (the masker runs once per candidate). */
  clean(line: string): string {
    return this.#out.clean(line);
  }

  /** The per-line decisions, when the run tracks them. */
  get report(): DecisionReporter | undefined {
    return this.#report;
  }

  /** Whether the sample cap is reached. */
  get full(): boolean {
    return this.kept >= this.#cap;
  }

  /** Lines that can still be kept under the sample cap. */
  get room(): number {
    return this.#cap - this.kept;
  }

  /**
   * Whether the sample cap is reached; the line (counted as dropped already when it
   * comes from the context ring: `fromRing`) is then dropped.
   */
  overCap(num: number, score: number, fromRing: boolean): boolean {
    if (this.kept < this.#cap) return false;
    if (!fromRing) this.counters.dropped(1);
    this.final(num, "sample-limit", score);
    return true;
  }

  /** `n` more input lines dropped (negative: a line counted dropped is shown after all). */
  dropped(n: number): void {
    this.counters.dropped(n);
  }

  /** A line dropped now (a blank line: it parts no filler from the lines around it). */
  drop(num: number, score: number, reason: DecisionReason = "noise"): void {
    this.counters.dropped(1);
    if (this.#report !== undefined) this.#report.report(num, "drop", reason, score);
  }

  /** The final drop decision of a line already counted. */
  final(num: number, reason: string, score: number): void {
    if (this.#report !== undefined) {
      this.#report.report(num, "drop", reason as DecisionReason, score < 0 ? 0 : score);
    }
  }

  /** Shows an input line (the caller checked the cap). */
  put(line: string, num: number, reason: DecisionReason, score: number): void {
    this.kept++;
    this.lastKept = line;
    this.shownPos = this.pos;
    this.afterShown = true;
    this.#out.pos = this.pos;
    this.#out.put(line, num, reason, score, false);
  }

  /** A record of `kept` lines was reserved under the cap; it ends at this position. */
  keptRecord(kept: number): void {
    this.kept += kept;
    if (kept === 0) return;
    this.lastKept = undefined;
    this.shownPos = this.pos;
    this.afterShown = true;
  }

  /** Writes a held stack record: as it is, or every line prefixed `[xN]`. */
  putHeld(h: HeldStack): void {
    const out = this.#out;
    out.pos = this.pos;
    const count = h.count > 1 ? `[x${h.count}] ` : "";
    for (let i = 0; i < h.lines.length; i++) {
      if (h.marker[i]) out.put(h.lines[i], 0, "stack-frame", 0, true);
      else if (count) out.put(h.lines[i], h.nums[i], h.reasons[i], h.scores[i], true, count);
      else out.put(h.lines[i], h.nums[i], h.reasons[i], h.scores[i], false);
    }
  }
}
