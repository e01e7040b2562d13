/**
 * The select stage: decides, line by line and record by record, what a person
 * needs to diagnose a failure, and drops the rest. For each line, in order:
 *
 * 1. filters ({@linkcode lineFilter}): a custom `keep` match is kept (a hard keep);
 *    custom `ignore`, `include`, `exclude` and `severity` drop;
 * 2. the line is classified once per template ({@linkcode SignalCache}) and scored at the effective
 *    aggressiveness ({@linkcode scoreForLevel}); in `auto` the level follows
 *    {@linkcode createDynamicAggressivenessState}, fed one decision per line;
 * 3. lines scoring at least {@linkcode SCORE_KEEP_THRESHOLD} are masked and kept,
 *    unless the passing run printed them too (`baseline`), `rootCause` finds a
 *    restatement ({@linkcode RootCause}), or repeat dampening (below error level)
 *    takes them under the threshold;
 * 4. context: up to `contextBefore` soft lines before an error, `contextAfter` after it
 *    (adaptive by default), and the closing lines of the log; a gap of at most
 *    `contextBefore` + {@linkcode GAP_LINES} soft lines between shown parts is shown
 *    whole. A repeated error gets no context, so its repeats stay adjacent and fold
 *    into `[xN]`;
 * 5. test-runner failure sections (pytest, jest, go test, mocha, PHPUnit:
 *    {@linkcode FailureSections}): the first few are kept whole, capped; PHP's test
 *    diffs are held until their verdict ({@linkcode PhpTestDiffs}: a failed test's
 *    shown, an expected failure's dropped); jest's console
 *    entries other than `console.error` ({@linkcode JestConsole}) and pytest's warnings
 *    summary ({@linkcode PytestWarnings}) are noise;
 * 6. the final window ({@linkcode FinalWindow}): the last lines of the input are held
 *    back; at the end, its untagged lines are kept as `final-window` (not INFO/DEBUG,
 *    chatter or junk, and of a run of one shape only the first two: {@linkcode ShapeRun});
 *    the steps that ran after the failure ({@linkcode splitAfterFailure}) are not.
 *
 * Records (stack traces, from the group stage) are kept or dropped as one logical
 * line scored by its best line, reduced (internal frames hidden unless they are where
 * the exception the record follows was raised, frames beyond
 * `maxStackFrames` collapsed into a marker), and adjacent records that differ only in
 * addresses, offsets, line numbers or goroutine ids fold into one `[xN]` group
 * ({@linkcode HeldStack}). Frames shown before without an error line of their own (a
 * record of frames only, a lone frame line) are dropped as `repeated-frames`.
 * `sampleSize` caps the kept lines. Masking happens here, on
 * keep candidates only, before a candidate is compared with lines already shown.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import { hashLine } from "../classify/hash.ts";
import { isExceptionHead, isStackFrame } from "../classify/frames.ts";
import { diffLine } from "../classify/diff.ts";
import { createRepeatDampener, LineCategory, scoreForLevel } from "../classify/score.ts";
import type { RepeatDampener } from "../classify/score.ts";
import { createRepeatSignature } from "../classify/signature.ts";
import { SignalCache } from "../classify/signal_cache.ts";
import { SCORE_KEEP_THRESHOLD, TFIDF_MAP_LIMIT, TFIDF_REPEAT_THRESHOLD } from "../constants.ts";
import { type DecisionReason, type DecisionReporter, keepReasonOf } from "../decision.ts";
import {
  type AggressivenessState,
  createDynamicAggressivenessState,
} from "../select/aggressiveness.ts";
import { AdaptiveAfter, ContextRing, isFiller } from "../select/context.ts";
import {
  FinalWindow,
  isStepStart,
  ShapeRun,
  splitAfterFailure,
  startsWithLocation,
} from "../select/final_window.ts";
import { MessageRepeats } from "../select/message_repeats.ts";
import type { RunnerPrefixes } from "../runner_prefix.ts";
import {
  Banners,
  FailureSections,
  firstVisible,
  JestConsole,
  PytestWarnings,
} from "../select/sections.ts";
import { PHP_DIFF_LINES, PhpStep, PhpTestDiffs } from "../select/php_diffs.ts";
import { FILTER_KEEP, FILTER_PASS, filterRecord, lineFilter } from "../select/filters.ts";
import { capHeld, type HeldStack, reduceRecord, repeatsHeld } from "../select/held_stack.ts";
import { SelectOutput } from "../select/output.ts";
import { RootCause } from "../select/root_cause.ts";
import type { BaselineTemplates } from "../select/baseline.ts";
import type { SelectCounters, SelectSlice } from "../select/slice.ts";

export type { SelectCounters, SelectSlice };

const _T = SCORE_KEEP_THRESHOLD;
const _STACK_SIG = LineCategory.STACK << 7;
const _ERROR_SIG = LineCategory.ERROR << 7;
const _DIAG_SIG = LineCategory.DIAGNOSTIC << 7;
const _PLAIN_SIG = LineCategory.PLAIN << 7;
/** Lines of the final window kept as context: untagged lines and above (not INFO, DEBUG, chatter). */
const _CLOSING_SIG = _PLAIN_SIG;

/**
 * A gap of at most this many lines between two shown parts is shown whole when its
 * lines are soft (not noise): a block is not cut by a small hole.
 */
export const GAP_LINES = 2;
/**
 * The first this many stack records shown are shown whole, library frames too, when
 * they have at most {@linkcode WHOLE_TRACE_LINES} lines: the trace a failure is read
 * from shows the whole call path (the test runner's, the build tool's), later traces
 * only what the frame rules keep.
 */
export const WHOLE_TRACES = 1;
/** Lines of a record shown whole at most. */
export const WHOLE_TRACE_LINES = 60;
/**
 * Lines a located error that ends in `:` (`src/X.hs:38:10: error:`) waits for its
 * indented message, showing them without using up its after-window.
 */
const _BODY_WAIT = 4;
/**
 * Indented lines of such an error's message shown at most without using up its
 * after-window (GHC's `Locations searched:` list, an expected/actual type pair).
 */
const _BODY_LINES = 24;
/** Context lines counted at most before the count starts over (memory stays small). */
const _CONTEXT_SEEN_LIMIT = 4096;
/** Lines of one shape in a row the final window keeps as context. */
const _CLOSING_RUN = 2;

/**
 * Select as a pure, incremental step: push batches, collect kept lines.
 * Deterministic: the same lines and options give the same output however the
 * input is batched.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Selector } from "./select.ts";
 * import { resolveOptions } from "../resolve.ts";
 * let dropped = 0;
 * const s = new Selector(resolveOptions({}).select, {
 *   dropped: (n) => (dropped += n),
 *   hidden() {},
 *   duplicates() {},
 * });
 * const pushed = s.push({
 *   lines: ["[DEBUG] cache warm", "[INFO] a", "[INFO] b", "[INFO] c", "[ERROR] database timeout after 30s"],
 * });
 * // The last lines of the input are held back (the final window) until the end.
 * const out = [...pushed.lines, ...s.flush().lines];
 * // Three lines of context before the error; the DEBUG line is dropped.
 * assert.ok(out.join("|") === "[INFO] a|[INFO] b|[INFO] c|[ERROR] database timeout after 30s");
 * assert.ok(dropped === 1);
 * ```
 */
export class Selector {
  #o: SelectSlice;
  #counters: SelectCounters;
  #report: DecisionReporter | undefined;
  #state: AggressivenessState;
  #filter: ReturnType<typeof lineFilter>;
  #adaptive: AdaptiveAfter | undefined;
  #dampener: RepeatDampener | undefined;
  /** Lines counted by message template (with `#dampener`). */
  #messages: MessageRepeats | undefined;
  #rootCause: RootCause | undefined;
  #out: SelectOutput;
  /** The lines' signals, once per template. */
  #signals: SignalCache;

  #ring: ContextRing;
  #afterLeft = 0;
  /** `#pos` of the last line shown (kept, or a kept record's last line). */
  #shownPos = 0;
  /** `#pos` of the last line the final window's run of one shape counted. */
  #rowPos = 0;
  /** Whether the ring was last emptied by a line shown (not flushed without one). */
  #ringWhole = false;
  /** Records still to be shown whole (library frames too): the first of the log. */
  #wholeLeft = WHOLE_TRACES;
  /** Context lines shown, by hash: how often (at most 4,096 lines tracked). */
  #contextSeen = new Map<number, number>();
  /** Lines an error ending in `:` still waits for its indented message. */
  #bodyWait = 0;
  /** Indented message lines of that error still shown without using up its window. */
  #bodyLeft = 0;
  /** Whether the last record shown was shown whole. */
  #wholeShown = false;
  /** A line shown since that record chains the next exception to it (Python). */
  #chained = false;
  /** Nothing but blank and filler lines since the last line shown. */
  #afterShown = false;
  #pos = 0;
  /** Input position of the last error (for diff hunks after a test failure). */
  #lastTrigger = -1e9;
  /** Lines left in a unified-diff hunk that follows an error. */
  #hunkLeft = 0;
  #kept = 0;
  #lastKept: string | undefined = undefined;
  #lastKeptSig: string | undefined = undefined;
  #lastKeptSigOf: string | undefined = undefined;
  #seenTriggers = new Set<number>();
  #held: HeldStack | undefined = undefined;
  #baseline: BaselineTemplates | undefined = undefined;
  #window: FinalWindow;
  /** Whether the lines being read close the log (the final window). */
  #closing = false;
  /** Feeding the steps after the failure's (see `splitAfterFailure`). */
  #stepsAfter = false;
  /** Runs of lines of one shape in the final window (a table, a file list, an access log). */
  #shapes = new ShapeRun();
  /** The last line that left the final window (read before it). */
  #lastFed: string | undefined = undefined;
  /** Jest's console entries (`console.log` … under `● Console`): noise. */
  #console = new JestConsole();
  /** pytest's warnings summary (`=== warnings summary ===` to `-- Docs:`): noise. */
  #pytestWarnings = new PytestWarnings();
  /** Banners of tools and CI runners (Travis's system information, Gradle's welcome), jest's passing suites. */
  #banners = new Banners();
  /** Test-runner failure sections (pytest, jest, go test), shown whole. */
  #sections = new FailureSections();
  /** PHP's test diffs, held until their verdict. */
  #php = new PhpTestDiffs();

  /**
   * @param slice the resolved options of select.
   * @param counters where dropped, hidden and folded lines are counted.
   * @param report decisions of dropped and hidden lines go here (kept lines
   *   travel on with their reason and score; the fold stage reports them).
   * @param mask the run's masker, applied to the lines kept.
   */
  constructor(
    slice: SelectSlice,
    counters: SelectCounters,
    report?: DecisionReporter,
    mask?: (line: string) => string,
    prefixes?: RunnerPrefixes,
  ) {
    this.#o = slice;
    this.#counters = counters;
    this.#report = report;
    this.#out = new SelectOutput({
      track: report !== undefined,
      scores: slice.scores,
      mask,
      prefixes,
    });
    this.#state = createDynamicAggressivenessState(slice.aggressiveness);
    this.#filter = lineFilter(slice);
    this.#signals = new SignalCache(slice.multilingual);
    if (slice.adaptiveContext) this.#adaptive = new AdaptiveAfter(slice.contextAfter);
    if (slice.rootCause) this.#rootCause = new RootCause();
    if (slice.dampen) this.#dampener = createRepeatDampener();
    if (slice.dampen && slice.dampenMessages) this.#messages = new MessageRepeats();
    this.#ring = new ContextRing(Math.max(slice.contextBefore, slice.tailLines));
    this.#window = new FinalWindow(slice.finalWindow);
  }

  /** The passing run's templates (`baseline`): lines it also printed are not kept on their own. */
  set baseline(templates: BaselineTemplates | undefined) {
    this.#baseline = templates;
  }

  /** The effective aggressiveness the next line is scored at. */
  get level(): string {
    return this.#state.effective;
  }

  /**
   * Entries held by the stage's maps (for tests: each stays within its limit however
   * long the input): error shapes seen, restatements seen, lines and messages counted
   * for dampening.
   */
  get trackedSizes(): { triggers: number; restated: number; dampened: number; messages: number } {
    return {
      triggers: this.#seenTriggers.size,
      restated: this.#rootCause?.size ?? 0,
      dampened: this.#dampener?.size ?? 0,
      messages: this.#messages?.size ?? 0,
    };
  }

  /** Pushes a batch (records marked by the group stage); returns what to pass on. */
  push(batch: Batch): Batch {
    this.#out.begin();
    const released = this.#window.push(batch);
    if (released.lines.length > 0) this.#lastFed = released.lines[released.lines.length - 1];
    this.#feed(released);
    return this.#out.end();
  }

  /**
   * End of input: the final window (the log's closing lines, read as evidence), the
   * held stack record; what is left of the context ring is dropped.
   */
  flush(): Batch {
    this.#out.begin();
    const [before, window] = this.#window.end();
    this.#feed(before);
    const [failure, after, verdict] = splitAfterFailure(window, this.#o.multilingual);
    const read = before.lines.length > 0 ? before.lines[before.lines.length - 1] : this.#lastFed;
    if (read !== undefined) this.#shapes.prime(read, _CLOSING_RUN);
    this.#rowPos = this.#pos;
    this.#closing = true;
    this.#feed(failure);
    this.#closing = false;
    this.#stepsAfter = true;
    this.#feed(after);
    this.#stepsAfter = false;
    // The runner's verdict on the job, after the steps that followed the failure (whose
    // lines are no context of it).
    if (verdict.lines.length > 0) {
      this.#flushRing();
      this.#closing = true;
      this.#feed(verdict);
      this.#closing = false;
    }
    if (this.#php.holding) {
      // A diff whose verdict never came: its lines go through the line rules.
      this.#php.abandon();
      this.#releasePhp(PhpStep.REPLAY);
    }
    // The closing lines of the log, unless they are steps that ran after the failure.
    if (after.lines.length === 0) this.#emitRingTail();
    else this.#flushRing();
    this.#flushHeld();
    return this.#out.end();
  }

  /** The last `tailLines` lines of the ring are shown as the closing lines of the log. */
  #emitRingTail(): void {
    const ring = this.#ring;
    const from = Math.max(0, ring.length - this.#o.tailLines);
    for (let i = 0; i < ring.length; i++) {
      if (i < from || ring.filler(i)) this.#final(ring.num(i), ring.reason(i), ring.score(i));
      else this.#emit(ring.line(i), ring.num(i), "tail-context", ring.score(i), true);
    }
    ring.clear();
  }

  #feed(batch: Batch): void {
    const { lines, numbers, records } = batch;
    let r = 0;
    let at = records === undefined ? -1 : records[0];
    for (let i = 0; i < lines.length; i++) {
      if (i === at) {
        const n = records![r + 1];
        r += 2;
        at = r < records!.length ? records![r] : -1;
        // Inside a PHP diff being held, a record's lines are lines of the diff.
        if (this.#php.holding) {
          i--;
          continue;
        }
        this.#record(lines.slice(i, i + n), numbers?.slice(i, i + n));
        i += n - 1;
        continue;
      }
      this.#single(lines[i], numbers ? numbers[i] : 0);
    }
  }

  /** One line on its own: the hot path (PHP's diff blocks are held first). */
  #single(line: string, num: number): void {
    const php = this.#php;
    if (php.holding || line.charCodeAt(0) === 61) {
      if (php.holding && this.#filter !== undefined && this.#filter(line) !== FILTER_PASS) {
        // A line the user's rules decide is decided now, after the lines held.
        php.abandon();
        this.#releasePhp(PhpStep.REPLAY);
      } else {
        const step = php.next(line, num);
        if (step === PhpStep.HOLD) return;
        if (step !== PhpStep.PASS) this.#releasePhp(step);
      }
    }
    this.#decide(line, num);
  }

  /**
   * The lines of a PHP diff block after its verdict: shown (a failed test's, capped at
   * {@linkcode PHP_DIFF_LINES}), dropped (an expected failure's) or decided one by one.
   */
  #releasePhp(step: PhpStep): void {
    const php = this.#php;
    const { held, nums } = php;
    php.clear();
    const state = this.#state;
    for (let i = 0; i < held.length; i++) {
      if (step === PhpStep.REPLAY) {
        this.#decide(held[i], nums[i]);
        continue;
      }
      this.#pos++;
      if (step === PhpStep.SHOW && i < PHP_DIFF_LINES) {
        const score = scoreForLevel(this.#signals.signal(held[i]), state.effective);
        this.#emit(held[i], nums[i], "failure-section", score);
        state.recordDecision("keep-soft");
      } else {
        this.#drop(nums[i], "noise", 0);
        state.recordDecision("drop");
      }
    }
  }

  /** One line on its own, decided by the line rules. */
  #decide(line: string, num: number): void {
    this.#pos++;
    const state = this.#state;
    if (this.#filter !== undefined) {
      const f = this.#filter(line);
      if (f === FILTER_KEEP) {
        this.#keepLine(line, num, "keep-rule", 100, true);
        state.recordDecision("keep-hard");
        return;
      }
      if (f !== FILTER_PASS) {
        this.#drop(num, f, 0);
        state.recordDecision("drop");
        return;
      }
    }
    if (this.#pytestWarnings.next(line)) {
      this.#drop(num, "noise", 0); // pytest's warnings summary
      state.recordDecision("drop");
      return;
    }
    const indent = firstVisible(line);
    if (this.#console.next(line, indent) && !this.#closing) {
      this.#drop(num, "noise", 0); // what a test printed (jest's console.log, info, warn)
      state.recordDecision("drop");
      return;
    }
    let sig = this.#signals.signal(line);
    if (this.#stepsAfter && sig >= _STACK_SIG && isStepStart(line)) {
      // The title of a step after the failure (GitLab's `Uploading artifacts for failed
      // job`): its words are about the job, no evidence; a plain line (the last of an
      // error's context, as any step's title).
      sig = _PLAIN_SIG;
    }
    if (this.#banners.next(line) && (sig < _ERROR_SIG || this.#banners.wholly)) {
      this.#drop(num, "noise", 0); // a tool's or a runner's banner
      state.recordDecision("drop");
      return;
    }
    // The steps that ran after the failure (an artifact upload, the runner's cleanup):
    // in auto mode, read at `high` even where the failure's errors moved the level down.
    const level = this.#stepsAfter && state.auto && state.effective === "medium"
      ? "high"
      : state.effective;
    let score = scoreForLevel(sig, level);
    const inSection = this.#sections.next(line, indent);
    if (score >= _T) {
      line = this.#out.clean(line);
      if (this.#baseline !== undefined && sig < _ERROR_SIG && this.#baseline.has(line)) {
        // The passing run printed it too: no evidence, but still context of an error.
        this.#dropSoft(line, num, "baseline", score, true);
        state.recordDecision("drop");
        return;
      }
      if (this.#rootCause !== undefined && this.#rootCause.redundant(line, sig)) {
        if (this.#afterLeft > 0 && this.#shownPos === this.#pos - 1) {
          // Right under the error it restates, it closes that error's block
          // (`1 error generated.`); further down it is a cascade.
          this.#afterLeft--;
          this.#emit(line, num, "context-after", score);
          state.recordDecision("keep-soft");
          return;
        }
        this.#dropSoft(line, num, "root-cause", score, false);
        state.recordDecision("drop");
        return;
      }
      if (this.#dampener !== undefined && sig < _ERROR_SIG) {
        let p = this.#dampener.penalty(line);
        const messages = this.#messages;
        if (messages !== undefined && score - p >= _T) {
          // The same message with other values (one warning over many symbols) too,
          // unless it folds into the `[xN]` line of the ones shown.
          const pm = messages.penalty(line);
          if (pm > p && score - pm < _T && !messages.folds(line)) p = pm;
        }
        if (p > 0 && score - p < _T && !this.#foldsWithLast(line)) {
          this.#drop(num, "repeat-dampened", score - p);
          state.recordDecision("repeat");
          return;
        }
        score = Math.max(score - p, _T);
      }
      const hard = sig >= _STACK_SIG;
      // The hash of the line's repeat signature (hard lines only), computed once.
      const h = hard ? hashLine(createRepeatSignature(line)) : 0;
      if (sig < _DIAG_SIG && hard && !this.#closing && this.#seenTriggers.has(h)) {
        // A lone frame shown before (a logger's call site under each console line).
        this.#drop(num, "repeated-frames", score);
        state.recordDecision("repeat");
        return;
      }
      const repeat = line === this.#lastKept;
      this.#keepLine(line, num, keepReasonOf(sig), score, hard, h);
      state.recordDecision(hard ? "keep-hard" : repeat ? "repeat" : "keep-soft");
      return;
    }
    if (inSection && sig >= 128) {
      this.#keepLine(line, num, "failure-section", score, false);
      state.recordDecision("keep-soft");
      return;
    }
    if (this.#hunkLeft > 0 || this.#pos - this.#lastTrigger <= 20) {
      const d = diffLine(line);
      if (d === 2) this.#hunkLeft = 200;
      else if (d === 0) this.#hunkLeft = 0;
      if (d === 1 && this.#hunkLeft > 0) {
        this.#hunkLeft--;
        this.#keepLine(line, num, "diagnostic", score, false);
        state.recordDecision("keep-soft");
        return;
      }
    }
    if (this.#afterLeft > 0 && isStepStart(line)) {
      // The next CI step (`##[group]Run …`, `Post job cleanup.`): its title is the last
      // line of an error's context, its work is not.
      this.#afterLeft = 1;
      this.#bodyWait = 0;
      this.#bodyLeft = 0;
    }
    if (this.#afterLeft > 0 && sig >= 128) {
      if (this.#bodyWait > 0) {
        // An error that announces its message (`…: error:`): the lines before that
        // message (a parallel build's progress) do not use up its context.
        if (indent > 0 && indent < line.length) {
          this.#bodyWait = 0;
          this.#bodyLeft = _BODY_LINES;
        } else {
          this.#bodyWait--;
          this.#emit(line, num, "context-after", score);
          state.recordDecision("keep-soft");
          return;
        }
      }
      if (this.#bodyLeft > 0) {
        // The error's indented message, whole: it does not use up the window.
        if (indent > 0 && indent < line.length) {
          this.#bodyLeft--;
          this.#emit(line, num, "context-after", score);
          state.recordDecision("keep-soft");
          return;
        }
        this.#bodyLeft = 0;
      }
      this.#afterLeft--;
      this.#emit(line, num, "context-after", score);
      state.recordDecision("keep-soft");
      return;
    }
    if (this.#closing) {
      if (sig < _CLOSING_SIG) {
        // Known noise between two rows (Ansible's `ok: [web1]` between two `TASK [x]`
        // headers): what follows starts a run of its own.
        if (sig < 128 && indent < line.length) this.#shapes.reset();
      } else if (this.#nextRow(line) > _CLOSING_RUN) {
        this.#drop(num, "noise", score); // one more row of a table or a list
        state.recordDecision("drop");
        return;
      } else {
        this.#emit(line, num, "final-window", score);
        state.recordDecision("keep-soft");
        return;
      }
    }
    if (sig >= 128) this.#dropSoft(line, num, "noise", score, true);
    else if (indent === line.length) this.#dropBlank(num, score);
    else if (isFiller(line, indent)) this.#dropFiller(line, num, score);
    else this.#drop(num, "noise", score);
    state.recordDecision("drop");
  }

  /**
   * The length of the run of one shape `line` continues in the final window. A line
   * shown in between for its own evidence (ESLint's finding under a file's path) ends
   * the run: the next path starts a list of its own.
   */
  #nextRow(line: string): number {
    if (this.#shownPos > this.#rowPos) this.#shapes.reset();
    this.#rowPos = this.#pos;
    return this.#shapes.next(line);
  }

  /**
   * Whether `line` was shown as context {@linkcode TFIDF_REPEAT_THRESHOLD} times
   * already; counts this showing otherwise. An exact repeat of the line shown last is
   * not counted: it folds into its `[xN]` line.
   */
  #contextShownOften(line: string): boolean {
    if (line === this.#lastKept) return false;
    const seen = this.#contextSeen;
    const h = hashLine(line);
    const n = seen.get(h) ?? 0;
    if (n >= TFIDF_REPEAT_THRESHOLD) return true;
    if (n === 0 && seen.size >= _CONTEXT_SEEN_LIMIT) seen.clear();
    seen.set(h, n + 1);
    return false;
  }

  /** Whether `line` would fold into the `[xN]` group of the last kept line. */
  #foldsWithLast(line: string): boolean {
    const last = this.#lastKept;
    if (last === undefined) return false;
    if (line === last) return true;
    // The last kept line's signature is computed once, not once per dampened line.
    if (this.#lastKeptSig === undefined || this.#lastKeptSigOf !== last) {
      this.#lastKeptSig = createRepeatSignature(last);
      this.#lastKeptSigOf = last;
    }
    return createRepeatSignature(line) === this.#lastKeptSig;
  }

  /**
   * Keeps a line scoring at least the threshold; hard lines bring their context.
   * `h`: the hash of the line's repeat signature when the caller has it.
   */
  #keepLine(
    line: string,
    num: number,
    reason: DecisionReason,
    score: number,
    hard: boolean,
    h?: number,
  ): void {
    if (hard) {
      const repeat = this.#isRepeatTrigger(h ?? hashLine(createRepeatSignature(line)));
      if (!repeat) this.#emitBefore();
      else this.#flushRing();
      if (this.#emit(line, num, reason, score)) {
        this.#afterLeft = repeat ? 0 : this.#afterWindow();
        // A located `src/X.hs:38:10: error:`: its message follows, indented.
        if ((this.#bodyWait > 0 || this.#bodyLeft > 0) && firstVisible(line) > 0) {
          // A line of the located error's indented message (`Failed to load …`).
          if (this.#bodyWait > 0) this.#bodyLeft = _BODY_LINES;
          this.#bodyWait = 0;
        } else {
          this.#bodyWait = line.charCodeAt(line.length - 1) === 58 && startsWithLocation(line)
            ? _BODY_WAIT
            : 0;
          this.#bodyLeft = 0;
        }
      }
      return;
    }
    this.#emit(line, num, reason, score); // drops the ring (fillers next to it shown)
  }

  /** Whether an error of this shape was already shown (it then gets no context). */
  #isRepeatTrigger(h: number): boolean {
    const seen = this.#seenTriggers; // hashes, not lines: a full set stays about 1 MiB
    if (seen.has(h)) return true;
    if (seen.size >= TFIDF_MAP_LIMIT) seen.clear();
    seen.add(h);
    return false;
  }

  #afterWindow(): number {
    this.#lastTrigger = this.#pos;
    return this.#adaptive ? this.#adaptive.next(this.#pos) : this.#o.contextAfter;
  }

  /**
   * Emits the soft lines buffered before an error; the rest are dropped. A gap of at
   * most `contextBefore` + {@linkcode GAP_LINES} soft lines since the last line shown
   * is shown whole (blank lines between do not count), so a block is not cut by a small
   * hole. Fillers next to the lines shown come with them, unless nothing is shown after
   * them (`fillers` false: a record whose frames are all hidden).
   */
  #emitBefore(fillers = true): void {
    const ring = this.#ring;
    const n = ring.length;
    if (n === 0) return;
    // The last `contextBefore` soft entries, or the whole gap: the ring holds every soft
    // line since the last line shown (blank lines and lines dropped for good, such as
    // known noise, are not in it and do not count).
    let from = n;
    let take = this.#o.contextBefore;
    if (this.#ringWhole && !ring.evicted && this.#shownPos > 0) {
      let gap = 0;
      for (let i = 0; i < n; i++) if (ring.soft(i) && !ring.filler(i)) gap++;
      if (gap > take && gap - take <= GAP_LINES) take = gap;
    }
    // Fillers (rules, ellipses) next to the lines taken come with them, free.
    while (from > 0 && take > 0) {
      from--;
      if (ring.soft(from) && !ring.filler(from)) take--;
    }
    while (from > 0 && ring.filler(from - 1) && ring.soft(from - 1)) from--;
    let shown = false;
    for (let i = 0; i < n; i++) {
      if (i >= from && ring.soft(i) && (fillers || !ring.filler(i))) {
        if (this.#emit(ring.line(i), ring.num(i), "context-before", ring.score(i), true)) {
          shown = true;
        }
      } else this.#final(ring.num(i), ring.reason(i), ring.score(i));
    }
    ring.clear();
    if (!shown) this.#ringWhole = false;
  }

  /** The ring holds only fillers since the last line shown: they are shown. */
  #emitFillers(): void {
    const ring = this.#ring;
    const n = ring.length;
    // Under the sample cap, the line being shown comes first.
    if (this.#kept + n >= this.#o.sampleSize) return this.#flushRing();
    for (let i = 0; i < n; i++) {
      if (ring.soft(i) && ring.filler(i)) {
        this.#emit(ring.line(i), ring.num(i), "context-before", ring.score(i), true);
      } else this.#final(ring.num(i), ring.reason(i), ring.score(i));
    }
    ring.clear();
  }

  /** Everything buffered is dropped for good. */
  #flushRing(): void {
    this.#ringWhole = false;
    const ring = this.#ring;
    if (this.#report !== undefined) {
      for (let i = 0; i < ring.length; i++) this.#final(ring.num(i), ring.reason(i), ring.score(i));
    }
    ring.clear();
  }

  /** A dropped line that may still be shown as context (ring), or dropped for good. */
  #dropSoft(line: string, num: number, reason: DecisionReason, score: number, soft: boolean): void {
    if (this.#closing && reason === "root-cause") {
      // The log's own closing statement of its failure stays.
      this.#emit(line, num, "final-window", score);
      return;
    }
    this.#afterShown = false;
    this.#counters.dropped(1);
    const ring = this.#ring;
    if (ring.full) this.#final(ring.num(0), ring.reason(0), ring.score(0));
    ring.push(line, num, score, soft, reason);
  }

  /** A line dropped for good: fillers before it are no longer inside a block. */
  #drop(num: number, reason: DecisionReason, score: number): void {
    this.#afterShown = false;
    this.#ring.retireFillers();
    this.#dropBlank(num, score, reason);
  }

  /** A blank line: dropped, but it does not part a filler from the lines around it. */
  #dropBlank(num: number, score: number, reason: DecisionReason = "noise"): void {
    this.#counters.dropped(1);
    if (this.#report !== undefined) this.#report.report(num, "drop", reason, score);
  }

  /**
   * A filler line (a rule, an ellipsis: {@linkcode isFiller}): held in the ring, shown
   * when the lines around it are (before an error with its context, or between two
   * shown lines), else dropped.
   */
  #dropFiller(line: string, num: number, score: number): void {
    this.#counters.dropped(1);
    const ring = this.#ring;
    if (ring.full) this.#final(ring.num(0), ring.reason(0), ring.score(0));
    ring.push(line, num, score, true, "noise", true);
  }

  /** The final drop decision of a line already counted. */
  #final(num: number, reason: string, score: number): void {
    if (this.#report !== undefined) {
      this.#report.report(num, "drop", reason as DecisionReason, score < 0 ? 0 : score);
    }
  }

  /**
   * Emits a kept input line, unless the sample cap is reached. A line leaving
   * the context ring was already counted as dropped (`fromRing`).
   */
  #emit(
    line: string,
    num: number,
    reason: DecisionReason,
    score: number,
    fromRing = false,
  ): boolean {
    if (this.#kept >= this.#o.sampleSize) {
      if (!fromRing) this.#counters.dropped(1);
      this.#final(num, "sample-limit", score);
      return false;
    }
    if (
      (reason === "context-before" || reason === "context-after" ||
        reason === "failure-section" && _isStatement(line)) &&
      !this.#closing &&
      this.#contextShownOften(line)
    ) {
      // The same context line shown often already (the same library source under each
      // of a hundred failures, in each failure's section): no new evidence. In a section,
      // short lines are its structure (a snapshot's `</span>`, a separator), not repeats.
      if (fromRing) this.#final(num, "repeat-dampened", score);
      else this.#drop(num, "repeat-dampened", score);
      return false;
    }
    if (fromRing) this.#counters.dropped(-1);
    if (this.#held !== undefined) this.#flushHeld();
    if (!fromRing) {
      // Fillers right after the last line shown, right before this one: inside the block.
      if (this.#afterShown) this.#emitFillers();
      else this.#flushRing();
    }
    this.#kept++;
    this.#lastKept = line;
    this.#shownPos = this.#pos;
    this.#ringWhole = true;
    this.#afterShown = true;
    if (this.#wholeShown && _isChainLine(line)) this.#chained = true;
    this.#out.put(line, num, reason, score, false);
    return true;
  }

  /**
   * Whether a record that starts with `first` is the top of an exception's stack:
   * it starts with a frame and the line kept before it is the exception
   * (`TypeError: …`, `java.lang.IllegalStateException: …`).
   */
  #raisedAbove(first: string): boolean {
    const last = this.#lastKept;
    return last !== undefined && isStackFrame(first) && isExceptionHead(last);
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
      this.#drop(nums ? nums[i] : 0, "noise", 0);
      this.#state.recordDecision("drop");
    }
    return true;
  }

  /** A multi-line record: filtered line by line, then kept or dropped as one. */
  #record(lines: string[], nums: number[] | undefined): void {
    const state = this.#state;
    const level = state.effective;
    this.#pos += lines.length;
    let keepRule = false;
    if (this.#filter !== undefined) {
      const left = filterRecord(lines, nums, this.#filter, (num, reason) => {
        this.#drop(num, reason, 0);
        state.recordDecision("drop");
      });
      if (left.lines.length === 0) return;
      if (left.lines.length === 1 && !left.keepRule) {
        this.#pos--;
        this.#single(left.lines[0], left.nums ? left.nums[0] : 0);
        return;
      }
      ({ lines, nums, keepRule } = left);
    }
    if (this.#inNoiseBlock(this.#pytestWarnings, lines, nums, keepRule)) return;
    if (this.#inNoiseBlock(this.#console, lines, nums, keepRule || this.#closing)) return;
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
    const banners = this.#banners;
    const errorKept = banners.inside && !banners.wholly && bestSig >= _ERROR_SIG;
    if (this.#inNoiseBlock(banners, lines, nums, keepRule || errorKept)) return;
    // The first trace is shown whole, and so is a Python exception chained to it.
    const whole = n <= WHOLE_TRACE_LINES && (this.#wholeLeft > 0 || this.#chained);
    this.#chained = false;
    if (best < _T && !keepRule && !(this.#closing && bestSig >= _CLOSING_SIG)) {
      for (let i = 0; i < n; i++) {
        this.#drop(nums ? nums[i] : 0, "noise", scoreForLevel(sigs[i], level));
        state.recordDecision("drop");
      }
      return;
    }
    this.#rootCause?.note(bestSig);
    const held = reduceRecord(
      lines,
      nums,
      sigs,
      level,
      keepRule,
      this.#o,
      {
        hidden: this.#counters.hidden,
        dropped: this.#counters.dropped,
        report: this.#report,
        record: (kind) => this.#state.recordDecision(kind),
      },
      this.#raisedAbove(lines[0]),
      whole,
    );
    if (repeatsHeld(this.#held, held)) {
      this.#foldRepeat(this.#held!, held);
      return;
    }
    const repeat = this.#isRepeatTrigger(hashLine(held.sig));
    if (repeat && bestSig < _DIAG_SIG && !keepRule && !this.#closing) {
      // Frames only, and shown before: no new evidence (a logger's call site, a retry's trace).
      this.#dropHeldRecord(held);
      return;
    }
    if (!repeat) this.#emitBefore(held.kept > 0);
    else this.#flushRing();
    if (this.#held !== undefined) this.#flushHeld();
    // Reserve the kept lines under the sample cap.
    capHeld(held, this.#o.sampleSize - this.#kept, (num, score) => {
      this.#counters.dropped(1);
      this.#final(num, "sample-limit", score);
    });
    this.#kept += held.kept;
    if (held.kept > 0 && whole && this.#wholeLeft > 0) this.#wholeLeft--;
    if (held.kept > 0) this.#wholeShown = whole;
    if (held.kept > 0) {
      this.#lastKept = undefined;
      this.#shownPos = this.#pos;
      this.#ringWhole = true;
      this.#afterShown = true;
    }
    this.#held = held;
    if (!this.#o.collapseRepeatedStacks) this.#flushHeld();
    if (held.kept > 0) this.#afterLeft = repeat ? 0 : this.#afterWindow();
  }

  /** A reduced record that is not shown: its kept lines are dropped (markers vanish). */
  #dropHeldRecord(held: HeldStack): void {
    for (let i = 0; i < held.lines.length; i++) {
      if (held.marker[i]) continue;
      this.#counters.dropped(1);
      if (this.#report) {
        this.#report.report(held.nums[i], "drop", "repeat-dampened", held.scores[i]);
      }
      this.#state.recordDecision("repeat");
    }
    this.#flushRing();
  }

  /** A repeat of the held record folds into it. */
  #foldRepeat(prev: HeldStack, held: HeldStack): void {
    prev.count++;
    this.#counters.duplicates(prev.kept);
    if (held.keptAll > prev.kept) this.#counters.dropped(held.keptAll - prev.kept);
    if (this.#report) {
      let k = 0;
      for (let i = 0; i < held.lines.length; i++) {
        if (held.marker[i]) continue;
        const fold = k < prev.kept;
        this.#report.report(
          held.nums[i],
          fold ? "fold" : "drop",
          fold ? "repeated-stack" : "sample-limit",
          held.scores[i],
        );
        k++;
      }
    }
    this.#flushRing();
    this.#afterLeft = 0;
  }

  /** Writes the held stack record: as it is, or every line prefixed `[xN]`. */
  #flushHeld(): void {
    const h = this.#held;
    if (h === undefined) return;
    this.#held = undefined;
    const out = this.#out;
    const count = h.count > 1 ? `[x${h.count}] ` : "";
    for (let i = 0; i < h.lines.length; i++) {
      if (h.marker[i]) out.put(h.lines[i], 0, "stack-frame", 0, true);
      else if (count) out.put(h.lines[i], h.nums[i], h.reasons[i], h.scores[i], true, count);
      else out.put(h.lines[i], h.nums[i], h.reasons[i], h.scores[i], false);
    }
  }
}

/**
 * Python's words between two chained exceptions: `During handling of the above
 * exception, another exception occurred:`, `The above exception was the direct cause
 * of the following exception:`.
 */
function _isChainLine(line: string): boolean {
  const c = line.charCodeAt(0);
  return (c === 68 && line.startsWith("During handling of the above exception")) ||
    (c === 84 && line.startsWith("The above exception was the direct cause"));
}

/**
 * Creates the select stage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSelectStage } from "./select.ts";
 * import { resolveOptions } from "../resolve.ts";
 * const out: string[] = [];
 * const counters = { dropped() {}, hidden() {}, duplicates() {} };
 * await ReadableStream.from([{ lines: ["[INFO] a", "[ERROR] b failed", "[DEBUG] c"] }])
 *   .pipeThrough(createSelectStage(resolveOptions({}).select, counters))
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * // The error with its context; the closing lines of the log are kept as context too.
 * assert.deepEqual(out, ["[INFO] a", "[ERROR] b failed", "[DEBUG] c"]);
 * ```
 */
export function createSelectStage(
  slice: SelectSlice,
  counters: SelectCounters,
  report?: DecisionReporter,
  mask?: (line: string) => string,
  baseline?: Promise<BaselineTemplates>,
  prefixes?: RunnerPrefixes,
): TransformStream<Batch, Batch> {
  const selector = new Selector(slice, counters, report, mask, prefixes);
  // The baseline is read while the log starts to flow; select waits for it once.
  const ready = baseline?.then((templates) => void (selector.baseline = templates));
  return batchStage((batch) => selector.push(batch), () => selector.flush(), ready);
}

/**
 * Whether a section's line reads as a statement of its own (24 characters or more from
 * its first visible one, 8 letters or more), not a piece of its structure.
 */
function _isStatement(line: string): boolean {
  const from = firstVisible(line);
  if (line.length - from < 24) return false;
  let letters = 0;
  for (let i = from; i < line.length && letters < 8; i++) {
    const c = line.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) letters++;
  }
  return letters >= 8;
}
