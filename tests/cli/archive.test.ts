import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runTrimlog, withTempDir } from "../_helpers/cli_run.ts";
import { gzipSync } from "node:zlib";
import { lexer, type Token, type Tokens } from "marked";
import { failingStep, ghaMembers, STEP_NAMES, zipOf } from "../_helpers/gha_archive.ts";

test("archive: a GitHub Actions log archive names the failing step, keeps its error, one line per passing step", async () => {
  await withTempDir("trimlog-zip-", async (dir) => {
    const zip = join(dir, "run-logs.zip");
    await writeFile(zip, zipOf(ghaMembers()));
    const r = runTrimlog([zip]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split("\n");
    const header = lines.indexOf("== build / 5_Run tests ==");
    assert.ok(header >= 0, r.stdout);
    for (const [i, step] of STEP_NAMES.entries()) {
      if (step === "Run tests") continue;
      assert.ok(
        lines.some((l) => new RegExp(`^✓ build / ${i + 1}_${step} \\(\\d+ lines\\)$`).test(l)),
        `build step ${step} in one line`,
      );
    }
    assert.ok(lines.includes("✓ lint (6 steps, 165 lines)"), "a passing job in one line");
    const failing = lines.slice(header + 1).join("\n");
    assert.match(failing, /FAIL src\/payments\/charge\.test\.ts/);
    assert.match(failing, /Expected: 402\n\s+Received: 500/);
    assert.match(failing, /##\[error\]Process completed with exit code 1\./);
    assert.ok(!r.stdout.includes("PASS src/module7.test.ts"), "passing tests dropped");
    // In order: steps 1-4, the failing step, step 6, then the lint job.
    assert.ok(lines.findIndex((l) => l.startsWith("✓ build / 4_")) < header);
    assert.ok(lines.findIndex((l) => l.startsWith("✓ build / 6_")) > header);
    // The same from standard input.
    assert.equal(
      runTrimlog([], zipOf(ghaMembers())).stdout.replaceAll(zip, "x"),
      r.stdout.replaceAll(zip, "x"),
    );
  });
});

test("archive: --format markdown parses with the fences intact; --json carries the sections", async () => {
  await withTempDir("trimlog-zip-", async (dir) => {
    const zip = join(dir, "run-logs.zip");
    await writeFile(zip, zipOf(ghaMembers()));
    const md = runTrimlog(["--format", "markdown", zip]);
    assert.equal(md.code, 0, md.stderr);
    const tokens = lexer(md.stdout).filter((t: Token) => t.type !== "space");
    const heading = tokens.find((t) => t.type === "heading") as Tokens.Heading;
    assert.equal(
      heading.tokens.map((t) => (t as Tokens.Text).text).join(""),
      "build / 5_Run tests",
    );
    const code = tokens[tokens.indexOf(heading) + 1] as Tokens.Code;
    assert.equal(code.type, "code");
    assert.match(code.text, /Received: 500[\s\S]*##\[error\]Process completed with exit code 1\.$/);
    const items = tokens.filter((t) => t.type === "list").flatMap((l) => (l as Tokens.List).items);
    assert.equal(items.length, 6); // build's 5 passing steps, the lint job
    assert.match(items.at(-1)!.text, /^✓ lint \(6 steps, 165 lines\)$/);
    assert.match(tokens.at(-1)!.raw, /^\*\*trimlog: \d+ → \d+ lines/);

    const out = join(dir, "out.txt");
    const j = runTrimlog(["--json", "-o", out, zip]);
    assert.equal(j.code, 0, j.stderr);
    const result = JSON.parse(j.stdout);
    assert.equal(result.sections.length, 12);
    const failed = result.sections.filter((s: { failed?: boolean }) => s.failed);
    assert.deepEqual(failed.map((s: { name: string }) => s.name), ["build / 5_Run tests"]);
    assert.equal(failed[0].job, "build");
    assert.equal(failed[0].step, "5_Run tests");
    assert.equal(failed[0].result.stats.inputLines, failingStep().length);
    assert.equal(
      result.stats.inputLines,
      result.sections.reduce(
        (n: number, s: { result: { stats: { inputLines: number } } }) =>
          n + s.result.stats.inputLines,
        0,
      ),
    );
    assert.match(await readFile(out, "utf8"), /^✓ build \/ 1_Set up job/);
  });
});

test("archive: several FILEs share one budget, each under its header; gzip among them", async () => {
  await withTempDir("trimlog-zip-", async (dir) => {
    const a = join(dir, "a.log");
    const b = join(dir, "b.log.gz");
    await writeFile(a, "INFO start\nERROR disk full on /var\n");
    await writeFile(b, gzipSync(new TextEncoder().encode("WARN retry 1\nERROR db timeout\n")));
    const r = runTrimlog([a, b]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      `== ${a} ==\nINFO start\nERROR disk full on /var\n== ${b} ==\nWARN retry 1\nERROR db timeout\n`,
    );
    // A CI archive among plain files: its members and jobs carry its name.
    const zip = join(dir, "run.zip");
    await writeFile(zip, zipOf(ghaMembers()));
    const mixed = runTrimlog([a, zip]).stdout.split("\n");
    assert.ok(mixed.includes(`== ${zip}: build / 5_Run tests ==`), mixed.join("\n"));
    assert.ok(mixed.includes(`✓ ${zip}: lint (6 steps, 165 lines)`), mixed.join("\n"));
    const tight = runTrimlog(["--max-tokens", "8", a, b]);
    assert.equal(tight.code, 0, tight.stderr);
    assert.match(tight.stdout, /ERROR disk full/);
    assert.ok(!tight.stdout.includes("ERROR db timeout"), "the first file used the shared budget");
  });
});

test("archive: ../ names, a zip bomb, a corrupt zip: one line each, documented exit codes, nothing written", async () => {
  await withTempDir("trimlog-zip-", async (dir) => {
    const cases: [string, Uint8Array, number, RegExp][] = [
      [
        "slip.zip",
        zipOf({ "build/1_Ok.txt": "ok\n", "../../evil.txt": "x\n" }),
        3,
        /has a '\.\.' segment/,
      ],
      ["abs.zip", zipOf({ "/tmp/evil.txt": "x\n" }), 3, /has an absolute path/],
      [
        "bomb.zip",
        zipOf({ "big.txt": new Uint8Array(32 * 1024 * 1024) }),
        3,
        /times its compressed size \(a zip bomb\?/,
      ],
      ["cut.zip", zipOf(ghaMembers()).subarray(0, 300), 1, /not a readable zip archive/],
    ];
    for (const [name, bytes, code, re] of cases) {
      const file = join(dir, name);
      await writeFile(file, bytes);
      const r = runTrimlog([file]);
      assert.equal(r.code, code, `${name}: ${r.stderr}`);
      assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`^trimlog: .*${name.replace(".", "\\.")}: `));
      assert.match(r.stderr, re);
      assert.equal(r.stdout, "");
    }
    assert.deepEqual((await readdir(dir)).sort(), ["abs.zip", "bomb.zip", "cut.zip", "slip.zip"]);
  });
});
