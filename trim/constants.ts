/**
 * The numeric limits of relevance scoring, repeat dampening and auto
 * aggressiveness, with the values of the specification. (The defaults of the
 * options, such as the context windows, are in `options.ts`.)
 *
 * @module
 */

/**
 * Minimum score for a line to be emitted immediately.
 *
 * @example Keeping a line
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCORE_KEEP_THRESHOLD } from "./constants.ts";
 * const keep = (score: number) => score >= SCORE_KEEP_THRESHOLD;
 * assert.ok(keep(40) && !keep(39));
 * ```
 */
export const SCORE_KEEP_THRESHOLD = 40;

/**
 * Occurrences of one sanitized line before repeat dampening begins.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TFIDF_REPEAT_THRESHOLD } from "./constants.ts";
 * assert.ok(TFIDF_REPEAT_THRESHOLD === 3);
 * ```
 */
export const TFIDF_REPEAT_THRESHOLD = 3;

/**
 * Score penalty per occurrence beyond {@linkcode TFIDF_REPEAT_THRESHOLD}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TFIDF_PENALTY } from "./constants.ts";
 * assert.ok(TFIDF_PENALTY === 8);
 * ```
 */
export const TFIDF_PENALTY = 8;

/**
 * Unique sanitized lines tracked before the repeat-frequency map resets.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TFIDF_MAP_LIMIT } from "./constants.ts";
 * assert.ok(TFIDF_MAP_LIMIT === 50_000);
 * ```
 */
export const TFIDF_MAP_LIMIT = 50000;

/**
 * Decisions in the sliding window of auto aggressiveness.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGGRESSIVENESS_WINDOW } from "./constants.ts";
 * assert.ok(AGGRESSIVENESS_WINDOW === 8);
 * ```
 */
export const AGGRESSIVENESS_WINDOW = 8;

/**
 * Hard keeps in the window that move auto aggressiveness from high to medium.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGGRESSIVENESS_HARD_KEEPS_TO_RELAX } from "./constants.ts";
 * assert.ok(AGGRESSIVENESS_HARD_KEEPS_TO_RELAX === 3);
 * ```
 */
export const AGGRESSIVENESS_HARD_KEEPS_TO_RELAX = 3;

/**
 * Drops or repeats in the window that move auto aggressiveness from high to
 * aggressive.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGGRESSIVENESS_DROPS_TO_TIGHTEN } from "./constants.ts";
 * assert.ok(AGGRESSIVENESS_DROPS_TO_TIGHTEN === 6);
 * ```
 */
export const AGGRESSIVENESS_DROPS_TO_TIGHTEN = 6;
