// The line splitter against a whole-line reference model: `\r` progress-bar rewrites,
// overlong lines and the cut, under any chunking (mid-character too). The shown line and
// the metered raw text must not depend on where the chunks split the input.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import { cleanCut, LineSplitter, resolveCarriageReturns } from "../../trim/lines.ts";
import { chunked } from "../_helpers/chunked.ts";
import { LineMeter } from "../../trim/tokens.ts";

interface Split {
  lines: string[];
  metered: string[];
  counted: number;
}

function split(chunks: (string | Uint8Array)[], limit: number, clean: boolean): Split {
  const metered: string[] = [];
  let counted = 0;
  const s = new LineSplitter(limit, {
    rawText: (t) => void metered.push(t),
    line: () => void counted++,
    bytes: () => {},
  }, clean);
  const lines: string[] = [];
  for (const c of chunks) s.push(c, lines);
  s.flush(lines);
  return { lines, metered, counted };
}

/** What a terminal shows of each line, at most `limit + 1` characters of it when longer. */
function reference(text: string, limit: number, clean: boolean): string[] {
  const raw = text.split("\n");
  if (raw[raw.length - 1] === "") raw.pop();
  return raw.map((line) => {
    const shown = resolveCarriageReturns(line);
    if (line.length <= limit) return shown;
    const cut = shown.slice(0, limit + 1);
    return cut.length > limit && clean ? cleanCut(cut) : cut;
  });
}

// Lines of words, `\r` rewrites (also doubled and trailing), CRLF, non-ASCII.
const piece = fc.constantFrom("a", "bc", " ", "\r", "\r\r", "é", "😀", "progress 50%", "\r\n", "x");
const line = fc.array(piece, { maxLength: 24 }).map((p) => p.join(""));
const text = fc.array(line, { maxLength: 8 }).map((ls) => ls.join("\n"));

test("split: shown lines follow the reference under any chunking; metering too", () => {
  fc.assert(
    fc.property(
      text,
      fc.integer({ min: 1, max: 40 }),
      fc.boolean(),
      fc.array(fc.nat(), { maxLength: 10 }),
      (t, limit, clean, cuts) => {
        const bytes = new TextEncoder().encode(t);
        const whole = split([t], limit, clean);
        assert.deepEqual(whole.lines, reference(t, limit, clean));
        // every raw character is metered once: a long line's head, then its blocks
        assert.equal(whole.metered.join(""), t.replaceAll("\n", ""));
        assert.equal(whole.counted, whole.lines.length);
        const parts = split(chunked(bytes, cuts), limit, clean);
        assert.deepEqual(parts, whole);
      },
    ),
    propertyParams("split_rewrites#1", { numRuns: 3000 }),
  );
});

test("split: an overlong progress line shows its final rewrite, not the one at the cut", () => {
  const bar = Array.from({ length: 100 }, (_, i) => `downloading ${i}%`).join("\r") +
    "\rdone 100%";
  for (const clean of [true, false]) {
    const whole = split([bar + "\nnext\n"], 64, clean);
    assert.deepEqual(whole.lines, ["done 100%", "next"]);
    // one character at a time gives the same
    const chars = split([...bar + "\nnext\n"], 64, clean);
    assert.deepEqual(chars, whole);
  }
  // a final rewrite that is itself too long is cut like any long line
  const long = "start\r" + "word ".repeat(40) + "\r\n";
  assert.deepEqual(split([long], 64, true).lines, [cleanCut(("word ".repeat(40)).slice(0, 65))]);
  assert.deepEqual(split([long], 64, false).lines, [("word ".repeat(40)).slice(0, 65)]);
});

/** Words, tokens and lines a splitter with a meter attached counts of `chunks`. */
function metered(chunks: (string | Uint8Array)[], limit: number): [number, number, number] {
  const meter = new LineMeter();
  const s = new LineSplitter(limit, {
    rawText: (t) => meter.add(t),
    line: () => {},
    bytes: () => {},
    meter,
  });
  const lines: string[] = [];
  for (const c of chunks) s.push(c, lines);
  s.flush(lines);
  return [meter.words, meter.tokens, s.lines];
}

test("split: the meter counts byte input as the raw lines' text, under any chunking", () => {
  // ASCII lines are metered on the bytes before decoding; every other line (non-ASCII,
  // too long) from its text. Either way each raw line counts once, as `LineMeter.add`.
  fc.assert(
    fc.property(
      text,
      fc.integer({ min: 1, max: 40 }),
      fc.array(fc.nat(), { maxLength: 10 }),
      (t, limit, cuts) => {
        const ref = split([t], limit, true);
        const want = new LineMeter();
        for (const m of ref.metered) want.add(m);
        const expected = [want.words, want.tokens, ref.counted];
        const bytes = new TextEncoder().encode(t);
        assert.deepEqual(metered(chunked(bytes, cuts), limit), expected);
        assert.deepEqual(metered([t], limit), expected);
        // text after bytes, bytes after text
        const points = [...t];
        const half = points.slice(0, points.length >> 1).join("");
        const rest = new TextEncoder().encode(t.slice(half.length));
        const enc = new TextEncoder().encode(half);
        assert.deepEqual(metered([enc, t.slice(half.length)], limit), expected);
        assert.deepEqual(metered([half, rest], limit), expected);
      },
    ),
    propertyParams("split_rewrites#2", { numRuns: 3000 }),
  );
});
