/**
 * Every option of trim, declared once: its kind, its values or range, its default,
 * its command-line flag and help line. Validation ({@linkcode validateOptions}),
 * defaults and the per-stage slices ({@linkcode resolveOptions}), the CLI's flag
 * table and `--help`, and the playground's lists all derive from this table.
 *
 * To add an option: add it to `TrimOptions` (types.ts) and to {@linkcode OPTIONS};
 * give it to the stage that reads it in {@linkcode resolveOptions}.
 *
 * @module
 */

import type { CompiledTrimConfig } from "./config/rules.ts";
import { compileTrimConfig } from "./config/rules.ts";
import { CONTEXT_WINDOW_AFTER, CONTEXT_WINDOW_BEFORE } from "./constants.ts";
import { TrimError } from "./errors.ts";
import type { BudgetSlice } from "./stages/budget.ts";
import type { FoldSlice } from "./stages/fold.ts";
import type { SelectSlice } from "./stages/select.ts";
import { TAIL_CONTEXT_LINES } from "./select/context.ts";
import { DEFAULT_MAX_STACK_FRAMES } from "./classify/stack.ts";
import { estimateTokens } from "./tokens.ts";
import type { MultilineMode, TrimLineDecision, TrimOptions } from "./types.ts";

/**
 * The aggressiveness values, most keeping first; `auto` adapts to the stream.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGGRESSIVENESS_VALUES } from "./options.ts";
 * assert.ok(AGGRESSIVENESS_VALUES.includes("auto"));
 * ```
 */
export const AGGRESSIVENESS_VALUES = ["low", "medium", "high", "aggressive", "auto"] as const;

/**
 * The `multiline` modes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MULTILINE_MODES } from "./options.ts";
 * assert.ok(MULTILINE_MODES.at(-1) === "off");
 * ```
 */
export const MULTILINE_MODES = ["auto", "python", "node", "java", "go", "rust", "off"] as const;

/**
 * The severity levels, most severe first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SEVERITY_LEVELS } from "./options.ts";
 * assert.ok(SEVERITY_LEVELS[0] === "fatal");
 * ```
 */
export const SEVERITY_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;

/**
 * The output formats.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OUTPUT_FORMATS } from "./options.ts";
 * assert.ok(OUTPUT_FORMATS.includes("jsonl-preserve"));
 * ```
 */
export const OUTPUT_FORMATS = ["text", "jsonl-preserve"] as const;

/** How an option appears on the command line. */
export interface OptionFlag {
  /** The long flag, without `--` (a `no-…` flag sets the boolean option to false). */
  flag: string;
  /** A one-letter alias. */
  short?: string;
  /** The value's name in `--help` (none: a switch). */
  arg?: string;
  /** The smallest value the flag accepts (counts; default: the option's `min`). */
  min?: number;
  /** The help text; each further element is a continuation line. */
  help: readonly string[];
}

/** One option of {@linkcode OPTIONS}. */
export interface OptionSpec {
  /** The `TrimOptions` field. */
  name: keyof TrimOptions;
  /**
   * `enum`: one of `values`; `count`: a whole number from `min` (default 0) to `max`;
   * `boolean`, `regexp`, `function`; `other`: checked where it is used.
   */
  kind: "enum" | "count" | "boolean" | "regexp" | "function" | "other";
  /** The values of an `enum`. */
  values?: readonly string[];
  /** Smallest value of a `count`. */
  min?: number;
  /** Largest value of a `count`. */
  max?: number;
  /** The default, as documented (`undefined`: none). */
  default?: string | number | boolean;
  /** The command-line flag, if any. */
  cli?: OptionFlag;
}

/**
 * Every option, in the order of `--help`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OPTIONS } from "./options.ts";
 * const sample = OPTIONS.find((o) => o.name === "sampleSize")!;
 * assert.ok(sample.kind === "count" && sample.cli?.flag === "sample");
 * ```
 */
export const OPTIONS: readonly OptionSpec[] = [
  {
    name: "aggressiveness",
    kind: "enum",
    values: AGGRESSIVENESS_VALUES,
    default: "auto",
    cli: {
      flag: "aggressiveness",
      short: "a",
      arg: "LEVEL",
      help: [`${AGGRESSIVENESS_VALUES.join(" | ")} (default auto)`],
    },
  },
  {
    name: "maxLineLength",
    kind: "count",
    min: 1,
    cli: {
      flag: "max-line-length",
      arg: "N",
      help: ["lines longer than N characters become [TRUNCATED]"],
    },
  },
  {
    name: "preserveIdSuffix",
    kind: "count",
    max: 16,
    default: 0,
    cli: {
      flag: "preserve-id-suffix",
      arg: "N",
      help: ["keep the last N (0-16) characters of masked ids/hashes"],
    },
  },
  {
    name: "dedupe",
    kind: "boolean",
    default: true,
    cli: { flag: "no-dedupe", help: ["do not fold repeats into [xN] lines"] },
  },
  {
    name: "severity",
    kind: "enum",
    values: SEVERITY_LEVELS,
    cli: {
      flag: "severity",
      arg: "LEVEL",
      help: [
        `keep only ${SEVERITY_LEVELS.join(" | ")} and above`,
        "(lines without a detectable level always pass)",
      ],
    },
  },
  {
    name: "include",
    kind: "regexp",
    cli: { flag: "include", arg: "REGEX", help: ["keep only lines matching REGEX"] },
  },
  {
    name: "exclude",
    kind: "regexp",
    cli: { flag: "exclude", arg: "REGEX", help: ["drop lines matching REGEX"] },
  },
  {
    name: "sampleSize",
    kind: "count",
    cli: { flag: "sample", arg: "N", help: ["keep at most N lines"] },
  },
  {
    name: "maxTokens",
    kind: "count",
    cli: {
      flag: "max-tokens",
      arg: "N",
      min: 1,
      help: ["keep the highest-scoring lines within N tokens"],
    },
  },
  {
    name: "dedupeWindow",
    kind: "count",
    default: 1,
    cli: {
      flag: "dedupe-window",
      arg: "N",
      min: 1,
      help: ["fold repeats within the last N distinct lines (default 1)"],
    },
  },
  {
    name: "collapseBlocks",
    kind: "count",
    cli: {
      flag: "collapse-blocks",
      arg: "N",
      min: 2,
      help: ["collapse repeated blocks of up to N lines"],
    },
  },
  {
    name: "multiline",
    kind: "enum",
    values: MULTILINE_MODES,
    default: "off",
    cli: {
      flag: "multiline",
      short: "m",
      arg: "MODE",
      help: [
        `${MULTILINE_MODES.join(" | ")} (default off):`,
        "join stack records before scoring; off still handles",
        "stack frames line by line",
      ],
    },
  },
  {
    name: "contextBefore",
    kind: "count",
    default: CONTEXT_WINDOW_BEFORE,
    cli: {
      flag: "context-before",
      arg: "N",
      help: [`lines kept before each error (default ${CONTEXT_WINDOW_BEFORE})`],
    },
  },
  {
    name: "contextAfter",
    kind: "count",
    default: CONTEXT_WINDOW_AFTER,
    cli: {
      flag: "context-after",
      arg: "N",
      help: [`lines kept after each error (default ${CONTEXT_WINDOW_AFTER}; fixed, not adaptive)`],
    },
  },
  {
    name: "maxStackFrames",
    kind: "count",
    default: DEFAULT_MAX_STACK_FRAMES,
    cli: {
      flag: "max-stack-frames",
      arg: "N",
      help: [
        `application frames kept per trace (default ${DEFAULT_MAX_STACK_FRAMES}; 0 keeps all)`,
      ],
    },
  },
  {
    name: "formatDetectionSampleSize",
    kind: "count",
    default: 50,
    cli: {
      flag: "format-sample",
      arg: "N",
      min: 1,
      help: ["leading lines sampled for the format vote (default 50)"],
    },
  },
  {
    name: "collapseRepeatedStacks",
    kind: "boolean",
    default: true,
    cli: { flag: "no-collapse-stacks", help: ["do not fold repeated stack traces"] },
  },
  {
    name: "rootCause",
    kind: "boolean",
    default: true,
    cli: { flag: "no-root-cause", help: ["keep restatements of earlier errors"] },
  },
  {
    name: "multilingual",
    kind: "boolean",
    default: true,
    cli: { flag: "no-multilingual", help: ["no boost for error keywords in other languages"] },
  },
  {
    name: "adaptiveContext",
    kind: "boolean",
    default: true,
    cli: {
      flag: "no-adaptive-context",
      help: ["fixed after-error context (no sizing by error density)"],
    },
  },
  {
    name: "templateMining",
    kind: "boolean",
    default: true,
    cli: {
      flag: "no-template-mining",
      help: ["do not fold lines differing in labelled numbers"],
    },
  },
  {
    name: "outputFormat",
    kind: "enum",
    values: OUTPUT_FORMATS,
    default: "text",
    cli: {
      flag: "output-format",
      arg: "FORMAT",
      help: [`${OUTPUT_FORMATS.join(" | ")} (default text)`],
    },
  },
  {
    name: "timeoutMs",
    kind: "count",
    cli: {
      flag: "timeout",
      arg: "MS",
      help: ["stop reading after MS milliseconds (partial output)"],
    },
  },
  { name: "config", kind: "other" },
  { name: "configPath", kind: "other" },
  { name: "signal", kind: "other" },
  { name: "onDecision", kind: "function" },
  { name: "tokenEstimator", kind: "function" },
];

/**
 * Validates options against {@linkcode OPTIONS}; throws `TrimError` with code
 * `INVALID_OPTION` naming the option and what it accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateOptions } from "./options.ts";
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

/** How the masker of a run masks a kept line. */
export interface MaskSlice {
  /** Keep the last N characters of masked ids and hashes. */
  preserveIdSuffix: number;
  /** Custom `sanitize` rules, applied after the built-in ones. */
  rules: ReadonlyArray<{ re: RegExp; replacement: string }> | undefined;
  /** Mask JSON Lines without breaking them (`jsonl-preserve`). */
  jsonl: boolean;
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
  formatDetectionSampleSize: number | undefined;
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
  /** Per-line decision callback (decisions are tracked only when set). */
  onDecision: ((decision: TrimLineDecision) => void) | undefined;
}

/** Lines are never cut while streaming below this many characters (see `splitAt`). */
const _MIN_CUT = 4096;

/**
 * Validates options and resolves them: defaults applied once, each stage's slice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveOptions } from "./options.ts";
 * const r = resolveOptions({ contextBefore: 1 });
 * assert.ok(r.select.contextBefore === 1 && r.select.contextAfter === 2);
 * assert.ok(!r.select.adaptiveContext); // an explicit context is fixed
 * assert.ok(r.fold.dedupe && r.budget === undefined);
 * ```
 */
export function resolveOptions(options: TrimOptions = {}): ResolvedOptions {
  validateOptions(options);
  const estimate = options.tokenEstimator ?? estimateTokens;
  const custom = options.config === undefined
    ? undefined
    : compileTrimConfig(options.config, "config");
  const include = _statelessRegExp(options.include);
  const exclude = _statelessRegExp(options.exclude);
  const jsonl = options.outputFormat === "jsonl-preserve";
  const max = options.maxLineLength;
  const explicitContext = options.contextBefore !== undefined ||
    options.contextAfter !== undefined;
  const preserveIdSuffix = options.preserveIdSuffix ?? 0;
  return {
    // With maxLineLength, lines are cut while streaming at no less than _MIN_CUT
    // characters (the truncate stage then replaces them): a private-key block whose
    // first line is longer than maxLineLength is still recognized, its body swallowed.
    splitAt: max === undefined ? undefined : Math.max(max, _MIN_CUT),
    maxLineLength: max,
    preserveIdSuffix,
    multiline: options.multiline ?? "off",
    formatDetectionSampleSize: options.formatDetectionSampleSize,
    mask: {
      preserveIdSuffix,
      rules: custom?.sanitize?.length ? custom.sanitize : undefined,
      jsonl,
    },
    select: {
      aggressiveness: options.aggressiveness ?? "auto",
      severity: options.severity,
      include,
      exclude,
      keep: custom?.keep,
      ignore: custom?.ignore,
      internalStackPatterns: custom?.internalStackPatterns,
      sampleSize: options.sampleSize ?? Infinity,
      maxStackFrames: options.maxStackFrames ?? DEFAULT_MAX_STACK_FRAMES,
      contextBefore: options.contextBefore ?? CONTEXT_WINDOW_BEFORE,
      contextAfter: options.contextAfter ?? CONTEXT_WINDOW_AFTER,
      adaptiveContext: options.adaptiveContext !== false && !explicitContext,
      collapseRepeatedStacks: options.collapseRepeatedStacks !== false,
      rootCause: options.rootCause !== false,
      multilingual: options.multilingual !== false,
      // Non-adjacent repeats fold (dedupeWindow > 1): no dampening, so counts stay whole.
      dampen: (options.dedupeWindow ?? 1) <= 1,
      scores: options.maxTokens !== undefined,
      tailLines: TAIL_CONTEXT_LINES,
    },
    budget: options.maxTokens === undefined
      ? undefined
      : { maxTokens: options.maxTokens, estimate },
    fold: {
      // jsonl-preserve keeps every line's structure: no folding, whatever `dedupe` says.
      dedupe: jsonl ? false : options.dedupe ?? true,
      templateMining: options.templateMining,
      window: options.dedupeWindow,
      collapseBlocks: options.collapseBlocks,
    },
    estimate,
    custom,
    onDecision: options.onDecision,
  };
}

/** A copy without `g`/`y`, so `test` keeps no state between lines. */
function _statelessRegExp(re: RegExp | undefined): RegExp | undefined {
  if (re === undefined || (!re.global && !re.sticky)) return re;
  return new RegExp(re.source, re.flags.replace(/[gy]/g, ""));
}
