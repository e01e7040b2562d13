import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT = join(ROOT, "scripts/action_run.sh");

const FAILING = [
  'echo "> jest --ci"',
  'for i in $(seq 1 40); do echo "PASS src/m$i.test.ts (0.$i s)"; done',
  'echo "FAIL src/payments/charge.test.ts"',
  'echo "  ● charge › refuses an expired card"',
  'echo "    Received: 500"',
  'echo "      at Object.<anonymous> ($GITHUB_WORKSPACE/src/payments/charge.test.ts:41:27)"',
  "echo \"src/api.ts(12,5): error TS2345: Argument of type 'string' is not assignable.\" >&2",
  "false",
  'echo "never printed"',
].join("\n");

async function inFakeActions(
  input: Record<string, string>,
  fn: (r: { code: number; stdout: string; stderr: string }, summary: string) => void,
) {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-action-"));
  const summary = join(dir, "step_summary.md");
  await writeFile(summary, "# earlier step\n");
  try {
    const r = spawnSync("bash", [SCRIPT], {
      cwd: dir,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: dir,
        GITHUB_ACTIONS: "true",
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_WORKSPACE: dir,
        GITHUB_ACTION_PATH: ROOT,
        TRIMLOG_DENO: process.execPath,
        ...input,
      },
    });
    fn(
      { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr },
      await readFile(summary, "utf8"),
    );
  } finally {
    await rm(dir, { recursive: true });
  }
}

test("action: a failing command's exit code, annotations on stdout, the failure appended to the summary", async () => {
  await inFakeActions({ INPUT_RUN: FAILING }, (r, summary) => {
    assert.equal(r.code, 1, r.stderr);
    assert.ok(!r.stdout.includes("never printed"), "bash -e stops at the failure");
    const annotations = r.stdout.split("\n").filter((l) => l.startsWith("::error "));
    assert.deepEqual(annotations, [
      "::error file=src/payments/charge.test.ts,line=41,col=27::● charge › refuses an expired card%0AReceived: 500",
      "::error file=src/api.ts,line=12,col=5::src/api.ts(12,5): error TS2345: Argument of type 'string' is not assignable.",
    ]);
    assert.match(r.stdout, /\n\[trimlog\] full log: .+ \(\d+ lines, \d+ tokens\)\n$/);
    assert.ok(
      summary.startsWith('# earlier step\n## ✗ echo "\\> jest --ci" … (exit code 1)\n'),
      "appended, not overwritten",
    );
    assert.match(summary, /```text\n> jest --ci\nFAIL src\/payments\/charge\.test\.ts\n/);
    assert.match(summary, /```\n\ntrimlog: \d+ → \d+ lines/);
    assert.ok(!summary.includes("PASS src/m7.test.ts"));
  });
});

test("action: a passing command is one summary line; summary: false turns both off", async () => {
  await inFakeActions(
    { INPUT_RUN: "echo ok; echo ok", INPUT_ARGS: "--max-tokens 500" },
    (r, summary) => {
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        summary,
        /^# earlier step\n✓ echo ok; echo ok passed: 2 → 1 lines \([\d.]+% saved\)\n\n$/,
      );
    },
  );
  await inFakeActions({ INPUT_RUN: FAILING, INPUT_SUMMARY: "false" }, (r, summary) => {
    assert.equal(r.code, 1);
    assert.ok(!r.stdout.includes("::error"));
    assert.equal(summary, "# earlier step\n");
  });
  await inFakeActions({ INPUT_RUN: "" }, (r) => {
    assert.equal(r.code, 2);
    assert.match(r.stderr, /the 'run' input is empty/);
  });
});

test("action: action.yml is a composite action passing its inputs as environment, never as code", async () => {
  const action = parse(await readFile(join(ROOT, "action.yml"), "utf8"));
  assert.equal(action.runs.using, "composite");
  assert.equal(action.inputs.run.required, true);
  const [step] = action.runs.steps;
  assert.equal(step.run, 'bash "$GITHUB_ACTION_PATH/scripts/action_run.sh"');
  assert.ok(!step.run.includes("${{"), "no input spliced into the script");
  assert.deepEqual(Object.keys(step.env), ["INPUT_RUN", "INPUT_ARGS", "INPUT_SUMMARY"]);
  assert.ok(((await stat(SCRIPT)).mode & 0o111) !== 0, "the script is executable");
});
