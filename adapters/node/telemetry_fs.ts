/**
 * Local telemetry on disk (file-system adapter; works in Deno, Node and Bun
 * through `node:fs/promises`, `node:os` and `node:path`).
 *
 * The store lives in `telemetry.json` under `$TRIM_TELEMETRY_DIR`, or under
 * `~/.trim/` when the variable is unset or empty. Nothing is ever sent
 * anywhere.
 *
 * - Writes are atomic: a temporary file in the same directory is written,
 *   flushed and renamed over `telemetry.json`, so readers never see a partial
 *   file.
 * - {@linkcode recordTelemetry} and {@linkcode saveTelemetry} hold a lock file
 *   (`telemetry.json.lock`, created exclusively) around read-modify-write, so
 *   concurrent processes lose no totals. A lock older than `lockStaleMs`
 *   (default 10 s) is considered abandoned by a crashed process and broken.
 * - A corrupt or foreign `telemetry.json` is renamed to
 *   `telemetry.json.corrupt-<time>-<pid>` with a warning and a fresh store
 *   begins; this never throws. I/O failures (e.g. an unwritable directory) do
 *   reject: callers such as the CLI should catch and warn.
 *
 * @module
 */

import { link, mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import { TrimError } from "../../trim/errors.ts";
import {
  addTelemetryEntry,
  createTelemetryEntry,
  createTelemetryStore,
  parseTelemetryStore,
  pruneTelemetryStore,
  TELEMETRY_MAX_ENTRIES,
  type TelemetryStore,
} from "../../trim/telemetry.ts";
import type { TrimResult } from "../../trim/types.ts";

/** The store's file name inside the telemetry directory. */
export const TELEMETRY_FILE_NAME = "telemetry.json";

/**
 * Options of the telemetry adapter; all optional.
 *
 * @example Recording into a chosen directory
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordTelemetry, type TelemetryFsOptions } from "./telemetry_fs.ts";
 * import { trimTextInline } from "../../trim/process.ts";
 * const dir = await Deno.makeTempDir();
 * const options: TelemetryFsOptions = { dir, now: new Date("2025-01-01T00:00:00Z"), lockTimeoutMs: 5000 };
 * const store = await recordTelemetry((await trimTextInline("GET /a 200\n".repeat(5))).result, options);
 * assert.ok(store.totalRuns === 1 && store.lastRecordedAt === "2025-01-01T00:00:00.000Z");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export interface TelemetryFsOptions {
  /** Directory of the store (default: {@linkcode resolveTelemetryDir}). */
  dir?: string;
  /** Receives warnings (corrupt store moved aside …); default `console.warn`. */
  onWarning?: (message: string) => void;
  /** Time of the recorded run (default: now). */
  now?: Date;
  /** A lock older than this many milliseconds is broken (default 10,000). */
  lockStaleMs?: number;
  /** Give up waiting for the lock after this many milliseconds (default 20,000). */
  lockTimeoutMs?: number;
}

const _MAX_STORE_BYTES = 16 * 1024 * 1024;

/**
 * The telemetry directory: `TRIM_TELEMETRY_DIR` when set and non-empty
 * (resolved against the working directory), otherwise `<home>/.trim`.
 *
 * @param env Environment variables (default `process.env`).
 * @param home Home directory (default `os.homedir()`).
 * @returns An absolute directory path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveTelemetryDir } from "./telemetry_fs.ts";
 * assert.ok(resolveTelemetryDir({ TRIM_TELEMETRY_DIR: "/tmp/t" }, "/home/a") === "/tmp/t");
 * assert.ok(resolveTelemetryDir({}, "/home/a").replaceAll("\\", "/").endsWith("/home/a/.trim"));
 * ```
 */
export function resolveTelemetryDir(
  env: Record<string, string | undefined> = process.env,
  home?: string,
): string {
  const fromEnv = env.TRIM_TELEMETRY_DIR;
  if (fromEnv) return resolve(fromEnv);
  const base = home ?? homedir();
  if (!base) {
    throw new Error("trimlog telemetry: no home directory; set TRIM_TELEMETRY_DIR");
  }
  return resolve(base, ".trim");
}

/**
 * The path of `telemetry.json`.
 *
 * @param options `dir` overrides the default directory.
 * @returns The absolute file path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { telemetryFilePath } from "./telemetry_fs.ts";
 * assert.ok(telemetryFilePath({ dir: "/tmp/t" }).endsWith("telemetry.json"));
 * ```
 */
export function telemetryFilePath(options: TelemetryFsOptions = {}): string {
  return join(_dir(options), TELEMETRY_FILE_NAME);
}

/**
 * Read the store. A missing file gives a fresh store; a corrupt or foreign one
 * is moved aside with a warning and a fresh store is returned.
 *
 * @param options Directory and warning sink.
 * @returns The store.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { loadTelemetry } from "./telemetry_fs.ts";
 * const dir = mkdtempSync(join(tmpdir(), "trim-telemetry-"));
 * const store = await loadTelemetry({ dir });
 * assert.ok(store.totalSavedTokens === 0 && store.entries.length === 0);
 * rmSync(dir, { recursive: true, force: true });
 * ```
 */
export async function loadTelemetry(options: TelemetryFsOptions = {}): Promise<TelemetryStore> {
  return await _readStore(_dir(options), options, false);
}

/**
 * Write the store atomically (under the lock), pruned to 1,000 entries.
 *
 * @param store The store to persist.
 * @param options Directory and lock timing.
 * @throws {TrimError} `INVALID_OPTION` when `store` is not a telemetry store.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { loadTelemetry, saveTelemetry } from "./telemetry_fs.ts";
 * import { createTelemetryStore } from "../../trim/telemetry.ts";
 * const dir = mkdtempSync(join(tmpdir(), "trim-telemetry-"));
 * await saveTelemetry({ ...createTelemetryStore(), totalSavedTokens: 42 }, { dir });
 * assert.ok((await loadTelemetry({ dir })).totalSavedTokens === 42);
 * rmSync(dir, { recursive: true, force: true });
 * ```
 */
export async function saveTelemetry(
  store: TelemetryStore,
  options: TelemetryFsOptions = {},
): Promise<void> {
  const parsed = parseTelemetryStore(JSON.parse(JSON.stringify(store ?? null)));
  if ("problem" in parsed) {
    throw new TrimError(
      "INVALID_OPTION",
      `saveTelemetry: not a telemetry store: ${parsed.problem}`,
    );
  }
  const dir = _dir(options);
  await _ensureDir(dir);
  const pruned = pruneTelemetryStore(parsed.store, TELEMETRY_MAX_ENTRIES);
  await _withLock(dir, options, () => _writeAtomic(join(dir, TELEMETRY_FILE_NAME), pruned));
}

/**
 * Record one run: under the lock, read the store, add an entry for `result`
 * (totals grow; entries beyond 1,000 are pruned, oldest first) and write it
 * back atomically.
 *
 * @param result The result of a processing run.
 * @param options Directory, warning sink, time and lock timing.
 * @returns The updated store.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { recordTelemetry } from "./telemetry_fs.ts";
 * const dir = mkdtempSync(join(tmpdir(), "trim-telemetry-"));
 * const stats = {
 *   inputLines: 10, outputLines: 2, inputWords: 50, outputWords: 10, inputBytes: 300,
 *   outputBytes: 60, droppedLines: 8, duplicateLines: 0, hiddenInternalStackLines: 0,
 * };
 * const result = { stats, inputTokens: 100, outputTokens: 20, savedTokens: 80, savingsPercent: 80 };
 * await recordTelemetry(result, { dir });
 * const store = await recordTelemetry(result, { dir });
 * assert.ok(store.totalSavedTokens === 160 && store.entries.length === 2);
 * rmSync(dir, { recursive: true, force: true });
 * ```
 */
export async function recordTelemetry(
  result: TrimResult,
  options: TelemetryFsOptions = {},
): Promise<TelemetryStore> {
  const entry = createTelemetryEntry(result, options.now ?? new Date());
  const dir = _dir(options);
  await _ensureDir(dir);
  return await _withLock(dir, options, async () => {
    const current = await _readStore(dir, options, true);
    const next = addTelemetryEntry(current, entry, TELEMETRY_MAX_ENTRIES);
    await _writeAtomic(join(dir, TELEMETRY_FILE_NAME), next);
    return next;
  });
}

/**
 * {@linkcode recordTelemetry} for the CLI: never throws. Any failure
 * (unwritable directory, lock timeout …) becomes a warning through
 * `onWarning` and the result is `undefined`.
 *
 * @param result The result of a processing run.
 * @param options As for {@linkcode recordTelemetry}.
 * @returns The updated store, or `undefined` when recording failed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { tryRecordTelemetry } from "./telemetry_fs.ts";
 * const dir = mkdtempSync(join(tmpdir(), "trim-telemetry-"));
 * const file = join(dir, "not-a-dir");
 * writeFileSync(file, "");
 * const stats = {
 *   inputLines: 1, outputLines: 1, inputWords: 1, outputWords: 1, inputBytes: 1,
 *   outputBytes: 1, droppedLines: 0, duplicateLines: 0, hiddenInternalStackLines: 0,
 * };
 * const warnings: string[] = [];
 * const store = await tryRecordTelemetry(
 *   { stats, inputTokens: 2, outputTokens: 1, savedTokens: 1, savingsPercent: 50 },
 *   { dir: file, onWarning: (m) => warnings.push(m) },
 * );
 * assert.ok(store === undefined && warnings.length === 1);
 * rmSync(dir, { recursive: true, force: true });
 * ```
 */
export async function tryRecordTelemetry(
  result: TrimResult,
  options: TelemetryFsOptions = {},
): Promise<TelemetryStore | undefined> {
  try {
    return await recordTelemetry(result, options);
  } catch (err) {
    const reason = _code(err) ?? (err instanceof Error ? err.message : String(err));
    _warn(options, `could not record telemetry (${reason})`);
    return undefined;
  }
}

function _dir(options: TelemetryFsOptions): string {
  return options.dir ? resolve(options.dir) : resolveTelemetryDir();
}

async function _ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

function _warn(options: TelemetryFsOptions, message: string): void {
  (options.onWarning ?? ((m: string) => console.warn(m)))(`trimlog: warning: ${message}`);
}

/**
 * Read and check the store. When it is corrupt and we do not hold the lock,
 * take the lock and look again before moving the file aside, so that a file
 * replaced meanwhile by another process is never moved.
 */
async function _readStore(
  dir: string,
  options: TelemetryFsOptions,
  locked: boolean,
): Promise<TelemetryStore> {
  const file = join(dir, TELEMETRY_FILE_NAME);
  let problem: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) {
      problem = "not a regular file";
    } else if (info.size > _MAX_STORE_BYTES) {
      problem = `too large (${info.size} bytes)`;
    } else {
      const text = await readFile(file, "utf8");
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        value = undefined;
        problem = `invalid JSON (${err instanceof Error ? err.message : String(err)})`;
      }
      if (value !== undefined) {
        const parsed = parseTelemetryStore(value);
        if ("store" in parsed) {
          if (parsed.droppedEntries > 0) {
            _warn(options, `${file}: ignored ${parsed.droppedEntries} invalid telemetry entries`);
          }
          return parsed.store;
        }
        problem = parsed.problem;
      }
    }
  } catch (err) {
    if (_code(err) === "ENOENT" || _code(err) === "ENOTDIR") return createTelemetryStore();
    throw err;
  }
  if (!locked) {
    try {
      return await _withLock(dir, options, () => _readStore(dir, options, true));
    } catch (err) {
      // E.g. a read-only directory: still no crash, just no move.
      _warn(options, _notMovedAside(file, problem!, err));
      return createTelemetryStore();
    }
  }
  const aside = `${file}.corrupt-${_stamp(options.now ?? new Date())}-${process.pid}`;
  try {
    await rename(file, aside);
    _warn(
      options,
      `${file} is not a trimlog telemetry store (${problem!}); moved it to ${aside} and started a fresh store`,
    );
  } catch (err) {
    if (_code(err) === "ENOENT") return createTelemetryStore();
    _warn(options, _notMovedAside(file, problem!, err));
  }
  return createTelemetryStore();
}

function _notMovedAside(file: string, problem: string, err: unknown): string {
  return `${file} is not a trimlog telemetry store (${problem}) and could not be moved aside (${
    _code(err) ?? err
  }); starting a fresh store`;
}

/** Serialize with one entry per line: compact, yet readable and diffable. */
function _serialize(store: TelemetryStore): string {
  const { entries, ...head } = store;
  const lines = Object.entries(head).map(([k, v]) =>
    `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`
  );
  const body = entries.length === 0
    ? `  "entries": []`
    : `  "entries": [\n${entries.map((e) => `    ${JSON.stringify(e)}`).join(",\n")}\n  ]`;
  return `{\n${lines.join("\n")}\n${body}\n}\n`;
}

/** Write to a temporary file in the same directory, flush it, rename it over `path`. */
async function _writeAtomic(path: string, store: TelemetryStore): Promise<void> {
  const tmp = `${path}.${process.pid}.${_random()}.tmp`;
  const handle = await open(tmp, "wx", 0o600);
  try {
    await handle.writeFile(_serialize(store), "utf8");
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw err;
  }
  await handle.close();
  for (let attempt = 0;; attempt++) {
    try {
      await rename(tmp, path);
      return;
    } catch (err) {
      // Windows refuses to replace a file another process has open for a moment.
      const retry = ["EPERM", "EACCES", "EBUSY"].includes(_code(err) ?? "") && attempt < 10;
      if (!retry) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
      await _sleep(10 * (attempt + 1));
    }
  }
}

/** Run `fn` while holding `telemetry.json.lock` (exclusive create; stale locks are broken). */
async function _withLock<T>(
  dir: string,
  options: TelemetryFsOptions,
  fn: () => Promise<T>,
): Promise<T> {
  const lockPath = join(dir, `${TELEMETRY_FILE_NAME}.lock`);
  const staleMs = options.lockStaleMs ?? 10_000;
  const deadline = Date.now() + (options.lockTimeoutMs ?? 20_000);
  const token = `${process.pid}.${_random()}`;
  let delay = 2;
  for (;;) {
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(lockPath, "wx", 0o600);
    } catch (err) {
      if (_code(err) !== "EEXIST") throw err;
    }
    if (handle) {
      try {
        await handle.writeFile(token, "utf8");
      } catch (err) {
        await handle.close().catch(() => {});
        await unlink(lockPath).catch(() => {});
        throw err;
      }
      await handle.close();
      break;
    }
    if (await _breakStaleLock(lockPath, staleMs, token)) continue;
    if (Date.now() > deadline) {
      throw new Error(`trimlog telemetry: timed out waiting for the lock ${lockPath}`);
    }
    await _sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
  try {
    return await fn();
  } finally {
    await _releaseLock(lockPath, token);
  }
}

/**
 * Remove the lock when it is older than `staleMs`. It is first renamed to a
 * private name, so only one waiter breaks it; if what was renamed turns out to
 * be fresh (another waiter broke the stale lock and a new holder took it in
 * between), it is linked back in place.
 */
async function _breakStaleLock(lockPath: string, staleMs: number, token: string): Promise<boolean> {
  try {
    const info = await stat(lockPath);
    if (Date.now() - info.mtimeMs < staleMs) return false;
  } catch {
    return true; // gone already: try again at once
  }
  const aside = `${lockPath}.stale-${token}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return true;
  }
  try {
    const info = await stat(aside);
    if (Date.now() - info.mtimeMs < staleMs) await link(aside, lockPath).catch(() => {});
  } finally {
    await unlink(aside).catch(() => {});
  }
  return true;
}

/** Remove the lock if it is still ours. */
async function _releaseLock(lockPath: string, token: string): Promise<void> {
  try {
    if ((await readFile(lockPath, "utf8")) === token) await unlink(lockPath);
  } catch {
    // Already removed (e.g. broken as stale): nothing to do.
  }
}

function _code(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function _random(): string {
  return Math.random().toString(36).slice(2, 10);
}

function _stamp(date: Date): string {
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString().replace(/[-:.]/g, "");
}

function _sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
