/**
 * The masker of a run: one function, built once from the options, that masks a
 * line as the output shows it: the built-in sanitizer ({@linkcode sanitizeLine}, or
 * {@linkcode sanitizeJsonLine} for `jsonl-preserve`), then the custom `sanitize`
 * rules. The select stage masks the lines it keeps with it, and `--explain` shows
 * every line through it, so nothing appears in clear in one that the other masks.
 *
 * @module
 */

import { LineMemo } from "../bounded_cache.ts";
import { sanitizeJsonLine } from "./jsonl.ts";
import { sanitizeLine } from "../sanitize.ts";

/** How the masker of a run masks a kept line. */
export interface MaskSlice {
  /** Keep the last N characters of masked ids and hashes. */
  preserveIdSuffix: number;
  /** Custom `sanitize` rules, applied after the built-in ones. */
  rules: ReadonlyArray<{ re: RegExp; replacement: string }> | undefined;
  /** Mask JSON Lines without breaking them (`jsonl-preserve`). */
  jsonl: boolean;
}

/** Masks one line. */
export type Masker = (line: string) => string;

/** Lines of one generation of the masker's cache (two generations are held). */
export const MASK_CACHE_LINES = 1024;
/** Lines longer than this are masked each time, not cached (the cache's memory stays small). */
export const MASK_CACHE_MAX_LENGTH = 1024;

/**
 * Builds the masker of a run.
 *
 * @example A custom rule applies after the built-in ones
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMasker } from "./masker.ts";
 * const mask = createMasker({
 *   preserveIdSuffix: 0,
 *   rules: [{ re: /cust-\d+/g, replacement: "[CUSTOMER]" }],
 *   jsonl: false,
 * });
 * assert.ok(mask("order for cust-4411 token=ghp_abcdefghijklmnopqrstuvwxyz0123456789") ===
 *   "order for [CUSTOMER] token=[REDACTED]");
 * ```
 */
export function createMasker(slice: MaskSlice): Masker {
  const { preserveIdSuffix: suffix, rules } = slice;
  const extra = rules === undefined ? undefined : (line: string) => applyRules(line, rules);
  if (slice.jsonl) return memoMasker((line) => sanitizeJsonLine(line, suffix, extra));
  if (extra !== undefined) return memoMasker((line) => extra(sanitizeLine(line, suffix)));
  return memoMasker((line) => sanitizeLine(line, suffix));
}

/**
 * A masker that masks a line it saw lately once: masking is a pure function of the
 * line, and dear (≈ 9–15 µs for a keep candidate of the Loghub logs). Adaptive: where
 * fewer than 1 in 8 lookups hit (6 % on the first 20 MB of the Loghub logs ×23), the
 * copies of the lines it holds cost more than the hits save (measured: 7 % more CPU),
 * and it stands aside. Bounded: two generations of
 * {@linkcode MASK_CACHE_LINES} lines of at most {@linkcode MASK_CACHE_MAX_LENGTH}
 * characters ({@linkcode LineMemo}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoMasker } from "./masker.ts";
 * let calls = 0;
 * const mask = memoMasker((line) => (calls++, line.replace(/\d/g, "N")));
 * assert.ok(mask("id 42") === "id NN" && mask("id 42") === "id NN" && calls === 1);
 * ```
 */
export function memoMasker(mask: Masker): Masker {
  const memo = new LineMemo(mask, MASK_CACHE_LINES, MASK_CACHE_MAX_LENGTH, true);
  return (line) => memo.get(line);
}

/**
 * Applies custom `sanitize` rules in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { applyRules } from "./masker.ts";
 * assert.ok(applyRules("id 42", [{ re: /\d+/g, replacement: "N" }]) === "id N");
 * ```
 */
export function applyRules(
  line: string,
  rules: ReadonlyArray<{ re: RegExp; replacement: string }>,
): string {
  for (const r of rules) line = line.replace(r.re, r.replacement);
  return line;
}
