/**
 * A kept stack record waiting to see whether the next record repeats it
 * (`collapseRepeatedStacks`): its lines after reduction, markers in place, with the
 * number, reason and score of each.
 *
 * @module
 */

import type { AggressivenessDecisionKind } from "./aggressiveness.ts";
import { LineCategory, scoreForLevel } from "../classify/score.ts";
import { reduceStackGroup, STACK_COLLAPSE, STACK_HIDE, stackSignature } from "../classify/stack.ts";
import { type DecisionReason, type DecisionReporter, keepReasonOf } from "../decision.ts";
import type { EffectiveAggressiveness } from "../types.ts";

const _STACK_SIG = LineCategory.STACK << 7;

/** A kept stack record held back by select. */
export interface HeldStack {
  /** The record's lines after reduction (markers included). */
  lines: string[];
  /** Whether each line is a marker (`[... K more ...]`). */
  marker: boolean[];
  /** Input line number of each line (0: marker or untracked). */
  nums: number[];
  /** Keep reason of each line. */
  reasons: DecisionReason[];
  /** Score of each line. */
  scores: number[];
  /** Kept (non-marker) lines held. */
  kept: number;
  /** Kept lines of the record before the sample cap. */
  keptAll: number;
  /** Markers of the record. */
  markers: number;
  /** The record's repeat signature (addresses, offsets, line numbers generalized). */
  sig: string;
  /** How many records it stands for. */
  count: number;
}

/**
 * An empty held record for `lines` (the reduced lines) before its lines are described.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heldStack } from "./held_stack.ts";
 * const h = heldStack(["at f()"], 1, 0);
 * assert.ok(h.count === 1 && h.kept === 1 && h.nums.length === 0);
 * ```
 */
export function heldStack(lines: string[], kept: number, markers: number): HeldStack {
  return {
    lines,
    marker: [],
    nums: [],
    reasons: [],
    scores: [],
    kept,
    keptAll: kept,
    markers,
    sig: "",
    count: 1,
  };
}

/**
 * Appends the description of the next line of a held record.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeLine, heldStack } from "./held_stack.ts";
 * const h = heldStack(["[... 3 more ...]"], 0, 1);
 * describeLine(h, true, 0, "stack-frame", 0);
 * assert.ok(h.marker[0] && h.reasons[0] === "stack-frame");
 * ```
 */
export function describeLine(
  h: HeldStack,
  marker: boolean,
  num: number,
  reason: DecisionReason,
  score: number,
): void {
  h.marker.push(marker);
  h.nums.push(num);
  h.reasons.push(reason);
  h.scores.push(score);
}

/**
 * Whether `next` repeats `prev` (same signature, same shape after reduction).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heldStack, repeatsHeld } from "./held_stack.ts";
 * const a = heldStack(["at f()"], 1, 0);
 * const b = heldStack(["at f()"], 1, 0);
 * a.sig = b.sig = "at f()";
 * assert.ok(repeatsHeld(a, b) && !repeatsHeld(undefined, b));
 * ```
 */
export function repeatsHeld(prev: HeldStack | undefined, next: HeldStack): boolean {
  return prev !== undefined && prev.sig === next.sig && prev.keptAll === next.keptAll &&
    prev.markers === next.markers && prev.lines.length === next.lines.length;
}

/**
 * Cuts a held record to its first `room` kept lines (the sample cap); markers after
 * the cut go too. `dropped` is told the number and score of each kept line cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { capHeld, describeLine, heldStack } from "./held_stack.ts";
 * const h = heldStack(["a", "b", "c"], 3, 0);
 * for (const n of [1, 2, 3]) describeLine(h, false, n, "stack-frame", 90);
 * const cut: number[] = [];
 * capHeld(h, 1, (n) => cut.push(n));
 * assert.deepEqual(h.lines, ["a"]);
 * assert.deepEqual(cut, [2, 3]);
 * ```
 */
export function capHeld(
  h: HeldStack,
  room: number,
  dropped: (num: number, score: number) => void,
): void {
  if (h.kept <= room) return;
  const keep = Math.max(0, room);
  let k = 0;
  const lines: string[] = [];
  const marker: boolean[] = [];
  const nums: number[] = [];
  const reasons: DecisionReason[] = [];
  const scores: number[] = [];
  for (let i = 0; i < h.lines.length; i++) {
    if (!h.marker[i]) {
      if (k >= keep) {
        dropped(h.nums[i], h.scores[i]);
        k++;
        continue;
      }
      k++;
    } else if (k >= keep) continue;
    lines.push(h.lines[i]);
    marker.push(h.marker[i]);
    nums.push(h.nums[i]);
    reasons.push(h.reasons[i]);
    scores.push(h.scores[i]);
  }
  h.lines = lines;
  h.marker = marker;
  h.nums = nums;
  h.reasons = reasons;
  h.scores = scores;
  h.kept = keep;
}

/** Where {@linkcode reduceRecord} reports. */
export interface RecordReports {
  /** `n` internal frames were hidden. */
  hidden(n: number): void;
  /** `n` lines were dropped (frames beyond `maxStackFrames`). */
  dropped(n: number): void;
  /** Decisions of hidden and collapsed frames (tracked runs). */
  report: DecisionReporter | undefined;
  /** One decision per line, for the aggressiveness window. */
  record(kind: AggressivenessDecisionKind): void;
}

/**
 * Reduces a kept record (internal frames hidden, application frames beyond
 * `maxStackFrames` collapsed into a marker) into a held record describing each line
 * left, markers in place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceRecord } from "./held_stack.ts";
 * import { lineSignal } from "../classify/score.ts";
 * const lines = ["Error: boom", "    at f (/app/a.js:1:1)"];
 * const held = reduceRecord(lines, undefined, lines.map((l) => lineSignal(l)), "high", false, {
 *   maxStackFrames: 10,
 *   internalStackPatterns: undefined,
 * }, { hidden() {}, dropped() {}, report: undefined, record() {} });
 * assert.ok(held.kept === 2 && held.reasons[0] === "error");
 * ```
 */
export function reduceRecord(
  lines: string[],
  nums: number[] | undefined,
  sigs: number[],
  level: EffectiveAggressiveness,
  keepRule: boolean,
  o: { maxStackFrames: number; internalStackPatterns: RegExp | undefined },
  on: RecordReports,
  framesFirstAtTop = false,
  showInternal = false,
): HeldStack {
  const r = reduceStackGroup(lines, {
    maxStackFrames: o.maxStackFrames,
    internal: o.internalStackPatterns,
    framesFirstAtTop,
    showInternal,
  });
  if (r.hidden > 0) on.hidden(r.hidden);
  if (r.collapsed > 0) on.dropped(r.collapsed);
  const held = heldStack(r.lines, r.kept, r.markers);
  const actions = r.actions;
  const report = on.report;
  let j = 0;
  for (let i = 0; i < lines.length; i++) {
    const a = actions === undefined ? 0 : actions[i];
    const sc = scoreForLevel(sigs[i], level);
    if (a === STACK_HIDE) {
      if (report) report.report(nums![i], "hide", "internal-frame", sc);
      on.record("drop");
      continue;
    }
    if (a === STACK_COLLAPSE) {
      if (report) report.report(nums![i], "drop", "stack-frame-limit", sc);
      on.record("drop");
      continue;
    }
    while (j < r.lines.length && r.lines[j] !== lines[i]) {
      describeLine(held, true, 0, "stack-frame", 0);
      j++;
    }
    describeLine(
      held,
      false,
      nums ? nums[i] : 0,
      keepRule ? "keep-rule" : keepReasonOf(sigs[i]),
      sc,
    );
    on.record(sigs[i] >= _STACK_SIG || keepRule ? "keep-hard" : "keep-soft");
    j++;
  }
  while (j < r.lines.length) {
    describeLine(held, true, 0, "stack-frame", 0);
    j++;
  }
  held.sig = stackSignature(r.lines);
  return held;
}
