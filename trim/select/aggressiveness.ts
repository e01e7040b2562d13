/**
 * Effective aggressiveness of a stream: fixed, or adapted in auto mode from a
 * sliding window of the last line decisions.
 *
 * @module
 */

import {
  AGGRESSIVENESS_DROPS_TO_TIGHTEN,
  AGGRESSIVENESS_HARD_KEEPS_TO_RELAX,
  AGGRESSIVENESS_WINDOW,
} from "../constants.ts";
import { TrimError } from "../errors.ts";
import { AGGRESSIVENESS_VALUES } from "../options.ts";
import type { Aggressiveness, EffectiveAggressiveness } from "../types.ts";

/**
 * What happened to one line, as fed to the auto window: `keep-hard` (an
 * error, fatal, stack frame or diagnostic keyword was kept), `keep-soft`
 * (any other kept line, context included), `drop`, or `repeat` (folded into
 * an `[xN]` group or dampened as a repeat).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AggressivenessDecisionKind } from "./aggressiveness.ts";
 * const kind: AggressivenessDecisionKind = "keep-hard";
 * assert.ok(kind === "keep-hard");
 * ```
 */
export type AggressivenessDecisionKind = "keep-hard" | "keep-soft" | "drop" | "repeat";

/**
 * The aggressiveness of a stream, see {@linkcode createDynamicAggressivenessState}.
 *
 * @example A fixed level never moves
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AggressivenessState, createDynamicAggressivenessState } from "./aggressiveness.ts";
 * const state: AggressivenessState = createDynamicAggressivenessState("medium");
 * for (let i = 0; i < 8; i++) state.recordDecision("drop");
 * assert.ok(state.effective === "medium" && !state.auto);
 * ```
 */
export interface AggressivenessState {
  /** The level to score the next line at. */
  readonly effective: EffectiveAggressiveness;
  /** Whether the level adapts (`auto`). */
  readonly auto: boolean;
  /** Feed one line decision to the window (a no-op for fixed levels). */
  recordDecision(kind: AggressivenessDecisionKind): void;
}

const _VALUES: ReadonlySet<string> = new Set(AGGRESSIVENESS_VALUES);
const _HARD = 1;
const _DROP = 2;

/**
 * Create the aggressiveness state of a stream.
 *
 * A fixed value (`low`, `medium`, `high`, `aggressive`) never changes. With
 * `auto` the level starts at `high` and follows a window of the last 8
 * decisions; each level moves only to its neighbour (medium ↔ high ↔
 * aggressive), and the thresholds to leave a level differ from those to
 * enter it (hysteresis), so the level never flaps:
 *
 * | from | condition on the last 8 decisions | to |
 * |---|---|---|
 * | high | 3 or more `keep-hard` | medium (more context) |
 * | high | 6 or more `drop`/`repeat` | aggressive (more filtering) |
 * | medium | at most 1 `keep-hard`, and 8 decisions since entering medium | high |
 * | aggressive | 3 or more `keep-hard` (an error burst: react at once) | high |
 * | aggressive | at most 2 `drop`/`repeat`, and 8 decisions since entering aggressive | high |
 *
 * The spec fixes the moves out of high; the moves back are ours: a relaxed or
 * tightened level holds for at least one full window and returns to high only
 * when the whole window is quiet, except that errors pull an aggressive
 * stream back at once (from high, a continuing burst then reaches medium on
 * the next decision). Moving out of high is checked first for hard keeps.
 *
 * @throws {TrimError} `INVALID_OPTION` for an unknown value.
 *
 * @example Auto mode relaxing on an error burst
 * ```ts
 * import assert from "node:assert/strict";
 * import { createDynamicAggressivenessState } from "./aggressiveness.ts";
 * const state = createDynamicAggressivenessState("auto");
 * const start = state.effective; // a local: asserting on it does not narrow state.effective
 * assert.ok(start === "high");
 * for (let i = 0; i < 3; i++) state.recordDecision("keep-hard");
 * assert.ok(state.effective === "medium");
 * ```
 */
export function createDynamicAggressivenessState(value: Aggressiveness): AggressivenessState {
  if (typeof value !== "string" || !_VALUES.has(value)) {
    throw new TrimError(
      "INVALID_OPTION",
      `invalid aggressiveness ${JSON.stringify(value)}: expected one of ${
        AGGRESSIVENESS_VALUES.join(", ")
      }`,
    );
  }
  if (value !== "auto") {
    return { effective: value, auto: false, recordDecision() {} };
  }
  const window = new Uint8Array(AGGRESSIVENESS_WINDOW);
  let next = 0;
  let filled = 0;
  let hard = 0;
  let drops = 0;
  let sinceChange = 0;
  let effective: EffectiveAggressiveness = "high";
  const change = (to: EffectiveAggressiveness) => {
    effective = to;
    sinceChange = 0;
  };
  return {
    get effective() {
      return effective;
    },
    auto: true,
    recordDecision(kind: AggressivenessDecisionKind): void {
      const code = kind === "keep-hard" ? _HARD : kind === "drop" || kind === "repeat" ? _DROP : 0;
      if (filled === AGGRESSIVENESS_WINDOW) {
        const old = window[next];
        if (old === _HARD) hard--;
        else if (old === _DROP) drops--;
      } else filled++;
      window[next] = code;
      next = (next + 1) % AGGRESSIVENESS_WINDOW;
      if (code === _HARD) hard++;
      else if (code === _DROP) drops++;
      sinceChange++;
      const settled = sinceChange >= AGGRESSIVENESS_WINDOW;
      switch (effective) {
        case "high":
          if (hard >= AGGRESSIVENESS_HARD_KEEPS_TO_RELAX) change("medium");
          else if (drops >= AGGRESSIVENESS_DROPS_TO_TIGHTEN) change("aggressive");
          break;
        case "medium":
          if (settled && hard <= 1) change("high");
          break;
        case "aggressive":
          if (hard >= AGGRESSIVENESS_HARD_KEEPS_TO_RELAX || (settled && drops <= 2)) {
            change("high");
          }
          break;
      }
    },
  };
}
