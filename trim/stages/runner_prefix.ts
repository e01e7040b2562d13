/**
 * The runner prefix stage: cuts Docker Compose's `web-1  | `, Turborepo's
 * `@acme/web:test: `, pnpm's `packages/web test: ` and BuildKit's `#8 12.34 ` from the
 * lines that carry them (see `../runner_prefix.ts`), so
 * that group and select read each line from where the task's own output starts.
 * Select writes each cut prefix back on the lines it keeps
 * ({@linkcode RunnerPrefixes}), by line number: this stage numbers the lines when the
 * run does not already (decisions tracked).
 *
 * It runs after key blocks (colour codes gone: Compose colours its prefixes) and
 * before group.
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import { ownString } from "../own_string.ts";
import { type RunnerPrefixes, RunnerPrefixTracker } from "../runner_prefix.ts";

/**
 * Creates the runner prefix stage, which records what it cuts in `prefixes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Batch } from "../batch.ts";
 * import { createRunnerPrefixStage } from "./runner_prefix.ts";
 * import { RunnerPrefixes } from "../runner_prefix.ts";
 * const prefixes = new RunnerPrefixes();
 * const out: Batch[] = [];
 * await ReadableStream.from([{ lines: ["web-1  | GET /", "web-1  | FAIL x"] }])
 *   .pipeThrough(createRunnerPrefixStage(prefixes))
 *   .pipeTo(new WritableStream({ write(b) { out.push(b); } }));
 * assert.deepEqual(out[0].lines, ["GET /", "FAIL x"]);
 * assert.ok(prefixes.prefixOf(out[0].numbers![1]) === "web-1  | ");
 * ```
 */
export function createRunnerPrefixStage(prefixes: RunnerPrefixes): TransformStream<Batch, Batch> {
  const tracker = new RunnerPrefixTracker();
  let count = 0;
  return new TransformStream<Batch, Batch>({
    transform(batch, controller) {
      const lines = batch.lines;
      let numbers = batch.numbers;
      if (numbers === undefined) {
        numbers = new Array<number>(lines.length);
        for (let i = 0; i < lines.length; i++) numbers[i] = ++count;
        batch.numbers = numbers;
      }
      for (let i = 0; i < lines.length; i++) {
        const prefix = tracker.next(lines[i]);
        if (prefix === "") continue;
        lines[i] = ownString(lines[i].slice(tracker.cut));
        prefixes.set(numbers[i], prefix);
      }
      if (lines.length) controller.enqueue(batch);
    },
  });
}
