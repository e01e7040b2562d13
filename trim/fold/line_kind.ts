/**
 * What a kept line is for the fold across the stream (`stream.ts`), and the hash
 * remembered templates are kept as.
 *
 * @module
 */

import { LineCategory, signalCategory } from "../classify/category.ts";
import { lineSignal } from "../classify/score.ts";
import { inferSeverity } from "../classify/severity.ts";

/**
 * The kinds of lines: plain, failure (folds by numbers only), structure (a line of a
 * multi-line record: folds with the line before it only), blank.
 */
export const FoldLineKind = {
  PLAIN: 0,
  FAILURE: 1,
  STRUCTURE: 2,
  BLANK: 3,
} as const;

/**
 * What a line is for folding: blank; structure (indented: a line of a multi-line
 * record such as a stack frame or an object dump; or no level and a stack signal);
 * failure (an `error`/`fatal` level; or no level and an error, fatal or diagnostic
 * signal); else plain.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FoldLineKind, foldLineKind } from "./line_kind.ts";
 * assert.ok(foldLineKind("ERROR db down") === FoldLineKind.FAILURE);
 * assert.ok(foldLineKind("\tat com.acme.A.run(A.java:3)") === FoldLineKind.STRUCTURE);
 * assert.ok(foldLineKind("WARN Got exception while serving blk_1") === FoldLineKind.PLAIN);
 * assert.ok(foldLineKind("  ") === FoldLineKind.BLANK);
 * ```
 */
export function foldLineKind(line: string): number {
  if (_isBlank(line)) return FoldLineKind.BLANK;
  const c0 = line.charCodeAt(0);
  if (c0 === 32 || c0 === 9) return FoldLineKind.STRUCTURE;
  const level = inferSeverity(line);
  if (level !== undefined) {
    return level === "error" || level === "fatal" ? FoldLineKind.FAILURE : FoldLineKind.PLAIN;
  }
  const category = signalCategory(lineSignal(line));
  if (category >= LineCategory.DIAGNOSTIC) return FoldLineKind.FAILURE;
  return category === LineCategory.STACK ? FoldLineKind.STRUCTURE : FoldLineKind.PLAIN;
}

/**
 * A 53-bit hash of a text (two 32-bit FNV-1a style hashes with different primes):
 * remembered templates are kept as such numbers, so memory does not grow with line
 * length. Two different texts share a key with a chance of about 2^-53 per pair.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textKey } from "./line_kind.ts";
 * assert.ok(textKey("a b") === textKey("a b") && textKey("a b") !== textKey("a c"));
 * assert.ok(Number.isSafeInteger(textKey("x".repeat(1000))));
 * ```
 */
export function textKey(s: string): number {
  let a = 0x811c9dc5 ^ s.length;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** Whether a line is empty or only whitespace. */
function _isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 11 && c !== 12 && c !== 13 && c !== 0xa0) return false;
  }
  return true;
}
