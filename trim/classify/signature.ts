/**
 * Repeat signatures: the shape of a line with its `key=value` values generalized.
 *
 * @module
 */

/**
 * Matches `key=value` pairs. The key must start a word (the lookbehind), so a long
 * run of identifier characters is scanned once, not once per position.
 */
export const KEY_VALUE_RE: RegExp =
  /(?<![\w.\-])([A-Za-z_][\w.\-]{0,127})=("(?:[^"\\]|\\.){0,4096}"|'[^']{0,4096}'|[^\s,;&)\]}]*)/g;

/**
 * The repeat signature of a line: every `key=value` value becomes `[VALUE]`.
 * Adjacent lines with the same signature have the same shape and fold together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRepeatSignature } from "./signature.ts";
 * assert.ok(
 *   createRepeatSignature("payment failed requestId=a1 amount=12.50 failures=3/5") ===
 *     "payment failed requestId=[VALUE] amount=[VALUE] failures=[VALUE]",
 * );
 * ```
 */
export function createRepeatSignature(line: string): string {
  if (line.indexOf("=") < 0) return line;
  return line.replace(KEY_VALUE_RE, "$1=[VALUE]");
}

/**
 * The `key=value` values of a line, in order, with the start and end offset of each.
 * Returns a flat array `[start0, end0, start1, end1, …]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { valueSpans } from "./signature.ts";
 * const line = "a=1 b=two";
 * const spans = valueSpans(line);
 * assert.ok(line.slice(spans[2], spans[3]) === "two");
 * ```
 */
export function valueSpans(line: string): number[] {
  const spans: number[] = [];
  if (line.indexOf("=") < 0) return spans;
  KEY_VALUE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = KEY_VALUE_RE.exec(line)) !== null) {
    const end = m.index + m[0].length;
    spans.push(end - m[2].length, end);
    if (m[0].length === 0) KEY_VALUE_RE.lastIndex++;
  }
  return spans;
}
