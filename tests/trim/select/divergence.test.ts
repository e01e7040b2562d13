/**
 * Where the failing run leaves the passing run's path at its end
 * (`trim/select/divergence.ts`): the lines from a point of divergence on are kept,
 * however familiar each one is; a list in another order is no divergence.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { trimTextInline } from "../../../trim/process.ts";
import type { TrimLineDecision } from "../../../trim/types.ts";
import { baselineKey, BaselineTemplates, shapeKey } from "../../../trim/select/baseline.ts";
import { Divergence, DIVERGENCE_LINES } from "../../../trim/select/divergence.ts";

const NOVELTY = new URL("../../fixtures/baseline_novelty/", import.meta.url);

function baselineOf(lines: string[]): BaselineTemplates {
  const b = new BaselineTemplates();
  for (const l of lines) b.add(l);
  return b;
}

/** Which of `lines` a fresh run keeps, all read as closing lines (`closing`). */
function kept(b: BaselineTemplates, lines: string[], closing = true): string[] {
  const d = new Divergence();
  return lines.filter((l) => d.next(baselineKey(l), shapeKey(l), b, closing));
}

test("divergence: a step the failing run skipped, then its tool's summary", () => {
  const b = baselineOf(["run", "start processing", "tagger", "", "writer", "end", "[INFO] ok"]);
  // `writer` right after `start processing` (the passing run had `tagger` between).
  assert.deepEqual(kept(b, ["run", "start processing", "writer", "end", "[INFO] ok"]), [
    "writer",
    "end",
    "[INFO] ok",
  ]);
  // Read before the log's closing lines: nothing.
  assert.deepEqual(kept(b, ["run", "start processing", "writer", "end"], false), []);
  // The same path as the passing run: nothing.
  assert.deepEqual(kept(b, ["run", "start processing", "tagger", "writer", "end"]), []);
});

test("divergence: the run is bounded and a list in another order is none", () => {
  const letters = "abcdefghijklmnopqrst";
  const b = baselineOf(["begin", ...[...letters].map((c) => `- item ${c}`)]);
  // Rows of one kind (`- item`) in another order: the first row (another after `begin`)
  // is a point of divergence, the next row ends its run, and no later row starts one.
  const shuffled = ["begin", ...[...letters].reverse().map((c) => `- item ${c}`)];
  assert.deepEqual(kept(b, shuffled), ["- item t"]);
  const steps = ["a1 x", "b1 y", "c1 z", "d1 w", "e1 v", "f1 u", "g1 t", "h1 s", "i1 r", "j1 q"];
  const b2 = baselineOf(steps);
  const out = kept(b2, [steps[0], steps[2], steps[1], ...steps.slice(3)]);
  // `c1 z` after `a1 x` starts a run; `b1 y` after `c1 z` restarts it: at most
  // DIVERGENCE_LINES from the last point on.
  assert.equal(out.length, 1 + DIVERGENCE_LINES);
  // A list (two lines of one kind in a row) ends the run.
  const b3 = baselineOf(["go", "build x", "row 1 a", "row 2 b", "done"]);
  assert.deepEqual(kept(b3, ["go", "row 1 a", "row 2 b", "done"]), ["row 1 a"]);
});

test("divergence: Jenkins job whose generator skipped its tagger (fixture jenkins_tagger)", async () => {
  const read = (f: string) => readFile(new URL(f, NOVELTY), "utf8");
  const fail = await read("jenkins_tagger.fail.log");
  const decisions: TrimLineDecision[] = [];
  const { output } = await trimTextInline(fail, {
    baseline: ReadableStream.from([await read("jenkins_tagger.pass.log")]),
    onDecision: (d) => decisions.push(d),
  });
  const lines = fail.split("\n");
  const reason = (text: string) => decisions.find((d) => lines[d.lineNumber - 1] === text)?.reason;
  // Every line of the generator's end: the passing run printed each, in another order.
  for (
    const l of [
      "[INFO] end of processing: ",
      "[INFO] no errors, no warnings",
      "[INFO] BUILD SUCCESS",
    ]
  ) {
    assert.ok(output.includes(l), l);
  }
  assert.equal(reason("[INFO] spoon.support.JavaOutputProcessor"), "diverged-from-baseline");
  // Before the point of divergence, the passing run's path: dropped.
  assert.equal(reason("[INFO] start processing..."), "baseline");
  assert.ok(!output.includes("[INFO] running Spoon..."), output);
});
