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
import { FinalWindow, ShapeRun, splitAfterFailure } from "./final_window.ts";

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
  #window: FinalWindow;
  /** Runs of lines of one shape in the final window. */
  #shapes = new ShapeRun();
  /** The last line that left the final window (read before it). */
  #lastFed: string | undefined = undefined;
  /** Input position of the last line the run of one shape counted. */
  #rowPos = 0;

  /** @param lines input lines held back as the final window. */
  constructor(lines: number) {
    this.#window = new FinalWindow(lines);
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
   * `pos` tells the input position. Returns whether steps ran after the failure.
   */
  finish(
    read: (batch: Batch) => void,
    endContext: () => void,
    multilingual: boolean,
    pos: () => number,
  ): boolean {
    const [before, window] = this.#window.end();
    read(before);
    const [failure, after, verdict] = splitAfterFailure(window, multilingual);
    // The run of one shape starts from the line read before the window.
    const last = before.lines.length > 0 ? before.lines[before.lines.length - 1] : this.#lastFed;
    if (last !== undefined) this.#shapes.prime(last, CLOSING_RUN);
    this.#rowPos = pos();
    this.#read(read, failure, true, false);
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
