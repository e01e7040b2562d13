/**
 * Stack runs: with `multiline: "off"`, frames are still recognized line by line. A
 * run of frame lines (`at …`, `File "…"` with its code and caret lines, Go file lines,
 * Rust frames, `Caused by:`, `... N more`) is one record; the exception line before it
 * stays an ordinary line. The multiline modes group whole records instead
 * (`multiline.ts`); the group stage uses one or the other.
 *
 * @module
 */

import { isStackFrame } from "./stack.ts";

/**
 * Whether a line belongs to a stack run by itself: a frame ({@linkcode isStackFrame}),
 * `Caused by:`, `... N more` / `... N common frames omitted`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFrameLine } from "./stack_run.ts";
 * assert.ok(isFrameLine("    at run (/app/main.js:3:9)"));
 * assert.ok(isFrameLine("Caused by: java.io.IOException: closed"));
 * assert.ok(isFrameLine("\t... 37 more"));
 * assert.ok(!isFrameLine("ERROR boom"));
 * ```
 */
export function isFrameLine(line: string): boolean {
  const c0 = line.charCodeAt(0);
  if (c0 !== 32 && c0 !== 9) {
    if (c0 === 97) return isStackFrame(line);
    return c0 === 67 && line.startsWith("Caused by:");
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

  /** Whether `line` opens a run (a frame line); notes a Python `File` line's indent. */
  starts(line: string): boolean {
    if (!isFrameLine(line)) return false;
    this.#pyIndent = _pyFileIndent(line);
    return true;
  }

  /** Whether `line` continues the run in progress. */
  continues(line: string): boolean {
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
  }
}
