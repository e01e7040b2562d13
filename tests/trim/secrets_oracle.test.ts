/**
 * Issue #14, the external oracle: trimlog's output over the generated corpora
 * (158 form kinds: 97 vendor formats in 8 positions, argument, netrc, `set`, user:password and
 * unknown-format credentials; plus the 34 kinds of `secrets_gen.ts`) is scanned by
 * secretlint with its recommended preset. Any finding is a leak; so is any secret
 * value (or 8-character fragment of one) in the output.
 *
 * The oracle is shown to see the secrets: the same scan of the input finds them.
 *
 * secretlint comes from the npm registry through `deno.json` imports (fetched once,
 * then cached: the test runs offline).
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { trimTextInline } from "../../trim/process.ts";
import type { TrimOptions } from "../../trim/types.ts";
import { FILLER, findLeak, type SecretCase, secretCorpus } from "../_helpers/secrets_gen.ts";
import {
  FORM_KIND_NAMES,
  formCorpus,
  POSITION_NAMES,
  positionCorpus,
  VENDOR_FORMATS,
} from "../_helpers/secrets_forms.ts";

/**
 * secretlint's findings in a text: `ruleId: message` lines. A connection string whose
 * password is trimlog's `[REDACTED]` is reported by secretlint's
 * database-connection-string rule (it does not know the placeholder); such findings
 * are masked already and left out (`masked` counts them), any other is kept.
 */
async function secretlint(text: string, masked = { count: 0 }): Promise<string[]> {
  const result = await lintSource({
    source: { filePath: "/trimlog/output.log", content: text, contentType: "text" },
    options: {
      config: {
        rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommended }],
      },
      noPhysicFilePath: true,
      maskSecrets: false,
    },
  });
  const out: string[] = [];
  for (const m of result.messages) {
    const flagged = text.slice(m.range[0], m.range[1]);
    if (/^[a-z+]+:\/\/[^\s:@/]*:\[REDACTED\]@/.test(flagged) || /:\[REDACTED\]@/.test(m.message)) {
      masked.count++;
      continue;
    }
    out.push(`${m.ruleId}: ${m.message}`);
  }
  return out;
}

/** A log of the cases, each followed by ordinary lines. */
function logOf(cases: readonly SecretCase[]): string {
  const lines: string[] = [];
  cases.forEach((c, i) => {
    lines.push(...c.lines);
    if (i % 3 !== 0) lines.push(FILLER[(i * 7) % FILLER.length]);
  });
  return lines.join("\n") + "\n";
}

const CORPORA: [string, SecretCase[]][] = [
  ["forms", formCorpus(14, 4)],
  ["positions", positionCorpus(15)],
  ["hardening kinds", secretCorpus(16, 6)],
];

test("oracle: the corpora cover 60+ formats in 8 positions", () => {
  assert.ok(VENDOR_FORMATS.length >= 60, `${VENDOR_FORMATS.length} vendor formats`);
  assert.ok(FORM_KIND_NAMES.length >= 150, `${FORM_KIND_NAMES.length} form kinds`);
  assert.deepEqual(POSITION_NAMES, [
    "key=value",
    "JSON",
    "YAML",
    "argument",
    "URL",
    "header",
    "prose",
    "multi-line",
  ]);
  const positions = CORPORA[1][1];
  assert.equal(positions.length, (VENDOR_FORMATS.length + 1) * 8);
});

test("oracle: secretlint sees the secrets in the input (the oracle works)", async () => {
  for (const [name, cases] of CORPORA) {
    const findings = await secretlint(logOf(cases));
    assert.ok(findings.length >= 40, `${name}: secretlint found ${findings.length} in the input`);
  }
});

const OPTION_SETS: TrimOptions[] = [
  { config: { keep: ["."] } },
  { aggressiveness: "low" },
  { aggressiveness: "auto" },
  { aggressiveness: "high", multiline: "auto" },
  { aggressiveness: "aggressive" },
  { aggressiveness: "low", outputFormat: "jsonl-preserve" },
];

for (const [name, cases] of CORPORA) {
  test(`oracle: ${name} (${cases.length} cases): no leak, no secretlint finding in the output`, async () => {
    const text = logOf(cases);
    for (const options of OPTION_SETS) {
      const { output } = await trimTextInline(text, options);
      const leak = findLeak(output, cases);
      assert.ok(
        leak === undefined,
        `${JSON.stringify(options)}: ${leak?.kind} leaked ${leak?.fragment} from ${
          JSON.stringify(leak?.lines)
        }`,
      );
      const findings = await secretlint(output);
      assert.deepEqual(findings, [], `${JSON.stringify(options)}: secretlint on the output`);
    }
  });
}
