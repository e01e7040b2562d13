import { test } from "node:test";
import assert from "node:assert/strict";
import { createContinuationContext, isContinuationLine } from "../../../trim/classify/multiline.ts";
import {
  createMultilineGrouper,
  type MultilineGrouper,
} from "../../../trim/classify/multiline_grouper.ts";
import type { MultilineMode } from "../../../trim/types.ts";
import {
  GO_PANIC,
  JAVA_SPRING,
  NODE_ECONNREFUSED,
  PLAIN,
  PYTHON_CHAINED,
  RUST_BACKTRACE,
  RUST_SHORT,
} from "../../_helpers/stack_samples.ts";

function flags(lines: string[], mode: MultilineMode): boolean[] {
  const ctx = createContinuationContext(mode);
  return lines.map((l) => isContinuationLine(l, ctx));
}

function groups(lines: string[], mode: MultilineMode, g?: MultilineGrouper): string[][] {
  const grouper = g ?? createMultilineGrouper(mode);
  const out: string[][] = [];
  grouper.pushBatch(lines, out);
  grouper.flush(out);
  return out;
}

const BEFORE = "2024-05-14 09:12:03.456 ERROR 1 --- [nio-8080-exec-3] request failed";
const AFTER = "2024-05-14 09:12:04.001 INFO  1 --- [main] next request";

for (const mode of ["auto", "java"] as const) {
  test(`java (${mode}): every line after the exception line continues it`, () => {
    const f = flags([BEFORE, ...JAVA_SPRING, AFTER], mode);
    assert.deepEqual(f, [false, false, ...JAVA_SPRING.slice(1).map(() => true), false]);
  });
}

for (const mode of ["auto", "python"] as const) {
  test(`python (${mode}): a chained traceback is one group, final exception line included`, () => {
    const g = groups([AFTER, ...PYTHON_CHAINED, "", AFTER], mode);
    assert.deepEqual(g, [[AFTER], PYTHON_CHAINED, [""], [AFTER]]);
  });
}

test("python: the final exception line joins, the next log line does not", () => {
  const tb = [
    "Traceback (most recent call last):",
    '  File "/app/main.py", line 3, in <module>',
    "    int('x')",
    "ValueError: invalid literal for int() with base 10: 'x'",
    "ValueError: this one is a new line",
  ];
  assert.deepEqual(flags(tb, "python"), [false, true, true, true, false]);
  // KeyboardInterrupt (no colon) and dotted names are exception lines too.
  const ki = [
    "Traceback (most recent call last):",
    '  File "a.py", line 1, in <module>',
    "KeyboardInterrupt",
  ];
  assert.deepEqual(flags(ki, "python"), [false, true, true]);
  // A traceback cut short: a normal log line is not taken as the exception line.
  const cut = [
    "Traceback (most recent call last):",
    '  File "a.py", line 1, in <module>',
    "worker 3 restarted",
  ];
  assert.deepEqual(flags(cut, "python"), [false, true, false]);
});

test("chains still join when a log shipper dropped the blank lines", () => {
  const py = PYTHON_CHAINED.filter((l) => l !== "");
  assert.deepEqual(groups(py, "python"), [py]);
  const go = GO_PANIC.slice(0, 16).filter((l) => l !== "");
  assert.deepEqual(groups(go, "go"), [go]);
  const node = NODE_ECONNREFUSED.filter((l) => l !== "");
  assert.deepEqual(groups(node, "node"), [node]);
  // Two blank lines end the record.
  const two = ["panic: x", "", "", "goroutine 1 [running]:", "main.main()"];
  assert.deepEqual(groups(two, "go"), [
    ["panic: x"],
    [""],
    [""],
    ["goroutine 1 [running]:", "main.main()"],
  ]);
});

test("python: 'The above exception was the direct cause' chains and exception groups", () => {
  const tb = [
    "Traceback (most recent call last):",
    '  File "/app/db.py", line 10, in connect',
    "    raise OSError('down')",
    "OSError: down",
    "",
    "The above exception was the direct cause of the following exception:",
    "",
    "Traceback (most recent call last):",
    '  File "/app/main.py", line 4, in <module>',
    "    connect()",
    "app.errors.DatabaseUnavailable: cannot connect",
  ];
  assert.deepEqual(groups(tb, "python"), [tb]);
  const eg = [
    "  + Exception Group Traceback (most recent call last):",
    '  |   File "/app/main.py", line 8, in <module>',
    "  |     asyncio.run(main())",
    "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)",
    "  +-+---------------- 1 ----------------",
    "    | Traceback (most recent call last):",
    '    |   File "/app/main.py", line 5, in job',
    "    |     raise ValueError('bad')",
    "    | ValueError: bad",
    "    +------------------------------------",
    "Done: status=failed",
  ];
  assert.deepEqual(groups(eg, "auto"), [eg.slice(0, -1), ["Done: status=failed"]]);
});

for (const mode of ["auto", "node"] as const) {
  test(`node (${mode}): frames, the { code } tail and the Node.js version line are one group`, () => {
    assert.deepEqual(groups([AFTER, ...NODE_ECONNREFUSED, AFTER], mode), [
      [AFTER],
      NODE_ECONNREFUSED,
      [AFTER],
    ]);
  });
}

test("node: a single-line { code } tail and the cause-stack summary line", () => {
  const lines = [
    "Error: ENOENT: no such file or directory, open '/app/config.json'",
    "    at Object.openSync (node:fs:596:3)",
    "    at async Promise.all (index 0)",
    "    ... 4 lines matching cause stack trace ...",
    "{ errno: -2, code: 'ENOENT', syscall: 'open' }",
    "listening on :8080",
  ];
  assert.deepEqual(flags(lines, "node"), [false, true, true, true, true, false]);
});

for (const mode of ["auto", "go"] as const) {
  test(`go (${mode}): panic + first goroutine is one group, each further goroutine its own`, () => {
    const g = groups(GO_PANIC, mode);
    assert.deepEqual(g, [
      GO_PANIC.slice(0, 16),
      [""],
      GO_PANIC.slice(17, 26),
      [""],
      GO_PANIC.slice(27, 32),
      [""],
      GO_PANIC.slice(33, 38),
      ["exit status 2"],
    ]);
    assert.ok(g[0][3].startsWith("goroutine 42") && g[0][15].startsWith("\t/usr/local/go"));
  });
}

test("go: fatal error deadlock and a re-panic", () => {
  const dl = [
    "fatal error: all goroutines are asleep - deadlock!",
    "",
    "goroutine 1 [chan receive]:",
    "main.main()",
    "\t/app/main.go:9 +0x2d",
    "exit status 2",
  ];
  assert.deepEqual(groups(dl, "go"), [dl.slice(0, 5), ["exit status 2"]]);
  const rp = [
    "panic: first [recovered]",
    "\tpanic: second",
    "",
    "goroutine 1 [running]:",
    "main.main.func1()",
    "\t/app/main.go:7 +0x1f",
    "panic({0x4a1f20?, 0xc000012345?})",
    "\t/usr/local/go/src/runtime/panic.go:914 +0x21f",
    "...additional frames elided...",
  ];
  assert.deepEqual(groups(rp, "go"), [rp]);
});

for (const mode of ["auto", "rust"] as const) {
  test(`rust (${mode}): panic message, backtrace and notes are one group`, () => {
    assert.deepEqual(groups([AFTER, ...RUST_BACKTRACE, AFTER], mode), [
      [AFTER],
      RUST_BACKTRACE,
      [AFTER],
    ]);
    assert.deepEqual(groups([...RUST_SHORT, "error: process didn't exit successfully"], mode), [
      RUST_SHORT,
      ["error: process didn't exit successfully"],
    ]);
  });
}

test("rust: old panic format, assert_eq message lines and anyhow's Caused by list", () => {
  const old = [
    "thread 'main' panicked at 'boom', src/main.rs:2:5",
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
  ];
  assert.deepEqual(flags(old, "rust"), [false, true]);
  const eq = [
    "thread 'main' panicked at src/lib.rs:9:5:",
    "assertion `left == right` failed",
    "  left: 1",
    " right: 2",
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
  ];
  assert.deepEqual(flags(eq, "rust"), [false, true, true, true, true]);
  const anyhow = [
    "Error: failed to load config",
    "",
    "Caused by:",
    "    0: reading /etc/orders.toml",
    "    1: No such file or directory (os error 2)",
  ];
  assert.deepEqual(groups(anyhow, "rust"), [anyhow]);
});

test("a blank line between an error message and its frames (Jest) joins the group", () => {
  const jest = [
    "  ● orders › creates",
    "",
    "    TypeError: Cannot read properties of undefined (reading 'id')",
    "",
    "      at Object.<anonymous> (src/orders.test.ts:12:20)",
    "      at Promise.then.completed (node_modules/jest-circus/build/utils.js:298:28)",
    "",
    "Tests: 1 failed, 12 passed, 13 total",
  ];
  assert.deepEqual(groups(jest, "node"), [
    [jest[0]],
    [""],
    jest.slice(2, 6),
    [""],
    [jest[7]],
  ]);
});

test("modes only recognize their own runtime; off recognizes nothing", () => {
  const all = [
    ...JAVA_SPRING,
    ...PYTHON_CHAINED,
    ...NODE_ECONNREFUSED,
    ...GO_PANIC,
    ...RUST_BACKTRACE,
  ];
  assert.ok(flags(all, "off").every((f) => !f));
  // Python-only: Java frames are not continuations.
  assert.ok(flags(JAVA_SPRING, "python").every((f) => !f));
  // Java-only: goroutine function lines and Python code lines are not.
  assert.ok(flags(GO_PANIC, "java").every((f) => !f));
  assert.equal(flags(PYTHON_CHAINED, "java").filter((f) => f).length, 0);
});

test("plain log lines never continue anything, even after a trace", () => {
  assert.ok(flags(PLAIN, "auto").every((f) => !f));
  const mixed = [...JAVA_SPRING, ...PLAIN, ...RUST_SHORT, ...PLAIN];
  const f = flags(mixed, "auto");
  const plainStart = JAVA_SPRING.length;
  for (let k = 0; k < PLAIN.length; k++) assert.equal(f[plainStart + k], false, PLAIN[k]);
});

test("unknown mode is an INVALID_OPTION error", () => {
  assert.throws(() => createContinuationContext("ruby" as MultilineMode), {
    code: "INVALID_OPTION",
  });
  assert.throws(() => createContinuationContext("toString" as MultilineMode), {
    code: "INVALID_OPTION",
  });
  assert.throws(() => createMultilineGrouper("auto", { maxLines: 0 }), { code: "INVALID_OPTION" });
});
