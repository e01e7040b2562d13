// The group stage: however the input is cut into batches, the same lines come out in
// the same order with their numbers, and the same records (as input positions).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { createGrouper } from "../../../trim/stages/group.ts";
import type { Batch } from "../../../trim/batch.ts";
import type { MultilineMode } from "../../../trim/types.ts";
import { isFrameLine, isGoroutineHeader } from "../../../trim/classify/stack_run.ts";
import { propertyParams } from "../../_helpers/property.ts";

const POOL = [
  "Error: boom",
  "    at f (/app/a.js:1:1)",
  "    at g (/app/b.js:2:3)",
  "Traceback (most recent call last):",
  '  File "app.py", line 3, in <module>',
  "    main()",
  "    ^^^^^^",
  "ValueError: bad",
  "Caused by: java.io.IOException: closed",
  "\tat com.acme.Foo.bar(Foo.java:42)",
  "\t... 37 more",
  "goroutine 1 [running]:",
  "main.main()",
  "\t/app/main.go:12 +0x1d",
  "[INFO] ok",
  "",
  "plain text",
];

/** Runs the grouper over `lines` cut at `cuts`; records as [first input line, length]. */
function group(mode: MultilineMode, lines: string[], cuts: number[]) {
  const g = createGrouper(mode);
  const out: string[] = [];
  const nums: number[] = [];
  const records: [number, number][] = [];
  const take = (b: Batch) => {
    const r = b.records ?? [];
    for (let k = 0; k < r.length; k += 2) records.push([b.numbers![r[k]], r[k + 1]]);
    out.push(...b.lines);
    nums.push(...b.numbers ?? []);
  };
  let from = 0;
  for (const cut of [...cuts, lines.length]) {
    const to = Math.min(Math.max(cut, from), lines.length);
    const numbers = Array.from({ length: to - from }, (_, i) => from + i + 1);
    take(g.push({ lines: lines.slice(from, to), numbers }));
    from = to;
  }
  take(g.flush());
  return { out, nums, records };
}

test("group stage: batching changes neither lines, numbers nor records, in every mode", () => {
  fc.assert(
    fc.property(
      fc.constantFrom<MultilineMode>("off", "auto", "python", "node", "java", "go", "rust"),
      fc.array(fc.constantFrom(...POOL), { maxLength: 80 }),
      fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 8 }),
      (mode, lines, cuts) => {
        const whole = group(mode, lines, []);
        const cut = group(mode, lines, [...cuts].sort((a, b) => a - b));
        assert.deepEqual(whole.out, lines);
        assert.deepEqual(whole.nums, lines.map((_, i) => i + 1));
        assert.deepEqual(cut.out, whole.out);
        assert.deepEqual(cut.nums, whole.nums);
        assert.deepEqual(cut.records, whole.records);
        // Records are in order, inside the input, never overlapping.
        let end = 1;
        for (const [first, n] of whole.records) {
          assert.ok(first >= end && n >= 1 && first + n - 1 <= lines.length);
          end = first + n;
        }
        if (mode === "off") {
          // Every frame line is inside a record, and every record starts with one (or
          // with a goroutine header).
          const inRecord = new Set<number>();
          for (const [first, n] of whole.records) {
            const head = lines[first - 1];
            assert.ok(isFrameLine(head) || isGoroutineHeader(head), head);
            for (let k = 0; k < n; k++) inRecord.add(first + k);
          }
          lines.forEach((l, i) => assert.ok(!isFrameLine(l) || inRecord.has(i + 1), l));
        } else {
          for (const [, n] of whole.records) assert.ok(n >= 2); // single lines are no records
        }
      },
    ),
    propertyParams("group_stage#1", { numRuns: 400 }),
  );
});

test("group stage: with multiline off, a run of frames is one record, the exception line is not", () => {
  const { records } = group("off", [
    "Error: boom",
    "    at f (/app/a.js:1:1)",
    "    at g (/app/b.js:2:3)",
    "next",
  ], []);
  assert.deepEqual(records, [[2, 2]]);
});

test("group stage: with multiline off, the first goroutine of a Go dump is one record", () => {
  const { records } = group("off", [
    "panic: boom [recovered]",
    "goroutine 21 [running]:",
    "testing.tRunner.func1.2({0x10cb460, 0x15cde10})",
    "\t/opt/hostedtoolcache/go/1.18.1/x64/src/testing/testing.go:1389 +0x24e",
    "panic({0x10cb460, 0x15cde10})",
    "\t/opt/hostedtoolcache/go/1.18.1/x64/src/runtime/panic.go:838 +0x207",
    "github.com/acme/app.(*Cloud).Configure(0xc0001a6780, {{{0x15dbdf8?, 0xc00011b590?}}})",
    "\t/home/runner/work/app/app/internal/cloud/backend.go:211 +0xb6",
    "created by testing.(*T).Run",
    "\t/opt/hostedtoolcache/go/1.18.1/x64/src/testing/testing.go:1486 +0x35f",
    "goroutine 1 [chan receive]:",
    "main.main()",
    "\t_testmain.go:53 +0x195",
    "",
    "FAIL\tgithub.com/acme/app\t0.029s",
  ], []);
  // The dump's next goroutine is read line by line: its file line is a frame of its own.
  assert.deepEqual(records, [[2, 9], [13, 1]]);
});

test("group stage: a Go dump's goroutines after the first are no traces, a later dump's first is", () => {
  const goroutine = (n: number) => [
    `goroutine ${n} [select]:`,
    `github.com/acme/app.(*Pool).loop(0xc00011e0f0, ${n})`,
    "\t/home/runner/work/app/app/pool.go:98 +0x12d",
    "",
  ];
  const { records } = group("off", [
    "panic: test timed out after 10m0s",
    ...goroutine(1),
    ...goroutine(2),
    ...goroutine(3),
    "FAIL\tgithub.com/acme/app\t600.012s",
    ...goroutine(4),
  ], []);
  assert.deepEqual(records, [[2, 3], [8, 1], [12, 1], [15, 3]]);
});

test("group stage: with multiline off, Jenkins' Caused: and Also: lines go on a run", () => {
  const { records } = group("off", [
    "hudson.AbortException: script returned exit code 1",
    "\tat org.jenkinsci.plugins.workflow.steps.durable_task.DurableTaskStep$Execution.handleExit(DurableTaskStep.java:659)",
    "Also:   hudson.remoting.Channel$CallSiteStackTrace: Remote call to agent-2",
    "\t\tat hudson.remoting.Channel.attachCallSiteStackTrace(Channel.java:1784)",
    "Caused: java.io.IOException: Failed to write to /builds/remoting/jarCache/3A/E2.jar",
    "\tat hudson.remoting.FileSystemJarCache.retrieve(FileSystemJarCache.java:148)",
    "Finished: FAILURE",
  ], []);
  assert.deepEqual(records, [[2, 5]]);
});
