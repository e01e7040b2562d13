// The final window: select holds the log's last lines back and reads them as evidence.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Batch } from "../../../trim/batch.ts";
import { FinalWindow, ShapeRun } from "../../../trim/select/final_window.ts";
import { trimTextInline } from "../../../mod.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";
import { propertyParams } from "../../_helpers/property.ts";

/** Cuts `lines` (with records as [start, len] pairs over the whole) into batches at `cuts`. */
function batches(lines: string[], records: [number, number][], cuts: number[]): Batch[] {
  const points = [...new Set(cuts.map((c) => c % (lines.length + 1)))].sort((a, b) => a - b);
  // A batch never cuts a record (the group stage emits records whole).
  const inside = (p: number) => records.some(([s, n]) => p > s && p < s + n);
  const at = [0, ...points.filter((p) => p > 0 && p < lines.length && !inside(p)), lines.length];
  const out: Batch[] = [];
  for (let i = 0; i + 1 < at.length; i++) {
    const [a, b] = [at[i], at[i + 1]];
    if (a === b) continue;
    const batch: Batch = {
      lines: lines.slice(a, b),
      numbers: lines.slice(a, b).map((_, k) => a + k + 1),
    };
    const r = records.filter(([s]) => s >= a && s < b).flatMap(([s, n]) => [s - a, n]);
    if (r.length) batch.records = r;
    out.push(batch);
  }
  return out;
}

/** Records of the batches as [start, len] over the whole stream. */
function recordsOf(parts: Batch[]): [number, number][] {
  const out: [number, number][] = [];
  let base = 0;
  for (const p of parts) {
    const r = p.records ?? [];
    for (let i = 0; i < r.length; i += 2) {
      assert.ok(r[i] + r[i + 1] <= p.lines.length, "a record lies inside its batch");
      out.push([r[i] + base, r[i + 1]]);
    }
    base += p.lines.length;
  }
  return out;
}

test("final window: the same lines, numbers, records and window start however the input is batched", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 300 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 299 }), fc.integer({ min: 2, max: 30 })), {
        maxLength: 6,
      }),
      fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 10 }),
      fc.integer({ min: 0, max: 80 }),
      (n, rawRecords, cuts, size) => {
        const lines = Array.from({ length: n }, (_, i) => `line ${i + 1}`);
        // Disjoint records inside the input.
        const records: [number, number][] = [];
        let free = 0;
        for (const [s, len] of [...rawRecords].sort((a, b) => a[0] - b[0])) {
          if (s < free || s + len > n) continue;
          records.push([s, len]);
          free = s + len;
        }
        const run = (parts: Batch[]) => {
          const w = new FinalWindow(size);
          const released = parts.map((p) => w.push(p));
          const [before, window] = w.end();
          return { head: [...released, before], window };
        };
        const one = run(batches(lines, records, []));
        const many = run(batches(lines, records, cuts));
        const flat = (bs: Batch[]) => bs.flatMap((b) => b.lines);
        assert.deepEqual(flat(many.head), flat(one.head));
        assert.deepEqual(many.window.lines, one.window.lines);
        assert.deepEqual(many.window.numbers ?? [], one.window.numbers ?? []);
        assert.deepEqual([...flat(many.head), ...many.window.lines], lines);
        // Records arrive whole, at the same places.
        const start = flat(many.head).length;
        const seen = [
          ...recordsOf(many.head),
          ...recordsOf([many.window]).map(([s, l]) => [s + start, l] as [number, number]),
        ];
        assert.deepEqual(seen, records);
        // The window is the last min(size, n / 4) lines, widened to a record it would cut.
        let want = Math.min(size, Math.floor(n / 4));
        if (want < 6) want = 0;
        assert.ok(many.window.lines.length >= want);
        if (many.window.lines.length > want) {
          assert.ok(records.some(([s, l]) => s === start && s + l > n - want));
        }
      },
    ),
    propertyParams("final_window#1", { numRuns: 300 }),
  );
});

test("final window: a long log's closing lines are kept, a short log keeps only its context", async () => {
  const noise = Array.from({ length: 400 }, (_, i) => `compiling module ${i % 7} of the project`);
  const closing = [
    "Summary of failures:",
    "  payments: expected 3 rows, found 2",
    "make: *** [Makefile:12: test] Error 2",
    'The command "make test" exited with 2.',
  ];
  const { output, result } = await trimTextInline([...noise, ...closing].join("\n") + "\n");
  assertAccounting(output, result);
  for (const line of closing) assert.ok(output.includes(line), line);
  // A 6-line log: the context rules reach its end; a plain line far from the error goes.
  const short = await trimTextInline("a plain start\nb\nc\nd\ne\nERROR: boom\n");
  assert.ok(!short.output.includes("a plain start"));
});

test("final window: INFO and DEBUG lines and chatter are not kept for being last", async () => {
  const served = Array.from({ length: 400 }, (_, i) => `[INFO] request ${i} served`);
  const later = Array.from({ length: 10 }, (_, i) => `[INFO] later ${i}`);
  const fetches = Array.from({ length: 10 }, (_, i) => `Downloading foo-${i}.tgz`);
  const { output } = await trimTextInline(
    ["ERROR: boom", ...served, ...later, ...fetches].join("\n"),
    { aggressiveness: "medium" },
  );
  assert.ok(output.includes("ERROR: boom"));
  assert.ok(!output.includes("[INFO] later 0"));
  assert.ok(!output.includes("Downloading foo-0.tgz"));
});

test("final window: a table or a file list shows its first two rows; located findings all stay", async () => {
  const noise = Array.from({ length: 400 }, (_, i) => `step ${i} done`);
  const table = Array.from(
    { length: 20 },
    (_, i) => `src/module${i}.py     ${100 + i}    ${i}   90%`,
  );
  const rules = [
    "MD034 Bare URL",
    "MD029 List prefix",
    "MD013 Line length",
    "MD009 Trailing space",
  ];
  const findings = rules.map((r, i) => `README.md: ${10 + i}: ${r}`);
  const { output } = await trimTextInline(
    [...noise, ...table, "TOTAL 1000 40 96%", ...findings].join("\n"),
  );
  assert.ok(output.includes("src/module0.py") && output.includes("src/module1.py"));
  assert.ok(!output.includes("src/module5.py"));
  assert.ok(output.includes("TOTAL 1000"));
  for (const f of findings) assert.ok(output.includes(f), f);
});

test("ShapeRun: indented lines, symbols and locations start no run; long words count", () => {
  const run = new ShapeRun();
  const long = "module.eks.module.eks_managed_node_group_workers[0]: Still creating...";
  const got = [
    "  at a",
    "  at b",
    "✖ x",
    "✖ y",
    "nginx-1 | a",
    "nginx-1 | b",
    "a.rb:1:2: C",
    long,
    long,
  ]
    .map((l) => run.next(l));
  assert.deepEqual(got, [1, 1, 1, 1, 1, 2, 1, 1, 2]);
});

test("ShapeRun: rows of a file listing are one shape (ls -l, find -ls, tar -tv)", () => {
  const run = new ShapeRun();
  const ls = [
    "drwxr-xr-x  3 travis root  4096 Jun 24 16:05 ./cabal/packages/aeson",
    "-rw-r--r--  1 travis root 34248 Jun 24 16:02 ./cabal/packages/aeson/aeson.tar.gz",
    "lrwxrwxrwx  1 travis root    12 Jun 24 16:02 ./bin/cabal -> cabal-3.0",
  ];
  assert.deepEqual(ls.map((l) => run.next(l)), [1, 2, 3]);
  const find = [
    "925190    4 -rw-r--r--   1 travis   root   34 Jun 24 16:02 ./a.etag",
    "1057924    4 drwxr-xr-x   3 travis   root 4096 Jun 24 16:05 ./b",
  ];
  assert.deepEqual(find.map((l) => run.next(l)), [4, 5]);
  assert.deepEqual(
    ["-rw-r--r--@ 1 me staff 10 x", "drwx------+ 2 me staff 64 y"].map((l) => run.next(l)),
    [6, 7],
  );
  // Not a listing: a flag, a diff line, a rule.
  for (const l of ["-rwx is not a listing", "--- a/file.txt", "----------------"]) {
    assert.equal(run.next(l), 1, l);
  }
});

test("ShapeRun: a word alone on its line is not a row of the lines that start with it", () => {
  const run = new ShapeRun();
  const got = ["nl", "nl", "nl", "nl      -false", "nl      +true", "done", "done in 3s"]
    .map((l) => run.next(l));
  assert.deepEqual(got, [1, 2, 3, 1, 2, 1, 1]);
});

test("final window: steps after the failing one (artifact upload, cleanup) are not kept for being last", async () => {
  const build = Array.from({ length: 300 }, (_, i) => `compiling unit ${i % 9}`);
  const failing = ["Tests: 2 failed, 40 passed", "##[error]Process completed with exit code 1."];
  const after = [
    "##[group]Run actions/upload-artifact@v4",
    "With the provided path, there will be 97 files uploaded",
    "Artifact coverage.zip successfully finalized.",
    "##[endgroup]",
    "Post job cleanup.",
    "Temporarily overriding HOME before making global git config changes",
    ...Array.from(
      { length: 12 },
      (_, i) => `[command]/usr/bin/git config --local --unset-all key${i}`,
    ),
  ];
  const { output, result } = await trimTextInline(
    [...build, ...failing, ...after].join("\n") + "\n",
  );
  assertAccounting(output, result);
  for (const line of failing) assert.ok(output.includes(line), line);
  assert.ok(!output.includes("Artifact coverage.zip"));
  assert.ok(!output.includes("Temporarily overriding HOME"));
  assert.ok(!output.includes("key11"));
});

test("final window: GitLab's after_script and artifact upload are not the failure; its verdict stays", async () => {
  const build = Array.from({ length: 300 }, (_, i) => `compiling unit ${i % 9}`);
  const failing = ["make: *** [Makefile:19: bench_parse.o] Error 1", "$ exit $status"];
  const after = [
    "Running after_script",
    "Running after script...",
    "$ echo uploaded build logs",
    "uploaded build logs",
    "Uploading artifacts for failed job",
    "Uploading artifacts...",
    "WARNING: src/*.log: no matching files. Ensure that the artifact path is relative",
    'Uploading artifacts as "archive" to coordinator... 201 Created  id=7104228311',
    "Cleaning up project directory and file based variables",
  ];
  const verdict = "ERROR: Job failed: exit code 1";
  const { output, result } = await trimTextInline(
    [...build, ...failing, ...after, verdict].join("\n") + "\n",
  );
  assertAccounting(output, result);
  assert.ok(output.includes(failing[0]) && output.includes(verdict), output);
  // The first step's title ends the error's context (as GitHub's `Post job cleanup.`).
  for (const line of after.slice(1)) assert.ok(!output.includes(line), `${line}\n${output}`);
});

test("select: frames shown before without an error line of their own are dropped", async () => {
  const lines: string[] = [];
  for (let i = 0; i < 6; i++) {
    lines.push(`console.log cache miss key=${i}`, "    at Logger.write (src/lib/logger.ts:44:17)");
  }
  lines.push("TypeError: x is undefined", "    at f (src/a.ts:1:2)", "    at g (src/b.ts:3:4)");
  lines.push("TypeError: x is undefined", "    at f (src/a.ts:1:2)", "    at g (src/b.ts:3:4)");
  const { output, result } = await trimTextInline(lines.join("\n") + "\n");
  assertAccounting(output, result);
  assert.equal(output.split("Logger.write").length - 1, 1);
  // The repeated error line stays; its repeated frames show once.
  assert.ok(output.includes("TypeError: x is undefined"));
  assert.equal(output.split("at g (src/b.ts:3:4)").length - 1, 1);
});

test("ShapeRun: table rows are one shape; a table the window starts inside shows no middle rows", () => {
  const rows = [
    "  refund.ts   |   52.19 |     100 |   62.32 | 26-29 ",
    "  schema.ts   |   66.19 |   47.87 |     100 | 91-103",
    " src/lib      |   93.88 |   78.25 |   89.45 |       ",
  ];
  const run = new ShapeRun();
  assert.deepEqual(rows.map((r) => run.next(r)), [1, 2, 3]);
  const primed = new ShapeRun();
  primed.prime("  cache.ts    |   86.08 |   95.75 |   94.81 | 146  ", 2);
  assert.deepEqual(rows.map((r) => primed.next(r)), [3, 4, 5]);
  // Primed with another shape, the rows start their own run.
  primed.prime("Ran all test suites.", 2);
  assert.deepEqual(rows.map((r) => primed.next(r)), [1, 2, 3]);
});

test("final window: a coverage table it starts inside shows none of its middle rows", async () => {
  const table = Array.from(
    { length: 200 },
    (_, i) => `  file${i}.ts | ${50 + (i % 40)}.12 | 100 | 62.32 | ${i}-${i + 3}`,
  );
  const input = ["ERROR build failed in step compile", ...table, "Ran all test suites."];
  const { output } = await trimTextInline(input.join("\n") + "\n");
  assert.ok(!/file1\d\d\.ts/.test(output), output);
});

test("fillers: a rule or an ellipsis inside a shown block is shown, one on its own is not", async () => {
  const filler = Array.from({ length: 150 }, (_, i) => `step ${i} done`);
  const block = [
    " ------------------------------------------------",
    "  Error",
    " ------------------------------------------------",
    "  Ignored error pattern ~^foo$~ was not matched in reported errors.",
    " ------------------------------------------------",
    "",
    " [ERROR] Found 1 error",
  ];
  const input = [
    ...filler.slice(0, 50),
    "=================",
    ...filler.slice(50, 100),
    ...block,
    ...filler.slice(100),
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  const out = output.split("\n");
  const at = out.indexOf("  Error");
  assert.ok(at > 0, output);
  assert.deepEqual(out.slice(at - 1, at + 5), block.filter((l) => l !== ""));
  // A rule among dropped lines stays dropped.
  assert.ok(!out.includes("================="), output);
});

test("context: a located error ending in `:` waits for its indented message", async () => {
  const progress = (k: number) =>
    `[ ${k} of 19] Compiling Mod${k} ( src/Mod${k}.hs, dist/Mod${k}.o )`;
  const before = Array.from({ length: 40 }, (_, i) => `preparing unit ${i}`);
  const after = Array.from({ length: 200 }, (_, i) => `linking part ${i}`);
  const input = [
    ...before,
    "src/ShellCheck/Fixer.hs:38:10: error:",
    progress(6),
    progress(7),
    progress(8),
    progress(9),
    progress(10),
    "    Not in scope: type constructor or class `Semigroup'",
    ...after,
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(output.includes("    Not in scope: type constructor or class `Semigroup'"), output);
});

test("context: a located error's indented message is shown whole, up to a cap", async () => {
  const before = Array.from({ length: 40 }, (_, i) => `preparing unit ${i}`);
  const after = Array.from({ length: 200 }, (_, i) => `linking part ${i}`);
  const searched = ["", "src/", "dist/build/autogen/"].flatMap((d) =>
    ["hs", "lhs", "hsig", "lhsig"].map((e) => `      ${d}ShellCheck/Formatter/JSON1.${e}`)
  );
  const body = [
    "    Failed to load interface for ‘ShellCheck.Formatter.JSON1’",
    "    Locations searched:",
    ...searched,
  ];
  const input = [...before, "shellcheck.hs:31:1: error:", ...body, ...after];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  const out = output.split("\n");
  const at = out.indexOf("shellcheck.hs:31:1: error:");
  assert.ok(at >= 0, output);
  assert.deepEqual(out.slice(at + 1, at + 1 + body.length), body);
  // The window after the message is the usual one, not the whole tail.
  assert.ok(!output.includes("linking part 20"), output);

  // A longer message: at most 24 lines come whole; the window follows as usual.
  const name = (i: number) => "abcdefgh"[i % 8] + "ijklmnop"[i >> 3];
  const long = Array.from({ length: 60 }, (_, i) => `      Data/${name(i)}.hs`);
  const r = await trimTextInline(
    [...before, "Main.hs:3:1: error:", ...long, ...after].join("\n") + "\n",
  );
  assertAccounting(r.output, r.result);
  const shown = long.filter((l) => r.output.split("\n").includes(l)).length;
  assert.ok(shown >= 24 && shown < 32, `${shown} of 60 shown:\n${r.output}`);
});

const ERRORS = ["KeyError", "ValueError", "TypeError", "OSError", "NameError", "IndexError"];
const WORDS = ["parsing", "loading", "saving", "sending", "reading", "writing"];

test("context: a context line shown three times already is not shown again", async () => {
  const failure = (k: number) => [
    `        if isinstance(e.reason, _ProxyError):`,
    `E       ${ERRORS[k]}: ${WORDS[k]} went wrong`,
    ...Array.from({ length: 12 }, (_, i) => `running case ${k * 100 + i}`),
  ];
  const input = [...Array.from({ length: 6 }, (_, k) => failure(k)).flat()];
  const tail = Array.from({ length: 200 }, (_, i) => `collecting item ${i}`);
  const { output, result } = await trimTextInline([...input, ...tail].join("\n") + "\n");
  assertAccounting(output, result);
  const out = output.split("\n");
  assert.equal(out.filter((l) => l.includes("_ProxyError")).length, 3, output);
  // Every error line stays.
  for (const e of ERRORS) assert.ok(out.some((l) => l.includes(e)), e);
});

test("final window: known noise between two lines of one shape ends their run", async () => {
  const tasks = ["Install bundle", "Precompile assets", "Check migrations", "Run migrations"];
  const input = [
    ...Array.from({ length: 300 }, (_, i) => `compiling unit ${i}`),
    ...tasks.flatMap((
      t,
    ) => [`TASK [app : ${t}] ${"*".repeat(30)}`, "ok: [web1]", "ok: [web3]", ""]),
    'fatal: [web2]: FAILED! => {"msg": "non-zero return code", "rc": 1}',
    "",
    "PLAY RECAP *********************************************************************",
    "web2                       : ok=3    changed=1    unreachable=0    failed=1",
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  // The failing task's header is shown: `ok: [web1]` between the headers is no row of theirs.
  assert.ok(output.includes("TASK [app : Run migrations]"), output);
  assert.ok(output.includes("fatal: [web2]: FAILED!"), output);
  const run = new ShapeRun();
  assert.deepEqual(["TASK [a]", "TASK [b]", "TASK [c]"].map((l) => run.next(l)), [1, 2, 3]);
  run.reset();
  assert.equal(run.next("TASK [d]"), 1);
});

test("context after an error ends with the next CI step's title", async () => {
  const input = [
    ...Array.from({ length: 200 }, (_, i) => `compiling unit ${i}`),
    "##[error]Process completed with exit code 1.",
    "Post job cleanup.",
    "[command]/usr/bin/git version",
    "git version 2.45.0",
    "Temporarily overriding HOME='/home/runner/work/_temp/x' before making global git config changes",
    ...Array.from({ length: 200 }, (_, i) => `cleaning unit ${i}`),
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(output.includes("##[error]Process completed with exit code 1."), output);
  assert.ok(output.includes("Post job cleanup."), output);
  assert.ok(!output.includes("git version 2.45.0"), output);
  assert.ok(!output.includes("Temporarily overriding HOME"), output);
});

test("auto: the steps after the failure are read at high, not at the failure's medium", async () => {
  const input = [
    ...Array.from({ length: 200 }, (_, i) => `compiling unit ${i}`),
    ...Array.from({ length: 6 }, (_, i) => `src/m${i}.ts(${i + 1},3): error TS2345: bad argument`),
    "Found 6 errors in 6 files.",
    "##[error]Process completed with exit code 2.",
    "##[group]Run actions/upload-artifact@v4",
    "with:",
    "  name: coverage-20.x",
    "  path: coverage/",
    "  if-no-files-found: warn",
    "  compression-level: 6",
    "##[endgroup]",
    "Artifact coverage-20.x has been successfully uploaded!",
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(output.includes("##[error]Process completed with exit code 2."), output);
  assert.ok(output.includes("src/m5.ts(6,3): error TS2345"), output);
  assert.ok(!output.includes("name: coverage-20.x"), output);
  assert.ok(!output.includes("if-no-files-found"), output);
  // At a level the user fixed, the ordinary rules apply.
  const low = await trimTextInline(input.join("\n") + "\n", { aggressiveness: "low" });
  assert.ok(low.output.includes("name: coverage-20.x"), low.output);
});

test("ShapeRun: paths alone on their lines are one shape (find, tar -t); a located path is not", () => {
  const run = new ShapeRun();
  const got = [
    "/home/travis/.ivy2/cache/org.yaml/snakeyaml/ivydata-1.18.properties",
    "/home/travis/.ivy2/cache/org.ow2.asm/asm/ivydata-6.0.properties",
    "./dist/app.js",
    "~/.cache/pip/wheels/a.whl",
    "/src/a.ts:12:3 error x",
    "/usr/bin/ld: cannot find -lfoo",
  ].map((l) => run.next(l));
  assert.deepEqual(got, [1, 2, 3, 4, 1, 1]);
});

test("final window: a file list is cut after two rows; a path shown between findings is not", async () => {
  const build = Array.from({ length: 300 }, (_, i) => `compiling unit ${i}`);
  const deleted = Array.from(
    { length: 40 },
    (_, i) => `/home/ci/.cache/pkg${i}/ivydata.properties`,
  );
  const listed = await trimTextInline(
    [
      ...build,
      "make: *** [all] Error 2",
      "$ find ~/.cache -name ivydata.properties -delete",
      ...deleted,
      "Done. Your build exited with 1.",
    ].join("\n") + "\n",
  );
  assertAccounting(listed.output, listed.result);
  assert.ok(listed.output.includes("/pkg0/") && listed.output.includes("/pkg1/"), listed.output);
  assert.ok(!listed.output.includes("/pkg5/"), listed.output);
  assert.ok(listed.output.includes("Done. Your build exited with 1."));
  // ESLint: each file's path, then its findings. Every path stays with its findings.
  const files = ["a", "b", "c", "d", "e"];
  const eslint = files.flatMap((f) => [
    `/home/runner/work/app/src/${f}.js`,
    `  12:3  error  'x${f}' is not defined  no-undef`,
    "  14:1  warning  Unexpected console statement  no-console",
    "",
  ]);
  const linted = await trimTextInline(
    [...build, "$ npx eslint .", "", ...eslint, "✖ 10 problems (5 errors, 5 warnings)"].join("\n") +
      "\n",
  );
  assertAccounting(linted.output, linted.result);
  for (const f of files) {
    assert.ok(linted.output.includes(`/src/${f}.js\n  12:3`), `${f}.js\n${linted.output}`);
  }
});
