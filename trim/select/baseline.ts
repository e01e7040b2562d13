/**
 * The baseline (`baseline` option, `--baseline FILE`): the log of a passing run of
 * the same job, read into what select compares the failing run with. Each of its lines
 * is masked like the output (without its runner prefix and leading timestamp) and
 * kept as keys: its template ({@linkcode baselineKey}: every number the same), its
 * kind of line ({@linkcode shapeKey}: the heads of its first two tokens), its words
 * ({@linkcode eachWord}) and the pair of its template with the one before it
 * ({@linkcode pairKey}: what the passing run printed right after what). A line of the
 * failing run whose template the passing run printed is no evidence on its own (not an
 * error: only context), unless it stands where the failing run left the passing run's
 * path at its end (`divergence.ts`); a line whose template it never printed is
 * evidence, ranked by `novelty.ts`.
 *
 * Memory is bounded whatever the baseline's size: each kind of key is a
 * {@linkcode KeySet} of 32-bit hashes, at most {@linkcode BASELINE_MAX_TEMPLATES}
 * templates, {@linkcode BASELINE_MAX_PAIRS} pairs, {@linkcode BASELINE_MAX_SHAPES} kinds
 * of line and {@linkcode BASELINE_MAX_WORDS} words: 5 bytes a slot, at most 1.25 MiB
 * each, 5 MiB in all. A longer baseline's later keys are not used (its new lines then
 * read as new, its new pairs as points of divergence). The baseline is read as a
 * stream, one chunk at a time.
 *
 * @module
 */

import { runnerPrefixLength } from "../runner_prefix.ts";
import { hashLine } from "../classify/hash.ts";
import { toStoppableReadable, type TrimInput } from "../io.ts";
import { LineSplitter } from "../lines.ts";
import { KeySet } from "./key_set.ts";

/** Most distinct templates remembered from a baseline (a table of 262,144 slots). */
export const BASELINE_MAX_TEMPLATES = 131_000;

/**
 * The template key of a masked line: every number (a run of digits, with its decimal
 * part, or a `0x` hexadecimal value) becomes one `0`, so lines that differ only in counts, durations, sizes or line
 * numbers share a key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baselineKey } from "./baseline.ts";
 * assert.ok(baselineKey("Downloaded 12 MB in 340ms") === baselineKey("Downloaded 7 MB in 95ms"));
 * assert.ok(baselineKey("Time elapsed: 0.012 s") === baselineKey("Time elapsed: 3 s"));
 * assert.ok(baselineKey("testing.go:1392 +0x39f") === baselineKey("testing.go:1389 +0x24e"));
 * assert.ok(baselineKey("Tests: 2 failed") !== baselineKey("Tests: 2 passed"));
 * ```
 */
export function baselineKey(masked: string): number {
  let out = "";
  let from = 0;
  let i = 0;
  const n = masked.length;
  while (i < n) {
    const c = masked.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      out += masked.slice(from, i) + "0";
      // A hexadecimal value (`+0x39f`) is a number too.
      if (c === 48 && i + 2 < n && (masked.charCodeAt(i + 1) | 32) === 120) {
        let j = i + 2;
        while (j < n && _isHex(masked.charCodeAt(j))) j++;
        if (j > i + 2) {
          i = from = j;
          continue;
        }
      }
      // A number with its decimal part: `0.001 s` and `12 s` share a key.
      while (i < n) {
        const d = masked.charCodeAt(i);
        if (d >= 48 && d <= 57) i++;
        else if (d === 46 && i + 1 < n && _isDigit(masked.charCodeAt(i + 1))) i += 2;
        else break;
      }
      from = i;
    } else i++;
  }
  return hashLine(from === 0 ? masked : out + masked.slice(from));
}

/** Most distinct line shapes remembered from a baseline. */
export const BASELINE_MAX_SHAPES = 100_000;

/** Most distinct words remembered from a baseline. */
export const BASELINE_MAX_WORDS = 100_000;

/** Shortest run of letters that counts as a word of a line. */
const _MIN_WORD = 3;

/**
 * Calls `each` with the hash of every word of `line` (a run of at least three ASCII
 * letters), in order; stops early when `each` returns true. Returns whether it did.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { eachWord } from "./baseline.ts";
 * let n = 0;
 * eachWord("No space left on device (errno 28)", () => {
 *   n++;
 *   return false;
 * });
 * assert.ok(n === 4); // space, left, device, errno: `No`, `on` and `28` are not words
 * ```
 */
export function eachWord(line: string, each: (hash: number) => boolean): boolean {
  const n = line.length;
  let i = 0;
  while (i < n) {
    let c = line.charCodeAt(i) | 32;
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    const from = i;
    let h = 0x811c9dc5;
    do {
      h = Math.imul(h ^ c, 0x01000193);
      c = ++i < n ? line.charCodeAt(i) | 32 : 0;
    } while (c >= 97 && c <= 122);
    if (i - from >= _MIN_WORD && each(h >>> 0)) return true;
  }
  return false;
}

/** Whether `line` holds a visible character (not only spaces and tabs). */
function _hasText(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) > 32) return true;
  return false;
}

function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function _isHex(c: number): boolean {
  const l = c | 32;
  return (c >= 48 && c <= 57) || (l >= 97 && l <= 102);
}

/**
 * The shape key of a masked line: the heads of its first two tokens (split at spaces,
 * each cut at a `/`, `.`, `:`, `(` or `=`, digits alike), the kind of line it is
 * (`go: downloading`, `[INFO] Tests`, `bash: line`, `ok github.com/…`) whatever it is
 * about.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shapeKey } from "./baseline.ts";
 * assert.ok(shapeKey("go: downloading a/b v1.0.0") === shapeKey("  go: downloading c v2"));
 * assert.ok(shapeKey("go: downloading a/b v1.0.0") !== shapeKey("go: finding a/b v1.0.0"));
 * assert.ok(shapeKey("ok  \tgithub.com/x/y\t0.1s") === shapeKey("ok  \tgithub.com/z\t2s"));
 * ```
 */
export function shapeKey(masked: string): number {
  const n = masked.length;
  let h = 0x811c9dc5;
  let i = 0;
  for (let token = 0; token < 2; token++) {
    while (i < n && masked.charCodeAt(i) <= 32) i++;
    const from = i;
    for (; i < n; i++) {
      const c = masked.charCodeAt(i);
      // A token's head: up to a space, or a path, dot, colon or parenthesis after its
      // first character (`github.com/x/y` is `github`, `[INFO]` stays whole).
      if (c <= 32 || (i > from && _isCut(c))) break;
      h = Math.imul(h ^ (c >= 48 && c <= 57 ? 48 : c), 0x01000193);
    }
    h = Math.imul(h ^ 32, 0x01000193);
    while (i < n && masked.charCodeAt(i) > 32) i++;
  }
  return (h ^ _SHAPE_SALT) >>> 0;
}

/** Where a token's head ends: `/`, `.`, `:`, `(`, `=`. */
function _isCut(c: number): boolean {
  return c === 47 || c === 46 || c === 58 || c === 40 || c === 61;
}

/** Keeps shape keys apart from the template keys of one-token lines. */
const _SHAPE_SALT = 0x5bd1e995;

/** Most distinct pairs of successive templates remembered from a baseline (262,144 slots). */
export const BASELINE_MAX_PAIRS = 131_000;

/**
 * The key of two successive templates (`prev`, then `key`; blank lines between them do
 * not count): the passing run printed `key` right after `prev`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairKey } from "./baseline.ts";
 * assert.ok(pairKey(1, 2) !== pairKey(2, 1) && pairKey(1, 2) === pairKey(1, 2));
 * ```
 */
export function pairKey(prev: number, key: number): number {
  return (Math.imul(prev ^ _PAIR_SALT, 0x01000193) ^ key) >>> 0;
}

/** Keeps pair keys apart from template keys. */
const _PAIR_SALT = 0x27d4eb2f;

/** The templates of a passing run's log. */
export class BaselineTemplates {
  #keys = new KeySet(BASELINE_MAX_TEMPLATES);
  #pairs = new KeySet(BASELINE_MAX_PAIRS);
  /** The template of the last non-blank line added. */
  #prev = 0;
  #shapes = new KeySet(BASELINE_MAX_SHAPES);
  #words = new KeySet(BASELINE_MAX_WORDS);
  #lines = 0;
  #addWord = (h: number): boolean => {
    this.#words.add(h);
    return false;
  };
  #unknown = (h: number): boolean => !this.#words.has(h);

  /** Lines read from the baseline. */
  get lines(): number {
    return this.#lines;
  }

  /** Distinct templates remembered. */
  get size(): number {
    return this.#keys.size;
  }

  /** Adds a masked baseline line. */
  add(masked: string): void {
    this.#lines++;
    const key = baselineKey(masked);
    this.#keys.add(key);
    if (_hasText(masked)) {
      this.#pairs.add(pairKey(this.#prev, key));
      this.#prev = key;
    }
    this.#shapes.add(shapeKey(masked));
    eachWord(masked, this.#addWord);
  }

  /** Distinct pairs of successive templates remembered. */
  get pairs(): number {
    return this.#pairs.size;
  }

  /**
   * Whether the baseline printed template `key` right after template `prev` (blank
   * lines between them aside).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { BaselineTemplates, baselineKey } from "./baseline.ts";
   * const b = new BaselineTemplates();
   * for (const l of ["start processing", "tagger", "", "end of processing"]) b.add(l);
   * const k = (l: string) => baselineKey(l);
   * assert.ok(b.hasPair(k("tagger"), k("end of processing")));
   * assert.ok(!b.hasPair(k("start processing"), k("end of processing")));
   * ```
   */
  hasPair(prev: number, key: number): boolean {
    return this.#pairs.has(pairKey(prev, key));
  }

  /** Whether the baseline printed a line of template key `key` ({@linkcode baselineKey}). */
  hasKey(key: number): boolean {
    return this.#keys.has(key);
  }

  /**
   * Whether the baseline printed a line of the shape of `masked` ({@linkcode shapeKey}).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { BaselineTemplates } from "./baseline.ts";
   * const b = new BaselineTemplates();
   * b.add("go: downloading a/b v1.0.0");
   * assert.ok(b.hasShape("go: downloading c/d v0.3.1") && !b.hasShape("panic: nil map"));
   * ```
   */
  hasShape(masked: string): boolean {
    return this.#shapes.has(shapeKey(masked));
  }

  /** Whether the baseline printed a line of shape key `shape` ({@linkcode shapeKey}). */
  hasShapeKey(shape: number): boolean {
    return this.#shapes.has(shape);
  }

  /**
   * Whether `masked` holds a word (three letters or more, any case) the baseline never
   * printed: a line made only of known words in a new order is a variant of what the
   * passing run did (another task's name, another test's), not news.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { BaselineTemplates } from "./baseline.ts";
   * const b = new BaselineTemplates();
   * b.add("> Task :search:compileKotlin UP-TO-DATE");
   * b.add("> Task :cart:test");
   * assert.ok(!b.hasNewWord("> Task :cart:compileKotlin UP-TO-DATE"));
   * assert.ok(b.hasNewWord("> Task :cart:test FAILED"));
   * ```
   */
  hasNewWord(masked: string): boolean {
    return eachWord(masked, this.#unknown);
  }

  /**
   * Whether the baseline printed a line of the template of `masked`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { BaselineTemplates } from "./baseline.ts";
   * const b = new BaselineTemplates();
   * b.add("npm http fetch GET 200 /a.tgz 11ms");
   * assert.ok(b.has("npm http fetch GET 200 /a.tgz 630ms") && !b.has("npm ERR! 404"));
   * ```
   */
  has(masked: string): boolean {
    return this.#keys.has(baselineKey(masked));
  }

  /**
   * The template key of `masked` when the baseline never printed its template, else -1.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { BaselineTemplates, baselineKey } from "./baseline.ts";
   * const b = new BaselineTemplates();
   * b.add("compiled 12 files");
   * assert.ok(b.newKey("compiled 3 files") === -1);
   * assert.ok(b.newKey("error: disk full") === baselineKey("error: disk full"));
   * ```
   */
  newKey(masked: string): number {
    const k = baselineKey(masked);
    return this.#keys.has(k) ? -1 : k;
  }
}

/**
 * Reads a baseline log (a stream or async iterable of chunks), splitting it as the
 * pipeline splits a log and masking each line with `mask`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadBaseline } from "./baseline.ts";
 * const b = await loadBaseline(ReadableStream.from(["ok 1\nok 2\n"]), (l) => l);
 * assert.ok(b.lines === 2 && b.size === 1);
 * ```
 */
export async function loadBaseline(
  input: TrimInput,
  mask: (line: string) => string,
): Promise<BaselineTemplates> {
  const templates = new BaselineTemplates();
  const splitter = new LineSplitter();
  const lines: string[] = [];
  const take = () => {
    // As select reads the failing run's lines: without a runner prefix.
    for (const l of lines) {
      const n = runnerPrefixLength(l);
      templates.add(mask(n === 0 ? l : l.slice(n)));
    }
    lines.length = 0;
  };
  for await (const chunk of toStoppableReadable(input, {})) {
    splitter.push(chunk, lines);
    take();
  }
  splitter.flush(lines);
  take();
  return templates;
}
