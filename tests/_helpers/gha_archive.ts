// Builds a GitHub Actions log archive in memory, shaped like the run page's
// "Download log archive": N_job.txt at the top, JOB/N_Step name.txt per step.
import { zipSync } from "fflate";

const TS = "2026-11-27T10:00:00.0000000Z";
const enc = new TextEncoder();

/** The lines of a passing step: setup chatter, `n` lines of it. */
export function passingStep(name: string, n: number): string[] {
  const out = [`${TS} ##[group]Run ${name}`];
  for (let i = 1; i < n - 1; i++) out.push(`${TS} ${name}: fetched object ${i} of ${n - 2}`);
  out.push(`${TS} ##[endgroup]`);
  return out;
}

/** The lines of the failing test step: tests pass, one fails with its assertion and frames. */
export function failingStep(): string[] {
  const out = [`${TS} ##[group]Run npm test`, `${TS} > shop-api@1.0.0 test`, `${TS} > jest --ci`];
  for (let i = 0; i < 120; i++) out.push(`${TS} PASS src/module${i}.test.ts (${i % 7}.1 s)`);
  out.push(
    `${TS} FAIL src/payments/charge.test.ts`,
    `${TS}   ● charge › refuses an expired card`,
    `${TS}     expect(received).toBe(expected) // Object.is equality`,
    `${TS}     Expected: 402`,
    `${TS}     Received: 500`,
    `${TS}       at Object.<anonymous> (src/payments/charge.test.ts:41:27)`,
    `${TS} Tests:       1 failed, 120 passed, 121 total`,
    `${TS} ##[error]Process completed with exit code 1.`,
  );
  return out;
}

export const STEP_NAMES = [
  "Set up job",
  "Checkout",
  "Setup Node",
  "Install",
  "Run tests",
  "Complete job",
];

/** The archive's members: jobs `build` (step 5 fails when `fail`) and `lint`, 6 steps each. */
export function ghaMembers(): Record<string, string> {
  const files: Record<string, string> = {};
  const jobs: [string, boolean][] = [["build", true], ["lint", false]];
  jobs.forEach(([job, fails], j) => {
    const all: string[] = [];
    STEP_NAMES.forEach((step, s) => {
      const lines = fails && step === "Run tests" ? failingStep() : passingStep(step, 10 + s * 7);
      files[`${job}/${s + 1}_${step}.txt`] = lines.join("\n") + "\n";
      all.push(...lines);
    });
    files[`${j + 1}_${job}.txt`] = all.join("\n") + "\n";
  });
  return files;
}

/** A zip of `files` (text members). */
export function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([k, v]) => [k, typeof v === "string" ? enc.encode(v) : v]),
    ),
  );
}
