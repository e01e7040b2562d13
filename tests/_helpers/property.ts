/**
 * The parameters of every fast-check property of the tests: a FIXED seed in
 * `deno task test` (CI is deterministic), a fresh one under `deno task fuzz`.
 *
 * - No `FUZZ_SEED`: the seed is fixed per property (a hash of its label), and printed.
 * - `FUZZ_SEED=S`: every property runs with seed `S` (what `deno task fuzz` sets, and
 *   what reproduces a seed it reports: `FUZZ_SEED=S deno test -A FILE --filter NAME`).
 * - `FUZZ_PATH=P`: with `FUZZ_SEED`, replays fast-check's shrink path `P` (the
 *   counterexample itself, at once).
 * - `FUZZ_RUNS=K`: K times the property's own number of runs (default 1).
 * - `FUZZ_TIME=SECONDS`: a property stops (passing) after that long.
 *
 * @module
 */
import assert from "node:assert/strict";
import type fc from "fast-check";

/** The environment, or undefined where reading it is not allowed. */
function env(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** FNV-1a of the label, as a signed 32-bit seed (the form fast-check prints). */
export function fixedSeed(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    throw new Error(`${name}=${value}: expected a positive number`);
  }
  return n;
}

/**
 * The parameters of one property: `label` names it (its default seed is derived from
 * it), `base` holds its own settings (`numRuns`, ...). The seed used is printed.
 *
 * @example
 * ```ts
 * import fc from "fast-check";
 * import { propertyParams } from "./property.ts";
 * fc.assert(fc.property(fc.nat(), (n) => n >= 0), propertyParams("nat#1", { numRuns: 100 }));
 * ```
 */
export function propertyParams<T>(
  label: string,
  base: fc.Parameters<T> = {},
): fc.Parameters<T> {
  const given = env("FUZZ_SEED");
  let seed: number;
  if (given !== undefined && given !== "") {
    seed = Number(given);
    if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED=${given}: expected an integer`);
  } else {
    seed = base.seed ?? fixedSeed(label);
  }
  const scale = positive("FUZZ_RUNS", env("FUZZ_RUNS")) ?? 1;
  const seconds = positive("FUZZ_TIME", env("FUZZ_TIME"));
  const path = given !== undefined ? env("FUZZ_PATH") : undefined;
  const numRuns = Math.max(1, Math.round((base.numRuns ?? 100) * scale));
  console.log(`property ${label}: seed ${seed}, ${numRuns} runs`);
  return {
    ...base,
    seed,
    numRuns,
    ...(path !== undefined && path !== "" ? { path } : {}),
    ...(seconds !== undefined ? { interruptAfterTimeLimit: seconds * 1000 } : {}),
  };
}

/**
 * Checks how many items a property saw (`perRun` in each run): exactly `perRun` times the
 * runs of `params`, or a positive multiple of `perRun` when the property may stop early
 * (`FUZZ_TIME`) or replays one run (`FUZZ_PATH`). `FUZZ_RUNS` scales the runs.
 *
 * @example
 * ```ts
 * import { assertRunCount } from "./property.ts";
 * assertRunCount(3000, 20, { numRuns: 150 });
 * ```
 */
export function assertRunCount<T>(count: number, perRun: number, params: fc.Parameters<T>): void {
  if (params.interruptAfterTimeLimit === undefined && params.path === undefined) {
    assert.equal(count, perRun * (params.numRuns ?? 100));
  } else assert.ok(count > 0 && count % perRun === 0, `${count} items, ${perRun} a run`);
}
