/**
 * Truncation: lines longer than `maxLineLength` become `[TRUNCATED]`.
 *
 * @module
 */

/** What an overlong line is replaced by. */
export const TRUNCATED = "[TRUNCATED]";

/**
 * Replaces, in place, every line longer than `max` characters by `[TRUNCATED]`.
 * Returns the number of lines replaced.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncateLines } from "./truncate.ts";
 * const batch = ["short", "x".repeat(50)];
 * assert.ok(truncateLines(batch, 10) === 1 && batch[1] === "[TRUNCATED]");
 * ```
 */
export function truncateLines(batch: string[], max: number): number {
  let n = 0;
  for (let i = 0; i < batch.length; i++) {
    if (batch[i].length > max) {
      batch[i] = TRUNCATED;
      n++;
    }
  }
  return n;
}
