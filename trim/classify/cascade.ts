/**
 * Root-cause mode (`rootCause` option): recognizing downstream cascade
 * restatements of an error already shown, so the pipeline can drop them once
 * a genuine error was kept.
 *
 * @module
 */

import { LineCategory, type LineSignal, lineSignal, signalCategory } from "./score.ts";

/**
 * Restatements, each anchored (after optional leading blanks or a level tag)
 * so the match is linear and cheap; the leading blanks are matched atomically
 * (`(?=(\s*))\1`) so a long blank line cannot backtrack quadratically:
 * - rustc/cargo: `error: aborting due to 2 previous errors`,
 *   ``error: could not compile `x` (bin "x") due to previous error``;
 * - CI: `skipped because the upstream job failed`, `This job was skipped`,
 *   GitLab `ERROR: Job failed: exit code 1` (GitHub's `##[error]Process completed
 *   with exit code 1.` is not one: it is the failing step's exit status, kept);
 * - make: `make: *** [Makefile:3: all] Error 2`, `make[1]: *** […] Error 1`;
 * - clang/gcc: `1 error generated.`, `3 errors generated.`;
 * - npm: `A complete log of this run can be found in`, `This is probably not
 *   a problem with npm`, `Failed at the x@1.0.0 test script`, `code
 *   ELIFECYCLE`, `errno 1`; yarn `error Command failed with exit code 1.`;
 *   pnpm `ELIFECYCLE  Command failed with exit code 1.`;
 * - Maven boilerplate: `-> [Help 1]`, `Re-run Maven using the -X switch`,
 *   `To see the full stack trace of the errors`, `For more information about
 *   the errors and possible solutions`, `[Help 1] http…`;
 * - just: ``error: Recipe `x` failed on line 3 with exit code 1``; tox
 *   `ERROR: InvocationError for command`.
 */
const _RESTATEMENT =
  /^(?=(\s*))\1(?:\[(?:ERROR|error)\]\s*|##\[error\]|npm (?:ERR!|error) ?|(?:ERROR|error):?\s+)?(?:error: aborting due to (?:\d+ )?previous errors?|aborting due to (?:\d+ )?previous errors?|error: could not compile `[^`]*`[^\n]*?\bdue to (?:\d+ )?previous errors?|could not compile `[^`]*`[^\n]*?\bdue to (?:\d+ )?previous errors?|This job was skipped|Job failed: exit code \d+|make(?:\[\d+\])?: \*\*\* \[[^\]]*\] Error \d+|\d+ errors? generated\.?|A complete log of this run can be found in|This is probably not a problem with npm|Failed at the \S+ \S+ script|code ELIFECYCLE|errno \d+$|error Command failed with exit code \d+\.?|ELIFECYCLE\s+Command failed with exit code \d+\.?|Command failed with exit code \d+\.?$|-> \[Help 1\]|Re-run Maven using the -X switch|To see the full stack trace of the errors|For more information about the errors and possible solutions|\[Help 1\] https?:|error: Recipe `[^`]*` failed|InvocationError for command)/;

/** GitHub/GitLab: a job skipped because an upstream job failed. */
const _SKIPPED = /\bskipped because (?:the |an )?upstream job failed/;

/**
 * Whether a line restates an earlier error instead of reporting one (see the
 * list in the module source: `aborting due to previous errors`, `could not
 * compile … due to previous error`, `skipped because the upstream job
 * failed`, `This job was skipped`, `make: *** […] Error 2`, `N errors
 * generated`, npm/yarn/pnpm/Maven epilogues, CI `Job failed: exit code 1`).
 *
 * Kept on purpose (not restatements): TypeScript's `Found 2 errors in 1
 * file.` and test-runner summaries (`Tests: 1 failed`), which add counts and
 * file names; Docker's `failed to solve: process "…" did not complete
 * successfully`, which names the failing step; Go's `FAIL pkg 0.1s`, which
 * names the package.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCascadeRestatement } from "./cascade.ts";
 * assert.ok(isCascadeRestatement("error: aborting due to 2 previous errors"));
 * assert.ok(isCascadeRestatement("make: *** [Makefile:12: all] Error 2"));
 * assert.ok(!isCascadeRestatement("Found 2 errors in 1 file."));
 * ```
 */
export function isCascadeRestatement(line: string): boolean {
  return _RESTATEMENT.test(line) || (line.indexOf("skipped because") !== -1 && _SKIPPED.test(line));
}

/**
 * Whether a line is a genuine error: an error or fatal line, or an error
 * keyword/exception line (a diagnostic worth at least 60 points), that is not
 * a cascade restatement. Pass the line's signal when already computed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isGenuineError } from "./cascade.ts";
 * assert.ok(isGenuineError("src/main.rs:3:5: error[E0308]: mismatched types"));
 * assert.ok(!isGenuineError("error: aborting due to previous error"));
 * assert.ok(!isGenuineError("    at main (/app/x.js:1:2)"));
 * ```
 */
export function isGenuineError(line: string, signal: LineSignal = lineSignal(line)): boolean {
  return _isErrorSignal(signal) && !isCascadeRestatement(line);
}

function _isErrorSignal(signal: LineSignal): boolean {
  const category = signalCategory(signal);
  return category === LineCategory.ERROR || category === LineCategory.FATAL ||
    (category === LineCategory.DIAGNOSTIC && (signal & 127) >= 60);
}

/**
 * Root-cause tracking over a stream, see {@linkcode createRootCauseTracker}.
 *
 * @example Dropping a restatement after the root cause
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRootCauseTracker, type RootCauseTracker } from "./cascade.ts";
 * const tracker: RootCauseTracker = createRootCauseTracker();
 * tracker.isRedundant("main.c:3:1: error: expected ';'");
 * assert.ok(tracker.seenGenuineError);
 * assert.ok(tracker.isRedundant("make: *** [all] Error 2"));
 * ```
 */
export interface RootCauseTracker {
  /** Whether a genuine error has been observed. */
  readonly seenGenuineError: boolean;
  /**
   * Observe one line (in stream order) and tell whether it is a redundant
   * restatement to drop: true only for a restatement after a genuine error.
   */
  isRedundant(line: string, signal?: LineSignal): boolean;
}

/**
 * Create the per-stream root-cause state: restatements are redundant only
 * once a genuine error was seen, so a log whose only error line is a
 * restatement keeps it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRootCauseTracker } from "./cascade.ts";
 * const t = createRootCauseTracker();
 * assert.ok(!t.isRedundant("make: *** [all] Error 2")); // nothing seen yet
 * assert.ok(!t.isRedundant("main.c:3:1: error: expected ';'"));
 * assert.ok(t.isRedundant("make: *** [all] Error 2"));
 * ```
 */
export function createRootCauseTracker(): RootCauseTracker {
  let seen = false;
  return {
    get seenGenuineError() {
      return seen;
    },
    isRedundant(line: string, signal?: LineSignal): boolean {
      if (isCascadeRestatement(line)) return seen;
      if (!seen && _isErrorSignal(signal ?? lineSignal(line))) seen = true;
      return false;
    },
  };
}
