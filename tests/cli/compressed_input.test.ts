import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runTrimlog, withTempDir } from "../_helpers/cli_run.ts";
import { fileURLToPath } from "node:url";
import { deflateSync, gzipSync } from "node:zlib";

const DEMO = fileURLToPath(new URL("../../examples/ci-failure.log", import.meta.url));

test("cli: x.log.gz, a zlib file and gzip on stdin print exactly what x.log prints", async () => {
  await withTempDir("trimlog-gz-", async (dir) => {
    const raw = await readFile(DEMO);
    const gz = join(dir, "ci-failure.log.gz");
    const zz = join(dir, "renamed.txt"); // found by its bytes, not its name
    await writeFile(gz, gzipSync(raw));
    await writeFile(zz, deflateSync(raw));
    const plain = runTrimlog(["--stats", DEMO]);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /##\[error\]/);
    for (
      const r of [
        runTrimlog(["--stats", gz]),
        runTrimlog(["--stats", zz]),
        runTrimlog(["--stats"], gzipSync(raw)),
      ]
    ) {
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, plain.stdout);
      assert.equal(r.stderr, plain.stderr); // same counts: the decompressed bytes are the input
    }
  });
});

test("cli: a truncated or corrupt gzip writes the output so far, one line naming the file, exit 1", async () => {
  await withTempDir("trimlog-gz-", async (dir) => {
    const lines = Array.from({ length: 30000 }, (_, i) => `step ${i * 7919} state ${i % 13}`);
    const packed = gzipSync(
      new TextEncoder().encode(["ERROR first failure", ...lines, ""].join("\n")),
    );
    const truncated = join(dir, "cut.log.gz");
    await writeFile(truncated, packed.subarray(0, packed.length >> 1));
    const t = runTrimlog([truncated]);
    assert.equal(t.code, 1);
    assert.match(t.stdout, /^ERROR first failure\n/);
    assert.equal(t.stderr.trimEnd().split("\n").length, 1, t.stderr);
    assert.match(t.stderr, /^trimlog: .*cut\.log\.gz: gzip data is truncated or corrupt \(/);
    assert.ok(!/\bat \S+:\d+/.test(t.stderr), "no stack trace");

    // Under a pipe buffer (64 KiB): the command stops reading at the corruption, and a larger
    // input would leave the writer with EPIPE.
    const bad = new Uint8Array(packed.subarray(0, 32 * 1024));
    bad.fill(0xff, 20, 60);
    const s = runTrimlog([], bad);
    assert.equal(s.code, 1);
    assert.match(s.stderr, /^trimlog: standard input: gzip data is (truncated or )?corrupt \(.+\)/);
    assert.equal(s.stderr.trimEnd().split("\n").length, 1, s.stderr);
    assert.deepEqual((await readdir(dir)).sort(), ["cut.log.gz"]); // nothing else written
  });
});
