/**
 * The relevance stage: decides, line by line, what a person needs to diagnose
 * a failure, and drops the rest.
 *
 * For each sanitized line, in order:
 *
 * 1. filters: a custom `keep` match is kept (a hard keep); custom `ignore`,
 *    `include`, `exclude` and `severity` drop (lines without a detectable
 *    severity pass the severity filter); filters always act on single lines;
 * 2. the line is classified once ({@linkcode lineSignal}) and scored at the
 *    effective aggressiveness ({@linkcode scoreForLevel}); in `auto` the level
 *    follows {@linkcode createDynamicAggressivenessState}, fed one decision
 *    per line;
 * 3. lines scoring at least {@linkcode SCORE_KEEP_THRESHOLD} are kept, unless
 *    `rootCause` finds a restatement of an error already shown, or repeat
 *    dampening (below error level only) takes them under the threshold;
 * 4. context: up to `contextBefore` soft lines before an error are emitted
 *    with it, `contextAfter` soft lines after it (adaptive by default), and
 *    the closing lines of the log ({@linkcode TAIL_CONTEXT_LINES}) are kept
 *    as context of its end. A repeated error (same shape as one already shown)
 *    gets no context, so its repeats stay adjacent and fold into `[xN]`.
 *
 * Stack traces. With `multiline: "off"` (the default) frames are recognized
 * line by line: a run of frame lines (`at …`, `File "…"` with its code lines,
 * Go file lines, Rust frames, `Caused by:`, `... N more`) is one stack record;
 * the exception line before it is an ordinary (error) line. With `auto` or a
 * runtime, the multiline grouper joins whole records (exception, frames,
 * message continuations, Go function lines, Node property tails) and the
 * record is kept or dropped as one logical line, scored by its best line.
 * Either way a kept record is reduced by {@linkcode reduceStackGroup}
 * (internal frames hidden, more than `maxStackFrames` application frames
 * collapsed into a marker) and, with `collapseRepeatedStacks`, adjacent
 * records that differ only in addresses, offsets, line numbers or goroutine
 * ids fold into one group whose every line is prefixed `[xN]` (N stacks).
 *
 * @module
 */

import { hashLine } from "../classify/hash.ts";
import {
  type AggressivenessState,
  createDynamicAggressivenessState,
} from "../select/aggressiveness.ts";
import { isCascadeRestatement } from "../classify/cascade.ts";
import {
  CONTEXT_WINDOW_AFTER,
  CONTEXT_WINDOW_BEFORE,
  SCORE_KEEP_THRESHOLD,
  TFIDF_MAP_LIMIT,
} from "../constants.ts";
import { AdaptiveAfter, ContextRing, TAIL_CONTEXT_LINES } from "../select/context.ts";
import type { DecisionReason, DecisionReporter } from "../decision.ts";
import { createMultilineGrouper, type MultilineGrouper } from "../classify/multiline.ts";
import {
  createRepeatDampener,
  LineCategory,
  lineSignal,
  type RepeatDampener,
  scoreForLevel,
} from "../classify/score.ts";
import { passesSeverityFilter } from "../classify/severity.ts";
import { createRepeatSignature } from "../classify/signature.ts";
import {
  DEFAULT_MAX_STACK_FRAMES,
  isStackFrame,
  reduceStackGroup,
  STACK_COLLAPSE,
  STACK_HIDE,
  stackSignature,
} from "../classify/stack.ts";
import type { Aggressiveness, MultilineMode, SeverityLevel } from "../types.ts";

/** Options of the relevance stage (the relevant `TrimOptions`, resolved). */
export interface RelevanceOptions {
  /** Default `auto`. */
  aggressiveness?: Aggressiveness;
  /** Emit a score per output line even when decisions are not tracked (for `maxTokens`). */
  scores?: boolean;
  /**
   * Masks a line (the sanitizer). When set, lines arrive as read: a line is masked
   * once it is a keep candidate (before any comparison with other kept lines) or
   * when it is emitted as context, so dropped lines are never masked at all.
   */
  sanitize?: (line: string) => string;
  /** Default `off`. */
  multiline?: MultilineMode;
  /** Severity filter. */
  severity?: SeverityLevel;
  /** Keep only matching lines. */
  include?: RegExp;
  /** Drop matching lines. */
  exclude?: RegExp;
  /** Custom `keep`: always kept, a hard keep. */
  keep?: RegExp;
  /** Custom `ignore`: dropped. */
  ignore?: RegExp;
  /** Custom `internalStackPatterns`. */
  internalStackPatterns?: RegExp;
  /** Cap on kept lines. */
  sampleSize?: number;
  /** Default 10; 0 keeps all. */
  maxStackFrames?: number;
  /** Default 3. */
  contextBefore?: number;
  /** Default 2. */
  contextAfter?: number;
  /** Tri-state, default on; off when `contextBefore` or `contextAfter` is set. */
  adaptiveContext?: boolean;
  /** Tri-state, default on. */
  collapseRepeatedStacks?: boolean;
  /** Tri-state, default on. */
  rootCause?: boolean;
  /** Tri-state, default on. */
  multilingual?: boolean;
  /** Repeat dampening (default on; the pipeline turns it off when `dedupeWindow` > 1). */
  dampen?: boolean;
  /** Closing lines kept as context of the end of the log (default 5). */
  tailLines?: number;
}

/** Where the stage reports its accounting. */
export interface RelevanceCounters {
  /** `n` input lines were dropped. */
  dropped(n: number): void;
  /** `n` internal stack frames were hidden. */
  hidden(n: number): void;
  /** `n` more input lines are represented by `[xN]` lines (folded stacks). */
  duplicates(n: number): void;
}

/** The output of one push: lines, and what travels alongside them. */
export interface RelevanceOutput {
  /** Kept lines, markers and folded stack lines, in order. */
  lines: string[];
  /** Indices in `lines` the fold stage must pass through as they are. */
  opaque: number[] | undefined;
  /** Input line numbers (0: marker), when tracked. */
  numbers: number[] | undefined;
  /** Why each line was kept, when tracked. */
  reasons: DecisionReason[] | undefined;
  /** Score of each line, when tracked. */
  scores: number[] | undefined;
}

const _T = SCORE_KEEP_THRESHOLD;
const _STACK_SIG = LineCategory.STACK << 7;
const _ERROR_SIG = LineCategory.ERROR << 7;
const _DIAG_SIG = LineCategory.DIAGNOSTIC << 7;

// Filter results.
const _PASS = 0;
const _KEEP_RULE = 1;

/** Restatements that name what failed (a make target, a crate, a recipe): shown once. */
const _NAMES_TARGET = /\*\*\* \[|could not compile `|Recipe `/;

/**
 * An input line that would read as a synthetic line (`[xN] `, `[... `,
 * `[trimlog]`, `[block x…`) is written as `[x1] <line>`, so the output still
 * tells exactly how many input lines each line stands for.
 */
const _LOOKS_SYNTHETIC = /^\[(?:x\d+\] |\.\.\. |trimlog\]|block x)/;

/** A kept stack record waiting to see whether the next one repeats it. */
interface _Held {
  lines: string[];
  marker: boolean[];
  nums: number[];
  reasons: DecisionReason[];
  scores: number[];
  /** Kept (non-marker) lines held. */
  kept: number;
  /** Kept lines of the record before the sample cap. */
  keptAll: number;
  /** Markers of the record. */
  markers: number;
  sig: string;
  count: number;
}

/**
 * The relevance stage as a pure, incremental step: push batches of sanitized
 * lines, collect kept lines. Deterministic: the same lines and options give
 * the same output however the input is batched.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RelevanceFilter } from "./select.ts";
 * let dropped = 0;
 * const f = new RelevanceFilter({}, {
 *   dropped: (n) => (dropped += n),
 *   hidden() {},
 *   duplicates() {},
 * });
 * const out = f.push([
 *   "[DEBUG] cache warm",
 *   "[INFO] a",
 *   "[INFO] b",
 *   "[INFO] c",
 *   "[ERROR] database timeout after 30s",
 * ]);
 * // Three lines of context before the error; the DEBUG line is dropped.
 * assert.ok(out.lines.join("|") === "[INFO] a|[INFO] b|[INFO] c|[ERROR] database timeout after 30s");
 * assert.ok(dropped === 1 && f.flush().lines.length === 0);
 * ```
 */
export class RelevanceFilter {
  #counters: RelevanceCounters;
  #report: DecisionReporter | undefined;
  #state: AggressivenessState;
  #multilingual: boolean;
  #filters: boolean;
  #severity: SeverityLevel | undefined;
  #include: RegExp | undefined;
  #exclude: RegExp | undefined;
  #keep: RegExp | undefined;
  #ignore: RegExp | undefined;
  #internal: RegExp | undefined;
  #sampleSize: number;
  #maxFrames: number;
  #before: number;
  #after: number;
  #adaptive: AdaptiveAfter | undefined;
  #collapse: boolean;
  #rootCause: boolean;
  #dampener: RepeatDampener | undefined;
  #tail: number;
  #grouper: MultilineGrouper | undefined;
  /** Line numbers of lines held by the grouper (tracked runs only). */
  #groupNums: number[] = [];

  #ring: ContextRing;
  #afterLeft = 0;
  #pos = 0;
  /** Input position of the last error (for diff hunks after a test failure). */
  #lastTrigger = -1e9;
  /** Lines left in a unified-diff hunk that follows an error. */
  #hunkLeft = 0;
  #kept = 0;
  #lastKept: string | undefined = undefined;
  #seenTriggers = new Set<number>();
  #rootSeen = false;
  #restated = new Set<string>();
  #held: _Held | undefined = undefined;

  // Stack run (multiline off).
  #run: string[] = [];
  #runNums: number[] = [];
  #pyIndent = -1;

  // Output of the current push.
  #out: string[] = [];
  #opaque: number[] | undefined = undefined;
  #outNums: number[] | undefined = undefined;
  #outReasons: DecisionReason[] | undefined = undefined;
  #outScores: number[] | undefined = undefined;
  #wantScores = false;
  #san: ((line: string) => string) | undefined = undefined;
  /** The last line masked as a keep candidate (already clean when it reaches `#put`). */
  #clean: string | undefined = undefined;

  /**
   * @param options the relevance options.
   * @param counters where dropped, hidden and folded lines are counted.
   * @param report decisions of dropped and hidden lines go here (kept lines
   *   travel on with their reason and score; the fold stage reports them).
   */
  constructor(
    options: RelevanceOptions,
    counters: RelevanceCounters,
    report?: DecisionReporter,
  ) {
    this.#counters = counters;
    this.#report = report;
    this.#wantScores = options.scores === true;
    this.#san = options.sanitize;
    this.#state = createDynamicAggressivenessState(options.aggressiveness ?? "auto");
    this.#multilingual = options.multilingual !== false;
    this.#severity = options.severity;
    this.#include = options.include;
    this.#exclude = options.exclude;
    this.#keep = options.keep;
    this.#ignore = options.ignore;
    this.#filters = this.#severity !== undefined || this.#include !== undefined ||
      this.#exclude !== undefined || this.#keep !== undefined || this.#ignore !== undefined;
    this.#internal = options.internalStackPatterns;
    this.#sampleSize = options.sampleSize ?? Infinity;
    this.#maxFrames = options.maxStackFrames ?? DEFAULT_MAX_STACK_FRAMES;
    this.#before = options.contextBefore ?? CONTEXT_WINDOW_BEFORE;
    this.#after = options.contextAfter ?? CONTEXT_WINDOW_AFTER;
    const explicit = options.contextBefore !== undefined || options.contextAfter !== undefined;
    if (options.adaptiveContext !== false && !explicit) {
      this.#adaptive = new AdaptiveAfter(this.#after);
    }
    this.#collapse = options.collapseRepeatedStacks !== false;
    this.#rootCause = options.rootCause !== false;
    if (options.dampen !== false) this.#dampener = createRepeatDampener();
    this.#tail = options.tailLines ?? TAIL_CONTEXT_LINES;
    this.#ring = new ContextRing(Math.max(this.#before, this.#tail));
    const mode = options.multiline ?? "off";
    if (mode !== "off") this.#grouper = createMultilineGrouper(mode);
  }

  /** The effective aggressiveness the next line is scored at. */
  get level(): string {
    return this.#state.effective;
  }

  /**
   * Entries held by the stage's maps (for tests: each stays within its limit however
   * long the input): error shapes seen, restatements seen, lines counted for dampening.
   */
  get trackedSizes(): { triggers: number; restated: number; dampened: number } {
    return {
      triggers: this.#seenTriggers.size,
      restated: this.#restated.size,
      dampened: this.#dampener?.size ?? 0,
    };
  }

  /**
   * Pushes a batch of sanitized lines (with their input line numbers when
   * decisions are tracked); returns what to pass on.
   */
  push(batch: readonly string[], numbers?: readonly number[]): RelevanceOutput {
    this.#begin();
    if (this.#grouper !== undefined) {
      const groups: string[][] = [];
      this.#grouper.pushBatch(batch, groups);
      if (numbers !== undefined) {
        for (let i = 0; i < numbers.length; i++) this.#groupNums.push(numbers[i]);
      }
      this.#groups(groups);
    } else {
      for (let i = 0; i < batch.length; i++) this.#line(batch[i], numbers ? numbers[i] : 0);
    }
    return this.#end();
  }

  /** End of input: pending records, the closing lines of the log. */
  flush(): RelevanceOutput {
    this.#begin();
    if (this.#grouper !== undefined) {
      const groups: string[][] = [];
      this.#grouper.flush(groups);
      this.#groups(groups);
    }
    this.#endRun();
    // The closing lines of the log, as context of its end.
    const ring = this.#ring;
    const from = Math.max(0, ring.length - this.#tail);
    for (let i = 0; i < ring.length; i++) {
      if (i < from) this.#final(ring.num(i), "drop", ring.reason(i), ring.score(i));
      else this.#emit(ring.line(i), ring.num(i), "tail-context", ring.score(i), true);
    }
    ring.clear();
    this.#flushHeld();
    return this.#end();
  }

  // -------------------------------------------------------------------------

  #begin(): void {
    this.#out = [];
    this.#opaque = undefined;
    if (this.#report !== undefined) {
      this.#outNums = [];
      this.#outReasons = [];
      this.#outScores = [];
    } else if (this.#wantScores) this.#outScores = [];
  }

  #end(): RelevanceOutput {
    return {
      lines: this.#out,
      opaque: this.#opaque,
      numbers: this.#outNums,
      reasons: this.#outReasons,
      scores: this.#outScores,
    };
  }

  #groups(groups: string[][]): void {
    const track = this.#report !== undefined;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      let nums: number[] | undefined;
      if (track) nums = this.#groupNums.splice(0, group.length);
      if (group.length === 1) this.#single(group[0], nums ? nums[0] : 0);
      else this.#record(group, nums);
    }
  }

  /** Multiline off: frame lines gather into a stack run, other lines are single. */
  #line(line: string, num: number): void {
    if (this.#run.length > 0) {
      if (this.#continuesRun(line)) {
        this.#run.push(line);
        if (this.#report) this.#runNums.push(num);
        return;
      }
      this.#endRun();
    }
    if (_isFrameLine(line)) {
      this.#pyIndent = _pyFileIndent(line);
      this.#run.push(line);
      if (this.#report) this.#runNums.push(num);
      return;
    }
    this.#single(line, num);
  }

  #continuesRun(line: string): boolean {
    if (_isFrameLine(line)) {
      this.#pyIndent = _pyFileIndent(line);
      return true;
    }
    // Code and caret lines under a Python `File` line.
    const py = this.#pyIndent;
    if (py < 0) return false;
    let i = 0;
    let c = 0;
    while (i < line.length && ((c = line.charCodeAt(i)) === 32 || c === 9 || c === 124)) i++;
    return i > py && i < line.length;
  }

  #endRun(): void {
    const run = this.#run;
    if (run.length === 0) return;
    this.#run = [];
    const nums = this.#report ? this.#runNums : undefined;
    this.#runNums = [];
    this.#pyIndent = -1;
    this.#record(run, nums);
  }

  /** Applies the filters: `_PASS`, `_KEEP_RULE`, or the drop reason. */
  #filter(line: string): DecisionReason | 0 | 1 {
    if (this.#keep !== undefined && this.#keep.test(line)) return _KEEP_RULE;
    if (this.#ignore !== undefined && this.#ignore.test(line)) return "ignore-rule";
    if (this.#include !== undefined && !this.#include.test(line)) return "include";
    if (this.#exclude !== undefined && this.#exclude.test(line)) return "exclude";
    if (this.#severity !== undefined && !passesSeverityFilter(line, this.#severity)) {
      return "severity";
    }
    return _PASS;
  }

  /** One line on its own: the hot path. */
  #single(line: string, num: number): void {
    this.#pos++;
    const state = this.#state;
    if (this.#filters) {
      const f = this.#filter(line);
      if (f === _KEEP_RULE) {
        this.#keepLine(line, num, "keep-rule", 100, true);
        state.recordDecision("keep-hard");
        return;
      }
      if (f !== _PASS) {
        this.#drop(num, f, 0);
        state.recordDecision("drop");
        return;
      }
    }
    const sig = lineSignal(line, this.#multilingual);
    let score = scoreForLevel(sig, state.effective);
    if (score >= _T) {
      if (this.#san !== undefined) line = this.#clean = this.#san(line);
      if (this.#rootCause && this.#redundant(line, sig)) {
        this.#dropSoft(line, num, "root-cause", score, false);
        state.recordDecision("drop");
        return;
      }
      if (this.#dampener !== undefined && sig < _ERROR_SIG) {
        const p = this.#dampener.penalty(line);
        if (p > 0 && score - p < _T && !this.#foldsWithLast(line)) {
          this.#drop(num, "repeat-dampened", score - p);
          state.recordDecision("repeat");
          return;
        }
        score = Math.max(score - p, _T);
      }
      const hard = sig >= _STACK_SIG;
      const repeat = line === this.#lastKept;
      this.#keepLine(line, num, _reasonOf(sig), score, hard);
      state.recordDecision(hard ? "keep-hard" : repeat ? "repeat" : "keep-soft");
      return;
    }
    if (this.#hunkLeft > 0 || this.#pos - this.#lastTrigger <= 20) {
      const d = _diffLine(line);
      if (d === 2) this.#hunkLeft = 200;
      else if (d === 0) this.#hunkLeft = 0;
      if (d === 1 && this.#hunkLeft > 0) {
        this.#hunkLeft--;
        this.#keepLine(line, num, "diagnostic", score, false);
        state.recordDecision("keep-soft");
        return;
      }
    }
    if (this.#afterLeft > 0 && sig >= 128) {
      this.#afterLeft--;
      this.#emit(line, num, "context-after", score);
      state.recordDecision("keep-soft");
      return;
    }
    if (sig >= 128) this.#dropSoft(line, num, "noise", score, true);
    else this.#drop(num, "noise", score);
    state.recordDecision("drop");
  }

  /** Whether a restatement of an error already shown (and notes genuine errors). */
  #redundant(line: string, sig: number): boolean {
    if (sig < _DIAG_SIG) return false;
    if (!isCascadeRestatement(line)) {
      if (!this.#rootSeen && (sig >= _ERROR_SIG || (sig & 127) >= 60)) this.#rootSeen = true;
      return false;
    }
    if (!this.#rootSeen) return false;
    if (_NAMES_TARGET.test(line)) {
      if (this.#restated.has(line)) return true;
      if (this.#restated.size >= 1024) this.#restated.clear();
      this.#restated.add(line);
      return false;
    }
    return true;
  }

  /** Whether `line` would fold into the `[xN]` group of the last kept line. */
  #foldsWithLast(line: string): boolean {
    const last = this.#lastKept;
    if (last === undefined) return false;
    return line === last || createRepeatSignature(line) === createRepeatSignature(last);
  }

  /** Keeps a line scoring at least the threshold; hard lines bring their context. */
  #keepLine(line: string, num: number, reason: DecisionReason, score: number, hard: boolean): void {
    if (hard) {
      const repeat = this.#isRepeatTrigger(createRepeatSignature(line));
      if (!repeat) this.#emitBefore();
      else this.#flushRing();
      if (this.#emit(line, num, reason, score)) {
        this.#afterLeft = repeat ? 0 : this.#afterWindow();
      }
      return;
    }
    this.#flushRing();
    this.#emit(line, num, reason, score);
  }

  /** Whether an error of this shape was already shown (it then gets no context). */
  #isRepeatTrigger(key: string): boolean {
    const seen = this.#seenTriggers;
    const h = hashLine(key); // a hash, not the line: a full set stays about 1 MiB
    if (seen.has(h)) return true;
    if (seen.size >= TFIDF_MAP_LIMIT) seen.clear();
    seen.add(h);
    return false;
  }

  #afterWindow(): number {
    this.#lastTrigger = this.#pos;
    return this.#adaptive ? this.#adaptive.next(this.#pos) : this.#after;
  }

  /** Emits the soft lines buffered before an error; the rest are dropped. */
  #emitBefore(): void {
    const ring = this.#ring;
    const n = ring.length;
    if (n === 0) return;
    // The last `before` soft entries.
    let from = n;
    let take = this.#before;
    while (from > 0 && take > 0) {
      from--;
      if (ring.soft(from)) take--;
    }
    for (let i = 0; i < n; i++) {
      if (i >= from && ring.soft(i)) {
        this.#emit(ring.line(i), ring.num(i), "context-before", ring.score(i), true);
      } else this.#final(ring.num(i), "drop", ring.reason(i), ring.score(i));
    }
    ring.clear();
  }

  /** Everything buffered is dropped for good. */
  #flushRing(): void {
    const ring = this.#ring;
    if (this.#report !== undefined) {
      for (let i = 0; i < ring.length; i++) {
        this.#final(ring.num(i), "drop", ring.reason(i), ring.score(i));
      }
    }
    ring.clear();
  }

  /** A dropped line that may still be shown as context (ring), or dropped for good. */
  #dropSoft(line: string, num: number, reason: DecisionReason, score: number, soft: boolean): void {
    this.#counters.dropped(1);
    const ring = this.#ring;
    if (ring.full) this.#final(ring.num(0), "drop", ring.reason(0), ring.score(0));
    ring.push(line, num, score, soft, reason);
  }

  /** A line dropped for good. */
  #drop(num: number, reason: DecisionReason, score: number): void {
    this.#counters.dropped(1);
    if (this.#report !== undefined) this.#report.report(num, "drop", reason, score);
  }

  #final(num: number, action: "drop", reason: string, score: number): void {
    if (this.#report !== undefined) {
      this.#report.report(num, action, reason as DecisionReason, score < 0 ? 0 : score);
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
    if (this.#kept >= this.#sampleSize) {
      if (!fromRing) this.#counters.dropped(1);
      this.#final(num, "drop", "sample-limit", score);
      return false;
    }
    if (fromRing) this.#counters.dropped(-1);
    if (this.#held !== undefined) this.#flushHeld();
    if (!fromRing) this.#flushRing();
    this.#kept++;
    this.#lastKept = line;
    this.#put(line, num, reason, score, false);
    return true;
  }

  #put(line: string, num: number, reason: DecisionReason, score: number, opaque: boolean): void {
    const out = this.#out;
    if (this.#san !== undefined) {
      // Masked here unless it equals the keep candidate masked already (masking
      // is idempotent, so an equal string needs no second pass).
      if (line !== this.#clean) line = this.#san(line);
    }
    if (opaque) (this.#opaque ??= []).push(out.length);
    else if (line.charCodeAt(0) === 91 && _LOOKS_SYNTHETIC.test(line)) line = `[x1] ${line}`;
    out.push(line);
    if (this.#outNums !== undefined) {
      this.#outNums.push(num);
      this.#outReasons!.push(reason);
    }
    this.#outScores?.push(score);
  }

  /** A multi-line record: a stack run, or a multiline group. */
  #record(lines: string[], nums: number[] | undefined): void {
    const state = this.#state;
    const level = state.effective;
    this.#pos += lines.length;
    let keepRule = false;
    if (this.#filters) {
      const left: string[] = [];
      const leftNums: number[] = [];
      for (let i = 0; i < lines.length; i++) {
        const f = this.#filter(lines[i]);
        if (f === _PASS || f === _KEEP_RULE) {
          keepRule ||= f === _KEEP_RULE;
          left.push(lines[i]);
          if (nums) leftNums.push(nums[i]);
        } else {
          this.#drop(nums ? nums[i] : 0, f, 0);
          state.recordDecision("drop");
        }
      }
      if (left.length === 0) return;
      if (left.length === 1 && !keepRule) {
        this.#pos--;
        this.#single(left[0], nums ? leftNums[0] : 0);
        return;
      }
      lines = left;
      if (nums) nums = leftNums;
    }
    const n = lines.length;
    const sigs = new Array<number>(n);
    let best = 0;
    let bestSig = 0;
    for (let i = 0; i < n; i++) {
      const sig = lineSignal(lines[i], this.#multilingual);
      sigs[i] = sig;
      const s = scoreForLevel(sig, level);
      if (s > best) best = s;
      if (sig > bestSig) bestSig = sig;
    }
    if (best < _T && !keepRule) {
      for (let i = 0; i < n; i++) {
        this.#drop(nums ? nums[i] : 0, "noise", scoreForLevel(sigs[i], level));
        state.recordDecision("drop");
      }
      return;
    }
    if (
      !this.#rootSeen && (bestSig >= _ERROR_SIG || (bestSig >= _DIAG_SIG && (bestSig & 127) >= 60))
    ) {
      this.#rootSeen = true;
    }
    const r = reduceStackGroup(lines, {
      maxStackFrames: this.#maxFrames,
      internal: this.#internal,
    });
    if (r.hidden > 0) this.#counters.hidden(r.hidden);
    if (r.collapsed > 0) this.#counters.dropped(r.collapsed);
    // The kept lines with their metadata, markers in place.
    const held: _Held = {
      lines: r.lines,
      marker: [],
      nums: [],
      reasons: [],
      scores: [],
      kept: r.kept,
      keptAll: r.kept,
      markers: r.markers,
      sig: "",
      count: 1,
    };
    const actions = r.actions;
    let j = 0;
    for (let i = 0; i < n; i++) {
      const a = actions === undefined ? 0 : actions[i];
      const sc = scoreForLevel(sigs[i], level);
      if (a === STACK_HIDE) {
        if (this.#report) this.#report.report(nums![i], "hide", "internal-frame", sc);
        state.recordDecision("drop");
        continue;
      }
      if (a === STACK_COLLAPSE) {
        if (this.#report) this.#report.report(nums![i], "drop", "stack-frame-limit", sc);
        state.recordDecision("drop");
        continue;
      }
      while (j < r.lines.length && r.lines[j] !== lines[i]) {
        held.marker.push(true);
        held.nums.push(0);
        held.reasons.push("stack-frame");
        held.scores.push(0);
        j++;
      }
      held.marker.push(false);
      held.nums.push(nums ? nums[i] : 0);
      held.reasons.push(keepRule ? "keep-rule" : _reasonOf(sigs[i]));
      held.scores.push(sc);
      state.recordDecision(sigs[i] >= _STACK_SIG || keepRule ? "keep-hard" : "keep-soft");
      j++;
    }
    while (j < r.lines.length) {
      held.marker.push(true);
      held.nums.push(0);
      held.reasons.push("stack-frame");
      held.scores.push(0);
      j++;
    }
    held.sig = stackSignature(r.lines);
    const prev = this.#held;
    if (
      prev !== undefined && prev.sig === held.sig && prev.keptAll === held.keptAll &&
      prev.markers === held.markers && prev.lines.length === held.lines.length
    ) {
      // A repeat of the held stack: fold it in.
      prev.count++;
      this.#counters.duplicates(prev.kept);
      if (held.keptAll > prev.kept) this.#counters.dropped(held.keptAll - prev.kept);
      if (this.#report) {
        let k = 0;
        for (let i = 0; i < held.lines.length; i++) {
          if (held.marker[i]) continue;
          const action = k < prev.kept ? "fold" : "drop";
          this.#report.report(
            held.nums[i],
            action,
            k < prev.kept ? "repeated-stack" : "sample-limit",
            held.scores[i],
          );
          k++;
        }
      }
      this.#flushRing();
      this.#afterLeft = 0;
      return;
    }
    const repeat = this.#isRepeatTrigger(held.sig);
    if (!repeat) this.#emitBefore();
    else this.#flushRing();
    if (this.#held !== undefined) this.#flushHeld();
    // Reserve the kept lines under the sample cap.
    const room = this.#sampleSize - this.#kept;
    if (held.kept > room) {
      const keep = Math.max(0, room);
      let k = 0;
      const lines2: string[] = [];
      const marker2: boolean[] = [];
      const nums2: number[] = [];
      const reasons2: DecisionReason[] = [];
      const scores2: number[] = [];
      for (let i = 0; i < held.lines.length; i++) {
        if (!held.marker[i]) {
          if (k >= keep) {
            this.#counters.dropped(1);
            this.#final(held.nums[i], "drop", "sample-limit", held.scores[i]);
            k++;
            continue;
          }
          k++;
        } else if (k >= keep) continue;
        lines2.push(held.lines[i]);
        marker2.push(held.marker[i]);
        nums2.push(held.nums[i]);
        reasons2.push(held.reasons[i]);
        scores2.push(held.scores[i]);
      }
      held.lines = lines2;
      held.marker = marker2;
      held.nums = nums2;
      held.reasons = reasons2;
      held.scores = scores2;
      held.kept = keep;
    }
    this.#kept += held.kept;
    if (held.kept > 0) this.#lastKept = undefined;
    this.#held = held;
    if (!this.#collapse) this.#flushHeld();
    if (held.kept > 0) this.#afterLeft = repeat ? 0 : this.#afterWindow();
  }

  /** Writes the held stack record: as it is, or every line prefixed `[xN]`. */
  #flushHeld(): void {
    const h = this.#held;
    if (h === undefined) return;
    this.#held = undefined;
    const prefix = h.count > 1 ? `[x${h.count}] ` : "";
    for (let i = 0; i < h.lines.length; i++) {
      if (h.marker[i]) {
        this.#put(h.lines[i], 0, "stack-frame", 0, true);
      } else if (prefix) {
        this.#put(prefix + h.lines[i], h.nums[i], h.reasons[i], h.scores[i], true);
      } else {
        this.#put(h.lines[i], h.nums[i], h.reasons[i], h.scores[i], false);
      }
    }
  }
}

/**
 * A unified-diff line: 2 for a hunk header (`@@ -14,11 +14,11 @@`), 1 for a
 * changed line (`- old`, `+ new`), 0 for anything else that ends a hunk (a
 * blank line), -1 for a context line.
 */
function _diffLine(line: string): number {
  let i = 0;
  let c = 0;
  while (i < line.length && ((c = line.charCodeAt(i)) === 32 || c === 9)) i++;
  if (i === line.length) return 0;
  if (c === 64 /* @ */) return /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/.test(line.slice(i)) ? 2 : -1;
  if ((c === 43 || c === 45) && line.charCodeAt(i + 1) === 32) return 1;
  return -1;
}

/** The keep reason of a signal. */
function _reasonOf(sig: number): DecisionReason {
  if (sig >= _ERROR_SIG) return "error";
  if (sig >= _DIAG_SIG) return "diagnostic";
  if (sig >= _STACK_SIG) return "stack-frame";
  return "relevant";
}

/**
 * A line that belongs to a stack run by itself: a frame ({@linkcode isStackFrame}),
 * `Caused by:`, `... N more` / `... N common frames omitted`.
 */
function _isFrameLine(line: string): boolean {
  const c0 = line.charCodeAt(0);
  if (c0 !== 32 && c0 !== 9) {
    if (c0 === 97) return isStackFrame(line);
    return c0 === 67 && line.startsWith("Caused by:");
  }
  if (isStackFrame(line)) return true;
  let i = 1;
  while (i < line.length && ((line.charCodeAt(i)) === 32 || line.charCodeAt(i) === 9)) i++;
  const c = line.charCodeAt(i);
  if (c === 67) return line.startsWith("Caused by:", i);
  if (c === 46 && line.startsWith("... ", i)) {
    const d = line.charCodeAt(i + 4);
    return d >= 48 && d <= 57;
  }
  return false;
}

/** Indentation of a Python `File "…"` frame line, or -1 when it is not one. */
function _pyFileIndent(line: string): number {
  let i = 0;
  let c = 0;
  while (i < line.length && ((c = line.charCodeAt(i)) === 32 || c === 9 || c === 124)) i++;
  return i > 0 && line.startsWith('File "', i) ? i : -1;
}
