/**
 * The state of one processing run: validated options and the counters every
 * stage reports to. Stages never share anything else.
 *
 * @module
 */

import { createFormatDetector, type FormatDetector } from "./classify/format.ts";
import { type ResolvedOptions, resolveOptions } from "./resolve.ts";
import { createSourceDetector, type SourceDetector } from "./sources/detector.ts";
import { LineMeter } from "./tokens.ts";
import type { TrimOptions, TrimResult, TrimStats } from "./types.ts";

/** Mutable state of one run. */
export interface RunState {
  /** Validated options, resolved into one slice per stage (`options.ts`). */
  readonly options: ResolvedOptions;
  /** Counters (all spec fields, truncatedLines included). */
  readonly stats: Required<TrimStats>;
  /** Words and tokens of the input. */
  readonly input: LineMeter;
  /** Words and tokens of the output. */
  readonly output: LineMeter;
  /** Non-blank lines written. */
  nonBlankOutput: number;
  /** Set by the source when the deadline was reached. */
  timedOut: boolean;
  /** Streaming format vote. */
  readonly format: FormatDetector;
  /** Streaming source detection. */
  readonly sources: SourceDetector;
}

/** How many detected sources a result lists at most. */
export const MAX_DETECTED_SOURCES = 5;

/**
 * Counters at zero (`truncatedLines` left out: it is set only with `maxLineLength`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyStats } from "./run.ts";
 * assert.ok(emptyStats().inputLines === 0 && emptyStats().truncatedLines === undefined);
 * ```
 */
export function emptyStats(): TrimStats {
  return {
    inputLines: 0,
    outputLines: 0,
    inputWords: 0,
    outputWords: 0,
    inputBytes: 0,
    outputBytes: 0,
    droppedLines: 0,
    duplicateLines: 0,
    hiddenInternalStackLines: 0,
  };
}

/**
 * The tokens saved (never negative) and the percent saved, one decimal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { savingsOf } from "./run.ts";
 * assert.deepEqual(savingsOf(1000, 18), { savedTokens: 982, savingsPercent: 98.2 });
 * ```
 */
export function savingsOf(
  inputTokens: number,
  outputTokens: number,
): { savedTokens: number; savingsPercent: number } {
  const savedTokens = Math.max(0, inputTokens - outputTokens);
  const savingsPercent = inputTokens > 0 ? Math.round((savedTokens / inputTokens) * 1000) / 10 : 0;
  return { savedTokens, savingsPercent };
}

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
  const resolved = resolveOptions(options);
  return {
    options: resolved,
    stats: { ...emptyStats(), truncatedLines: 0 },
    input: new LineMeter(resolved.estimate),
    output: new LineMeter(resolved.estimate),
    nonBlankOutput: 0,
    timedOut: false,
    format: createFormatDetector(resolved.formatDetectionSampleSize),
    sources: createSourceDetector(resolved.custom?.sources),
  };
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
  const result: TrimResult = {
    stats: { ...run.stats },
    inputTokens,
    outputTokens,
    ...savingsOf(inputTokens, outputTokens),
  };
  const format = run.format.format;
  if (format !== undefined) result.detectedFormat = format;
  const sources = run.sources.ranked(MAX_DETECTED_SOURCES);
  if (sources.length > 0) result.detectedSources = sources;
  if (run.timedOut) result.timedOut = true;
  return result;
}
