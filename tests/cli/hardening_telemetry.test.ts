/**
 * Hardening (issue #7), telemetry store: truncated at every length, corrupted byte by
 * byte, read-only, and written concurrently by the store and by a foreign writer. The
 * store never throws on load, recording keeps working (or fails with a warning only),
 * and every file it leaves is a valid store. (Corrupt JSON, foreign stores, stale and
 * live locks, and several processes recording at once are in `telemetry_fs.test.ts`
 * and `telemetry_concurrency.test.ts`.)
 *
 * @module
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  loadTelemetry,
  recordTelemetry,
  saveTelemetry,
  tryRecordTelemetry,
} from "../../adapters/node/telemetry_fs.ts";
import { parseTelemetryStore, type TelemetryStore } from "../../trim/telemetry.ts";
import { trimResult } from "../_helpers/telemetry.ts";

const root = mkdtempSync(join(tmpdir(), "trim-telemetry-hardening-"));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const freshDir = () => {
  const d = join(root, `d${counter++}`);
  mkdirSync(d, { recursive: true });
  return d;
};
const quiet = { onWarning: () => {} };

const result = (inputTokens: number, outputTokens: number) =>
  trimResult(inputTokens, outputTokens, "node");

function assertValidStore(store: TelemetryStore): void {
  const parsed = parseTelemetryStore(JSON.parse(JSON.stringify(store)));
  assert.ok("store" in parsed, "a valid store");
}

/** A real store file with a few runs. */
async function storeText(): Promise<string> {
  const dir = freshDir();
  for (let i = 0; i < 5; i++) await recordTelemetry(result(100 + i, 40), { dir, ...quiet });
  return readFileSync(join(dir, "telemetry.json"), "utf8");
}

test("a store truncated at every length loads without throwing, and recording goes on", async () => {
  const text = await storeText();
  for (let len = 0; len < text.length; len += Math.max(1, Math.floor(text.length / 60))) {
    const dir = freshDir();
    writeFileSync(join(dir, "telemetry.json"), text.slice(0, len));
    const warnings: string[] = [];
    const loaded = await loadTelemetry({ dir, onWarning: (m) => warnings.push(m) });
    assertValidStore(loaded);
    assert.equal(loaded.totalRuns, 0, `truncated at ${len}: a fresh store`);
    assert.equal(warnings.length, 1, `truncated at ${len}: one warning`);
    const recorded = await recordTelemetry(result(10, 4), { dir, ...quiet });
    assert.equal(recorded.totalRuns, 1);
    assertValidStore(JSON.parse(readFileSync(join(dir, "telemetry.json"), "utf8")));
  }
});

test("a store corrupted byte by byte never makes load or record throw (200 runs)", async () => {
  const text = await storeText();
  const bytes = new TextEncoder().encode(text);
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 6,
      }),
      async (flips) => {
        const dir = freshDir();
        const b = bytes.slice();
        for (const [at, v] of flips) b[at] = v;
        writeFileSync(join(dir, "telemetry.json"), b);
        const loaded = await loadTelemetry({ dir, ...quiet });
        assertValidStore(loaded);
        const recorded = await recordTelemetry(result(10, 4), { dir, ...quiet });
        assertValidStore(recorded);
        assert.equal(recorded.totalRuns, loaded.totalRuns + 1);
        const onDisk = JSON.parse(readFileSync(join(dir, "telemetry.json"), "utf8"));
        assertValidStore(onDisk);
      },
    ),
    propertyParams("hardening_telemetry#1", { numRuns: 200 }),
  );
});

const isRoot = Deno.uid?.() === 0;

test("a read-only store file and directory: load works, recording fails with a warning only", {
  skip: isRoot ? "running as root: file permissions are not enforced" : false,
}, async () => {
  const dir = freshDir();
  await recordTelemetry(result(50, 10), { dir, ...quiet });
  const file = join(dir, "telemetry.json");
  const before = readFileSync(file, "utf8");
  chmodSync(file, 0o444);
  chmodSync(dir, 0o555);
  try {
    const loaded = await loadTelemetry({ dir, ...quiet });
    assert.equal(loaded.totalRuns, 1);
    const warnings: string[] = [];
    const stored = await tryRecordTelemetry(result(50, 10), {
      dir,
      onWarning: (m) => warnings.push(m),
      lockTimeoutMs: 500,
    });
    assert.equal(stored, undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /could not record telemetry/);
    await assert.rejects(saveTelemetry(loaded, { dir, lockTimeoutMs: 500 }));
    assert.equal(readFileSync(file, "utf8"), before, "the store is untouched");
  } finally {
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
  }
});

test("a store the process may only read (write permission denied): load works, recording only warns", async () => {
  // Works as root too: the child runs without write permission on the store.
  const dir = freshDir();
  await recordTelemetry(result(50, 10), { dir, ...quiet });
  const file = join(dir, "telemetry.json");
  const before = readFileSync(file, "utf8");
  const script = join(freshDir(), "ro.js");
  const fs = new URL("../../adapters/node/telemetry_fs.ts", import.meta.url).href;
  writeFileSync(
    script,
    `import { loadTelemetry, tryRecordTelemetry, saveTelemetry } from ${JSON.stringify(fs)};
const dir = Deno.args[0];
const warnings = [];
const loaded = await loadTelemetry({ dir, onWarning: (m) => warnings.push(m) });
const stored = await tryRecordTelemetry(
  { stats: { inputLines: 1, outputLines: 1, inputWords: 1, outputWords: 1, inputBytes: 1, outputBytes: 1,
    droppedLines: 0, duplicateLines: 0, hiddenInternalStackLines: 0 },
    inputTokens: 2, outputTokens: 1, savedTokens: 1, savingsPercent: 50 },
  { dir, onWarning: (m) => warnings.push(m), lockTimeoutMs: 500 },
);
let saveError = "";
await saveTelemetry(loaded, { dir, lockTimeoutMs: 500 }).catch((e) => (saveError = e.name));
console.log(JSON.stringify({ runs: loaded.totalRuns, stored: stored === undefined, warnings, saveError }));
`,
  );
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "--allow-read", "--allow-env", script, dir],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const r = JSON.parse(new TextDecoder().decode(stdout));
  assert.equal(r.runs, 1);
  assert.equal(r.stored, true, "recording failed");
  assert.equal(r.warnings.length, 1);
  assert.match(r.warnings[0], /could not record telemetry/);
  assert.ok(r.saveError !== "", "saving fails with an error");
  assert.equal(readFileSync(file, "utf8"), before, "the store is untouched");
});

test("an unwritable store path (a file where the directory should be) never throws through tryRecordTelemetry", async () => {
  const dir = freshDir();
  const notDir = join(dir, "file");
  writeFileSync(notDir, "x");
  const warnings: string[] = [];
  const stored = await tryRecordTelemetry(result(10, 5), {
    dir: join(notDir, "sub"),
    onWarning: (m) => warnings.push(m),
  });
  assert.equal(stored, undefined);
  assert.equal(warnings.length, 1);
  // Loading from there is a fresh store, not an error.
  assertValidStore(await loadTelemetry({ dir: join(notDir, "sub"), ...quiet }));
});

test("concurrent writers and readers: readers always see a whole store, no run is lost", async () => {
  const dir = freshDir();
  const writers = 8;
  const each = 6;
  const reads: Promise<TelemetryStore>[] = [];
  const writes: Promise<unknown>[] = [];
  for (let w = 0; w < writers; w++) {
    writes.push((async () => {
      for (let i = 0; i < each; i++) {
        await recordTelemetry(result(20, 5), { dir, ...quiet, lockTimeoutMs: 30_000 });
        reads.push(loadTelemetry({ dir, ...quiet }));
      }
    })());
  }
  await Promise.all(writes);
  for (const r of await Promise.all(reads)) {
    assertValidStore(r);
    assert.ok(r.totalRuns >= 1 && r.totalRuns <= writers * each);
  }
  const final = await loadTelemetry({ dir, ...quiet });
  assert.equal(final.totalRuns, writers * each);
  assert.equal(final.totalSavedTokens, writers * each * 15);
  assert.deepEqual(readdirSync(dir).filter((f) => f.includes(".corrupt-")), []);
});

test("a foreign writer clobbering the file mid-run: records never throw, the file ends valid", async () => {
  const dir = freshDir();
  const file = join(dir, "telemetry.json");
  let stop = false;
  const garbage = ['{"version": 1, "totalRuns": ', "", "[]", "\u0000\u0001", '{"entries": [{'];
  const clobber = (async () => {
    let k = 0;
    while (!stop) {
      // Not through the store (no lock, not atomic): what a stray editor or sync tool does.
      try {
        writeFileSync(file, garbage[k++ % garbage.length]);
      } catch {
        // the store may be renaming it right now
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  })();
  let recorded = 0;
  for (let i = 0; i < 30; i++) {
    const store = await recordTelemetry(result(20, 5), { dir, ...quiet });
    assertValidStore(store);
    recorded++;
  }
  stop = true;
  await clobber;
  assert.equal(recorded, 30);
  // One more run after the clobbering stops leaves a valid store on disk.
  await recordTelemetry(result(20, 5), { dir, ...quiet });
  assertValidStore(JSON.parse(readFileSync(file, "utf8")));
});
