// `trimlog run -- CMD`: the reduced log streams, the raw log is kept and pointed to,
// the exit status is CMD's, signals and Ctrl-C, binary output, a missing command.
import { test } from "node:test";
import { catchesSignal } from "../_helpers/signals.ts";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { mergeLines } from "../../cli/run_command.ts";
import { nodeCliRuntime } from "../../adapters/node/cli.ts";

const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));
const ENV = { ...process.env, TRIM_TELEMETRY: "0", NO_COLOR: "1" };

function run(args: string[]) {
  const r = spawnSync(process.execPath, ["run", "-A", "--quiet", CLI, "run", ...args], {
    encoding: "utf8",
    env: ENV,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

async function withDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-run-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}

const POINTER = /^\[trimlog\] full log: (.+) \(([\d,]+) lines?, ([\d,]+) tokens\)$/;

test("run: exit status is CMD's; the error is kept; the raw file holds every line", async () => {
  await withDir(async (dir) => {
    const raw = join(dir, "raw.log");
    const script = 'echo start; for i in 1 2 3 4 5; do echo "retry id=$i"; done; ' +
      'echo "ERROR: db timeout after 30s" >&2; echo done; exit 3';
    const r = run(["--raw", raw, "--", "sh", "-c", script]);
    assert.equal(r.code, 3, r.stderr);
    const lines = r.stdout.trimEnd().split("\n");
    assert.ok(lines.includes("ERROR: db timeout after 30s"), r.stdout);
    const m = POINTER.exec(lines.at(-1)!);
    assert.ok(m !== null, lines.at(-1));
    assert.equal(m[1], raw);
    assert.equal(m[2], "8");
    const text = await readFile(raw, "utf8");
    assert.equal(text.split("\n").length - 1, 8);
    for (const l of ["start", "retry id=1", "retry id=5", "ERROR: db timeout after 30s", "done"]) {
      assert.ok(text.includes(`${l}\n`), l);
    }
  });
});

test("run: without --raw the raw log goes to a new file in the temp folder", async () => {
  const r = run(["--", "sh", "-c", "echo one; echo two"]);
  assert.equal(r.code, 0, r.stderr);
  const m = POINTER.exec(r.stdout.trimEnd().split("\n").at(-1)!);
  assert.ok(m !== null, r.stdout);
  assert.ok(m[1].startsWith(tmpdir()), m[1]);
  assert.equal(await readFile(m[1], "utf8"), "one\ntwo\n");
  await rm(m[1]);
});

test("run: a signal ends CMD: 128 + N; a missing command: 127; bad usage: 2", () => {
  assert.equal(run(["--", "sh", "-c", "kill -TERM $$"]).code, 128 + 15);
  const missing = run(["--", "no-such-command-for-trimlog"]);
  assert.equal(missing.code, 127);
  assert.match(missing.stderr, /cannot run no-such-command-for-trimlog: command not found/);
  const usage = run(["make"]);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /put the command after --/);
  assert.equal(run(["--bogus", "--", "true"]).code, 2);
});

test("run: binary output and a 10 MB line do not stop it", () => {
  const script = "head -c 200000 /dev/urandom; echo; head -c 10000000 /dev/zero | tr '\\0' x; " +
    "echo; echo 'ERROR: upload failed'; exit 5";
  const r = run(["--", "sh", "-c", script]);
  assert.equal(r.code, 5, r.stderr);
  assert.ok(r.stdout.includes("ERROR: upload failed"));
  assert.match(r.stdout.trimEnd().split("\n").at(-1)!, POINTER);
});

test("run: Ctrl-C goes to CMD, which decides how to end; the pointer line still comes", async () => {
  const script = "trap 'echo got INT; exit 42' INT; echo ready; while :; do sleep 0.05; done";
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", CLI, "run", "--", "sh", "-c", script],
    env: { TRIM_TELEMETRY: "0", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Once trimlog listens for SIGINT and CMD has started, press Ctrl-C (to trimlog only).
  await catchesSignal(child.pid, 2);
  await new Promise((r) => setTimeout(r, 1000));
  child.kill("SIGINT");
  const { code, stdout } = await child.output();
  const out = new TextDecoder().decode(stdout);
  assert.equal(code, 42, out);
  assert.ok(out.includes("got INT"), out);
  assert.match(out.trimEnd().split("\n").at(-1)!, POINTER);
});

test("mergeLines: lines of the two streams never mix; a last partial line gets a newline", async () => {
  const enc = new TextEncoder();
  const slow = (parts: string[]) =>
    new ReadableStream<Uint8Array>({
      async start(c) {
        for (const p of parts) {
          c.enqueue(enc.encode(p));
          await new Promise((r) => setTimeout(r, 1));
        }
        c.close();
      },
    });
  const text = await new Response(
    mergeLines(slow(["out a", "bc\nout d", "ef\n", "tail"]), slow(["err 1\n", "err", " 2\n"])),
  ).text();
  assert.deepEqual(text.split("\n").sort(), ["", "err 1", "err 2", "out abc", "out def", "tail"]);
});

test("the Node runtime: a missing command is reported as not found", async () => {
  const rt = nodeCliRuntime();
  const child = rt.spawn("no-such-command-for-trimlog", []);
  await assert.rejects(child.status, (e) => rt.spawnFailure(e) === "not-found");
  const ok = rt.spawn("sh", ["-c", "echo out; echo err >&2; exit 2"]);
  const text = await new Response(mergeLines(ok.stdout, ok.stderr)).text();
  assert.deepEqual(text.split("\n").sort(), ["", "err", "out"]);
  assert.deepEqual(await ok.status, { code: 2, signal: undefined });
});
