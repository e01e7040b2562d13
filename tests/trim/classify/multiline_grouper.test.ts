import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../../_helpers/property.ts";
import {
  createMultilineGrouper,
  MULTILINE_MAX_BYTES,
  MULTILINE_MAX_LINES,
} from "../../../trim/classify/multiline_grouper.ts";
import { PLAIN, TRACES } from "../../_helpers/stack_samples.ts";

const enc = new TextEncoder();
const bytesOf = (g: string[]) => g.reduce((n, l) => n + enc.encode(l).length + 1, 0);

function group(lines: string[], mode: "auto" | "java" = "auto", batch = lines.length): string[][] {
  const g = createMultilineGrouper(mode);
  const out: string[][] = [];
  for (let k = 0; k < lines.length; k += batch) g.pushBatch(lines.slice(k, k + batch), out);
  g.flush(out);
  return out;
}

const frame = (k: number) => `\tat com.acme.Deep.f${k}(Deep.java:${k})`;

test("limits are exported as specified", () => {
  assert.equal(MULTILINE_MAX_LINES, 200);
  assert.equal(MULTILINE_MAX_BYTES, 200 * 1024);
});

test("a 200-line record is one group; a 201-line record splits 200 + 1", () => {
  const head = "java.lang.StackOverflowError";
  const r200 = [head, ...Array.from({ length: 199 }, (_, k) => frame(k))];
  assert.deepEqual(group(r200).map((g) => g.length), [200]);
  const r201 = [head, ...Array.from({ length: 200 }, (_, k) => frame(k))];
  const g = group(r201);
  assert.deepEqual(g.map((x) => x.length), [200, 1]);
  assert.deepEqual(g.flat(), r201);
  // Continuation state survives the split: a long record keeps splitting by 200.
  const r1000 = [head, ...Array.from({ length: 999 }, (_, k) => frame(k)), "done"];
  assert.deepEqual(group(r1000).map((x) => x.length), [200, 200, 200, 200, 200, 1]);
});

test("a group never exceeds 200 KB (UTF-8, one newline per line)", () => {
  // 1023 ASCII chars + newline = 1 KB per line: 200 lines fit exactly; a 201st does not.
  const kb = (k: number) => `\tat a.B.c${"x".repeat(1023 - 18 - String(k).length)}(B.java:${k})`;
  assert.equal(kb(5).length, 1023);
  const rec = ["java.lang.Error: big", ...Array.from({ length: 250 }, (_, k) => kb(k))];
  const g = group(rec);
  for (const x of g) assert.ok(bytesOf(x) <= MULTILINE_MAX_BYTES);
  assert.deepEqual(g.flat(), rec);
  // 2-byte characters: bytes, not UTF-16 units, are counted.
  const wide = (k: number) => `\tat a.B.c${"é".repeat(600)}(B.java:${k})`; // ~1.2 KB
  const rec2 = ["java.lang.Error: wide", ...Array.from({ length: 199 }, (_, k) => wide(k))];
  const g2 = group(rec2);
  assert.ok(g2.length > 1, "must split on bytes before 200 lines");
  for (const x of g2) assert.ok(bytesOf(x) <= MULTILINE_MAX_BYTES, `${bytesOf(x)}`);
  assert.ok(bytesOf(g2[0]) + bytesOf([g2[1][0]]) > MULTILINE_MAX_BYTES, "split only when needed");
  assert.deepEqual(g2.flat(), rec2);
  // Exactly at the bound fits: 200 * 1 KB.
  const exact = Array.from({ length: 200 }, (_, k) => (k === 0 ? "E: x".padEnd(1023, "y") : kb(k)));
  assert.equal(bytesOf(exact), MULTILINE_MAX_BYTES);
  assert.deepEqual(group(exact).map((x) => x.length), [200]);
});

test("a single line larger than 200 KB is a group of its own", () => {
  const huge = "\tat a.B.c(" + "x".repeat(300 * 1024) + ".java:1)";
  const g = group(["java.lang.Error: x", huge, frame(1), frame(2)]);
  assert.deepEqual(g.map((x) => x.length), [1, 1, 2]);
});

test("custom bounds", () => {
  const gr = createMultilineGrouper("java", { maxLines: 3 });
  const out: string[][] = [];
  gr.pushBatch(["E: x", frame(1), frame(2), frame(3), frame(4), "next"], out);
  assert.equal(gr.pendingLines, 1);
  gr.flush(out);
  assert.deepEqual(out.map((x) => x.length), [3, 2, 1]);
  assert.equal(gr.pendingLines, 0);
});

test("push() returns completed groups; flush() returns a held-back blank line", () => {
  const g = createMultilineGrouper("python");
  assert.equal(g.push("Traceback (most recent call last):"), undefined);
  assert.equal(g.push('  File "a.py", line 1, in <module>'), undefined);
  assert.equal(g.push("ValueError: x"), undefined);
  assert.equal(g.push(""), undefined); // held back: a chain may follow
  assert.equal(g.pendingLines, 4);
  const out: string[][] = [];
  g.flush(out);
  assert.deepEqual(out, [
    ["Traceback (most recent call last):", '  File "a.py", line 1, in <module>', "ValueError: x"],
    [""],
  ]);
});

const POOL = [
  ...TRACES.flat(),
  ...PLAIN,
  "",
  "   ",
  'Exception in thread "main" java.lang.NullPointerException',
  "Traceback (most recent call last):",
  "panic: boom",
  "goroutine 7 [running]:",
  "}",
  "{",
];

test("property: groups concatenate to the input, in every mode and batch size", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.constantFrom(...POOL), fc.string({ maxLength: 12 })), {
        maxLength: 400,
      }),
      fc.constantFrom("auto", "java", "python", "node", "go", "rust", "off"),
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 1, max: 40 }),
      (lines, mode, batch, maxLines) => {
        const g = createMultilineGrouper(mode as "auto", { maxLines, maxBytes: 2048 });
        const out: string[][] = [];
        for (let k = 0; k < lines.length; k += batch) g.pushBatch(lines.slice(k, k + batch), out);
        g.flush(out);
        assert.deepEqual(out.flat(), lines);
        for (const x of out) {
          assert.ok(x.length >= 1 && x.length <= maxLines);
          assert.ok(x.length === 1 || bytesOf(x) <= 2048);
        }
        if (mode === "off") assert.equal(out.length, lines.length);
      },
    ),
    propertyParams("multiline_grouper#1", { numRuns: 300 }),
  );
});

test("property: batching does not change the groups", () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...POOL), { maxLength: 300 }),
      fc.integer({ min: 1, max: 30 }),
      (lines, batch) => {
        assert.deepEqual(group(lines, "auto", batch), group(lines, "auto"));
      },
    ),
    propertyParams("multiline_grouper#2", { numRuns: 200 }),
  );
});
