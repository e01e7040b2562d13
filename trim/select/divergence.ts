/**
 * Where the failing run leaves the passing run's path, at its end: a line whose
 * template the passing run printed, but never right after the template of the line
 * before it (`BaselineTemplates.hasPair`), is a point of divergence. In the log's
 * closing lines (the final window), the lines from such a point on are the failing
 * run's own end, however familiar each line is: the {@linkcode DIVERGENCE_LINES} lines
 * from it are kept (a generator that stopped one step short of the passing run's path,
 * then its tool's summary, then the job's failure).
 *
 * The run's state is two numbers: the previous template and the lines left to keep.
 *
 * @module
 */

import type { BaselineTemplates } from "./baseline.ts";

/** Lines kept from a point of divergence on, the point included. */
export const DIVERGENCE_LINES = 8;

/**
 * The points of divergence of one failing run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BaselineTemplates, baselineKey, shapeKey } from "./baseline.ts";
 * import { Divergence } from "./divergence.ts";
 * const b = new BaselineTemplates();
 * for (const l of ["start", "tag", "write", "end", "done"]) b.add(l);
 * const d = new Divergence();
 * // `tag` is missing: `write` right after `start` leaves the passing run's path.
 * const kept = ["start", "write", "end", "done"]
 *   .map((l) => d.next(baselineKey(l), shapeKey(l), b, true));
 * assert.deepEqual(kept, [false, true, true, true]);
 * ```
 */
export class Divergence {
  #prev = 0;
  #prevShape = 0;
  #left = 0;

  /**
   * Reads the next non-blank line of the failing run (its template `key`, its kind of
   * line `shape`: `shapeKey` of `baseline.ts`); returns
   * whether it is kept as the end of a divergence (only while `closing`: the log's
   * closing lines).
   */
  next(key: number, shape: number, baseline: BaselineTemplates, closing: boolean): boolean {
    const prev = this.#prev;
    const prevShape = this.#prevShape;
    this.#prev = key;
    this.#prevShape = shape;
    if (!closing) return false;
    // A known line the passing run never printed after the line before it, known too;
    // not one more row of a list in another order (two lines of one kind).
    if (
      shape !== prevShape && baseline.hasKey(key) && baseline.hasKey(prev) &&
      !baseline.hasPair(prev, key)
    ) {
      this.#left = DIVERGENCE_LINES;
    } // A list or a table (a line of the kind of the one before) ends the run: its rows
    // are the tool's, not the run's end.
    else if (shape === prevShape) this.#left = 0;
    if (this.#left === 0) return false;
    this.#left--;
    return true;
  }
}
