/**
 * Line shapes the continuation rules look at: blank lines and the last visible
 * character of a line, by character code (no regular expression per line).
 *
 * @module
 */

/**
 * Whether the last non-space character of `line` has the character code `code`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { endsWithChar } from "./line_shape.ts";
 * assert.ok(endsWithChar(123, "func main() {  ")); // {
 * assert.ok(!endsWithChar(58, ""));
 * ```
 */
export function endsWithChar(code: number, line: string): boolean {
  let e = line.length - 1;
  while (e >= 0 && line.charCodeAt(e) <= 32) e--;
  return e >= 0 && line.charCodeAt(e) === code;
}

/**
 * Empty or only spaces and tabs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBlankLine } from "./line_shape.ts";
 * assert.ok(isBlankLine(" \t") && !isBlankLine(" x"));
 * ```
 */
export function isBlankLine(line: string): boolean {
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
