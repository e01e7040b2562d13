/**
 * The thin stream wrapper every batch stage shares.
 *
 * @module
 */

/** A pure batch step: takes a batch, returns the batch to pass on (maybe the same array). */
export type BatchStep = (batch: string[]) => string[];

/**
 * Wraps a pure batch step (and an optional end-of-input step) as a
 * `TransformStream<string[], string[]>`. Empty batches are not passed on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { batchStage } from "./stage.ts";
 * const upper = batchStage((b) => b.map((l) => l.toUpperCase()));
 * const out: string[] = [];
 * await ReadableStream.from([["a", "b"]]).pipeThrough(upper)
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b); } }));
 * assert.ok(out.join() === "A,B");
 * ```
 */
export function batchStage(
  step: BatchStep,
  end?: () => string[],
): TransformStream<string[], string[]> {
  return new TransformStream<string[], string[]>({
    transform(batch, controller) {
      const out = step(batch);
      if (out.length) controller.enqueue(out);
    },
    flush(controller) {
      if (!end) return;
      const out = end();
      if (out.length) controller.enqueue(out);
    },
  });
}
