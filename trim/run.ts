/**
 * The state of one processing run: validated options and the counters every
 * stage reports to. Stages never share anything else.
 *
 * @module
 */

import { type CompiledTrimConfig, compileTrimConfig } from "./config/rules.ts";
import { TrimError } from "./errors.ts";
import { createFormatDetector, type FormatDetector } from "./classify/format.ts";
import type { RelevanceOptions } from "./stages/select.ts";
import { createSourceDetector, type SourceDetector } from "./sources/detector.ts";
import { estimateTokens, LineMeter } from "./tokens.ts";
import type { TrimLineDecision, TrimOptions, TrimResult, TrimStats } from "./types.ts";

/** Options after validation, with defaults applied. */
export interface ResolvedOptions {
  /** Lines longer than this become `[TRUNCATED]` (undefined: no limit but the hard cap). */
  maxLineLength: number | undefined;
  /** 0-16. */
  preserveIdSuffix: number;
  /** Fold repeats. */
  dedupe: boolean;
  /** Token estimate per line. */
  estimate: (line: string) => number;
  /** Custom rules (inline `config`, merged with a `.trim.yml` by the file-aware entry points). */
  custom: CompiledTrimConfig | undefined;
  /** Keep only lines matching this. */
  include: RegExp | undefined;
  /** Drop lines matching this. */
  exclude: RegExp | undefined;
  /** Options of the relevance stage (filters, scoring, context, stacks). */
  relevance: RelevanceOptions;
  /** Per-line decision callback (decisions are tracked only when set). */
  onDecision: ((decision: TrimLineDecision) => void) | undefined;
}

/** Mutable state of one run. */
export interface RunState {
  /** Validated options. */
  readonly options: ResolvedOptions;
  /** Counters (all spec fields, truncatedLines included). */
  readonly stats: Required<TrimStats>;
  /** Words and tokens of the input. */
  readonly input: LineMeter;
  /** Words and tokens of the output. */
  readonly output: LineMeter;
  /** Synthetic lines written (markers, summary), part of outputLines. */
  markerLines: number;
  /** Non-blank lines written. */
  nonBlankOutput: number;
  /** Set by the source when the deadline was reached. */
  timedOut: boolean;
  /** Set by the source when the signal aborted the run. */
  aborted: boolean;
  /** Streaming format vote. */
  readonly format: FormatDetector;
  /** Streaming source detection. */
  readonly sources: SourceDetector;
}

/** How many detected sources a result lists at most. */
export const MAX_DETECTED_SOURCES = 5;

const _ENUMS: Record<string, readonly string[]> = {
  aggressiveness: ["low", "medium", "high", "aggressive", "auto"],
  multiline: ["auto", "python", "node", "java", "go", "rust", "off"],
  severity: ["fatal", "error", "warn", "info", "debug", "trace"],
  outputFormat: ["text", "jsonl-preserve"],
};

const _COUNTS = [
  "sampleSize",
  "maxLineLength",
  "maxTokens",
  "dedupeWindow",
  "collapseBlocks",
  "formatDetectionSampleSize",
  "maxStackFrames",
  "contextBefore",
  "contextAfter",
  "timeoutMs",
] as const;

/**
 * Validates options and creates the state of a run. Throws `TrimError`
 * with code `INVALID_OPTION` naming the option and its valid values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRun } from "./run.ts";
 * const run = createRun({ maxLineLength: 200 });
 * assert.ok(run.options.maxLineLength === 200 && run.stats.inputLines === 0);
 * ```
 */
export function createRun(options: TrimOptions = {}): RunState {
  _validate(options);
  const estimate = options.tokenEstimator ?? estimateTokens;
  const custom = options.config === undefined
    ? undefined
    : compileTrimConfig(options.config, "config");
  const include = _statelessRegExp(options.include);
  const exclude = _statelessRegExp(options.exclude);
  return {
    options: {
      maxLineLength: options.maxLineLength,
      preserveIdSuffix: options.preserveIdSuffix ?? 0,
      // jsonl-preserve keeps every line's structure: no folding, whatever `dedupe` says.
      dedupe: options.outputFormat === "jsonl-preserve" ? false : options.dedupe ?? true,
      estimate,
      custom,
      include,
      exclude,
      relevance: {
        aggressiveness: options.aggressiveness,
        multiline: options.multiline,
        severity: options.severity,
        include,
        exclude,
        keep: custom?.keep,
        ignore: custom?.ignore,
        internalStackPatterns: custom?.internalStackPatterns,
        sampleSize: options.sampleSize,
        maxStackFrames: options.maxStackFrames,
        contextBefore: options.contextBefore,
        contextAfter: options.contextAfter,
        adaptiveContext: options.adaptiveContext,
        collapseRepeatedStacks: options.collapseRepeatedStacks,
        rootCause: options.rootCause,
        multilingual: options.multilingual,
        // Non-adjacent repeats fold (dedupeWindow > 1): no dampening, so counts stay whole.
        dampen: (options.dedupeWindow ?? 1) <= 1,
        scores: options.maxTokens !== undefined,
      },
      onDecision: options.onDecision,
    },
    stats: {
      inputLines: 0,
      outputLines: 0,
      inputWords: 0,
      outputWords: 0,
      inputBytes: 0,
      outputBytes: 0,
      droppedLines: 0,
      duplicateLines: 0,
      hiddenInternalStackLines: 0,
      truncatedLines: 0,
    },
    input: new LineMeter(estimate),
    output: new LineMeter(estimate),
    markerLines: 0,
    nonBlankOutput: 0,
    timedOut: false,
    aborted: false,
    format: createFormatDetector(options.formatDetectionSampleSize),
    sources: createSourceDetector(custom?.sources),
  };
}

const _BOOLEANS = [
  "collapseRepeatedStacks",
  "rootCause",
  "multilingual",
  "adaptiveContext",
  "templateMining",
  "dedupe",
] as const;

/** A copy without `g`/`y`, so `test` keeps no state between lines. */
function _statelessRegExp(re: RegExp | undefined): RegExp | undefined {
  if (re === undefined || (!re.global && !re.sticky)) return re;
  return new RegExp(re.source, re.flags.replace(/[gy]/g, ""));
}

function _validate(o: TrimOptions): void {
  if (o === null || typeof o !== "object") {
    throw new TrimError("INVALID_OPTION", "options must be an object");
  }
  for (const [name, values] of Object.entries(_ENUMS)) {
    const v = (o as Record<string, unknown>)[name];
    if (v !== undefined && !values.includes(v as string)) {
      throw new TrimError(
        "INVALID_OPTION",
        `option ${name}: ${JSON.stringify(v)} is not one of ${values.join(", ")}`,
      );
    }
  }
  for (const name of _COUNTS) {
    const v = o[name];
    if (v === undefined) continue;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      throw new TrimError(
        "INVALID_OPTION",
        `option ${name}: ${JSON.stringify(v)} is not a whole number >= 0`,
      );
    }
  }
  if (o.maxLineLength === 0) {
    throw new TrimError("INVALID_OPTION", "option maxLineLength: must be at least 1");
  }
  const s = o.preserveIdSuffix;
  if (s !== undefined && (typeof s !== "number" || !Number.isInteger(s) || s < 0 || s > 16)) {
    throw new TrimError(
      "INVALID_OPTION",
      `option preserveIdSuffix: ${JSON.stringify(s)} is not a whole number from 0 to 16`,
    );
  }
  for (const name of ["include", "exclude"] as const) {
    if (o[name] !== undefined && !(o[name] instanceof RegExp)) {
      throw new TrimError("INVALID_OPTION", `option ${name}: must be a RegExp`);
    }
  }
  for (const name of _BOOLEANS) {
    const v = o[name];
    if (v !== undefined && typeof v !== "boolean") {
      throw new TrimError(
        "INVALID_OPTION",
        `option ${name}: ${JSON.stringify(v)} is not a boolean`,
      );
    }
  }
  for (const name of ["onDecision", "tokenEstimator"] as const) {
    if (o[name] !== undefined && typeof o[name] !== "function") {
      throw new TrimError("INVALID_OPTION", `option ${name}: must be a function`);
    }
  }
}

/**
 * Meters input text: words and tokens of each raw line (the split stage calls it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRun, meterInput } from "./run.ts";
 * const run = createRun();
 * meterInput(run, "npm ERR! code ERESOLVE");
 * assert.ok(run.input.words === 4 && run.input.tokens > 0);
 * ```
 */
export function meterInput(run: RunState, text: string): void {
  run.input.add(text);
}

/**
 * Meters one output line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRun, meterOutput } from "./run.ts";
 * const run = createRun();
 * meterOutput(run, "[x3] retry id=[1 | 2 | 3]");
 * assert.ok(run.stats.outputLines === 1 && run.nonBlankOutput === 1);
 * ```
 */
export function meterOutput(run: RunState, line: string): void {
  run.stats.outputLines++;
  const before = run.output.words;
  run.output.add(line);
  if (run.output.words > before) run.nonBlankOutput++;
}

/**
 * The result of a finished run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRun, resultOf } from "./run.ts";
 * const r = resultOf(createRun());
 * assert.ok(r.savedTokens === 0 && r.savingsPercent === 0);
 * ```
 */
export function resultOf(run: RunState): TrimResult {
  run.stats.inputWords = run.input.words;
  run.stats.outputWords = run.output.words;
  const inputTokens = Math.round(run.input.tokens);
  const outputTokens = Math.round(run.output.tokens);
  const savedTokens = Math.max(0, inputTokens - outputTokens);
  const result: TrimResult = {
    stats: { ...run.stats },
    inputTokens,
    outputTokens,
    savedTokens,
    savingsPercent: inputTokens > 0 ? Math.round((savedTokens / inputTokens) * 1000) / 10 : 0,
  };
  const format = run.format.format;
  if (format !== undefined) result.detectedFormat = format;
  const sources = run.sources.ranked(MAX_DETECTED_SOURCES);
  if (sources.length > 0) result.detectedSources = sources;
  if (run.timedOut) result.timedOut = true;
  return result;
}
