/**
 * The select stage: decides, line by line and record by record, what a person needs
 * to diagnose a failure, and drops the rest. The {@linkcode Selector} wires trackers
 * of `trim/select/`, one concern each: the line verdicts ({@linkcode LineRules}:
 * filters, noise blocks, class and score, baseline, root cause, {@linkcode Repeats}),
 * the records ({@linkcode Records}: stack traces, folded), the context before an
 * error ({@linkcode BeforeContext}) and after it ({@linkcode AfterContext}), PHP's
 * held test diffs ({@linkcode PhpGate}), the final window ({@linkcode ClosingLines})
 * and the output end ({@linkcode Emitter}: the sample cap, the accounting). Masking
 * happens on keep candidates only, before a candidate is compared with lines shown.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import { SignalCache } from "../classify/signal_cache.ts";
import type { DecisionReason } from "../decision.ts";
import { AfterContext } from "../select/after_context.ts";
import {
  type AggressivenessState,
  createDynamicAggressivenessState,
} from "../select/aggressiveness.ts";
import type { BaselineTemplates } from "../select/baseline.ts";
import { NEW_CONTEXT_BEFORE, NEW_CONTEXT_RING } from "../select/novelty.ts";
import { BeforeContext } from "../select/before_context.ts";
import { ClosingLines } from "../select/closing.ts";
import { Emitter } from "../select/emitter.ts";
import { lineFilter } from "../select/filters.ts";
import { LineRules } from "../select/line_rules.ts";
import { NoiseBlocks } from "../select/noise_blocks.ts";
import { SelectOutput } from "../select/output.ts";
import { PhpGate } from "../select/php_gate.ts";
import { Records } from "../select/records.ts";
import { Repeats } from "../select/repeats.ts";
import type { SelectCounters, SelectRun, SelectSlice } from "../select/slice.ts";
import { Act, type Verdict } from "../select/verdict.ts";
import { END_OF_STEP_HOLD, StepEndBudget } from "../select/budget.ts";

export type { SelectCounters, SelectRun, SelectSlice };

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
 * const counters = { dropped: (n: number) => (dropped += n), hidden() {}, duplicates() {} };
 * const s = new Selector(resolveOptions({}).select, counters);
 * const lines = ["[DEBUG] warm", "[INFO] a", "[INFO] b", "[INFO] c", "[ERROR] db timeout"];
 * // The last lines of the input are held back (the final window) until the end.
 * const out = [...s.push({ lines }).lines, ...s.flush().lines];
 * // Three lines of context before the error; the DEBUG line is dropped.
 * assert.ok(out.join("|") === "[INFO] a|[INFO] b|[INFO] c|[ERROR] db timeout" && dropped === 1);
 * ```
 */
export class Selector {
  #o: SelectSlice;
  #state: AggressivenessState;
  #em: Emitter;
  #before: BeforeContext;
  #after: AfterContext;
  #closing: ClosingLines;
  #repeats: Repeats;
  #rules: LineRules;
  #records: Records;
  #php: PhpGate;
  #out: SelectOutput;
  #end: StepEndBudget;

  /**
   * @param slice the resolved options of select.
   * @param counters where dropped, hidden and folded lines are counted.
   * @param run the decisions' reporter, the masker, the runner prefixes, the input meter.
   */
  constructor(slice: SelectSlice, counters: SelectCounters, run: SelectRun = {}) {
    const { report, mask, prefixes, input } = run;
    this.#o = slice;
    this.#end = new StepEndBudget(slice.budget, slice.estimate, input);
    const track = report !== undefined;
    const end = this.#end;
    const budget = {
      budget: () => end.atLine,
      drop: (num: number, score: number) => {
        counters.dropped(1);
        report?.report(num, "drop", "budget-block", score);
      },
    };
    const o = { track, scores: slice.scores, mask, prefixes, estimate: slice.estimate, budget };
    const out = this.#out = new SelectOutput(o);
    const em = this.#em = new Emitter(out, counters, report, slice.sampleSize);
    const state = this.#state = createDynamicAggressivenessState(slice.aggressiveness);
    const filter = lineFilter(slice);
    const emit = (line: string, num: number, why: DecisionReason, score: number, ring = false) =>
      this.#emit(line, num, why, score, ring);
    const before = this.#before = new BeforeContext(em, slice.contextBefore, slice.tailLines, emit);
    const after = this.#after = new AfterContext(slice.contextAfter, slice.adaptiveContext);
    const closing = this.#closing = new ClosingLines(slice.finalWindow, END_OF_STEP_HOLD);
    const repeats = this.#repeats = new Repeats(slice.dampen, slice.dampenMessages);
    const signals = new SignalCache(slice.multilingual);
    const common = { em, after, blocks: new NoiseBlocks(), repeats, state, filter, signals };
    const rules = this.#rules = new LineRules({ ...common, closing, rootCause: slice.rootCause });
    const decide = (line: string, num: number) => this.#decide(line, num);
    const single = (line: string, num: number) => this.#single(line, num);
    const rootCause = rules.rootCause;
    const newRecord = (lines: string[], first: boolean) => rules.newRecord(lines, first);
    this.#records = new Records({ ...common, slice, before, rootCause, single, newRecord });
    this.#php = new PhpGate({ filter, decide, emit, em, before, state, signals });
  }

  /** The passing run's templates (`baseline`): lines it also printed are not kept on their own. */
  set baseline(templates: BaselineTemplates | undefined) {
    this.#rules.baseline = templates;
    if (templates !== undefined) this.#before.widen(NEW_CONTEXT_RING);
  }

  /** Entries held by the stage's maps (each stays within its limit however long the input). */
  get trackedSizes(): { triggers: number; restated: number; dampened: number; messages: number } {
    return { ...this.#repeats.sizes, restated: this.#rules.rootCause?.size ?? 0 };
  }

  /** Pushes a batch (records marked by the group stage); returns what to pass on. */
  push(batch: Batch): Batch {
    this.#end.read(batch.lines);
    this.#em.begin();
    this.#feed(this.#closing.release(batch));
    return this.#em.end();
  }

  /**
   * End of input: the final window (the log's closing lines, read as evidence), the
   * held stack record; what is left of the context ring is dropped.
   */
  flush(): Batch {
    this.#em.begin();
    this.#em.closing();
    const stepsAfter = this.#closing.finish(
      (batch) => this.#feed(batch),
      () => this.#before.flush(),
      this.#o.multilingual,
      () => this.#em.pos,
      (lines) => this.#end.lines(lines, this.#out.tokens),
    );
    this.#php.end(); // a diff whose verdict never came: its lines go through the rules
    // The closing lines of the log, unless they are steps that ran after the failure.
    if (stepsAfter) this.#before.flush();
    else this.#before.tail();
    this.#records.flush();
    return this.#em.end(true);
  }

  #feed(batch: Batch): void {
    const { lines, numbers: nums, records } = batch;
    const whole = this.#closing.endOfStep; // a record there is read line by line, whole
    let r = 0;
    for (let i = 0; i < lines.length; i++) {
      if (records !== undefined && r < records.length && i === records[r] && !whole) {
        const n = records[r + 1];
        r += 2;
        // Inside a PHP diff being held, a record's lines are lines of the diff.
        if (!this.#php.holding) {
          let chars = 0;
          for (let k = i; k < i + n; k++) chars += lines[k].length + 1;
          this.#end.decided(chars);
          this.#records.push(lines.slice(i, i + n), nums?.slice(i, i + n), this.#closing.closing);
          i += n - 1;
          continue;
        }
      }
      this.#end.decided(lines[i].length + 1);
      this.#single(lines[i], nums ? nums[i] : 0);
    }
  }

  /** One line on its own: the hot path (PHP's diff blocks are held first). */
  #single(line: string, num: number): void {
    if (!this.#php.hold(line, num)) this.#decide(line, num);
  }

  /** One line on its own, decided by the line rules. */
  #decide(line: string, num: number): void {
    this.#em.pos++;
    const act = this.#rules.judge(line);
    const v = this.#rules.verdict;
    if (act === Act.KEEP) this.#keep(v, num);
    else if (act === Act.SHOW) this.#emit(v.line, num, v.reason, v.score);
    else this.#before.dropped(act, v, num);
    this.#state.recordDecision(v.kind);
  }

  /** Keeps a line that scores at least the threshold; a hard one brings its context. */
  #keep(v: Verdict, num: number): void {
    if (!v.hard) return void this.#emit(v.line, num, v.reason, v.score); // fillers with it
    const repeat = this.#repeats.isRepeatTrigger(v.h);
    // The first new lines since the baseline bring more context than an error.
    const first = v.reason === "new-since-baseline" || this.#rules.firstNew;
    const lines = first ? NEW_CONTEXT_BEFORE : undefined;
    if (!repeat) this.#before.before(true, lines);
    else this.#before.flush();
    if (!this.#emit(v.line, num, v.reason, v.score)) return;
    this.#after.left = repeat ? 0 : this.#after.open(this.#em.pos);
    this.#after.body.kept(v.line);
  }

  /**
   * Emits a kept input line, unless the sample cap is reached or it is a context line
   * shown often already. A line leaving the context ring was already counted as
   * dropped (`fromRing`).
   */
  #emit(line: string, num: number, reason: DecisionReason, score: number, fromRing = false) {
    const em = this.#em;
    if (em.overCap(num, score, fromRing)) return false;
    if (this.#closing.dampens && this.#repeats.contextRepeat(line, reason, em.lastKept)) {
      if (fromRing) em.final(num, "repeat-dampened", score);
      else this.#before.drop(num, "repeat-dampened", score);
      return false;
    }
    if (fromRing) em.dropped(-1);
    this.#records.flush();
    // Fillers right after the last line shown, right before this one: inside the block.
    if (!fromRing) em.afterShown ? this.#before.fillers() : this.#before.flush();
    this.#before.shown();
    this.#records.whole.shown(line);
    em.put(line, num, reason, score);
    return true;
  }
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
  run: SelectRun = {},
  baseline?: Promise<BaselineTemplates>,
): TransformStream<Batch, Batch> {
  const selector = new Selector(slice, counters, run);
  // The baseline is read while the log starts to flow; select waits for it once.
  const ready = baseline?.then((templates) => void (selector.baseline = templates));
  return batchStage((batch) => selector.push(batch), () => selector.flush(), ready);
}
