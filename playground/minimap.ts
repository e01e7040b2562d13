/**
 * The playground's minimap: what became of each input line (kept, folded into an
 * `[xN]` line, dropped, hidden), from the pipeline's own decisions, drawn as one
 * column of rows beside the reduced log. Pure (no DOM): the worker records, the page
 * draws the rows it is sent.
 *
 * @module
 */

import type { TrimLineDecision } from "../trim/types.ts";

/** Action codes, one byte per input line. */
const _CODE = { keep: 1, fold: 2, drop: 3, hide: 4 } as const;

/**
 * The decision of every input line, one byte each (10 million lines: 10 MB).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineActions } from "./minimap.ts";
 * const a = new LineActions();
 * a.record({ lineNumber: 2, action: "drop", reason: "noise", score: 0 });
 * a.record({ lineNumber: 1, action: "keep", reason: "error", score: 90 });
 * assert.ok(a.count === 2);
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
    this.#codes[i] = _CODE[d.action as keyof typeof _CODE] ?? 0;
    if (i + 1 > this.#count) this.#count = i + 1;
  }

  /**
   * The minimap: `rows` rows (fewer for a short log: one per line), each with the share
   * of its lines kept, folded and dropped or hidden, as three bytes 0–255.
   */
  rows(rows: number): Uint8Array<ArrayBuffer> {
    const n = this.#count;
    const r = Math.max(0, Math.min(rows, n));
    const out = new Uint8Array(r * 3);
    for (let row = 0; row < r; row++) {
      const from = Math.floor((row * n) / r);
      const to = Math.floor(((row + 1) * n) / r);
      let keep = 0, fold = 0;
      for (let i = from; i < to; i++) {
        const c = this.#codes[i];
        if (c === 1) keep++;
        else if (c === 2) fold++;
      }
      const len = to - from;
      out[row * 3] = Math.round((keep / len) * 255);
      out[row * 3 + 1] = Math.round((fold / len) * 255);
      out[row * 3 + 2] = Math.max(0, 255 - out[row * 3] - out[row * 3 + 1]);
    }
    return out;
  }
}
