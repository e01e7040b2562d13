/**
 * Unified-diff lines: a test failure often prints the expected/actual difference
 * as a diff hunk, which select keeps after an error.
 *
 * @module
 */

/**
 * A unified-diff line: 2 for a hunk header (`@@ -14,11 +14,11 @@`), 1 for a changed
 * line (`- old`, `+ new`), 0 for anything else that ends a hunk (a blank line), -1
 * for a context line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diffLine } from "./diff.ts";
 * assert.ok(diffLine("@@ -14,11 +14,11 @@") === 2);
 * assert.ok(diffLine("  - expected") === 1);
 * assert.ok(diffLine("") === 0);
 * assert.ok(diffLine("    unchanged") === -1);
 * ```
 */
export function diffLine(line: string): number {
  let i = 0;
  let c = 0;
  while (i < line.length && ((c = line.charCodeAt(i)) === 32 || c === 9)) i++;
  if (i === line.length) return 0;
  if (c === 64 /* @ */) return /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/.test(line.slice(i)) ? 2 : -1;
  if ((c === 43 || c === 45) && line.charCodeAt(i + 1) === 32) return 1;
  return -1;
}
