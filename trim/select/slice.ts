/**
 * What the select stage reads: its slice of the resolved options (`resolve.ts`)
 * and the counters it reports to.
 *
 * @module
 */

import type { DecisionReporter } from "../decision.ts";
import type { RunnerPrefixes } from "../runner_prefix.ts";
import type { Aggressiveness, SeverityLevel } from "../types.ts";

/** What select needs: the resolved options it reads (see `options.ts`). */
export interface SelectSlice {
  /** Aggressiveness (`auto` adapts). */
  aggressiveness: Aggressiveness;
  /** Severity filter. */
  severity: SeverityLevel | undefined;
  /** Keep only matching lines. */
  include: RegExp | undefined;
  /** Drop matching lines. */
  exclude: RegExp | undefined;
  /** Custom `keep`: always kept, a hard keep. */
  keep: RegExp | undefined;
  /** Custom `ignore`: dropped. */
  ignore: RegExp | undefined;
  /** Custom `internalStackPatterns`. */
  internalStackPatterns: RegExp | undefined;
  /** Cap on kept lines (Infinity: none). */
  sampleSize: number;
  /** Application frames kept per trace (0 keeps all). */
  maxStackFrames: number;
  /** Soft lines kept before an error. */
  contextBefore: number;
  /** Soft lines kept after an error (the base of the adaptive window). */
  contextAfter: number;
  /** Size the after-error window by error density. */
  adaptiveContext: boolean;
  /** Fold adjacent repeated stack records. */
  collapseRepeatedStacks: boolean;
  /** Drop restatements of errors already shown. */
  rootCause: boolean;
  /** Boost error keywords in other languages. */
  multilingual: boolean;
  /** Repeat dampening (off when non-adjacent repeats fold: `dedupeWindow` > 1). */
  dampen: boolean;
  /**
   * Repeat dampening by message too (`message_repeats.ts`): with `dampen`, when lines
   * fold (`dedupe`, not `jsonl-preserve`).
   */
  dampenMessages: boolean;
  /** Carry a score per kept line even when decisions are not tracked (`maxTokens`). */
  scores: boolean;
  /** Closing lines kept as context of the end of the log. */
  tailLines: number;
  /** Input lines held back as the final window (`final_window.ts`). */
  finalWindow: number;
  /**
   * The token budget of a log of `inputTokens` estimated tokens (`budget.ts`:
   * `maxTokens`, else the default budget; Infinity: none). What the rules leave of it
   * goes to the end of the failing step.
   */
  budget: (inputTokens: number) => number;
  /** The run's token estimate of one line. */
  estimate: (line: string) => number;
}

/** What select reads from and reports to the run; each part optional. */
export interface SelectRun {
  /** Decisions of dropped and hidden lines (kept lines travel on; the fold stage reports them). */
  report?: DecisionReporter;
  /** The run's masker, applied to the lines kept. */
  mask?: (line: string) => string;
  /** The runner prefixes cut from input lines. */
  prefixes?: RunnerPrefixes;
  /** The run's input meter (the budget grows with its tokens). */
  input?: { readonly tokens: number };
}

/** Where select reports its accounting. */
export interface SelectCounters {
  /** `n` input lines were dropped. */
  dropped(n: number): void;
  /** `n` internal stack frames were hidden. */
  hidden(n: number): void;
  /** `n` more input lines are represented by `[xN]` lines (folded stacks). */
  duplicates(n: number): void;
}
