/**
 * The closed value lists of the options (aggressiveness, multiline modes, severity
 * levels, output formats): the lowest piece of the option table, so that the public
 * types (`types.ts`) and the table itself (`options.ts`) both derive from it.
 *
 * @module
 */

/**
 * The aggressiveness values, most keeping first; `auto` adapts to the stream.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGGRESSIVENESS_VALUES } from "./option_values.ts";
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
 * import { MULTILINE_MODES } from "./option_values.ts";
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
 * import { SEVERITY_LEVELS } from "./option_values.ts";
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
 * import { OUTPUT_FORMATS } from "./option_values.ts";
 * assert.ok(OUTPUT_FORMATS.includes("jsonl-preserve"));
 * ```
 */
export const OUTPUT_FORMATS = ["text", "jsonl-preserve", "markdown"] as const;
