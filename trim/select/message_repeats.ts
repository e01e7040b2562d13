/**
 * Messages repeated with different values: one compiler warning over many files
 * and symbols (`A.scala:12: Could not find any member to link for "x"`), one
 * connection error per request. Exact repeats are the repeat dampener's
 * (`classify/dampener.ts`); this counts lines by their message template (numbers
 * and quoted values set aside), so that after the first few of a template the
 * rest cost points and drop out, unless they fold into an `[xN]` line anyway.
 *
 * @module
 */

import { repeatPenalty } from "../classify/dampener.ts";
import { foldGroupKey } from "../fold/group_key.ts";
import { HashCounts } from "../hash_counts.ts";
import { TFIDF_MAP_LIMIT, TFIDF_REPEAT_THRESHOLD } from "../constants.ts";

/**
 * A hash of a line's message template: FNV-1a over its UTF-16 code units, with
 * each run of digits and each quoted span (`"…"`, `'…'`, `` `…` ``, `‘…’`) hashed
 * as one mark, so `member "a" at 12` and `member "bc" at 3` hash alike. A quote
 * with no closing quote after it is an ordinary character. Allocation-free and
 * linear in the line's length.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashMessageTemplate } from "./message_repeats.ts";
 * const a = hashMessageTemplate(`[warn] A.scala:12: no member "x" to link`);
 * assert.equal(a, hashMessageTemplate(`[warn] A.scala:345: no member "yz" to link`));
 * assert.notEqual(a, hashMessageTemplate(`[warn] B.scala:12: no member "x" to link`));
 * ```
 */
export function hashMessageTemplate(s: string): number {
  const n = s.length;
  let h = 0x811c9dc5;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      while (i + 1 < n && (c = s.charCodeAt(i + 1)) >= 48 && c <= 57) i++;
      c = 48;
    } else if (c === 34 || c === 39 || c === 96 || c === 0x2018) {
      const close = s.indexOf(c === 0x2018 ? "\u2019" : s[i], i + 1);
      if (close > 0) {
        i = close;
        c = 34;
      }
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Counts kept candidates by message template, with the repeat dampener's penalties
 * ({@linkcode repeatPenalty}: nothing up to the third, then 8 points more each). A
 * line in the same fold group as the template's third line ({@linkcode foldGroupKey})
 * folds into that line's `[xN]` line and is not dampened. At most `TFIDF_MAP_LIMIT`
 * templates are tracked (the maps are cleared then).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MessageRepeats } from "./message_repeats.ts";
 * const m = new MessageRepeats();
 * const warn = (f: string) => `[warn] Api.scala:1: Could not find any member to link for "${f}"`;
 * const p = ["A", "B", "C", "D", "E"].map((f) => m.penalty(warn(f)));
 * assert.deepEqual(p, [0, 0, 0, 8, 16]);
 * assert.ok(!m.folds(warn("E")));
 * ```
 */
export class MessageRepeats {
  #counts = new HashCounts();
  /** The fold group key of each template's third line. */
  #third = new Map<number, number>();
  #last = 0;

  /** Counts `line` (sanitized) and returns its penalty. */
  penalty(line: string): number {
    const t = hashMessageTemplate(line);
    this.#last = t;
    const counts = this.#counts;
    const prev = counts.get(t);
    if (prev === 0 && counts.size >= TFIDF_MAP_LIMIT) {
      counts.clear();
      this.#third.clear();
    }
    const n = prev + 1;
    counts.set(t, n);
    if (n === TFIDF_REPEAT_THRESHOLD) this.#third.set(t, foldGroupKey(line));
    return repeatPenalty(n);
  }

  /** Whether `line`, the one just counted, folds with its template's third line. */
  folds(line: string): boolean {
    const k = this.#third.get(this.#last);
    return k !== undefined && k === foldGroupKey(line);
  }

  /** Templates tracked. */
  get size(): number {
    return this.#counts.size;
  }
}
