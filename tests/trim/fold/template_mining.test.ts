import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../../_helpers/property.ts";
import {
  createTemplateSignature,
  NEVER_MERGE_LABELS,
  sameTemplate,
  templateSpans,
} from "../../../trim/fold/template.ts";
import { createRepeatSignature } from "../../../trim/classify/signature.ts";
import { Folder } from "../../../trim/fold/folder.ts";

function fold(lines: string[], window = 1, templateMining = true): string[] {
  const f = new Folder({ duplicates() {}, dropped() {} }, { window, templateMining });
  const out: string[] = [];
  f.push(lines, out);
  f.flush(out);
  return out;
}

test("template: numbers after a generic word label vary, with units", () => {
  assert.deepEqual(fold(["Processed batch 17 in 4ms", "Processed batch 18 in 5ms"]), [
    "[x2] Processed batch [17 | 18] in [4ms | 5ms]",
  ]);
  assert.deepEqual(fold(["job #12 took 1.5s", "job #13 took 2.25s", "job #14 took 1.5s"]), [
    "[x3] job #[12 | 13 | 14] took [1.5s | 2.25s]",
  ]);
  assert.deepEqual(fold(["retries: 3 left", "retries: 4 left"]), ["[x2] retries: [3 | 4] left"]);
  assert.deepEqual(fold(["disk 91% full", "disk 93% full"]), ["[x2] disk [91% | 93%] full"]);
});

test("template: never-merge labels keep lines apart, in any case", () => {
  for (const label of NEVER_MERGE_LABELS) {
    for (const l of [label, label.toUpperCase(), label[0].toUpperCase() + label.slice(1)]) {
      const lines = [`process ${l} 1 seen`, `process ${l} 2 seen`];
      assert.deepEqual(fold(lines), lines, l);
    }
  }
  assert.deepEqual(fold(["exit 1", "exit 2"]), ["exit 1", "exit 2"]);
  assert.deepEqual(fold(["exited with exit_code 1", "exited with exit_code 2"]), [
    "exited with exit_code 1",
    "exited with exit_code 2",
  ]);
  assert.deepEqual(fold(["Error: 5 at x", "Error: 6 at x"]), ["Error: 5 at x", "Error: 6 at x"]);
  // The same never-merge number repeated still folds as an identical line.
  assert.deepEqual(fold(["exit 1", "exit 1"]), ["[x2] exit 1"]);
});

test("template: what is not a labelled number", () => {
  const apart = [
    ["node 18.2.1 ready", "node 18.3.1 ready"], // dotted version
    ["batch 17abcd", "batch 18abcd"], // not a number
    ["a 1 b", "a 2 b"], // one-letter label
    ["x17 y", "x18 y"], // no separator
    ["took 1,234 ms", "took 1,567 ms"], // thousands part stays
    ["3 retries", "4 retries"], // number before the word
    // A source location (`file.ext: N:`) is the finding's identity.
    [
      "react/README.md: 757: MD029/ol-prefix Ordered list item prefix",
      "react/README.md: 758: MD029/ol-prefix Ordered list item prefix",
    ],
  ];
  for (const pair of apart) {
    assert.deepEqual(fold(pair), pair, pair[0]);
    assert.equal(sameTemplate(pair[0], pair[1]), false, pair[0]);
  }
  // A word that is not a file's extension is a label: `Actual: 2` still varies.
  assert.deepEqual(fold(["a.md: 7: Actual: 2", "a.md: 7: Actual: 3"]), [
    "[x2] a.md: 7: Actual: [2 | 3]",
  ]);
});

test("template: templateMining false keeps the repeat-signature behaviour", () => {
  const lines = ["Processed batch 17 in 4ms", "Processed batch 18 in 5ms", "a=1 b", "a=2 b"];
  assert.deepEqual(fold(lines, 1, false), [lines[0], lines[1], "[x2] a=[1 | 2] b"]);
});

test("template: key=value values and labelled numbers vary together, in order", () => {
  assert.deepEqual(fold(["batch 1 id=a in 4ms", "batch 2 id=b in 4ms"]), [
    "[x2] batch [1 | 2] id=[a | b] in 4ms",
  ]);
  // A labelled number inside a value belongs to the value; "n" is too short a label.
  assert.deepEqual(fold(['msg="batch 1" n 5', 'msg="batch 2" n 6']), [
    'msg="batch 1" n 5',
    'msg="batch 2" n 6',
  ]);
  assert.deepEqual(fold(['msg="batch 1" nn 5', 'msg="batch 2" nn 6']), [
    '[x2] msg=["batch 1" | "batch 2"] nn [5 | 6]',
  ]);
});

const tokenArb = fc.oneof(
  fc.constantFrom(
    "batch",
    "exit",
    "Code",
    "in",
    "x",
    "id=",
    "k=ab",
    'msg="a 1"',
    ":",
    "#",
    " ",
    "  ",
    ".",
    "%",
    "ms",
    "_",
    "[NUM]",
    "[VALUE]",
  ),
  fc.integer({ min: 0, max: 200 }).map(String),
  fc.stringMatching(/^[a-z]{1,4}$/),
  fc.stringMatching(/^\d{1,3}\.\d{1,2}[a-z%]{0,4}$/),
);
const lineArb = fc.array(tokenArb, { maxLength: 14 }).map((t) => t.join(""));
const numberish = (l: string) => l.replace(/\d+/g, (d) => String((Number(d) * 7 + 3) % 1000));

test("template: sameTemplate agrees with signature equality; equal signatures have equal spans", () => {
  fc.assert(
    fc.property(lineArb, lineArb, fc.boolean(), (a, b0, mutate) => {
      const b = mutate ? numberish(a) : b0;
      if (a.includes("[NUM]") || b.includes("[NUM]")) return;
      const sa = createTemplateSignature(a);
      const sb = createTemplateSignature(b);
      const same = sameTemplate(createRepeatSignature(a), createRepeatSignature(b));
      assert.equal(same, sa === sb, `${JSON.stringify(a)} / ${JSON.stringify(b)}`);
      if (sa === sb) assert.equal(templateSpans(a).length, templateSpans(b).length);
      const spans = templateSpans(a);
      for (let k = 0; k < spans.length; k += 2) {
        assert.ok(spans[k] <= spans[k + 1] && (k === 0 || spans[k - 1] <= spans[k]));
      }
    }),
    propertyParams("template_mining#1", { numRuns: 3000 }),
  );
});

test("template: each operation on a 1 MB adversarial line takes < 100 ms", () => {
  const cases = [
    "a 1".repeat(350_000),
    "ab 1x".repeat(200_000),
    ("x".repeat(40) + " 1").repeat(25_000),
    "a: 1.1.1.1.1".repeat(90_000),
    " #1a".repeat(250_000),
    "exit 1 ".repeat(150_000),
    "k=v batch 1 ".repeat(80_000),
    "1".repeat(1_000_000),
    "a".repeat(1_000_000) + " 1",
  ];
  for (const line of cases) {
    const a = createRepeatSignature(line);
    const b = createRepeatSignature(line.replace(/1/g, "2"));
    const ops: [string, () => unknown][] = [
      ["signature", () => createTemplateSignature(line)],
      ["spans", () => templateSpans(line)],
      ["sameTemplate", () => sameTemplate(a, b)],
    ];
    for (const [name, op] of ops) {
      const t0 = performance.now();
      op();
      const ms = performance.now() - t0;
      // Linear code takes a few ms on 1 MB; a super-linear pattern takes minutes.
      assert.ok(ms < 1000, `${name} ${JSON.stringify(line.slice(0, 12))}…: ${ms.toFixed(1)} ms`);
    }
  }
});
