import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { TokenBudget } from "../../../trim/select/budget.ts";
import { estimateTokens } from "../../../trim/tokens.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { runFoldSteps } from "../../_helpers/fold_pipeline.ts";
import { propertyParams } from "../../_helpers/property.ts";

const one = () => 1;

function select(
  lines: string[],
  scores: number[] | undefined,
  max: number,
  estimate: (l: string) => number = one,
) {
  let dropped = 0;
  let dup = 0;
  const b = new TokenBudget(max, estimate, {
    dropped: (n) => dropped += n,
    duplicates: (n) => dup += n,
  });
  b.push(lines, scores);
  const out: string[] = [];
  b.flush(out);
  return { out, dropped, dup };
}

test("maxTokens: keeps the highest scores, in original order", () => {
  const r = select(["a", "ERR 1", "b", "ERR 2", "c"], [1, 90, 5, 80, 2], 3);
  assert.deepEqual(r.out, ["ERR 1", "b", "ERR 2"]);
  assert.equal(r.dropped, 2);
});

test("maxTokens: ties evict the later line; no scores keep the earliest lines", () => {
  assert.deepEqual(select(["a", "b", "c", "d"], [5, 5, 5, 5], 2).out, ["a", "b"]);
  assert.deepEqual(select(["a", "b", "c", "d"], undefined, 3).out, ["a", "b", "c"]);
});

test("maxTokens: a line larger than the budget is dropped without evicting others", () => {
  const est = (l: string) => l.length;
  const r = select(["aa", "x".repeat(50), "bb"], [1, 100, 1], 10, est);
  assert.deepEqual(r.out, ["aa", "bb"]);
});

test("maxTokens: dropped groups and markers are accounted for", () => {
  const r = select(
    ["[x4] retry", "[... 3 more application stack frames ...]", "keep"],
    [0, 0, 9],
    1,
  );
  assert.deepEqual(r.out, ["keep"]);
  assert.equal(r.dropped, 4);
  assert.equal(r.dup, -3);
});

test("maxTokens: opaque flags travel with their lines", () => {
  const b = new TokenBudget(3, one, { dropped() {}, duplicates() {} });
  b.push(["a", "[x2] stack", "b"], [0, 50, 0], [1, 2, 3], [1]);
  b.push(["[... 2 more application stack frames ...]", "c"], [60, 99], [4, 5], [0]);
  const out: string[] = [];
  const nums: number[] = [];
  const opaque: number[] = [];
  b.flush(out, nums, opaque);
  assert.deepEqual(out, ["[x2] stack", "[... 2 more application stack frames ...]", "c"]);
  assert.deepEqual(nums, [2, 4, 5]);
  assert.deepEqual(opaque, [0, 1]);
});

test("maxTokens: 0 keeps nothing", () => {
  assert.deepEqual(select(["a", "b"], [1, 2], 0).out, []);
});

test("maxTokens then fold: the output fits the budget and the accounting holds", () => {
  const log = Array.from(
    { length: 200 },
    (_, i) => i % 10 === 0 ? `ERROR job ${i} failed: connection refused` : `INFO tick ${i}`,
  ).join("\n");
  const score = (l: string) => (l.startsWith("ERROR") ? 80 : 0);
  const r = runFoldSteps(log, { maxTokens: 150, score });
  const tokens = r.lines.reduce((s, l) => s + estimateTokens(l), 0);
  assert.ok(tokens <= 150, `tokens ${tokens}`);
  assert.ok(r.lines.some((l) => l.includes("ERROR")));
  assertAccounting(r.output, r.result);
  const dropped = [...r.actions.values()].filter((a) => a === "drop").length;
  assert.equal(dropped, r.result.stats.droppedLines);
});

const itemArb = fc.record({
  line: fc.oneof(
    fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, "")),
    fc.constantFrom("[x3] grouped", "[... 2 more application stack frames ...]"),
  ),
  score: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant(Number.NaN)),
});

test("maxTokens: property: fits, order kept, best scores kept, deterministic, batch-independent", () => {
  fc.assert(
    fc.property(
      fc.array(itemArb, { maxLength: 80 }),
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 1, max: 10 }),
      (items, max, batch) => {
        const lines = items.map((i) => i.line);
        const scores = items.map((i) => i.score);
        const run = (size: number) => {
          let dropped = 0;
          const b = new TokenBudget(max, estimateTokens, {
            dropped: (n) => dropped += n,
            duplicates() {},
          });
          const nums = lines.map((_, i) => i);
          for (let i = 0; i < lines.length; i += size) {
            b.push(lines.slice(i, i + size), scores.slice(i, i + size), nums.slice(i, i + size));
          }
          const out: string[] = [];
          const outNums: number[] = [];
          b.flush(out, outNums);
          return { out, outNums, dropped };
        };
        const a = run(1000);
        const b = run(batch);
        assert.deepEqual(b, a);
        const total = a.out.reduce((s, l) => s + estimateTokens(l), 0);
        assert.ok(total <= max + 1e-9);
        for (let i = 1; i < a.outNums.length; i++) assert.ok(a.outNums[i - 1] < a.outNums[i]);
        // Greedy invariant: a dropped line that fits alone ranks below the best kept line.
        const norm = (s: number) => (s === s ? s : 0);
        const better = (x: number, y: number) =>
          norm(scores[x]) > norm(scores[y]) || (norm(scores[x]) === norm(scores[y]) && x < y);
        const kept = new Set(a.outNums);
        for (let i = 0; i < lines.length; i++) {
          if (kept.has(i) || estimateTokens(lines[i]) > max) continue;
          assert.ok(a.outNums.some((k) => better(k, i)), `dropped line ${i} outranks all kept`);
        }
      },
    ),
    propertyParams("budget_tokens#1", { numRuns: 300 }),
  );
});
