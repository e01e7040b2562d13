/**
 * The verdict on one line on its own, in the order the rules apply: the user's filters
 * (a `keep` match is a hard keep; `ignore`, `include`, `exclude`, `severity` drop), the
 * noise blocks (pytest's warnings summary, jest's console, banners), the line's class
 * and score at the effective aggressiveness. With a baseline, a line whose template the
 * passing run never printed is masked and kept as evidence while it is rare
 * (`novelty.ts`: `new-since-baseline`), and a line it printed (not an error) is read as
 * if it scored under the threshold, but never as one of the final window's, unless it
 * follows a point where the failing run left the passing run's path at the end of the
 * failing step (`divergence.ts`: `diverged-from-baseline`). A line
 * scoring at least {@linkcode SCORE_KEEP_THRESHOLD} is masked and kept unless it
 * restates an earlier error (`rootCause`), repeat dampening takes it under the
 * threshold, or it is a lone frame shown before. Below the threshold: a failure
 * section's line, a diff hunk's, the after-window of an error, the final window's
 * closing lines, or a drop (soft lines wait in the before-context).
 *
 * The verdict is what to do (an `Act`, `verdict.ts`); the selector does it.
 *
 * @module
 */

import { hashLine } from "../classify/hash.ts";
import { LOCATED_VERBATIM, namesLocation } from "../fold/failure_group.ts";
import { scoreForLevel } from "../classify/score.ts";
import type { SignalCache } from "../classify/signal_cache.ts";
import { createRepeatSignature } from "../classify/signature.ts";
import { SCORE_KEEP_THRESHOLD } from "../constants.ts";
import { keepReasonOf } from "../decision.ts";
import type { AfterContext } from "./after_context.ts";
import type { AggressivenessState } from "./aggressiveness.ts";
import { baselineKey, type BaselineTemplates, shapeKey } from "./baseline.ts";
import { Divergence } from "./divergence.ts";
import { NEW_TRACE_LINES, Novelty } from "./novelty.ts";
import type { ClosingLines } from "./closing.ts";
import { CLOSING_RUN } from "./closing.ts";
import { isFiller } from "./context.ts";
import type { Emitter } from "./emitter.ts";
import { FILTER_KEEP, FILTER_PASS, type lineFilter } from "./filters.ts";
import { isStepStart } from "./final_window.ts";
import type { NoiseBlocks } from "./noise_blocks.ts";
import type { Repeats } from "./repeats.ts";
import { RootCause } from "./root_cause.ts";
import { Act, Verdict } from "./verdict.ts";
import { firstVisible } from "./sections.ts";
import { CONTEXT_SIG, DIAG_SIG, ERROR_SIG, PLAIN_SIG, STACK_SIG } from "./signals.ts";

const _T = SCORE_KEEP_THRESHOLD;

/**
 * The line rules of a run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineRules } from "./line_rules.ts";
 * import { Act } from "./verdict.ts";
 * import { AfterContext } from "./after_context.ts";
 * import { createDynamicAggressivenessState } from "./aggressiveness.ts";
 * import { ClosingLines } from "./closing.ts";
 * import { Emitter } from "./emitter.ts";
 * import { NoiseBlocks } from "./noise_blocks.ts";
 * import { SelectOutput } from "./output.ts";
 * import { Repeats } from "./repeats.ts";
 * import { SignalCache } from "../classify/signal_cache.ts";
 * const counters = { dropped() {}, hidden() {}, duplicates() {} };
 * const em = new Emitter(new SelectOutput({ track: false, scores: false }), counters, undefined, 9);
 * const rules = new LineRules({
 *   em, after: new AfterContext(2, true), closing: new ClosingLines(0), blocks: new NoiseBlocks(),
 *   repeats: new Repeats(true, true), state: createDynamicAggressivenessState("auto"),
 *   filter: undefined, signals: new SignalCache(true), rootCause: true,
 * });
 * assert.ok(rules.judge("[ERROR] disk full") === Act.KEEP && rules.verdict.hard);
 * // Soft: dropped, but still context of an error that follows.
 * assert.ok(rules.judge("[DEBUG] cache warm") === Act.SOFT);
 * ```
 */
export class LineRules {
  /** The verdict of the last {@linkcode LineRules.judge}. */
  readonly verdict: Verdict = new Verdict();
  /**
   * The passing run's templates: lines it also printed are not kept on their own,
   * lines whose template it never printed are evidence ({@linkcode Novelty}).
   */
  get baseline(): BaselineTemplates | undefined {
    return this.#baseline;
  }
  set baseline(templates: BaselineTemplates | undefined) {
    this.#baseline = templates;
    this.#novelty = templates === undefined ? undefined : new Novelty();
    this.#divergence = new Divergence();
  }
  /** Restatements of an earlier error (`rootCause`). */
  readonly rootCause: RootCause | undefined;
  #em: Emitter;
  #after: AfterContext;
  #closing: ClosingLines;
  #blocks: NoiseBlocks;
  #repeats: Repeats;
  #state: AggressivenessState;
  #filter: ReturnType<typeof lineFilter>;
  #signals: SignalCache;
  #baseline: BaselineTemplates | undefined = undefined;
  #novelty: Novelty | undefined = undefined;
  #divergence = new Divergence();
  /** The current line masked, when the baseline was consulted for it (else undefined). */
  #masked: string | undefined = undefined;
  /**
   * Why the current line is no evidence on its own, whatever its score (set with
   * `#masked`): the baseline printed its template (`baseline`), or it is new but its
   * template no longer rare (`repeat-dampened`); else undefined.
   */
  #plain: "baseline" | "repeat-dampened" | undefined = undefined;
  /** The current line is new since the baseline and still rare: never dampened as a repeat. */
  #fresh = false;
  /**
   * The current line is a diagnostic new since the baseline and one of the run's first
   * new lines: kept by the rules as a diagnostic, with the context of a first new line
   * (an error keeps its own).
   */
  firstNew = false;
  /** Repeated diagnostics kept for naming a source location ({@linkcode LOCATED_VERBATIM} at most). */
  #located = 0;

  /** The trackers the rules read and advance. */
  constructor(o: {
    em: Emitter;
    after: AfterContext;
    closing: ClosingLines;
    blocks: NoiseBlocks;
    repeats: Repeats;
    state: AggressivenessState;
    filter: ReturnType<typeof lineFilter>;
    /** The lines' signals (cached {@linkcode lineSignal}). */
    signals: SignalCache;
    rootCause: boolean;
  }) {
    this.#em = o.em;
    this.#after = o.after;
    this.#closing = o.closing;
    this.#blocks = o.blocks;
    this.#repeats = o.repeats;
    this.#state = o.state;
    this.#filter = o.filter;
    this.#signals = o.signals;
    if (o.rootCause) this.rootCause = new RootCause();
  }

  /** Judges a line at the current position; the details are in {@linkcode verdict}. */
  judge(line: string): Act {
    const v = this.verdict;
    v.hard = false;
    if (this.#filter !== undefined) {
      const f = this.#filter(line);
      if (f === FILTER_KEEP) {
        v.hard = true;
        v.h = hashLine(createRepeatSignature(line));
        return v.set(Act.KEEP, line, "keep-rule", 100, "keep-hard");
      }
      if (f !== FILTER_PASS) return v.set(Act.DROP, line, f, 0, "drop");
    }
    const blocks = this.#blocks;
    const closing = this.#closing;
    // pytest's warnings summary
    if (blocks.warnings.next(line)) return v.set(Act.DROP, line, "noise", 0, "drop");
    const indent = firstVisible(line);
    if (blocks.console.next(line, indent) && !closing.closing) {
      return v.set(Act.DROP, line, "noise", 0, "drop"); // what a test printed (jest's console)
    }
    let sig = this.#signals.signal(line);
    if (closing.stepsAfter && sig >= STACK_SIG && isStepStart(line)) {
      // The title of a step after the failure (GitLab's `Uploading artifacts for failed
      // job`): its words are about the job, no evidence; a plain line (the last of an
      // error's context, as any step's title).
      sig = PLAIN_SIG;
    }
    if (blocks.banners.next(line) && (sig < ERROR_SIG || blocks.banners.wholly)) {
      return v.set(Act.DROP, line, "noise", 0, "drop"); // a tool's or a runner's banner
    }
    // The steps that ran after the failure (an artifact upload, the runner's cleanup):
    // in auto mode, read at `high` even where the failure's errors moved the level down.
    const state = this.#state;
    const level = closing.stepsAfter && state.auto && state.effective === "medium"
      ? "high"
      : state.effective;
    const score = scoreForLevel(sig, level);
    const inSection = blocks.sections.next(line, indent);
    this.#masked = undefined;
    this.#plain = undefined;
    this.#fresh = false;
    this.firstNew = false;
    if (this.#novelty !== undefined && indent < line.length) {
      const act = this.#new(line, sig, score);
      if (act !== -1) return act;
    }
    const plain = sig < ERROR_SIG ? this.#plain : undefined;
    if (score >= _T && plain === undefined) return this.#candidate(line, sig, score);
    // Below the threshold, or printed by the passing run too (no evidence on its own): the
    // context of an error, the final window's closing lines, or a drop.
    return this.#below(line, sig, score, indent, inSection, plain ?? "noise");
  }

  /**
   * With a baseline: a line whose template the passing run never printed is kept as
   * evidence while its template is rare ({@linkcode Novelty}); the first new lines of
   * the run bring their context. -1: the rules decide (the baseline printed it, it is
   * an error or a frame the rules keep anyway, or its template is no longer rare).
   */
  #new(raw: string, sig: number, score: number): Act | -1 {
    const line = this.#masked = this.#em.clean(raw);
    const base = this.#baseline!;
    const key = baselineKey(line);
    const shape = shapeKey(line);
    const diverged = this.#divergence.next(key, shape, base, this.#closing.endOfStep);
    if (base.hasKey(key)) {
      // The passing run printed it; at the end of the failing step, from a point of
      // divergence on, it is the failing run's own end all the same.
      if (diverged && score >= _T && sig < STACK_SIG) {
        const v = this.verdict;
        return v.set(Act.KEEP, line, "diverged-from-baseline", score, "keep-soft");
      }
      this.#plain = "baseline";
      return -1;
    }
    const novelty = this.#novelty!;
    // News: a word and a kind of line the passing run never printed; else a variant.
    const news = base.hasNewWord(line) && !base.hasShapeKey(shape);
    const rank = novelty.rank(key, shape, news);
    if (rank === 0) {
      if (sig < STACK_SIG) this.#plain = "repeat-dampened";
      return -1;
    }
    // A frame or a diagnostic: kept by the rules, as such, but never as a repeat.
    if (score >= _T && sig >= STACK_SIG) {
      this.#fresh = true;
      this.firstNew = novelty.first && sig < ERROR_SIG && sig >= DIAG_SIG;
      return -1;
    }
    const v = this.verdict;
    const hard = novelty.first;
    v.hard = hard;
    v.h = hard ? hashLine(createRepeatSignature(line)) : 0;
    return v.set(
      Act.KEEP,
      line,
      "new-since-baseline",
      Math.max(rank, score),
      hard ? "keep-hard" : "keep-soft",
    );
  }

  /**
   * With a baseline: whether a stack record is one of the first new ones (a line of it
   * has a template the passing run never printed), shown whole, every frame of it. The
   * log's first trace (`first`), shown whole anyway, takes no turn of those.
   */
  newRecord(lines: string[], first: boolean): boolean {
    const novelty = this.#novelty;
    if (novelty === undefined || lines.length > NEW_TRACE_LINES) return false;
    const em = this.#em;
    if (lines.length === 1 && !first) {
      // A lone frame (Go's location lines are records of one line each): new while rare.
      const line = em.clean(lines[0]);
      return this.#baseline!.newKey(line) !== -1 && novelty.frame(hashLine(line));
    }
    const start = em.pos - lines.length;
    if (!first && !novelty.tracesLeft && !novelty.continues(start)) return false;
    for (const l of lines) {
      if (this.#baseline!.newKey(em.clean(l)) !== -1) {
        return novelty.newTrace(start, em.pos, first);
      }
    }
    return false;
  }

  /** A line scoring at least the threshold: masked, and kept unless a rule says no. */
  #candidate(raw: string, sig: number, score: number): Act {
    const v = this.verdict;
    const em = this.#em;
    const line = this.#masked ?? em.clean(raw);
    if (this.rootCause !== undefined && this.rootCause.redundant(line, sig)) {
      const after = this.#after;
      if (after.left > 0 && em.shownPos === em.pos - 1) {
        // Right under the error it restates, it closes that error's block
        // (`1 error generated.`); further down it is a cascade.
        after.left--;
        return v.set(Act.SHOW, line, "context-after", score, "keep-soft");
      }
      // The log's own closing statement of its failure stays.
      if (this.#closing.closing && !this.#closing.extended) {
        return v.set(Act.SHOW, line, "final-window", score, "drop");
      }
      v.soft = false;
      return v.set(Act.SOFT, line, "root-cause", score, "drop");
    }
    const repeats = this.#repeats;
    const fresh = this.#fresh;
    if (repeats.dampens && sig < ERROR_SIG && !fresh) {
      const p = repeats.penalty(line, score);
      if (
        p > 0 && score - p < _T && !repeats.foldsWithLast(line, em.lastKept) &&
        !this.#locatedDiagnostic(line, sig)
      ) {
        return v.set(Act.DROP, line, "repeat-dampened", score - p, "repeat");
      }
      score = Math.max(score - p, _T);
    }
    const hard = sig >= STACK_SIG;
    // The hash of the line's repeat signature (hard lines only), computed once.
    const h = hard ? hashLine(createRepeatSignature(line)) : 0;
    if (sig < DIAG_SIG && hard && !this.#closing.closing && !fresh && repeats.triggerSeen(h)) {
      // A lone frame shown before (a logger's call site under each console line).
      return v.set(Act.DROP, line, "repeated-frames", score, "repeat");
    }
    v.hard = hard;
    v.h = h;
    const kind = hard ? "keep-hard" : line === em.lastKept ? "repeat" : "keep-soft";
    return v.set(Act.KEEP, line, keepReasonOf(sig), score, kind);
  }

  /**
   * Whether a repeated diagnostic escapes the dampener: it names a source location
   * (`bash: line 170: pom.bak10.xml: No space left on device`, `a.go:22:2: …`), so each
   * repeat is evidence of its own place, as in the fold stage; at most
   * {@linkcode LOCATED_VERBATIM} such lines a run.
   */
  #locatedDiagnostic(line: string, sig: number): boolean {
    if (sig < DIAG_SIG || this.#located >= LOCATED_VERBATIM || !namesLocation(line)) return false;
    this.#located++;
    return true;
  }

  /** A line under the threshold: context of some kind, or dropped. */
  #below(
    line: string,
    sig: number,
    score: number,
    indent: number,
    inSection: boolean,
    why: "noise" | "baseline" | "repeat-dampened",
  ): Act {
    const v = this.verdict;
    if (inSection && sig >= CONTEXT_SIG) {
      return v.set(Act.KEEP, line, "failure-section", score, "keep-soft");
    }
    const after = this.#after;
    const em = this.#em;
    if (after.diff(line, em.pos)) return v.set(Act.KEEP, line, "diagnostic", score, "keep-soft");
    after.step(line);
    if (after.left > 0 && sig >= CONTEXT_SIG) {
      after.take(line, indent);
      return v.set(Act.SHOW, line, "context-after", score, "keep-soft");
    }
    const closing = this.#closing;
    // The final window shows the log's closing lines, not those the passing run closed
    // with too (a durations table, a coverage report).
    if (closing.closing && why === "noise") {
      if (sig < PLAIN_SIG) {
        // Known noise between two rows (Ansible's `ok: [web1]` between two `TASK [x]`
        // headers): what follows starts a run of its own.
        if (sig < CONTEXT_SIG && indent < line.length) closing.endRun();
      } else if (closing.nextRow(line, em.shownPos, em.pos) > CLOSING_RUN) {
        return v.set(Act.DROP, line, "noise", score, "drop"); // one more row of a table
      } else {
        const why = closing.endOfStep ? "end-of-step" : "final-window";
        return v.set(Act.SHOW, line, why, score, "keep-soft");
      }
    }
    if (sig >= CONTEXT_SIG) {
      v.soft = true;
      return v.set(Act.SOFT, line, why, score, "drop");
    }
    if (indent === line.length) return v.set(Act.BLANK, line, "noise", score, "drop");
    if (isFiller(line, indent)) return v.set(Act.FILLER, line, "noise", score, "drop");
    return v.set(Act.DROP, line, "noise", score, "drop");
  }
}
