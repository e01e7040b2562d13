import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import {
  addTelemetryEntry,
  createTelemetryEntry,
  createTelemetryStore,
  formatTelemetrySummary,
  parseTelemetryStore,
  pruneTelemetryStore,
  TELEMETRY_MAX_ENTRIES,
  TELEMETRY_VERSION,
  telemetryDisabled,
  type TelemetryEntry,
} from "../../trim/telemetry.ts";
import type { TrimResult } from "../../trim/types.ts";
import { trimResult as result } from "../_helpers/telemetry.ts";

const T0 = new Date("2025-03-01T12:00:00Z");

test("a new store is empty and versioned", () => {
  assert.deepEqual(createTelemetryStore(), {
    version: TELEMETRY_VERSION,
    totalRuns: 0,
    totalInputTokens: 0,
    totalOutputTokens: 0,
    totalSavedTokens: 0,
    entries: [],
  });
});

test("an entry copies the counts of a result and nothing else", () => {
  const full: TrimResult = {
    ...result(1000, 250, "node"),
    detectedSources: ["github-actions"],
    outputPath: "/secret/path.log",
    timedOut: false,
  };
  const entry = createTelemetryEntry(full, T0);
  assert.deepEqual(entry, {
    timestamp: "2025-03-01T12:00:00.000Z",
    inputTokens: 1000,
    outputTokens: 250,
    savedTokens: 750,
    savingsPercent: 75,
    detectedFormat: "node",
  });
  const odd = createTelemetryEntry(
    { inputTokens: NaN, outputTokens: -5, savedTokens: Infinity, savingsPercent: 140 },
    T0,
  );
  assert.deepEqual(
    [odd.inputTokens, odd.outputTokens, odd.savedTokens, odd.savingsPercent],
    [0, 0, 0, 100],
  );
});

test("adding entries grows the totals and prunes to 1,000 entries, oldest first", () => {
  let store = createTelemetryStore();
  const frozen = store;
  for (let i = 0; i < TELEMETRY_MAX_ENTRIES + 5; i++) {
    const at = new Date(T0.getTime() + i * 1000);
    store = addTelemetryEntry(store, createTelemetryEntry(result(100 + i, 10), at));
  }
  assert.equal(frozen.entries.length, 0, "the input store is not modified");
  assert.equal(store.entries.length, TELEMETRY_MAX_ENTRIES);
  assert.equal(store.totalRuns, TELEMETRY_MAX_ENTRIES + 5);
  assert.equal(store.entries[0].inputTokens, 105, "the five oldest were pruned");
  assert.equal(store.entries.at(-1)!.inputTokens, 100 + TELEMETRY_MAX_ENTRIES + 4);
  const n = TELEMETRY_MAX_ENTRIES + 5;
  assert.equal(store.totalInputTokens, 100 * n + (n * (n - 1)) / 2);
  assert.equal(store.totalOutputTokens, 10 * n);
  assert.equal(store.totalSavedTokens, store.totalInputTokens - store.totalOutputTokens);
  assert.equal(store.firstRecordedAt, "2025-03-01T12:00:00.000Z");
  assert.equal(store.lastRecordedAt, store.entries.at(-1)!.timestamp);
});

test("property: totals equal the sum of every recorded run, whatever was pruned", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat(10_000), fc.nat(10_000)), { maxLength: 60 }),
      fc.integer({ min: 0, max: 20 }),
      (runs, max) => {
        let store = createTelemetryStore();
        for (const [i, o] of runs) {
          store = addTelemetryEntry(store, createTelemetryEntry(result(i, o), T0), max);
        }
        assert.equal(store.totalRuns, runs.length);
        assert.equal(store.totalInputTokens, runs.reduce((s, [i]) => s + i, 0));
        assert.equal(store.totalSavedTokens, runs.reduce((s, [i, o]) => s + Math.max(0, i - o), 0));
        assert.equal(store.entries.length, Math.min(runs.length, max));
      },
    ),
    propertyParams("telemetry_store#1"),
  );
});

test("pruning keeps totals and returns the same store when nothing is pruned", () => {
  const store = addTelemetryEntry(createTelemetryStore(), createTelemetryEntry(result(5, 1), T0));
  assert.equal(pruneTelemetryStore(store), store);
  const pruned = pruneTelemetryStore(store, 0);
  assert.equal(pruned.entries.length, 0);
  assert.equal(pruned.totalSavedTokens, 4);
});

test("parsing accepts current stores, migrates version-less ones and rejects foreign ones", () => {
  const store = addTelemetryEntry(createTelemetryStore(), createTelemetryEntry(result(9, 3), T0));
  const roundTrip = parseTelemetryStore(JSON.parse(JSON.stringify(store)));
  assert.deepEqual(roundTrip, { store, droppedEntries: 0 });

  const legacy = parseTelemetryStore({
    totalSavedTokens: 10,
    entries: [{
      timestamp: "2024-01-01T00:00:00Z",
      inputTokens: 12,
      outputTokens: 2,
      savedTokens: 10,
      savingsPercent: 83.3,
    }],
  });
  assert.ok("store" in legacy);
  assert.equal(legacy.store.totalRuns, 1);
  assert.equal(legacy.store.totalInputTokens, 12);
  assert.equal(legacy.store.firstRecordedAt, "2024-01-01T00:00:00Z");

  const someBad = parseTelemetryStore({
    ...store,
    entries: [...store.entries, { timestamp: "nope" }, 7, { ...store.entries[0], savedTokens: -1 }],
  });
  assert.ok("store" in someBad);
  assert.equal(someBad.droppedEntries, 3);
  assert.equal(someBad.store.entries.length, 1);

  for (
    const foreign of [
      null,
      3,
      "x",
      [],
      {},
      { entries: [] },
      { totalSavedTokens: 1 },
      {
        totalSavedTokens: "1",
        entries: [],
      },
      { ...store, version: 2 },
      { ...store, totalRuns: -1 },
      { ...store, totalInputTokens: undefined },
    ]
  ) {
    assert.ok("problem" in parseTelemetryStore(foreign), JSON.stringify(foreign));
  }
});

test("the summary is deterministic and readable", () => {
  assert.equal(
    formatTelemetrySummary(createTelemetryStore()),
    "trimlog telemetry (local only; nothing is ever sent)\nNo runs recorded yet.",
  );
  let store = createTelemetryStore();
  const runs: Array<[number, number, string | undefined]> = [
    [1_200_000, 300_000, "node"],
    [800_000, 100_000, "python"],
    [1000, 1000, undefined],
    [4000, 1000, "node"],
  ];
  runs.forEach(([i, o, f], k) => {
    store = addTelemetryEntry(
      store,
      createTelemetryEntry(result(i, o, f), new Date(T0.getTime() + k * 60_000)),
    );
  });
  assert.equal(
    formatTelemetrySummary(store),
    [
      "trimlog telemetry (local only; nothing is ever sent)",
      "Runs:           4",
      "Input tokens:   2,005,000",
      "Output tokens:  402,000",
      "Tokens saved:   1,603,000 (80.0%)",
      "Average saved:  400,750 tokens per run",
      "First run:      2025-03-01T12:00:00.000Z",
      "Last run:       2025-03-01T12:03:00.000Z",
      "Last 4 runs: mean savings 59.4%, best 900,000 tokens saved (2025-03-01T12:00:00.000Z)",
      "Formats:        node 2, python 1, unknown 1",
    ].join("\n"),
  );
});

test("the summary copes with totals beyond the kept entries", () => {
  const entry: TelemetryEntry = {
    timestamp: "2025-01-01T00:00:00.000Z",
    inputTokens: 10,
    outputTokens: 5,
    savedTokens: 5,
    savingsPercent: 50,
  };
  const store = {
    ...createTelemetryStore(),
    totalRuns: 5000,
    totalInputTokens: 1,
    totalSavedTokens: 5,
    entries: [entry],
  };
  const text = formatTelemetrySummary(store);
  assert.match(text, /^Runs: {11}5,000$/m);
  assert.match(text, /^Last 1 runs: mean savings 50\.0%/m);
});

test("TRIM_TELEMETRY=0 and friends disable telemetry", () => {
  for (const off of ["0", "false", "FALSE", " off ", "no", "disabled"]) {
    assert.equal(telemetryDisabled({ TRIM_TELEMETRY: off }), true, off);
    assert.equal(telemetryDisabled(new Map([["TRIM_TELEMETRY", off]])), true, off);
  }
  for (const on of [undefined, "", "1", "true", "on"]) {
    assert.equal(telemetryDisabled({ TRIM_TELEMETRY: on }), false, String(on));
  }
  assert.equal(telemetryDisabled({}), false);
});
