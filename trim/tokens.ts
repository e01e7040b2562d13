/**
 * The built-in token estimate and the word counter.
 *
 * The estimate walks a line once, by character class: runs of letters, runs of
 * digits, punctuation, space runs and non-ASCII characters each cost a calibrated
 * number of tokens. The weights were fitted against the o200k_base BPE tokenizer on
 * CI, server and stack-trace logs (see `tests/tokens_test.ts`, which checks the
 * estimate stays within ±10% of the real tokenizer on fixtures of several kinds).
 *
 * @module
 */

// Character classes for ASCII: 0 other/punct, 1 letter, 2 digit, 3 space.
const _CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) _CLASS[c] = 1;
  else if (c >= 48 && c <= 57) _CLASS[c] = 2;
  else if (c === 32 || (c >= 9 && c <= 13)) _CLASS[c] = 3;
}

// Calibrated weights (see module docs).
const _LINE = 1.352; // the newline and line start
const _LETTER_RUN = 0.446; // a word
const _LETTER_EXTRA = 0.151; // each further letter past the first in a run
const _UPPER_EXTRA = 0.197; // a further capital in a run (ALL_CAPS splits more)
const _DIGIT = 0.238; // each digit
const _PUNCT = 0.438; // the first of a run of punctuation
const _PUNCT_EXTRA = 0.311; // each further one (BPE merges "://", ")," …)
const _DIGIT_RUN = 1.445; // a run of digits
const _SPACE_RUN = 0.676; // a run of two or more spaces or tabs
const _CJK = 1.0;
const _OTHER_NON_ASCII = 0.4;

/**
 * Estimates the number of BPE tokens of one line (the line's newline included).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { estimateTokens } from "./tokens.ts";
 * const n = estimateTokens("ERROR connection refused to db.internal:5432");
 * assert.ok(n > 5 && n < 20);
 * ```
 */
export function estimateTokens(line: string): number {
  _one.tokens = 0;
  _one.add(line);
  return _one.tokens;
}

/**
 * Counts whitespace-separated words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countWords } from "./tokens.ts";
 * assert.ok(countWords("  npm ERR! code  ERESOLVE ") === 4);
 * ```
 */
export function countWords(line: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const space = c === 32 || (c >= 9 && c <= 13) || c === 0xa0;
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

/**
 * Accumulates words and estimated tokens of many lines in one pass per line.
 * With a custom estimator, words are counted by {@linkcode countWords} and tokens by
 * the estimator.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineMeter } from "./tokens.ts";
 * const m = new LineMeter();
 * m.add("npm ERR! code ERESOLVE");
 * assert.ok(m.words === 4 && m.tokens > 3);
 * ```
 */
export class LineMeter {
  /** Words counted so far. */
  words = 0;
  /** Estimated tokens so far. */
  tokens = 0;
  #estimate: ((line: string) => number) | undefined;

  /** @param estimate a custom token estimator; the built-in one when omitted. */
  constructor(estimate?: (line: string) => number) {
    this.#estimate = estimate === estimateTokens ? undefined : estimate;
  }

  /** Adds one line. */
  add(line: string): void {
    if (this.#estimate !== undefined) {
      this.words += countWords(line);
      this.tokens += this.#estimate(line);
      return;
    }
    // One table step per ASCII character: the state (the previous character's class)
    // and the character give the event to count and the next state. Integer counts per
    // event, weighted once at the end.
    const n = _EVENTS;
    n.fill(0);
    let cjk = 0, other = 0, wide = 0;
    let s = _S_SPACE;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c < 128) {
        const x = _STEP[(s << 7) | c];
        n[x >> 3]++;
        s = x & 7;
      } else if (c === 0xa0) {
        s = _S_SPACE;
      } else {
        if (c >= 0x2e80 && c <= 0xd7af) cjk++;
        else if (c < 0xdc00 || c > 0xdfff) other++;
        if (s >= _S_SPACE) wide++;
        s = _S_OTHER;
      }
    }
    const letterRuns = n[_E_LETTER_RUN] + n[_E_LETTER_WORD];
    const digits = n[_E_DIGIT] + n[_E_DIGIT_RUN] + n[_E_DIGIT_WORD];
    const digitRuns = n[_E_DIGIT_RUN] + n[_E_DIGIT_WORD];
    const punctRuns = n[_E_PUNCT_RUN] + n[_E_PUNCT_WORD];
    this.words += n[_E_LETTER_WORD] + n[_E_DIGIT_WORD] + n[_E_PUNCT_WORD] + wide;
    this.tokens += _LINE + letterRuns * _LETTER_RUN + n[_E_LOWER_EXTRA] * _LETTER_EXTRA +
      n[_E_UPPER_EXTRA] * _UPPER_EXTRA + digits * _DIGIT + digitRuns * _DIGIT_RUN +
      punctRuns * _PUNCT + n[_E_PUNCT_EXTRA] * _PUNCT_EXTRA + n[_E_SPACE_RUN] * _SPACE_RUN +
      cjk * _CJK + other * _OTHER_NON_ASCII;
  }
}

// The states of the table walk: the class of the previous character (a space after a
// space is its own state: the second space of a run counts the run).
const _S_OTHER = 0;
const _S_LETTER = 1;
const _S_DIGIT = 2;
const _S_SPACE = 3;
const _S_SPACES = 4;

// Events: what one character adds to the counts (a "word" event also starts a word).
const _E_NONE = 0;
const _E_UPPER_EXTRA = 1;
const _E_LOWER_EXTRA = 2;
const _E_LETTER_RUN = 3;
const _E_LETTER_WORD = 4;
const _E_DIGIT = 5;
const _E_DIGIT_RUN = 6;
const _E_DIGIT_WORD = 7;
const _E_SPACE_RUN = 8;
const _E_PUNCT_EXTRA = 9;
const _E_PUNCT_RUN = 10;
const _E_PUNCT_WORD = 11;

/** Event counts of the line being added (reset per line). */
const _EVENTS = new Int32Array(12);

/** `(event << 3) | next state`, indexed by `(state << 7) | ASCII code`. */
const _STEP = _buildSteps();

function _buildSteps(): Uint8Array {
  const t = new Uint8Array(5 << 7);
  for (let s = 0; s < 5; s++) {
    const afterSpace = s === _S_SPACE || s === _S_SPACES;
    for (let c = 0; c < 128; c++) {
      const k = _CLASS[c];
      let e = _E_NONE;
      let next = k;
      if (k === 1) {
        if (s === _S_LETTER) e = c <= 90 ? _E_UPPER_EXTRA : _E_LOWER_EXTRA;
        else e = afterSpace ? _E_LETTER_WORD : _E_LETTER_RUN;
      } else if (k === 2) {
        if (s === _S_DIGIT) e = _E_DIGIT;
        else e = afterSpace ? _E_DIGIT_WORD : _E_DIGIT_RUN;
      } else if (k === 3) {
        if (s === _S_SPACE) {
          e = _E_SPACE_RUN;
          next = _S_SPACES;
        } else if (s === _S_SPACES) next = _S_SPACES;
        else next = _S_SPACE;
      } else {
        if (s === _S_OTHER) e = _E_PUNCT_EXTRA;
        else e = afterSpace ? _E_PUNCT_WORD : _E_PUNCT_RUN;
      }
      t[(s << 7) | c] = (e << 3) | next;
    }
  }
  return t;
}

/** The meter behind {@linkcode estimateTokens}. */
const _one = new LineMeter();
