import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import { trimText } from "../../mod.ts";
import type { TrimLineDecision, TrimOptions } from "../../mod.ts";
import { DECISION_REASONS } from "../../trim/decision.ts";
import { assertAccounting } from "../_helpers/accounting.ts";

const LINES = [
  "",
  "[INFO] heartbeat ok",
  "[DEBUG] cache warm",
  "[WARN] cache is cold",
  "[WARN] connection timeout to db",
  "ERROR db timeout after 30s",
  "FATAL out of memory",
  "retry attempt=1 id=7",
  "retry attempt=2 id=8",
  "java.lang.IllegalStateException: boom",
  "\tat com.acme.A.run(A.java:3)",
  "\tat org.springframework.web.Servlet.go(Servlet.java:1)",
  "\tat java.base/java.lang.Thread.run(Thread.java:833)",
  "Caused by: java.io.IOException: closed",
  "\t... 12 more",
  "Traceback (most recent call last):",
  '  File "/app/main.py", line 3, in <module>',
  "    main()",
  '  File "/usr/lib/python3.11/site-packages/x/y.py", line 9, in f',
  "ValueError: bad",
  "    at f (/app/a.js:1:2)",
  "    at g (node_modules/x/y.js:1:2)",
  "panic: runtime error",
  "goroutine 1 [running]:",
  "main.main()",
  "\t/app/main.go:5 +0x25",
  "make: *** [Makefile:3: all] Error 2",
  "error: aborting due to 2 previous errors",
  "src/main.rs:3:5: error[E0308]: mismatched types",
  "@@ -1,2 +1,2 @@",
  "-  old",
  "+  new",
  "password=hunter22",
  "-----BEGIN RSA PRIVATE KEY-----",
  "MIIEpAIBAAKCAQEA7",
  "-----END RSA PRIVATE KEY-----",
  "Done in 3.2s",
  "[x3] already folded",
  "[... not a marker",
];

const line = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...LINES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const regex = fc.constantFrom(/ERROR/, /at /, /timeout/i, /^\s/, /x/g);
const options = fc.record({
  aggressiveness: fc.constantFrom("low", "medium", "high", "aggressive", "auto"),
  multiline: fc.constantFrom("auto", "python", "node", "java", "go", "rust", "off"),
  severity: fc.constantFrom("fatal", "error", "warn", "info", "debug", "trace"),
  include: regex,
  exclude: regex,
  sampleSize: fc.integer({ min: 0, max: 20 }),
  maxLineLength: fc.integer({ min: 1, max: 60 }),
  collapseRepeatedStacks: fc.boolean(),
  rootCause: fc.boolean(),
  multilingual: fc.boolean(),
  adaptiveContext: fc.boolean(),
  templateMining: fc.boolean(),
  dedupeWindow: fc.integer({ min: 1, max: 4 }),
  maxStackFrames: fc.integer({ min: 0, max: 3 }),
  contextBefore: fc.integer({ min: 0, max: 4 }),
  contextAfter: fc.integer({ min: 0, max: 4 }),
  dedupe: fc.boolean(),
  preserveIdSuffix: fc.integer({ min: 0, max: 16 }),
  config: fc.constantFrom(
    { keep: ["heartbeat"] },
    { ignore: ["retry"] },
    { internalStackPatterns: ["com\\.acme\\."] },
  ),
}, { requiredKeys: [] });

test("property: deterministic, exact accounting, one decision per line under random options", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(line, { maxLength: 80 }),
      options,
      fc.constantFrom("\n", "\r\n"),
      async (lines, opts, nl) => {
        const text = lines.join(nl);
        const decisions: TrimLineDecision[] = [];
        const o = opts as TrimOptions;
        const a = await trimText(text, { ...o, onDecision: (d) => void decisions.push(d) });
        const b = await trimText(text, o);
        assert.equal(a.output, b.output, "onDecision does not change the output");
        const c = await trimText(text, o);
        assert.equal(b.output, c.output, "deterministic");
        assertAccounting(b.output, b.result);
        const seen = new Set<number>();
        for (const d of decisions) {
          assert.ok(!seen.has(d.lineNumber), `line ${d.lineNumber} decided twice`);
          seen.add(d.lineNumber);
          assert.ok((DECISION_REASONS as readonly string[]).includes(d.reason), d.reason);
        }
        assert.equal(seen.size, a.result.stats.inputLines, "every line decided");
        const hidden = decisions.filter((d) => d.action === "hide").length;
        assert.equal(hidden, a.result.stats.hiddenInternalStackLines, "hide = hidden");
        const kept = decisions.filter((d) => d.action === "keep").length;
        const folded = decisions.filter((d) => d.action === "fold").length;
        assert.equal(folded, a.result.stats.duplicateLines, "fold = duplicates");
        assert.equal(
          kept + folded + a.result.stats.droppedLines + hidden,
          a.result.stats.inputLines,
          "keep + fold + drop + hide = input",
        );
      },
    ),
    propertyParams("relevance_properties#1", { numRuns: 250 }),
  );
});

test("property: batching (chunk size) does not change the output", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(line, { maxLength: 60 }),
      fc.integer({ min: 1, max: 50 }),
      options,
      async (lines, size, opts) => {
        const text = lines.join("\n");
        const whole = await trimText(text, opts as TrimOptions);
        const { processLogStreamInline } = await import("../../trim/process.ts");
        const chunks: string[] = [];
        for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
        let out = "";
        const dec = new TextDecoder();
        await processLogStreamInline(ReadableStream.from(chunks), {
          write(c: Uint8Array) {
            out += dec.decode(c, { stream: true });
            return true;
          },
        }, opts as TrimOptions);
        assert.equal(out, whole.output);
      },
    ),
    propertyParams("relevance_properties#2", { numRuns: 60 }),
  );
});

test("a 1 MB adversarial line goes through the full pipeline quickly", async () => {
  const shapes = [
    "at ".repeat(350_000),
    "ERROR ".repeat(175_000),
    "a=".repeat(500_000),
    "\tat x(" + "(".repeat(1_000_000) + ")",
    "Caused by: " + " ".repeat(1_000_000) + "x",
    "make: *** [" + "[".repeat(1_000_000),
    " " + "x".repeat(1_000_000) + "_test.go:1: x",
    "@@ -1 +1 @@" + "@".repeat(1_000_000),
    "#1 " + "x".repeat(1_000_000) + " (",
  ];
  for (const big of shapes) {
    const text = `ERROR before\n${big}\n  -x\nafter\n`;
    const t0 = performance.now();
    const { output, result } = await trimText(text, { multiline: "auto" });
    const ms = performance.now() - t0;
    assertAccounting(output, result);
    assert.ok(ms < 2000, `${big.slice(0, 12)}…: ${ms.toFixed(0)} ms`);
    const t1 = performance.now();
    await trimText(text);
    assert.ok(performance.now() - t1 < 2000, `${big.slice(0, 12)}… (multiline off)`);
  }
});
