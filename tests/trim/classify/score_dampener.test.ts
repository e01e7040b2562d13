import { test } from "node:test";
import assert from "node:assert/strict";
import { createRepeatDampener } from "../../../trim/classify/score.ts";
import { TFIDF_MAP_LIMIT, TFIDF_PENALTY, TFIDF_REPEAT_THRESHOLD } from "../../../trim/constants.ts";
import { optionDefault } from "../../../trim/options.ts";

test("constants have the spec values", async () => {
  const c = await import("../../../trim/constants.ts");
  assert.equal(c.SCORE_KEEP_THRESHOLD, 40);
  assert.equal(optionDefault("contextBefore"), 3);
  assert.equal(optionDefault("contextAfter"), 2);
  assert.equal(c.TFIDF_REPEAT_THRESHOLD, 3);
  assert.equal(c.TFIDF_PENALTY, 8);
  assert.equal(c.TFIDF_MAP_LIMIT, 50000);
  assert.equal(c.AGGRESSIVENESS_WINDOW, 8);
  assert.equal(c.AGGRESSIVENESS_HARD_KEEPS_TO_RELAX, 3);
  assert.equal(c.AGGRESSIVENESS_DROPS_TO_TIGHTEN, 6);
});

test("no penalty up to the threshold, then TFIDF_PENALTY per further repeat", () => {
  const d = createRepeatDampener();
  const got = Array.from({ length: 7 }, () => d.penalty("retry [ID]"));
  const want = Array.from(
    { length: 7 },
    (_, i) => Math.max(0, i + 1 - TFIDF_REPEAT_THRESHOLD) * TFIDF_PENALTY,
  );
  assert.deepEqual(got, want);
  assert.deepEqual(got, [0, 0, 0, 8, 16, 24, 32]);
});

test("lines are counted separately and the penalty is capped at 100", () => {
  const d = createRepeatDampener();
  for (let i = 0; i < 3; i++) d.penalty("a");
  assert.equal(d.penalty("b"), 0);
  assert.equal(d.penalty("a"), 8);
  let last = 0;
  for (let i = 0; i < 100; i++) last = d.penalty("a");
  assert.equal(last, 100);
});

test("the map resets when it holds TFIDF_MAP_LIMIT unique lines", () => {
  const d = createRepeatDampener();
  for (let i = 0; i < 4; i++) d.penalty("hot");
  for (let i = 1; i < TFIDF_MAP_LIMIT; i++) d.penalty(`line ${i}`);
  assert.equal(d.size, TFIDF_MAP_LIMIT);
  assert.equal(d.penalty("hot"), 16); // still tracked
  assert.equal(d.penalty("one more new line"), 0); // triggers the reset
  assert.equal(d.size, 1);
  assert.equal(d.penalty("hot"), 0); // counting starts over
});
