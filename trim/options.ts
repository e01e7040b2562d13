/**
 * Every option of trim, declared once: its kind, its values or range, its default,
 * its command-line flag and help line. Validation and the per-stage slices
 * (`resolve.ts`), the CLI's flag table and `--help` (`cli/`), and the playground's
 * lists all derive from this table.
 *
 * To add an option: add it to `TrimOptions` (types.ts) and to {@linkcode OPTIONS};
 * give it to the stage that reads it in `resolveOptions` (`resolve.ts`).
 *
 * @module
 */

import { CONTEXT_WINDOW_AFTER, CONTEXT_WINDOW_BEFORE } from "./constants.ts";
import { DEFAULT_MAX_STACK_FRAMES } from "./classify/stack.ts";
import type { TrimOptions } from "./types.ts";

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
export const OUTPUT_FORMATS = ["text", "jsonl-preserve", "markdown"] as const;

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
    name: "foldLineRanges",
    kind: "boolean",
    default: false,
    cli: {
      flag: "fold-lines",
      help: ["an [xN] line names the input lines it stands for: (lines A-B)"],
    },
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
      help: [
        "fold repeats within the last N distinct lines (1: adjacent only; default:",
        "across the stream, see docs/options.md)",
      ],
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
      help: [
        `${OUTPUT_FORMATS.join(" | ")} (default text); markdown: a heading,`,
        "the reduced log in a fenced block and the savings line",
      ],
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
  {
    name: "baseline",
    kind: "other",
    cli: {
      flag: "baseline",
      arg: "FILE",
      help: [
        "the log of a passing run of the same job: drop lines it also",
        "printed (same template), unless they carry failure evidence",
      ],
    },
  },
  { name: "config", kind: "other" },
  { name: "configPath", kind: "other" },
  { name: "signal", kind: "other" },
  { name: "onDecision", kind: "function" },
  { name: "tokenEstimator", kind: "function" },
];
