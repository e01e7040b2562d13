// trimlog as a single executable (see binary.test.ts): the bundled demo log, stdin, -o,
// errors and SIGINT, against the Deno CLI (cli.ts) byte for byte.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sleep } from "../_helpers/health.ts";
import { catchesSignal } from "../_helpers/signals.ts";
import { built, deno, exec, Proc, ROOT, SKIP, TMP, withCwd } from "./_binary.ts";

const DEMO = "examples/ci-failure.log";

/** trimlog command lines: the binary's output must equal cli.ts's, byte for byte. */
const TRIM_CASES: Array<{ args: string[]; stdin?: "demo" | "none"; files?: string[] }> = [
  { args: ["--no-telemetry", "ci-failure.log"] },
  { args: ["--stats", "--no-telemetry", "ci-failure.log"] },
  { args: ["--stats", "--no-telemetry", "-"], stdin: "demo" },
  { args: ["--no-telemetry"], stdin: "demo" },
  { args: ["--no-telemetry", "ci-failure.log", "-o", "out.log", "--json"], files: ["out.log"] },
  { args: ["--no-telemetry", "--severity", "error", "-a", "high", "ci-failure.log"] },
  { args: ["--help"] },
  { args: ["--bogus"] },
  { args: ["-a", "wild", "ci-failure.log"] },
  { args: ["--config", "bad.yml", "ci-failure.log"] },
  { args: ["missing.log"] },
  { args: ["."] },
  { args: ["--json", "ci-failure.log"] },
];

/** Registers the trimlog tests. */
export function trimTests(): void {
  test("trimlog: the demo log, stdin, -o, errors: output and exit codes equal the Deno CLI's", {
    skip: SKIP,
  }, async () => {
    const b = await built();
    const demo = await Deno.readFile(`${ROOT}/${DEMO}`);
    const results = await withCwd(TMP, "trim", async (cwd) => {
      await Deno.writeFile(`${cwd}/ci-failure.log`, demo);
      await Deno.writeTextFile(`${cwd}/bad.yml`, "ignore:\n  - ok\nkep:\n  - x\n");
      const out = [];
      for (const c of TRIM_CASES) {
        const pair = [];
        for (const cmd of [[b.trimlog], deno("cli.ts")]) {
          const r = await exec(cmd[0], [...cmd.slice(1), ...c.args], {
            cwd,
            stdin: c.stdin === "demo" ? demo : undefined,
          });
          const files: Record<string, string> = {};
          for (const f of c.files ?? []) files[f] = await Deno.readTextFile(`${cwd}/${f}`);
          pair.push({ code: r.code, stdout: r.bytes, stderr: r.stderr, files });
        }
        out.push({ args: c.args.join(" "), binary: pair[0], deno: pair[1] });
      }
      return out;
    });
    for (const r of results) {
      assert.equal(r.binary.code, r.deno.code, `exit code of trimlog ${r.args}`);
      assert.ok(
        r.binary.stdout.length === r.deno.stdout.length &&
          r.binary.stdout.every((x, i) => x === r.deno.stdout[i]),
        `stdout of trimlog ${r.args} differs from the Deno CLI's (${r.binary.stdout.length} vs ${r.deno.stdout.length} bytes)`,
      );
      assert.equal(r.binary.stderr, r.deno.stderr, `stderr of trimlog ${r.args}`);
      assert.deepEqual(r.binary.files, r.deno.files, `files written by trimlog ${r.args}`);
    }
    // The cases mean what they say: the demo is reduced, and every exit code shows up.
    assert.deepEqual(results.map((r) => r.binary.code), [0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 1, 1, 2]);
    const reduced = new TextDecoder().decode(results[0].binary.stdout);
    assert.ok(reduced.length > 0 && reduced.length < demo.length / 5, "the demo log is reduced");
    assert.match(reduced, /error TS2345/);
    assert.match(results[1].binary.stderr, /^trimlog: 2,777 → \d+ lines/);
    assert.deepEqual(results[2].binary.stdout, results[1].binary.stdout, "stdin = file");
  });

  test("trimlog: SIGINT while reading stdin flushes what was read and exits 130", {
    skip: SKIP,
  }, async () => {
    const b = await built();
    const p = new Proc(b.trimlog, ["--no-telemetry", "-"], { stdin: true });
    try {
      await p.write("ERROR first failure\nERROR second failure\n");
      await catchesSignal(p.child.pid, 2); // SIGINT's handler is installed
      await sleep(300);
      p.kill("SIGINT");
      const r = await p.finish(10_000);
      assert.equal(r.code, 130, r.err);
      assert.match(r.out, /ERROR first failure\nERROR second failure\n/);
    } finally {
      p.stop();
    }
  });
}
