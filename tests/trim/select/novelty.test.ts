/**
 * What is new since the baseline is evidence (`trim/select/novelty.ts`): golden outputs of
 * the pass/fail pairs reduced with their passing run's log, the decisions `--explain`
 * names, the bounds of the structures, and a property (fixed seed): a line whose
 * template the passing run never printed is never dropped as baseline noise.
 *
 * Regenerate the goldens after a deliberate change with
 * `UPDATE_GOLDEN=1 deno test -A tests/trim/select/novelty.test.ts` and review the diff.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import process from "node:process";
import fc from "fast-check";
import { trimTextInline } from "../../../trim/process.ts";
import type { TrimLineDecision } from "../../../trim/types.ts";
import {
  BASELINE_MAX_TEMPLATES,
  BaselineTemplates,
  shapeKey,
} from "../../../trim/select/baseline.ts";
import { NEW_REPEATS, NEW_TRACKED, Novelty } from "../../../trim/select/novelty.ts";
import { pairNames } from "../../../scripts/baseline_pairs.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { propertyParams } from "../../_helpers/property.ts";

const PAIRS = new URL("../../fixtures/baseline/", import.meta.url);
const NOVELTY = new URL("../../fixtures/baseline_novelty/", import.meta.url);
const GOLDEN = new URL("../../golden/baseline/", import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === "1";

/** Every pair: the generated ones and the hand-written ones of `baseline_novelty/`. */
const CASES: [string, URL][] = [
  ...pairNames().map((n): [string, URL] => [n, PAIRS]),
  ["jenkins_spoon", NOVELTY],
  ["go_panic", NOVELTY],
  ["jenkins_tagger", NOVELTY],
];

async function reduce(name: string, dir: URL, decisions?: TrimLineDecision[]) {
  const read = (f: string) => readFile(new URL(f, dir), "utf8");
  const fail = await read(`${name}.fail.log`);
  const pass = await read(`${name}.pass.log`);
  return {
    fail,
    ...await trimTextInline(fail, {
      baseline: ReadableStream.from([pass]),
      onDecision: decisions && ((d) => decisions.push(d)),
    }),
  };
}

for (const [name, dir] of CASES) {
  test(`baseline golden: ${name}`, async () => {
    const { output, result } = await reduce(name, dir);
    assertAccounting(output, result);
    const keep = (await readFile(new URL(`${name}.keep.txt`, dir), "utf8")).split("\n")
      .filter((l) => l !== "");
    for (const k of keep) assert.ok(output.includes(k), `${name}: ${k}`);
    const golden = new URL(`${name}.out`, GOLDEN);
    if (UPDATE) {
      await mkdir(GOLDEN, { recursive: true });
      await writeFile(golden, output);
    }
    assert.equal(output, await readFile(golden, "utf8"), `${name}: output differs from golden`);
  });
}

test("baseline: the first new lines come with their context, a new trace whole", async () => {
  const decisions: TrimLineDecision[] = [];
  const { fail, output } = await reduce("jenkins_spoon", NOVELTY, decisions);
  const lines = fail.split("\n");
  const reason = (text: string) => decisions.find((d) => lines[d.lineNumber - 1] === text);
  // New since the passing run, kept (for being new, or on its own: `No space left on
  // device` is a diagnostic), with the line before as context.
  const disk = "bash: line 169: pom.bak9.xml: No space left on device";
  assert.equal(reason(disk)?.action, "keep");
  assert.ok(["new-since-baseline", "diagnostic"].includes(reason(disk)?.reason ?? ""));
  assert.ok(output.includes("Inserts the maven plugin to spoon the project\n" + disk));
  // The trace the passing run never printed: every frame, library frames too.
  for (const l of lines.filter((l) => l.startsWith("    at "))) {
    assert.ok(output.includes(l), l);
  }
  // The passing tests' listing is the passing run's too: not evidence.
  assert.ok(!output.includes("Running com.acme.ledger.AuditTest"), output);
  assert.equal(reason("[INFO] Running com.acme.ledger.AuditTest")?.reason, "baseline");
});

test("baseline: a new goroutine trace keeps every location line, alike as they are", async () => {
  const decisions: TrimLineDecision[] = [];
  const { fail, output } = await reduce("go_panic", NOVELTY, decisions);
  // Go's location lines are records of one line each, of one template (numbers
  // aside): none is dropped as a repeat of the one before, nor hidden as a library's.
  const locations = fail.split("\n").filter((l) => l.startsWith("\t/"));
  assert.ok(locations.length === 11);
  for (const l of locations) assert.ok(output.includes(l), l);
  // A frame repeated over and over stops being news (at most NEW_REPEATS times).
  const frame = "\t/home/runner/work/infra/infra/internal/retry.go:42 +0x1f";
  const retries = Array.from({ length: 8 }, () => `retry.Do()\n${frame}`).join("\n");
  // Away from the log's end (the final window shows its closing lines whole).
  const oks = Array.from(
    { length: 300 },
    (_, i) => `ok  \tgithub.com/acme/infra/internal/addrs\t0.0${i}s`,
  );
  const { output: out } = await trimTextInline(`${retries}\n${oks.join("\n")}\n${fail}`, {
    baseline: ReadableStream.from([await readFile(new URL("go_panic.pass.log", NOVELTY), "utf8")]),
  });
  const shown = out.split("\n").filter((l) => l.endsWith(frame)).length;
  assert.ok(shown >= 1 && shown <= NEW_REPEATS, out);
});

test("baseline: a new kind of line is news, a known kind with new values a variant", () => {
  const b = new BaselineTemplates();
  b.add("go: downloading github.com/a/b v1.0.0");
  b.add("ok  \tgithub.com/acme/x\t0.020s");
  // Another module: a known kind of line (counted by its kind), with a new word.
  assert.ok(b.hasShape("go: downloading github.com/c/d v0.3.1"));
  assert.ok(b.hasNewWord("go: downloading github.com/c/d v0.3.1") === false);
  assert.ok(b.hasNewWord("go: downloading github.com/zeta/omega v2"));
  assert.ok(!b.hasShape("panic: assignment to entry in nil map"));
  assert.equal(
    shapeKey("ok  \tgithub.com/acme/y\t1.5s"),
    shapeKey("ok  \tgithub.com/acme/x\t0.020s"),
  );

  const n = new Novelty();
  const scores = [1, 2, 3, 4].map(() => n.rank(11, 99, true));
  assert.deepEqual(scores.map((s) => s > 0), [true, true, true, false]);
  assert.ok(scores[0] > scores[1] && scores[1] > scores[2]);
  // Variants of one kind share one count, whatever their templates.
  const variants = [21, 22, 23, 24].map((k) => n.rank(k, 7, false));
  assert.equal(variants.filter((s) => s > 0).length, NEW_REPEATS);
  assert.ok(variants[0] < scores[0], "a variant ranks under news");
});

test("baseline: the structures are bounded", () => {
  const b = new BaselineTemplates();
  // Letters only: digits would share a template.
  const word = (i: number) => i.toString(26).replace(/\d/g, (d) => "qrstuvwxyz"[+d]);
  for (let i = 0; i < BASELINE_MAX_TEMPLATES + 5_000; i++) b.add(`line ${word(i)}`);
  assert.equal(b.size, BASELINE_MAX_TEMPLATES);
  const n = new Novelty();
  for (let k = 1; k <= NEW_TRACKED * 5; k++) n.rank(k, k, true);
  assert.ok(n.tracked <= 2 * NEW_TRACKED, String(n.tracked));
});

// The property: whatever the passing run printed, a line of the failing run whose
// template it never printed is never dropped as baseline noise (news or a variant made of
// known words), and news (a new word, a new kind of line) is kept.
const KNOWN = ["fetch", "module", "compile", "sources", "report", "cache", "restore", "upload"];
const FRESH = ["quorum", "lattice", "harbor", "meadow", "zenith", "falcon", "copper", "violet"];

const logs = fc.record({
  pass: fc.array(
    fc.tuple(fc.constantFrom(...KNOWN), fc.constantFrom(...KNOWN), fc.nat(999)),
    { minLength: 5, maxLength: 120 },
  ),
  inserts: fc.uniqueArray(
    fc.tuple(fc.constantFrom(...FRESH), fc.constantFrom(...FRESH), fc.constantFrom(...KNOWN)),
    { minLength: 1, maxLength: 6, selector: ([a, b]) => `${a} ${b}` },
  ),
  variants: fc.array(
    fc.tuple(fc.constantFrom(...KNOWN), fc.constantFrom(...KNOWN), fc.constantFrom(...KNOWN)),
    { maxLength: 6 },
  ),
  at: fc.array(fc.nat(1000), { minLength: 12, maxLength: 12 }),
});

test("baseline property: a line of a new template is never dropped as baseline noise", async () => {
  await fc.assert(
    fc.asyncProperty(logs, async ({ pass, inserts, variants, at }) => {
      const passLines = pass.map(([a, b, n]) => `[step] ${a} ${b} done in ${n} ms`);
      const failLines = pass.map(([a, b, n]) => `[step] ${a} ${b} done in ${n + 1} ms`);
      const fresh = new Set<string>();
      inserts.forEach(([a, b, c], i) => {
        const line = `${a} ${b} reported by ${c}`;
        fresh.add(line);
        failLines.splice(at[i] % (failLines.length + 1), 0, line);
      });
      const variant = new Set<string>();
      variants.forEach(([a, b, c], i) => {
        const line = `[step] ${a} ${b} ${c}`;
        variant.add(line);
        failLines.splice(at[6 + i] % (failLines.length + 1), 0, line);
      });
      const decisions: TrimLineDecision[] = [];
      const { output } = await trimTextInline(failLines.join("\n") + "\n", {
        baseline: ReadableStream.from([passLines.join("\n") + "\n"]),
        onDecision: (d) => decisions.push(d),
      });
      for (const d of decisions) {
        const line = failLines[d.lineNumber - 1];
        if (variant.has(line)) assert.notEqual(d.reason, "baseline", line);
        if (!fresh.has(line)) continue;
        assert.notEqual(d.reason, "baseline", line);
        assert.ok(d.action !== "drop" || d.reason === "token-budget", `${line}: ${d.reason}`);
        if (d.action === "keep") assert.ok(output.includes(line), line);
      }
    }),
    propertyParams("baseline_novelty#1", { numRuns: 60 }),
  );
});
