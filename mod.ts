/**
 * # trimlog
 *
 * Log reduction for people and LLMs: trimlog streams a raw log (CI output, server
 * logs, stack traces), masks secrets and volatile values, drops noise, folds
 * repeats into `[xN]` lines, keeps every error with its context, and reports what
 * it saved (lines, words, bytes, tokens).
 *
 * Two families of entry points, named for what they read:
 *
 * - {@linkcode processLogStream}, {@linkcode processLogStreamWithTimeout},
 *   {@linkcode trimText} and {@linkcode processLogFile} also load `.trim.yml`
 *   (`configPath`, or auto-detected in the working directory);
 * - {@linkcode processLogStreamInline}, {@linkcode processLogStreamWithTimeoutInline},
 *   {@linkcode trimTextInline} and {@linkcode createTrimStream} use only the options
 *   given (inline `config`) and never touch a file system: for browsers and sandboxes.
 *
 * The core runs unchanged in Deno, Node, Bun and browsers. Importing this module
 * loads neither the YAML parser nor `node:*` modules: the file system is loaded on
 * the first call that needs it.
 *
 * @example Reduce a text
 * ```ts
 * import assert from "node:assert/strict";
 * import { trimText } from "@trimlog/trimlog";
 * const log = "2024-05-14T09:12:03Z retry attempt=1\n2024-05-14T09:12:04Z retry attempt=2\n";
 * const { output, result } = await trimText(log);
 * assert.ok(output === "[x2] retry attempt=[1 | 2]\n"); // leading timestamps cut
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

// File-aware entry points (they load `.trim.yml`), and the local stores.
export {
  loadTelemetry,
  loadTrimConfig,
  processLogFile,
  processLogFiles,
  processLogStream,
  processLogStreamWithTimeout,
  recordTelemetry,
  saveTelemetry,
  trimText,
  withFileConfig,
} from "./adapters/library.ts";
export type { LoadedTrimConfig, LoadTrimConfigOptions } from "./adapters/node/config_file.ts";
export type { TelemetryFsOptions } from "./adapters/node/telemetry_fs.ts";
// Inline entry points (only the options given; no file system).
export {
  processLogStreamInline,
  processLogStreamWithTimeoutInline,
  trimTextInline,
} from "./trim/process.ts";
export type { ChunkWriter, TrimInput, TrimOutput } from "./trim/process.ts";
export { createTrimStream } from "./trim/stream.ts";
// Several logs at once: files, zip archives (a CI log archive's steps), sections.
export { processSections, type SectionsMode, type SectionSource } from "./trim/sections.ts";
export { type NamedInput, sourcesOf, sourcesOfZip } from "./trim/inputs/sources.ts";
export type { ZipLimits } from "./trim/inputs/zip.ts";
export { type MarkdownSection, renderMarkdown } from "./trim/markdown.ts";
// The building blocks the specification names.
export { sanitizeLine } from "./trim/sanitize.ts";
export { createRepeatSignature } from "./trim/classify/signature.ts";
export { estimateTokens } from "./trim/tokens.ts";
export { detectFormat, KNOWN_LOG_FORMATS, type LogFormat } from "./trim/classify/format.ts";
export {
  detectLogSources,
  KNOWN_LOG_SOURCES,
  LOG_SOURCE_CATEGORIES,
  LOG_SOURCE_SIGNATURES,
  type LogSourceSignature,
} from "./trim/sources/detector.ts";
export { scoreLineRelevance, type ScoreOptions, shouldKeepLine } from "./trim/classify/score.ts";
export {
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
  type ContinuationContext,
  createContinuationContext,
  isContinuationLine,
} from "./trim/classify/multiline.ts";
export {
  formatTelemetrySummary,
  type TelemetryEntry,
  type TelemetryStore,
} from "./trim/telemetry.ts";
// Errors, option values, decisions, types.
export { TrimError, type TrimErrorCode } from "./trim/errors.ts";
export { AGGRESSIVENESS_VALUES, MULTILINE_MODES, OUTPUT_FORMATS } from "./trim/options.ts";
export { DECISION_REASONS, type DecisionReason } from "./trim/decision.ts";
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
  TrimSection,
  TrimStats,
  TrimStream,
} from "./trim/types.ts";
