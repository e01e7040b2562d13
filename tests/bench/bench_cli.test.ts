// bench/bench.ts end to end on a tiny temporary corpus (no ../shared, no peer download) and
// its refusals: an absent corpus and bad flags give a message and a documented exit code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EXIT_NO_CORPUS } from "../../scripts/bench_input.ts";

const BENCH = new URL("../../bench/bench.ts", import.meta.url).pathname;
const BUILDER = new URL("../../scripts/bench_input.ts", import.meta.url).pathname;

async function run(script: string, args: string[]) {
  const o = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", script, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: o.code, stdout: dec.decode(o.stdout), stderr: dec.decode(o.stderr) };
}

function noStack(stderr: string) {
  assert.doesNotMatch(stderr, /Uncaught|^\s+at /m);
}

test("bench: --input loghub without the corpus exits 3 with a message", async () => {
  const dir = "/nonexistent/trimlog-bench-corpus";
  for (const [script, args] of [[BENCH, ["--input", "loghub"]], [BUILDER, ["loghub"]]] as const) {
    const r = await run(script, [...args, "--corpus", dir]);
    assert.equal(r.code, EXIT_NO_CORPUS);
    assert.equal(EXIT_NO_CORPUS, 3);
    assert.match(r.stderr, /the Loghub corpus is not here: \/nonexistent\/trimlog-bench-corpus/);
    assert.match(r.stderr, /\.\.\/shared\/corpora\/loghub/);
    assert.equal(r.stdout, "");
    noStack(r.stderr);
  }
});

test("bench: bad flags exit 2 naming the flag", async () => {
  for (
    const [args, re] of [
      [["--input", "nginx"], /--input must be generated or loghub, not "nginx"/],
      [["--input", "loghub", "--pairs", "1.5"], /--pairs must be a whole number > 0/],
      [["--peer-mb", "0"], /--peer-mb must be a number > 0/],
    ] as const
  ) {
    const r = await run(BENCH, [...args]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, re);
    noStack(r.stderr);
  }
  const b = await run(BUILDER, ["loghub", "--copies", "0"]);
  assert.equal(b.code, 2);
  assert.match(b.stderr, /--copies must be a whole number >= 1/);
});

test("bench: --input loghub end to end on a tiny corpus (pairs, CI log, RSS scaling)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "trimlog-bench-cli-" });
  try {
    const line = (i: number) => `081109 2035${i % 10} 148 INFO dfs.DataNode: block blk_${i}\r\n`;
    await Deno.writeTextFile(
      `${dir}/HDFS_2k.log`,
      Array.from({ length: 200 }, (_, i) => line(i)).join(""),
    );
    await Deno.writeTextFile(
      `${dir}/Apache_2k.log`,
      "[Sun Dec 04 04:47:44 2005] [error] mod_jk child\n",
    );
    const out = `${dir}/out`;
    const r = await run(BENCH, [
      "--input",
      "loghub",
      "--corpus",
      dir,
      "--copies",
      "5",
      "--pairs",
      "2",
      "--skip-peer",
      "--ci-mb",
      "0.3",
      "--rss-scaling",
      "--big-mb",
      "0.2",
      "--out-dir",
      out,
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const rep = JSON.parse(r.stdout);
    assert.deepEqual(rep, JSON.parse(await Deno.readTextFile(`${out}/last-run.json`)));
    assert.equal(rep.input.kind, "loghub");
    assert.equal(rep.input.describe, "2 files x 5");
    assert.equal(rep.input.path, `${out}/loghub-x5.log`);
    assert.equal(rep.input.lines, 201 * 5);
    assert.equal(rep.input.crlfLines, 200 * 5);
    assert.deepEqual(
      rep.runs.map((x: { name: string; pair?: number; status: string }) =>
        `${x.name}#${x.pair ?? "-"}:${x.status}`
      ),
      [
        "trimlog#1:ok",
        "passthrough#1:ok",
        "trimlog#2:ok",
        "passthrough#2:ok",
        "logstrip#-:skipped",
      ],
    );
    // The passthrough writes the input with CRLF turned into LF.
    const pt = rep.runs.find((x: { name: string }) => x.name === "passthrough");
    assert.equal(pt.outputBytes, rep.input.bytes - rep.input.crlfLines);
    assert.equal(rep.summaries.map((s: { name: string }) => s.name).join(), "trimlog,passthrough");
    assert.equal(typeof rep.ratios.trimlogVsPassthrough, "number");
    assert.equal(rep.ratios.trimlogVsLogstrip, null);
    // The CI section: the demo log repeated to ≥ 0.3 MB, both tools, pairs.
    assert.equal(rep.ci.input.describe, "ci-failure.log x 2");
    assert.equal(rep.ci.runs.filter((x: { status: string }) => x.status === "ok").length, 4);
    assert.equal(typeof rep.ci.ratios.trimlogVsPassthrough, "number");
    // RSS scaling: the same concatenation repeated to ≥ 0.2 MB.
    assert.ok(rep.rssScaling.input.bytes >= 200_000);
    assert.ok(rep.rssScaling.input.describe.startsWith("2 files x "));
    assert.equal(typeof rep.rssScaling.ratio, "number");
    assert.deepEqual(rep.targets.map((t: { target: string }) => t.target), [
      ">= 40",
      ">= 0.25",
      "<= 80",
      "<= 1.1",
    ]);
    assert.equal(rep.targets[0].pass, null); // no peer, no verdict
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
