/**
 * Every option of trim, declared once: its kind, its values or range, its default,
 * its command-line flag and help line. A default is written here and nowhere else:
 * `resolve.ts` reads it ({@linkcode optionDefault}), the help lines show it
 * (`{default}`), and tests hold the documented defaults (`@default` in `types.ts`, the
 * option table of the documentation) to it. Validation and the per-stage slices
 * (`resolve.ts`), the CLI's flag table and `--help` (`cli/`), and the playground's
 * lists all derive from this table.
 *
 * To add an option: add it to `TrimOptions` (types.ts) and to {@linkcode OPTIONS};
 * give it to the stage that reads it in `resolveOptions` (`resolve.ts`).
 *
 * @module
 */

import type { TrimOptions } from "./types.ts";
import {
  AGGRESSIVENESS_VALUES,
  MULTILINE_MODES,
  OUTPUT_FORMATS,
  SEVERITY_LEVELS,
} from "./option_values.ts";

export { AGGRESSIVENESS_VALUES, MULTILINE_MODES, OUTPUT_FORMATS, SEVERITY_LEVELS };

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
  /** The help text; each further element is a continuation line; `{default}` shows the default. */
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
  /**
   * The default: the only place it is written (`undefined`: none; the option is off
   * or, for `dedupeWindow`, unset means folding across the stream).
   */
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
export const OPTIONS: readonly OptionSpec[] = _showDefaults([
  {
    name: "aggressiveness",
    kind: "enum",
    values: AGGRESSIVENESS_VALUES,
    default: "auto",
    cli: {
      flag: "aggressiveness",
      short: "a",
      arg: "LEVEL",
      help: [`${AGGRESSIVENESS_VALUES.join(" | ")} (default {default})`],
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
    name: "budgetRate",
    kind: "count",
    max: 1000,
    default: 12,
    cli: {
      flag: "budget-rate",
      arg: "N",
      help: [
        "growth of the budget: a log of T tokens keeps min(T, max(1000, N*sqrt(T)));",
        "what the rules leave goes to the end of the failing step (default {default}; 0: off)",
      ],
    },
  },
  {
    name: "dedupeWindow",
    kind: "count",
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
        `${MULTILINE_MODES.join(" | ")} (default {default}):`,
        "join stack records before scoring; off still handles",
        "stack frames line by line",
      ],
    },
  },
  {
    name: "contextBefore",
    kind: "count",
    default: 3,
    cli: {
      flag: "context-before",
      arg: "N",
      help: ["lines kept before each error (default {default})"],
    },
  },
  {
    name: "contextAfter",
    kind: "count",
    default: 2,
    cli: {
      flag: "context-after",
      arg: "N",
      help: ["lines kept after each error (default {default}; fixed, not adaptive)"],
    },
  },
  {
    name: "maxStackFrames",
    kind: "count",
    default: 10,
    cli: {
      flag: "max-stack-frames",
      arg: "N",
      help: ["application frames kept per trace (default {default}; 0 keeps all)"],
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
      help: ["leading lines sampled for the format vote (default {default})"],
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
        `${OUTPUT_FORMATS.join(" | ")} (default {default}); markdown: a heading,`,
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
        "the log of a passing run of the same job: keep what is new since",
        "it (its first new lines with context); drop what it also printed",
      ],
    },
  },
  { name: "config", kind: "other" },
  { name: "configPath", kind: "other" },
  { name: "signal", kind: "other" },
  { name: "onDecision", kind: "function" },
  { name: "tokenEstimator", kind: "function" },
]);

/** The table with `{default}` in each help line replaced by the option's default. */
function _showDefaults(specs: OptionSpec[]): OptionSpec[] {
  for (const spec of specs) {
    if (spec.cli === undefined) continue;
    const shown = String(spec.default);
    spec.cli = { ...spec.cli, help: spec.cli.help.map((h) => h.replaceAll("{default}", shown)) };
  }
  return specs;
}

/** The options that have a default. */
export type DefaultedOption =
  | "aggressiveness"
  | "preserveIdSuffix"
  | "budgetRate"
  | "dedupe"
  | "foldLineRanges"
  | "multiline"
  | "contextBefore"
  | "contextAfter"
  | "maxStackFrames"
  | "formatDetectionSampleSize"
  | "collapseRepeatedStacks"
  | "rootCause"
  | "multilingual"
  | "adaptiveContext"
  | "templateMining"
  | "outputFormat";

const _DEFAULTS = new Map(OPTIONS.map((o) => [o.name, o.default]));

/**
 * The default of an option, read from {@linkcode OPTIONS} (where alone it is written).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { optionDefault } from "./options.ts";
 * assert.ok(optionDefault("contextBefore") === 3 && optionDefault("dedupe") === true);
 * ```
 */
export function optionDefault<K extends DefaultedOption>(
  name: K,
): Exclude<TrimOptions[K], undefined> {
  const value = _DEFAULTS.get(name);
  if (value === undefined) throw new Error(`option ${name} has no default in OPTIONS`);
  return value as Exclude<TrimOptions[K], undefined>;
}
