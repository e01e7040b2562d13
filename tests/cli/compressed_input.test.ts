import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { deflateSync, gzipSync } from "node:zlib";

const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));
const DEMO = fileURLToPath(new URL("../../examples/ci-failure.log", import.meta.url));

function trimlog(args: string[], input?: Uint8Array) {
  const r = spawnSync(process.execPath, ["run", "-A", "--quiet", CLI, ...args], {
    input,
    env: { ...process.env, TRIM_TELEMETRY: "0", NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

async function withDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-gz-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}

test("cli: x.log.gz, a zlib file and gzip on stdin print exactly what x.log prints", async () => {
  await withDir(async (dir) => {
    const raw = await readFile(DEMO);
    const gz = join(dir, "ci-failure.log.gz");
    const zz = join(dir, "renamed.txt"); // found by its bytes, not its name
    await writeFile(gz, gzipSync(raw));
    await writeFile(zz, deflateSync(raw));
    const plain = trimlog(["--stats", DEMO]);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /##\[error\]/);
    for (
      const r of [
        trimlog(["--stats", gz]),
        trimlog(["--stats", zz]),
        trimlog(["--stats"], gzipSync(raw)),
      ]
    ) {
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, plain.stdout);
      assert.equal(r.stderr, plain.stderr); // same counts: the decompressed bytes are the input
    }
  });
});

test("cli: a truncated or corrupt gzip writes the output so far, one line naming the file, exit 1", async () => {
  await withDir(async (dir) => {
    const lines = Array.from({ length: 30000 }, (_, i) => `step ${i * 7919} state ${i % 13}`);
    const packed = gzipSync(
      new TextEncoder().encode(["ERROR first failure", ...lines, ""].join("\n")),
    );
    const truncated = join(dir, "cut.log.gz");
    await writeFile(truncated, packed.subarray(0, packed.length >> 1));
    const t = trimlog([truncated]);
    assert.equal(t.code, 1);
    assert.match(t.stdout, /^ERROR first failure\n/);
    assert.equal(t.stderr.trimEnd().split("\n").length, 1, t.stderr);
    assert.match(t.stderr, /^trimlog: .*cut\.log\.gz: gzip data is truncated or corrupt \(/);
    assert.ok(!/\bat \S+:\d+/.test(t.stderr), "no stack trace");

    const bad = new Uint8Array(packed);
    bad.fill(0xff, 20, 60);
    const s = trimlog([], bad);
    assert.equal(s.code, 1);
    assert.match(s.stderr, /^trimlog: standard input: gzip data is (truncated or )?corrupt \(.+\)/);
    assert.equal(s.stderr.trimEnd().split("\n").length, 1, s.stderr);
    assert.deepEqual((await readdir(dir)).sort(), ["cut.log.gz"]); // nothing else written
  });
});
