/**
 * Bands of a line's signal ({@linkcode lineSignal}: category `<< 7` plus a weight) that
 * the selector's rules compare with: named, so a rule reads `sig >= STACK_SIG`, not a
 * raw number.
 *
 * @module
 */

import { LineCategory } from "../classify/score.ts";

/**
 * Above known noise (junk): a line that can still be shown as context.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lineSignal } from "../classify/score.ts";
 * import { CONTEXT_SIG } from "./signals.ts";
 * assert.ok(lineSignal("building the index") >= CONTEXT_SIG);
 * ```
 */
export const CONTEXT_SIG: number = LineCategory.CHATTER << 7;
/** Untagged lines and above (not INFO, DEBUG, chatter): the final window's context. */
export const PLAIN_SIG: number = LineCategory.PLAIN << 7;
/** Stack frames and above: hard lines, kept with their context. */
export const STACK_SIG: number = LineCategory.STACK << 7;
/** Diagnostics and above (not a frame alone). */
export const DIAG_SIG: number = LineCategory.DIAGNOSTIC << 7;
/** Errors and above. */
export const ERROR_SIG: number = LineCategory.ERROR << 7;
