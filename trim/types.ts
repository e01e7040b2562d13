/**
 * The public types of trim: options, result, stats and per-line decisions.
 *
 * Every field of the specification (`TrimOptions`, `TrimResult`, `TrimStats`)
 * is declared here; options implemented in later stages are typed already.
 *
 * @module
 */

import type { TrimInput } from "./io.ts";
import type {
  AGGRESSIVENESS_VALUES,
  MULTILINE_MODES,
  OUTPUT_FORMATS,
  SEVERITY_LEVELS,
} from "./option_values.ts";

/**
 * A fixed aggressiveness level, or `auto` to adapt to the stream.
 *
 * @example Auto mode starts at high
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Aggressiveness } from "./types.ts";
 * import { createDynamicAggressivenessState } from "./select/aggressiveness.ts";
 * const aggressiveness: Aggressiveness = "auto";
 * const state = createDynamicAggressivenessState(aggressiveness);
 * assert.ok(state.auto && state.effective === "high");
 * ```
 */
export type Aggressiveness = typeof AGGRESSIVENESS_VALUES[number];

/**
 * An effective (non-auto) aggressiveness level.
 *
 * @example Scoring at an effective level
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EffectiveAggressiveness } from "./types.ts";
 * import { scoreLineRelevance } from "./classify/score.ts";
 * const level: EffectiveAggressiveness = "aggressive";
 * assert.ok(scoreLineRelevance("[ERROR] disk full", level) >= 40);
 * assert.ok(scoreLineRelevance("[INFO] disk checked", level) < 40);
 * ```
 */
export type EffectiveAggressiveness = Exclude<Aggressiveness, "auto">;

/**
 * How continuation lines (stack frames, `Caused by:` …) join their parent.
 *
 * @example Grouping a Python traceback
 * ```ts
 * import assert from "node:assert/strict";
 * import type { MultilineMode } from "./types.ts";
 * import { createMultilineGrouper } from "./classify/multiline_grouper.ts";
 * const mode: MultilineMode = "python";
 * const out: string[][] = [];
 * const g = createMultilineGrouper(mode);
 * g.pushBatch(["Traceback (most recent call last):", '  File "app.py", line 3, in <module>', "ValueError: bad"], out);
 * g.flush(out);
 * assert.ok(out.length === 1 && out[0].length === 3);
 * ```
 */
export type MultilineMode = typeof MULTILINE_MODES[number];

/**
 * A severity level for the `severity` filter, most severe first.
 *
 * @example Filtering by severity
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SeverityLevel } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const severity: SeverityLevel = "error";
 * const { output } = await trimTextInline("[WARN] disk 91% full\n[ERROR] disk full\n", { severity });
 * assert.ok(output === "[ERROR] disk full\n");
 * ```
 */
export type SeverityLevel = typeof SEVERITY_LEVELS[number];

/**
 * Output format: plain text, or JSON Lines kept structurally intact.
 *
 * @example Keeping JSON Lines intact
 * ```ts
 * import assert from "node:assert/strict";
 * import type { OutputFormat } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const outputFormat: OutputFormat = "jsonl-preserve";
 * const { output } = await trimTextInline('{"level":"error","msg":"boom"}\n', { outputFormat });
 * assert.ok(JSON.parse(output).msg === "boom");
 * ```
 */
export type OutputFormat = typeof OUTPUT_FORMATS[number];

/**
 * A custom sanitize rule: matches of `pattern` are replaced by `replacement`.
 *
 * @example Masking user names
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimSanitizeRule } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const rule: TrimSanitizeRule = { pattern: "user=\\w+", replacement: "user=[USER]" };
 * const { output } = await trimTextInline("ERROR login failed user=bob\n", { config: { sanitize: [rule] } });
 * assert.ok(output === "ERROR login failed user=[USER]\n");
 * ```
 */
export interface TrimSanitizeRule {
  /** Regular expression source (or a RegExp). */
  pattern: string | RegExp;
  /** Replacement text; `$1`-style references are allowed. */
  replacement: string;
  /** RegExp flags for a string pattern (`g` is always added). */
  flags?: string;
}

/**
 * A custom log source for detection: a name and its marker strings.
 *
 * @example Detecting an in-house tool
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimCustomSource } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const source: TrimCustomSource = { name: "acme-deployer", markers: ["[acme-deploy]"] };
 * const { result } = await trimTextInline("[acme-deploy] rollout started\n", { config: { sources: [source] } });
 * assert.ok(result.detectedSources?.includes("acme-deployer") === true);
 * ```
 */
export interface TrimCustomSource {
  /** The source name reported in `detectedSources`. */
  name: string;
  /** Literal marker strings specific to the source. */
  markers: string[];
}

/**
 * Inline custom rules, equivalent to a parsed `.trim.yml`.
 *
 * @example Inline ignore and keep rules
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimCustomConfig } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const config: TrimCustomConfig = { ignore: [/healthcheck/], keep: ["^PAYMENT"] };
 * const { output } = await trimTextInline("GET /healthcheck 200\nPAYMENT captured\n", { config });
 * assert.ok(output === "PAYMENT captured\n");
 * ```
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
 *
 * @example Collecting per-line decisions
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimLineDecision } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const decisions: TrimLineDecision[] = [];
 * await trimTextInline("retry\nretry\n", { onDecision: (d) => decisions.push(d) });
 * assert.ok(decisions.map((d) => `${d.lineNumber}:${d.action}`).join() === "1:keep,2:fold");
 * ```
 */
export interface TrimLineDecision {
  /** 1-based number of the input line. */
  lineNumber: number;
  /** What happened to the line. */
  action: "keep" | "fold" | "drop" | "hide";
  /** Why, from a closed set documented in docs/options.md. */
  reason: string;
  /** Relevance score of the line (0 when not scored). */
  score: number;
}

/**
 * Options of every processing operation. All are optional.
 *
 * @example An error without its context
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimOptions } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const options: TrimOptions = { aggressiveness: "aggressive", contextBefore: 0 };
 * const { output } = await trimTextInline("[INFO] boot\n[INFO] connecting to db\n[ERROR] db timeout\n", options);
 * assert.ok(output === "[ERROR] db timeout\n");
 * ```
 */
export interface TrimOptions {
  /**
   * Fixed level or `auto`.
   * @default "auto"
   */
  aggressiveness?: Aggressiveness;
  /**
   * Join continuation lines with their parent.
   * @default "off"
   */
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
  /**
   * Fold repeated stack windows.
   * @default true
   */
  collapseRepeatedStacks?: boolean;
  /**
   * Drop downstream cascade restatements.
   * @default true
   */
  rootCause?: boolean;
  /**
   * Boost error keywords in many languages.
   * @default true
   */
  multilingual?: boolean;
  /**
   * Size the after-error context by error density (off when `contextBefore` or
   * `contextAfter` is given).
   * @default true
   */
  adaptiveContext?: boolean;
  /**
   * Fold lines differing only in a labelled number.
   * @default true
   */
  templateMining?: boolean;
  /** Token budget for the output (off when undefined). */
  maxTokens?: number;
  /**
   * Growth of the default token budget: a log of T estimated tokens may keep
   * `min(T, max(1000, budgetRate·√T))`; what the rules leave of it goes to the end of
   * the failing step (0: no default budget; `maxTokens` replaces it).
   * @default 12
   */
  budgetRate?: number;
  /**
   * Fold repeats within the last N distinct lines (1: adjacent only). Unset (no
   * default): repeats fold across the whole stream by template, adjacent ones first,
   * and a short output (up to 50 kept lines) folds adjacent lines only.
   */
  dedupeWindow?: number;
  /** Collapse repeated blocks of up to N lines (off when undefined). */
  collapseBlocks?: number;
  /**
   * Leading non-blank lines sampled for the format vote.
   * @default 50
   */
  formatDetectionSampleSize?: number;
  /**
   * Max consecutive application frames per trace (0 keeps all).
   * @default 10
   */
  maxStackFrames?: number;
  /**
   * Lines kept before each retained error.
   * @default 3
   */
  contextBefore?: number;
  /**
   * Lines kept after each retained error.
   * @default 2
   */
  contextAfter?: number;
  /**
   * Fold repeats into `[xN]` groups.
   * @default true
   */
  dedupe?: boolean;
  /**
   * An `[xN]` line also names the input lines it stands for, `(lines A-B)`, so the
   * raw log can be read back there.
   * @default false
   */
  foldLineRanges?: boolean;
  /**
   * Keep the last N (0-16) characters of masked ids and hashes.
   * @default 0
   */
  preserveIdSuffix?: number;
  /**
   * `text`, `jsonl-preserve`, or `markdown` (a heading, the reduced log in a
   * fenced block, the savings line; held in memory until the end).
   * @default "text"
   */
  outputFormat?: OutputFormat;
  /** Inline custom rules, equivalent to a parsed `.trim.yml`. */
  config?: TrimCustomConfig;
  /**
   * The log of a passing run of the same job. A line whose template it never printed
   * is evidence (`new-since-baseline`), ranked by how unusual it is; the first new lines
   * come with their context, and the first new stack traces whole. A line whose
   * template it also printed is no evidence on its own: dropped (`baseline`) unless it
   * is an error or the context of one. With a baseline the default aggressiveness is
   * `low`. A stream or async iterable of chunks; a file path with the file-aware entry
   * points and the CLI (`--baseline FILE`). See docs/options.md.
   */
  baseline?: string | TrimInput;
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

/**
 * Counters of one processing run.
 *
 * @example Reading the counters
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimStats } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const { result } = await trimTextInline("GET /a 200\nGET /a 200\n");
 * const stats: TrimStats = result.stats;
 * assert.ok(stats.inputLines === 2 && stats.outputLines === 1 && stats.duplicateLines === 1);
 * ```
 */
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

/**
 * The result of a processing run.
 *
 * @example Reading the savings
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimResult } from "./types.ts";
 * import { trimTextInline } from "./process.ts";
 * const { result }: { result: TrimResult } = await trimTextInline("GET /a 200\n".repeat(20));
 * assert.ok(result.savedTokens === result.inputTokens - result.outputTokens);
 * assert.ok(result.savingsPercent > 50 && result.timedOut !== true);
 * ```
 */
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
  /** One per file or archive member, in order, when several logs were reduced together. */
  sections?: TrimSection[];
}

/**
 * One file or archive member of a run over several logs (`trimlog a.log b.log.gz`,
 * `trimlog run-logs.zip`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimSection } from "./types.ts";
 * import { processSections } from "./sections.ts";
 * const { sections } = await processSections(
 *   [{ name: "a.log", open: () => ReadableStream.from(["ERROR a\n"]) }],
 *   new WritableStream(),
 * );
 * const first: TrimSection = sections![0];
 * assert.ok(first.name === "a.log" && first.result?.stats.inputLines === 1);
 * ```
 */
export interface TrimSection {
  /** The file, or `job / N_step` in a CI log archive. */
  name: string;
  /** The job (a CI log archive). */
  job?: string;
  /** The step, `N_name` (a CI log archive). */
  step?: string;
  /** A CI step that failed (`##[error]`, a non-zero exit code); set in a CI archive. */
  failed?: boolean;
  /** The reduction of this log (absent when reading it failed). */
  result?: TrimResult;
}

/**
 * A transform from raw log chunks to reduced UTF-8 output, with its result.
 *
 * @example Reading the result after piping
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimStream } from "./types.ts";
 * import { createTrimStream } from "./stream.ts";
 * const trim: TrimStream = createTrimStream({ aggressiveness: "low" });
 * await ReadableStream.from(["hello\n"]).pipeThrough(trim).pipeTo(new WritableStream());
 * const { stats } = await trim.result;
 * assert.ok(stats.inputLines === 1 && stats.outputLines === 1);
 * ```
 */
export interface TrimStream {
  /** Where the raw log is written: `Uint8Array` (UTF-8) or `string` chunks. */
  readonly writable: WritableStream<Uint8Array | string>;
  /** The reduced log, as UTF-8 chunks of about 64 KiB. */
  readonly readable: ReadableStream<Uint8Array>;
  /** Resolves with the result once the output has been fully produced. */
  readonly result: Promise<TrimResult>;
}
