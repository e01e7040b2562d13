// Template folding across the stream (trim/fold/stream.ts): non-adjacent lines of one
// template fold, distinct messages do not, failure lines fold by numbers only, records
// stay whole, the window is bounded, a stream that repeats itself folds into about one
// copy, and accounting, decisions and batching stay exact.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { trimText } from "../../../mod.ts";
import type { TrimLineDecision, TrimOptions } from "../../../mod.ts";
import { type FoldAction, MAX_LISTED_VALUES } from "../../../trim/fold/folder.ts";
import { representedLines } from "../../../trim/fold/represent.ts";
import { StreamFolder } from "../../../trim/fold/stream.ts";
import { HOLD_LINES, type StreamWindow } from "../../../trim/fold/stream_window.ts";
import { estimateTokens } from "../../../trim/tokens.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { propertyParams } from "../../_helpers/property.ts";

/** Runs a StreamFolder over lines in batches of `size`; returns output, counters, actions. */
function fold(lines: string[], size = 1000, window?: Partial<StreamWindow>) {
  let duplicates = 0;
  let dropped = 0;
  const actions = new Map<number, FoldAction>();
  const f = new StreamFolder({ duplicates: (n) => duplicates += n, dropped: (n) => dropped += n }, {
    window,
    decide: (n, a) => {
      assert.ok(!actions.has(n), `line ${n} decided twice`);
      actions.set(n, a);
    },
  });
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += size) {
    const batch = lines.slice(i, i + size);
    f.push(batch, out, batch.map((_, k) => i + k + 1));
  }
  f.flush(out);
  return { out, duplicates, dropped, actions };
}

/** Every input line is represented or dropped; the [xN] counts match the duplicates. */
function assertExact(lines: string[], r: ReturnType<typeof fold>): void {
  let represented = 0;
  let grouped = 0;
  for (const l of r.out) {
    const n = representedLines(l);
    represented += n;
    if (l.startsWith("[x")) grouped += n - 1;
  }
  assert.equal(represented + r.dropped, lines.length, "every line accounted for");
  assert.equal(grouped, r.duplicates, "[xN] counts match duplicates");
  assert.equal(r.actions.size, lines.length, "one decision per line");
}

const HDFS = [
  "[TIME] 2497 INFO dfs.DataNode$DataXceiver: [IP]:[PORT] Served block blk_-33584 to /[IP]",
  "[TIME] 2561 WARN dfs.DataNode$DataXceiver: [IP]:[PORT]:Got exception while serving blk_-29181 to /[IP]:",
  "[TIME] 13 INFO dfs.DataBlockScanner: Verification succeeded for blk_3141",
  "[TIME] 2677 WARN dfs.DataNode$DataXceiver: [IP]:[PORT]:Got exception while serving blk_8376 to /[IP]:",
  "[TIME] 2549 INFO dfs.DataNode$DataXceiver: [IP]:[PORT] Served block blk_-53419 to /[IP]",
  "[TIME] 2747 WARN dfs.DataNode$DataXceiver: [IP]:[PORT]:Got exception while serving blk_3763 to /[IP]:",
];

test("stream fold: non-adjacent lines of one template fold at the first one's place", () => {
  const r = fold(HDFS);
  assert.deepEqual(r.out, [
    "[x2] [TIME] [2497 | 2549] INFO dfs.DataNode$DataXceiver: [IP]:[PORT] Served block [blk_-33584 | blk_-53419] to /[IP]",
    "[x3] [TIME] [2561 | 2677 | 2747] WARN dfs.DataNode$DataXceiver: [IP]:[PORT]:Got exception while serving [blk_-29181 | blk_8376 | blk_3763] to /[IP]:",
    "[TIME] 13 INFO dfs.DataBlockScanner: Verification succeeded for blk_3141",
  ]);
  assert.deepEqual([...r.actions.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]), [
    "keep",
    "keep",
    "keep",
    "fold",
    "fold",
    "fold",
  ]);
  assertExact(HDFS, r);
});

/** 60 distinct kept lines: an output longer than a short one (`SHORT_OUTPUT_LINES`). */
const LONG =
  Array.from({ length: 60 }, (_, i) => `WARN step ${"abcdefghij"[i % 10]}${"klmnop"[i % 6]} done`)
    .join("\n") + "\n";

test("stream fold: the default pipeline folds non-adjacent lines; dedupeWindow 1 does not", async () => {
  const log = "WARN retry blk_100 on host\nINFO tick\nWARN retry blk_200 on host\n";
  const folded = await trimText(LONG + log, { aggressiveness: "low" });
  assert.ok(folded.output.endsWith("[x2] WARN retry [blk_100 | blk_200] on host\nINFO tick\n"));
  assertAccounting(folded.output, folded.result);
  const adjacent = await trimText(LONG + log, { aggressiveness: "low", dedupeWindow: 1 });
  assert.ok(adjacent.output.endsWith(log));
  for (const off of [{ dedupe: false }, { templateMining: false }] as TrimOptions[]) {
    const r = await trimText(LONG + log, { aggressiveness: "low", ...off });
    assert.ok(r.output.endsWith(log), JSON.stringify(off));
  }
  // A short output folds adjacent lines only (the spec's dedupeWindow 1), in order.
  const short = await trimText(log, { aggressiveness: "low" });
  assert.equal(short.output, log);
});

test("stream fold: jsonl-preserve never folds", async () => {
  const log = '{"level":"warn","msg":"retry","id":1}\n{"level":"info","msg":"tick"}\n' +
    '{"level":"warn","msg":"retry","id":2}\n';
  const r = await trimText(log, { aggressiveness: "low", outputFormat: "jsonl-preserve" });
  assert.equal(r.output, log);
});

test("stream fold: distinct messages stay distinct (words differ)", () => {
  const lines = [
    "WARN connection refused by db7",
    "WARN connection reset by db7",
    "WARN opened /data/users.db",
    "WARN opened /data/orders.db",
    "WARN exit 1 from worker",
    "WARN exit 2 from worker",
  ];
  assert.deepEqual(fold(lines).out, lines);
});

test("stream fold: failure lines fold by numbers only, never by words or ids", () => {
  const timeout = (i: number) => `ERROR timeout after ${30000 + i} ms on shard ${i}`;
  const lines = [
    "ERROR reserve failed for order ord_77310 after 5 attempts",
    "INFO tick",
    "ERROR reserve failed for order ord_77342 after 5 attempts",
    ...Array.from({ length: 7 }, (_, i) => [timeout(i), "INFO tock"]).flat(),
  ];
  const r = fold(lines);
  assert.deepEqual(r.out, [
    "ERROR reserve failed for order ord_77310 after 5 attempts",
    "INFO tick",
    "ERROR reserve failed for order ord_77342 after 5 attempts",
    "[x7] ERROR timeout after [30000 | 30001 | 30002 | 30003 | 30004 | +2 more] ms on shard " +
    "[0 | 1 | 2 | 3 | 4 | +2 more]",
    "[x7] INFO tock",
  ]);
  assertExact(lines, r);
});

test("stream fold: a failure group of up to 5 lines is written as its lines, together", () => {
  const lines = [
    "ERROR retrying, 1 of 3",
    "INFO fetching",
    "ERROR retrying, 2 of 3",
    "ERROR retrying, 2 of 3",
    "INFO fetching",
    "ERROR retrying, 3 of 3",
  ];
  const r = fold(lines);
  assert.deepEqual(r.out, [
    "ERROR retrying, 1 of 3",
    "[x2] ERROR retrying, 2 of 3",
    "ERROR retrying, 3 of 3",
    "[x2] INFO fetching",
  ]);
  assertExact(lines, r);
  assert.deepEqual([...r.actions.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]), [
    "keep",
    "keep",
    "keep",
    "fold",
    "fold",
    "keep",
  ]);
});

test("stream fold: adjacent failure lines still fold by key=value values (spec rule 4)", async () => {
  const log = [
    "payment failed requestId=a1 amount=12.50",
    "payment failed requestId=b2 amount=13.00",
    "done",
  ].join("\n");
  const { output } = await trimText(log);
  assert.equal(output, "[x2] payment failed requestId=[a1 | b2] amount=[12.50 | 13.00]\ndone\n");
});

test("stream fold: records stay whole: indented lines and their head fold only adjacently", () => {
  const trace = (id: number) => [
    `java.lang.IllegalStateException: order ${id} rejected`,
    "\tat com.acme.Orders.reserve(Orders.java:41)",
    "\tat com.acme.Orders.run(Orders.java:12)",
    `done ${id}`,
  ];
  const lines = [...trace(1), "INFO between", ...trace(2)];
  const r = fold(lines);
  // Each trace keeps its head, its frames and the line after it, in order.
  assert.deepEqual(r.out, lines);
  assertExact(lines, r);
});

test("stream fold: a line is held back by at most HOLD_LINES later lines", () => {
  // Two templates taking turns (a run of one template alone is held until another
  // comes, as adjacent repeats always were).
  const lines = Array.from(
    { length: 3 * HOLD_LINES },
    (_, i) => i % 2 ? `WARN job ${i} on node${i % 5}` : `INFO tick ${i}`,
  );
  const f = new StreamFolder({ duplicates() {}, dropped() {} });
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    f.push([lines[i]], out);
    // Lines are placed when the next one comes, then held HOLD_LINES lines at most; a
    // later repeat waits in its summary HOLD_LINES lines more at most.
    const written = out.reduce((n, l) => n + representedLines(l), 0);
    assert.ok(written >= i + 1 - 2 * HOLD_LINES - 1, `line ${i}: ${written} written`);
    if (i === HOLD_LINES + 1) assert.ok(written >= HOLD_LINES / 2, "the first group is out");
  }
});

/** A word without digits, one per number. */
const letters = (i: number) => i.toString(26).replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]);

test("stream fold: bounded memory: distinct lines leave after `groups` held items", () => {
  const window = { lines: 1_000_000, groups: 16, chars: 1 << 30 };
  const f = new StreamFolder({ duplicates() {}, dropped() {} }, { window });
  const out: string[] = [];
  for (let i = 0; i < 5000; i++) {
    f.push([`INFO distinct ${letters(i)} ${i}`], out);
    assert.ok(out.length >= i - 17, `${out.length} written after ${i + 1}`);
  }
  // And by characters: long lines leave once `chars` characters are held.
  const g = new StreamFolder({ duplicates() {}, dropped() {} }, {
    window: { lines: 1_000_000, groups: 1_000_000, chars: 10_000 },
  });
  const long: string[] = [];
  for (let i = 0; i < 200; i++) {
    g.push([`INFO ${letters(i)} ${"x".repeat(1000)} ${i % 7}`], long);
  }
  assert.ok(long.length >= 200 - 12, `${long.length} written`);
});

test("stream fold: a repeated stream folds into about one copy", async () => {
  // A copy: 3000 lines of 40 templates with numbers, errors and warnings.
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
  const levels = ["INFO", "WARN", "ERROR", "DEBUG", "INFO"];
  const copy: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = (i * 7) % 40;
    copy.push(
      `2024-05-01 12:00:00 ${levels[t % 5]} ${words[t % 8]} ${words[(t >> 3) % 8]} ` +
        `request ${1000 + i} took ${i % 97}ms on node${i % 13}`,
    );
  }
  const one = copy.join("\n") + "\n";
  const opts: TrimOptions = { aggressiveness: "low" };
  const once = await trimText(one, opts);
  const many = await trimText(one.repeat(20), opts);
  assertAccounting(many.output, many.result);
  const a = estimateTokens(once.output);
  const b = estimateTokens(many.output);
  assert.ok(b <= 1.5 * a, `20 copies: ${b} tokens, one copy: ${a}`);
  assert.ok(many.output.includes("later repeats of"), "later copies are summed up");
  assert.ok(b < estimateTokens(one.repeat(20)), "output smaller than input");
});

test("stream fold: --fold-lines ranges on non-adjacent groups and summaries", async () => {
  const log = "WARN retry blk_100 on host\nINFO tick\nWARN retry blk_200 on host\n";
  const r = await trimText(LONG + log, { aggressiveness: "low", foldLineRanges: true });
  assert.ok(
    r.output.endsWith("[x2] WARN retry [blk_100 | blk_200] on host (lines 61-63)\nINFO tick\n"),
  );
});

test("stream fold: a long failure group of few distinct texts keeps them word for word", () => {
  const lines = Array.from({ length: 12 }, (_, i) => [
    `ERROR upload failed, trying again in ${2 ** (i % 3)} seconds`,
    "INFO waiting",
  ]).flat();
  const r = fold(lines);
  assert.deepEqual(r.out, [
    "[x4] ERROR upload failed, trying again in 1 seconds",
    "[x4] ERROR upload failed, trying again in 2 seconds",
    "[x4] ERROR upload failed, trying again in 4 seconds",
    "[x12] INFO waiting",
  ]);
  assertExact(lines, r);
});

test("stream fold: a failure group lists its values up to the cap, then counts", () => {
  const lines = Array.from({ length: 8 }, (_, i) => `ERROR disk ${i} full`);
  const r = fold(lines.flatMap((l) => [l, "INFO tick"]));
  assert.equal(r.out[0], `[x8] ERROR disk [0 | 1 | 2 | 3 | 4 | +3 more] full`);
  assert.ok(MAX_LISTED_VALUES === 5);
});

const VOCAB = [
  "",
  "INFO served blk_1 to node1",
  "INFO served blk_22 to node2",
  "WARN got exception serving blk_3",
  "WARN got exception serving blk_44",
  "ERROR timeout after 30 ms",
  "ERROR timeout after 31 ms",
  "ERROR reserve failed for ord_1",
  "ERROR reserve failed for ord_2",
  "java.lang.IllegalStateException: boom 7",
  "\tat com.acme.A.run(A.java:3)",
  "\tat com.acme.A.run(A.java:4)",
  "  indented detail 5",
  "retry attempt=1 id=7",
  "retry attempt=2 id=8",
  "plain words only",
  "[x3] already folded",
  "[... not a marker",
];

const lineArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...VOCAB) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
// The folder itself sees sanitized kept lines; a raw line looking like a marker or an
// [xN] line is the pipeline's business (tested through trimText below).
const foldLineArb = lineArb.filter((l) => !l.startsWith("["));
const windowArb = fc.record({
  lines: fc.integer({ min: 1, max: 12 }),
  groups: fc.integer({ min: 1, max: 6 }),
  chars: fc.integer({ min: 1, max: 400 }),
  shown: fc.integer({ min: 1, max: 8 }),
});

test("property: exact accounting, one decision per line, same output whatever the batches", () => {
  fc.assert(
    fc.property(
      fc.array(foldLineArb, { maxLength: 120 }),
      fc.integer({ min: 1, max: 40 }),
      windowArb,
      (lines, size, window) => {
        const whole = fold(lines, 1000, window);
        assertExact(lines, whole);
        const split = fold(lines, size, window);
        assert.deepEqual(split.out, whole.out);
        assert.deepEqual([...split.actions.entries()].sort(), [...whole.actions.entries()].sort());
        assert.equal(split.duplicates, whole.duplicates);
        // Lines with different words never share an [xN] line: a group's text keeps the
        // words of each of its lines.
        for (const l of whole.out) {
          if (!l.startsWith("[x") || l.includes("[trimlog]")) continue;
          const words = (t: string) => t.split(/[^A-Za-z]+/).filter((w) => w.length > 2);
          const text = l.replace(/^\[x\d+\] /, "");
          assert.ok(
            lines.some((src) => words(src).join() === words(text).join()) || /\|/.test(text),
          );
        }
      },
    ),
    propertyParams("fold_stream#1", { numRuns: 300 }),
  );
});

test("property: the pipeline's decisions cover every line once under stream folding", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(lineArb, { maxLength: 80 }), async (lines) => {
      const decisions = new Map<number, TrimLineDecision>();
      const text = lines.join("\n");
      const r = await trimText(text, {
        aggressiveness: "low",
        onDecision: (d) => {
          assert.ok(!decisions.has(d.lineNumber), `line ${d.lineNumber} decided twice`);
          decisions.set(d.lineNumber, d);
        },
      });
      assertAccounting(r.output, r.result);
      assert.equal(decisions.size, r.result.stats.inputLines);
      const plain = await trimText(text, { aggressiveness: "low" });
      assert.equal(plain.output, r.output, "tracking does not change the output");
    }),
    propertyParams("fold_stream#2", { numRuns: 100 }),
  );
});
