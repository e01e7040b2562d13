/**
 * Per-level scores of a classified line: hard signals score their points at
 * every aggressiveness level, soft categories score from one table per level.
 *
 * @module
 */

import { LineCategory, type LineSignal } from "./category.ts";
import type { EffectiveAggressiveness } from "../types.ts";

const _STACK = LineCategory.STACK << 7;

// Soft category scores per level: rows low, medium, high, aggressive; columns
// JUNK, CHATTER, DEBUG, INFO, PLAIN, NOTABLE, WARN.
// deno-fmt-ignore
const _SOFT = new Uint8Array([
  0, 40, 40, 40, 40, 45, 45,
  0, 10, 5, 15, 40, 45, 45,
  0, 0, 0, 5, 15, 30, 25,
  0, 0, 0, 0, 5, 15, 10,
]);

function _levelRow(level: EffectiveAggressiveness): number {
  switch (level) {
    case "low":
      return 0;
    case "medium":
      return 7;
    case "high":
      return 14;
    case "aggressive":
      return 21;
  }
  return 14;
}

/**
 * The score of a classified line at an aggressiveness level (0-100).
 *
 * Hard signals (stack, diagnostic, error, fatal) score their points at every
 * level. Soft categories score from the level table of {@linkcode LineCategory}:
 * low keeps everything but junk, medium drops INFO/DEBUG/TRACE and chatter but
 * keeps warnings and plain lines, high keeps only hard signals, aggressive
 * scores soft lines lowest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreForLevel } from "./level_scores.ts";
 * import { lineSignal } from "./score.ts";
 * const s = lineSignal("[WARN] cache is cold");
 * assert.ok(scoreForLevel(s, "medium") >= 40 && scoreForLevel(s, "high") < 40);
 * ```
 */
export function scoreForLevel(signal: LineSignal, level: EffectiveAggressiveness): number {
  if (signal >= _STACK) return signal & 127;
  return _SOFT[_levelRow(level) + (signal >>> 7)];
}
