/**
 * Template mining: the repeat signature extended to numbers after a word label.
 *
 * The rule, exactly: a **labelled number** is
 *
 * 1. a *label*: a whole run of 2-32 ASCII letters (the letter before it, if any,
 *    is not a letter: in `exit_code 1` the label is `code`);
 * 2. then a separator: one space, `: ` or ` #` (`batch 17`, `retries: 3`, `job #12`);
 * 3. then a *number*: digits, an optional decimal part and an optional unit of up to
 *    3 letters or `%` (`17`, `4.5`, `4ms`, `98%`), not followed by a letter, digit,
 *    `_` or `.digit` (so `1.2.3` and `17abc` are not numbers).
 *
 * Only the number varies; the label stays. Numbers after the labels
 * {@linkcode NEVER_MERGE_LABELS} (any letter case) never vary: `exit 1` and `exit 2`
 * keep different signatures. Numbers inside a `key=value` value are covered by the
 * value itself (the whole value varies).
 *
 * `Processed batch 17 in 4ms` and `Processed batch 18 in 5ms` share the signature
 * `Processed batch [NUM] in [NUM]` and fold into
 * `[x2] Processed batch [17 | 18] in [4ms | 5ms]`.
 *
 * Cost: one pre-check expression (a letter, a separator, a digit) per line; only
 * lines that pass it run the replacement. Both expressions are linear: the label is
 * bounded (32) and anchored by the look-behind, the number has no nested quantifier.
 *
 * @module
 */

import { createRepeatSignature, valueSpans } from "../classify/signature.ts";

/** Labels whose numbers are identities, never volatile: they never merge. */
export const NEVER_MERGE_LABELS: readonly string[] = [
  "code",
  "status",
  "exit",
  "signal",
  "line",
  "version",
  "errno",
  "error",
];

/** The placeholder of a labelled number in a template signature. */
export const NUMBER_PLACEHOLDER = "[NUM]";

/**
 * The anchor of a labelled number: a letter, a separator, a digit. Each hit is then
 * checked with character codes (label run, never-merge labels, number end): far
 * cheaper than one expression with look-arounds tried at every position.
 */
const _ANCHOR_RE = /[A-Za-z](?: |: | #)\d/g;

/** Never-merge labels by length, lower case. */
const _NEVER_BY_LENGTH: string[][] = [];
for (const w of NEVER_MERGE_LABELS) (_NEVER_BY_LENGTH[w.length] ??= []).push(w);

/** Longest label. */
const _MAX_LABEL = 32;

/**
 * The template signature of a line: its repeat signature (every `key=value` value
 * becomes `[VALUE]`), then every labelled number becomes `[NUM]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTemplateSignature } from "./template.ts";
 * const a = createTemplateSignature("Processed batch 17 in 4ms");
 * assert.ok(a === "Processed batch [NUM] in [NUM]");
 * assert.ok(a === createTemplateSignature("Processed batch 18 in 5ms"));
 * assert.ok(createTemplateSignature("exit 1") !== createTemplateSignature("exit 2"));
 * ```
 */
export function createTemplateSignature(line: string): string {
  const s = createRepeatSignature(line);
  _ANCHOR_RE.lastIndex = 0;
  if (!_ANCHOR_RE.test(s)) return s;
  let out = "";
  let copied = 0;
  do {
    const digit = _ANCHOR_RE.lastIndex - 1;
    const end = _labelledNumberEnd(s, _anchorLetter(s, digit), digit);
    if (end > 0) {
      out += s.slice(copied, digit) + NUMBER_PLACEHOLDER;
      copied = end;
      _ANCHOR_RE.lastIndex = end;
    }
  } while (_ANCHOR_RE.test(s));
  return copied === 0 ? s : out + s.slice(copied);
}

/**
 * Whether two repeat signatures (see `createRepeatSignature`) have the same template
 * signature, without building it: one walk over both strings that stops at the
 * first difference outside a labelled number, so unrelated lines are told apart
 * in a few characters and no string is allocated. Equivalent to comparing
 * {@linkcode createTemplateSignature} results (except for text that contains the
 * literal placeholder `[NUM]`, which this treats as different).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameTemplate } from "./template.ts";
 * assert.ok(sameTemplate("Processed batch 17 in 4ms", "Processed batch 18 in 15ms"));
 * assert.ok(!sameTemplate("exit 1", "exit 2"));
 * assert.ok(!sameTemplate("batch 17 done", "batch 17 failed"));
 * ```
 */
export function sameTemplate(a: string, b: string): boolean {
  if (a === b) return true;
  const na = a.length;
  const nb = b.length;
  // Fast rejection: different last characters where one line cannot end in a number.
  if (
    na > 0 && nb > 0 && a.charCodeAt(na - 1) !== b.charCodeAt(nb - 1) &&
    !(_mayEndInNumber(a) && _mayEndInNumber(b))
  ) return false;
  let i = 0;
  let j = 0;
  // Anchors must start at or after the end of the last skipped number (as the
  // replacement scan resumes there).
  let floor = 0;
  while (i < na && j < nb) {
    const c = a.charCodeAt(i);
    if (c >= 48 && c <= 57 && i >= 2) {
      const sep = a.charCodeAt(i - 1);
      let last = -1;
      if (sep === 32) last = a.charCodeAt(i - 2) === 58 ? i - 3 : i - 2;
      else if (sep === 35 && a.charCodeAt(i - 2) === 32) last = i - 3;
      if (last >= floor && _isLetter(a.charCodeAt(last))) {
        const ea = _labelledNumberEnd(a, last, i);
        const d = b.charCodeAt(j);
        const eb = d >= 48 && d <= 57 ? _labelledNumberEnd(b, j - (i - last), j) : -1;
        if (ea > 0 && eb > 0) {
          i = floor = ea;
          j = eb;
          continue;
        }
        if (ea > 0 || eb > 0) return false;
      }
    }
    if (c !== b.charCodeAt(j)) return false;
    i++;
    j++;
  }
  return i === na && j === nb;
}

/**
 * The varying parts of a line under template mining, in order: `key=value` values
 * and labelled numbers, as a flat array `[start0, end0, start1, end1, …]` of offsets.
 * Lines with equal template signatures have the same number of spans, in the same
 * order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { templateSpans } from "./template.ts";
 * const line = "batch 17 id=a7 in 4ms";
 * const s = templateSpans(line);
 * assert.ok(s.length === 6);
 * assert.ok(line.slice(s[0], s[1]) === "17" && line.slice(s[2], s[3]) === "a7");
 * assert.ok(line.slice(s[4], s[5]) === "4ms");
 * ```
 */
export function templateSpans(line: string): number[] {
  const kv = valueSpans(line);
  _ANCHOR_RE.lastIndex = 0;
  if (!_ANCHOR_RE.test(line)) return kv;
  const spans: number[] = [];
  let k = 0;
  do {
    const digit = _ANCHOR_RE.lastIndex - 1;
    const last = _anchorLetter(line, digit);
    const end = _labelledNumberEnd(line, last, digit);
    if (end < 0) continue;
    _ANCHOR_RE.lastIndex = end;
    const at = _labelStart(line, last);
    // Key=value spans before this match go first.
    while (k < kv.length && kv[k + 1] <= at) {
      spans.push(kv[k], kv[k + 1]);
      k += 2;
    }
    // A labelled number starting inside a value is part of that value.
    if (k < kv.length && kv[k] <= at) continue;
    spans.push(digit, end);
  } while (_ANCHOR_RE.test(line));
  while (k < kv.length) {
    spans.push(kv[k], kv[k + 1]);
    k += 2;
  }
  return spans;
}

/** The label's last letter of an anchor whose digit is at `digit` (separator ` `, `: ` or ` #`). */
function _anchorLetter(s: string, digit: number): number {
  return s.charCodeAt(digit - 1) === 32 && s.charCodeAt(digit - 2) !== 58 ? digit - 2 : digit - 3;
}

/** Start of the letter run ending at `last` (may be longer than a label). */
function _labelStart(s: string, last: number): number {
  let i = last;
  const stop = Math.max(0, last - _MAX_LABEL);
  while (i > stop && _isLetter(s.charCodeAt(i - 1))) i--;
  return i;
}

/**
 * At an anchor (label's last letter at `last`, number's first digit at `digit`):
 * the end offset of the labelled number, or -1 when the anchor is not one (label
 * too short, too long or never-merge; number followed by a letter, digit, `_`, `%`
 * or `.digit`).
 */
function _labelledNumberEnd(s: string, last: number, digit: number): number {
  const start = _labelStart(s, last);
  const len = last - start + 1;
  if (len < 2 || len > _MAX_LABEL || (start > 0 && _isLetter(s.charCodeAt(start - 1)))) {
    return -1;
  }
  // `README.md: 757:`: a file's extension before `: N` is a source location, the
  // finding's identity (adjacent findings at other lines are other findings).
  if (start > 0 && s.charCodeAt(start - 1) === 46 && s.charCodeAt(last + 1) === 58) return -1;
  const never = _NEVER_BY_LENGTH[len];
  if (never !== undefined) {
    for (const w of never) if (_sameLower(s, start, w)) return -1;
  }
  const n = s.length;
  let j = digit + 1;
  while (j < n && _isDigit(s.charCodeAt(j))) j++;
  if (s.charCodeAt(j) === 46 && _isDigit(s.charCodeAt(j + 1))) {
    j += 2;
    while (j < n && _isDigit(s.charCodeAt(j))) j++;
  }
  if (s.charCodeAt(j) === 37) j++;
  else {
    let u = j;
    while (u < n && u - j < 4 && _isLetter(s.charCodeAt(u))) u++;
    if (u - j > 3) return -1;
    j = u;
  }
  const c = s.charCodeAt(j);
  if (_isLetter(c) || _isDigit(c) || c === 95 || c === 37) return -1;
  if (c === 46 && _isDigit(s.charCodeAt(j + 1))) return -1;
  return j;
}

/** Whether a string may end in a number with its unit: a digit or `%` in the last 4 characters. */
function _mayEndInNumber(s: string): boolean {
  for (let i = s.length - 1, stop = Math.max(0, s.length - 4); i >= stop; i--) {
    const c = s.charCodeAt(i);
    if (_isDigit(c) || c === 37) return true;
    if (!_isLetter(c)) return false;
  }
  return false;
}

function _sameLower(s: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    if ((s.charCodeAt(at + k) | 32) !== word.charCodeAt(k)) return false;
  }
  return true;
}

function _isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
