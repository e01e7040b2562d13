import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { BlockCollapser, blockMarker } from "../../../trim/fold/blocks.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { runFoldSteps } from "../../_helpers/fold_pipeline.ts";
import { propertyParams } from "../../_helpers/property.ts";

test("collapseBlocks: a repeated 3-line block becomes one copy plus a marker", () => {
  const block = "connect db\nERROR timeout\nretrying\n";
  const r = runFoldSteps("start\n" + block.repeat(4) + "end\n", { collapseBlocks: 3 });
  assert.equal(r.output, "start\n" + block + blockMarker(4, 3) + "\nend\n");
  assert.equal(r.result.stats.duplicateLines, 9);
  assertAccounting(r.output, r.result);
});

test("collapseBlocks: off, or blocks longer than N, are left alone", () => {
  const log = "a\nb\nc\na\nb\nc\n";
  assert.equal(runFoldSteps(log).output, log);
  assert.equal(runFoldSteps(log, { collapseBlocks: 2 }).output, log);
  assert.equal(
    runFoldSteps(log, { collapseBlocks: 3 }).output,
    "a\nb\nc\n" + blockMarker(2, 3) + "\n",
  );
});

test("collapseBlocks: blocks compare by shape; never-merge numbers keep copies apart", () => {
  const r = runFoldSteps(
    "attempt 1 failed\nsleep 100ms\nattempt 2 failed\nsleep 200ms\nattempt 3 failed\nsleep 400ms\n",
    { collapseBlocks: 2 },
  );
  assert.equal(r.output, "attempt 1 failed\nsleep 100ms\n" + blockMarker(3, 2) + "\n");
  const apart = "run\nexit 1\nrun\nexit 2\n";
  assert.equal(runFoldSteps(apart, { collapseBlocks: 2 }).output, apart);
});

test("collapseBlocks: folded lines inside blocks keep the accounting", () => {
  const copy = "tick\ntick\ntick\nflush\n";
  const r = runFoldSteps(copy.repeat(3), { collapseBlocks: 4 });
  assert.equal(r.output, "[x3] tick\nflush\n" + blockMarker(3, 2) + "\n");
  // 12 input lines: 2 + 2 shown duplicates of [x3], the rest through the marker.
  assert.equal(r.result.stats.duplicateLines, 10);
  assertAccounting(r.output, r.result);
});

test("collapseBlocks: a broken run ends with the marker and the partial copy is kept", () => {
  const r = runFoldSteps("a\nb\nc\na\nb\nc\na\nb\nz\n", { collapseBlocks: 3 });
  assert.equal(r.output, "a\nb\nc\n" + blockMarker(2, 3) + "\na\nb\nz\n");
  assertAccounting(r.output, r.result);
  // The partial copy can start a new, shorter block.
  const s = runFoldSteps("a\nb\nc\nd\na\nb\nc\nd\na\nb\na\nb\nz\n", { collapseBlocks: 4 });
  assert.equal(s.output, `a\nb\nc\nd\n${blockMarker(2, 4)}\na\nb\n${blockMarker(2, 2)}\nz\n`);
  assertAccounting(s.output, s.result);
});

test("collapseBlocks: per-line actions: shown lines keep, collapsed copies fold", () => {
  const r = runFoldSteps("a\nb\na\nb\nc\n", { collapseBlocks: 2 });
  assert.deepEqual([...r.actions.entries()].sort((x, y) => x[0] - y[0]).map((e) => e[1]), [
    "keep",
    "keep",
    "fold",
    "fold",
    "keep",
  ]);
});

test("collapseBlocks: upstream markers inside a block count for nothing", () => {
  let dup = 0;
  const b = new BlockCollapser(2, { duplicates: (n) => dup += n });
  const out: string[] = [];
  b.push([
    "x",
    "[... 3 more application stack frames ...]",
    "x",
    "[... 3 more application stack frames ...]",
  ], out);
  b.flush(out);
  assert.deepEqual(out, ["x", "[... 3 more application stack frames ...]", blockMarker(2, 2)]);
  assert.equal(dup, 1);
});

const lineArb = fc.oneof(
  fc.constantFrom("a", "b", "c", "E boom", "", "exit 1", "exit 2"),
  fc.integer({ min: 0, max: 5 }).map((n) => `attempt ${n} failed`),
);
const logArb = fc.oneof(
  fc.array(lineArb, { maxLength: 80 }),
  fc.tuple(fc.array(lineArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 6 }))
    .map(([block, n]) => Array.from({ length: n }, () => block).flat()),
).map((l) => l.join("\n"));

test("collapseBlocks: property: accounting, determinism, batch independence, bounded", () => {
  fc.assert(
    fc.property(
      logArb,
      fc.integer({ min: 0, max: 6 }),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 9 }),
      (log, n, window, batch) => {
        const a = runFoldSteps(log, { collapseBlocks: n, dedupeWindow: window });
        assertAccounting(a.output, a.result);
        const b = runFoldSteps(log, { collapseBlocks: n, dedupeWindow: window, batch });
        assert.equal(b.output, a.output);
        assert.deepEqual(
          [...b.actions].sort((x, y) => x[0] - y[0]),
          [...a.actions].sort((x, y) => x[0] - y[0]),
        );
        // No two adjacent copies of a block of <= n lines remain (by exact text).
        const lines = a.lines;
        for (let k = 2; k <= n; k++) {
          for (let i = 0; i + 2 * k <= lines.length; i++) {
            let same = true;
            for (let t = 0; t < k && same; t++) same = lines[i + t] === lines[i + k + t];
            if (same) {
              const seg = lines.slice(i, i + 2 * k);
              assert.ok(seg.some((l) => l.startsWith("[block x")), JSON.stringify(seg));
            }
          }
        }
      },
    ),
    propertyParams("fold_blocks#1", { numRuns: 400 }),
  );
});
