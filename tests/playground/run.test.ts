// The playground's run (playground/run.ts, what its Web Worker executes) in Deno: same output
// and result as the core pipeline, progress up to the total, chunked output, abort.
import { test } from "node:test";
import { readFile } from "node:fs/promises";
import assert from "node:assert/strict";

import { runPlayground } from "../../playground/run.ts";
import { processLogStreamInline, trimTextInline } from "../../trim/process.ts";
import { TrimError } from "../../trim/errors.ts";
import type { TrimResult } from "../../trim/types.ts";

const FIXTURE = new URL("../fixtures/ci_build.log", import.meta.url);

async function collect(
  blob: Blob,
  aggressiveness?: "auto" | "low" | "aggressive",
): Promise<{ output: string; result: TrimResult; progress: [number, number][] }> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: [number, number][] = [];
  const result = await runPlayground(blob, {
    aggressiveness,
    onOutput: (c) => chunks.push(c.slice()),
    onProgress: (read, total) => progress.push([read, total]),
    progressIntervalMs: 0,
  });
  return { output: new TextDecoder().decode(await new Blob(chunks).bytes()), result, progress };
}

test("playground run: same output and result as the core pipeline, for each aggressiveness", async () => {
  const bytes = await Deno.readFile(FIXTURE);
  const text = new TextDecoder().decode(bytes);
  for (const aggressiveness of ["auto", "low", "aggressive"] as const) {
    const got = await collect(new Blob([bytes]), aggressiveness);
    const want = await trimTextInline(text, { aggressiveness });
    assert.equal(got.output, want.output, aggressiveness);
    assert.deepEqual(got.result, want.result, aggressiveness);
    assert.ok(got.result.stats.outputLines < got.result.stats.inputLines);
    const last = got.progress.at(-1)!;
    assert.deepEqual(last, [bytes.byteLength, bytes.byteLength]);
    for (let i = 1; i < got.progress.length; i++) {
      assert.ok(got.progress[i][0] >= got.progress[i - 1][0], "progress never goes back");
    }
  }
});

test("playground run: a large input arrives in several output chunks, in order", async () => {
  const lines: string[] = [];
  // Names without digits: lines that differ in words do not fold across the stream.
  const name = (i: number) => i.toString(26).replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]);
  for (let i = 0; i < 40_000; i++) {
    lines.push(
      i % 7 === 0 ? `ERROR job ${name(i)} failed: disk ${i % 13} full` : `step ${name(i)} ok`,
    );
  }
  const text = lines.join("\n") + "\n";
  const got = await collect(new Blob([text]));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await processLogStreamInline(ReadableStream.from([text]), {
    write: (c: Uint8Array) => chunks.push(c.slice()),
  });
  assert.ok(chunks.length > 1, "the core writes several chunks");
  assert.equal(got.output, new TextDecoder().decode(await new Blob(chunks).bytes()));
  assert.ok(got.progress.length >= 1);
});

test("playground run: aborting ends the run with ABORTED after flushing partial output", async () => {
  const controller = new AbortController();
  let total = 0;
  const line = "ERROR worker 7 crashed: connection reset by peer\nINFO retrying\n";
  // About 13 MB: aborted once 1 MB has been read.
  const endless = new Blob([line.repeat(200_000)]);
  const run = runPlayground(endless, {
    signal: controller.signal,
    onOutput: (c) => total += c.byteLength,
    onProgress: (read) => {
      if (read > 1_000_000) controller.abort();
    },
    progressIntervalMs: 0,
  });
  await assert.rejects(run, (e) => e instanceof TrimError && e.code === "ABORTED");
  assert.ok(total > 0, "partial output flushed");
});

test("playground minimap: every input line's decision, as rows of shares by category", async () => {
  const { LineActions, MINIMAP_CATEGORIES } = await import("../../playground/minimap.ts");
  const k = MINIMAP_CATEGORIES.length;
  const lines = [
    ...Array.from({ length: 40 }, (_, i) => `[DEBUG] tick ${i}`),
    "retry id=1",
    "retry id=2",
    "ERROR: database timeout after 30s",
    ...Array.from({ length: 37 }, (_, i) => `[DEBUG] tock ${i}`),
  ];
  const minimap = new LineActions();
  const result = await runPlayground(new Blob([lines.join("\n") + "\n"]), { minimap });
  assert.equal(minimap.count, result.stats.inputLines);
  const rows = minimap.rows(4); // 20 lines a row
  assert.equal(rows.length, 4 * k);
  for (let r = 0; r < 4; r++) {
    let sum = 0;
    for (let c = 0; c < k; c++) sum += rows[r * k + c];
    assert.equal(sum, 255);
  }
  // The error is in the third row, kept by a failure block; the first row is all dropped.
  assert.ok(rows[2 * k] > 0);
  assert.equal(rows[0], 0);
  assert.equal(rows[k - 1], 255);
  const shares = minimap.shares();
  assert.equal(shares.reduce((a, b) => a + b, 0), minimap.count);
  // A short log: one row per line.
  assert.equal(minimap.rows(1000).length, minimap.count * k);
});

test("playground minimap: the budget's share (failure blocks, end of step, context, dropped by it)", async () => {
  const { LineActions, MINIMAP_CATEGORIES } = await import("../../playground/minimap.ts");
  const text = await readFile(new URL("../fixtures/k8s_events.log", import.meta.url), "utf8");
  const minimap = new LineActions();
  await runPlayground(new Blob([text]), { minimap });
  const shares = Object.fromEntries(MINIMAP_CATEGORIES.map((c, i) => [c, minimap.shares()[i]]));
  assert.ok(shares.failure > 0, "failure blocks");
  assert.ok(shares.context > 0, "context");
  assert.ok(shares.budget > 0, "dropped by the budget");
  const rows = minimap.rows(40);
  let budgetRows = 0;
  for (let r = 0; r < rows.length / MINIMAP_CATEGORIES.length; r++) {
    if (rows[r * MINIMAP_CATEGORIES.length + 4] > 0) budgetRows++;
  }
  assert.ok(budgetRows > 0, "rows show the lines the budget dropped");
});
