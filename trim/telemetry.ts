/**
 * Local telemetry: the store of token savings, pure logic only.
 *
 * The store is a JSON document (`telemetry.json`, see
 * `adapters/node/telemetry_fs.ts`) that never leaves the machine:
 *
 * ```json
 * {
 *   "version": 1,
 *   "totalRuns": 2,
 *   "totalInputTokens": 1500,
 *   "totalOutputTokens": 300,
 *   "totalSavedTokens": 1200,
 *   "firstRecordedAt": "2025-01-01T10:00:00.000Z",
 *   "lastRecordedAt": "2025-01-01T10:05:00.000Z",
 *   "entries": [
 *     { "timestamp": "2025-01-01T10:00:00.000Z", "inputTokens": 1000, "outputTokens": 200,
 *       "savedTokens": 800, "savingsPercent": 80, "detectedFormat": "node" }
 *   ]
 * }
 * ```
 *
 * The totals count every run ever recorded; `entries` keeps only the most
 * recent {@linkcode TELEMETRY_MAX_ENTRIES} runs (older ones are pruned when a
 * run is recorded). Only token counts, a timestamp and the detected format
 * are stored: never log content, paths, sources or command lines.
 *
 * @module
 */

import type { TrimResult } from "./types.ts";

/** The format version written in `version`. */
export const TELEMETRY_VERSION = 1;

/**
 * At most this many entries are kept; totals still count every run.
 *
 * @example The store keeps the newest runs
 * ```ts
 * import assert from "node:assert/strict";
 * import { addTelemetryEntry, createTelemetryEntry, createTelemetryStore, TELEMETRY_MAX_ENTRIES } from "./telemetry.ts";
 * const entry = createTelemetryEntry({ inputTokens: 10, outputTokens: 4, savedTokens: 6, savingsPercent: 60 });
 * const full = { ...createTelemetryStore(), entries: Array(TELEMETRY_MAX_ENTRIES).fill(entry) };
 * const store = addTelemetryEntry(full, entry);
 * assert.ok(store.entries.length === TELEMETRY_MAX_ENTRIES && store.totalRuns === 1);
 * ```
 */
export const TELEMETRY_MAX_ENTRIES = 1000;

/**
 * One recorded run.
 *
 * @example The entry of one run
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTelemetryEntry, type TelemetryEntry } from "./telemetry.ts";
 * const entry: TelemetryEntry = createTelemetryEntry(
 *   { inputTokens: 500, outputTokens: 100, savedTokens: 400, savingsPercent: 80, detectedFormat: "python" },
 * );
 * assert.ok(entry.detectedFormat === "python" && entry.timestamp.endsWith("Z"));
 * ```
 */
export interface TelemetryEntry {
  /** When the run was recorded (ISO 8601, UTC). */
  timestamp: string;
  /** Estimated tokens of the input. */
  inputTokens: number;
  /** Estimated tokens of the output. */
  outputTokens: number;
  /** Tokens saved (`inputTokens - outputTokens`, never negative). */
  savedTokens: number;
  /** Percent of input tokens saved, 0-100. */
  savingsPercent: number;
  /** Detected log format, when one was recognized. */
  detectedFormat?: string;
}

/**
 * The cumulative telemetry store.
 *
 * @example Summarising a store
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatTelemetrySummary, type TelemetryStore } from "./telemetry.ts";
 * const store: TelemetryStore = {
 *   version: 1, totalRuns: 2, totalInputTokens: 1000, totalOutputTokens: 200, totalSavedTokens: 800, entries: [],
 * };
 * assert.ok(formatTelemetrySummary(store).includes("800"));
 * ```
 */
export interface TelemetryStore {
  /** Format version, {@linkcode TELEMETRY_VERSION}. */
  version: number;
  /** Runs recorded since the store began. */
  totalRuns: number;
  /** Input tokens of all recorded runs. */
  totalInputTokens: number;
  /** Output tokens of all recorded runs. */
  totalOutputTokens: number;
  /** Tokens saved by all recorded runs. */
  totalSavedTokens: number;
  /** Timestamp of the first recorded run (absent when none). */
  firstRecordedAt?: string;
  /** Timestamp of the last recorded run (absent when none). */
  lastRecordedAt?: string;
  /** The most recent runs, oldest first, at most {@linkcode TELEMETRY_MAX_ENTRIES}. */
  entries: TelemetryEntry[];
}

/**
 * A new, empty store.
 *
 * @returns A store with zero totals and no entries.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTelemetryStore } from "./telemetry.ts";
 * const store = createTelemetryStore();
 * assert.ok(store.totalSavedTokens === 0 && store.entries.length === 0);
 * ```
 */
export function createTelemetryStore(): TelemetryStore {
  return {
    version: TELEMETRY_VERSION,
    totalRuns: 0,
    totalInputTokens: 0,
    totalOutputTokens: 0,
    totalSavedTokens: 0,
    entries: [],
  };
}

/**
 * The entry recording one run (a whole `TrimResult` may be passed; only its
 * token counts and `detectedFormat` are kept). Non-finite or negative counts
 * become 0.
 *
 * @param result The result of a processing run.
 * @param now When the run is recorded (default: now).
 * @returns The entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTelemetryEntry } from "./telemetry.ts";
 * const entry = createTelemetryEntry(
 *   { inputTokens: 100, outputTokens: 20, savedTokens: 80, savingsPercent: 80 },
 *   new Date("2025-01-01T00:00:00Z"),
 * );
 * assert.ok(entry.savedTokens === 80 && entry.timestamp === "2025-01-01T00:00:00.000Z");
 * ```
 */
export function createTelemetryEntry(
  result: Pick<
    TrimResult,
    "inputTokens" | "outputTokens" | "savedTokens" | "savingsPercent" | "detectedFormat"
  >,
  now: Date = new Date(),
): TelemetryEntry {
  const inputTokens = _count(result.inputTokens);
  const outputTokens = _count(result.outputTokens);
  const savedTokens = _count(result.savedTokens);
  const percent = Number(result.savingsPercent);
  const entry: TelemetryEntry = {
    timestamp: _isoTime(now),
    inputTokens,
    outputTokens,
    savedTokens,
    savingsPercent: Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0,
  };
  if (typeof result.detectedFormat === "string" && result.detectedFormat !== "") {
    entry.detectedFormat = result.detectedFormat.slice(0, 64);
  }
  return entry;
}

/**
 * Add an entry to a store: totals grow, and the oldest entries are pruned to
 * keep at most `maxEntries`. The input store is not modified.
 *
 * @param store The current store.
 * @param entry The run to add.
 * @param maxEntries Entries kept (default {@linkcode TELEMETRY_MAX_ENTRIES}).
 * @returns The new store.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { addTelemetryEntry, createTelemetryStore } from "./telemetry.ts";
 * const entry = {
 *   timestamp: "2025-01-01T00:00:00.000Z", inputTokens: 100, outputTokens: 40,
 *   savedTokens: 60, savingsPercent: 60,
 * };
 * let store = createTelemetryStore();
 * for (let i = 0; i < 3; i++) store = addTelemetryEntry(store, entry, 2);
 * assert.ok(store.totalSavedTokens === 180 && store.totalRuns === 3 && store.entries.length === 2);
 * ```
 */
export function addTelemetryEntry(
  store: TelemetryStore,
  entry: TelemetryEntry,
  maxEntries: number = TELEMETRY_MAX_ENTRIES,
): TelemetryStore {
  const next: TelemetryStore = {
    version: TELEMETRY_VERSION,
    totalRuns: store.totalRuns + 1,
    totalInputTokens: store.totalInputTokens + entry.inputTokens,
    totalOutputTokens: store.totalOutputTokens + entry.outputTokens,
    totalSavedTokens: store.totalSavedTokens + entry.savedTokens,
    firstRecordedAt: store.firstRecordedAt ?? entry.timestamp,
    lastRecordedAt: entry.timestamp,
    entries: [...store.entries, { ...entry }],
  };
  return pruneTelemetryStore(next, maxEntries);
}

/**
 * Keep only the newest `maxEntries` entries (totals are unchanged).
 *
 * @param store The store.
 * @param maxEntries Entries kept (default {@linkcode TELEMETRY_MAX_ENTRIES}).
 * @returns The same store when nothing is pruned, otherwise a pruned copy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTelemetryStore, pruneTelemetryStore } from "./telemetry.ts";
 * const entry = {
 *   timestamp: "2025-01-01T00:00:00.000Z", inputTokens: 1, outputTokens: 1,
 *   savedTokens: 0, savingsPercent: 0,
 * };
 * const store = { ...createTelemetryStore(), entries: [entry, entry, entry] };
 * assert.ok(pruneTelemetryStore(store, 1).entries.length === 1);
 * ```
 */
export function pruneTelemetryStore(
  store: TelemetryStore,
  maxEntries: number = TELEMETRY_MAX_ENTRIES,
): TelemetryStore {
  const max = Math.max(0, Math.floor(maxEntries));
  if (store.entries.length <= max) return store;
  return { ...store, entries: store.entries.slice(store.entries.length - max) };
}

/**
 * Check a value read from `telemetry.json` and turn it into a store.
 *
 * Accepts the current format, and a store without `version` that has
 * `totalSavedTokens` and `entries` (missing totals are rebuilt from the
 * entries). Invalid entries are dropped; everything else is foreign.
 *
 * @param value The parsed JSON.
 * @returns `{ store, droppedEntries }`, or `{ problem }` when the value is not a
 *   telemetry store of a version this code understands.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTelemetryStore } from "./telemetry.ts";
 * const ok = parseTelemetryStore({ totalSavedTokens: 5, entries: [] });
 * assert.ok("store" in ok && ok.store.totalSavedTokens === 5);
 * const foreign = parseTelemetryStore({ hello: "world" });
 * assert.ok("problem" in foreign);
 * ```
 */
export function parseTelemetryStore(
  value: unknown,
): { store: TelemetryStore; droppedEntries: number } | { problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { problem: "not a JSON object" };
  }
  const v = value as Record<string, unknown>;
  if (v.version !== undefined && v.version !== TELEMETRY_VERSION) {
    return { problem: `unsupported version ${JSON.stringify(v.version)}` };
  }
  if (!Array.isArray(v.entries)) return { problem: 'no "entries" list' };
  if (!_isCount(v.totalSavedTokens)) return { problem: 'no valid "totalSavedTokens"' };
  const entries: TelemetryEntry[] = [];
  for (const raw of v.entries) {
    const entry = _parseEntry(raw);
    if (entry) entries.push(entry);
  }
  const droppedEntries = v.entries.length - entries.length;
  const sum = (key: "inputTokens" | "outputTokens") => entries.reduce((n, e) => n + e[key], 0);
  const total = (key: string, fallback: number): number | undefined => {
    const t = v[key];
    if (t === undefined) return v.version === undefined ? fallback : undefined;
    return _isCount(t) ? t : undefined;
  };
  const totalRuns = total("totalRuns", entries.length);
  const totalInputTokens = total("totalInputTokens", sum("inputTokens"));
  const totalOutputTokens = total("totalOutputTokens", sum("outputTokens"));
  if (
    totalRuns === undefined || totalInputTokens === undefined || totalOutputTokens === undefined
  ) {
    return { problem: "missing or invalid totals" };
  }
  const store: TelemetryStore = {
    version: TELEMETRY_VERSION,
    totalRuns,
    totalInputTokens,
    totalOutputTokens,
    totalSavedTokens: v.totalSavedTokens,
    entries,
  };
  const first = _isTime(v.firstRecordedAt) ? v.firstRecordedAt : entries[0]?.timestamp;
  const last = _isTime(v.lastRecordedAt) ? v.lastRecordedAt : entries.at(-1)?.timestamp;
  if (first) store.firstRecordedAt = first;
  if (last) store.lastRecordedAt = last;
  return { store, droppedEntries };
}

/**
 * A human-readable summary of a store, for `trimlog --telemetry-summary`.
 * Deterministic: numbers use `,` grouping regardless of locale.
 *
 * @param store The store.
 * @returns Lines of text, ending without a newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { addTelemetryEntry, createTelemetryStore, formatTelemetrySummary } from "./telemetry.ts";
 * const store = addTelemetryEntry(createTelemetryStore(), {
 *   timestamp: "2025-01-01T00:00:00.000Z", inputTokens: 12000, outputTokens: 3000,
 *   savedTokens: 9000, savingsPercent: 75, detectedFormat: "node",
 * });
 * const text = formatTelemetrySummary(store);
 * assert.ok(text.includes("Tokens saved:   9,000 (75.0%)"));
 * ```
 */
export function formatTelemetrySummary(store: TelemetryStore): string {
  const lines = ["trimlog telemetry (local only; nothing is ever sent)"];
  if (store.totalRuns === 0) {
    lines.push("No runs recorded yet.");
    return lines.join("\n");
  }
  const percent = store.totalInputTokens > 0
    ? (100 * store.totalSavedTokens) / store.totalInputTokens
    : 0;
  lines.push(
    `Runs:           ${_group(store.totalRuns)}`,
    `Input tokens:   ${_group(store.totalInputTokens)}`,
    `Output tokens:  ${_group(store.totalOutputTokens)}`,
    `Tokens saved:   ${_group(store.totalSavedTokens)} (${percent.toFixed(1)}%)`,
    `Average saved:  ${_group(store.totalSavedTokens / store.totalRuns)} tokens per run`,
  );
  if (store.firstRecordedAt) lines.push(`First run:      ${store.firstRecordedAt}`);
  if (store.lastRecordedAt) lines.push(`Last run:       ${store.lastRecordedAt}`);
  const entries = store.entries;
  if (entries.length > 0) {
    const mean = entries.reduce((n, e) => n + e.savingsPercent, 0) / entries.length;
    const best = entries.reduce((a, e) => (e.savedTokens > a.savedTokens ? e : a));
    lines.push(
      `Last ${_group(entries.length)} runs: mean savings ${mean.toFixed(1)}%, best ${
        _group(best.savedTokens)
      } tokens saved (${best.timestamp})`,
    );
    const formats = new Map<string, number>();
    for (const e of entries) {
      const f = e.detectedFormat ?? "unknown";
      formats.set(f, (formats.get(f) ?? 0) + 1);
    }
    const ranked = [...formats].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    lines.push(
      `Formats:        ${ranked.slice(0, 8).map(([f, n]) => `${f} ${_group(n)}`).join(", ")}${
        ranked.length > 8 ? ", …" : ""
      }`,
    );
  }
  return lines.join("\n");
}

/**
 * Whether telemetry is switched off by the environment: `TRIM_TELEMETRY` set
 * to `0`, `false`, `off`, `no` or `disabled` (any case). The CLI also turns it
 * off with `--no-telemetry`.
 *
 * @param env `Deno.env`, `process.env`, or any `{ get(name) }` / record.
 * @returns `true` when nothing should be recorded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { telemetryDisabled } from "./telemetry.ts";
 * assert.ok(telemetryDisabled({ TRIM_TELEMETRY: "0" }) === true);
 * assert.ok(telemetryDisabled({ TRIM_TELEMETRY: "1" }) === false);
 * assert.ok(telemetryDisabled(new Map([["TRIM_TELEMETRY", "off"]])) === true);
 * assert.ok(telemetryDisabled({}) === false);
 * ```
 */
export function telemetryDisabled(
  env: { get(name: string): string | undefined } | Record<string, string | undefined>,
): boolean {
  const value = typeof env.get === "function"
    ? (env as { get(name: string): string | undefined }).get("TRIM_TELEMETRY")
    : (env as Record<string, string | undefined>).TRIM_TELEMETRY;
  if (typeof value !== "string") return false;
  return ["0", "false", "off", "no", "disabled"].includes(value.trim().toLowerCase());
}

function _parseEntry(raw: unknown): TelemetryEntry | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const e = raw as Record<string, unknown>;
  if (!_isTime(e.timestamp)) return undefined;
  if (!_isCount(e.inputTokens) || !_isCount(e.outputTokens) || !_isCount(e.savedTokens)) {
    return undefined;
  }
  const percent = e.savingsPercent;
  if (typeof percent !== "number" || !(percent >= 0 && percent <= 100)) return undefined;
  const entry: TelemetryEntry = {
    timestamp: e.timestamp,
    inputTokens: e.inputTokens,
    outputTokens: e.outputTokens,
    savedTokens: e.savedTokens,
    savingsPercent: percent,
  };
  if (typeof e.detectedFormat === "string" && e.detectedFormat !== "") {
    entry.detectedFormat = e.detectedFormat.slice(0, 64);
  }
  return entry;
}

function _isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function _isTime(value: unknown): value is string {
  return typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value));
}

function _count(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function _isoTime(date: Date): string {
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}

/** `1234567.8` → `1,234,568` (rounded, locale-independent). */
function _group(n: number): string {
  const rounded = Math.round(n);
  const sign = rounded < 0 ? "-" : "";
  const digits = String(Math.abs(rounded));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
  return sign + out;
}
