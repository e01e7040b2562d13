import { test } from "node:test";
import assert from "node:assert/strict";
import { alternationOf, type Rule, RULES } from "../../../trim/rules/all.ts";
import { isKnownNoise, noiseRuleMatches } from "../../../trim/classify/known_noise.ts";
import { LineCategory, signalCategory } from "../../../trim/classify/category.ts";
import { lineSignal } from "../../../trim/classify/score.ts";

/** A rule's own pattern, anchored as its mark is (see `RuleMark`). */
function anchored(r: Rule): { test(line: string): boolean } {
  if (r.marks === "noise") return { test: (line) => noiseRuleMatches(r.id, line) };
  return r.marks === "chatter"
    ? new RegExp(`^\\s*(?:\\[HASH\\]: |[0-9a-f]{12}: )?(?:${r.pattern})`)
    : new RegExp(`^(?:${r.pattern})`);
}

test("every rule has an id of its family, a cue, examples both ways", () => {
  const ids = new Set<string>();
  for (const r of RULES) {
    assert.match(r.id, /^[a-z-]+\/[a-z0-9-]+$/, r.id);
    assert.ok(!ids.has(r.id), `duplicate ${r.id}`);
    ids.add(r.id);
    assert.ok(r.cues.length > 0 && r.cues.every((c) => c.length > 0), `${r.id}: cues`);
    assert.ok(r.match.length > 0, `${r.id}: no example that matches`);
    assert.ok(r.noMatch.length > 0, `${r.id}: no example that must not match`);
  }
});

test("every example of every rule: matched or not by its pattern, a match holds a cue", () => {
  let n = 0;
  for (const r of RULES) {
    const re = anchored(r);
    for (const line of r.match) {
      assert.ok(re.test(line), `${r.id} should match ${JSON.stringify(line)}`);
      assert.ok(r.cues.some((c) => line.includes(c)), `${r.id}: no cue in ${JSON.stringify(line)}`);
      n++;
    }
    for (const line of r.noMatch) {
      assert.ok(!re.test(line), `${r.id} should not match ${JSON.stringify(line)}`);
      n++;
    }
  }
  assert.ok(n > 200, `${n} examples`);
});

test("the classifier reads each rule's examples as its mark says", () => {
  // The mark's alternation is what the classifier compiles: each example that matches
  // gets that mark's verdict, or a stronger one of noise (a progress bar, a download
  // known as noise, a container's lifecycle are junk before they are chatter).
  for (const r of RULES) {
    for (const line of r.match) {
      if (r.marks === "cache-step" || r.marks === "noise") {
        assert.ok(isKnownNoise(line, line.charCodeAt(0)), `${r.id}: ${JSON.stringify(line)}`);
      } else {
        const category = signalCategory(lineSignal(line));
        assert.ok(category <= LineCategory.CHATTER, `${r.id}: ${JSON.stringify(line)}`);
      }
    }
  }
  assert.ok(alternationOf("chatter").split("|").length >= RULES.length / 3);
});

test("a noise rule's near misses are no known noise at all", () => {
  let n = 0;
  for (const r of RULES) {
    if (r.marks !== "noise") continue;
    for (const line of r.noMatch) {
      assert.ok(!isKnownNoise(line, line.charCodeAt(0)), `${r.id}: ${JSON.stringify(line)}`);
      n++;
    }
  }
  assert.ok(n >= 40, `${n} near misses`);
});

test("noise rules: where the cue stands and how the pattern is tried are consistent", () => {
  for (const r of RULES) {
    if (r.marks !== "noise") {
      const extra: unknown[] = [r.at, r.indent, r.also, r.contains, r.notEnds, r.tail];
      extra.push(r.whole, r.decides, r.find, r.subject);
      assert.ok(extra.every((x) => x === undefined), `${r.id}: noise-only fields`);
      continue;
    }
    if (r.whole) assert.ok(r.pattern.startsWith("^"), `${r.id}: a whole-line pattern opens with ^`);
    else assert.ok(!r.pattern.startsWith("^"), `${r.id}: a pattern tried at its cue has no ^`);
    if (r.find !== undefined || r.subject) {
      assert.equal(r.at, "end", `${r.id}: find is for end rules`);
    }
    if (r.indent !== undefined) assert.ok(r.indent[0] <= r.indent[1], r.id);
    if (r.tail !== undefined) assert.ok(r.tail.endsWith("$"), `${r.id}: a tail ends with $`);
  }
});
