/**
 * Runner prefixes: the name a tool that runs several tasks at once writes before each
 * line of their output. Docker Compose writes the service (`web-1  | Listening on
 * :8080`), Turborepo the package and task (`@acme/web:test: FAIL src/a.test.ts`).
 *
 * The prefix hides where a line really starts from the rules that read it (a passing
 * test's `PASS`, a frame's indentation, a compiler's `src/a.ts:3:1: error`), so the
 * runner prefix stage cuts it before classification and select writes it back on the
 * lines it keeps: the output still says which service or package printed each line.
 *
 * A prefix is recognised by its shape alone, line by line; it is written back whatever
 * it was, so a shape taken for one by mistake (a table row's first cell) changes only
 * how that line is read. Not a prefix: a level (`INFO  | …`, loguru's columns), a file
 * location (`main.go:12: …`), an exception (`java.lang.X: …`), an indented line.
 *
 * @module
 */

import { ownString } from "./own_string.ts";

/** Distinct prefixes whose copies are shared (more: the copies start over). */
export const DISTINCT_PREFIXES = 256;

/**
 * Prefixed lines a cut prefix is remembered across, by line number (a power of two):
 * select writes a line before this many more prefixed lines were cut (it holds back a
 * batch, its final window, its context and a record). Beyond, the line is written
 * without its prefix, never with another line's.
 */
export const PREFIX_MEMORY = 1 << 14;

/** The longest prefix, the padding included. */
const _MAX_PREFIX = 72;

/** Level words a `WORD  | ` column can hold (a logger's, not a service). */
const _LEVELS = new Set([
  "TRACE",
  "DEBUG",
  "INFO",
  "NOTICE",
  "WARN",
  "WARNING",
  "ERROR",
  "ERR",
  "FATAL",
  "CRITICAL",
  "SUCCESS",
  "trace",
  "debug",
  "info",
  "warn",
  "warning",
  "error",
  "fatal",
]);

/** Words a `dir word: ` line may hold that are no pnpm script (a verdict, a preposition). */
const _NOT_SCRIPTS = new Set([
  "failed",
  "fail",
  "failure",
  "errors",
  "warnings",
  "note",
  "hint",
  "help",
  "panic",
  "exception",
  "caused",
  "is",
  "was",
  "at",
  "in",
  "from",
  "for",
  "with",
  "to",
]);

/** A name's character: a letter, a digit, `_`, `-`, `.`, `@`, `/`. */
function _nameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 ||
    c === 45 || c === 46 || c === 64 || c === 47;
}

function _letter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * The length of the runner prefix `line` starts with (its padding and separator
 * included), or 0:
 * - Docker Compose: a name, spaces, `| ` (`web-1  | `, `db_1   | `);
 * - Turborepo: `package:task: ` (`@acme/web:test: `, `api:build: `), the task a word;
 * - pnpm's recursive run: `dir script: ` (`packages/web test: `), `dir script$ `;
 * - Docker BuildKit's plain progress: a step and its seconds, `#8 12.34 `.
 *
 * One scan to the first space, at most {@linkcode _MAX_PREFIX} characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runnerPrefixLength } from "./runner_prefix.ts";
 * assert.ok(runnerPrefixLength("web-1  | Listening on :8080") === 9);
 * assert.ok(runnerPrefixLength("@acme/web:test: PASS src/a.test.ts") === 16);
 * assert.ok(runnerPrefixLength("INFO     | app.main:run:12 - started") === 0); // a level
 * assert.ok(runnerPrefixLength("main.go:12: retrying") === 0); // a location
 * ```
 */
export function runnerPrefixLength(line: string): number {
  const n = Math.min(line.length, _MAX_PREFIX);
  if (line.charCodeAt(0) === 35) return _buildKitPrefix(line, n);
  if (n < 3 || !_letter(line.charCodeAt(0)) && line.charCodeAt(0) !== 64) return 0;
  let i = 1;
  let colon = -1;
  let c = 0;
  for (; i < n; i++) {
    c = line.charCodeAt(i);
    if (c === 58) {
      if (colon === -1) colon = i;
      continue;
    }
    if (!_nameChar(c)) break;
  }
  if (i >= n) return 0;
  if (c === 32) {
    // Turborepo: `pkg:task: ` — the name ends in `:`, a first `:` before it, a letter after it.
    if (line.charCodeAt(i - 1) === 58) {
      if (colon > 0 && colon < i - 2 && _letter(line.charCodeAt(colon + 1))) return i + 1;
      return 0;
    }
    if (colon !== -1) return 0;
    // pnpm's recursive run: `packages/web test: `, its command `packages/web test$ `.
    if (line.charCodeAt(i + 1) !== 32) {
      const k = _pnpmScriptEnd(line, i, n);
      if (k > 0) return k;
    }
    // Docker Compose: `name  | `.
    let j = i;
    while (j < n && line.charCodeAt(j) === 32) j++;
    if (j >= line.length || line.charCodeAt(j) !== 124) return 0;
    const after = line.charCodeAt(j + 1);
    if (after !== 32 && j + 1 !== line.length) return 0;
    if (_LEVELS.has(line.slice(0, i))) return 0;
    return after === 32 ? j + 2 : j + 1;
  }
  return 0;
}

/**
 * Docker BuildKit's plain progress: a step's number and the seconds since it started
 * before each line of its output, `#8 12.34 `; not the step's own lines (`#8 [build
 * 3/7] RUN npm ci`, `#8 DONE 12.3s`).
 */
function _buildKitPrefix(line: string, n: number): number {
  let i = 1;
  while (i < n && _digit(line.charCodeAt(i))) i++;
  if (i === 1 || i > 5 || line.charCodeAt(i) !== 32) return 0;
  const ts = ++i;
  while (i < n && _digit(line.charCodeAt(i))) i++;
  if (i === ts || line.charCodeAt(i) !== 46) return 0;
  const fs = ++i;
  while (i < n && _digit(line.charCodeAt(i))) i++;
  if (i === fs || i - fs > 3) return 0;
  if (i === line.length) return i; // an empty line of the step's output
  return line.charCodeAt(i) === 32 ? i + 1 : 0;
}

function _digit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * pnpm's `dir script: ` (or `dir script$ `) after the package's directory ending at the
 * space at `sp`: the prefix's length, or 0. The directory holds a `/` and its last
 * part no `.` (`src/app.ts error: x` is a compiler's); the script is a word, not a level.
 */
function _pnpmScriptEnd(line: string, sp: number, n: number): number {
  const slash = line.lastIndexOf("/", sp - 1);
  if (slash <= 0 || slash === sp - 1) return 0;
  const dot = line.indexOf(".", slash);
  if (dot !== -1 && dot < sp) return 0;
  let j = sp + 1;
  if (!_letter(line.charCodeAt(j))) return 0;
  while (j < n && (_nameChar(line.charCodeAt(j)) || line.charCodeAt(j) === 58)) j++;
  const end = line.charCodeAt(j - 1);
  const c = line.charCodeAt(j);
  // `test:` then a space (or the line's end), `test$` then a space.
  if (end === 58 && (c === 32 || j === line.length)) {
    const word = line.slice(sp + 1, j - 1);
    if (_LEVELS.has(word) || _NOT_SCRIPTS.has(word)) return 0;
    return c === 32 ? j + 1 : j;
  }
  if (c === 36 && line.charCodeAt(j + 1) === 32) return j + 2;
  return 0;
}

/**
 * The runner prefix of each line: its prefix, one shared copy per distinct prefix
 * (at most {@linkcode DISTINCT_PREFIXES} kept; the copies do not hold the input's
 * chunks).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RunnerPrefixTracker } from "./runner_prefix.ts";
 * const t = new RunnerPrefixTracker();
 * assert.deepEqual(
 *   ["web-1  | a", "db-1   | b", "plain"].map((l) => t.next(l)),
 *   ["web-1  | ", "db-1   | ", ""],
 * );
 * ```
 */
export class RunnerPrefixTracker {
  #copies = new Map<string, string>();
  /** The characters {@linkcode next} found to cut (0 for none). */
  cut = 0;

  /**
   * The prefix to write back on `line` ("" for none); {@linkcode cut} is then the
   * length to cut: the prefix's, or more for BuildKit's `#8 12.34 `, whose seconds are
   * not written back (a timestamp: `#8 ` says which step printed the line).
   */
  next(line: string): string {
    const n = runnerPrefixLength(line);
    this.cut = n;
    if (n === 0) return "";
    const prefix = line.charCodeAt(0) === 35
      ? line.slice(0, line.indexOf(" ") + 1)
      : line.slice(0, n);
    const copies = this.#copies;
    const seen = copies.get(prefix);
    if (seen !== undefined) return seen;
    if (copies.size >= DISTINCT_PREFIXES) copies.clear();
    const own = ownString(prefix);
    copies.set(own, own);
    return own;
  }
}

/**
 * The prefixes cut, by line number, for the lines select writes: a ring of
 * {@linkcode PREFIX_MEMORY} slots, allocated when the first prefix is cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RunnerPrefixes } from "./runner_prefix.ts";
 * const p = new RunnerPrefixes();
 * p.set(7, "web-1  | ");
 * assert.ok(p.prefixOf(7) === "web-1  | ");
 * assert.ok(p.prefixOf(8) === "");
 * ```
 */
export class RunnerPrefixes {
  #prefixes: (string | undefined)[] | undefined;
  #nums: Float64Array | undefined;

  /** Whether any prefix was cut. */
  get active(): boolean {
    return this.#nums !== undefined;
  }

  /** Records that line `num` had `prefix` cut. */
  set(num: number, prefix: string): void {
    if (this.#nums === undefined) {
      this.#nums = new Float64Array(PREFIX_MEMORY);
      this.#prefixes = new Array(PREFIX_MEMORY);
    }
    const at = num & (PREFIX_MEMORY - 1);
    this.#nums[at] = num;
    this.#prefixes![at] = prefix;
  }

  /** The prefix cut from line `num` ("" for none). */
  prefixOf(num: number): string {
    const nums = this.#nums;
    if (nums === undefined || num <= 0) return "";
    const at = num & (PREFIX_MEMORY - 1);
    if (nums[at] !== num) return "";
    return this.#prefixes![at] ?? "";
  }
}
