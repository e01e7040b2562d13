import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../trim/process.ts";
import type { TrimLineDecision } from "../../../trim/types.ts";
import { defaultBudget, END_OF_STEP_MIN, endOfStepLines } from "../../../trim/select/budget.ts";

/** A GitHub Actions job: a long build, a failing step whose last lines no rule knows. */
function ghaJob(): string {
  const lines: string[] = ["##[group]Run make build"];
  for (let i = 0; i < 400; i++) lines.push(`compiling module_${i}.c into build/module_${i}.o`);
  lines.push("##[endgroup]", "##[group]Run ./scripts/check-release.sh");
  lines.push("checking release notes against tag v2.3.1");
  lines.push("release notes mention 14 changes, tag has 15 commits");
  lines.push("commit 9f3e2a1 has no release note entry");
  lines.push("##[error]Process completed with exit code 3.");
  lines.push("Post job cleanup.");
  for (let i = 0; i < 30; i++) lines.push(`[command]/usr/bin/git config --local --unset key${i}`);
  return lines.join("\n") + "\n";
}

test("end of failing step: its last lines stay, even those no rule recognises", async () => {
  const { output } = await trimTextInline(ghaJob());
  for (
    const want of [
      "release notes mention 14 changes, tag has 15 commits",
      "commit 9f3e2a1 has no release note entry",
      "##[error]Process completed with exit code 3.",
    ]
  ) assert.ok(output.includes(want), want);
  // The steps after the failure stay short: the runner's cleanup is no evidence.
  const cleanup = output.split("\n").filter((l) => l.includes("git config --local --unset"));
  assert.ok(cleanup.length <= 3, `${cleanup.length} cleanup lines`);
});

test("end of failing step: decided `end-of-step`", async () => {
  const decisions: TrimLineDecision[] = [];
  await trimTextInline(ghaJob(), { onDecision: (d) => decisions.push(d) });
  const line = 404; // "release notes mention …" (1-based)
  assert.deepEqual(
    decisions.filter((d) => d.lineNumber === line).map((d) => [d.action, d.reason]),
    [["keep", "end-of-step"]],
  );
});

test("never silent: a failure no rule recognises still yields its end", async () => {
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) lines.push(`step ${i}: copied shard ${i} of 300`);
  lines.push("shard 299 checksum 0x1f != 0x2e", "giving up after 3 attempts", "exit status 4");
  const { output } = await trimTextInline(lines.join("\n") + "\n");
  for (const want of ["shard 299 checksum", "giving up after 3 attempts", "exit status 4"]) {
    assert.ok(output.includes(want), want);
  }
});

test("budget: grows sublinearly, a small log whole; the end keeps at least its last lines", () => {
  assert.equal(defaultBudget(900, 12), 900);
  assert.ok(defaultBudget(400_000, 12) / 400_000 < defaultBudget(40_000, 12) / 40_000);
  const lines = Array.from({ length: 50 }, (_, i) => `l${i}`);
  assert.equal(endOfStepLines(lines, -500, () => 3), END_OF_STEP_MIN);
  assert.equal(endOfStepLines(lines, 30, () => 3), 10);
  assert.equal(endOfStepLines(lines.slice(0, 3), 0, () => 3), 3);
});
