/**
 * The batch: what flows between the stages of the pipeline. A batch is a run of
 * lines in input order plus, index by index, what the stages learned about them.
 * Everything a later stage needs travels here, in one explicit object: a stage that
 * builds a new `lines` array builds the fields that go with it too.
 *
 * Side fields are present only when something needs them, so the normal path pays
 * nothing: `numbers`, `reasons` and `scores` when decisions are tracked
 * (`onDecision`, `--explain`; `scores` also for `maxTokens`), `records` after the
 * group stage, `opaque` after select.
 *
 * @module
 */

import type { DecisionReason } from "./decision.ts";

/**
 * A batch of lines and what travels alongside them.
 *
 * @example A tracked batch of two lines
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Batch } from "./batch.ts";
 * const batch: Batch = { lines: ["ERROR boom", "tick"], numbers: [7, 8] };
 * assert.ok(batch.numbers?.[batch.lines.indexOf("tick")] === 8);
 * ```
 */
export interface Batch {
  /** The lines, in input order. */
  lines: string[];
  /** 1-based input line number of each line (0: a synthetic line, such as a marker). */
  numbers?: number[];
  /** Why each line was kept (set by select, for tracked runs). */
  reasons?: DecisionReason[];
  /** Score of each line (set by select, for tracked runs and `maxTokens`). */
  scores?: number[];
  /** Ascending indices of lines the fold stage passes through as they are. */
  opaque?: number[];
  /**
   * Multi-line records found by the group stage, as flat pairs `start, length`
   * (ascending, not overlapping): each is decided as one logical line. Lines outside
   * every record are single lines.
   */
  records?: number[];
}

/**
 * A batch of plain lines (no side fields).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linesBatch } from "./batch.ts";
 * assert.deepEqual(linesBatch(["a"]), { lines: ["a"] });
 * ```
 */
export function linesBatch(lines: string[]): Batch {
  return { lines };
}

/**
 * Wraps a pure batch step (and an optional end-of-input step) as a
 * `TransformStream<Batch, Batch>`, the shape of every stage between split and
 * encode. Empty batches are not passed on. With `ready`, the stage waits for it
 * before its first batch (a stage that needs something read first, such as a
 * baseline); a rejection errors the stream.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Batch, batchStage } from "./batch.ts";
 * const upper = batchStage((b: Batch) => ({ lines: b.lines.map((l) => l.toUpperCase()) }));
 * const out: string[] = [];
 * await ReadableStream.from([{ lines: ["a", "b"] }]).pipeThrough(upper)
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * assert.ok(out.join() === "A,B");
 * ```
 */
export function batchStage(
  step: (batch: Batch) => Batch,
  end?: () => Batch,
  ready?: Promise<void>,
): TransformStream<Batch, Batch> {
  if (ready !== undefined) return _waitingStage(ready, step, end);
  return new TransformStream<Batch, Batch>({
    transform(batch, controller) {
      const out = step(batch);
      if (out.lines.length) controller.enqueue(out);
    },
    flush(controller) {
      if (!end) return;
      const out = end();
      if (out.lines.length) controller.enqueue(out);
    },
  });
}

/** A batch stage that waits for `ready` before its first batch (and its end). */
function _waitingStage(
  ready: Promise<void>,
  step: (batch: Batch) => Batch,
  end?: () => Batch,
): TransformStream<Batch, Batch> {
  let waiting: Promise<void> | undefined = ready;
  const wait = async () => {
    if (waiting === undefined) return;
    await waiting;
    waiting = undefined;
  };
  return new TransformStream<Batch, Batch>({
    async transform(batch, controller) {
      await wait();
      const out = step(batch);
      if (out.lines.length) controller.enqueue(out);
    },
    async flush(controller) {
      await wait();
      const out = end ? end() : { lines: [] };
      if (out.lines.length) controller.enqueue(out);
    },
  });
}
