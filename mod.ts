/**
 * # trimlog
 *
 * Log reduction for people and LLMs: trimlog streams a raw log (CI output, server
 * logs, stack traces), masks secrets and volatile values, drops noise, folds
 * repeats into `[xN]` lines, keeps every error with its context, and reports what
 * it saved (lines, words, bytes, tokens).
 *
 * The core runs unchanged in Deno, Node, Bun and browsers; only
 * {@linkcode processLogFile} needs a file system.
 *
 * @example Reduce a text
 * ```ts
 * import assert from "node:assert/strict";
 * import { trimText } from "@trimlog/trimlog";
 * const log = "2024-05-14T09:12:03Z retry attempt=1\n2024-05-14T09:12:04Z retry attempt=2\n";
 * const { output, result } = await trimText(log);
 * assert.ok(output === "[x2] [TIME] retry attempt=[1 | 2]\n");
 * assert.ok(result.stats.inputLines === 2);
 * ```
 *
 * @example Stream a file to stdout (Deno)
 * ```ts ignore
 * import { processLogStream } from "@trimlog/trimlog";
 * using file = await Deno.open("build.log");
 * const result = await processLogStream(file.readable, Deno.stdout.writable);
 * console.error(`${result.savingsPercent}% of tokens saved`);
 * ```
 *
 * @module
 */

export {
  processLogStream,
  processLogStreamWithTimeout,
  trimText,
  withFileConfig,
} from "./adapters/library.ts";
export type { ChunkWriter, TrimInput, TrimOutput } from "./trim/process.ts";
export { createTrimStream, type TrimStream } from "./trim/pipeline.ts";
export { processLogFile } from "./adapters/node/file.ts";
export { sanitizeLine } from "./trim/sanitize.ts";
export { createRepeatSignature } from "./trim/classify/signature.ts";
export { estimateTokens } from "./trim/tokens.ts";
export { TrimError, type TrimErrorCode } from "./trim/errors.ts";
export { AGGRESSIVENESS_VALUES, MULTILINE_MODES, OUTPUT_FORMATS } from "./trim/options.ts";
export {
  createFormatDetector,
  detectFormat,
  detectLineFormat,
  FORMAT_DETECTION_SAMPLE_SIZE,
  FORMAT_REELECTION_STREAK,
  type FormatDetector,
  KNOWN_LOG_FORMATS,
  type LogFormat,
} from "./trim/classify/format.ts";
export {
  createMarkerMatcher,
  createSourceDetector,
  detectLogSources,
  KNOWN_LOG_SOURCES,
  LOG_SOURCE_ALIASES,
  LOG_SOURCE_CATEGORIES,
  LOG_SOURCE_SIGNATURES,
  type LogSourceSignature,
  type MarkerMatcher,
  type SourceDetector,
} from "./trim/sources/detector.ts";
export {
  createRepeatDampener,
  isHardSignal,
  LineCategory,
  type LineSignal,
  lineSignal,
  type RepeatDampener,
  scoreForLevel,
  scoreLineRelevance,
  type ScoreOptions,
  shouldKeepLine,
  signalCategory,
} from "./trim/classify/score.ts";
export {
  compareSeverity,
  inferSeverity,
  parseSeverityLevel,
  passesSeverityFilter,
  SEVERITY_LEVELS,
} from "./trim/classify/severity.ts";
export {
  type AggressivenessDecisionKind,
  type AggressivenessState,
  createDynamicAggressivenessState,
} from "./trim/select/aggressiveness.ts";
export {
  createRootCauseTracker,
  isCascadeRestatement,
  isGenuineError,
  type RootCauseTracker,
} from "./trim/classify/cascade.ts";
export {
  hasMultilingualErrorKeyword,
  MULTILINGUAL_ERROR_KEYWORDS,
  type MultilingualKeywords,
} from "./trim/classify/multilingual.ts";
export {
  AGGRESSIVENESS_DROPS_TO_TIGHTEN,
  AGGRESSIVENESS_HARD_KEEPS_TO_RELAX,
  AGGRESSIVENESS_WINDOW,
  CONTEXT_WINDOW_AFTER,
  CONTEXT_WINDOW_BEFORE,
  SCORE_KEEP_THRESHOLD,
  TFIDF_MAP_LIMIT,
  TFIDF_PENALTY,
  TFIDF_REPEAT_THRESHOLD,
} from "./trim/constants.ts";
export {
  ContinuationContext,
  createContinuationContext,
  createMultilineGrouper,
  isContinuationLine,
  MULTILINE_MAX_BYTES,
  MULTILINE_MAX_LINES,
  MultilineGrouper,
  type MultilineGrouperOptions,
} from "./trim/classify/multiline.ts";
export {
  DEFAULT_MAX_STACK_FRAMES,
  isInternalFrame,
  isStackFrame,
  reduceStackGroup,
  STACK_COLLAPSE,
  STACK_HIDE,
  STACK_KEEP,
  type StackReduceOptions,
  type StackReduction,
  stackSignature,
} from "./trim/classify/stack.ts";
export { DECISION_REASONS, type DecisionReason } from "./trim/decision.ts";
export { ExplainWriter, formatExplainLine } from "./cli/explain.ts";
export {
  type CompiledTrimConfig,
  compileTrimConfig,
  mergeTrimConfigs,
} from "./trim/config/rules.ts";
export { parseTrimConfig } from "./trim/config/yaml.ts";
export {
  type LoadedTrimConfig,
  loadTrimConfig,
  type LoadTrimConfigOptions,
  resolveTrimConfig,
  type ResolveTrimConfigOptions,
} from "./adapters/node/config_file.ts";
export {
  formatTelemetrySummary,
  TELEMETRY_MAX_ENTRIES,
  telemetryDisabled,
  type TelemetryEntry,
  type TelemetryStore,
} from "./trim/telemetry.ts";
export {
  loadTelemetry,
  recordTelemetry,
  saveTelemetry,
  telemetryFilePath,
  type TelemetryFsOptions,
  tryRecordTelemetry,
} from "./adapters/node/telemetry_fs.ts";
export type {
  Aggressiveness,
  EffectiveAggressiveness,
  MultilineMode,
  OutputFormat,
  SeverityLevel,
  TrimCustomConfig,
  TrimCustomSource,
  TrimLineDecision,
  TrimOptions,
  TrimResult,
  TrimSanitizeRule,
  TrimStats,
} from "./trim/types.ts";
