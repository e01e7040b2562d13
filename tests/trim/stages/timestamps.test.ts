import { test } from "node:test";
import assert from "node:assert/strict";
import {
  createTimestampStage,
  leadingTimestampForm,
  leadingTimestampLength,
  linesWithoutTimestamps,
  stripLeadingTimestamps,
  TIMESTAMP_FORMS,
  TimestampVote,
} from "../../../trim/stages/timestamps.ts";
import { trimTextInline } from "../../../trim/process.ts";
import type { Batch } from "../../../trim/batch.ts";

const form = (name: string) => TIMESTAMP_FORMS.indexOf(name as never);

test("timestamps: each form is recognized at the start of a line, with its separator", () => {
  const cases: [string, string, string][] = [
    ["iso", "2024-05-14T09:12:03.1234567Z ##[group]Run npm ci", "##[group]Run npm ci"],
    ["iso", "2024-05-14 09:12:03,123 ERROR root: boom", "ERROR root: boom"],
    ["iso", "2024-05-14T09:12:03+02:00\tstarted", "started"],
    ["iso", "2024-05-14 09:12:03 UTC worker up", "worker up"],
    ["bracketed", "[09:12:03] Starting 'build'...", "Starting 'build'..."],
    ["bracketed", "[2024-05-14 09:12:03.123] INFO ready", "INFO ready"],
    ["syslog", "May 14 09:12:03 web01 sshd[812]: Accepted key", "web01 sshd[812]: Accepted key"],
    ["syslog", "Jun  4 19:02:11 host kernel: oom", "host kernel: oom"],
    ["clock", "09:12:03.456 INFO listening", "INFO listening"],
  ];
  for (const [name, line, rest] of cases) {
    const f = leadingTimestampForm(line);
    assert.equal(TIMESTAMP_FORMS[f], name, line);
    assert.equal(line.slice(leadingTimestampLength(line, f)), rest, line);
  }
});

test("timestamps: only the one separator goes; indentation stays", () => {
  const line = "2024-05-14T09:12:03.1234567Z       at f (src/a.ts:1:2)";
  assert.equal(line.slice(leadingTimestampLength(line, form("iso"))), "      at f (src/a.ts:1:2)");
  assert.equal(leadingTimestampLength("2024-05-14T09:12:03Z", form("iso")), 20); // the whole line
});

test("timestamps: not a leading timestamp", () => {
  for (
    const line of [
      "",
      "ERROR at 2024-05-14 09:12:03 boom",
      "2024-05-14 release notes", // a date alone
      "2024-05-14T09:12:03.123Zfoo", // glued to the text
      "[1/4] Resolving packages...",
      "[ERROR] Failed to execute goal",
      "May the build pass",
      "12:30 lunch",
      "src/a.ts:12:30: error",
      "10:20:30:40 not a time",
    ]
  ) assert.equal(leadingTimestampForm(line), -1, line);
  // Another form than the one voted for is left alone.
  assert.equal(leadingTimestampLength("[09:12:03] x", form("iso")), 0);
  assert.equal(leadingTimestampLength("09:12:03 x", form("syslog")), 0);
});

test("timestamps: the vote needs more than half of the sample", () => {
  const half = new TimestampVote(4);
  for (const l of ["[09:12:03] a", "[09:12:04] b", "plain", "plain"]) half.observe(l);
  assert.ok(half.decided);
  assert.equal(half.form, -1);
  const most = new TimestampVote(4);
  for (const l of ["[09:12:03] a", "plain", "", "   ", "[09:12:04] b", "[09:12:05] c"]) {
    most.observe(l);
  }
  assert.ok(most.decided);
  assert.equal(most.form, form("bracketed"));
});

test("timestamps: the vote decides early when no form can win, and at the end of input", () => {
  const none = new TimestampVote(50);
  for (let i = 0; i < 24; i++) none.observe("plain line");
  assert.ok(!none.decided);
  none.observe("plain line");
  assert.ok(none.decided && none.form === -1); // 25 of 50: no majority possible
  const short = new TimestampVote(50);
  for (const l of ["May 14 09:12:03 a", "May 14 09:12:04 b", "c"]) short.observe(l);
  assert.ok(!short.decided);
  short.finish();
  assert.equal(short.form, form("syslog"));
});

test("timestamps: mixed forms do not add up", () => {
  const vote = new TimestampVote(4);
  for (const l of ["[09:12:03] a", "09:12:03 b", "May 14 09:12:03 c", "2024-05-14 09:12:03 d"]) {
    vote.observe(l);
  }
  vote.finish();
  assert.equal(vote.form, -1);
});

test("timestamps: stripLeadingTimestamps changes only lines with the form", () => {
  const lines = ["2024-05-14T09:12:03Z a", "b", "2024-05-14T09:12:04Z  c", "[09:12:03] d"];
  assert.equal(stripLeadingTimestamps(lines, form("iso")), 2);
  assert.deepEqual(lines, ["a", "b", " c", "[09:12:03] d"]);
});

async function run(batches: Batch[], sample?: number): Promise<Batch[]> {
  const out: Batch[] = [];
  await ReadableStream.from(batches).pipeThrough(createTimestampStage(sample))
    .pipeTo(new WritableStream({ write: (b) => void out.push(b) }));
  return out;
}

test("timestamps stage: batches are held until the vote, then all cut; numbers travel", async () => {
  const ts = (s: string) => `2024-05-14T09:12:0${s}.1234567Z ${s}`;
  const out = await run([
    { lines: [ts("1")], numbers: [1] },
    { lines: [ts("2"), "plain"], numbers: [2, 3] },
    { lines: [ts("3")], numbers: [4] },
  ], 3);
  assert.deepEqual(out.map((b) => b.lines), [["1"], ["2", "plain"], ["3"]]);
  assert.deepEqual(out.map((b) => b.numbers), [[1], [2, 3], [4]]);
});

test("timestamps stage: no majority, lines pass as they are", async () => {
  const lines = ["[09:12:03] a", "b", "c"];
  const out = await run([{ lines }], 3);
  assert.deepEqual(out.map((b) => b.lines), [["[09:12:03] a", "b", "c"]]);
});

test("timestamps stage: a short input is decided at its end", async () => {
  const out = await run([{ lines: ["May 14 09:12:03 web a"] }, { lines: [] }]);
  assert.deepEqual(out.map((b) => b.lines), [["web a"]]);
  assert.deepEqual(await run([]), []);
});

test("pipeline: a GitHub Actions log loses its timestamps, anchored rules see the line", async () => {
  const gha = [
    "##[group]Run npm test",
    "npm test",
    "##[endgroup]",
    "  ✓ adds numbers (3 ms)",
    "  ✕ handles invalid payload (4 ms)",
    "TypeError: Cannot read properties of undefined (reading 'map')",
    "    at handle (src/a.ts:3:9)",
    "##[error]Process completed with exit code 1.",
  ].map((l, i) => `2024-05-14T09:12:0${i}.1234567Z ${l}`).join("\n") + "\n";
  const { output, result } = await trimTextInline(gha);
  assert.equal(result.detectedFormat, "github-actions");
  assert.ok(!output.includes("[TIME]"), output);
  assert.ok(!output.includes("✓"), output);
  for (
    const keep of [
      "  ✕ handles invalid payload (4 ms)",
      "TypeError: Cannot read properties of undefined (reading 'map')",
      "    at handle (src/a.ts:3:9)",
      "##[error]Process completed with exit code 1.",
    ]
  ) assert.ok(output.includes(`\n${keep}\n`) || output.startsWith(`${keep}\n`), keep);
});

test("pipeline: times inside a line stay masked", async () => {
  const log = Array.from(
    { length: 5 },
    (_, i) => `2024-05-14T09:12:0${i}Z ERROR job ${i} failed at 2024-05-14 09:12:0${i}`,
  ).join("\n");
  const { output } = await trimTextInline(log);
  assert.ok(output.startsWith("[x5] ERROR job "), output); // folded: no [TIME] to start with
  assert.ok(output.includes(" failed at [TIME]"), output);
});

async function text(chunks: string[], sample?: number): Promise<string> {
  let out = "";
  for await (const c of linesWithoutTimestamps(ReadableStream.from(chunks), sample)) out += c;
  return out;
}

test("linesWithoutTimestamps: its own vote, lines split across chunks, held until decided", async () => {
  const chunks = [
    "2024-05-14T09:12:03Z a\n2024-05-",
    "14T09:12:04Z b\nplain\n2024-05-14T09:12:05Z c",
  ];
  assert.equal(await text(chunks, 3), "a\nb\nplain\nc\n");
  assert.equal(await text(["[09:12:03] a\nb\nc\n"], 3), "[09:12:03] a\nb\nc\n"); // no majority
  assert.equal(await text([]), "");
});

test("baseline: a timestamped passing run still matches the failing run's cut lines", async () => {
  const ts = (l: string, i: number) =>
    `2024-05-14T09:12:${String(i).padStart(2, "0")}.1234567Z ${l}`;
  const common = [
    "npm ci",
    "added 812 packages in 9s",
    "npm run lint",
    "npm test",
    "> jest",
    "db up",
  ];
  const pass = common.map(ts).join("\n") + "\n";
  const fail = [...common, "Error: connect ECONNREFUSED [IP]:5432", "Tests: 1 failed, 11 passed"]
    .map(ts).join("\n") + "\n";
  const { output } = await trimTextInline(fail, { baseline: ReadableStream.from([pass]) });
  assert.ok(output.includes("Error: connect ECONNREFUSED"), output);
  assert.ok(!output.includes("[TIME]"), output);
  // The passing run printed them (beyond the error's context of three lines): dropped.
  assert.ok(!output.includes("npm ci") && !output.includes("added 812"), output);
  const without = await trimTextInline(fail, { aggressiveness: "low" });
  assert.ok(without.output.includes("npm ci"), without.output); // kept at low otherwise
});
