import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { sanitizeLine } from "../../../trim/sanitize.ts";
import { allPairs, asText } from "../../fixtures/baseline/gen.ts";

const DIR = new URL("../../fixtures/baseline/", import.meta.url);

const NAMES = [
  "cargo",
  "docker_build",
  "github_actions",
  "go_test",
  "gradle",
  "jest",
  "maven",
  "pytest",
  "terraform",
  "tsc",
];

/** Fixtures that carry fake secrets. */
const WITH_SECRETS = ["docker_build", "github_actions", "terraform"];

async function lines(file: string): Promise<string[]> {
  const text = await readFile(new URL(file, DIR), "utf8");
  assert.ok(text.endsWith("\n"), `${file}: ends with a newline`);
  return text.slice(0, -1).split("\n");
}

async function list(file: string): Promise<string[]> {
  return (await lines(file)).filter((s) => s.trim().length > 0);
}

/** A line's template: masked, then every digit run folded to `0`. */
function template(line: string): string {
  return sanitizeLine(line).replace(/\d+/g, "0").trim();
}

for (const name of NAMES) {
  test(`baseline fixture ${name}: well-formed pass/fail pair`, async () => {
    const pass = await lines(`${name}.pass.log`);
    const fail = await lines(`${name}.fail.log`);
    const keep = await list(`${name}.keep.txt`);
    for (const [kind, log] of [["pass", pass], ["fail", fail]] as const) {
      assert.ok(
        log.length >= 300 && log.length <= 3000,
        `${name}.${kind}.log has ${log.length} lines`,
      );
    }
    assert.ok(keep.length >= 5, `${name}: at least 5 keep lines`);

    const failMasked = fail.map((l) => sanitizeLine(l));
    const passMasked = pass.map((l) => sanitizeLine(l));
    const failText = failMasked.join("\n");
    const passText = passMasked.join("\n") + "\n" + pass.join("\n");
    for (const k of keep) {
      assert.ok(failText.includes(k), `${name}: keep ${JSON.stringify(k)} not in masked fail log`);
      assert.ok(!passText.includes(k), `${name}: keep ${JSON.stringify(k)} also in the pass log`);
    }

    // The runs share most lines by template, with different values in many of them.
    const passTemplates = new Set(pass.map(template));
    const passExact = new Set(pass);
    const shared = fail.filter((l) => passTemplates.has(template(l)));
    const sharedNotExact = shared.filter((l) => !passExact.has(l));
    assert.ok(
      shared.length >= fail.length * 0.6,
      `${name}: ${shared.length}/${fail.length} share a template`,
    );
    assert.ok(
      sharedNotExact.length >= 5,
      `${name}: ${sharedNotExact.length} differ only in values`,
    );

    // Some fail-only lines are not failure evidence (retries, cache misses): more fail-only
    // templates than lines that carry a keep substring.
    const failOnly = fail.filter((l) => !passTemplates.has(template(l)));
    const evidence = failMasked.filter((l) => keep.some((k) => l.includes(k)));
    assert.ok(failOnly.length > 0 && evidence.length > 0, name);
    const harmless = fail.filter((l, i) =>
      !passTemplates.has(template(l)) && !keep.some((k) => failMasked[i].includes(k))
    );
    assert.ok(harmless.length >= 1, `${name}: at least one new harmless line`);

    // At least one failure line has a template that the pass log also has (PASS/FAIL, ok/FAILED
    // in the same shape, a status line with other numbers): "new template" is not the only signal.
    const evidenceShared = fail.filter((l, i) =>
      keep.some((k) => failMasked[i].includes(k)) && passTemplates.has(template(l))
    );
    const similar = fail.filter((l, i) =>
      keep.some((k) => failMasked[i].includes(k)) &&
      passTemplates.has(template(l).replace(/\b(FAIL|FAILED|FAILURE|failed|ERROR|×|✕)\b/g, "X"))
    );
    assert.ok(
      evidenceShared.length + similar.length >= 1 || hasSameShape(fail, pass, failMasked, keep),
      `${name}: no failure line shares its shape with a pass-log line`,
    );
  });

  if (WITH_SECRETS.includes(name)) {
    test(`baseline fixture ${name}: every secret occurs raw in the fail log`, async () => {
      const fail = (await lines(`${name}.fail.log`)).join("\n");
      const keep = await list(`${name}.keep.txt`);
      const secrets = await list(`${name}.secrets.txt`);
      assert.ok(secrets.length >= 1, name);
      for (const s of secrets) {
        assert.ok(fail.includes(s), `${name}: secret ${s.slice(0, 4)}… missing from fail log`);
        assert.ok(!keep.some((k) => k.includes(s)), `${name}: a keep line holds a secret`);
      }
    });
  }
}

/** True when a keep-carrying fail line equals a pass line once PASS/FAIL-like words are folded. */
function hasSameShape(
  fail: string[],
  pass: string[],
  failMasked: string[],
  keep: string[],
): boolean {
  const fold = (l: string) =>
    template(l).replace(
      /\b(?:PASS|PASSED|SUCCESS|SUCCESSFUL|ok|FAIL|FAILED|FAILURE|failed|passed)\b|[✓✕×]/g,
      "X",
    ).replace(/^\[(?:INFO|ERROR|WARNING)\]/, "[L]");
  const passShapes = new Set(pass.map(fold));
  return fail.some((l, i) =>
    keep.some((k) => failMasked[i].includes(k)) && passShapes.has(fold(l))
  );
}

test("baseline fixtures: the committed files are the generator's output", async () => {
  const pairs = allPairs();
  assert.deepEqual(pairs.map((p) => p.name).sort(), [...NAMES].sort());
  for (const p of pairs) {
    for (
      const [file, body] of [
        [`${p.name}.pass.log`, p.pass],
        [`${p.name}.fail.log`, p.fail],
        [`${p.name}.keep.txt`, p.keep],
        ...(p.secrets ? [[`${p.name}.secrets.txt`, p.secrets] as const] : []),
      ] as const
    ) {
      const onDisk = await readFile(new URL(file, DIR), "utf8");
      assert.equal(
        onDisk,
        asText([...body]),
        `${file} is stale: rerun tests/fixtures/baseline/gen.ts`,
      );
    }
  }
});
