/**
 * Binary data in a log: a line that is mostly bytes no text has (a core dump or an
 * image piped in by mistake, a log file's NUL padding after a crash) is no evidence.
 *
 * @module
 */

/** Share of a line's characters that makes it binary. */
const _SHARE = 0.25;

/** Fewest such characters a binary line has (a stray NUL in text is not binary). */
const _MIN = 2;

/**
 * Whether a line is binary data: at least a quarter of its characters (and 2 or more)
 * are U+FFFD (bytes that were not UTF-8) or control characters other than tab, form
 * feed, carriage return and escape. A Latin-1 accent decoded as U+FFFD here and there
 * is text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBinaryLine } from "./binary.ts";
 * assert.ok(isBinaryLine("\u0000\u0000\u0000\u0000\u0000\u0000"));
 * assert.ok(isBinaryLine("\ufffdPNG\r\u001a\u0000\u0000\u0000\rIHDR\u0000\u0000\u0003"));
 * assert.ok(!isBinaryLine("\u00e9chec de l'op\ufffdration"));
 * assert.ok(!isBinaryLine("ERROR disk full"));
 * ```
 */
export function isBinaryLine(line: string): boolean {
  // The common case, cheaply: no NUL and no U+FFFD, no binary.
  if (line.indexOf("\0") < 0 && line.indexOf("\ufffd") < 0) return false;
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 12 && c !== 13 && c !== 27)) n++;
  }
  return n >= _MIN && n >= line.length * _SHARE;
}
