import { test } from "node:test";
import assert from "node:assert/strict";
import { trimText } from "../../../mod.ts";
import type { TrimLineDecision, TrimOptions } from "../../../mod.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { GAP_LINES } from "../../../trim/select/before_context.ts";

async function run(text: string, options: TrimOptions = {}) {
  const decisions = new Map<number, TrimLineDecision>();
  const r = await trimText(text, {
    ...options,
    onDecision: (d) => void decisions.set(d.lineNumber, d),
  });
  assertAccounting(r.output, r.result);
  return { ...r, decisions };
}

/**
 * A first trace and a few lines: the first trace of a log is shown whole
 * (`WHOLE_TRACES`), so a test of the frame rules puts its trace after this one.
 */
const FIRST_TRACE = [
  "java.lang.RuntimeException: an earlier failure",
  "\tat com.acme.Boot.main(Boot.java:9)",
  ...Array.from({ length: 8 }, (_, i) => `booting part ${i}`),
];

/** Distinct soft lines that never fold together. */
const WORDS =
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu amber coral denim ember"
    .split(" ");
const NOISE = WORDS.map((w) => `[INFO] served ${w}`);

/**
 * Lines after a trace: the trace is then no part of the end of the failing step, where
 * a record is shown whole.
 */
const STEPS_AFTER = Array.from({ length: 60 }, (_, i) => `[INFO] step ${i} of 60 done`);

test("levels: low keeps INFO/DEBUG, medium keeps WARN not INFO, high drops pure warnings", async () => {
  const log = "[INFO] started\n[DEBUG] cache\n[WARN] cache is cold\n[ERROR] db down\n";
  const low = await run(log, { aggressiveness: "low" });
  assert.ok(low.output.includes("[INFO] started") && low.output.includes("[DEBUG] cache"));
  const medium = await run(log, { aggressiveness: "medium", contextBefore: 0 });
  assert.ok(medium.output.includes("[WARN] cache is cold"));
  assert.ok(!medium.output.includes("[INFO] started"));
  const high = await run(log, { aggressiveness: "high", contextBefore: 0 });
  assert.ok(
    !high.output.includes("[WARN] cache is cold") && high.output.includes("[ERROR] db down"),
  );
  const aggressive = await run("[WARN] connection timeout to db\n[INFO] x\n", {
    aggressiveness: "aggressive",
    contextAfter: 0,
  });
  assert.ok(aggressive.output.includes("connection timeout"));
});

test("context: 3 lines before, 2 after an error, never twice; tail lines kept", async () => {
  const lines = [
    ...NOISE.slice(0, 10),
    "[ERROR] payment failed",
    ...NOISE.slice(10, 20),
    "done: 1 failure",
  ];
  const { output, decisions } = await run(lines.join("\n"), { contextBefore: 3, contextAfter: 2 });
  const out = output.split("\n");
  const at = out.indexOf("[ERROR] payment failed");
  assert.deepEqual(out.slice(at - 3, at), NOISE.slice(7, 10));
  assert.deepEqual(out.slice(at + 1, at + 3), NOISE.slice(10, 12));
  assert.equal(decisions.get(8)?.reason, "context-before");
  assert.equal(decisions.get(12)?.reason, "context-after");
  assert.equal(decisions.get(2)?.action, "drop");
  assert.ok(output.includes("done: 1 failure"));
  assert.equal(new Set(out).size, out.length, "no line twice");
});

test("context: the closing lines of the log are kept as its tail", async () => {
  const log = [...NOISE, "[INFO] uploading artifacts", "[INFO] job finished with status 3"].join(
    "\n",
  );
  const { output, decisions } = await run(log);
  assert.ok(output.includes("job finished with status 3"));
  assert.equal(decisions.get(32)?.reason, "tail-context");
  assert.ok(!output.includes(NOISE[3]));
});

test("adaptive context: an isolated error gets a wider after-window; explicit contextAfter turns it off", async () => {
  const log = [...NOISE.slice(0, 20), "[ERROR] boom", ...NOISE.slice(20)].join("\n");
  const adaptive = await run(log);
  const fixed = await run(log, { contextAfter: 2 });
  const after = (o: string) => NOISE.slice(20).filter((l) => o.includes(l)).length;
  assert.ok(after(adaptive.output) > after(fixed.output));
});

test("rootCause: restatements after a genuine error are dropped, kept when off", async () => {
  const log = [
    "src/main.rs:3:5: error[E0308]: mismatched types",
    ...NOISE.slice(0, 8),
    "error: aborting due to 2 previous errors",
    ...NOISE.slice(8, 16),
    "make: *** [Makefile:3: all] Error 2",
    ...NOISE.slice(16, 24),
    "make: *** [Makefile:3: all] Error 2",
    ...NOISE,
  ].join("\n");
  const on = await run(log);
  assert.ok(!on.output.includes("aborting due to"));
  assert.equal(on.decisions.get(10)?.reason, "root-cause");
  assert.equal(on.output.split("make: ***").length - 1, 1, "a named target is shown once");
  const off = await run(log, { rootCause: false });
  assert.ok(off.output.includes("aborting due to"));
  // Right under the error it restates, a restatement closes that error's block.
  const block = [
    ...NOISE.slice(0, 8),
    "src/sigar.c:12:10: fatal error: 'libproc.h' file not found",
    "1 error generated.",
    ...NOISE.slice(8, 16),
    "1 error generated.",
    ...NOISE.slice(16),
  ].join("\n");
  const closed = await run(block);
  assert.equal(closed.output.split("1 error generated.").length - 1, 1, closed.output);
  assert.equal(closed.decisions.get(10)?.reason, "context-after");
  assert.equal(closed.decisions.get(19)?.reason, "root-cause");
});

test("severity, include, exclude and custom keep/ignore act on single lines", async () => {
  const log = "[INFO] a\n[WARN] cache is cold\n[ERROR] x\nno level\n[DEBUG] heartbeat\n";
  const sev = await run(log, { severity: "warn", aggressiveness: "low" });
  assert.ok(!sev.output.includes("[INFO] a") && sev.output.includes("[WARN]"));
  assert.ok(sev.output.includes("no level"));
  assert.equal(sev.decisions.get(1)?.reason, "severity");
  const inc = await run(log, { include: /x|a$/, aggressiveness: "low" });
  assert.ok(inc.output.includes("[ERROR] x") && !inc.output.includes("no level"));
  const keep = await run(log, { config: { keep: ["heartbeat"], ignore: ["\\[ERROR\\]"] } });
  assert.ok(keep.output.includes("[DEBUG] heartbeat") && !keep.output.includes("[ERROR] x"));
  assert.equal(keep.decisions.get(5)?.reason, "keep-rule");
  assert.equal(keep.decisions.get(3)?.reason, "ignore-rule");
});

test("stacks: internal frames hidden and counted, app frames capped, exception and causes kept", async () => {
  const frames = Array.from({ length: 14 }, (_, i) => `\tat com.acme.App.f${i}(App.java:${i + 1})`);
  const log = [
    ...FIRST_TRACE,
    "java.lang.IllegalStateException: boom",
    "\tat org.springframework.web.Servlet.go(Servlet.java:1)",
    ...frames,
    "\tat java.base/java.lang.Thread.run(Thread.java:833)",
    "Caused by: java.io.IOException: closed",
    "\tat sun.nio.ch.Net.read(Net.java:1)",
    // The log goes on: the trace is not the end of the failing step (shown whole there).
    ...STEPS_AFTER,
  ].join("\n");
  for (const multiline of ["off", "auto"] as const) {
    const { output, result, decisions } = await run(log, { multiline });
    assert.ok(output.includes("\njava.lang.IllegalStateException: boom\n"), multiline);
    assert.ok(output.includes("Caused by: java.io.IOException: closed"));
    assert.ok(output.includes("[... 4 more application stack frames ...]"));
    // The JDK frame under `Caused by:` is where the IOException was raised: it stays.
    assert.ok(output.includes("\tat sun.nio.ch.Net.read(Net.java:1)"), multiline);
    assert.equal(result.stats.hiddenInternalStackLines, 2);
    const at = FIRST_TRACE.length + 2;
    assert.equal(decisions.get(at)?.action, "hide");
    assert.equal(decisions.get(at)?.reason, "internal-frame");
  }
  const all = await run(log, { maxStackFrames: 0 });
  assert.ok(all.output.includes("App.f13") && !all.output.includes("more application"));
});

test("stacks: library frames where an exception was raised stay; a warning's do not", async () => {
  const tape = [
    "not ok 6 no errors",
    "  ---",
    "    operator: notOk",
    "    stack: |-",
    "      Error: no errors",
    "          at Test.assert [as _assert] (/app/node_modules/tape/lib/test.js:226:54)",
    "          at Test.notOK (/app/node_modules/tape/lib/test.js:358:10)",
    "          at Test.<anonymous> (/app/test/order.js:57:7)",
    "          at Test.run (/app/node_modules/tape/lib/test.js:96:10)",
    "  ...",
  ];
  const warn = [
    "Warning: An update to Cart inside a test was not wrapped in act(...).",
    "    at printWarning (node_modules/react-dom/cjs/react-dom.development.js:86:30)",
    "    at error (node_modules/react-dom/cjs/react-dom.development.js:60:7)",
    "    at Cart (src/Cart.tsx:12:3)",
  ];
  const log = [...FIRST_TRACE, ...tape, ...warn, ...STEPS_AFTER].join("\n");
  const { output, result } = await run(log, {});
  assert.ok(output.includes("at Test.notOK (/app/node_modules/tape/lib/test.js:358:10)"), output);
  assert.ok(output.includes("at Test.<anonymous> (/app/test/order.js:57:7)"));
  assert.ok(!output.includes("at Test.run ("), output);
  assert.ok(!output.includes("printWarning"), output);
  assert.ok(result.stats.hiddenInternalStackLines >= 3);
});

test("stacks: a Lua traceback's frames are frames", async () => {
  const noise = Array.from({ length: 30 }, (_, i) => `fetching object ${i}`);
  const trace = [
    "  /app/tests/libs/tap.lua:85: Missing 1 expected call",
    "  stack traceback:",
    "  \t[C]: in function 'error'",
    "  \t/app/tests/libs/tap.lua:66: in function 'run'",
    "  \t/app/tests/run.lua:42: in main chunk",
    "  \t[string \"bundle:main.lua\"]:120: in function 'main'",
    ...Array.from(
      { length: 8 },
      (_, i) => `  \t/app/lib/step${i}.lua:${i + 10}: in upvalue 'step${i}'`,
    ),
  ];
  // Far from the end of the log, so the final window does not keep them.
  const after = Array.from({ length: 300 }, (_, i) => `fetching object ${i + 100}`);
  const { output } = await run([...noise, ...trace, ...after].join("\n"), {});
  for (const line of trace) assert.ok(output.includes(line), line);
});

test("context: a gap of at most GAP_LINES lines between shown parts is shown whole", async () => {
  const noise = (k: number) => Array.from({ length: 300 }, (_, i) => `[INFO] tick ${k} ${i}`);
  const block = (gap: number) => [
    "ERROR first failure in parser",
    "[INFO] detail after",
    ...["alpha", "beta", "gamma", "delta"].slice(0, gap).map((w) => `[INFO] detail ${w}`),
    "[INFO] detail before",
    "ERROR second failure in parser",
  ];
  const opts: TrimOptions = { contextBefore: 1, contextAfter: 1, aggressiveness: "medium" };
  const small = await run([...noise(1), ...block(GAP_LINES), ...noise(2)].join("\n"), opts);
  for (const line of block(GAP_LINES)) assert.ok(small.output.includes(line), line);
  const big = await run([...noise(1), ...block(GAP_LINES + 1), ...noise(2)].join("\n"), opts);
  assert.ok(!big.output.includes("detail alpha"), big.output);
  assert.ok(big.output.includes("detail before") && big.output.includes("detail after"));
  assert.ok(!small.output.includes("tick 1 298") && !small.output.includes("tick 2 1\n"));
});

test("context: blank lines in a small gap do not count (RSpec's expected and got)", async () => {
  // A CircleCI step running RSpec: `got:` lies between `expected:` (after the failure)
  // and the lines before the summary, with blank lines around it.
  const log = [
    "#!/bin/bash -eo pipefail",
    "bundle exec rspec --format progress --format RspecJunitFormatter --out /tmp/test-results/rspec.xml",
    "Run options: exclude {:slow=>true}",
    "",
    "Randomized with seed 41523",
    "..........................................................F.....................*.......",
    "",
    "Pending: (Failures listed here are expected and do not affect your suite's status)",
    "",
    "  1) Invoice#pdf renders the logo",
    "     # Temporarily skipped with xit",
    "     # ./spec/models/invoice_spec.rb:88",
    "",
    "Failures:",
    "",
    "  1) Invoice#total rounds to cents",
    "     Failure/Error: expect(invoice.total).to eq(10.01)",
    "",
    "       expected: 10.01",
    "            got: 10.005",
    "",
    "       (compared using ==)",
    "     # ./spec/models/invoice_spec.rb:27:in `block (3 levels) in <top (required)>'",
    "",
    "Finished in 4.12 seconds (files took 2.01 seconds to load)",
    "88 examples, 1 failure, 1 pending",
    "",
    "Failed examples:",
    "",
    "rspec ./spec/models/invoice_spec.rb:25 # Invoice#total rounds to cents",
    "",
    "Randomized with seed 41523",
    "",
    "",
    "Exited with code exit status 1",
    "",
    "CircleCI received exit code 1",
  ];
  const { output } = await run(log.join("\n"), {});
  assert.ok(output.includes("       expected: 10.01\n            got: 10.005\n"), output);
});

test("collapseRepeatedStacks: adjacent stacks differing in addresses fold into one [xN] group", async () => {
  const dump = (
    id: number,
    addr: string,
  ) => [
    `goroutine ${id} [chan receive]:`,
    `main.worker(0x${addr})`,
    `\t/app/main.go:${10 + id} +0x1d`,
    "",
  ];
  const log = [
    "panic: boom",
    "",
    ...dump(7, "c000012345"),
    ...dump(9, "c000099999"),
    ...dump(11, "c0000aaaaa"),
  ]
    .join("\n");
  const { output, result } = await run(log, { multiline: "auto" });
  // The first goroutine joins the panic's record; the next two are identical but for ids.
  assert.ok(
    output.includes("[x2] goroutine 9 [chan receive]:\n[x2] main.worker(0xc000099999)"),
    output,
  );
  assert.equal(result.stats.duplicateLines, 3);
  const off = await run(log, { multiline: "auto", collapseRepeatedStacks: false });
  assert.ok(!off.output.includes("[x2]"));
});

test("repeats: a repeated error gets no context again, so its repeats fold", async () => {
  const log = NOISE.flatMap((l, i) =>
    i % 5 === 0 ? [`[ERROR] upstream timed out id=${i}`, l] : [l]
  );
  // (context off, so only the repeat rule is at work)
  const { output } = await run(log.join("\n"), {
    contextAfter: 0,
    contextBefore: 0,
    adaptiveContext: false,
  });
  assert.ok(
    /\[x6\] \[ERROR\] upstream timed out id=\[0 \| 5 \| 10 \| 15 \| 20 \| \+1 more\]/.test(output),
    output,
  );
});

test("sampleSize caps kept lines", async () => {
  const log = Array.from({ length: 20 }, (_, i) => `[ERROR] e${i} failed`).join("\n");
  const { output, result } = await run(log, { sampleSize: 5 });
  assert.equal(output.trim().split("\n").length, 5);
  assert.equal(result.stats.droppedLines, 15);
});

test("multilingual: errors in other languages are kept unless switched off", async () => {
  const log = [
    ...NOISE.slice(0, 5),
    "Verbindung fehlgeschlagen: Zeitüberschreitung",
    ...NOISE.slice(5),
  ].join("\n");
  const on = await run(log, { contextBefore: 0, contextAfter: 0 });
  assert.ok(on.output.includes("fehlgeschlagen"));
});
