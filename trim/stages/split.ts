/**
 * Decode and split: bytes or text in, batches of lines out (the splitting itself is
 * {@linkcode LineSplitter} in `trim/lines.ts`).
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import { LineSplitter, type SplitObserver } from "../lines.ts";

/**
 * The decode-and-split stage: `Uint8Array | string` chunks in, {@linkcode Batch}es of
 * lines out (one batch per input chunk; empty batches are not emitted).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSplitStream } from "./split.ts";
 * const lines: string[] = [];
 * await ReadableStream.from(["a\nb", "\nc"]).pipeThrough(createSplitStream())
 *   .pipeTo(new WritableStream({ write(batch) { lines.push(...batch.lines); } }));
 * assert.ok(lines.join(",") === "a,b,c");
 * ```
 */
export function createSplitStream(
  limit?: number,
  observer?: SplitObserver,
): TransformStream<Uint8Array | string, Batch> {
  const splitter = new LineSplitter(limit, observer, limit === undefined);
  // With a meter attached, lines are counted by the splitter and reported per chunk.
  let reported = 0;
  const report = observer?.meter === undefined ? undefined : () => {
    const n = splitter.lines;
    for (; reported < n; reported++) observer.line();
  };
  return new TransformStream<Uint8Array | string, Batch>({
    transform(chunk, controller) {
      const out: string[] = [];
      splitter.push(chunk, out);
      report?.();
      if (out.length) controller.enqueue({ lines: out });
    },
    flush(controller) {
      const out: string[] = [];
      splitter.flush(out);
      report?.();
      if (out.length) controller.enqueue({ lines: out });
    },
  });
}
