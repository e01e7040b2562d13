/**
 * Stream templates: the shape of a line for folding across the stream (Drain-style).
 *
 * The varying parts of a line, exactly:
 *
 * 1. every **number or id token**: a token is a maximal run of characters other
 *    than white space and `, ; : ( ) [ ] { } < > " ' = | / ? &`; it varies when it is
 *    a number as a whole or holds at least 3 digits, so `blk_-2918118`, `24200` in
 *    `sshd[24200]:`, `17` in `batch 17`, `part-00258.` and `R02-M1-N0` each vary as
 *    a whole, while names with a digit or two (`module0.py`, `host7`) stay, unless
 *    the token before it is one of
 *    {@linkcode NEVER_MERGE_LABELS} (any case, with an optional trailing `:` or `#`):
 *    `exit 1` and `exit 2` stay apart;
 * 2. the token right after `key=` (a `key=value` value), whatever it holds.
 *
 * One scan over the line, no regular expression beyond a digit test.
 *
 * Everything else is constant text: two lines share a stream template only when
 * their words without digits are the same, in the same order. So distinct messages
 * (`connection refused` / `connection reset`, `users.db` / `orders.db`) never share
 * one; what varies is numbers, ids, addresses, counters and names with digits.
 *
 * @module
 */

import { NEVER_MERGE_LABELS } from "./template.ts";

const _DIGIT_RE = /\d/;

/** Digits that make a token an id rather than a name (unless it is a number as a whole). */
const _ID_DIGITS = 3;

/** Never-merge labels by length, lower case. */
const _NEVER: string[][] = [];
for (const w of NEVER_MERGE_LABELS) (_NEVER[w.length] ??= []).push(w);

/** Token delimiters: white space and `, ; : ( ) [ ] { } < > " ' = | / ? &`. */
const _DELIM = new Uint8Array(128);
for (const c of " \t\n\r\f\v,;:()[]{}<>\"'=|/?&") _DELIM[c.charCodeAt(0)] = 1;

/**
 * The varying parts of a line as a stream template, in order: a flat array
 * `[start0, end0, start1, end1, …]` of offsets (see the module rules). Lines with
 * the same {@linkcode streamKey} have the same number of spans.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamSpans } from "./volatile.ts";
 * const line = "2561 WARN serving blk_-2918 to host7 retries: 3";
 * const s = streamSpans(line);
 * const parts = [];
 * for (let k = 0; k < s.length; k += 2) parts.push(line.slice(s[k], s[k + 1]));
 * assert.deepEqual(parts, ["2561", "blk_-2918", "3"]); // host7 is a name
 * assert.deepEqual(streamSpans("exit 1"), []);
 * ```
 */
export function streamSpans(line: string): number[] {
  return _spans(line, false);
}

/**
 * The varying parts of a failure line: only **numbers** vary, tokens that are a
 * number as a whole (an optional sign, digits with `.` or `_` inside, an optional unit
 * of up to 3 letters or `%`, or `0x` and hex digits), unless a never-merge label
 * precedes them. Words with digits in them (`ord_77310`, `node7`) and `key=value`
 * values that are not numbers stay constant: failure lines that fold differ in
 * numbers only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberSpans } from "./volatile.ts";
 * const line = "ERROR timed out id=17 after 4ms on node7 (exit 1)";
 * const s = numberSpans(line);
 * const parts = [];
 * for (let k = 0; k < s.length; k += 2) parts.push(line.slice(s[k], s[k + 1]));
 * assert.deepEqual(parts, ["17", "4ms"]);
 * ```
 */
export function numberSpans(line: string): number[] {
  return _spans(line, true);
}

function _spans(line: string, numbersOnly: boolean): number[] {
  const kv = !numbersOnly && line.indexOf("=") >= 0;
  if (!kv && !_DIGIT_RE.test(line)) return [];
  const out: number[] = [];
  const n = line.length;
  let prevStart = -1;
  let prevEnd = -1;
  let i = 0;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c < 128 && _DELIM[c] === 1) {
      i++;
      continue;
    }
    const start = i;
    let digits = 0;
    while (i < n) {
      const d = line.charCodeAt(i);
      if (d < 128 && _DELIM[d] === 1) break;
      if (d >= 48 && d <= 57) digits++;
      i++;
    }
    // A name with a digit or two (`module0.py`, `Sync64Fast`, `host7`) is a name; an id,
    // a counter or a number (`blk_-2918118`, `part-00258`, `R02-M1-N0`, `17`) varies.
    const digit = digits >= _ID_DIGITS || (digits > 0 && _isNumber(line, start, i));
    // A `key=value` value varies whatever it holds (as in the repeat signature).
    const value = kv && start >= 2 && line.charCodeAt(start - 1) === 61 &&
      _isWordChar(line.charCodeAt(start - 2));
    if (
      value ||
      (digit && !_neverBefore(line, prevStart, prevEnd) &&
        (!numbersOnly || _isNumber(line, start, i)))
    ) out.push(start, i);
    prevStart = start;
    prevEnd = i;
  }
  return out;
}

function _isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45 || c === 46;
}

const _NONE: number[] = [];

/**
 * The stream template of a line as a 53-bit number: a hash of its constant pieces
 * (the text between its {@linkcode streamSpans} or {@linkcode numberSpans}), each
 * piece ended by a separator, seeded with `kind` (so failure templates and plain
 * ones never share a key). Lines of one template give equal keys; two
 * different templates share one with a chance of about 2^-53, and no string is built.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamKey, streamSpans } from "./volatile.ts";
 * const key = (l: string) => streamKey(l, streamSpans(l), 0);
 * assert.ok(key("served blk_100 to node7") === key("served blk_2200 to node7"));
 * assert.ok(key("served blk_100 to node7") !== key("served blk_100 to node9"));
 * assert.ok(key("served blk_100 to node7") !== key("refused blk_100 to node7"));
 * const s = streamSpans("a 1");
 * assert.ok(streamKey("a 1", s, 0) !== streamKey("a 1", s, 1));
 * ```
 */
export function streamKey(line: string, spans: readonly number[], kind: number): number {
  let a = 0x811c9dc5 ^ kind;
  let b = 0x9747b28c ^ spans.length;
  let at = 0;
  for (let k = 0; k <= spans.length; k += 2) {
    const end = k < spans.length ? spans[k] : line.length;
    for (let i = at; i < end; i++) {
      const c = line.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    // The separator: a value that no UTF-16 code unit has.
    a = Math.imul(a ^ 0x10000, 0x01000193);
    b = Math.imul(b ^ 0x10000, 0x5bd1e995);
    b ^= b >>> 15;
    if (k < spans.length) at = spans[k + 1];
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** Whether the token `[start, end)` is a number as a whole (see {@linkcode numberSpans}). */
function _isNumber(line: string, start: number, end: number): boolean {
  let i = start;
  let c = line.charCodeAt(i);
  if (c === 45 || c === 43) c = line.charCodeAt(++i);
  if (c === 48 && (line.charCodeAt(i + 1) | 32) === 120 && end - i > 2) {
    for (let j = i + 2; j < end; j++) {
      const h = line.charCodeAt(j) | 32;
      if (!((h >= 48 && h <= 57) || (h >= 97 && h <= 102))) return false;
    }
    return true;
  }
  if (!(c >= 48 && c <= 57)) return false;
  let j = i;
  while (j < end) {
    const d = line.charCodeAt(j);
    if (
      (d >= 48 && d <= 57) || ((d === 46 || d === 95) && j + 1 < end && _isDigitAt(line, j + 1))
    ) {
      j++;
    } else break;
  }
  if (j === end) return true;
  if (line.charCodeAt(j) === 37) return j + 1 === end;
  if (end - j > 3) return false;
  for (let u = j; u < end; u++) {
    const l = line.charCodeAt(u) | 32;
    if (!(l >= 97 && l <= 122)) return false;
  }
  return true;
}

function _isDigitAt(line: string, i: number): boolean {
  const c = line.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** Whether the token `[start, end)` is a never-merge label (an optional `:` or `#` after it). */
function _neverBefore(line: string, start: number, end: number): boolean {
  if (start < 0) return false;
  const last = line.charCodeAt(end - 1);
  if (last === 58 || last === 35) end--;
  const words = _NEVER[end - start];
  if (words === undefined) return false;
  for (const w of words) {
    let same = true;
    for (let j = 0; j < w.length; j++) {
      if ((line.charCodeAt(start + j) | 32) !== w.charCodeAt(j)) {
        same = false;
        break;
      }
    }
    if (same) return true;
  }
  return false;
}
