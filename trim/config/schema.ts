/**
 * The shape of a `.trim.yml` (and of an inline custom configuration): its keys,
 * the keys of its list items, and the failure callback that validation reports
 * problems through.
 *
 * @module
 */

/**
 * The top-level keys of a `.trim.yml`, in documentation order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRIM_CONFIG_KEYS } from "./schema.ts";
 * assert.ok(TRIM_CONFIG_KEYS.includes("sanitize"));
 * ```
 */
export const TRIM_CONFIG_KEYS: readonly string[] = Object.freeze([
  "ignore",
  "keep",
  "sanitize",
  "sources",
  "internalStackPatterns",
]);

/**
 * The keys of a `sanitize` rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { _SANITIZE_KEYS } from "./schema.ts";
 * assert.deepEqual(_SANITIZE_KEYS, ["pattern", "replacement", "flags"]);
 * ```
 */
export const _SANITIZE_KEYS: readonly string[] = ["pattern", "replacement", "flags"];

/**
 * The keys of a custom source.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { _SOURCE_KEYS } from "./schema.ts";
 * assert.deepEqual(_SOURCE_KEYS, ["name", "markers"]);
 * ```
 */
export const _SOURCE_KEYS: readonly string[] = ["name", "markers"];

/**
 * The top-level keys that hold a list of regular expressions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { _PATTERN_LIST_KEYS } from "./schema.ts";
 * assert.ok(_PATTERN_LIST_KEYS.includes("internalStackPatterns"));
 * ```
 */
export const _PATTERN_LIST_KEYS = ["ignore", "keep", "internalStackPatterns"] as const;

/** A path into a configuration: keys and list indexes (`["sanitize", 0, "pattern"]`). */
export type _Path = ReadonlyArray<string | number>;
/** Reports a problem at a path; `atKey` points at the key rather than its value. */
export type _Fail = (path: _Path, problem: string, atKey?: boolean) => never;
