/**
 * The layout of a GitHub Actions log archive (the run page's "Download log
 * archive"): a folder per job holding a file per step, `build/4_Run tests.txt`, and
 * the whole log of each job at the top, `1_build.txt`. The numbers give the order.
 * The patterns and the failure marks are data; {@linkcode planGithubArchive} and
 * {@linkcode FailureScan} are the mechanism.
 *
 * @module
 */

/** A step's file: `JOB/N_STEP NAME.txt`. */
const _STEP_FILE = /^([^/]+)\/(\d+)_([^/]+)\.txt$/;
/** A job's whole log at the top: `N_JOB.txt`. */
const _JOB_FILE = /^(\d+)_([^/]+)\.txt$/;
/** A line that says the step failed: the runner's error mark, or a non-zero exit. */
const _FAILURE_MARKS = ["##[error]", "Process completed with exit code "] as const;
const _EXIT_CODE = /Process completed with exit code (\d+)/;

/** One step of a job. */
export interface GhaStep {
  /** The step's number in the job (the order). */
  number: number;
  /** The step's name (`Run tests`). */
  name: string;
  /** The archive member holding its log. */
  member: string;
}

/** One job of the run. */
export interface GhaJob {
  /** The job's name (`build`). */
  name: string;
  /** The member with the job's whole log, if any (used when there are no step files). */
  log?: string;
  /** Its steps, in order. */
  steps: GhaStep[];
}

/**
 * The jobs and steps of a GitHub Actions log archive, in order, from its member
 * names; `undefined` when the names do not have that shape (every member a step
 * file or a top-level job log, at least one of them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { planGithubArchive } from "./gha.ts";
 * const plan = planGithubArchive([
 *   "2_lint.txt", "1_build.txt", "build/2_Checkout.txt", "build/10_Run tests.txt", "lint/1_Set up job.txt",
 * ])!;
 * assert.deepEqual(plan.map((j) => j.name), ["build", "lint"]);
 * assert.deepEqual(plan[0].steps.map((s) => s.name), ["Checkout", "Run tests"]);
 * assert.ok(planGithubArchive(["notes.md"]) === undefined);
 * ```
 */
export function planGithubArchive(names: readonly string[]): GhaJob[] | undefined {
  const jobs = new Map<string, GhaJob & { order: number }>();
  const job = (name: string) => {
    let j = jobs.get(name);
    if (j === undefined) jobs.set(name, j = { name, steps: [], order: Infinity });
    return j;
  };
  for (const member of names) {
    const step = _STEP_FILE.exec(member);
    if (step) {
      job(step[1]).steps.push({ number: Number(step[2]), name: step[3], member });
      continue;
    }
    const top = _JOB_FILE.exec(member);
    if (!top) return undefined;
    const j = job(top[2]);
    j.log = member;
    j.order = Number(top[1]);
  }
  if (jobs.size === 0) return undefined;
  const sorted = [...jobs.values()].sort((a, b) =>
    a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
  return sorted.map(({ name, log, steps }) => ({
    name,
    ...(log !== undefined ? { log } : {}),
    steps: steps.sort((a, b) => a.number - b.number),
  }));
}

/**
 * Watches a step's lines for the marks of a failure: `##[error]`, or `Process
 * completed with exit code N` with N other than 0.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FailureScan } from "./gha.ts";
 * const scan = new FailureScan();
 * scan.lines(["npm test", "2024-05-14T10:00:00Z ##[error]Process completed with exit code 1."]);
 * assert.ok(scan.failed && scan.exitCode === 1);
 * ```
 */
export class FailureScan {
  /** Whether a failure mark was seen. */
  failed = false;
  /** The non-zero exit code named, if any. */
  exitCode: number | undefined;

  /** Looks at a batch of raw lines (cheap pre-check first). */
  lines(lines: readonly string[]): void {
    for (const line of lines) {
      if (!line.includes(_FAILURE_MARKS[0]) && !line.includes(_FAILURE_MARKS[1])) continue;
      const exit = _EXIT_CODE.exec(line);
      if (exit) {
        const code = Number(exit[1]);
        if (code === 0) continue;
        this.exitCode = code;
      }
      this.failed = true;
    }
  }
}
