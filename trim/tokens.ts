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
    // Integer counts per class, weighted once at the end: independent increments
    // instead of one long chain of floating-point adds.
    let words = 0;
    let letterRuns = 0, extraLower = 0, extraUpper = 0;
    let digits = 0, digitRuns = 0;
    let punctRuns = 0, punctExtra = 0;
    let spaceRuns = 0, cjk = 0, other = 0;
    let prev = 3;
    let run = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c < 128) {
        const k = _CLASS[c];
        if (k === 1) {
          if (prev === 1) {
            if (c <= 90) extraUpper++;
            else extraLower++;
          } else {
            letterRuns++;
            if (prev === 3) words++;
          }
        } else if (k === 2) {
          digits++;
          if (prev !== 2) {
            digitRuns++;
            if (prev === 3) words++;
          }
        } else if (k === 3) {
          if (prev === 3) {
            if (++run === 1) spaceRuns++;
          } else run = 0;
        } else {
          if (prev === 0) punctExtra++;
          else {
            punctRuns++;
            if (prev === 3) words++;
          }
        }
        prev = k;
      } else {
        if (c === 0xa0) {
          prev = 3;
          run = 0;
          continue;
        }
        if (c >= 0x2e80 && c <= 0xd7af) cjk++;
        else if (c < 0xdc00 || c > 0xdfff) other++;
        if (prev === 3) words++;
        prev = 0;
      }
    }
    this.words += words;
    this.tokens += _LINE + letterRuns * _LETTER_RUN + extraLower * _LETTER_EXTRA +
      extraUpper * _UPPER_EXTRA + digits * _DIGIT + digitRuns * _DIGIT_RUN +
      punctRuns * _PUNCT + punctExtra * _PUNCT_EXTRA + spaceRuns * _SPACE_RUN + cjk * _CJK +
      other * _OTHER_NON_ASCII;
  }
}

/** The meter behind {@linkcode estimateTokens}. */
const _one = new LineMeter();
