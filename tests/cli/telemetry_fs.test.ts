import { after, test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  loadTelemetry,
  recordTelemetry,
  resolveTelemetryDir,
  saveTelemetry,
  telemetryFilePath,
  tryRecordTelemetry,
} from "../../adapters/node/telemetry_fs.ts";
import { TrimError } from "../../trim/errors.ts";
import {
  addTelemetryEntry,
  createTelemetryEntry,
  createTelemetryStore,
  type TelemetryStore,
} from "../../trim/telemetry.ts";
import { trimResult } from "../_helpers/telemetry.ts";

const root = mkdtempSync(join(tmpdir(), "trim-telemetry-fs-"));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const freshDir = () => join(root, `d${counter++}`); // not created: the adapter creates it

const result = (inputTokens: number, outputTokens: number) =>
  trimResult(inputTokens, outputTokens, "go");

function warnings(): { list: string[]; onWarning: (m: string) => void } {
  const list: string[] = [];
  return { list, onWarning: (m) => list.push(m) };
}

test("the directory is TRIM_TELEMETRY_DIR, else ~/.trim", () => {
  assert.equal(resolveTelemetryDir({ TRIM_TELEMETRY_DIR: root }, "/home/u"), root);
  assert.equal(resolveTelemetryDir({ TRIM_TELEMETRY_DIR: "" }, root), join(root, ".trim"));
  assert.equal(resolveTelemetryDir({}, root), join(root, ".trim"));
  assert.equal(telemetryFilePath({ dir: root }), join(root, "telemetry.json"));
});

test("loading from a missing directory gives a fresh store and creates nothing", async () => {
  const dir = freshDir();
  assert.deepEqual(await loadTelemetry({ dir }), createTelemetryStore());
  assert.equal(existsSync(dir), false);
});

test("recording creates the store, appends entries and grows totals", async () => {
  const dir = freshDir();
  const now = new Date("2025-05-05T05:05:05Z");
  const first = await recordTelemetry(result(1000, 100), { dir, now });
  assert.equal(first.totalSavedTokens, 900);
  const second = await recordTelemetry(result(500, 400), { dir, now });
  assert.equal(second.totalSavedTokens, 1000);
  const loaded = await loadTelemetry({ dir });
  assert.deepEqual(loaded, second);
  assert.equal(loaded.totalRuns, 2);
  assert.equal(loaded.totalInputTokens, 1500);
  assert.equal(loaded.totalOutputTokens, 500);
  assert.deepEqual(loaded.entries[1], {
    timestamp: "2025-05-05T05:05:05.000Z",
    inputTokens: 500,
    outputTokens: 400,
    savedTokens: 100,
    savingsPercent: 20,
    detectedFormat: "go",
  });
  // Plain JSON, only our file left behind (no temporary or lock files).
  const file = join(dir, "telemetry.json");
  assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), loaded);
  assert.deepEqual(readdirSync(dir), ["telemetry.json"]);
  if (process.platform !== "win32") {
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(dir).mode & 0o077, 0);
  }
});

test("saving writes atomically, prunes to 1,000 entries and rejects non-stores", async () => {
  const dir = freshDir();
  let store: TelemetryStore = createTelemetryStore();
  for (let i = 0; i < 1003; i++) {
    store = addTelemetryEntry(store, createTelemetryEntry(result(10, 1)), 5000);
  }
  assert.equal(store.entries.length, 1003);
  await saveTelemetry(store, { dir });
  const loaded = await loadTelemetry({ dir });
  assert.equal(loaded.entries.length, 1000);
  assert.equal(loaded.totalRuns, 1003);
  assert.equal(loaded.totalSavedTokens, 9 * 1003);
  assert.deepEqual(readdirSync(dir), ["telemetry.json"]);
  await assert.rejects(
    saveTelemetry({ nope: true } as unknown as TelemetryStore, { dir }),
    (err) => err instanceof TrimError && err.code === "INVALID_OPTION",
  );
});

test("recording prunes to the 1,000 newest entries but keeps counting", async () => {
  const dir = freshDir();
  let store = createTelemetryStore();
  for (let i = 0; i < 1000; i++) {
    store = addTelemetryEntry(store, createTelemetryEntry(result(2, 1)));
  }
  await saveTelemetry(store, { dir });
  const next = await recordTelemetry(result(100, 1), { dir });
  assert.equal(next.entries.length, 1000);
  assert.equal(next.entries.at(-1)!.inputTokens, 100);
  assert.equal(next.totalRuns, 1001);
  assert.equal(next.totalSavedTokens, 1000 + 99);
});

for (
  const [what, content] of [
    ["invalid JSON", '{"totalSavedTokens": 12, "entries": ['],
    ["an empty file", ""],
    ["a JSON array", "[1, 2, 3]"],
    ["another program's JSON", '{"name": "something else"}'],
    ["a newer version", '{"version": 99, "totalSavedTokens": 1, "entries": []}'],
    ["binary garbage", "\u0000\u0001\u0002\uFFFD"],
  ] as const
) {
  test(`${what} is moved aside with a warning and a fresh store begins`, async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "telemetry.json"), content);
    const w = warnings();
    const loaded = await loadTelemetry({ dir, onWarning: w.onWarning });
    assert.deepEqual(loaded, createTelemetryStore());
    assert.equal(w.list.length, 1);
    assert.match(
      w.list[0],
      /^trimlog: warning: .*telemetry\.json is not a trimlog telemetry store/,
    );
    const aside = readdirSync(dir).filter((f) => f.startsWith("telemetry.json.corrupt-"));
    assert.equal(aside.length, 1);
    assert.ok(w.list[0].includes(aside[0]), "the warning names where the file went");
    assert.equal(readFileSync(join(dir, aside[0]), "utf8"), content, "content is preserved");
    assert.equal(existsSync(join(dir, "telemetry.json")), false);
    // Recording afterwards starts from zero.
    const recorded = await recordTelemetry(result(10, 4), { dir, onWarning: w.onWarning });
    assert.equal(recorded.totalSavedTokens, 6);
    assert.equal(w.list.length, 1);
  });
}

test("recording over a corrupt file moves it aside too", async () => {
  const dir = freshDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "telemetry.json"), "not json");
  const w = warnings();
  const store = await recordTelemetry(result(10, 5), { dir, onWarning: w.onWarning });
  assert.equal(store.totalRuns, 1);
  assert.equal(w.list.length, 1);
  assert.equal(readdirSync(dir).filter((f) => f.includes(".corrupt-")).length, 1);
});

test("invalid entries are dropped with a warning, the rest is kept", async () => {
  const dir = freshDir();
  mkdirSync(dir, { recursive: true });
  const good = createTelemetryEntry(result(10, 2));
  writeFileSync(
    join(dir, "telemetry.json"),
    JSON.stringify({
      ...createTelemetryStore(),
      totalRuns: 2,
      totalSavedTokens: 8,
      entries: [good, { bad: 1 }],
    }),
  );
  const w = warnings();
  const store = await loadTelemetry({ dir, onWarning: w.onWarning });
  assert.deepEqual(store.entries, [good]);
  assert.equal(store.totalRuns, 2);
  assert.match(w.list[0], /ignored 1 invalid telemetry entries/);
});

test("a stale lock left by a crashed process is broken", async () => {
  const dir = freshDir();
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, "telemetry.json.lock");
  writeFileSync(lock, "12345.crashed");
  const old = new Date(Date.now() - 60_000);
  utimesSync(lock, old, old);
  const store = await recordTelemetry(result(3, 1), { dir, lockStaleMs: 5_000 });
  assert.equal(store.totalSavedTokens, 2);
  assert.deepEqual(readdirSync(dir), ["telemetry.json"]);
});

test("a live lock is waited for, and a lock that never goes away times out", async () => {
  const dir = freshDir();
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, "telemetry.json.lock");
  writeFileSync(lock, "other.holder");
  const started = Date.now();
  const pending = recordTelemetry(result(3, 1), { dir });
  setTimeout(() => rmSync(lock), 150);
  assert.equal((await pending).totalRuns, 1);
  assert.ok(Date.now() - started >= 140, "waited for the holder");

  writeFileSync(lock, "other.holder");
  await assert.rejects(
    recordTelemetry(result(3, 1), { dir, lockTimeoutMs: 150, lockStaleMs: 60_000 }),
    /timed out waiting for the lock/,
  );
  assert.equal(readFileSync(lock, "utf8"), "other.holder", "someone else's lock is left alone");
  assert.equal((await loadTelemetry({ dir })).totalRuns, 1);
});

test("concurrent records in one process lose nothing", async () => {
  const dir = freshDir();
  const runs = Array.from({ length: 40 }, (_, i) => result(100 + i, 50));
  await Promise.all(runs.map((r) => recordTelemetry(r, { dir })));
  const store = await loadTelemetry({ dir });
  assert.equal(store.totalRuns, 40);
  assert.equal(store.entries.length, 40);
  assert.equal(store.totalSavedTokens, runs.reduce((s, r) => s + r.savedTokens, 0));
  assert.deepEqual(readdirSync(dir), ["telemetry.json"]);
});

test("tryRecordTelemetry turns I/O failures into a warning", async () => {
  const dir = freshDir();
  mkdirSync(dir, { recursive: true });
  const notADir = join(dir, "file");
  writeFileSync(notADir, "x");
  const w = warnings();
  assert.equal(
    await tryRecordTelemetry(result(2, 1), { dir: notADir, onWarning: w.onWarning }),
    undefined,
  );
  assert.equal(w.list.length, 1);
  assert.match(w.list[0], /^trimlog: warning: could not record telemetry \(/);
  const ok = await tryRecordTelemetry(result(2, 1), { dir, onWarning: w.onWarning });
  assert.equal(ok?.totalRuns, 1);
});
