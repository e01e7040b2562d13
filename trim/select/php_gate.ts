/**
 * PHP's test diffs in the selector's line path: a diff block (`========DIFF========`)
 * is held ({@linkcode PhpTestDiffs}) until its test's verdict; then a failed test's
 * lines are shown (capped at {@linkcode PHP_DIFF_LINES}), an expected failure's
 * dropped, and anything else goes through the line rules after all.
 *
 * @module
 */

import { scoreForLevel } from "../classify/score.ts";
import type { SignalCache } from "../classify/signal_cache.ts";
import type { DecisionReason } from "../decision.ts";
import type { AggressivenessState } from "./aggressiveness.ts";
import type { BeforeContext } from "./before_context.ts";
import type { Emitter } from "./emitter.ts";
import { FILTER_PASS, type lineFilter } from "./filters.ts";
import { PHP_DIFF_LINES, PhpStep, PhpTestDiffs } from "./php_diffs.ts";

/** PHP's diff blocks start with `=`. */
const _PHP_BLOCK = 61;

/** What the gate reads, and what it tells a held line's fate to. */
export interface PhpGateLinks {
  /** The user's filters: a line they decide ends a held block. */
  filter: ReturnType<typeof lineFilter>;
  /** The line rules of the selector. */
  decide: (line: string, num: number) => void;
  /** Shows a line (the selector's emitter, sample cap included). */
  emit: (line: string, num: number, reason: DecisionReason, score: number) => boolean;
  /** The output end (the input position). */
  em: Emitter;
  /** Where a dropped line goes. */
  before: BeforeContext;
  /** The aggressiveness a shown line is scored at, told each decision. */
  state: AggressivenessState;
  /** The lines' signals (cached `lineSignal`). */
  signals: SignalCache;
}

/**
 * Holds PHP's diff blocks in front of the line rules.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Selector } from "../stages/select.ts";
 * import { resolveOptions } from "../resolve.ts";
 * const counters = { dropped() {}, hidden() {}, duplicates() {} };
 * const s = new Selector(resolveOptions({ aggressiveness: "aggressive" }).select, counters);
 * const lines = ["========DIFF========", "001+ got", "001- want", "========DONE========",
 *   "FAIL strlen [ext/standard/tests/strlen.phpt]"];
 * const out = [...s.push({ lines }).lines, ...s.flush().lines];
 * assert.ok(out.includes("001+ got") && out.at(-1)!.startsWith("FAIL strlen"));
 * ```
 */
export class PhpGate {
  #php = new PhpTestDiffs();
  #o: PhpGateLinks;

  /** @param o what the gate reads and tells. */
  constructor(o: PhpGateLinks) {
    this.#o = o;
  }

  /** Whether a diff block is being held. */
  get holding(): boolean {
    return this.#php.holding;
  }

  /** Whether `line` is held; the lines a verdict releases are decided first. */
  hold(line: string, num: number): boolean {
    const php = this.#php;
    if (!php.holding && line.charCodeAt(0) !== _PHP_BLOCK) return false;
    const filter = this.#o.filter;
    if (php.holding && filter !== undefined && filter(line) !== FILTER_PASS) {
      // A line the user's rules decide is decided now, after the lines held.
      php.abandon();
      this.#release(PhpStep.REPLAY);
      return false;
    }
    const step = php.next(line, num);
    if (step === PhpStep.HOLD) return true;
    if (step !== PhpStep.PASS) this.#release(step);
    return false;
  }

  /** End of input: a diff whose verdict never came goes through the line rules. */
  end(): void {
    if (!this.#php.holding) return;
    this.#php.abandon();
    this.#release(PhpStep.REPLAY);
  }

  /** The lines held, after the verdict `step`. */
  #release(step: PhpStep): void {
    const { held, nums } = this.#php;
    this.#php.clear();
    const o = this.#o;
    const state = o.state;
    for (let i = 0; i < held.length; i++) {
      if (step === PhpStep.REPLAY) {
        o.decide(held[i], nums[i]);
        continue;
      }
      o.em.pos++;
      if (step === PhpStep.SHOW && i < PHP_DIFF_LINES) {
        const score = scoreForLevel(o.signals.signal(held[i]), state.effective);
        o.emit(held[i], nums[i], "failure-section", score);
        state.recordDecision("keep-soft");
      } else {
        o.before.drop(nums[i], "noise", 0);
        state.recordDecision("drop");
      }
    }
  }
}
