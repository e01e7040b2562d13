/**
 * Repeat dampening: a line seen many times costs points, so a flood of one
 * message does not crowd out the rest. Memory stays bounded.
 *
 * @module
 */

import { HashCounts } from "../hash_counts.ts";
import { hashLine } from "./hash.ts";
import { TFIDF_MAP_LIMIT, TFIDF_PENALTY, TFIDF_REPEAT_THRESHOLD } from "../constants.ts";

/**
 * Repeat dampening state, see {@linkcode createRepeatDampener}.
 *
 * @example The fourth repeat costs points
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRepeatDampener, type RepeatDampener } from "./dampener.ts";
 * const dampener: RepeatDampener = createRepeatDampener();
 * for (let i = 0; i < 3; i++) dampener.penalty("retrying [ID]");
 * assert.ok(dampener.penalty("retrying [ID]") === 8 && dampener.size === 1);
 * ```
 */
export interface RepeatDampener {
  /**
   * Count one more occurrence of `sanitizedLine` and return its penalty: 0 up
   * to `TFIDF_REPEAT_THRESHOLD` occurrences, then `TFIDF_PENALTY` more for
   * each further occurrence, at most 100.
   */
  penalty(sanitizedLine: string): number;
  /** Unique lines currently tracked. */
  readonly size: number;
}

/**
 * Create a repeat dampener: counts occurrences of each sanitized line; beyond
 * `TFIDF_REPEAT_THRESHOLD` (3) occurrences each further one costs
 * `TFIDF_PENALTY` (8) points, cumulatively (4th: 8, 5th: 16 …, capped at 100).
 * When `TFIDF_MAP_LIMIT` (50,000) unique lines are tracked, the map is cleared
 * before the next new line is added, so memory stays bounded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRepeatDampener } from "./dampener.ts";
 * const d = createRepeatDampener();
 * const penalties = [1, 2, 3, 4, 5].map(() => d.penalty("retrying [ID]"));
 * assert.ok(penalties.join() === "0,0,0,8,16");
 * ```
 */
export function createRepeatDampener(): RepeatDampener {
  // Keyed by a 32-bit hash of the line: a full table costs 640 KiB, not the lines.
  const counts = new HashCounts();
  return {
    penalty(sanitizedLine: string): number {
      const key = hashLine(sanitizedLine);
      const prev = counts.get(key);
      if (prev === 0 && counts.size >= TFIDF_MAP_LIMIT) counts.clear();
      const n = prev + 1;
      counts.set(key, n);
      return repeatPenalty(n);
    },
    get size() {
      return counts.size;
    },
  };
}

/**
 * The penalty of the `n`th occurrence of a repeated line or message: 0 up to
 * `TFIDF_REPEAT_THRESHOLD` (3), then `TFIDF_PENALTY` (8) more for each further
 * one, at most 100.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { repeatPenalty } from "./dampener.ts";
 * assert.deepEqual([1, 3, 4, 5, 20].map(repeatPenalty), [0, 0, 8, 16, 100]);
 * ```
 */
export function repeatPenalty(n: number): number {
  if (n <= TFIDF_REPEAT_THRESHOLD) return 0;
  const p = (n - TFIDF_REPEAT_THRESHOLD) * TFIDF_PENALTY;
  return p > 100 ? 100 : p;
}
