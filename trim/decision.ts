/**
 * Per-line decisions (`onDecision`, `--explain`): the closed set of reasons and
 * the reporter. Line numbers, reasons and scores travel with each batch
 * (`batch.ts`) when decisions are tracked.
 *
 * @module
 */

import { LineCategory } from "./classify/score.ts";
import type { TrimLineDecision } from "./types.ts";

/**
 * Every `reason` a {@linkcode TrimLineDecision} can carry.
 *
 * | reason | action | meaning |
 * |---|---|---|
 * | `error` | keep | error or fatal line (tag, failure of a tool, panic …) |
 * | `diagnostic` | keep | diagnostic keyword (timeout, refused, not found …) or scanner finding |
 * | `stack-frame` | keep | stack frame, `Caused by:`, or a line of a kept stack record |
 * | `relevant` | keep | scored at least 40 at the current level (warnings, plain lines at medium …) |
 * | `keep-rule` | keep | matched a custom `keep` pattern |
 * | `context-before` | keep | soft line shown before an error |
 * | `context-after` | keep | soft line shown after an error |
 * | `tail-context` | keep | one of the closing lines of the log (summary, exit status) |
 * | `final-window` | keep | in the final window: the log's last lines, read as evidence |
 * | `end-of-step` | keep | the end of the failing step: its last lines before the failure's exit, within the budget |
 * | `failure-section` | keep | in a test runner's section for a failed test (pytest, jest, go, PHP's diff) |
 * | `new-since-baseline` | keep | its template is new since the passing run's log (`baseline`), and still rare in this one |
 * | `diverged-from-baseline` | keep | in the log's closing lines, at or just after a point where the failing run left the passing run's order (`baseline`) |
 * | `repeat` | fold | folded into the `[xN]` line of an adjacent line of the same shape |
 * | `repeated-stack` | fold | its stack group folded into an `[xN]` group of identical stacks |
 * | `repeated-block` | fold | inside a later copy of a repeated block (`collapseBlocks`, `[block xM]`) |
 * | `noise` | drop | scored below 40 at the current level |
 * | `blank-run` | drop | extra blank line of a run of blank lines |
 * | `severity` | drop | below the `severity` option |
 * | `include` | drop | did not match `include` |
 * | `exclude` | drop | matched `exclude` |
 * | `ignore-rule` | drop | matched a custom `ignore` pattern |
 * | `root-cause` | drop | restates an error already shown (`rootCause`) |
 * | `baseline` | drop | the passing run's log (`baseline`) printed a line of its template |
 * | `repeat-dampened` | drop | repeated too often: scored below 40 after dampening, or a context line shown 3 times already |
 * | `repeated-frames` | drop | stack frames shown before, without an error line of their own |
 * | `stack-frame-limit` | drop | application frame beyond `maxStackFrames` (a marker stands for it) |
 * | `sample-limit` | drop | beyond `sampleSize` kept lines |
 * | `secret-block` | drop | inside a private-key block |
 * | `token-budget` | drop | did not fit in `maxTokens` (lower score than the lines kept) |
 * | `budget-block` | drop | in a block of context and relevant lines only, with no room left in the budget (`block_budget.ts`) |
 * | `internal-frame` | hide | internal library stack frame |
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECISION_REASONS } from "./decision.ts";
 * assert.ok(DECISION_REASONS.includes("context-before"));
 * ```
 */
export const DECISION_REASONS = [
  "error",
  "diagnostic",
  "stack-frame",
  "relevant",
  "keep-rule",
  "context-before",
  "context-after",
  "tail-context",
  "final-window",
  "end-of-step",
  "failure-section",
  "new-since-baseline",
  "diverged-from-baseline",
  "repeat",
  "repeated-stack",
  "repeated-block",
  "noise",
  "blank-run",
  "severity",
  "include",
  "exclude",
  "ignore-rule",
  "root-cause",
  "baseline",
  "repeat-dampened",
  "repeated-frames",
  "stack-frame-limit",
  "sample-limit",
  "secret-block",
  "token-budget",
  "budget-block",
  "internal-frame",
] as const;

/**
 * One of {@linkcode DECISION_REASONS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { DecisionReason } from "./decision.ts";
 * const r: DecisionReason = "noise";
 * assert.ok(r === "noise");
 * ```
 */
export type DecisionReason = typeof DECISION_REASONS[number];

/**
 * The block each reason puts a line in, as `--explain` names the decision: the
 * failure block (errors, their traces and context), the end of the failing step, the
 * end of the log, the budget, a filter, noise.
 */
const _BLOCKS: Record<DecisionReason, string> = {
  "error": "failure block",
  "diagnostic": "failure block",
  "stack-frame": "failure block",
  "keep-rule": "keep rule",
  "failure-section": "failure block",
  "context-before": "failure block",
  "context-after": "failure block",
  "relevant": "relevant line",
  "tail-context": "end of log",
  "final-window": "end of log",
  "end-of-step": "end of failing step",
  "new-since-baseline": "new since baseline",
  "diverged-from-baseline": "diverged from baseline",
  "repeat": "repeat",
  "repeated-stack": "repeat",
  "repeated-block": "repeat",
  "noise": "noise",
  "blank-run": "noise",
  "repeat-dampened": "noise",
  "repeated-frames": "noise",
  "root-cause": "restated error",
  "stack-frame-limit": "frame limit",
  "internal-frame": "internal frame",
  "severity": "filter",
  "include": "filter",
  "exclude": "filter",
  "ignore-rule": "filter",
  "baseline": "printed by the passing run",
  "sample-limit": "sample cap",
  "secret-block": "secret",
  "token-budget": "budget",
  "budget-block": "budget, block of context",
};

const _VERBS: Record<TrimLineDecision["action"], string> = {
  keep: "kept",
  fold: "folded",
  drop: "dropped",
  hide: "hidden",
};

/**
 * A decision in words, as `--explain` shows it: what happened to the line and the
 * block or budget that decided it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeDecision } from "./decision.ts";
 * assert.ok(describeDecision("keep", "error") === "kept: failure block");
 * assert.ok(describeDecision("keep", "end-of-step") === "kept: end of failing step");
 * assert.ok(describeDecision("drop", "token-budget") === "dropped: budget");
 * ```
 */
export function describeDecision(action: TrimLineDecision["action"], reason: string): string {
  const block = (_BLOCKS as Record<string, string | undefined>)[reason] ?? reason;
  return `${_VERBS[action] ?? action}: ${block}`;
}

/**
 * Reports decisions to `onDecision`; ignores synthetic lines (number 0).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DecisionReporter } from "./decision.ts";
 * const seen: string[] = [];
 * const r = new DecisionReporter((d) => seen.push(`${d.lineNumber}:${d.action}:${d.reason}`));
 * r.report(3, "drop", "noise", 5);
 * r.report(0, "keep", "error", 80);
 * assert.ok(seen.join() === "3:drop:noise");
 * ```
 */
export class DecisionReporter {
  #callback: (decision: TrimLineDecision) => void;

  /** @param callback the `onDecision` option. */
  constructor(callback: (decision: TrimLineDecision) => void) {
    this.#callback = callback;
  }

  /** Reports one decision. */
  report(
    lineNumber: number,
    action: TrimLineDecision["action"],
    reason: DecisionReason,
    score: number,
  ): void {
    if (lineNumber > 0) this.#callback({ lineNumber, action, reason, score });
  }
}

const _STACK_SIG = LineCategory.STACK << 7;
const _ERROR_SIG = LineCategory.ERROR << 7;
const _DIAG_SIG = LineCategory.DIAGNOSTIC << 7;

/**
 * The keep reason of a line's signal (`lineSignal`): `error`, `diagnostic`,
 * `stack-frame` or `relevant`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keepReasonOf } from "./decision.ts";
 * import { lineSignal } from "./classify/score.ts";
 * assert.ok(keepReasonOf(lineSignal("ERROR disk full")) === "error");
 * ```
 */
export function keepReasonOf(sig: number): DecisionReason {
  if (sig >= _ERROR_SIG) return "error";
  if (sig >= _DIAG_SIG) return "diagnostic";
  if (sig >= _STACK_SIG) return "stack-frame";
  return "relevant";
}
