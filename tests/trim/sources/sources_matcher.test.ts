import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { createMarkerMatcher, LOG_SOURCE_SIGNATURES } from "../../../trim/sources/detector.ts";
import { propertyParams } from "../../_helpers/property.ts";

/** Reference: one `indexOf` scan per marker, overlapping occurrences counted. */
function naiveCounts(text: string, markers: readonly string[], start = 0, end = text.length) {
  const slice = text.slice(start, end);
  return markers.map((m) => {
    if (m.length === 0) return 0;
    let n = 0;
    for (let i = slice.indexOf(m); i >= 0; i = slice.indexOf(m, i + 1)) n++;
    return n;
  });
}

test("the classic example: he, she, his, hers in ushers", () => {
  const m = createMarkerMatcher(["he", "she", "his", "hers"]);
  assert.deepEqual([...m.count("ushers")], [1, 1, 0, 1]);
  assert.deepEqual([...m.count("")], [0, 0, 0, 0]);
});

test("overlaps, nesting, duplicates and empty markers", () => {
  const markers = ["aa", "aaa", "a", "", "aa", "ab", "b"];
  const text = "aaaab";
  assert.deepEqual([...createMarkerMatcher(markers).count(text)], naiveCounts(text, markers));
});

test("counts accumulate into a given array and respect [start, end)", () => {
  const m = createMarkerMatcher(["ab", "b"]);
  const counts = m.count("abab");
  m.count("xxab", counts, 2);
  assert.deepEqual([...counts], [3, 3]);
  assert.deepEqual([...m.count("abab", undefined, 1, 3)], [0, 1]);
});

test("property: one pass equals a per-marker scan (small alphabet, deep tries)", () => {
  const alphabet = fc.constantFrom("a", "b", "c", "\u00e9", "\u{1F680}", " ", "[");
  const word = fc.array(alphabet, { maxLength: 8 }).map((a) => a.join(""));
  fc.assert(
    fc.property(
      fc.array(word, { maxLength: 25 }),
      fc.array(alphabet, { maxLength: 200 }).map((a) => a.join("")),
      (markers, text) => {
        const got = [...createMarkerMatcher(markers).count(text)];
        assert.deepEqual(got, naiveCounts(text, markers));
      },
    ),
    propertyParams("sources_matcher#1", { numRuns: 1000 }),
  );
});

test("property: one pass equals a per-marker scan with sub-ranges", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: "binary", maxLength: 6 }), { maxLength: 20 }),
      fc.string({ unit: "binary", maxLength: 120 }),
      fc.nat(130),
      fc.nat(130),
      (markers, text, a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const got = [...createMarkerMatcher(markers).count(text, undefined, start, end)];
        assert.deepEqual(got, naiveCounts(text, markers, start, Math.min(end, text.length)));
      },
    ),
    propertyParams("sources_matcher#2", { numRuns: 1000 }),
  );
});

test("property: the full catalog automaton equals a per-marker scan", () => {
  const markers = LOG_SOURCE_SIGNATURES.flatMap(([, m]) => m);
  const matcher = createMarkerMatcher(markers);
  // Texts stitched from real markers, their fragments and noise.
  const piece = fc.oneof(
    fc.constantFrom(...markers),
    fc.constantFrom(...markers).chain((m) =>
      fc.tuple(fc.nat(m.length), fc.nat(m.length)).map(([i, j]) =>
        m.slice(Math.min(i, j), Math.max(i, j))
      )
    ),
    fc.string({ maxLength: 12 }),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      const text = pieces.join(pieces.length % 2 === 0 ? "" : " ");
      const got = matcher.count(text);
      const want = naiveCounts(text, markers);
      for (let i = 0; i < markers.length; i++) {
        if (got[i] !== want[i]) {
          assert.fail(`${JSON.stringify(markers[i])}: ${got[i]} != ${want[i]}`);
        }
      }
    }),
    propertyParams("sources_matcher#3", { numRuns: 300 }),
  );
});
