/**
 * The masker of a run: one function, built once from the options, that masks a
 * line as the output shows it: the built-in sanitizer ({@linkcode sanitizeLine}, or
 * {@linkcode sanitizeJsonLine} for `jsonl-preserve`), then the custom `sanitize`
 * rules. The select stage masks the lines it keeps with it, and `--explain` shows
 * every line through it, so nothing appears in clear in one that the other masks.
 *
 * @module
 */

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
  if (slice.jsonl) return (line) => sanitizeJsonLine(line, suffix, extra);
  if (extra !== undefined) return (line) => extra(sanitizeLine(line, suffix));
  return (line) => sanitizeLine(line, suffix);
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
