/**
 * The verdict of the line rules on one line (`line_rules.ts`): what the selector does
 * with it ({@linkcode Act}) and the details it needs ({@linkcode Verdict}).
 *
 * @module
 */

import type { DecisionReason } from "../decision.ts";
import type { AggressivenessDecisionKind } from "./aggressiveness.ts";

/**
 * What the selector does with a line (see {@linkcode Verdict}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Act } from "./verdict.ts";
 * assert.ok(new Set(Object.values(Act)).size === 6); // six distinct acts
 * ```
 */
export const Act = {
  /** Keep it (a hard line brings its context). */
  KEEP: 0,
  /** Show it as it is (context, a closing line). */
  SHOW: 1,
  /** Drop it for good. */
  DROP: 2,
  /** Drop it; it may still be shown as context (`soft`), or only counted. */
  SOFT: 3,
  /** A blank line: dropped, parting no filler from the lines around it. */
  BLANK: 4,
  /** A filler (a rule, an ellipsis): shown with the lines around it, else dropped. */
  FILLER: 5,
} as const;

/** One of the {@linkcode Act} values. */
export type Act = typeof Act[keyof typeof Act];

/**
 * The verdict on a line, reused from line to line (no allocation per line).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Act, Verdict } from "./verdict.ts";
 * const v = new Verdict();
 * assert.ok(v.set(Act.DROP, "x", "noise", 0, "drop") === Act.DROP && v.kind === "drop");
 * ```
 */
export class Verdict {
  /** The line as it goes on (masked once it is a keep candidate). */
  line = "";
  /** The reason it is kept or dropped. */
  reason: DecisionReason = "noise";
  /** Its score. */
  score = 0;
  /** A hard line (a frame or above): kept with its context. */
  hard = false;
  /** The hash of a hard line's repeat signature. */
  h = 0;
  /** A soft drop: the line may still be shown as context. */
  soft = false;
  /** What the auto aggressiveness is told. */
  kind: AggressivenessDecisionKind = "drop";

  /** Sets the verdict; returns `act`. */
  set(
    act: Act,
    line: string,
    reason: DecisionReason,
    score: number,
    kind: AggressivenessDecisionKind,
  ): Act {
    this.line = line;
    this.reason = reason;
    this.score = score;
    this.kind = kind;
    return act;
  }
}
