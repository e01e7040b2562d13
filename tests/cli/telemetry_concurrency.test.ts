import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { loadTelemetry } from "../../adapters/node/telemetry_fs.ts";

const root = mkdtempSync(join(tmpdir(), "trim-telemetry-procs-"));
after(() => rmSync(root, { recursive: true, force: true }));

const WORKERS = 8;
const RECORDS = 20;
const adapter = new URL("../../adapters/node/telemetry_fs.ts", import.meta.url).href;

/**
 * A worker process: records RECORDS runs through the public API with no
 * options, so the directory comes from TRIM_TELEMETRY_DIR.
 */
function workerSource(worker: number): string {
  return `
    import { recordTelemetry } from ${JSON.stringify(adapter)};
    const stats = { inputLines: 1, outputLines: 1, inputWords: 1, outputWords: 1, inputBytes: 1,
      outputBytes: 1, droppedLines: 0, duplicateLines: 0, hiddenInternalStackLines: 0 };
    for (let i = 0; i < ${RECORDS}; i++) {
      const inputTokens = 1000 + ${worker} * 100 + i;
      const outputTokens = ${worker} + i;
      await recordTelemetry({ stats, inputTokens, outputTokens,
        savedTokens: inputTokens - outputTokens, savingsPercent: 50, detectedFormat: "w${worker}" });
    }
  `;
}

function run(worker: number, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["eval", "--ext=ts", workerSource(worker)], {
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`worker ${worker} exited with ${code}: ${stderr}`));
    });
  });
}

test(`${WORKERS} processes recording ${RECORDS} times each into one store lose no totals`, async () => {
  const dir = join(root, "shared");
  await Promise.all(
    Array.from({ length: WORKERS }, (_, w) => run(w, { TRIM_TELEMETRY_DIR: dir })),
  );
  let input = 0;
  let output = 0;
  for (let w = 0; w < WORKERS; w++) {
    for (let i = 0; i < RECORDS; i++) {
      input += 1000 + w * 100 + i;
      output += w + i;
    }
  }
  const store = await loadTelemetry({ dir });
  assert.equal(store.totalRuns, WORKERS * RECORDS);
  assert.equal(store.entries.length, WORKERS * RECORDS);
  assert.equal(store.totalInputTokens, input);
  assert.equal(store.totalOutputTokens, output);
  assert.equal(store.totalSavedTokens, input - output);
  for (let w = 0; w < WORKERS; w++) {
    const mine = store.entries.filter((e) => e.detectedFormat === `w${w}`);
    assert.equal(mine.length, RECORDS, `every run of worker ${w} is there`);
    // Each worker's own runs stay in order.
    assert.deepEqual(
      mine.map((e) => e.inputTokens),
      Array.from({ length: RECORDS }, (_, i) => 1000 + w * 100 + i),
    );
  }
  // No temporary file, lock or moved-aside store remains.
  assert.deepEqual(readdirSync(dir), ["telemetry.json"]);
  JSON.parse(readFileSync(join(dir, "telemetry.json"), "utf8"));
});
