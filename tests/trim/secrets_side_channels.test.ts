/**
 * Issue #14, side channels: every place other than the reduced log that shows or
 * stores something of the input masks it like the output (or holds no content):
 * `onDecision` payloads, `--explain` (built-in rules), error messages, the telemetry
 * store and summary, and the playground's messages (result and output chunks).
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { processWithTap, trimTextInline } from "../../trim/process.ts";
import { ExplainWriter } from "../../cli/explain.ts";
import { TrimError } from "../../trim/errors.ts";
import { compileTrimConfig } from "../../trim/config/rules.ts";
import { parseTrimConfig } from "../../trim/config/yaml.ts";
import {
  addTelemetryEntry,
  createTelemetryEntry,
  createTelemetryStore,
  formatTelemetrySummary,
} from "../../trim/telemetry.ts";
import type { TrimLineDecision, TrimOptions } from "../../trim/types.ts";
import { runPlayground } from "../../playground/run.ts";
import { findLeak, type SecretCase, secretCorpus } from "../_helpers/secrets_gen.ts";
import { formCorpus, positionCorpus } from "../_helpers/secrets_forms.ts";

const CASES: SecretCase[] = [...formCorpus(31, 2), ...positionCorpus(32), ...secretCorpus(33, 2)];
const TEXT = CASES.map((c) => c.lines.join("\n")).join("\n") + "\n";

function assertNoLeak(where: string, text: string): void {
  const leak = findLeak(text, CASES);
  assert.ok(leak === undefined, `${where}: ${leak?.kind} leaked ${leak?.fragment}`);
}

test("side channel: onDecision payloads carry no line content", async () => {
  const decisions: TrimLineDecision[] = [];
  await trimTextInline(TEXT, { aggressiveness: "low", onDecision: (d) => void decisions.push(d) });
  assert.ok(decisions.length >= CASES.length);
  for (const d of decisions) {
    assert.deepEqual(Object.keys(d).sort(), ["action", "lineNumber", "reason", "score"]);
  }
  assertNoLeak("onDecision", JSON.stringify(decisions));
});

test("side channel: --explain (built-in rules) shows every line masked", async () => {
  for (const options of [{}, { aggressiveness: "low" }, { maxLineLength: 80 }] as TrimOptions[]) {
    const out: string[] = [];
    let seen = 0;
    const writer = new ExplainWriter((l) => out.push(l), options.maxLineLength);
    await processWithTap(
      ReadableStream.from([TEXT]),
      new WritableStream(),
      { ...options, onDecision: (d) => writer.decide(d) },
      (lines, mask) => {
        seen += lines.length;
        writer.lines(lines, mask);
      },
    );
    writer.flush();
    assert.ok(seen > 0 && out.length === seen);
    assertNoLeak(`explain ${JSON.stringify(options)}`, out.join("\n"));
  }
});

test("side channel: error messages quoting a secret mask it", async () => {
  const token = "ghp_26AUcjP8ChZLqewHT8nc1wD3n52owT3o2vCB";
  const stripe = "sk_live_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh";
  const errors: unknown[] = [];
  for (const options of [{ multiline: token }, { aggressiveness: stripe }]) {
    try {
      await trimTextInline("x\n", options as unknown as TrimOptions);
    } catch (e) {
      errors.push(e);
    }
  }
  for (
    const yaml of [
      `keep:\n  - "(${token}"\n`,
      `sanitize:\n  - pattern: "(${stripe}"\n    replacement: x\n`,
    ]
  ) {
    try {
      compileTrimConfig(parseTrimConfig(yaml, ".trim.yml"), ".trim.yml");
    } catch (e) {
      errors.push(e);
    }
  }
  assert.equal(errors.length, 4, "every bad value is refused");
  for (const e of errors) {
    assert.ok(e instanceof TrimError, String(e));
    assert.ok(!e.message.includes(token) && !e.message.includes(stripe.slice(8)), e.message);
    assert.match(e.message, /\[REDACTED\]/);
  }
  // A message without a secret is unchanged.
  assert.equal(new TrimError("INVALID_OPTION", "bad at 10.0.0.1:80").message, "bad at 10.0.0.1:80");
});

test("side channel: the telemetry store and summary hold no content", async () => {
  const { result } = await trimTextInline(TEXT);
  const store = addTelemetryEntry(createTelemetryStore(), createTelemetryEntry(result));
  const stored = JSON.stringify(store);
  assertNoLeak("telemetry store", stored);
  assertNoLeak("telemetry summary", formatTelemetrySummary(store));
  assert.deepEqual(Object.keys(store.entries[0]).sort(), [
    "detectedFormat",
    "inputTokens",
    "outputTokens",
    "savedTokens",
    "savingsPercent",
    "timestamp",
  ]);
});

test("side channel: the playground's messages (output chunks, result) are masked", async () => {
  const chunks: Uint8Array[] = [];
  const result = await runPlayground(new Blob([TEXT]), {
    aggressiveness: "low",
    onOutput: (c) => void chunks.push(c.slice()),
  });
  const output = new TextDecoder().decode(
    chunks.reduce((a, c) => {
      const m = new Uint8Array(a.length + c.length);
      m.set(a);
      m.set(c, a.length);
      return m;
    }, new Uint8Array()),
  );
  assert.ok(output.length > 1000);
  assertNoLeak("playground output", output);
  assertNoLeak("playground result", JSON.stringify(result));
});
