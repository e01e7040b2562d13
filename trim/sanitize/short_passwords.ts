/**
 * Short random passwords printed bare: a generated password of 8 to 19 characters
 * with no key word next to it (`created user bob with password below`, then
 * `Kq8!zL2m@x9Qw`), too short for the entropy rule (20+) and split by its symbols into
 * runs shorter still.
 *
 * A word of the line (between spaces, quotes, `=`, `:`, brackets or commas) is masked
 * whole when it reads as generated:
 *
 * | Word | Rule |
 * |---|---|
 * | 8 to 64 characters with a symbol (`!#$%&*+?@^~`) | upper case, lower case, a digit and a symbol (not `$` alone), the character class changes at half the steps or more, and no 3 lower-case letters in a row (a word) |
 * | 12 to 19 characters of letters and digits, between spaces | upper case, lower case, 2+ digits, the class changes at 55 % of the steps or more, and the entropy rule's own judgement at 12 (not camelCase words) |
 *
 * What stays: words (`Summer2024!` changes class 3 times in 10 steps), package
 * references (`React@18`), identifiers (`getUserById2`, `TestMT940`), paths, e-mail
 * addresses and versions (`/` and `.` are not word characters here: they end the
 * word, and a word must end at a space, a quote, a bracket, `,` or `;`).
 *
 * @module
 */

import { isRandomRun } from "./entropy.ts";

/** Characters of a password word: letters, digits, `_`, `-` and the symbols. */
const _WORD = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-!#$%&*+?@^~") {
  _WORD[ch.charCodeAt(0)] = 1;
}

/** The symbols a generated password holds (not `_`/`-`: identifiers have them). */
const _SYMBOL = new Uint8Array(128);
for (const ch of "!#$%&*+?@^~") _SYMBOL[ch.charCodeAt(0)] = 1;

/** What may stand before a password word: a space, a quote, `=`, `:`, `(`, `[`, `,`, `>`. */
const _BEFORE = new Uint8Array(128);
for (const ch of " \t\"'`=:([,>{") _BEFORE[ch.charCodeAt(0)] = 1;

/** What may stand after one: a space, a quote, `)`, `]`, `,`, `;`, `}` (or the end). */
const _AFTER = new Uint8Array(128);
for (const ch of " \t\"'`)],;}") _AFTER[ch.charCodeAt(0)] = 1;

const _MIN = 8;
const _MAX = 64;

/**
 * Masks the short random passwords of a line (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maskShortPasswords } from "./short_passwords.ts";
 * assert.equal(maskShortPasswords("new password Kq8!zL2m@x9Qw set"), "new password [REDACTED] set");
 * assert.equal(maskShortPasswords("user bob: Xk3vQ9pL2mWz"), "user bob: [REDACTED]");
 * assert.equal(maskShortPasswords("Summer2024! React@18 getUserById2"), "Summer2024! React@18 getUserById2");
 * ```
 */
export function maskShortPasswords(s: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c >= 128 || _WORD[c] === 0) {
      i++;
      continue;
    }
    let e = i + 1;
    while (e < n) {
      const d = s.charCodeAt(e);
      if (d >= 128 || _WORD[d] === 0) break;
      e++;
    }
    const len = e - i;
    if (
      len >= _MIN && len <= _MAX && _boundedAt(s, i, e) && _isGenerated(s, i, e, _spaced(s, i, e))
    ) {
      out += s.slice(copied, i) + "[REDACTED]";
      copied = e;
    }
    i = e;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

function _boundedAt(s: string, a: number, e: number): boolean {
  if (a > 0) {
    const b = s.charCodeAt(a - 1);
    if (b >= 128 || _BEFORE[b] === 0) return false;
  }
  if (e < s.length) {
    const f = s.charCodeAt(e);
    if (f >= 128 || _AFTER[f] === 0) return false;
  }
  return true;
}

/** Whether the word stands between spaces (or the line's ends): printed bare. */
function _spaced(s: string, a: number, e: number): boolean {
  const b = a > 0 ? s.charCodeAt(a - 1) : 32;
  const f = e < s.length ? s.charCodeAt(e) : 32;
  return (b === 32 || b === 9) && (f === 32 || f === 9);
}

/** 0 lower, 1 upper, 2 digit, 3 symbol, 4 `_`/`-`. */
function _classOf(c: number): number {
  if (c >= 97 && c <= 122) return 0;
  if (c >= 65 && c <= 90) return 1;
  if (c >= 48 && c <= 57) return 2;
  return _SYMBOL[c] === 1 ? 3 : 4;
}

function _isGenerated(s: string, a: number, e: number, spaced: boolean): boolean {
  let lower = 0, upper = 0, digit = 0, symbol = 0, changes = 0, dollars = 0;
  let run = 0, maxRun = 0; // lower-case letters in a row
  let prev = -1;
  for (let k = a; k < e; k++) {
    const c = s.charCodeAt(k);
    const cls = _classOf(c);
    if (cls === 0) lower++;
    else if (cls === 1) upper++;
    else if (cls === 2) digit++;
    else if (cls === 3) {
      symbol++;
      if (c === 36) dollars++;
    }
    run = cls === 0 ? run + 1 : 0;
    if (run > maxRun) maxRun = run;
    if (prev >= 0 && cls !== prev) changes++;
    prev = cls;
  }
  if (lower === 0 || upper === 0 || digit === 0) return false;
  const len = e - a;
  const ratio = changes / (len - 1);
  // Symbols between words are names: `FooTest#foo1Test` (a test), `_1$mcI$sp` and
  // `Outer$Inner$1` (JVM names, `$` their only symbol).
  if (symbol > 0) return ratio >= 0.5 && maxRun < 3 && dollars < symbol;
  // Letters and digits only: printed bare (a quoted or `key=` value of that shape is
  // an id, a cursor, a reference more often than a password).
  if (!spaced || len < 12 || len >= 20 || digit < 2 || ratio < 0.55) return false;
  return isRandomRun(s.slice(a, e), 12);
}
