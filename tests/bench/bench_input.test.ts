// The real-log inputs of the benchmark, built from a tiny temporary corpus (never ../shared).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  copiesFor,
  CorpusMissingError,
  ensureCi,
  ensureLoghub,
  ensurePrefix,
  loghubSources,
} from "../../scripts/bench_input.ts";

async function withCorpus<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "trimlog-bench-input-" });
  try {
    // Written out of name order; one file without a final newline, one with CRLF lines.
    await Deno.writeTextFile(`${dir}/Zoo_2k.log`, "z1\nz2\n");
    await Deno.writeTextFile(`${dir}/HDFS_2k.log`, "h1\r\nh2\r\nh3");
    await Deno.writeTextFile(`${dir}/Apache_2k.log`, "a1\n");
    await Deno.writeTextFile(`${dir}/Apache_2k.log_structured.csv`, "not,a,log\n");
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

test("bench input: *_2k.log files in name order, newline added, repeated", async () => {
  await withCorpus(async (dir) => {
    const names = (await loghubSources(dir)).map((p) => p.replace(/^.*\//, ""));
    assert.deepEqual(names, ["Apache_2k.log", "HDFS_2k.log", "Zoo_2k.log"]);
    const r = await ensureLoghub({ dir, copies: 3, outDir: `${dir}/out` });
    const one = "a1\nh1\r\nh2\r\nh3\nz1\nz2\n";
    assert.equal(r.path, `${dir}/out/loghub-x3.log`);
    assert.equal(await Deno.readTextFile(r.path), one.repeat(3));
    assert.equal(r.bytes, one.length * 3);
    assert.equal(r.lines, 6 * 3);
    assert.equal(r.crlfLines, 2 * 3);
    assert.equal(r.copyBytes, one.length);
    assert.deepEqual(r.sources.map((s) => s.bytes), [3, 10, 6]);
    const meta = JSON.parse(await Deno.readTextFile(`${r.path}.meta.json`));
    assert.equal(meta.fnv1a, r.fnv1a);
  });
});

test("bench input: cached, rebuilt when missing or when a source changed", async () => {
  await withCorpus(async (dir) => {
    const o = { dir, copies: 2, outDir: `${dir}/out` };
    const first = await ensureLoghub(o);
    assert.equal(first.built, true);
    const again = await ensureLoghub(o);
    assert.equal(again.built, false);
    assert.equal(again.fnv1a, first.fnv1a);

    await Deno.remove(first.path);
    const rebuilt = await ensureLoghub(o);
    assert.equal(rebuilt.built, true);
    assert.equal(rebuilt.fnv1a, first.fnv1a);

    await Deno.writeTextFile(`${dir}/Zoo_2k.log`, "z1\nZ2\n"); // same size, other bytes
    const changed = await ensureLoghub(o);
    assert.equal(changed.built, true);
    assert.notEqual(changed.fnv1a, first.fnv1a);
    assert.ok((await Deno.readTextFile(changed.path)).endsWith("z1\nZ2\n"));

    // A truncated file (size no longer matches its sidecar) is rebuilt too.
    await Deno.writeTextFile(changed.path, "cut");
    assert.equal((await ensureLoghub(o)).built, true);
  });
});

test("bench input: an absent or empty corpus is a CorpusMissingError naming it", async () => {
  await assert.rejects(
    loghubSources("/nonexistent/trimlog-corpus"),
    (e: unknown) =>
      e instanceof CorpusMissingError && e.message.includes("/nonexistent/trimlog-corpus"),
  );
  const empty = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${empty}/README.md`, "no logs\n");
    await assert.rejects(loghubSources(empty), /holds no \*_2k\.log file/);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

test("bench input: the CI log repeated to at least the size asked", async () => {
  const out = await Deno.makeTempDir();
  try {
    const log = `${out}/demo.log`;
    await Deno.writeTextFile(log, "step 1\nFAIL x\n"); // 14 bytes
    assert.equal(copiesFor(14, 0.0001), 8); // 100 bytes → 8 copies (112 bytes)
    const r = await ensureCi({ mb: 0.0001, log, outDir: out });
    assert.equal(r.path, `${out}/demo-x8.log`);
    assert.equal(await Deno.readTextFile(r.path), "step 1\nFAIL x\n".repeat(8));
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

test("bench input: a prefix ends at the end of the line the cut falls in", async () => {
  await withCorpus(async (dir) => {
    const src = await ensureLoghub({ dir, copies: 4, outDir: dir });
    const one = "a1\nh1\r\nh2\r\nh3\nz1\nz2\n";
    // Byte 5 falls inside "h1\r\n" (bytes 3-6): the prefix runs to its end.
    const p = await ensurePrefix(src, 5, `${dir}/p.log`);
    assert.equal(await Deno.readTextFile(p.path), "a1\nh1\r\n");
    assert.ok(p.lines === 2 && p.crlfLines === 1 && p.bytes === 7);
    // A cut right after a newline keeps exactly that many bytes.
    const q = await ensurePrefix(src, one.length, `${dir}/q.log`);
    assert.equal(await Deno.readTextFile(q.path), one);
    // Larger than the source: the whole source.
    const all = await ensurePrefix(src, 1e9, `${dir}/all.log`);
    assert.equal(all.bytes, src.bytes);
  });
});
