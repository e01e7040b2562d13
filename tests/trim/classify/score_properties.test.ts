import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { lineSignal, scoreLineRelevance } from "../../../trim/classify/score.ts";
import { inferSeverity, passesSeverityFilter } from "../../../trim/classify/severity.ts";
import { hasMultilingualErrorKeyword } from "../../../trim/classify/multilingual.ts";
import { isCascadeRestatement } from "../../../trim/classify/cascade.ts";
import type { EffectiveAggressiveness } from "../../../trim/types.ts";
import { propertyParams } from "../../_helpers/property.ts";

const LEVELS: EffectiveAggressiveness[] = ["low", "medium", "high", "aggressive"];

/** Lines mixing log vocabulary with arbitrary text. */
const logish = fc.array(
  fc.oneof(
    fc.string(),
    fc.constantFrom(
      "ERROR",
      "[INFO]",
      "warn",
      "error:",
      "0 errors",
      "exit code 1",
      "  at ",
      "(x.js:1:2)",
      'File "a.py", line 3',
      '{"level":50',
      "level=",
      "CVE-2023-1234",
      "HIGH",
      "Fehler",
      "错误",
      "✕",
      "::error",
      "##[error]",
      "npm ERR!",
      "\t",
      " ",
    ),
  ),
  { maxLength: 12 },
).map((parts) => parts.join(""));

test("scoring never throws, stays in 0-100 and is deterministic", () => {
  fc.assert(
    fc.property(logish, fc.constantFrom(...LEVELS), fc.boolean(), (line, level, ml) => {
      const a = scoreLineRelevance(line, level, { multilingual: ml });
      const b = scoreLineRelevance(line, level, { multilingual: ml });
      assert.equal(a, b);
      assert.ok(Number.isInteger(a) && a >= 0 && a <= 100);
      assert.equal(lineSignal(line, ml), lineSignal(line, ml));
    }),
    propertyParams("score_properties#1", { numRuns: 3000 }),
  );
});

test("severity helpers never throw on arbitrary text", () => {
  fc.assert(
    fc.property(fc.oneof(logish, fc.string({ unit: "grapheme" })), (line) => {
      inferSeverity(line);
      passesSeverityFilter(line, "warn");
      hasMultilingualErrorKeyword(line);
      isCascadeRestatement(line);
    }),
    propertyParams("score_properties#2", { numRuns: 2000 }),
  );
});

test("a level-tagged line is kept at low whatever follows (monotone levels)", () => {
  fc.assert(
    fc.property(logish, (line) => {
      const scores = LEVELS.map((level) => scoreLineRelevance(line, level));
      // less aggressive levels never score lower
      for (let i = 1; i < scores.length; i++) assert.ok(scores[i - 1] >= scores[i], line);
    }),
    propertyParams("score_properties#3", { numRuns: 2000 }),
  );
});

/** Adversarial 1 MB lines: repetitions that would trip backtracking regexes. */
const ADVERSARIAL: Array<[string, string]> = [
  ["spaces", " ".repeat(1_000_000)],
  ["tabs then x", "\t".repeat(999_999) + "x"],
  ["letters", "a".repeat(1_000_000)],
  ["uppercase", "E".repeat(1_000_000)],
  ["at prefix", "at " + "(".repeat(499_998) + ":1".repeat(250_000)],
  ["indented at", "    at " + "x:1:".repeat(250_000)],
  ["digits", "1".repeat(1_000_000)],
  ["colons", ":1".repeat(500_000)],
  ["go path", "a.".repeat(500_000) + "go"],
  ["go func", "a/".repeat(250_000) + "b.".repeat(250_000) + "(0x1, "],
  ["go func closed", "a/".repeat(250_000) + "b.".repeat(249_990) + "c(0x1, 0x)"],
  ["rust colons", "  1: " + ":".repeat(999_990) + " x"],
  ["compile", "error: could not compile `" + "a`".repeat(499_980) + " due to"],
  ["blank then skipped", " ".repeat(999_990) + "skipped"],
  ["file", '  File "' + "x".repeat(999_990)],
  ["rust", "  1: " + ":".repeat(999_990) + " x"],
  ["error words", "error ".repeat(166_666)],
  ["zero errors", "0 errors ".repeat(111_111)],
  ["exit", "exit with code ".repeat(66_666)],
  ["container", "container ".repeat(100_000)],
  ["brackets", "[".repeat(1_000_000)],
  ["level keys", "level=".repeat(166_666)],
  ["json", '{"level":'.repeat(111_111)],
  ["percent bar", "%" + "=".repeat(999_999)],
  ["cjk", "错".repeat(1_000_000)],
  ["cyrillic", "о".repeat(1_000_000)],
  ["mixed", "ERROR [INFO] at x (a.js:1:2) ".repeat(33_333)],
  ["warn hyphen", "non-".repeat(250_000)],
  ["cve", "CVE-2023-".repeat(111_111)],
];

test("a 1 MB adversarial line scores in linear time (each pattern)", () => {
  // warm-up so timings measure matching, not compilation
  for (const level of LEVELS) scoreLineRelevance("warm-up line ERROR at x (a.js:1:2)", level);
  const score = (line: string) => {
    const t0 = performance.now();
    scoreLineRelevance(line, "high");
    inferSeverity(line);
    isCascadeRestatement(line);
    return performance.now() - t0;
  };
  const slow: string[] = [];
  for (const [name, line] of ADVERSARIAL) {
    // Linear matching takes ~5-30 ms per MB here; quadratic backtracking takes seconds
    // to minutes on these inputs.
    if (score(line) <= 300) continue;
    // Slow on a loaded machine, or super-linear? Doubling the length doubles a linear
    // scan's time and quadruples a quadratic one's: the fastest of three, interleaved.
    const half = line.slice(0, line.length >> 1);
    const quarter = line.slice(0, line.length >> 2);
    let t1 = Infinity, t2 = Infinity, t4 = Infinity;
    for (let k = 0; k < 3; k++) {
      t4 = Math.min(t4, score(quarter));
      t2 = Math.min(t2, score(half));
      t1 = Math.min(t1, score(line));
    }
    t2 = Math.max(t2, 1);
    t4 = Math.max(t4, 1);
    if (t1 > 300 && t1 / t2 > 3 && t2 / t4 > 3) {
      slow.push(`${name}: ${t1.toFixed(0)} ms (half ${t2.toFixed(0)}, quarter ${t4.toFixed(0)})`);
    }
  }
  assert.deepEqual(slow, []);
});
