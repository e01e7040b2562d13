/**
 * The multiline grouper: turns a stream of lines into bounded groups, each a
 * logical record (an exception with its frames and continuations) or a single line,
 * using the continuation rules of `multiline.ts`.
 *
 * @module
 */

import { TrimError } from "../errors.ts";
import { utf8Length } from "../lines.ts";
import type { MultilineMode } from "../types.ts";
import { isBlankLine } from "./line_shape.ts";
import { ContinuationContext, isContinuationLine } from "./multiline.ts";

/**
 * Max physical lines in one multiline group.
 *
 * @example A long trace is split into bounded groups
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMultilineGrouper, MULTILINE_MAX_LINES } from "./multiline_grouper.ts";
 * const frames = Array.from({ length: 250 }, (_, i) => `    at f${i} (/app/a.js:${i + 1}:1)`);
 * const out: string[][] = [];
 * const g = createMultilineGrouper("node");
 * g.pushBatch(["Error: boom", ...frames], out);
 * g.flush(out);
 * assert.ok(out.length === 2 && out[0].length === MULTILINE_MAX_LINES);
 * ```
 */
export const MULTILINE_MAX_LINES = 200;

/**
 * Max bytes in one multiline group: UTF-8 bytes of its lines plus one newline each.
 *
 * @example A huge group is split by size
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMultilineGrouper, MULTILINE_MAX_BYTES } from "./multiline_grouper.ts";
 * const big = `    at f (/app/${"x".repeat(MULTILINE_MAX_BYTES / 2)}.js:1:1)`;
 * const out: string[][] = [];
 * const g = createMultilineGrouper("node");
 * g.pushBatch(["Error: boom", big, big], out);
 * g.flush(out);
 * assert.ok(out.length === 2 && out[0].length === 2);
 * ```
 */
export const MULTILINE_MAX_BYTES: number = 200 * 1024;

/**
 * Options of {@linkcode createMultilineGrouper}.
 *
 * @example Smaller groups
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMultilineGrouper, type MultilineGrouperOptions } from "./multiline_grouper.ts";
 * const options: MultilineGrouperOptions = { maxLines: 2 };
 * const out: string[][] = [];
 * const g = createMultilineGrouper("node", options);
 * g.pushBatch(["Error: boom", "    at a (/app/a.js:1:1)", "    at b (/app/a.js:2:1)"], out);
 * g.flush(out);
 * assert.ok(JSON.stringify(out.map((x) => x.length)) === "[2,1]");
 * ```
 */
export interface MultilineGrouperOptions {
  /** Max lines per group (default {@linkcode MULTILINE_MAX_LINES}). */
  maxLines?: number;
  /** Max UTF-8 bytes per group, one newline per line included (default {@linkcode MULTILINE_MAX_BYTES}). */
  maxBytes?: number;
}

/**
 * Groups a stream of lines into logical records: a group is a line that does not
 * continue a record plus the continuation lines after it. Groups are bounded: when
 * the next line would take a group past `maxLines` lines or `maxBytes` bytes, the
 * group is closed and the line starts the next one (a single longer line is a group
 * of its own). Lines are never lost or reordered: concatenating the groups gives the
 * input. Not-continuing lines are groups of one line.
 *
 * A single blank line after an open group is held back for one line and joins the
 * group only if the next line continues it: Python's blank lines around
 * `During handling…`, the blank line between a Go `panic:` and its goroutine, or
 * between a test runner's error message and its `at` frames. Otherwise it is a
 * group of its own.
 *
 * Batch API: {@linkcode MultilineGrouper.pushBatch} appends completed groups to `out`;
 * the last, still open group is kept until a later line or
 * {@linkcode MultilineGrouper.flush}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMultilineGrouper } from "./multiline_grouper.ts";
 * const g = createMultilineGrouper("auto");
 * const out: string[][] = [];
 * g.pushBatch(["start", "Error: boom", "    at f (/app/a.js:1:2)"], out);
 * g.pushBatch(["    at g (/app/a.js:5:1)", "done"], out);
 * g.flush(out);
 * assert.ok(JSON.stringify(out.map((x) => x.length)) === "[1,3,1]");
 * ```
 */
export class MultilineGrouper {
  /** The continuation state of the stream. */
  readonly context: ContinuationContext;
  #maxLines: number;
  #maxBytes: number;
  #cur: string[] = [];
  /** Sum of (UTF-16 length + 1) of the open group: 3x it bounds its UTF-8 size. */
  #chars = 0;
  /** Exact UTF-8 size of the open group, once the cheap bound is not enough; else -1. */
  #bytes = -1;
  #pendingBlank: string | undefined = undefined;

  /** Creates a grouper; prefer {@linkcode createMultilineGrouper}. */
  constructor(mode: MultilineMode, options: MultilineGrouperOptions = {}) {
    this.context = new ContinuationContext(mode);
    this.#maxLines = _positiveInt(options.maxLines ?? MULTILINE_MAX_LINES, "maxLines");
    this.#maxBytes = _positiveInt(options.maxBytes ?? MULTILINE_MAX_BYTES, "maxBytes");
  }

  /** Lines held in the open group (and a held-back blank line), not yet returned. */
  get pendingLines(): number {
    return this.#cur.length + (this.#pendingBlank === undefined ? 0 : 1);
  }

  /** Pushes a batch of lines; completed groups are appended to `out`. */
  pushBatch(lines: readonly string[], out: string[][]): void {
    for (let k = 0; k < lines.length; k++) this.#push(lines[k], out);
  }

  /** Pushes one line; returns the groups it completed, or `undefined`. */
  push(line: string): string[][] | undefined {
    const out: string[][] = [];
    this.#push(line, out);
    return out.length ? out : undefined;
  }

  /** Ends the stream: appends the open group (and a held-back blank line) to `out`. */
  flush(out: string[][]): void {
    this.#close(out);
    if (this.#pendingBlank !== undefined) {
      out.push([this.#pendingBlank]);
      this.#pendingBlank = undefined;
    }
    this.context.reset();
  }

  #push(line: string, out: string[][]): void {
    const blank = this.#pendingBlank;
    const cont = isContinuationLine(line, this.context);
    if (blank !== undefined) {
      this.#pendingBlank = undefined;
      if (cont) {
        this.#add(blank, out);
        this.#add(line, out);
      } else {
        this.#close(out);
        out.push([blank]);
        this.#start(line);
      }
      return;
    }
    if (cont && this.#cur.length > 0) {
      this.#add(line, out);
    } else if (this.#cur.length > 0 && isBlankLine(line)) {
      this.#pendingBlank = line;
    } else {
      this.#close(out);
      this.#start(line);
    }
  }

  /** Appends a continuation line, or starts a new group when it does not fit. */
  #add(line: string, out: string[][]): void {
    const cur = this.#cur;
    const add = line.length + 1;
    if (cur.length > 0) {
      let fits = cur.length < this.#maxLines;
      if (fits && this.#bytes < 0 && (this.#chars + add) * 3 > this.#maxBytes) {
        let b = 0;
        for (let k = 0; k < cur.length; k++) b += utf8Length(cur[k]) + 1;
        this.#bytes = b;
      }
      if (fits && this.#bytes >= 0) {
        const b = this.#bytes + utf8Length(line) + 1;
        fits = b <= this.#maxBytes;
        if (fits) this.#bytes = b;
      }
      if (!fits) {
        this.#close(out);
        this.#start(line);
        return;
      }
    }
    cur.push(line);
    this.#chars += add;
  }

  #start(line: string): void {
    this.#cur.push(line);
    this.#chars = line.length + 1;
    this.#bytes = -1;
  }

  #close(out: string[][]): void {
    if (this.#cur.length === 0) return;
    out.push(this.#cur);
    this.#cur = [];
    this.#chars = 0;
    this.#bytes = -1;
  }
}

/**
 * Creates a {@linkcode MultilineGrouper} for a multiline mode, bounded at
 * {@linkcode MULTILINE_MAX_LINES} lines and {@linkcode MULTILINE_MAX_BYTES} bytes.
 *
 * @example A Go panic
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMultilineGrouper } from "./multiline_grouper.ts";
 * const g = createMultilineGrouper("go");
 * const out: string[][] = [];
 * g.pushBatch([
 *   "panic: boom",
 *   "",
 *   "goroutine 1 [running]:",
 *   "main.main()",
 *   "\t/app/main.go:5 +0x25",
 *   "exit status 2",
 * ], out);
 * g.flush(out);
 * assert.ok(out.length === 2 && out[0].length === 5);
 * ```
 */
export function createMultilineGrouper(
  mode: MultilineMode,
  options?: MultilineGrouperOptions,
): MultilineGrouper {
  return new MultilineGrouper(mode, options);
}

// ---------------------------------------------------------------------------------
// Private helpers

function _positiveInt(v: number, name: string): number {
  if (!Number.isInteger(v) || v < 1) {
    throw new TrimError("INVALID_OPTION", `${name} must be a positive integer, got ${v}`);
  }
  return v;
}
