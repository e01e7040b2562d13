import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Folder } from "../../../trim/fold/folder.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { runFoldSteps } from "../../_helpers/fold_pipeline.ts";
import { propertyParams } from "../../_helpers/property.ts";

test("dedupeWindow: an error interleaved with a heartbeat folds at N >= 2, at first occurrence", () => {
  const log = "E failed\nhb\nE failed\nhb\nE failed\nhb\n";
  assert.equal(runFoldSteps(log).output, log);
  for (const n of [2, 3, 10]) {
    const r = runFoldSteps(log, { dedupeWindow: n });
    assert.equal(r.output, "[x3] E failed\n[x3] hb\n");
    assert.equal(r.result.stats.duplicateLines, 4);
    assertAccounting(r.output, r.result);
  }
});

test("dedupeWindow: a group leaves the window when N newer groups started", () => {
  // Window 2: E, a, b → E leaves (written) when b starts; the next E starts anew.
  const r = runFoldSteps("E\na\nE\nb\nE\n", { dedupeWindow: 2 });
  assert.equal(r.output, "[x2] E\na\nb\nE\n");
  assertAccounting(r.output, r.result);
});

test("dedupeWindow: values of non-adjacent members are listed, template mining included", () => {
  const r = runFoldSteps(
    "retry id=1 after 5ms\nheartbeat\nretry id=2 after 7ms\nheartbeat\n",
    { dedupeWindow: 2 },
  );
  assert.equal(r.output, "[x2] retry id=[1 | 2] after [5ms | 7ms]\n[x2] heartbeat\n");
});

test("dedupeWindow: blank lines fold like other lines, their extras dropped", () => {
  const r = runFoldSteps("a\n\nb\n\n\nc\n", { dedupeWindow: 3 });
  assert.equal(r.output, "a\n\nb\nc\n");
  assert.equal(r.result.stats.droppedLines, 2);
  assertAccounting(r.output, r.result);
  const adj = runFoldSteps("a\n\n\n\nb\n");
  assert.equal(adj.output, "a\n\nb\n");
  assert.equal(adj.result.stats.droppedLines, 2);
});

test("fold: per-line actions: first line keep, members fold, blank extras drop", () => {
  const r = runFoldSteps("x 1\nx 1\n\n\ny\nE\nhb\nE\n", { dedupeWindow: 2 });
  assert.deepEqual([...r.actions.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]), [
    "keep",
    "fold",
    "keep",
    "drop",
    "keep",
    "keep",
    "keep",
    "fold",
  ]);
});

test("fold: without line numbers nothing is reported (zero-cost path)", () => {
  let calls = 0;
  const f = new Folder({ duplicates() {}, dropped() {} }, { decide: () => calls++ });
  const out: string[] = [];
  f.push(["a", "a", "b"], out);
  f.flush(out);
  assert.deepEqual(out, ["[x2] a", "b"]);
  assert.equal(calls, 0);
});

test("fold: outNumbers carries the first line number of each written line", () => {
  const f = new Folder({ duplicates() {}, dropped() {} }, { window: 2 });
  const out: string[] = [];
  const nums: number[] = [];
  f.push(["E", "hb", "E", "z"], out, [10, 11, 12, 13], nums);
  f.flush(out, nums);
  assert.deepEqual(out, ["[x2] E", "hb", "z"]);
  assert.deepEqual(nums, [10, 11, 13]);
});

const lineArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("E boom", "hb", "", "  ", "exit 1", "exit 2", "done") },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 30 }).map((n) => `batch ${n} in ${n % 4}ms`) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 9 }).map((n) => `retry id=${n} amount=5`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, "")) },
);
const logArb = fc.array(lineArb, { maxLength: 120 }).map((l) => l.join("\n"));

test("fold: property: accounting, determinism, batch independence, never throws", () => {
  fc.assert(
    fc.property(
      logArb,
      fc.integer({ min: 0, max: 6 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 7 }),
      (log, window, templateMining, batch) => {
        const a = runFoldSteps(log, { dedupeWindow: window, templateMining });
        assertAccounting(a.output, a.result);
        const b = runFoldSteps(log, { dedupeWindow: window, templateMining, batch });
        assert.equal(b.output, a.output);
        assert.deepEqual(b.result.stats, a.result.stats);
        assert.deepEqual(
          [...b.actions].sort((x, y) => x[0] - y[0]),
          [...a.actions].sort((x, y) => x[0] - y[0]),
        );
        // Never-merge numbers never end up in one group.
        assert.ok(!/exit \[/.test(a.output));
        // A window of 1 only folds adjacent lines: output count >= a wider window's.
        if (window <= 1) {
          const w = runFoldSteps(log, { dedupeWindow: 4, templateMining });
          assert.ok(w.lines.length <= a.lines.length);
          assertAccounting(w.output, w.result);
        }
      },
    ),
    propertyParams("fold_window#1", { numRuns: 400 }),
  );
});
