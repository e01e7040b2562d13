/**
 * The closing lines of the log: the final window holds the last lines of the input
 * back ({@linkcode FinalWindow}); at the end they are read as evidence, split into the
 * failure, the steps that ran after it and the runner's verdict
 * ({@linkcode splitAfterFailure}). Of a run of lines of one shape there (a table, a file
 * list, an access log) only the first {@linkcode CLOSING_RUN} are kept.
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import {
  FinalWindow,
  isStepStart,
  ShapeRun,
  splitAfterFailure,
  splitBatchAt,
} from "./final_window.ts";

/** The end of the failing step is at most `total / END_OF_STEP_SHARE` input lines. */
export const END_OF_STEP_SHARE = 2;

/** Lines of one shape in a row the final window keeps as context. */
export const CLOSING_RUN = 2;

/**
 * Where the selector stands towards the end of the log.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ClosingLines } from "./closing.ts";
 * const c = new ClosingLines(2);
 * assert.deepEqual(c.release({ lines: ["a", "b", "c"] }).lines, ["a"]);
 * const read: string[][] = [];
 * const after = c.finish((b) => read.push(b.lines), () => {}, true, () => 3);
 * // An input this short has no final window: the lines held are read before it.
 * assert.deepEqual(read, [["b", "c"], [], []]);
 * assert.ok(!after);
 * ```
 */
export class ClosingLines {
  /** Whether the lines being read close the log (the final window). */
  closing = false;
  /** Whether they are the steps that ran after the failure. */
  stepsAfter = false;
  /**
   * Whether they are the end of the failing step: the last lines before the failure's
   * exit, kept whole within what the budget leaves ({@linkcode ClosingLines.finish}).
   */
  endOfStep = false;
  /** Whether they are the end of the failing step before the final window. */
  extended = false;
  #window: FinalWindow;
  /** Runs of lines of one shape in the final window. */
  #shapes = new ShapeRun();
  /** The last line that left the final window (read before it). */
  #lastFed: string | undefined = undefined;
  /** Input position of the last line the run of one shape counted. */
  #rowPos = 0;

  /**
   * @param lines input lines held back as the final window.
   * @param hold input lines held back in all (the end of the failing step reaches
   *   back at most this far; at least `lines`).
   */
  constructor(lines: number, hold: number = lines) {
    this.#window = new FinalWindow(lines, hold);
  }

  /** Whether a context line shown often already is dropped (not in the final window). */
  get dampens(): boolean {
    return !this.closing || this.extended;
  }

  /** Pushes a batch into the window; returns the lines it releases. */
  release(batch: Batch): Batch {
    const released = this.#window.push(batch);
    if (released.lines.length > 0) this.#lastFed = released.lines[released.lines.length - 1];
    return released;
  }

  /**
   * End of input: `read` reads the lines still before the window, then the window as
   * the failure, the steps that ran after it and the runner's verdict on the job (after
   * `endContext`: the steps' lines are no context of it), each with its flags set.
   * `pos` tells the input position. `tail` tells how many of the failure's last lines
   * (back to the step's start, at most {@linkcode END_OF_STEP_SHARE} of the log and the
   * lines held) are the end of the failing step, read as closing lines with `endOfStep`
   * set (never a record cut). Returns whether steps ran after the failure.
   */
  finish(
    read: (batch: Batch) => void,
    endContext: () => void,
    multilingual: boolean,
    pos: () => number,
    tail: (lines: readonly string[]) => number = () => 0,
  ): boolean {
    const total = this.#window.total;
    const [before, window] = this.#window.end();
    const [failure, after, verdict] = splitAfterFailure(window, multilingual);
    // A log too short for a final window has no end of a step either: its context
    // rules reach its end.
    const steps = window.lines.length === 0
      ? 0
      : _stepEnd(before.lines, failure.lines, Math.floor(total / END_OF_STEP_SHARE));
    const all = steps === 0 ? [] : before.lines.concat(failure.lines);
    const n = steps === 0 ? 0 : Math.min(steps, tail(all.slice(all.length - steps)));
    const inBefore = Math.max(0, n - failure.lines.length);
    const [head, beforeEnd] = splitBatchAt(before, before.lines.length - inBefore);
    const [start, failureEnd] = splitBatchAt(failure, failure.lines.length - (n - inBefore));
    read(head);
    if (beforeEnd.lines.length > 0) {
      this.endOfStep = this.extended = true;
      this.#read(read, beforeEnd, true, false);
      this.endOfStep = this.extended = false;
    }
    // The run of one shape starts from the line read before the window.
    const last = before.lines.length > 0 ? before.lines[before.lines.length - 1] : this.#lastFed;
    if (last !== undefined) this.#shapes.prime(last, CLOSING_RUN);
    this.#rowPos = pos();
    this.#read(read, start, true, false);
    if (failureEnd.lines.length > 0) {
      this.endOfStep = true;
      this.#read(read, failureEnd, true, false);
      this.endOfStep = false;
    }
    this.#read(read, after, false, true);
    if (verdict.lines.length > 0) {
      endContext();
      this.#read(read, verdict, true, false);
    }
    return after.lines.length > 0;
  }

  #read(read: (batch: Batch) => void, batch: Batch, closing: boolean, stepsAfter: boolean) {
    this.closing = closing;
    this.stepsAfter = stepsAfter;
    read(batch);
    this.closing = false;
    this.stepsAfter = false;
  }

  /**
   * The length of the run of one shape `line`, at `pos`, continues. A line shown in
   * between (at `shownPos`) for its own evidence (ESLint's finding under a file's path)
   * ends the run: the next path starts a list of its own.
   */
  nextRow(line: string, shownPos: number, pos: number): number {
    if (shownPos > this.#rowPos) this.#shapes.reset();
    this.#rowPos = pos;
    return this.#shapes.next(line);
  }

  /** Known noise between two rows: what follows starts a run of its own. */
  endRun(): void {
    this.#shapes.reset();
  }
}

/**
 * How many of the last lines (`before` then `failure`) are the end of the failing step:
 * back to the step's start (`##[group]`, included) or `most` lines.
 */
function _stepEnd(before: readonly string[], failure: readonly string[], most: number): number {
  const held = before.length + failure.length;
  const limit = Math.min(held, most);
  let n = 0;
  while (n < limit) {
    const i = held - 1 - n;
    const line = i >= before.length ? failure[i - before.length] : before[i];
    n++;
    if (isStepStart(line)) break;
  }
  return n;
}
