/**
 * Line categories and the packed line signal: what a line is (junk, chatter,
 * info … error, fatal) and how many points it carries, in one small integer.
 * `lineSignal` (in `score.ts`) computes a signal; the helpers here read it.
 *
 * @module
 */

/**
 * Line categories, least relevant first. Categories from `STACK` up are hard
 * signals: they score the same at every level, always at least 40.
 *
 * | category | meaning | low | medium | high | aggressive |
 * |---|---|---|---|---|---|
 * | JUNK | blank, separator, progress bar, container start/stop | 0 | 0 | 0 | 0 |
 * | CHATTER | downloads, installs, `Compiling x`, git checkout | 40 | 10 | 0 | 0 |
 * | DEBUG | `[DEBUG]`, `[TRACE]` | 40 | 5 | 0 | 0 |
 * | INFO | `[INFO]`, `NOTICE` | 40 | 15 | 5 | 0 |
 * | PLAIN | untagged line without signal | 40 | 40 | 15 | 5 |
 * | NOTABLE | keyword in an info/debug line, bare CVE id | 45 | 45 | 30 | 15 |
 * | WARN | pure warning (tag, `warning:`, deprecation) | 45 | 45 | 25 | 10 |
 * | STACK | stack frame, `Caused by:` | 50-55 | | | |
 * | DIAGNOSTIC | diagnostic keyword, scanner finding | 50-70 | | | |
 * | ERROR | error tag or field, failure of a tool | 65-95 | | | |
 * | FATAL | fatal tag, panic, segfault | 85-100 | | | |
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineCategory, signalCategory } from "./category.ts";
 * import { lineSignal } from "./score.ts";
 * assert.ok(signalCategory(lineSignal("[INFO] started")) === LineCategory.INFO);
 * ```
 */
export const LineCategory = {
  JUNK: 0,
  CHATTER: 1,
  DEBUG: 2,
  INFO: 3,
  PLAIN: 4,
  NOTABLE: 5,
  WARN: 6,
  STACK: 7,
  DIAGNOSTIC: 8,
  ERROR: 9,
  FATAL: 10,
} as const;

/**
 * One of the {@linkcode LineCategory} values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineCategory } from "./category.ts";
 * const c: LineCategory = LineCategory.STACK;
 * assert.ok(c === 7);
 * ```
 */
export type LineCategory = typeof LineCategory[keyof typeof LineCategory];

/**
 * A line's classification packed in one small integer:
 * `category * 128 + points`. Compute it once per line with
 * {@linkcode lineSignal}, then derive scores with {@linkcode scoreForLevel}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { LineSignal } from "./category.ts";
 * import { lineSignal } from "./score.ts";
 * const s: LineSignal = lineSignal("ERROR boom");
 * assert.ok(typeof s === "number");
 * ```
 */
export type LineSignal = number;

const _STACK = LineCategory.STACK << 7;

/**
 * The category of a signal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineCategory, signalCategory } from "./category.ts";
 * import { lineSignal } from "./score.ts";
 * assert.ok(signalCategory(lineSignal("    at main (/app/x.js:1:2)")) === LineCategory.STACK);
 * ```
 */
export function signalCategory(signal: LineSignal): LineCategory {
  return (signal >>> 7) as LineCategory;
}

/**
 * Whether a signal is a hard keep: an error, fatal, stack frame or diagnostic
 * keyword. Hard lines score the same (at least 40) at every level; the
 * pipeline records them as `keep-hard` for auto aggressiveness.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isHardSignal } from "./category.ts";
 * import { lineSignal } from "./score.ts";
 * assert.ok(isHardSignal(lineSignal("[WARN] connection timeout to db")));
 * assert.ok(!isHardSignal(lineSignal("[WARN] cache is cold")));
 * ```
 */
export function isHardSignal(signal: LineSignal): boolean {
  return signal >= _STACK;
}
