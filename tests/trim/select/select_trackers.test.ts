// The selector's trackers (trim/select/), each on its own: what it counts, where it
// stops, and that its memory stays bounded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AfterContext, DIFF_AFTER_ERROR, HUNK_LINES } from "../../../trim/select/after_context.ts";
import { BeforeContext, GAP_LINES } from "../../../trim/select/before_context.ts";
import { ClosingLines } from "../../../trim/select/closing.ts";
import { Emitter } from "../../../trim/select/emitter.ts";
import { BODY_LINES, BODY_WAIT, LocatedBody } from "../../../trim/select/located_body.ts";
import { SelectOutput } from "../../../trim/select/output.ts";
import { CONTEXT_SEEN_LIMIT, isStatement, Repeats } from "../../../trim/select/repeats.ts";
import { WHOLE_TRACE_LINES, WholeTraces } from "../../../trim/select/records.ts";
import type { DecisionReason } from "../../../trim/decision.ts";

function emitter(cap = Infinity) {
  let dropped = 0;
  const counters = { dropped: (n: number) => void (dropped += n), hidden() {}, duplicates() {} };
  const em = new Emitter(
    new SelectOutput({ track: false, scores: false }),
    counters,
    undefined,
    cap,
  );
  em.begin();
  return { em, dropped: () => dropped };
}

test("LocatedBody: waits BODY_WAIT lines for the message, shows BODY_LINES of it", () => {
  const body = new LocatedBody();
  body.kept("src/X.hs:38:10: error:");
  for (let i = 0; i < BODY_WAIT; i++) assert.ok(body.take(`[${i} of 9] Compiling`, 0));
  assert.ok(!body.take("[5 of 9] Compiling", 0), "the wait is over");
  body.kept("src/X.hs:38:10: error:");
  let free = 0;
  for (let i = 0; i < BODY_LINES + 5; i++) if (body.take(`    line ${i}`, 4)) free++;
  assert.equal(free, BODY_LINES);
  body.kept("ERROR not located");
  assert.ok(!body.take("    indented", 4), "an error that does not end in ':' has no body");
});

test("AfterContext: a diff hunk near an error is shown, capped; far from one it is not", () => {
  const after = new AfterContext(2, false);
  assert.equal(after.open(100), 2);
  assert.ok(!after.diff("@@ -1,3 +1,3 @@", 100 + DIFF_AFTER_ERROR + 1), "too far from the error");
  assert.ok(!after.diff("@@ -1,3 +1,3 @@", 101));
  let shown = 0;
  for (let i = 0; i < HUNK_LINES + 10; i++) if (after.diff(`+ line ${i}`, 500)) shown++;
  assert.equal(shown, HUNK_LINES);
  after.left = 3;
  after.step("##[group]Run upload");
  assert.equal(after.left, 1, "the next CI step ends the window after its title");
});

test("BeforeContext: a gap of at most contextBefore + GAP_LINES soft lines is shown whole", () => {
  for (const gap of [3 + GAP_LINES, 3 + GAP_LINES + 1]) {
    const { em } = emitter();
    const shown: string[] = [];
    const emit = (line: string, _n: number, _r: DecisionReason, _s: number) => {
      shown.push(line);
      em.put(line, 0, "context-before", 0);
      return true;
    };
    const before = new BeforeContext(em, 3, 10, emit); // the ring holds 10
    em.pos = 1;
    emit("ERROR first", 0, "error", 90);
    before.shown();
    for (let i = 0; i < gap; i++) before.hold(`soft ${i}`, 0, 20, true, "noise");
    shown.length = 0;
    before.before();
    assert.equal(shown.length, gap <= 3 + GAP_LINES ? gap : 3, `gap of ${gap}`);
  }
});

test("Emitter: the sample cap drops, and a line from the ring is not counted twice", () => {
  const { em, dropped } = emitter(1);
  assert.ok(!em.overCap(1, 50, false));
  em.put("ERROR a", 1, "error", 90);
  assert.ok(em.overCap(2, 50, false) && dropped() === 1);
  assert.ok(em.overCap(3, 50, true) && dropped() === 1);
  assert.equal(em.room, 0);
});

test("Repeats: the context count starts over at CONTEXT_SEEN_LIMIT lines", () => {
  const r = new Repeats(false, false);
  for (let i = 0; i < CONTEXT_SEEN_LIMIT; i++) r.shownOften(`ctx ${i}`, undefined);
  for (let i = 0; i < 3; i++) assert.ok(!r.shownOften("  at lib.c:1", undefined));
  assert.ok(r.shownOften("  at lib.c:1", undefined));
  assert.ok(!r.contextRepeat("  at lib.c:1", "error", undefined), "only context lines");
  assert.ok(!r.shownOften("same", "same"), "a repeat of the last kept line folds");
  assert.ok(isStatement("  Expected the value to be defined") && !isStatement("  ----"));
  assert.ok(!r.dampens && r.sizes.dampened === 0);
});

test("WholeTraces: the first trace and an exception chained to it are shown whole", () => {
  const w = new WholeTraces();
  assert.ok(!w.next(WHOLE_TRACE_LINES + 1), "too long to show whole");
  assert.ok(w.next(WHOLE_TRACE_LINES));
  w.shownRecord(true);
  assert.ok(!w.next(5));
  w.shownRecord(false);
  w.shown("The above exception was the direct cause of the following exception:");
  assert.ok(!w.next(5), "the last record was not shown whole: no chain");
});

test("ClosingLines: failure, steps after it and verdict are read with their flags", () => {
  const c = new ClosingLines(40);
  const flags: string[] = [];
  const lines = Array.from({ length: 400 }, (_, i) => `line ${i}`);
  lines.push("npm ERR! test failed", "##[group]Run actions/upload-artifact@v4", "uploaded");
  c.release({ lines });
  const steps = c.finish(
    (b) => flags.push(`${b.lines.length}:${c.closing}:${c.stepsAfter}`),
    () => flags.push("end-context"),
    true,
    () => 0,
  );
  assert.ok(steps);
  assert.equal(flags.length, 3);
  assert.match(flags[1], /:true:false$/);
  assert.equal(flags[2], "2:false:true");
  assert.ok(!c.closing && !c.stepsAfter);
});
