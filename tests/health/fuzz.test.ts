// Config fuzz: thousands of seeded random mutations of valid porthealth configs. Every one
// must either parse into a config that satisfies the documented ranges, or be rejected with a
// ConfigError: one line per problem, each `file:line: key.path: message`, no stack trace, no
// secret. A sample also goes through main() (exit 0 or 2) and the real serve.ts binary.
//
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> FUZZ_N=<n> deno test -A
// tests/health/fuzz.test.ts (FUZZ_N scales the number of mutations; default 2500).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { type ConfigError, parseConfig } from "../../health/config.ts";
import { main, type Runtime } from "../../health/main.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 0x5eed);
const N = Number(Deno.env.get("FUZZ_N") ?? 2500);
import {
  billionLaughs,
  ENV,
  ENV_SECRET,
  judge,
  mulberry32,
  mutate,
  STACK,
} from "../_helpers/health_fuzz.ts";

test(`config fuzz: ${N} random mutations parse or give clean per-key errors (seed ${SEED})`, () => {
  const rng = mulberry32(SEED);
  let accepted = 0;
  const failures: string[] = [];
  for (let i = 0; i < N && failures.length < 5; i++) {
    const { text, ops } = mutate(rng);
    let problem: string | boolean;
    try {
      problem = judge(text);
    } catch (err) {
      problem = `judge threw ${err}`;
    }
    if (problem === true) accepted++;
    if (typeof problem === "boolean") continue;
    failures.push(
      `#${i} ops=${ops.join(",")}: ${problem}\n--- input (first 600 chars):\n${
        text.slice(0, 600)
      }\n---`,
    );
  }
  assert.deepEqual(failures, [], `seed ${SEED}:\n${failures.join("\n")}`);
  // the mutations must not all be rejected: some stay valid, most do not
  assert.ok(accepted > N * 0.02 && accepted < N * 0.9, `accepted ${accepted} of ${N}`);
});

test("config fuzz: alias bombs, deep nesting and huge documents are bounded and reported", () => {
  const cases: [string, string, RegExp | null][] = [
    // billion laughs: 10^12 nodes if expanded; aliases are followed one step, never expanded
    [
      "alias bomb as checks",
      billionLaughs(12, 10) + "checks: *l12\n",
      /checks\[0\]: must be a map with host and port, got a list/,
    ],
    [
      "alias bomb as host",
      billionLaughs(12, 10) + "checks: [{ host: *l12, port: 1 }]\n",
      /checks\[0\]\.host: must be a string, got a list/,
    ],
    ["undefined alias", "checks: [{ host: *nope, port: 1 }]\n", /alias \*nope/],
    ["self-referencing alias", "checks: &c [*c]\n", /checks\[0\]: must be a map/],
    ["deep flow", "checks: " + "[".repeat(100_000) + "]".repeat(100_000) + "\n", /nested/],
    ["deep map", "checks: " + "{a: ".repeat(20_000) + "1" + "}".repeat(20_000), /nested/],
    ["deep key", "? " + "[".repeat(1500) + "]".repeat(1500) + "\n: 1\n", null],
    ["multiple documents", "checks: []\n---\nchecks: []\n", /more than one YAML document/],
    [
      "a 1 MB scalar",
      `checks: [{ host: ${"h".repeat(1 << 20)}, port: 1, name: [] }]\n`,
      /checks\[0\]\.name: must be a string, got a list/,
    ],
  ];
  for (const [name, text, want] of cases) {
    const problem = judge(text);
    assert.equal(typeof problem, "boolean", `${name}: ${problem}`);
    let lines: string[] = [];
    try {
      parseConfig(text, { file: "fuzz.yaml" });
    } catch (err) {
      lines = (err as ConfigError).lines();
    }
    if (want) assert.ok(lines.some((l) => want.test(l)), `${name}:\n${lines.join("\n")}`);
    assert.ok(lines.length > 0 && lines.length < 50, `${name}: ${lines.length} lines`);
  }
  // brackets inside quotes and comments are not nesting
  const quoted = parseConfig(
    `checks: [{ host: a, port: 1, description: "${"[".repeat(500)}" }] # ${"{".repeat(500)}\n`,
  );
  assert.equal(quoted.checks[0].description, "[".repeat(500));
  // aliases are ordinary YAML and work where a value is expected
  const c = parseConfig(
    "checks:\n  - { host: &h 127.0.0.1, port: 1, name: a }\n  - { host: *h, port: 2 }\n",
    { file: "fuzz.yaml" },
  );
  assert.deepEqual(c.checks.map((k) => k.host), ["127.0.0.1", "127.0.0.1"]);
});

function fakeRuntime(text: string, out: string[], err: string[]): Runtime {
  return {
    args: ["--check-config", "--config", "fuzz.yaml"],
    readTextFile: () => Promise.resolve(text),
    env: ENV,
    dial: () => Promise.resolve(),
    listen: () => Promise.reject(new Error("listen must not be called")),
    onSignal: () => {},
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
  };
}

test("config fuzz: main() exits 0 or 2 with clean stderr on 400 mutations", async () => {
  const rng = mulberry32(SEED ^ 0xabcdef);
  const codes = new Map<number, number>();
  for (let i = 0; i < 400; i++) {
    const { text, ops } = mutate(rng);
    const out: string[] = [], err: string[] = [];
    const code = await main(fakeRuntime(text, out, err));
    codes.set(code, (codes.get(code) ?? 0) + 1);
    const where = `#${i} ops=${ops.join(",")}`;
    if (code === 0) {
      assert.deepEqual(err, [], where);
      assert.equal(out[0], "porthealth: fuzz.yaml is valid", where);
    } else {
      assert.equal(code, 2, `${where}: exit ${code}\n${err.join("\n")}`);
      assert.ok(err.length > 0, where);
      for (const l of err) {
        assert.match(l, /^porthealth: fuzz\.yaml(:\d+)?: /, where);
        assert.doesNotMatch(l, STACK, where);
      }
    }
  }
  assert.ok((codes.get(0) ?? 0) > 0 && (codes.get(2) ?? 0) > 0, JSON.stringify([...codes]));
});

const SERVE = fileURLToPath(new URL("../../serve.ts", import.meta.url));

test("config fuzz: serve.ts --check-config exits 0 or 2, never a stack trace (24 files)", async () => {
  const rng = mulberry32(SEED ^ 0x1234);
  const dir = Deno.makeTempDirSync({ prefix: "porthealth-fuzz-" });
  const files: [string, string][] = [];
  try {
    for (let i = 0; i < 18; i++) files.push([`m${i}`, mutate(rng).text]);
    files.push(["deep", "checks: " + "[".repeat(200_000) + "]".repeat(200_000) + "\n"]);
    files.push(["bomb", billionLaughs(12, 10) + "checks: *l12\n"]);
    files.push(["garbage", "\u0000\u0001\u00ff\ufffe{[&*!|>'\"%@`"]);
    files.push(["manyChecks", mutate(mulberry32(7)).text + "\n" + "#".repeat(1 << 16)]);
    files.push(["empty", ""]);
    const paths = files.map(([name, text]) => {
      const p = `${dir}/${name}.yaml`;
      Deno.writeTextFileSync(p, text);
      return p;
    });
    const bad = `${dir}/latin1.yaml`;
    Deno.writeFileSync(bad, new Uint8Array([0x63, 0x68, 0x65, 0x63, 0x6b, 0x73, 0x3a, 0xff, 0xfe]));
    paths.push(bad);
    const run = async (path: string) => {
      const o = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "--no-check", SERVE, "--check-config", "--config", path],
        env: { NO_COLOR: "1", PH_PW: ENV_SECRET },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { path, code: o.code, err: new TextDecoder().decode(o.stderr) };
    };
    const results = [];
    for (let i = 0; i < paths.length; i += 6) {
      results.push(...await Promise.all(paths.slice(i, i + 6).map(run)));
    }
    for (const r of results) {
      assert.ok(r.code === 0 || r.code === 2, `${r.path}: exit ${r.code}\n${r.err}`);
      assert.doesNotMatch(r.err, STACK, r.path);
      assert.doesNotMatch(r.err, /internal error|panicked|Uncaught/, r.path);
      if (r.code === 2) {
        for (const l of r.err.trimEnd().split("\n")) assert.match(l, /^porthealth: /, r.path);
      }
    }
    const byName = new Map(results.map((r) => [r.path.replace(/^.*\//, ""), r]));
    assert.match(byName.get("deep.yaml")!.err, /nested/);
    // Deno.readTextFile decodes invalid UTF-8 as U+FFFD rather than failing
    assert.match(byName.get("latin1.yaml")!.err, /not valid UTF-8|YAML syntax|expected a map/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
