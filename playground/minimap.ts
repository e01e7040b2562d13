/**
 * The playground's minimap: what became of each input line, from the pipeline's own
 * decisions, drawn as one column of rows beside the reduced log. It shows how the
 * token budget was spent: lines kept by failure blocks, by the end of the failing step
 * (or of the log), as context; folded into an `[xN]` line; dropped by the budget;
 * dropped otherwise (or hidden). Pure (no DOM): the worker records, the page draws the
 * rows it is sent.
 *
 * @module
 */

import type { TrimLineDecision } from "../trim/types.ts";

/**
 * The minimap's categories, in the order of a row's shares: kept by a failure block,
 * kept as the end of the failing step or of the log, kept as context, folded, dropped
 * by the budget, dropped (or hidden) otherwise.
 */
export const MINIMAP_CATEGORIES = [
  "failure",
  "end",
  "context",
  "folded",
  "budget",
  "dropped",
] as const;

/** Bytes of a row: one share per category. */
const _N = MINIMAP_CATEGORIES.length;

/** Keep reasons shown as the end of the failing step or of the log, and as context. */
const _END = new Set(["end-of-step", "final-window", "tail-context"]);
const _CONTEXT = new Set(["context-before", "context-after", "relevant"]);

/** Category code (1-based: 0 is a line not recorded) of a decision. */
function _code(d: TrimLineDecision): number {
  if (d.action === "keep") return _END.has(d.reason) ? 2 : _CONTEXT.has(d.reason) ? 3 : 1;
  if (d.action === "fold") return 4;
  return d.reason === "budget-block" || d.reason === "token-budget" ? 5 : 6;
}

/**
 * The decision of every input line, one byte each (10 million lines: 10 MB).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineActions } from "./minimap.ts";
 * const a = new LineActions();
 * a.record({ lineNumber: 2, action: "drop", reason: "budget-block", score: 5 });
 * a.record({ lineNumber: 1, action: "keep", reason: "error", score: 90 });
 * assert.ok(a.count === 2);
 * assert.deepEqual(a.shares(), [1, 0, 0, 0, 1, 0]); // a failure line, a line dropped by the budget
 * ```
 */
export class LineActions {
  #codes = new Uint8Array(1024);
  #count = 0;

  /** Lines recorded (the highest line number seen). */
  get count(): number {
    return this.#count;
  }

  /** Records one decision (the pipeline's `onDecision`). */
  record(d: TrimLineDecision): void {
    const i = d.lineNumber - 1;
    if (i < 0) return;
    if (i >= this.#codes.length) {
      let size = this.#codes.length * 2;
      while (size <= i) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.#codes);
      this.#codes = grown;
    }
    this.#codes[i] = _code(d);
    if (i + 1 > this.#count) this.#count = i + 1;
  }

  /**
   * Input lines per category ({@linkcode MINIMAP_CATEGORIES}): where the budget went
   * (lines not recorded count as dropped).
   */
  shares(): number[] {
    const counts = new Array<number>(_N).fill(0);
    for (let i = 0; i < this.#count; i++) counts[(this.#codes[i] || _N) - 1]++;
    return counts;
  }

  /**
   * The minimap: `rows` rows (fewer for a short log: one per line), each with the share
   * of its lines in each category ({@linkcode MINIMAP_CATEGORIES}), as bytes 0–255 that
   * sum to 255 (the last share takes the rounding).
   */
  rows(rows: number): Uint8Array<ArrayBuffer> {
    const n = this.#count;
    const r = Math.max(0, Math.min(rows, n));
    const out = new Uint8Array(r * _N);
    const counts = new Array<number>(_N);
    for (let row = 0; row < r; row++) {
      const from = Math.floor((row * n) / r);
      const to = Math.floor(((row + 1) * n) / r);
      counts.fill(0);
      for (let i = from; i < to; i++) counts[(this.#codes[i] || _N) - 1]++;
      const len = to - from;
      let left = 255;
      for (let k = 0; k < _N - 1; k++) {
        const share = Math.min(left, Math.round((counts[k] / len) * 255));
        out[row * _N + k] = share;
        left -= share;
      }
      out[row * _N + _N - 1] = left;
    }
    return out;
  }
}
