/**
 * Throughput and adversarial-input timing of the per-line multiline and stack-frame
 * checks. Throughput is printed; the asserted floors are far below the measured
 * numbers so that a loaded CI machine does not fail them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createContinuationContext, isContinuationLine } from "../../../trim/classify/multiline.ts";
import { createMultilineGrouper } from "../../../trim/classify/multiline_grouper.ts";
import {
  isInternalFrame,
  isStackFrame,
  reduceStackGroup,
  stackSignature,
} from "../../../trim/classify/stack.ts";
import { PLAIN, TRACES } from "../../_helpers/stack_samples.ts";

const LOG_LINES = [
  ...PLAIN,
  "2024-05-14T09:12:03.120Z INFO  [worker-3] job=sync-orders status=ok duration=118ms rows=2048",
  "2015-10-18 18:01:47,978 INFO [main] org.apache.hadoop.mapreduce.v2.app.MRAppMaster: Created MRAppMaster for application appattempt_1445144423722_0020_000001",
  'nova-api.log.1.2017-05-16_13:53:08 2017-05-16 00:00:00.008 25746 INFO nova.osapi_compute.wsgi.server [req-38101a0b-2096-447d-96ea-a692162415ae] 10.11.10.1 "GET /v2/54fadb412c4e40cdbaed9335e4c35a9e/servers/detail HTTP/1.1" status: 200 len: 1893 time: 0.2477829',
  "03-17 16:13:38.811  1702  2395 D WindowManager: printFreezingDisplayLogsopening app wtoken = AppWindowToken{9f4ef63 token=Token{a64f992 ActivityRecord{de9231d u0 com.tencent.qt.qtl/.activity.info.NewsDetailXmlActivity t761}}}, allDrawn= false, startingDisplayed =  false, startingMoved =  false, isRelaunching =  false",
  "##[group]Run actions/checkout@v4",
  "  with:",
  "    repository: acme/orders",
  "    at: 2024-05-14",
  "  ✓ renders the order list (38 ms)",
  "    ● OrderList › shows an empty state",
  "error[E0308]: mismatched types",
  "  --> src/main.rs:4:18",
  "",
  "npm ERR! code ELIFECYCLE",
  "FAILED tests/test_orders.py::test_checkout - AssertionError: assert 2 == 3",
];

/**
 * Plain log lines: the `*.log` files of the directory in `TRIMLOG_BENCH_CORPUS` (for
 * example a loghub checkout), in order, else a small inline sample.
 */
function plainLines(): string[] {
  const dir = Deno.env.get("TRIMLOG_BENCH_CORPUS");
  if (!dir) return LOG_LINES;
  const lines: string[] = [];
  for (const e of [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1)) {
    if (e.isFile && e.name.endsWith(".log")) {
      lines.push(...Deno.readTextFileSync(`${dir}/${e.name}`).split("\n"));
    }
  }
  return lines;
}

/** ~10 MB of log lines, about one line in ten inside a stack trace. */
function mixedLines(targetBytes: number): { lines: string[]; bytes: number } {
  const plain = plainLines();
  const lines: string[] = [];
  let bytes = 0;
  let k = 0;
  let t = 0;
  while (bytes < targetBytes) {
    for (let j = 0; j < 180; j++, k++) {
      const l = plain === LOG_LINES
        ? LOG_LINES[(k * 7) % LOG_LINES.length]
        : plain[k % plain.length];
      lines.push(l);
      bytes += l.length + 1;
    }
    for (const l of TRACES[t++ % TRACES.length]) {
      lines.push(l);
      bytes += l.length + 1;
    }
  }
  return { lines, bytes };
}

function best(runs: number, f: () => void): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

test("throughput: isContinuationLine + frame classification on mixed input", () => {
  const { lines, bytes } = mixedLines(10 * 1024 * 1024);
  let frames = 0;
  let internal = 0;
  let cont = 0;
  const ms = best(5, () => {
    const ctx = createContinuationContext("auto");
    frames = internal = cont = 0;
    for (let k = 0; k < lines.length; k++) {
      const l = lines[k];
      if (isContinuationLine(l, ctx)) cont++;
      if (isStackFrame(l)) {
        frames++;
        if (isInternalFrame(l)) internal++;
      }
    }
  });
  const mbs = bytes / 1024 / 1024 / (ms / 1000);
  console.log(
    `continuation + frame classification: ${mbs.toFixed(0)} MB/s (${lines.length} lines, ` +
      `${(bytes / lines.length).toFixed(0)} B/line, ` +
      `${
        (bytes / 1048576).toFixed(1)
      } MB, ${cont} continuation, ${frames} frames, ${internal} internal)`,
  );
  assert.ok(cont > lines.length / 20 && frames > 0 && internal > 0);
  // A ratio to a plain full pass over the same lines in the same run, not an absolute
  // speed: classification must stay within 20x of it.
  let sink = 0;
  const t0 = performance.now();
  for (let r = 0; r < 3; r++) for (const l of lines) sink += l.toUpperCase().length;
  const baseMbs = (3 * bytes) / 1024 / 1024 / ((performance.now() - t0) / 1000);
  assert.ok(
    sink > 0 && mbs * 20 > baseMbs,
    `${mbs.toFixed(0)} vs baseline ${baseMbs.toFixed(0)} MB/s`,
  );
});

test("throughput: grouping and reducing groups on mixed input", () => {
  const { lines, bytes } = mixedLines(10 * 1024 * 1024);
  let groups = 0;
  const msGroup = best(3, () => {
    const g = createMultilineGrouper("auto");
    const out: string[][] = [];
    for (let k = 0; k < lines.length; k += 1024) g.pushBatch(lines.slice(k, k + 1024), out);
    g.flush(out);
    groups = out.length;
  });
  const g = createMultilineGrouper("auto");
  const out: string[][] = [];
  g.pushBatch(lines, out);
  g.flush(out);
  let hidden = 0;
  const msReduce = best(3, () => {
    hidden = 0;
    for (const grp of out) {
      if (grp.length > 1) {
        hidden += reduceStackGroup(grp, { maxStackFrames: 10 }).hidden;
        stackSignature(grp);
      }
    }
  });
  const mb = bytes / 1048576;
  console.log(
    `grouper: ${(mb / (msGroup / 1000)).toFixed(0)} MB/s (${groups} groups); ` +
      `reduce + signature of multi-line groups: ${
        (mb / (msReduce / 1000)).toFixed(0)
      } MB/s of input`,
  );
  assert.ok(hidden > 0);
  assert.ok(mb / (msGroup / 1000) > 10);
});

const MB = 1024 * 1024;
const ADVERSARIAL = [
  "a".repeat(MB),
  " ".repeat(MB),
  "\t".repeat(MB),
  " ".repeat(MB) + "x",
  "    at " + "x".repeat(MB),
  "    at " + ":".repeat(MB) + "1",
  "    at " + "1:".repeat(MB / 2),
  "\tat " + "(".repeat(MB) + ")",
  "\tat " + "java.base/".repeat(MB / 10) + "(",
  "\t" + ".go:".repeat(MB / 4),
  "\t" + ".s:".repeat(MB / 3) + "x",
  '  File "' + '"'.repeat(MB),
  "thread '" + "' panicked at ".repeat(MB / 14),
  "   1: " + "std::".repeat(MB / 5),
  "   0:     0x" + " - ".repeat(MB / 3),
  "goroutine 1 [" + " [".repeat(MB / 2),
  "created by " + "(".repeat(MB),
  "0x".repeat(MB / 2),
  "goroutine ".repeat(MB / 10),
  ":1".repeat(MB / 2),
  "lambda$a".repeat(MB / 8),
  "lambda$" + "a".repeat(MB),
  "$$a".repeat(MB / 3),
  "$$" + "a".repeat(MB),
  "$$Lambda$1/".repeat(MB / 11),
  'thread "'.repeat(MB / 8),
  "thread '".repeat(MB / 8),
  '"'.repeat(MB),
  "#".repeat(MB),
  "node_module".repeat(MB / 11),
  "/lib/pytho".repeat(MB / 10),
  "... ".repeat(MB / 4),
  "Caused by:" + " ".repeat(MB),
  "{".repeat(MB),
  "ValueError" + "a".repeat(MB),
];
const HEADERS = [
  "",
  "java.lang.IllegalStateException: x",
  "Traceback (most recent call last):",
  "  + Exception Group Traceback (most recent call last):",
  "panic: x",
  "goroutine 1 [running]:",
  "thread 'main' panicked at src/main.rs:1:1:",
  "stack backtrace:",
  "Error: x",
  "Caused by: x",
  "    at f (/a.js:1:1) {",
];

test("adversarial 1 MB lines: every function is linear (well under 100 ms per call)", () => {
  let worst = 0;
  let worstName = "";
  // Best of three: a GC pause or the first (interpreted) call must not fail the test;
  // a super-linear function is slow every time.
  const time = (name: string, f: () => unknown) => {
    const ms = best(3, f);
    if (ms > worst) [worst, worstName] = [ms, name];
    // Linear code takes a few ms on 1 MB; a super-linear pattern takes minutes.
    assert.ok(ms < 1000, `${name}: ${ms.toFixed(1)} ms`);
  };
  for (const [k, rope] of ADVERSARIAL.entries()) {
    const line = new TextDecoder().decode(new TextEncoder().encode(rope)); // flat, as decoded input
    for (const h of HEADERS) {
      const ctx = createContinuationContext("auto");
      isContinuationLine(h, ctx);
      time(`isContinuationLine #${k} after ${JSON.stringify(h)}`, () => {
        isContinuationLine(line, ctx);
        isContinuationLine(line, ctx);
      });
    }
    time(`isStackFrame #${k}`, () => isStackFrame(line));
    time(`isInternalFrame #${k}`, () => isInternalFrame(line, /acme/));
    time(
      `reduceStackGroup #${k}`,
      () => reduceStackGroup(["E: x", line, line], { maxStackFrames: 1 }),
    );
    time(`stackSignature #${k}`, () => stackSignature([line]));
  }
  console.log(`adversarial worst: ${worst.toFixed(1)} ms (${worstName})`);
});

test("adversarial shapes over many lines stay linear", () => {
  const n = 200_000;
  const shapes = [
    Array.from({ length: n }, (_, k) => (k % 2 ? "    x()" : '  File "/a.py", line 1, in f')),
    Array.from(
      { length: n },
      (_, k) => (k % 2 ? "             at /rustc/x/a.rs:1:1" : "   1: std::x"),
    ),
    Array.from({ length: n }, (_, k) => (k % 2 ? "\t/a.go:1 +0x1" : "main.f()")),
    Array.from({ length: n }, () => "\tat java.lang.Thread.run(Thread.java:1)"),
  ];
  for (const lines of shapes) {
    const t0 = performance.now();
    reduceStackGroup(lines, { maxStackFrames: 3 });
    const g = createMultilineGrouper("auto");
    const out: string[][] = [];
    g.pushBatch(lines, out);
    g.flush(out);
    const ms = performance.now() - t0;
    assert.ok(ms < 1000, `${ms} ms`);
  }
});
