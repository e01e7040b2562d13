/**
 * The final window: select holds the last lines of the input back, so that at the
 * end of the stream it knows which lines close the log. A failing log states its
 * failure last (the summary, the failed command, the exit status), so those lines
 * are read as evidence rather than as noise.
 *
 * A line is held until `size` more input lines have arrived, or until the end of
 * the input: on an endless pipe the output lags the input by `size` lines. The
 * window never cuts a record (a stack trace from the group stage): when its first
 * line falls inside one, the whole record belongs to the window. Where the window
 * starts depends only on the lines, never on how they were batched.
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import { isHardSignal, lineSignal } from "../classify/score.ts";

/** Input lines the final window holds back by default. */
export const FINAL_WINDOW_LINES = 80;

/** The window is at most this share of the input: `total / 4` lines. */
export const FINAL_WINDOW_SHARE = 4;

/** A window of fewer lines is none (a log under 24 lines: its closing lines are context). */
export const FINAL_WINDOW_MIN = 6;

/**
 * Holds the last `size` input lines of a stream of batches (lines, their numbers
 * and their records).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FinalWindow } from "./final_window.ts";
 * const w = new FinalWindow(2);
 * assert.deepEqual(w.push({ lines: ["a", "b", "c"] }).lines, ["a"]);
 * assert.deepEqual(w.push({ lines: ["d"] }).lines, ["b"]);
 * const [before, window] = w.end(); // 4 lines in all: too short for a window
 * assert.deepEqual(before.lines, ["c", "d"]);
 * assert.deepEqual(window.lines, []);
 * ```
 */
export class FinalWindow {
  #size: number;
  /** Lines held back: the window, or more (the end of the failing step may reach further). */
  #hold: number;
  #held: Batch[] = [];
  /** Lines held across all batches. */
  #count = 0;
  /** Lines pushed in all. */
  #total = 0;

  /**
   * @param size input lines of the window (0: none).
   * @param hold input lines held back (at least `size`; the lines before the window
   *   are returned by {@linkcode FinalWindow.end} as its first part).
   */
  constructor(size: number, hold: number = size) {
    this.#size = size;
    this.#hold = size === 0 ? 0 : Math.max(size, hold);
  }

  /** Lines pushed in all so far. */
  get total(): number {
    return this.#total;
  }

  /** Adds a batch; returns the lines that leave the window (in order, as one batch). */
  push(batch: Batch): Batch {
    if (this.#hold === 0) return batch;
    if (batch.lines.length === 0) return { lines: [] };
    this.#held.push(batch);
    this.#count += batch.lines.length;
    this.#total += batch.lines.length;
    const release = this.#count - this.#hold;
    if (release <= 0) return { lines: [] };
    return this.#take(release);
  }

  /**
   * End of input: the lines still held, as `[before, window]`. The window is the
   * last `min(size, floor(total / SHARE))` lines of the input, none below
   * `FINAL_WINDOW_MIN` (a short log's context rules already reach its end), records
   * whole.
   */
  end(): [Batch, Batch] {
    const all = _concat(this.#held);
    this.#held = [];
    this.#count = 0;
    let size = Math.min(this.#size, Math.floor(this.#total / FINAL_WINDOW_SHARE));
    if (size < FINAL_WINDOW_MIN) size = 0;
    const before = all.lines.length - size;
    if (before <= 0) return [{ lines: [] }, all];
    return _split(all, _cutAt(all, before));
  }

  /**
   * Takes up to `n` lines off the front, never cutting a record (a record that
   * would be cut stays held whole).
   */
  #take(n: number): Batch {
    const parts: Batch[] = [];
    const held = this.#held;
    while (n > 0 && held.length > 0) {
      const first = held[0];
      const len = first.lines.length;
      if (len <= n) {
        parts.push(first);
        held.shift();
        this.#count -= len;
        n -= len;
        continue;
      }
      const cut = _cutAt(first, n);
      if (cut > 0) {
        const [head, tail] = _split(first, cut);
        parts.push(head);
        held[0] = tail;
        this.#count -= cut;
      }
      break;
    }
    return parts.length === 1 ? parts[0] : _concat(parts);
  }
}

/**
 * Splits the final window where the steps that ran after the failure begin: the
 * first step start (`##[group]`, `::group::`, `travis_fold:start:`, GitLab's
 * `section_start:` and its headers `Running after_script`, `Uploading artifacts for
 * failed job`, `Cleaning up project directory and file based variables`; `Post job
 * cleanup.`) after the window's last error line (step titles aside: `Uploading
 * artifacts for failed job` names the failure, it is none). An artifact upload, a
 * cache save or the runner's cleanup after a failed step is not the failure; those
 * lines get the ordinary rules only. The runner's verdict on the whole job at the
 * end (GitLab's `ERROR: Job failed: exit code 1`, Travis's `Done. Your build exited
 * with 1.`) is a third part, read as the log's closing lines. Never cuts a record.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitAfterFailure } from "./final_window.ts";
 * const [failure, after, verdict] = splitAfterFailure({
 *   lines: ["npm test", "Tests: 2 failed", "##[error]Process completed with exit code 1.",
 *     "##[group]Run actions/upload-artifact@v4", "Artifact uploaded"],
 * });
 * assert.deepEqual(after.lines, ["##[group]Run actions/upload-artifact@v4", "Artifact uploaded"]);
 * assert.ok(failure.lines.length === 3 && verdict.lines.length === 0);
 * ```
 */
export function splitAfterFailure(
  window: Batch,
  multilingual = true,
): [Batch, Batch, Batch] {
  const lines = window.lines;
  let end = lines.length;
  while (end > 0 && _isJobVerdict(lines[end - 1])) end--;
  let last = -1;
  for (let i = end - 1; i >= 0; i--) {
    if (isStepStart(lines[i])) continue;
    if (isHardSignal(lineSignal(lines[i], multilingual))) {
      last = i;
      break;
    }
  }
  for (let i = last + 1; i < end; i++) {
    if (!isStepStart(lines[i])) continue;
    const [failure, rest] = _split(window, _cutAt(window, i));
    // The verdict: the last lines of the rest, unless a record holds them.
    const v = rest.lines.length - (lines.length - end);
    const [after, verdict] = _split(rest, _cutAt(rest, v));
    return [failure, after, verdict];
  }
  return [window, { lines: [] }, { lines: [] }];
}

const _STEP_START =
  /^(?:##\[group\]|::group::|travis_fold:start:|section_start:\d|Post job cleanup\.|Running after_script$|Running after script\.\.\.$|Uploading artifacts for (?:failed|successful) job$|Cleaning up (?:project directory and )?file based variables$)/;

/** The runner's verdict on a job, after all its steps (GitLab, Travis). */
function _isJobVerdict(line: string): boolean {
  return line.startsWith("ERROR: Job failed: ") || line.startsWith("Done. Your build exited with ");
}

/**
 * Whether `line` starts a CI step (`##[group]`, `::group::`, `travis_fold:start:`,
 * GitLab's `section_start:` and the headers it shows, `Running after_script`,
 * `Uploading artifacts for failed job`, `Cleaning up project directory and file based
 * variables`; `Post job cleanup.`): the lines after it belong to another step than an
 * error before it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isStepStart } from "./final_window.ts";
 * assert.ok(isStepStart("##[group]Run actions/upload-artifact@v4"));
 * assert.ok(!isStepStart("Artifact uploaded"));
 * ```
 */
export function isStepStart(line: string): boolean {
  const c = line.charCodeAt(0);
  return (c === 35 || c === 58 || c === 116 || c === 115 || c === 80 || c === 82 || c === 85 ||
    c === 67) && _STEP_START.test(line);
}

/**
 * Splits a batch before line `n`, or before the record `n` falls inside (a record is
 * never cut): `[head, tail]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitBatchAt } from "./final_window.ts";
 * const [head, tail] = splitBatchAt({ lines: ["a", "E", "  at f", "b"], records: [1, 2] }, 2);
 * assert.deepEqual(head.lines, ["a"]);
 * assert.deepEqual(tail.records, [0, 2]);
 * ```
 */
export function splitBatchAt(b: Batch, n: number): [Batch, Batch] {
  return _split(b, _cutAt(b, n));
}

/** The largest cut ≤ `n` that does not fall inside one of the batch's records. */
function _cutAt(b: Batch, n: number): number {
  const r = b.records;
  if (r === undefined) return n;
  for (let i = 0; i < r.length; i += 2) {
    const start = r[i];
    if (start >= n) break;
    if (start + r[i + 1] > n) return start;
  }
  return n;
}

/** Splits a batch (lines, numbers, records) before line `cut`. */
function _split(b: Batch, cut: number): [Batch, Batch] {
  const head: Batch = { lines: b.lines.slice(0, cut) };
  const tail: Batch = { lines: b.lines.slice(cut) };
  if (b.numbers !== undefined) {
    head.numbers = b.numbers.slice(0, cut);
    tail.numbers = b.numbers.slice(cut);
  }
  const r = b.records;
  if (r !== undefined) {
    const hr: number[] = [];
    const tr: number[] = [];
    for (let i = 0; i < r.length; i += 2) {
      if (r[i] < cut) hr.push(r[i], r[i + 1]);
      else tr.push(r[i] - cut, r[i + 1]);
    }
    if (hr.length) head.records = hr;
    if (tr.length) tail.records = tr;
  }
  return [head, tail];
}

/** Joins batches (lines, numbers, records) into one. */
function _concat(parts: Batch[]): Batch {
  if (parts.length === 1) return parts[0];
  const out: Batch = { lines: [] };
  const numbered = parts.length > 0 && parts[0].numbers !== undefined;
  if (numbered) out.numbers = [];
  let records: number[] | undefined;
  for (const p of parts) {
    const base = out.lines.length;
    if (p.records !== undefined) {
      records ??= [];
      for (let i = 0; i < p.records.length; i += 2) {
        records.push(p.records[i] + base, p.records[i + 1]);
      }
    }
    for (const l of p.lines) out.lines.push(l);
    if (numbered) { for (const n of p.numbers!) out.numbers!.push(n); }
  }
  if (records !== undefined) out.records = records;
  return out;
}

/**
 * Counts lines of one shape in a row: rows of a table, a list of files, an access
 * log, a tree. The shape is a tree's row (box-drawing characters first), a short tag
 * that leads the line (`[OK] `, `# Starting `), a table row's number of `|`
 * separators (3 or more), a file
 * listing's row (`-rw-r--r-- 1 ci ci 120 …`: `ls -l`, `find -ls`, `tar -tv`), an access
 * log's (a client's IPv4 address first), a path alone on its line (`find`), else the
 * line's first word (ended by a space, `/`, `:`, `(`, `[`, `=`,
 * `|` or a digit). An indented line (code, a message's body), a line starting with a
 * digit or a symbol, and a diagnostic with a source location (`src/a.rb:12:3: C: …`,
 * `README.md: 757: MD029 …`: a linter's findings are all evidence) start no run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ShapeRun } from "./final_window.ts";
 * const run = new ShapeRun();
 * assert.deepEqual(
 *   ["TSFILE: a.js", "TSFILE: b.js", "TSFILE: c.js", "Found 2 errors"].map((l) => run.next(l)),
 *   [1, 2, 3, 1],
 * );
 * assert.deepEqual(
 *   ["  a.ts | 52 | 100 | 62 |", "  b.ts |  66 | 47 | 100 |"].map((l) => run.next(l)),
 *   [1, 2],
 * );
 * // A tree drawn with box characters, and lines led by one tag, are rows too.
 * assert.deepEqual(["├── a@1.0.0", "│ └── b@2.0.0", "[OK] x", "[OK] y"].map((l) => run.next(l)), [
 *   1,
 *   2,
 *   1,
 *   2,
 * ]);
 * ```
 */
export class ShapeRun {
  #key = "";
  #len = 0;

  /**
   * Starts from `line`, read before (outside the window), as a run of `len` rows: a
   * table the window starts inside does not show its middle rows as if they began it.
   */
  prime(line: string, len: number): void {
    this.#key = _shapeOf(line);
    this.#len = this.#key === "" ? 0 : len;
  }

  /** Ends the run: a line of another kind came between. */
  reset(): void {
    this.#key = "";
    this.#len = 0;
  }

  /** The length of the run `line` continues (1: a new shape). */
  next(line: string): number {
    const key = _shapeOf(line);
    if (key === "" || key !== this.#key) {
      this.#key = key;
      return (this.#len = 1);
    }
    return ++this.#len;
  }
}

/**
 * A line's shape: none for a located finding, a table row's, a file listing's, else
 * its first word.
 */
function _shapeOf(line: string): string {
  if (_LOCATION.test(line)) return "";
  if (_isTreeRow(line)) return "tree";
  const tag = _TAG_LED.exec(line);
  if (tag !== null) return tag[0];
  return _tableRow(line) ||
    (_LISTING.test(line)
      ? "ls -l"
      : _IP_LED.test(line)
      ? "ip"
      : _PATH_ALONE.test(line)
      ? "path"
      : _firstWord(line));
}

/**
 * A row of a tree drawn with box-drawing characters (`npm ls`, `tree`, a dependency
 * tree): its first visible character is one of U+2500–U+257F.
 */
function _isTreeRow(line: string): boolean {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  const c = line.charCodeAt(i);
  return c >= 0x2500 && c <= 0x257f;
}

/**
 * A line led by a short bracketed tag or a `#` and a word (`[OK] …`, `[--] …`,
 * `# Starting Test: …`): the tag (and the word) is its shape.
 */
const _TAG_LED = /^(?:\[[^\]\s]{1,8}\] |# [A-Za-z]+ )/;

/** A path alone on its line (`find`'s, `tar -t`'s, `git ls-files`' rows): `/a/b.txt`, `./x`. */
const _PATH_ALONE = /^(?:\.{1,2}|~)?\/\S+$/;

/** An access log's line: a client's IPv4 address first (`10.0.0.7 - - [14/May/…`). */
const _IP_LED = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3} /;

/**
 * A row of a file listing: `ls -l`, `find -ls` (inode and blocks first), `tar -tv`:
 * a file type and nine permission characters, then a space.
 */
const _LISTING = /^\s*(?:\d+\s+\d+\s+)?[-dlcbps][-rwxsStT]{9}[.+@]?\s/;

/**
 * A table row's shape: `|` and the number of `|` column separators, when there are
 * at least 3 (a coverage table, a Markdown or ASCII table), else "".
 */
function _tableRow(line: string): string {
  let bars = 0;
  for (let i = line.indexOf("|"); i >= 0; i = line.indexOf("|", i + 1)) bars++;
  return bars >= 3 ? `|${bars}` : "";
}

/** A source location at the start of a line: `path.ext:12`, `path.ext: 12`, `path.ext(12`. */
const _LOCATION = /^\s*[\w./\\@+-]{1,200}\.\w{1,10}(?::\s?\d|\(\d)/;

/**
 * Whether a line starts with a source location: `path.ext:12`, `path.ext: 12`,
 * `path.ext(12` (a compiler's or linter's finding).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startsWithLocation } from "./final_window.ts";
 * assert.ok(startsWithLocation("src/X.hs:38:10: error:"));
 * assert.ok(!startsWithLocation("There were 2 errors:"));
 * ```
 */
export function startsWithLocation(line: string): boolean {
  return _LOCATION.test(line);
}

/**
 * The first word (at least 2 of a-z, `-`, `_`, `.`, then a separator; at most 40), or
 * "". A line that is that word alone has a shape of its own.
 */
function _firstWord(line: string): string {
  const end = Math.min(line.length, 40);
  let i = 0;
  for (; i < end; i++) {
    const c = line.charCodeAt(i) | 32;
    if (!((c >= 97 && c <= 122) || c === 45 || c === 127 || c === 46)) break; // a-z - _ .
  }
  if (i < 2) return "";
  if (i < end) {
    const t = line.charCodeAt(i); // what ends the word
    const ends = t === 32 || t === 9 || t === 47 || t === 58 || t === 40 || t === 91 ||
      t === 61 || t === 124 || (t >= 48 && t <= 57);
    if (!ends) return "";
  }
  // A word alone on its line is not a row of the lines it starts (`nl` / `nl  -false`).
  return i === line.length ? line + "\n" : line.slice(0, i);
}
