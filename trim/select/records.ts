/**
 * Multi-line records (stack traces, from the group stage), kept or dropped as one
 * logical line scored by its best line and reduced ({@linkcode reduceRecord}: internal
 * frames hidden unless the exception was raised there, frames beyond `maxStackFrames`
 * collapsed into a marker). The record shown last is held: adjacent records that differ
 * only in addresses, offsets, line numbers or goroutine ids fold into it as one `[xN]`
 * group. The first trace of the log ({@linkcode WHOLE_TRACES}), and a Python exception
 * chained to it, are shown whole. A record of frames only shown before is dropped.
 *
 * @module
 */

import { hashLine } from "../classify/hash.ts";
import { isExceptionHead, isStackFrame } from "../classify/frames.ts";
import { scoreForLevel } from "../classify/score.ts";
import type { SignalCache } from "../classify/signal_cache.ts";
import { SCORE_KEEP_THRESHOLD } from "../constants.ts";
import type { EffectiveAggressiveness } from "../types.ts";
import type { AfterContext } from "./after_context.ts";
import type { AggressivenessState } from "./aggressiveness.ts";
import type { BeforeContext } from "./before_context.ts";
import type { Emitter } from "./emitter.ts";
import { filterRecord, type lineFilter } from "./filters.ts";
import { capHeld, type HeldStack, reduceRecord, repeatsHeld } from "./held_stack.ts";
import type { NoiseBlocks } from "./noise_blocks.ts";
import type { Repeats } from "./repeats.ts";
import type { RootCause } from "./root_cause.ts";
import { DIAG_SIG, ERROR_SIG, PLAIN_SIG } from "./signals.ts";
import type { SelectSlice } from "./slice.ts";

/**
 * The first this many stack records shown are shown whole, library frames too and
 * every application frame (no `maxStackFrames` marker), when they have at most
 * {@linkcode WHOLE_TRACE_LINES} lines: the trace a failure is read from shows the
 * whole call path (the test runner's, the build tool's), later traces only what the
 * frame rules keep.
 */
export const WHOLE_TRACES = 1;
/** Lines of a record shown whole at most. */
export const WHOLE_TRACE_LINES = 60;

const _T = SCORE_KEEP_THRESHOLD;

/**
 * Python's words between two chained exceptions: `During handling of the above
 * exception, another exception occurred:`, `The above exception was the direct cause
 * of the following exception:`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isChainLine } from "./records.ts";
 * assert.ok(isChainLine("During handling of the above exception, another exception occurred:"));
 * assert.ok(!isChainLine("Traceback (most recent call last):"));
 * ```
 */
export function isChainLine(line: string): boolean {
  const c = line.charCodeAt(0);
  return (c === 68 && line.startsWith("During handling of the above exception")) ||
    (c === 84 && line.startsWith("The above exception was the direct cause"));
}

/**
 * The first trace of the log, and a Python exception chained to the one shown whole,
 * are shown whole ({@linkcode WHOLE_TRACES}, {@linkcode WHOLE_TRACE_LINES}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WholeTraces } from "./records.ts";
 * const w = new WholeTraces();
 * assert.ok(w.next(3));
 * w.shownRecord(true);
 * assert.ok(!w.next(3));
 * w.shown("During handling of the above exception, another exception occurred:");
 * assert.ok(w.next(3) && !w.next(61));
 * ```
 */
export class WholeTraces {
  /** Records still to be shown whole (library frames too): the first of the log. */
  #left = WHOLE_TRACES;
  /** Whether the last record shown was shown whole. */
  #shown = false;
  /** A line shown since that record chains the next exception to it (Python). */
  #chained = false;

  /** Whether the next record, of `n` lines, is shown whole. */
  next(n: number): boolean {
    const whole = n <= WHOLE_TRACE_LINES && (this.#left > 0 || this.#chained);
    this.#chained = false;
    return whole;
  }

  /** A record was shown, whole or not. */
  shownRecord(whole: boolean): void {
    if (whole && this.#left > 0) this.#left--;
    this.#shown = whole;
  }

  /** A line was shown: after a record shown whole, a chain line chains the next. */
  shown(line: string): void {
    if (this.#shown && isChainLine(line)) this.#chained = true;
  }
}

/**
 * The record path of the selector.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Selector } from "../stages/select.ts";
 * import { resolveOptions } from "../resolve.ts";
 * const counters = { dropped() {}, hidden() {}, duplicates() {} };
 * const s = new Selector(resolveOptions({}).select, counters);
 * const trace = ["TypeError: x is undefined", "    at f (src/a.js:1:1)"];
 * const out = s.push({ lines: [...trace, ...trace], records: [0, 2, 2, 2] });
 * assert.deepEqual([...out.lines, ...s.flush().lines], trace.map((l) => `[x2] ${l}`));
 * ```
 */
export class Records {
  #o: SelectSlice;
  #state: AggressivenessState;
  #em: Emitter;
  #before: BeforeContext;
  #after: AfterContext;
  #blocks: NoiseBlocks;
  #repeats: Repeats;
  #rootCause: RootCause | undefined;
  #held: HeldStack | undefined = undefined;
  /** The traces shown whole. */
  readonly whole: WholeTraces = new WholeTraces();
  #filter: ReturnType<typeof lineFilter>;
  /** The line path, for a record the filters leave one line of. */
  #single: (line: string, num: number) => void;
  /** The lines' signals (cached `lineSignal`). */
  #signals: SignalCache;
  /** Whether a record is new since the baseline and shown whole ({@linkcode Novelty}). */
  #newRecord: ((lines: string[], first: boolean) => boolean) | undefined;

  /** The trackers the record path reads and advances. */
  constructor(o: {
    slice: SelectSlice;
    state: AggressivenessState;
    em: Emitter;
    before: BeforeContext;
    after: AfterContext;
    blocks: NoiseBlocks;
    repeats: Repeats;
    rootCause: RootCause | undefined;
    filter: ReturnType<typeof lineFilter>;
    single: (line: string, num: number) => void;
    signals: SignalCache;
    newRecord?: (lines: string[], first: boolean) => boolean;
  }) {
    this.#o = o.slice;
    this.#state = o.state;
    this.#em = o.em;
    this.#before = o.before;
    this.#after = o.after;
    this.#blocks = o.blocks;
    this.#repeats = o.repeats;
    this.#rootCause = o.rootCause;
    this.#filter = o.filter;
    this.#single = o.single;
    this.#signals = o.signals;
    this.#newRecord = o.newRecord;
  }

  /**
   * A record of the input (at the input position, `em.pos`, of its first line), read
   * while the log's closing lines are read or not (`closing`): filtered line by line,
   * then kept or dropped as one.
   */
  push(lines: string[], nums: number[] | undefined, closing: boolean): void {
    const state = this.#state;
    const level = state.effective;
    this.#em.pos += lines.length;
    let keepRule = false;
    if (this.#filter !== undefined) {
      const left = filterRecord(lines, nums, this.#filter, (num, reason) => {
        this.#before.drop(num, reason, 0);
        state.recordDecision("drop");
      });
      if (left.lines.length === 0) return;
      if (left.lines.length === 1 && !left.keepRule) {
        this.#em.pos--;
        return this.#single(left.lines[0], left.nums ? left.nums[0] : 0);
      }
      ({ lines, nums, keepRule } = left);
    }
    this.#read(lines, nums, keepRule, level, closing);
  }

  /** A record (filtered; `keepRule`: a line matched `keep`) read at `level`. */
  #read(
    lines: string[],
    nums: number[] | undefined,
    keepRule: boolean,
    level: EffectiveAggressiveness,
    closing: boolean,
  ): void {
    const state = this.#state;
    const blocks = this.#blocks;
    if (this.#inNoiseBlock(blocks.warnings, lines, nums, keepRule)) return;
    if (this.#inNoiseBlock(blocks.console, lines, nums, keepRule || closing)) return;
    const n = lines.length;
    const sigs = new Array<number>(n);
    let best = 0;
    let bestSig = 0;
    for (let i = 0; i < n; i++) {
      const sig = this.#signals.signal(lines[i]);
      sigs[i] = sig;
      const s = scoreForLevel(sig, level);
      if (s > best) best = s;
      if (sig > bestSig) bestSig = sig;
    }
    // A record in a banner or a passing suite's listing (a component stack under a
    // React warning) is noise, unless it holds an error line (and the banner's errors
    // are not noise too).
    const banners = blocks.banners;
    const errorKept = banners.inside && !banners.wholly && bestSig >= ERROR_SIG;
    if (this.#inNoiseBlock(banners, lines, nums, keepRule || errorKept)) return;
    // The first trace is shown whole, and so is a Python exception chained to it,
    // and (with a baseline) one of the first traces the passing run never printed,
    // every frame of it.
    const first = this.whole.next(n);
    const fresh = this.#newRecord !== undefined && this.#newRecord(lines, first);
    const whole = first || fresh;
    if (best < _T && !keepRule && !(closing && bestSig >= PLAIN_SIG)) {
      for (let i = 0; i < n; i++) {
        this.#before.drop(nums ? nums[i] : 0, "noise", scoreForLevel(sigs[i], level));
        state.recordDecision("drop");
      }
      return;
    }
    this.#rootCause?.note(bestSig);
    const em = this.#em;
    const last = em.lastKept;
    const held = reduceRecord(
      lines,
      nums,
      sigs,
      level,
      keepRule,
      whole ? { ...this.#o, maxStackFrames: n } : this.#o,
      {
        hidden: em.counters.hidden,
        dropped: em.counters.dropped,
        report: em.report,
        record: (kind) => this.#state.recordDecision(kind),
      },
      // The top of an exception's stack: a frame under the exception kept before it.
      last !== undefined && isStackFrame(lines[0]) && isExceptionHead(last),
      whole,
    );
    if (repeatsHeld(this.#held, held)) return this.#foldRepeat(this.#held!, held);
    const repeat = this.#repeats.isRepeatTrigger(hashLine(held.sig));
    if (repeat && bestSig < DIAG_SIG && !keepRule && !closing && !fresh) {
      // Frames only, and shown before: no new evidence (a logger's call site, a retry's trace).
      return this.#dropHeld(held);
    }
    if (!repeat) this.#before.before(held.kept > 0);
    else this.#before.flush();
    this.flush();
    // Reserve the kept lines under the sample cap.
    capHeld(held, em.room, (num, score) => {
      em.dropped(1);
      em.final(num, "sample-limit", score);
    });
    em.keptRecord(held.kept);
    if (held.kept > 0) {
      this.whole.shownRecord(whole);
      this.#before.shown();
    }
    this.#held = held;
    if (!this.#o.collapseRepeatedStacks) this.flush();
    if (held.kept > 0) this.#after.left = repeat ? 0 : this.#after.open(em.pos);
  }

  /** Writes the held record, if any. */
  flush(): void {
    const h = this.#held;
    if (h === undefined) return;
    this.#held = undefined;
    this.#em.putHeld(h);
  }

  /**
   * A record that starts inside a noise block (pytest's warnings summary; a jest console
   * entry, whose call site `at Logger.write (src/lib/logger.ts:44:17)` the group stage
   * reads as a record) is noise, every line of it, unless `keep`. The block's tracker
   * sees every line of the record either way.
   */
  #inNoiseBlock(
    block: { next(line: string): boolean },
    lines: string[],
    nums: number[] | undefined,
    keep: boolean,
  ): boolean {
    if (!block.next(lines[0]) || keep) {
      for (let i = 1; i < lines.length; i++) block.next(lines[i]);
      return false;
    }
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) block.next(lines[i]);
      this.#before.drop(nums ? nums[i] : 0, "noise", 0);
      this.#state.recordDecision("drop");
    }
    return true;
  }

  /** A reduced record that is not shown: its kept lines are dropped (markers vanish). */
  #dropHeld(held: HeldStack): void {
    const em = this.#em;
    for (let i = 0; i < held.lines.length; i++) {
      if (held.marker[i]) continue;
      em.dropped(1);
      em.report?.report(held.nums[i], "drop", "repeat-dampened", held.scores[i]);
      this.#state.recordDecision("repeat");
    }
    this.#before.flush();
  }

  /** A repeat of the held record folds into it. */
  #foldRepeat(prev: HeldStack, held: HeldStack): void {
    const em = this.#em;
    prev.count++;
    em.counters.duplicates(prev.kept);
    if (held.keptAll > prev.kept) em.dropped(held.keptAll - prev.kept);
    const report = em.report;
    if (report) {
      let k = 0;
      for (let i = 0; i < held.lines.length; i++) {
        if (held.marker[i]) continue;
        const fold = k < prev.kept;
        report.report(
          held.nums[i],
          fold ? "fold" : "drop",
          fold ? "repeated-stack" : "sample-limit",
          held.scores[i],
        );
        k++;
      }
    }
    this.#before.flush();
    this.#after.left = 0;
  }
}
