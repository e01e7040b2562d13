/**
 * Options resolved: validated against the option table (`options.ts`), defaults
 * applied once, and cut into the slice each stage reads.
 *
 * @module
 */

import type { CompiledTrimConfig } from "./config/rules.ts";
import { compileTrimConfig } from "./config/rules.ts";
import { TrimError } from "./errors.ts";
import { optionDefault, OPTIONS, type OptionSpec } from "./options.ts";
import type { FoldSlice } from "./fold/slice.ts";
import type { MaskSlice } from "./sanitize/masker.ts";
import { type BudgetSlice, defaultBudget } from "./select/budget.ts";
import type { SelectSlice } from "./select/slice.ts";
import { TAIL_CONTEXT_LINES } from "./select/context.ts";
import { FINAL_WINDOW_LINES } from "./select/final_window.ts";
import { estimateTokens } from "./tokens.ts";
import type { MultilineMode, TrimLineDecision, TrimOptions } from "./types.ts";

/**
 * Validates options against {@linkcode OPTIONS}; throws `TrimError` with code
 * `INVALID_OPTION` naming the option and what it accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateOptions } from "./resolve.ts";
 * assert.throws(() => validateOptions({ sampleSize: -1 }), /option sampleSize: -1 is not a whole number >= 0/);
 * validateOptions({ aggressiveness: "low" });
 * ```
 */
export function validateOptions(o: TrimOptions): void {
  if (o === null || typeof o !== "object") {
    throw new TrimError("INVALID_OPTION", "options must be an object");
  }
  const values = o as Record<string, unknown>;
  for (const kind of _CHECK_ORDER) {
    for (const spec of OPTIONS) {
      if (spec.kind !== kind) continue;
      const v = values[spec.name];
      if (v === undefined) continue;
      const why = _invalid(spec, v);
      if (why !== undefined) throw new TrimError("INVALID_OPTION", `option ${spec.name}: ${why}`);
    }
  }
}

const _CHECK_ORDER = ["enum", "count", "regexp", "boolean", "function"] as const;

/** Why `v` is not a valid value of `spec`, or `undefined`. */
function _invalid(spec: OptionSpec, v: unknown): string | undefined {
  const shown = JSON.stringify(v);
  switch (spec.kind) {
    case "enum":
      return spec.values!.includes(v as string)
        ? undefined
        : `${shown} is not one of ${spec.values!.join(", ")}`;
    case "count": {
      const whole = typeof v === "number" && Number.isInteger(v) && v >= 0;
      if (spec.max !== undefined) {
        return whole && (v as number) <= spec.max
          ? undefined
          : `${shown} is not a whole number from 0 to ${spec.max}`;
      }
      if (!whole) return `${shown} is not a whole number >= 0`;
      return (v as number) < (spec.min ?? 0) ? `must be at least ${spec.min}` : undefined;
    }
    case "regexp":
      return v instanceof RegExp ? undefined : "must be a RegExp";
    case "boolean":
      return typeof v === "boolean" ? undefined : `${shown} is not a boolean`;
    case "function":
      return typeof v === "function" ? undefined : "must be a function";
    default:
      return undefined;
  }
}

/** Options after validation, with defaults applied, as one slice per stage. */
export interface ResolvedOptions {
  /** Lines are cut while streaming at this many characters (undefined: the hard cap only). */
  splitAt: number | undefined;
  /** Lines longer than this become `[TRUNCATED]` (undefined: no truncate stage). */
  maxLineLength: number | undefined;
  /** Keep the last N (0-16) characters of masked ids and hashes. */
  preserveIdSuffix: number;
  /** The multiline mode of the group stage. */
  multiline: MultilineMode;
  /** Leading non-blank lines sampled for the format vote. */
  formatDetectionSampleSize: number;
  /** The masker's slice. */
  mask: MaskSlice;
  /** The select stage's slice. */
  select: SelectSlice;
  /** The budget stage's slice (undefined: no budget stage). */
  budget: BudgetSlice | undefined;
  /** The fold stage's slice. */
  fold: FoldSlice;
  /** Token estimate per line. */
  estimate: (line: string) => number;
  /** Custom rules (inline `config`, merged with a `.trim.yml` by the file-aware entry points). */
  custom: CompiledTrimConfig | undefined;
  /** Per-line decision callback. */
  onDecision: ((decision: TrimLineDecision) => void) | undefined;
  /** Carry line numbers through the stages (`onDecision`, `foldLineRanges`). */
  track: boolean;
}

/** Lines are never cut while streaming below this many characters (see `splitAt`). */
const _MIN_CUT = 4096;

/**
 * Validates options and resolves them: defaults applied once, each stage's slice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveOptions } from "./resolve.ts";
 * const r = resolveOptions({ contextBefore: 1 });
 * assert.ok(r.select.contextBefore === 1 && r.select.contextAfter === 2);
 * assert.ok(!r.select.adaptiveContext); // an explicit context is fixed
 * assert.ok(r.fold.dedupe && r.budget === undefined);
 * ```
 */
export function resolveOptions(options: TrimOptions = {}): ResolvedOptions {
  validateOptions(options);
  const estimate = options.tokenEstimator ?? estimateTokens;
  const budgetRate = options.budgetRate ?? optionDefault("budgetRate");
  const custom = options.config === undefined
    ? undefined
    : compileTrimConfig(options.config, "config");
  const include = _statelessRegExp(options.include);
  const exclude = _statelessRegExp(options.exclude);
  const jsonl = options.outputFormat === "jsonl-preserve";
  const max = options.maxLineLength;
  const explicitContext = options.contextBefore !== undefined ||
    options.contextAfter !== undefined;
  const preserveIdSuffix = options.preserveIdSuffix ?? optionDefault("preserveIdSuffix");
  const dedupe = options.dedupe ?? optionDefault("dedupe");
  // Unset, repeats fold across the stream, adjacent ones first: dampening stays on.
  const lineRanges = options.foldLineRanges ?? optionDefault("foldLineRanges");
  const windowed = options.dedupeWindow !== undefined && options.dedupeWindow > 1;
  return {
    // With maxLineLength, lines are cut while streaming at no less than _MIN_CUT
    // characters (the truncate stage then replaces them): a private-key block whose
    // first line is longer than maxLineLength is still recognized, its body swallowed.
    splitAt: max === undefined ? undefined : Math.max(max, _MIN_CUT),
    maxLineLength: max,
    preserveIdSuffix,
    multiline: options.multiline ?? optionDefault("multiline"),
    formatDetectionSampleSize: options.formatDetectionSampleSize ??
      optionDefault("formatDetectionSampleSize"),
    mask: {
      preserveIdSuffix,
      rules: custom?.sanitize?.length ? custom.sanitize : undefined,
      jsonl,
    },
    select: {
      // With a baseline, the passing run is the noise filter: keep everything else.
      aggressiveness: options.aggressiveness ??
        (options.baseline !== undefined ? "low" : optionDefault("aggressiveness")),
      severity: options.severity,
      include,
      exclude,
      keep: custom?.keep,
      ignore: custom?.ignore,
      internalStackPatterns: custom?.internalStackPatterns,
      sampleSize: options.sampleSize ?? Infinity,
      maxStackFrames: options.maxStackFrames ?? optionDefault("maxStackFrames"),
      contextBefore: options.contextBefore ?? optionDefault("contextBefore"),
      contextAfter: options.contextAfter ?? optionDefault("contextAfter"),
      adaptiveContext: (options.adaptiveContext ?? optionDefault("adaptiveContext")) &&
        !explicitContext,
      collapseRepeatedStacks: options.collapseRepeatedStacks ??
        optionDefault("collapseRepeatedStacks"),
      rootCause: options.rootCause ?? optionDefault("rootCause"),
      multilingual: options.multilingual ?? optionDefault("multilingual"),
      // Non-adjacent repeats fold (dedupeWindow > 1): no dampening, so counts stay whole.
      dampen: !windowed,
      // Messages with other values only where lines fold: without folding the user
      // asked for every line.
      dampenMessages: !windowed && !jsonl && dedupe,
      scores: options.maxTokens !== undefined,
      tailLines: TAIL_CONTEXT_LINES,
      finalWindow: FINAL_WINDOW_LINES,
      budget: options.maxTokens !== undefined
        ? () => options.maxTokens!
        : (t) => defaultBudget(t, budgetRate),
      estimate,
    },
    budget: options.maxTokens === undefined
      ? undefined
      : { maxTokens: options.maxTokens, estimate },
    fold: {
      // jsonl-preserve keeps every line's structure: no folding, whatever `dedupe` says.
      dedupe: jsonl ? false : dedupe,
      templateMining: options.templateMining ?? optionDefault("templateMining"),
      window: options.dedupeWindow,
      collapseBlocks: options.collapseBlocks,
      lineRanges,
    },
    estimate,
    custom,
    onDecision: options.onDecision,
    track: options.onDecision !== undefined || lineRanges,
  };
}

/** A copy without `g`/`y`, so `test` keeps no state between lines. */
function _statelessRegExp(re: RegExp | undefined): RegExp | undefined {
  if (re === undefined || (!re.global && !re.sticky)) return re;
  return new RegExp(re.source, re.flags.replace(/[gy]/g, ""));
}
