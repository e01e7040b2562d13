/**
 * Character classes of the sanitizer (ASCII codes), shared by its passes.
 *
 * @module
 */

/** `[A-Za-z0-9_]`. */
export function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** `[A-Za-z0-9]`. */
export function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `[0-9]`. */
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** `[0-9A-Fa-f]`. */
export function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** `[A-Za-z0-9_-]`: the characters of tokens, ids and hashes. */
export function isTokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45;
}

const _ID_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45 || c === 46
  ) _ID_CHAR[c] = 1;
}

/** `[A-Za-z0-9_.-]`: the characters of key names. */
export function isIdChar(c: number): boolean {
  return c < 128 && _ID_CHAR[c] === 1;
}

/** Shortest run of letters and digits that can be a hash. */
export const HASH_MIN = 16;

/** Whether `s` holds a run of 16+ `[A-Za-z0-9_-]`, probing every 16th character. */
export function hasLongRun(s: string): boolean {
  let i = HASH_MIN - 1;
  while (i < s.length) {
    if (!isTokenChar(s.charCodeAt(i))) {
      i += HASH_MIN;
      continue;
    }
    let l = i;
    while (l > 0 && i - l < HASH_MIN && isTokenChar(s.charCodeAt(l - 1))) l--;
    let r = i + 1;
    while (r < s.length && r - l < HASH_MIN && isTokenChar(s.charCodeAt(r))) r++;
    if (r - l >= HASH_MIN) return true;
    i = r + HASH_MIN;
  }
  return false;
}

/** Replaces the [start, end) spans (a flat list, any order, maybe overlapping) by `text`. */
export function applySpans(s: string, spans: number[], text: string): string {
  const order: number[] = [];
  let sorted = true;
  for (let k = 0; k < spans.length; k += 2) {
    if (k > 0 && spans[k] < spans[k - 2]) sorted = false;
    order.push(k);
  }
  // Each scan finds its spans in order; sort only when several scans contributed.
  if (!sorted) order.sort((a, b) => spans[a] - spans[b]);
  let out = "";
  let copied = 0;
  for (const k of order) {
    if (spans[k] < copied) {
      copied = Math.max(copied, spans[k + 1]); // overlapping: the union is masked
      continue;
    }
    out += s.slice(copied, spans[k]) + text;
    copied = spans[k + 1];
  }
  return out + s.slice(copied);
}

/**
 * The length of bash's quoted quote at `i` (a closing quote, an escaped quote, an
 * opening quote: `'\\''`, or `'\\\\''` inside a JSON string), or 0. bash's trace
 * writes a quote inside a single-quoted word this way: `'a'\\''b'` is one word, `a'b`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotedQuoteLength } from "./chars.ts";
 * assert.equal(quotedQuoteLength("'a'\\''b'", 2), 4);
 * assert.equal(quotedQuoteLength("'a' 'b'", 2), 0);
 * ```
 */
export function quotedQuoteLength(s: string, i: number): number {
  if (s.startsWith("'\\''", i)) return 4;
  return s.startsWith("'\\\\''", i) ? 5 : 0;
}
