/**
 * Stack runs: with `multiline: "off"`, frames are still recognized line by line. A
 * run of frame lines (`at …`, `File "…"` with its code and caret lines, Go file lines,
 * Rust frames, `Caused by:`, `... N more`) is one record; the exception line before it
 * stays an ordinary line. The first goroutine of a Go stack dump (`goroutine 7
 * [running]:`, its function lines, their file lines, `created by …`: the one that
 * panicked) is one record too, so that each function line goes with its location; the
 * dump's other goroutines are read line by line. The multiline modes group whole records instead
 * (`multiline.ts`); the group stage uses one or the other.
 *
 * @module
 */

import { isGoFuncLine } from "./frame_lines.ts";
import { isStackFrame } from "./stack.ts";

/**
 * Whether a line belongs to a stack run by itself: a frame ({@linkcode isStackFrame}),
 * `Caused by:`, `... N more` / `... N common frames omitted`, and Jenkins' chained
 * causes (`Caused: hudson.AbortException: …`, suppressed `Also:   hudson.remoting…`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFrameLine } from "./stack_run.ts";
 * assert.ok(isFrameLine("    at run (/app/main.js:3:9)"));
 * assert.ok(isFrameLine("Caused by: java.io.IOException: closed"));
 * assert.ok(isFrameLine("\t... 37 more"));
 * assert.ok(isFrameLine("Caused: java.io.IOException: Failed to write to /builds/x.jar"));
 * assert.ok(!isFrameLine("ERROR boom"));
 * ```
 */
export function isFrameLine(line: string): boolean {
  const c0 = line.charCodeAt(0);
  if (c0 !== 32 && c0 !== 9) {
    if (c0 === 97) return isStackFrame(line);
    if (c0 === 65 /* A */) return line.startsWith("Also:   ");
    return c0 === 67 && (line.startsWith("Caused by:") || line.startsWith("Caused: "));
  }
  if (isStackFrame(line)) return true;
  let i = 1;
  while (i < line.length && ((line.charCodeAt(i)) === 32 || line.charCodeAt(i) === 9)) i++;
  const c = line.charCodeAt(i);
  if (c === 67) return line.startsWith("Caused by:", i);
  if (c === 46 && line.startsWith("... ", i)) {
    const d = line.charCodeAt(i + 4);
    return d >= 48 && d <= 57;
  }
  return false;
}

/**
 * A goroutine header of a Go stack dump: `goroutine 7 [running]:`, `goroutine 1 [chan
 * receive, 2 minutes]:`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isGoroutineHeader } from "./stack_run.ts";
 * assert.ok(isGoroutineHeader("goroutine 21 [running]:"));
 * assert.ok(!isGoroutineHeader("goroutine leak detected in TestPool"));
 * ```
 */
export function isGoroutineHeader(line: string): boolean {
  if (line.charCodeAt(0) !== 103 /* g */ || !line.startsWith("goroutine ")) return false;
  const d = line.charCodeAt(10);
  return d >= 48 && d <= 57 && line.indexOf(" [", 11) > 0 && line.endsWith("]:");
}

/**
 * A column-0 line of a goroutine's stack between its file lines: a function line
 * (`main.main()`, `pkg.(*T).M(0xc000012345, {0x1?, 0x2})`), `created by pkg.f in
 * goroutine 1`, or Go's `...additional frames elided...`.
 */
function _isGoStackLine(line: string): boolean {
  const c = line.charCodeAt(0);
  if (c === 46 /* . */) return line.startsWith("...additional frames elided...");
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127)) return false;
  return isGoFuncLine(line);
}

/** Indentation of a Python `File "…"` frame line, or -1 when it is not one. */
function _pyFileIndent(line: string): number {
  let i = 0;
  let c = 0;
  while (i < line.length && ((c = line.charCodeAt(i)) === 32 || c === 9 || c === 124)) i++;
  return i > 0 && line.startsWith('File "', i) ? i : -1;
}

/**
 * Tracks the stack run in progress: {@linkcode StackRun.starts} tells whether a
 * line opens a run, {@linkcode StackRun.continues} whether it goes on with the
 * current one (a frame, or the code and caret lines under a Python `File` line).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StackRun } from "./stack_run.ts";
 * const run = new StackRun();
 * assert.ok(run.starts('  File "app.py", line 3, in <module>'));
 * assert.ok(run.continues("    main()"));
 * assert.ok(!run.continues("ValueError: bad"));
 * ```
 */
export class StackRun {
  #pyIndent = -1;
  /** Whether the run is a goroutine's stack (its function lines continue it). */
  #go = false;
  /**
   * Whether a goroutine was grouped and only its dump's lines (goroutines, blank lines)
   * came since: the dump's further goroutines (a timeout's hundreds of idle ones) are
   * read line by line, as frames and lines of their own, not as traces.
   */
  #dump = false;

  /** Whether `line` opens a run (a frame line, the first goroutine header of a dump); notes a Python `File` line's indent. */
  starts(line: string): boolean {
    if (!isFrameLine(line)) {
      if (!isGoroutineHeader(line)) {
        if (this.#dump && line.trim() !== "" && !_isGoStackLine(line)) this.#dump = false;
        return false;
      }
      if (this.#dump) return false;
      this.#pyIndent = -1;
      this.#go = true;
      this.#dump = true;
      return true;
    }
    this.#pyIndent = _pyFileIndent(line);
    this.#go = false;
    return true;
  }

  /** Whether `line` continues the run in progress. */
  continues(line: string): boolean {
    if (this.#go) {
      if (_isGoStackLine(line) || isFrameLine(line)) return true;
      this.#go = false;
      if (isGoroutineHeader(line)) return false; // the next goroutine: a record of its own
    }
    if (this.starts(line)) return true;
    // Code and caret lines under a Python `File` line.
    const py = this.#pyIndent;
    if (py < 0) return false;
    let i = 0;
    let c = 0;
    while (i < line.length && ((c = line.charCodeAt(i)) === 32 || c === 9 || c === 124)) i++;
    return i > py && i < line.length;
  }

  /** The run ended. */
  end(): void {
    this.#pyIndent = -1;
    this.#go = false;
  }
}
