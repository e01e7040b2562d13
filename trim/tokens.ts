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

// Calibrated weights in thousandths of a token (see module docs): counted in whole
// numbers, so a total does not depend on the order its lines were added in.
const _LINE = 1352; // the newline and line start
const _LETTER_RUN = 446; // a word
const _LETTER_EXTRA = 151; // each further letter past the first in a run
const _UPPER_EXTRA = 197; // a further capital in a run (ALL_CAPS splits more)
const _DIGIT = 238; // each digit
const _PUNCT = 438; // the first of a run of punctuation
const _PUNCT_EXTRA = 311; // each further one (BPE merges "://", ")," …)
const _DIGIT_RUN = 1445; // a run of digits
const _SPACE_RUN = 676; // a run of two or more spaces or tabs
const _CJK = 1000;
const _OTHER_NON_ASCII = 400;

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
  return _walk(line) / 1000;
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
  /** Built-in estimate so far, in thousandths of a token. */
  #milli = 0;
  /** A custom estimator's sum so far. */
  #custom = 0;
  #estimate: ((line: string) => number) | undefined;

  /** @param estimate a custom token estimator; the built-in one when omitted. */
  constructor(estimate?: (line: string) => number) {
    this.#estimate = estimate === estimateTokens ? undefined : estimate;
  }

  /** Estimated tokens so far. */
  get tokens(): number {
    return this.#estimate === undefined ? this.#milli / 1000 : this.#custom;
  }

  /** Whether tokens are the built-in estimate (no custom estimator). */
  get builtIn(): boolean {
    return this.#estimate === undefined;
  }

  /** Adds one line. */
  add(line: string): void {
    if (this.#estimate !== undefined) {
      this.words += countWords(line);
      this.#custom += this.#estimate(line);
      return;
    }
    this.addMeasured(_walk(line), _walkWords);
  }

  /**
   * Adds a line the built-in estimate was measured of elsewhere (by
   * {@linkcode AsciiLineMeter}): its thousandths of a token and its words.
   */
  addMeasured(milli: number, words: number): void {
    this.#milli += milli;
    this.words += words;
  }
}

/** Words of the line {@linkcode _walk} measured last. */
let _walkWords = 0;

/**
 * The built-in estimate of one line, in thousandths of a token; its words in
 * `_walkWords`. One table step per ASCII character: the state (the previous
 * character's class) and the character give what the character adds and the next state.
 */
function _walk(line: string): number {
  let t = _LINE;
  let w = 0;
  let s = _S_SPACE;
  const step = _STEP;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 128) {
      const x = step[(s << 7) | c];
      t += x >> 4;
      w += (x >> 3) & 1;
      s = x & 7;
    } else if (c === 0xa0) {
      s = _S_SPACE;
    } else {
      if (c >= 0x2e80 && c <= 0xd7af) t += _CJK;
      else if (c < 0xdc00 || c > 0xdfff) t += _OTHER_NON_ASCII;
      if (s >= _S_SPACE) w++;
      s = _S_OTHER;
    }
  }
  _walkWords = w;
  return t;
}

/**
 * Meters the lines of a UTF-8 byte stream before it is decoded, into a
 * {@linkcode LineMeter}: the same estimate, from a walk over bytes that costs a
 * fraction of a walk over the decoded string's characters. Only lines of ASCII bytes
 * of at most `limit` bytes are metered here (their bytes are their characters); every
 * other line (non-ASCII bytes, which the decoder may turn into other characters, or
 * too long) is left to the caller, who meters its decoded text with
 * {@linkcode LineMeter.add} and asks {@linkcode AsciiLineMeter.left} which lines those
 * are. Lines end at `\n`; the `\r` of a CRLF line is metered as part of it, as the
 * splitter's raw lines hold it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AsciiLineMeter, LineMeter } from "./tokens.ts";
 * const m = new LineMeter();
 * const bytes = new AsciiLineMeter(m, 1000);
 * bytes.push(new TextEncoder().encode("npm ERR! code\nerreur: échec\nlast"));
 * bytes.end();
 * const ref = new LineMeter();
 * ref.add("npm ERR! code");
 * ref.add("last");
 * assert.ok(m.words === ref.words && m.tokens === ref.tokens);
 * assert.deepEqual([0, 1, 2].map((k) => bytes.left(k)), [false, true, false]);
 * ```
 */
export class AsciiLineMeter {
  #meter: LineMeter;
  #limit: number;
  // The current line: thousandths of a token, words, the previous byte's key (see
  // `_PAIR`), whether that byte was a space, whether all bytes were ASCII, and its
  // bytes in earlier chunks.
  #t = _LINE;
  #w = 0;
  #p = 32;
  #sp = 1;
  #ascii = true;
  #len = 0;
  /** Index of the current line. */
  #line = 0;
  /** Indices of the lines left to the caller, in order; `#next` is the first not asked. */
  #left: number[] = [];
  #next = 0;

  /**
   * @param meter where the lines metered here are added.
   * @param limit lines of more bytes than this are left to the caller.
   */
  constructor(meter: LineMeter, limit: number) {
    this.#meter = meter;
    this.#limit = limit;
  }

  /** Meters the lines a chunk completes, and carries its last, open line on. */
  push(b: Uint8Array): void {
    // The state of a step is the previous byte itself (with 128 added to the second and
    // later spaces of a run), not the previous step's result: no step waits on a lookup.
    // A non-ASCII byte steps through rows the line's result is not used from.
    const pair = _PAIR;
    const space = _SPACE;
    let t = this.#t, w = this.#w, p = this.#p, sp = this.#sp;
    let high = this.#ascii ? 0 : 128;
    let i = 0;
    let start = 0;
    const end = b.length;
    while (true) {
      const nl = b.indexOf(10, i);
      const stop = nl < 0 ? end : nl;
      for (; i < stop; i++) {
        const c = b[i];
        high |= c;
        const x = pair[(p << 7) | c];
        t += x >> 4;
        w += (x >> 3) & 1;
        const s = space[c];
        p = c | ((s & sp) << 7);
        sp = s;
      }
      if (nl < 0) break;
      this.#close(high < 128, this.#len + nl - start, t, w);
      this.#len = 0;
      t = _LINE;
      w = 0;
      p = 32;
      sp = 1;
      high = 0;
      start = i = nl + 1;
    }
    this.#len += end - start;
    this.#t = t;
    this.#w = w;
    this.#p = p;
    this.#sp = sp;
    this.#ascii = high < 128;
  }

  /** End of input: the last line, when it has no newline. */
  end(): void {
    if (this.#len > 0) this.#close(this.#ascii, this.#len, this.#t, this.#w);
    this.#t = _LINE;
    this.#w = 0;
    this.#p = 32;
    this.#sp = 1;
    this.#ascii = true;
    this.#len = 0;
  }

  #close(ascii: boolean, len: number, t: number, w: number): void {
    if (ascii && len <= this.#limit) this.#meter.addMeasured(t, w);
    else this.#left.push(this.#line);
    this.#line++;
  }

  /**
   * Whether line `k` (0-based, in input order) was left to the caller. Asked once per
   * line, in order, after the chunk that ends it was pushed (or after `end`).
   */
  left(k: number): boolean {
    const q = this.#left;
    if (this.#next < q.length && q[this.#next] === k) {
      if (++this.#next === q.length) {
        q.length = 0;
        this.#next = 0;
      }
      return true;
    }
    return false;
  }
}

// The states of the table walk: the class of the previous character (a space after a
// space is its own state: the second space of a run counts the run).
const _S_OTHER = 0;
const _S_LETTER = 1;
const _S_DIGIT = 2;
const _S_SPACE = 3;
const _S_SPACES = 4;

/** What each event adds, in thousandths of a token, and whether it starts a word. */
function _event(milli: number, word: boolean): number {
  return (milli << 4) | (word ? 8 : 0);
}
const _NONE = 0;
const _UPPER_EXTRA_E = _event(_UPPER_EXTRA, false);
const _LOWER_EXTRA_E = _event(_LETTER_EXTRA, false);
const _LETTER_RUN_E = _event(_LETTER_RUN, false);
const _LETTER_WORD_E = _event(_LETTER_RUN, true);
const _DIGIT_E = _event(_DIGIT, false);
const _DIGIT_RUN_E = _event(_DIGIT + _DIGIT_RUN, false);
const _DIGIT_WORD_E = _event(_DIGIT + _DIGIT_RUN, true);
const _SPACE_RUN_E = _event(_SPACE_RUN, false);
const _PUNCT_EXTRA_E = _event(_PUNCT_EXTRA, false);
const _PUNCT_RUN_E = _event(_PUNCT, false);
const _PUNCT_WORD_E = _event(_PUNCT, true);

/**
 * `(thousandths << 4) | (starts a word << 3) | next state`, indexed by
 * `(state << 7) | ASCII code`.
 */
const _STEP = _buildSteps();

function _buildSteps(): Int16Array {
  const t = new Int16Array(5 << 7);
  for (let s = 0; s < 5; s++) {
    const afterSpace = s === _S_SPACE || s === _S_SPACES;
    for (let c = 0; c < 128; c++) {
      const k = _CLASS[c];
      let e = _NONE;
      let next = k;
      if (k === 1) {
        if (s === _S_LETTER) e = c <= 90 ? _UPPER_EXTRA_E : _LOWER_EXTRA_E;
        else e = afterSpace ? _LETTER_WORD_E : _LETTER_RUN_E;
      } else if (k === 2) {
        if (s === _S_DIGIT) e = _DIGIT_E;
        else e = afterSpace ? _DIGIT_WORD_E : _DIGIT_RUN_E;
      } else if (k === 3) {
        if (s === _S_SPACE) {
          e = _SPACE_RUN_E;
          next = _S_SPACES;
        } else if (s === _S_SPACES) next = _S_SPACES;
        else next = _S_SPACE;
      } else {
        if (s === _S_OTHER) e = _PUNCT_EXTRA_E;
        else e = afterSpace ? _PUNCT_WORD_E : _PUNCT_RUN_E;
      }
      t[(s << 7) | c] = e | next;
    }
  }
  return t;
}

/** By byte: 1 for ASCII spaces (space, tab, `\n` … `\r`), 0 for any other byte. */
const _SPACE = new Uint8Array(256).map((_, c) => (c < 128 && _CLASS[c] === 3 ? 1 : 0));

/**
 * The steps of {@linkcode _STEP} keyed by the previous byte instead of the state:
 * indexed by `(key << 7) | ASCII code`, where the key is the previous byte, plus 128
 * when it was the second or later space of a run (the state `_S_SPACES`).
 */
const _PAIR = _buildPairs();

function _buildPairs(): Int16Array {
  const t = new Int16Array(256 << 7);
  for (let p = 0; p < 256; p++) {
    const s = p >= 128 ? _S_SPACES : _CLASS[p] === 3 ? _S_SPACE : _CLASS[p];
    for (let c = 0; c < 128; c++) t[(p << 7) | c] = _STEP[(s << 7) | c] & ~7;
  }
  return t;
}
