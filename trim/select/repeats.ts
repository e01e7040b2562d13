/**
 * What the selector remembers to tell a repeat from new evidence: repeat dampening of
 * lines and of messages with other values ({@linkcode MessageRepeats}), the shapes of
 * errors shown (a repeated error gets no context), context lines shown often, and the
 * repeat signature of the last line kept (a dampened line that folds into its `[xN]`
 * line stays). Every map is bounded.
 *
 * @module
 */

import { createRepeatDampener, type RepeatDampener } from "../classify/score.ts";
import type { DecisionReason } from "../decision.ts";
import { hashLine } from "../classify/hash.ts";
import { createRepeatSignature } from "../classify/signature.ts";
import { SCORE_KEEP_THRESHOLD, TFIDF_MAP_LIMIT, TFIDF_REPEAT_THRESHOLD } from "../constants.ts";
import { HashCounts } from "../hash_counts.ts";
import { MessageRepeats } from "./message_repeats.ts";
import { firstVisible } from "./sections.ts";

/** Context lines counted at most before the count starts over (memory stays small). */
export const CONTEXT_SEEN_LIMIT = 4096;

const _T = SCORE_KEEP_THRESHOLD;

/**
 * The selector's memory of repeats.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Repeats } from "./repeats.ts";
 * const r = new Repeats(true, true);
 * assert.ok(!r.isRepeatTrigger(7) && r.isRepeatTrigger(7) && r.triggerSeen(7));
 * assert.ok([1, 2, 3, 4].map(() => r.shownOften("  at lib.c:1", undefined)).join() ===
 *   "false,false,false,true");
 * assert.ok(r.foldsWithLast("retry id=2", "retry id=1"));
 * ```
 */
export class Repeats {
  #dampener: RepeatDampener | undefined;
  /** Lines counted by message template (with the dampener). */
  #messages: MessageRepeats | undefined;
  /** Hashes of the repeat signatures of errors shown (a full table is 640 KiB). */
  #triggers = new HashCounts();
  /** Context lines shown, by hash: how often (at most {@linkcode CONTEXT_SEEN_LIMIT}). */
  #contextSeen = new Map<number, number>();
  #lastSig: string | undefined = undefined;
  #lastSigOf: string | undefined = undefined;

  /**
   * @param dampen dampen repeated lines below error level.
   * @param messages dampen messages with other values too.
   */
  constructor(dampen: boolean, messages: boolean) {
    if (dampen) this.#dampener = createRepeatDampener();
    if (dampen && messages) this.#messages = new MessageRepeats();
  }

  /** Whether repeated lines are dampened. */
  get dampens(): boolean {
    return this.#dampener !== undefined;
  }

  /**
   * Counts a kept candidate (masked) scoring `score` and returns its penalty: the
   * line's, or its message's when that takes it under the threshold and it does not
   * fold into the `[xN]` line of the ones shown. Only when {@linkcode Repeats.dampens}.
   */
  penalty(line: string, score: number): number {
    let p = this.#dampener!.penalty(line);
    const messages = this.#messages;
    if (messages !== undefined && score - p >= _T) {
      const pm = messages.penalty(line);
      if (pm > p && score - pm < _T && !messages.folds(line)) p = pm;
    }
    return p;
  }

  /** Whether an error of this shape (`h`: its signature's hash) was shown. */
  triggerSeen(h: number): boolean {
    return this.#triggers.get(h) !== 0;
  }

  /** Whether an error of this shape was already shown; notes it otherwise. */
  isRepeatTrigger(h: number): boolean {
    const seen = this.#triggers;
    if (seen.get(h) !== 0) return true;
    if (seen.size >= TFIDF_MAP_LIMIT) seen.clear();
    seen.set(h, 1);
    return false;
  }

  /**
   * Whether a context line (`reason`) was shown often already (the same library source
   * under each of a hundred failures, in each failure's section): no new evidence. In a
   * section, short lines are its structure (a snapshot's `</span>`, a separator), not
   * repeats. Counts this showing otherwise.
   */
  contextRepeat(line: string, reason: DecisionReason, last: string | undefined): boolean {
    return (reason === "context-before" || reason === "context-after" ||
      reason === "failure-section" && isStatement(line)) && this.shownOften(line, last);
  }

  /**
   * Whether `line` was shown as context {@linkcode TFIDF_REPEAT_THRESHOLD} times
   * already; counts this showing otherwise. An exact repeat of the line shown last
   * (`last`) is not counted: it folds into its `[xN]` line.
   */
  shownOften(line: string, last: string | undefined): boolean {
    if (line === last) return false;
    const seen = this.#contextSeen;
    const h = hashLine(line);
    const n = seen.get(h) ?? 0;
    if (n >= TFIDF_REPEAT_THRESHOLD) return true;
    if (n === 0 && seen.size >= CONTEXT_SEEN_LIMIT) seen.clear();
    seen.set(h, n + 1);
    return false;
  }

  /** Whether `line` would fold into the `[xN]` group of `last`, the last kept line. */
  foldsWithLast(line: string, last: string | undefined): boolean {
    if (last === undefined) return false;
    if (line === last) return true;
    // The last kept line's signature is computed once, not once per dampened line.
    if (this.#lastSig === undefined || this.#lastSigOf !== last) {
      this.#lastSig = createRepeatSignature(last);
      this.#lastSigOf = last;
    }
    return createRepeatSignature(line) === this.#lastSig;
  }

  /** Entries held: error shapes, lines and messages counted for dampening. */
  get sizes(): { triggers: number; dampened: number; messages: number } {
    return {
      triggers: this.#triggers.size,
      dampened: this.#dampener?.size ?? 0,
      messages: this.#messages?.size ?? 0,
    };
  }
}

/**
 * Whether a section's line reads as a statement of its own (24 characters or more from
 * its first visible one, 8 letters or more), not a piece of its structure.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isStatement } from "./repeats.ts";
 * assert.ok(isStatement("    Expected the value to be defined here"));
 * assert.ok(!isStatement("    </span>") && !isStatement("------------------------------"));
 * ```
 */
export function isStatement(line: string): boolean {
  const from = firstVisible(line);
  if (line.length - from < 24) return false;
  let letters = 0;
  for (let i = from; i < line.length && letters < 8; i++) {
    const c = line.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) letters++;
  }
  return letters >= 8;
}
