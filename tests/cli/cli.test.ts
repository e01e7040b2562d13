import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function trimlog(args: string[], input?: string, env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, ["run", "-A", "--quiet", CLI, ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, TRIM_TELEMETRY: "0", NO_COLOR: "1", ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

async function withDir<T>(fn: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-cli-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}

test("cli: stdin to stdout, exit 0", () => {
  const r = trimlog([], "retry id=1\nretry id=2\n");
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "[x2] retry id=[1 | 2]\n");
  assert.equal(r.stderr, "");
});

test("cli: FILE and - both work; --stats prints one summary line on stderr", async () => {
  await withDir(async (dir) => {
    const file = join(dir, "in.log");
    await writeFile(file, "a=1\na=2\nERROR boom\n");
    const r = trimlog(["--stats", file]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, "[x2] a=[1 | 2]\nERROR boom\n");
    assert.match(r.stderr, /^trimlog: 3 → 2 lines, \d+ → \d+ tokens \([\d.]+% saved\)/);
    assert.equal(r.stderr.trim().split("\n").length, 1);
    const dash = trimlog(["-"], "x\n");
    assert.equal(dash.stdout, "x\n");
  });
});

test("cli: -o writes the file; --json prints the TrimResult", async () => {
  await withDir(async (dir) => {
    const file = join(dir, "in.log");
    const out = join(dir, "out.log");
    await writeFile(file, "a\na\n");
    const r = trimlog([file, "-o", out, "--json"]);
    assert.equal(r.code, 0);
    assert.equal(await readFile(out, "utf8"), "[x2] a\n");
    const result = JSON.parse(r.stdout);
    assert.equal(result.stats.inputLines, 2);
    assert.equal(result.outputPath, out);
    assert.equal(typeof result.savingsPercent, "number");
  });
});

test("cli: usage errors exit 2 and name the flag and the valid values", () => {
  const cases: Array<[string[], RegExp]> = [
    [["--bogus"], /unknown flag --bogus/],
    [["-a", "wild"], /--aggressiveness: "wild" is not one of low, medium, high, aggressive, auto/],
    [["--max-line-length", "0"], /--max-line-length: "0" is not a whole number >= 1/],
    [["--max-line-length", "ten"], /--max-line-length: "ten"/],
    [
      ["--preserve-id-suffix", "17"],
      /--preserve-id-suffix: "17" is not a whole number from 0 to 16/,
    ],
    [["--json"], /--json .* needs -o FILE/],
    [["a.log", "-"], /standard input \(-\) cannot be one of several input FILEs/],
    [["--config", "x.yml", "--no-config"], /cannot be combined/],
    [["-o"], /-o, --output|--output needs a value|needs a value/],
    [
      ["--max-tokens", "-5"],
      /--max-tokens needs a value; one starting with "-" is written --max-tokens=-…/,
    ],
    [["--max-tokens=-5"], /--max-tokens: "-5" is not a whole number >= 1/],
  ];
  for (const [args, message] of cases) {
    const r = trimlog(args, "");
    assert.equal(r.code, 2, `${args.join(" ")}: exit ${r.code}, ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  }
});

test("cli: runtime failures exit 1 with one clear message", async () => {
  await withDir((dir) => {
    const r = trimlog([join(dir, "missing.log")]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^trimlog: cannot read .*missing\.log: no such file or directory\n$/);
    const d = trimlog([dir]);
    assert.equal(d.code, 1);
    assert.match(d.stderr, /^trimlog: cannot read .+: is a directory\n$/);
  });
});

test("cli: the input file as output is refused (exit 2) and left untouched", async () => {
  await withDir(async (dir) => {
    const file = join(dir, "in.log");
    await writeFile(file, "keep me\n");
    const r = trimlog([file, "-o", file]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is the input file/);
    assert.equal(await readFile(file, "utf8"), "keep me\n");
  });
});

test("cli: --config applies custom rules; a bad config names file, line and key (exit 2)", async () => {
  await withDir(async (dir) => {
    const good = join(dir, "good.yml");
    await writeFile(
      good,
      "ignore:\n  - heartbeat\nsanitize:\n  - pattern: 'cust-\\d+'\n    replacement: '[CUSTOMER]'\n",
    );
    const r = trimlog(["--config", good], "heartbeat ok\norder for cust-42 failed\n");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "order for [CUSTOMER] failed\n");

    const bad = join(dir, "bad.yml");
    await writeFile(bad, "ignore:\n  - ok\nkep:\n  - x\n");
    const b = trimlog(["--config", bad], "x\n");
    assert.equal(b.code, 2);
    assert.match(b.stderr, /bad\.yml:3: kep: unknown key; did you mean "keep"\?/);

    const missing = trimlog(["--config", join(dir, "nope.yml")], "x\n");
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.yml/);
  });
});

test("cli: telemetry is recorded locally unless disabled, and summarized", async () => {
  await withDir(async (dir) => {
    const env = { TRIM_TELEMETRY: "1", TRIM_TELEMETRY_DIR: dir };
    assert.equal(trimlog([], "a\na\na\n", env).code, 0);
    assert.equal(trimlog(["--no-telemetry"], "a\n", env).code, 0);
    const s = trimlog(["--telemetry-summary"], undefined, env);
    assert.equal(s.code, 0);
    assert.match(s.stdout, /Runs:\s+1\b/);
    const store = JSON.parse(await readFile(join(dir, "telemetry.json"), "utf8"));
    assert.equal(store.entries.length, 1);
  });
});

test("cli: --help lists every flag, --version prints the version", () => {
  const h = trimlog(["--help"]);
  assert.equal(h.code, 0);
  for (
    const flag of [
      "--output",
      "--stats",
      "--json",
      "--aggressiveness",
      "--max-line-length",
      "--preserve-id-suffix",
      "--no-dedupe",
      "--config",
      "--no-config",
      "--no-telemetry",
      "--telemetry-summary",
      "--help",
      "--version",
    ]
  ) assert.ok(h.stdout.includes(flag), `help mentions ${flag}`);
  const v = trimlog(["-V"]);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^trimlog \d+\.\d+\.\d+\n$/);
});

test("version constant matches deno.json", async () => {
  const { VERSION } = await import("../../common/version.ts");
  const deno = JSON.parse(await readFile(new URL("../../deno.json", import.meta.url), "utf8"));
  assert.equal(VERSION, deno.version);
  const health = await import("../../health/version.ts");
  assert.equal(health.VERSION, deno.version);
});

test("cli: --explain shows a line cut by --max-line-length as [TRUNCATED], never its text", () => {
  const secretish = "x" + "q7Zr".repeat(80);
  const r = trimlog(["--explain", "--max-line-length", "50"], `${secretish}\nERROR boom\n`);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^\s+1\s+keep\s+\S+\s+\d+\s+kept: [a-z ]+\s+\[TRUNCATED\]$/m);
  assert.ok(!r.stdout.includes("q7Zr"), r.stdout);
});

test("cli: --explain names the decision: the failure block, the end of the failing step", () => {
  const lines = Array.from({ length: 120 }, (_, i) => `${120 - i} shards left to copy`);
  lines.push("ERROR shard 119 checksum mismatch", "retrying shard 119 once", "exit status 4");
  const r = trimlog(["--explain"], lines.join("\n") + "\n");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /keep\s+error\s+\d+\s+kept: failure block\s+ERROR shard 119/);
  assert.match(r.stdout, /kept: end of failing step\s+4 shards left to copy$/m);
  assert.match(r.stdout, /dropped: noise\s+117 shards left to copy$/m);
});

test("cli: --explain shows a binary line as its size, never its bytes", () => {
  const bytes = "\u0000\u0001\ufffd\ufffdPK\u0003\u0004\ufffd\u0000\u0000";
  const r = trimlog(["--explain"], `ERROR boom\n${bytes}\n`);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 2, r.stdout);
  assert.match(lines[1], /drop\s+noise\s+0\s+dropped: noise\s+\[binary data, 11 characters\]$/);
  assert.ok(!r.stdout.includes("\u0000") && !r.stdout.includes("\ufffd"), r.stdout);
});

test("cli: --explain masks with the .trim.yml sanitize rules, as the reduced log does", async () => {
  await withDir(async (dir) => {
    const config = join(dir, ".trim.yml");
    await writeFile(
      config,
      'sanitize:\n  - pattern: "cust-\\\\d+"\n    replacement: "[CUSTOMER]"\n',
    );
    const log = "order for cust-4411 failed\nheartbeat\nERROR refund for cust-4411 rejected\n";
    const reduced = trimlog(["--config", config], log);
    assert.equal(reduced.code, 0);
    assert.ok(reduced.stdout.includes("[CUSTOMER]") && !reduced.stdout.includes("cust-4411"));
    const explained = trimlog(["--config", config, "--explain"], log);
    assert.equal(explained.code, 0);
    const lines = explained.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 3, explained.stdout);
    assert.match(
      lines[0],
      /^\s+1\s+\w+\s+[\w-]+\s+\d+\s+\w+: [a-z ]+\s+order for \[CUSTOMER\] failed$/,
    );
    assert.match(lines[2], /ERROR refund for \[CUSTOMER\] rejected$/);
    assert.ok(!explained.stdout.includes("cust-4411"), explained.stdout);
  });
});

test("cli: --explain masks a value named on the line before, as the reduced log does", () => {
  const log = [
    "ERROR: deploy failed",
    "        - name: DB_PASSWORD",
    "          value: Xq7vUka0z2Lm",
    '  ["password"]=>',
    '  string(12) "Xq7jQwwVz2Lm"',
    "<name>fs.s3a.secret.key</name>",
    "<value>Xq7abcd0z2Lm</value>",
    "",
  ].join("\n");
  for (const args of [[], ["--explain"]]) {
    const r = trimlog(args, log);
    assert.equal(r.code, 0, r.stderr);
    for (const secret of ["Xq7vUka0z2Lm", "Xq7jQwwVz2Lm", "Xq7abcd0z2Lm"]) {
      assert.ok(!r.stdout.includes(secret), `${args.join(" ")}: ${secret}\n${r.stdout}`);
    }
    assert.ok(r.stdout.includes("- name: DB_PASSWORD"), r.stdout);
  }
});

test("cli: a secret given as a bad flag value is not printed back", () => {
  const token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789";
  const r = trimlog(["--multiline", token], "x\n");
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--multiline: .* is not one of/);
  assert.ok(!r.stderr.includes(token), r.stderr);
});
