/**
 * The budget stage (`maxTokens`): keeps the highest-scoring lines within the token
 * budget ({@linkcode TokenBudget}), in input order. It holds what it keeps until the
 * end of input (memory bounded by the budget) and emits it then.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import type { DecisionReason, DecisionReporter } from "../decision.ts";
import { type BudgetCounters, type BudgetSlice, TokenBudget } from "../select/budget.ts";

/**
 * Creates the budget stage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createBudgetStage } from "./budget.ts";
 * const out: string[] = [];
 * let dropped = 0;
 * const stage = createBudgetStage({ maxTokens: 1, estimate: () => 1 }, {
 *   dropped: (n) => (dropped += n),
 *   duplicates() {},
 * });
 * await ReadableStream.from([{ lines: ["a", "ERROR b"], scores: [10, 90] }]).pipeThrough(stage)
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * assert.deepEqual(out, ["ERROR b"]);
 * assert.ok(dropped === 1);
 * ```
 */
export function createBudgetStage(
  slice: BudgetSlice,
  counters: BudgetCounters,
  report?: DecisionReporter,
): TransformStream<Batch, Batch> {
  const reasons = report !== undefined ? new Map<number, DecisionReason>() : undefined;
  const budget = new TokenBudget(
    slice.maxTokens,
    slice.estimate,
    counters,
    report &&
      ((n, _a, score) => {
        reasons!.delete(n);
        report.report(n, "drop", "token-budget", score);
      }),
  );
  return batchStage(
    (batch) => {
      const { numbers } = batch;
      if (reasons !== undefined && numbers) {
        numbers.forEach((n, i) => reasons.set(n, batch.reasons?.[i] ?? "relevant"));
      }
      budget.push(batch.lines, batch.scores, numbers, batch.opaque);
      return { lines: [] };
    },
    () => {
      const lines: string[] = [];
      const scores: number[] = [];
      const opaque: number[] = [];
      const numbers = report !== undefined ? [] as number[] : undefined;
      budget.flush(lines, numbers, opaque, scores);
      const out: Batch = { lines };
      if (numbers !== undefined) {
        out.numbers = numbers;
        out.reasons = numbers.map((n) => reasons!.get(n) ?? "relevant");
        out.scores = scores;
      }
      if (opaque.length) out.opaque = opaque;
      return out;
    },
  );
}
