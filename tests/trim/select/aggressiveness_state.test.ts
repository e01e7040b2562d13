import { test } from "node:test";
import assert from "node:assert/strict";
import {
  type AggressivenessDecisionKind,
  createDynamicAggressivenessState,
} from "../../../trim/select/aggressiveness.ts";
import { TrimError } from "../../../trim/errors.ts";
import type { Aggressiveness } from "../../../trim/types.ts";

function feed(
  state: { recordDecision(k: AggressivenessDecisionKind): void },
  ...kinds: AggressivenessDecisionKind[]
) {
  for (const k of kinds) state.recordDecision(k);
}
const times = (n: number, k: AggressivenessDecisionKind) =>
  Array<AggressivenessDecisionKind>(n).fill(k);

test("fixed values never change", () => {
  for (const value of ["low", "medium", "high", "aggressive"] as const) {
    const s = createDynamicAggressivenessState(value);
    assert.equal(s.effective, value);
    assert.equal(s.auto, false);
    feed(s, ...times(20, "keep-hard"), ...times(20, "drop"), ...times(20, "repeat"));
    assert.equal(s.effective, value);
  }
});

test("auto starts at high", () => {
  const s = createDynamicAggressivenessState("auto");
  assert.equal(s.effective, "high");
  assert.equal(s.auto, true);
});

test("invalid values throw INVALID_OPTION", () => {
  for (const bad of ["", "max", "AUTO", undefined]) {
    assert.throws(
      () => createDynamicAggressivenessState(bad as unknown as Aggressiveness),
      (e: unknown) => e instanceof TrimError && e.code === "INVALID_OPTION",
    );
  }
});

test("high -> medium at 3 hard keeps among the last 8 (not at 2)", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, "keep-hard", "keep-soft", "keep-hard");
  assert.equal(s.effective, "high");
  feed(s, "drop", "keep-hard");
  assert.equal(s.effective, "medium");
});

test("hard keeps older than the window do not count", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, "keep-hard", "keep-hard", ...times(7, "keep-soft"), "keep-hard");
  assert.equal(s.effective, "high"); // the first two left the window before the third came
});

test("high -> aggressive at 6 drops or repeats among the last 8 (not at 5)", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, "drop", "repeat", "drop", "keep-soft", "repeat", "drop");
  assert.equal(s.effective, "high");
  feed(s, "repeat");
  assert.equal(s.effective, "aggressive");
});

test("high stays high when neither condition holds", () => {
  const s = createDynamicAggressivenessState("auto");
  for (let i = 0; i < 50; i++) feed(s, "keep-soft", "drop", "keep-hard", "drop", "keep-soft");
  // window mixes at most 2 hard and at most 4 drops among any 8
  assert.equal(s.effective, "high");
});

test("medium -> high only after a full window with at most 1 hard keep (hysteresis)", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, ...times(3, "keep-hard"));
  assert.equal(s.effective, "medium");
  // 2 hard keeps still in the window: stays medium even after 8 decisions
  feed(s, ...times(5, "keep-soft"), "keep-hard", "keep-hard", "keep-soft");
  assert.equal(s.effective, "medium");
  // quiet window: back to high once the window holds at most 1 hard keep
  feed(s, ...times(5, "keep-soft"));
  assert.equal(s.effective, "medium"); // both recent hard keeps still in the window
  feed(s, "keep-soft");
  assert.equal(s.effective, "high");
});

test("medium does not leave before a full window even if quiet", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, ...times(3, "keep-hard"));
  assert.equal(s.effective, "medium");
  feed(s, ...times(7, "keep-soft"));
  assert.equal(s.effective, "medium"); // 7 decisions since entering medium
  feed(s, "keep-soft");
  assert.equal(s.effective, "high");
});

test("aggressive -> high after a full quiet window (at most 2 drops)", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, ...times(6, "drop"));
  assert.equal(s.effective, "aggressive");
  feed(s, ...times(4, "keep-soft"));
  assert.equal(s.effective, "aggressive"); // not settled, drops still in window
  feed(s, ...times(3, "keep-soft"));
  assert.equal(s.effective, "aggressive"); // 7 decisions since entering
  feed(s, "keep-soft");
  assert.equal(s.effective, "high");
});

test("aggressive stays while drops continue (no flapping)", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, ...times(6, "drop"));
  for (let i = 0; i < 40; i++) {
    feed(s, "drop", "drop", "keep-soft", "repeat");
    assert.equal(s.effective, "aggressive");
  }
});

test("aggressive -> high at once on an error burst, then -> medium", () => {
  const s = createDynamicAggressivenessState("auto");
  feed(s, ...times(6, "drop"));
  assert.equal(s.effective, "aggressive");
  feed(s, "keep-hard", "keep-hard");
  assert.equal(s.effective, "aggressive");
  feed(s, "keep-hard");
  assert.equal(s.effective, "high");
  feed(s, "keep-hard");
  assert.equal(s.effective, "medium");
});

test("the level changes deterministically for the same decisions", () => {
  const kinds: AggressivenessDecisionKind[] = ["keep-hard", "keep-soft", "drop", "repeat"];
  let seed = 7;
  const seq = Array.from(
    { length: 500 },
    () => kinds[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % 4],
  );
  const run = () => {
    const s = createDynamicAggressivenessState("auto");
    return seq.map((k) => (s.recordDecision(k), s.effective)).join(",");
  };
  assert.equal(run(), run());
});
