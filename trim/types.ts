/**
 * The public types of trim: options, result, stats and per-line decisions.
 *
 * Every field of the specification (`TrimOptions`, `TrimResult`, `TrimStats`)
 * is declared here; options implemented in later stages are typed already.
 *
 * @module
 */

/** A fixed aggressiveness level, or `auto` to adapt to the stream. */
export type Aggressiveness = "low" | "medium" | "high" | "aggressive" | "auto";

/** An effective (non-auto) aggressiveness level. */
export type EffectiveAggressiveness = "low" | "medium" | "high" | "aggressive";

/** How continuation lines (stack frames, `Caused by:` …) join their parent. */
export type MultilineMode = "auto" | "python" | "node" | "java" | "go" | "rust" | "off";

/** A severity level for the `severity` filter, most severe first. */
export type SeverityLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/** Output format: plain text, or JSON Lines kept structurally intact. */
export type OutputFormat = "text" | "jsonl-preserve";

/** A custom sanitize rule: matches of `pattern` are replaced by `replacement`. */
export interface TrimSanitizeRule {
  /** Regular expression source (or a RegExp). */
  pattern: string | RegExp;
  /** Replacement text; `$1`-style references are allowed. */
  replacement: string;
  /** RegExp flags for a string pattern (`g` is always added). */
  flags?: string;
}

/** A custom log source for detection: a name and its marker strings. */
export interface TrimCustomSource {
  /** The source name reported in `detectedSources`. */
  name: string;
  /** Literal marker strings specific to the source. */
  markers: string[];
}

/**
 * Inline custom rules, equivalent to a parsed `.trim.yml`.
 */
export interface TrimCustomConfig {
  /** Lines matching any of these are dropped. */
  ignore?: Array<string | RegExp>;
  /** Extra sanitizer rules, applied after the built-in ones. */
  sanitize?: TrimSanitizeRule[];
  /** Lines matching any of these are always kept. */
  keep?: Array<string | RegExp>;
  /** Extra sources merged into source detection. */
  sources?: TrimCustomSource[];
  /** Extra patterns of stack frames to hide as internal library frames. */
  internalStackPatterns?: Array<string | RegExp>;
}

/**
 * What happened to one input line. Passed to `onDecision` once per input line.
 *
 * `action` is one of:
 * - `keep`: the line is in the output as itself (possibly sanitized or truncated);
 * - `fold`: the line is in the output inside an `[xN]` group (the first line of a
 *   group is `keep`, the others `fold`);
 * - `drop`: the line was removed (noise, filter, budget, secret block);
 * - `hide`: an internal library stack frame, counted in `hiddenInternalStackLines`.
 */
export interface TrimLineDecision {
  /** 1-based number of the input line. */
  lineNumber: number;
  /** What happened to the line. */
  action: "keep" | "fold" | "drop" | "hide";
  /** Why, from a closed set documented in the README. */
  reason: string;
  /** Relevance score of the line (0 when not scored). */
  score: number;
}

/** Options of every processing operation. All are optional. */
export interface TrimOptions {
  /** Fixed level or `auto` (default `auto`). */
  aggressiveness?: Aggressiveness;
  /** Join continuation lines with their parent (default `off`). */
  multiline?: MultilineMode;
  /** Keep only lines at this severity or above; lines without severity always pass. */
  severity?: SeverityLevel;
  /** Keep only lines matching this expression. */
  include?: RegExp;
  /** Drop lines matching this expression. */
  exclude?: RegExp;
  /** Cap on the total number of kept lines. */
  sampleSize?: number;
  /** Lines longer than this (in characters) become `[TRUNCATED]`. */
  maxLineLength?: number;
  /** Fold repeated stack windows (tri-state: undefined = auto-on). */
  collapseRepeatedStacks?: boolean;
  /** Drop downstream cascade restatements (tri-state). */
  rootCause?: boolean;
  /** Boost error keywords in many languages (tri-state). */
  multilingual?: boolean;
  /** Size the after-error context by error density (tri-state). */
  adaptiveContext?: boolean;
  /** Fold lines differing only in a labelled number (tri-state). */
  templateMining?: boolean;
  /** Token budget for the output (off when undefined). */
  maxTokens?: number;
  /** Fold non-adjacent duplicates within the last N distinct lines (default 1). */
  dedupeWindow?: number;
  /** Collapse repeated blocks of up to N lines (off when undefined). */
  collapseBlocks?: number;
  /** Leading non-blank lines sampled for the format vote (default 50). */
  formatDetectionSampleSize?: number;
  /** Max consecutive application frames per trace (default 10; 0 keeps all). */
  maxStackFrames?: number;
  /** Lines kept before each retained error (default 3). */
  contextBefore?: number;
  /** Lines kept after each retained error (default 2). */
  contextAfter?: number;
  /** Fold repeats into `[xN]` groups (default true). */
  dedupe?: boolean;
  /** Keep the last N (0-16) characters of masked ids and hashes (default 0). */
  preserveIdSuffix?: number;
  /** `text` (default) or `jsonl-preserve`. */
  outputFormat?: OutputFormat;
  /** Inline custom rules, equivalent to a parsed `.trim.yml`. */
  config?: TrimCustomConfig;
  /** Path of a `.trim.yml`; auto-detected in the working directory when omitted. */
  configPath?: string;
  /** Cooperative abort: output is flushed and an `ABORTED` error raised. */
  signal?: AbortSignal;
  /** Called once per input line with its decision. */
  onDecision?: (decision: TrimLineDecision) => void;
  /** Replaces the built-in token estimate. */
  tokenEstimator?: (line: string) => number;
  /** Hard deadline in milliseconds: output flushed, `timedOut: true`, no error. */
  timeoutMs?: number;
}

/** Counters of one processing run. */
export interface TrimStats {
  /** Lines read. */
  inputLines: number;
  /** Lines written, markers included. */
  outputLines: number;
  /** Whitespace-separated words read. */
  inputWords: number;
  /** Whitespace-separated words written. */
  outputWords: number;
  /** Bytes read (UTF-8). */
  inputBytes: number;
  /** Bytes written (UTF-8). */
  outputBytes: number;
  /** Input lines removed (noise, filters, budget, blank runs, secret blocks). */
  droppedLines: number;
  /** Input lines represented inside an `[xN]` group beyond its first line. */
  duplicateLines: number;
  /** Internal library stack frames hidden. */
  hiddenInternalStackLines: number;
  /** Lines longer than `maxLineLength` replaced by `[TRUNCATED]`. */
  truncatedLines?: number;
}

/** The result of a processing run. */
export interface TrimResult {
  /** Counters. */
  stats: TrimStats;
  /** Estimated tokens of the input. */
  inputTokens: number;
  /** Estimated tokens of the output. */
  outputTokens: number;
  /** `inputTokens - outputTokens`, never negative. */
  savedTokens: number;
  /** Percent of input tokens saved, 0-100 with one decimal. */
  savingsPercent: number;
  /** Ranked detected source names, best first. */
  detectedSources?: readonly string[];
  /** Detected log format (node, python, java, go …) when recognized. */
  detectedFormat?: string;
  /** True when the deadline was reached. */
  timedOut?: boolean;
  /** Output file path (file helper). */
  outputPath?: string;
}
