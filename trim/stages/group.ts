/**
 * The group stage: finds the multi-line records of the log (stack traces, exception
 * chains, tracebacks, goroutine dumps) so that select decides each as one logical
 * line. One stage for every mode: with `multiline: "off"` (the default) records are
 * runs of frame lines ({@linkcode StackRun}); with a runtime or `auto`, whole records
 * from the multiline grouper (exception line, frames, continuations).
 *
 * Records are marked on the batch ({@linkcode Batch.records}); a record that has not
 * ended when a batch ends is held back and passed on with the next batch.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import { createMultilineGrouper, type MultilineGrouper } from "../classify/multiline_grouper.ts";
import { StackRun } from "../classify/stack_run.ts";
import type { MultilineMode } from "../types.ts";

/** A grouping of a stream into records: push batches, get batches with `records`. */
export interface Grouper {
  /** Groups a batch; lines of an unfinished record are held back. */
  push(batch: Batch): Batch;
  /** End of input: what is held back. */
  flush(): Batch;
}

/**
 * The grouper of a multiline mode (`off`: stack runs).
 *
 * @example Frames after an exception line form one record
 * ```ts
 * import assert from "node:assert/strict";
 * import { createGrouper } from "./group.ts";
 * const g = createGrouper("off");
 * const a = g.push({ lines: ["Error: boom", "    at f (/a.js:1:1)", "    at g (/a.js:2:1)"] });
 * const b = g.push({ lines: ["done"] });
 * assert.deepEqual(a.records, undefined); // the run may go on: held back
 * assert.deepEqual(b.lines, ["    at f (/a.js:1:1)", "    at g (/a.js:2:1)", "done"]);
 * assert.deepEqual(b.records, [0, 2]);
 * ```
 */
export function createGrouper(mode: MultilineMode): Grouper {
  return mode === "off" ? new _StackRunGrouper() : new _RecordGrouper(createMultilineGrouper(mode));
}

/**
 * Creates the group stage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createGroupStage } from "./group.ts";
 * const records: number[] = [];
 * await ReadableStream.from([{ lines: ["Traceback (most recent call last):", '  File "a.py", line 1, in <module>', "ValueError: bad"] }])
 *   .pipeThrough(createGroupStage("python"))
 *   .pipeTo(new WritableStream({ write(b) { records.push(...(b.records ?? [])); } }));
 * assert.deepEqual(records, [0, 3]);
 * ```
 */
export function createGroupStage(mode: MultilineMode): TransformStream<Batch, Batch> {
  const grouper = createGrouper(mode);
  return batchStage((batch) => grouper.push(batch), () => grouper.flush());
}

/** Multiline off: runs of frame lines are records, every other line is single. */
class _StackRunGrouper implements Grouper {
  #run = new StackRun();
  #held: string[] = [];
  #heldNums: number[] = [];

  push(batch: Batch): Batch {
    const lines = batch.lines;
    const nums = batch.numbers;
    const run = this.#run;
    let i = 0;
    if (this.#held.length === 0) {
      // Fast path: nothing changes up to the first frame line.
      while (i < lines.length && !run.starts(lines[i])) i++;
      if (i === lines.length) return batch;
    }
    const out = lines.slice(0, i);
    const outNums = nums?.slice(0, i);
    const records: number[] = [];
    let held = this.#held;
    let heldNums = this.#heldNums;
    if (held.length === 0) {
      held.push(lines[i]);
      if (nums) heldNums.push(nums[i]);
      i++;
    }
    for (; i < lines.length; i++) {
      const line = lines[i];
      if (held.length > 0) {
        if (run.continues(line)) {
          held.push(line);
          if (nums) heldNums.push(nums[i]);
          continue;
        }
        records.push(out.length, held.length);
        for (let k = 0; k < held.length; k++) out.push(held[k]);
        if (outNums) { for (let k = 0; k < heldNums.length; k++) outNums.push(heldNums[k]); }
        held = this.#held = [];
        heldNums = this.#heldNums = [];
        run.end();
      }
      if (run.starts(line)) {
        held.push(line);
        if (nums) heldNums.push(nums[i]);
        continue;
      }
      out.push(line);
      outNums?.push(nums![i]);
    }
    return _batch(out, outNums, records);
  }

  flush(): Batch {
    const held = this.#held;
    if (held.length === 0) return { lines: [] };
    const nums = this.#heldNums;
    this.#held = [];
    this.#heldNums = [];
    this.#run.end();
    return _batch(held, nums.length ? nums : undefined, [0, held.length]);
  }
}

/** A multiline mode: the grouper's groups of two or more lines are records. */
class _RecordGrouper implements Grouper {
  #grouper: MultilineGrouper;
  /** Line numbers of the lines the grouper holds (tracked runs). */
  #nums: number[] = [];

  constructor(grouper: MultilineGrouper) {
    this.#grouper = grouper;
  }

  push(batch: Batch): Batch {
    const groups: string[][] = [];
    this.#grouper.pushBatch(batch.lines, groups);
    if (batch.numbers !== undefined) { for (const n of batch.numbers) this.#nums.push(n); }
    return this.#flatten(groups, batch.numbers !== undefined);
  }

  flush(): Batch {
    const groups: string[][] = [];
    this.#grouper.flush(groups);
    return this.#flatten(groups, this.#nums.length > 0);
  }

  #flatten(groups: string[][], track: boolean): Batch {
    const out: string[] = [];
    const records: number[] = [];
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      if (group.length > 1) records.push(out.length, group.length);
      for (let k = 0; k < group.length; k++) out.push(group[k]);
    }
    const nums = track ? this.#nums.splice(0, out.length) : undefined;
    return _batch(out, nums, records);
  }
}

function _batch(lines: string[], numbers: number[] | undefined, records: number[]): Batch {
  const b: Batch = { lines };
  if (numbers !== undefined) b.numbers = numbers;
  if (records.length) b.records = records;
  return b;
}
