/**
 * The truncate stage: lines longer than `maxLineLength` become `[TRUNCATED]`.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";

/** What an overlong line is replaced by. */
export const TRUNCATED = "[TRUNCATED]";

/**
 * Replaces, in place, every line longer than `max` characters by `[TRUNCATED]`.
 * Returns the number of lines replaced.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncateLines } from "./truncate.ts";
 * const batch = ["short", "x".repeat(50)];
 * assert.ok(truncateLines(batch, 10) === 1 && batch[1] === "[TRUNCATED]");
 * ```
 */
export function truncateLines(batch: string[], max: number): number {
  let n = 0;
  for (let i = 0; i < batch.length; i++) {
    if (batch[i].length > max) {
      batch[i] = TRUNCATED;
      n++;
    }
  }
  return n;
}

/**
 * Creates the truncate stage; `truncated` counts the lines replaced.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTruncateStage } from "./truncate.ts";
 * let n = 0;
 * const out: string[] = [];
 * await ReadableStream.from([{ lines: ["ok", "x".repeat(20)] }])
 *   .pipeThrough(createTruncateStage(10, (k) => (n += k)))
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * assert.ok(out[1] === "[TRUNCATED]" && n === 1);
 * ```
 */
export function createTruncateStage(
  max: number,
  truncated: (n: number) => void,
): TransformStream<Batch, Batch> {
  return batchStage((batch) => {
    const n = truncateLines(batch.lines, max);
    if (n) truncated(n);
    return batch;
  });
}
