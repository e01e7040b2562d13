// `baseline`: lines whose template the passing run also printed are dropped unless
// they carry failure evidence; context around errors and the end of the log stay.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { trimTextInline } from "../../../trim/process.ts";
import { trimText } from "../../../adapters/library.ts";
import { TrimError } from "../../../trim/errors.ts";
import type { TrimLineDecision } from "../../../trim/types.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

const PASS = [
  "Run npm ci",
  "npm http fetch GET 200 https://registry.npmjs.org/a/-/a-1.0.0.tgz 11ms (cache hit)",
  "npm http fetch GET 200 https://registry.npmjs.org/b/-/b-2.1.0.tgz 7ms (cache hit)",
  "[WARN] deprecated option --legacy used in 3 places",
  "compiling 212 files",
  "PASS test/cart.test.ts (1.2 s)",
  "PASS test/orders.test.ts (0.8 s)",
  "Tests: 48 passed, 48 total",
  "Done in 31.20s.",
].join("\n") + "\n";

const FAIL = [
  "Run npm ci",
  "npm http fetch GET 200 https://registry.npmjs.org/a/-/a-1.0.0.tgz 630ms (cache hit)",
  "npm http fetch GET 200 https://registry.npmjs.org/b/-/b-2.1.0.tgz 9ms (cache hit)",
  "[WARN] deprecated option --legacy used in 3 places",
  "[WARN] retry 1 of the registry request succeeded",
  "compiling 212 files",
  "PASS test/cart.test.ts (1.4 s)",
  "FAIL test/orders.test.ts (0.9 s)",
  "  ● orders › totals › applies the discount",
  "    expect(received).toBe(expected)",
  "    Expected: 90",
  "    Received: 100",
  "Tests: 1 failed, 47 passed, 48 total",
  "Done in 33.02s.",
].join("\n") + "\n";

const MUST_KEEP = [
  "FAIL test/orders.test.ts",
  "orders › totals › applies the discount",
  "Expected: 90",
  "Received: 100",
  "Tests: 1 failed, 47 passed, 48 total",
];

test("baseline: the failure stays whole, lines the passing run printed go", async () => {
  const without = await trimTextInline(FAIL, { aggressiveness: "low" });
  const decisions: TrimLineDecision[] = [];
  const withBase = await trimTextInline(FAIL, {
    aggressiveness: "low",
    baseline: ReadableStream.from([PASS]),
    onDecision: (d) => decisions.push(d),
  });
  for (const k of MUST_KEEP) {
    assert.ok(without.output.includes(k), `without: ${k}`);
    assert.ok(withBase.output.includes(k), `with: ${k}\n${withBase.output}`);
  }
  // The first line the passing run never printed is evidence, kept for being new; the
  // WARN the passing run had is only the context before it, and the fetches go.
  assert.ok(withBase.output.includes("retry 1 of the registry request succeeded"));
  const at = (n: number) => decisions.find((d) => d.lineNumber === n);
  assert.equal(at(5)?.reason, "new-since-baseline");
  assert.equal(at(4)?.reason, "context-before");
  assert.ok(!withBase.output.includes("npm http fetch"), withBase.output);
  // Never more than without; on a log this short, the context of the first new line is
  // what the filter took away.
  assert.ok(withBase.result.outputTokens <= without.result.outputTokens);
  // Line 7 the passing run printed (another duration): not evidence, only context.
  assert.notEqual(at(7)?.action, "keep");
  assertAccounting(withBase.output, withBase.result);
});

test("baseline: a path works with the file-aware entry points; inline ones refuse it", async () => {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-baseline-"));
  try {
    const path = join(dir, "pass.log");
    await writeFile(path, PASS);
    const fromPath = await trimText(FAIL, { aggressiveness: "low", baseline: path });
    const fromStream = await trimTextInline(FAIL, {
      aggressiveness: "low",
      baseline: ReadableStream.from([PASS]),
    });
    assert.equal(fromPath.output, fromStream.output);
    await assert.rejects(
      trimText(FAIL, { baseline: join(dir, "missing.log") }),
      (e) => e instanceof TrimError && /baseline: cannot read .*missing\.log/.test(e.message),
    );
  } finally {
    await rm(dir, { recursive: true });
  }
  await assert.rejects(
    trimTextInline(FAIL, { baseline: "pass.log" }),
    (e) => e instanceof TrimError && e.code === "INVALID_OPTION",
  );
});

test("baseline: deterministic however the log and the baseline are chunked", async () => {
  const a = await trimTextInline(FAIL, { baseline: ReadableStream.from([PASS]) });
  const chunks = PASS.match(/[\s\S]{1,7}/g)!;
  const b = await trimTextInline(FAIL, { baseline: ReadableStream.from(chunks) });
  assert.equal(a.output, b.output);
});
