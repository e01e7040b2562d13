/**
 * Stack frame recognition: whether a line is a frame of a known runtime (Java,
 * Kotlin, .NET, Node, Deno, Python, Go, Rust; the line shapes are in
 * `frame_lines.ts`), how the lines of a stack group form frame units (a Python `File`
 * line with its code line, a Go function line with its file line, a Rust symbol with
 * its `at` lines), and whether a frame is internal (a dependency, the standard
 * library, a framework; `internal_frames.ts`) or the application's own.
 *
 * Everything here is pure and cheap to call on every line: each check starts
 * with a look at the first non-blank characters, and no regular expression of
 * its own is used.
 *
 * @module
 */

import {
  indentOf,
  isAtFrame,
  isAtLine,
  isGoFileLine,
  isGoFuncLine,
  isGoRuntimeFunc,
  isPyBody,
  lastNonSpace,
  pyIndent,
  rustIndexEnd,
} from "./frame_lines.ts";
import { isInternalText, isRustInternalSymbol, testOpt } from "./internal_frames.ts";

export { isStackFrame } from "./frame_lines.ts";
export { isInternalFrame } from "./internal_frames.ts";

/**
 * Whether a line opens an exception: its first word, right before a `:`, is
 * `Error`, or ends in `Error` or `Exception` (`TypeError: x is undefined`,
 * `java.lang.IllegalStateException: no stock`, `CssSyntaxError: …`). A warning
 * (`Warning: …`) is not an exception. Linear: one scan of the first word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isExceptionHead } from "./frames.ts";
 * assert.ok(isExceptionHead("      Error: no errors"));
 * assert.ok(isExceptionHead("org.postgresql.util.PSQLException: connection refused"));
 * assert.ok(!isExceptionHead("Warning: An update to Cart was not wrapped in act(...)"));
 * assert.ok(!isExceptionHead("    at f (/app/a.js:1:1)"));
 * ```
 */
export function isExceptionHead(line: string): boolean {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  const start = i;
  const stop = Math.min(line.length, start + 200);
  while (i < stop) {
    const c = line.charCodeAt(i);
    if (c === 58 /* : */ || c === 32 || c === 9) break;
    i++;
  }
  if (i === start || i >= stop || line.charCodeAt(i) !== 58) return false;
  return line.endsWith("Error", i) || line.endsWith("Exception", i);
}

/**
 * Kinds of frame units, as bits of {@linkcode FrameUnits.kind}: a message line
 * (exception, `Caused by:`, any non-frame line) is 0; a frame has `FRAME`, plus
 * `INTERNAL` when it is a library frame and `PYTHON` when it is a Python frame
 * (most recent call last).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FrameKind, frameUnits } from "./frames.ts";
 * const u = frameUnits(["Error: boom", "    at f (node:internal/x:1:2)"], undefined);
 * assert.deepEqual(u.kind, [FrameKind.MESSAGE, FrameKind.FRAME | FrameKind.INTERNAL]);
 * ```
 */
export const FrameKind = {
  /** A line that is not part of a frame. */
  MESSAGE: 0,
  /** A frame. */
  FRAME: 1,
  /** A library frame (with `FRAME`). */
  INTERNAL: 2,
  /** A Python frame (with `FRAME`): the frames nearest the error come last. */
  PYTHON: 4,
} as const;

/**
 * The frame units of a stack group, see {@linkcode frameUnits}: unit `u` covers
 * the lines `start[u]` to `end[u]` (exclusive) and has the kind `kind[u]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FrameUnits, frameUnits } from "./frames.ts";
 * const u: FrameUnits = frameUnits(['  File "/app/x.py", line 3, in f', "    f()"], undefined);
 * assert.ok(u.start[0] === 0 && u.end[0] === 2 && u.frames === 1);
 * ```
 */
export interface FrameUnits {
  /** First line of each unit. */
  start: number[];
  /** Exclusive end line of each unit. */
  end: number[];
  /** {@linkcode FrameKind} bits of each unit. */
  kind: number[];
  /** Units that are frames. */
  frames: number;
}

/**
 * Splits a stack group into frame units: a frame head plus the lines belonging
 * to it (a Python code line goes with its `File` line, a Go file line with its
 * function line, Rust `at` lines with their symbol line); every other line is a
 * message unit of its own. A Node frame that opens the error's `{ code: … }`
 * property tail is a message (it carries the `{`), and the group's first line
 * is never a Go function frame (a header is kept even if it looks like a call).
 *
 * @param lines The lines of one group.
 * @param extra Extra frames to mark internal (compiled `internalStackPatterns`).
 *
 * @example A Go goroutine stack
 * ```ts
 * import assert from "node:assert/strict";
 * import { FrameKind, frameUnits } from "./frames.ts";
 * const u = frameUnits([
 *   "goroutine 1 [running]:",
 *   "main.work()",
 *   "\t/app/main.go:12 +0x1d",
 *   "runtime.goexit()",
 *   "\t/usr/local/go/src/runtime/asm_amd64.s:1650 +0x1",
 * ], undefined);
 * assert.deepEqual(u.end, [1, 3, 5]);
 * assert.ok(u.kind[2] === (FrameKind.FRAME | FrameKind.INTERNAL) && u.frames === 2);
 * ```
 */
export function frameUnits(lines: string[], extra: RegExp | undefined): FrameUnits {
  const n = lines.length;
  const uStart: number[] = [];
  const uEnd: number[] = [];
  const uKind: number[] = [];
  let frames = 0;
  let rust = false;
  for (let i = 0; i < n;) {
    const line = lines[i];
    const ws = indentOf(line);
    let end = i + 1;
    let kind = _MSG;
    if (ws < line.length) {
      const c = line.charCodeAt(ws);
      if (c === 70 /* F */ && ws > 0 && line.startsWith('File "', ws)) {
        const ind = pyIndent(line);
        while (end < n && isPyBody(lines[end], ind)) end++;
        kind = _frameKind(isInternalText(line) || testOpt(extra, line), _PY);
        rust = false;
      } else if (c === 97 /* a */ && isAtFrame(line, ws)) {
        // A Node frame opening the error's `{ code: … }` tail stays: it carries the `{`.
        if (line.charCodeAt(lastNonSpace(line)) !== 123 /* { */) {
          kind = _frameKind(isInternalText(line) || testOpt(extra, line), _FWD);
        }
      } else if (
        ws > 0 &&
        ((c >= 48 && c <= 57 && rustIndexEnd(line, ws) > 0) || (rust && ws >= 6))
      ) {
        // Rust symbol line (numbered, or an inlined symbol under one) and its `at` lines.
        let internal = isRustInternalSymbol(line, ws) || testOpt(extra, line);
        while (end < n && isAtLine(lines[end])) {
          internal = internal || isInternalText(lines[end]) || testOpt(extra, lines[end]);
          end++;
        }
        kind = _frameKind(internal, _FWD);
        rust = true;
      } else if (
        ws === 0 && i > 0 && end < n && isGoFileLine(lines[end]) && isGoFuncLine(line)
      ) {
        // Never the group's first line: a header is kept even if it looks like a call.
        const file = lines[end];
        const internal = isGoRuntimeFunc(line) || isInternalText(file) ||
          testOpt(extra, line) || testOpt(extra, file);
        end++;
        kind = _frameKind(internal, _FWD);
      } else if (line.charCodeAt(0) === 9 && isGoFileLine(line)) {
        kind = _frameKind(isInternalText(line) || testOpt(extra, line), _FWD);
      }
    }
    if (kind === _MSG) rust = false;
    else frames++;
    uStart.push(i);
    uEnd.push(end);
    uKind.push(kind);
    i = end;
  }
  return { start: uStart, end: uEnd, kind: uKind, frames };
}

// ---------------------------------------------------------------------------------
// Private helpers

const _MSG = 0;
const _FRAME = 1;
const _INTERNAL = 2;
const _PY = 4;
const _FWD = 0;

function _frameKind(internal: boolean, order: number): number {
  return _FRAME | (internal ? _INTERNAL : 0) | order;
}
