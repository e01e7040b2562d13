import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../../_helpers/property.ts";
import {
  createFormatDetector,
  detectLineFormat,
  FORMAT_DETECTION_SAMPLE_SIZE,
  FORMAT_REELECTION_STREAK,
  type LogFormat,
} from "../../../trim/classify/format.ts";

const PY = "Traceback (most recent call last):";
const NODE = "    at run (/app/index.js:3:9)";
const JAVA = "\tat com.example.A.run(A.java:3)";
const JSON_LINE = '{"level":"info","msg":"ok"}';
const PLAIN = "some plain message";

function feed(detector: { observe(line: string): void }, line: string, times: number): void {
  for (let i = 0; i < times; i++) detector.observe(line);
}

test("defaults are the specified 50-line vote and 20-line re-election", () => {
  assert.equal(FORMAT_DETECTION_SAMPLE_SIZE, 50);
  assert.equal(FORMAT_REELECTION_STREAK, 20);
});

test("the format is undefined until a line is recognized", () => {
  const d = createFormatDetector();
  assert.equal(d.format, undefined);
  feed(d, PLAIN, 10);
  feed(d, "", 5);
  assert.equal(d.format, undefined);
});

test("the first recognizable line locks the format at once", () => {
  const d = createFormatDetector();
  feed(d, PLAIN, 3);
  d.observe(NODE);
  assert.equal(d.format, "node");
});

test("the majority of the first sampleSize non-blank lines corrects the first lock", () => {
  const d = createFormatDetector();
  d.observe(NODE);
  feed(d, PY, 2);
  assert.equal(d.format, "python");
  // Ties keep the current format.
  const t = createFormatDetector();
  t.observe(NODE);
  t.observe(PY);
  assert.equal(t.format, "node");
});

test("blank lines do not count toward the sample window; plain lines do", () => {
  const d = createFormatDetector(4);
  d.observe(NODE);
  feed(d, "", 10); // blank: window still open
  feed(d, PY, 2); // inside the window: python 2 vs node 1
  assert.equal(d.format, "python");
  const e = createFormatDetector(4);
  e.observe(NODE);
  feed(e, PLAIN, 3); // plain lines fill the window
  feed(e, PY, 2); // after the window: only a streak of 20 can change it
  assert.equal(e.format, "node");
});

test("after the vote, 20 consecutive lines of another format re-elect", () => {
  const d = createFormatDetector();
  feed(d, JAVA, 60);
  feed(d, JSON_LINE, FORMAT_REELECTION_STREAK - 1);
  assert.equal(d.format, "java");
  d.observe(JSON_LINE);
  assert.equal(d.format, "json");
});

test("a line of the current format resets the streak; unrecognized lines are neutral", () => {
  const d = createFormatDetector();
  feed(d, JAVA, 60);
  feed(d, JSON_LINE, 19);
  d.observe(JAVA); // reset
  feed(d, JSON_LINE, 19);
  assert.equal(d.format, "java");
  feed(d, PLAIN, 5); // neutral: the streak stays at 19
  feed(d, "", 5);
  d.observe(JSON_LINE);
  assert.equal(d.format, "json");
});

test("re-election picks the most frequent format of the streak", () => {
  const d = createFormatDetector();
  feed(d, JAVA, 60);
  for (let i = 0; i < 20; i++) d.observe(i % 4 === 0 ? NODE : PY);
  assert.equal(d.format, "python");
});

test("re-election also works in the probing phase (long streams)", () => {
  for (const offset of [0, 3, 7, 15]) {
    const d = createFormatDetector();
    feed(d, JAVA, 5000 + offset);
    feed(d, JSON_LINE, 19);
    d.observe(JAVA);
    feed(d, JSON_LINE, 19);
    assert.equal(d.format, "java", `offset ${offset}`);
    feed(d, JSON_LINE, 1);
    assert.equal(d.format, "json", `offset ${offset}`);
    feed(d, PY, 40);
    assert.equal(d.format, "python", `offset ${offset}`);
  }
});

test("a non-positive sampleSize skips the vote: the first recognized line locks", () => {
  const d = createFormatDetector(0);
  d.observe(NODE);
  feed(d, PY, 5);
  assert.equal(d.format, "node");
});

/** Reference model of the specified behaviour, classifying every line. */
function reference(lines: readonly string[], sampleSize: number): LogFormat | undefined {
  let format: LogFormat | undefined;
  let nonBlank = 0;
  const votes = new Map<LogFormat, number>();
  let streak: LogFormat[] = [];
  for (const line of lines) {
    const f = detectLineFormat(line);
    if (nonBlank < sampleSize) {
      if (line.trim() === "") continue;
      nonBlank++;
      if (f === undefined) continue;
      votes.set(f, (votes.get(f) ?? 0) + 1);
      if (format === undefined || votes.get(f)! > (votes.get(format) ?? 0)) format = f;
      continue;
    }
    if (f === undefined) continue;
    if (format === undefined) format = f;
    else if (f === format) streak = [];
    else {
      streak.push(f);
      if (streak.length === FORMAT_REELECTION_STREAK) {
        const counts = new Map<LogFormat, number>();
        for (const g of streak) counts.set(g, (counts.get(g) ?? 0) + 1);
        let best: LogFormat | undefined;
        for (const [g, n] of counts) if (best === undefined || n > counts.get(best)!) best = g;
        format = best;
        streak = [];
      }
    }
  }
  return format;
}

test("the streaming detector matches a reference model of the rules", () => {
  const pool = [PY, NODE, JAVA, JSON_LINE, PLAIN, ""];
  fc.assert(
    fc.property(
      // At most 20 runs of at most 12 lines: never more than 256 unrecognized lines
      // in a row (the look-back limit of the probing phase).
      fc.array(
        fc.tuple(fc.constantFrom(...pool), fc.integer({ min: 1, max: 12 })),
        { maxLength: 20 },
      ),
      fc.integer({ min: 0, max: 60 }),
      (runs, sampleSize) => {
        const lines = runs.flatMap(([line, n]) => new Array<string>(n).fill(line));
        const d = createFormatDetector(sampleSize);
        for (const line of lines) d.observe(line);
        return d.format === reference(lines, sampleSize);
      },
    ),
    propertyParams("format_stream#1", { numRuns: 500 }),
  );
});

test("a vote window longer than the exact phase is still voted line by line", () => {
  const d = createFormatDetector(1000);
  feed(d, NODE, 400);
  feed(d, PY, 401);
  assert.equal(d.format, "python");
});

test("on long streams (probing phase) runs of recognized lines re-elect as in the model", () => {
  // Past line 4096 a probe lands in every run of 16 lines; runs of recognized
  // lines are therefore found and replayed exactly.
  const pool = [PY, NODE, JAVA, JSON_LINE];
  const prefix = new Array<string>(4100).fill(JAVA);
  fc.assert(
    fc.property(
      // At most 20 runs of at most 12 lines: never more than 256 unrecognized lines in a row.
      fc.array(fc.tuple(fc.constantFrom(...pool), fc.integer({ min: 1, max: 12 })), {
        maxLength: 20,
      }),
      fc.array(fc.nat(300), { maxLength: 5 }),
      (runs, reads) => {
        const lines = prefix.concat(runs.flatMap(([line, n]) => new Array<string>(n).fill(line)));
        const d = createFormatDetector();
        // Reading `format` mid-stream must not change the outcome.
        const readAt = new Set(reads.map((r) => 4100 + r));
        lines.forEach((line, i) => {
          d.observe(line);
          if (readAt.has(i)) void d.format;
        });
        return d.format === reference(lines, FORMAT_DETECTION_SAMPLE_SIZE);
      },
    ),
    propertyParams("format_stream#2", { numRuns: 300 }),
  );
});
