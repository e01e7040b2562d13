/**
 * The aggressiveness levels the page offers, from the option table
 * (`trim/options.ts`), with their labels.
 *
 * @module
 */

import { AGGRESSIVENESS_VALUES } from "../trim/options.ts";
import type { Aggressiveness } from "../trim/types.ts";

/** The aggressiveness levels offered by the page, in display order (`auto` first). */
export const AGGRESSIVENESS_LEVELS: readonly Aggressiveness[] = [
  "auto",
  ...AGGRESSIVENESS_VALUES.filter((level) => level !== "auto"),
];

/** What the page says beside a level. */
const _LEVEL_NOTES: Partial<Record<Aggressiveness, string>> = {
  auto: "adapts to the log",
  low: "keeps the most",
  aggressive: "keeps the least",
};

/**
 * The page's label of a level.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { levelLabel } from "./levels.ts";
 * assert.ok(levelLabel("low") === "low (keeps the most)" && levelLabel("high") === "high");
 * ```
 */
export function levelLabel(level: Aggressiveness): string {
  const note = _LEVEL_NOTES[level];
  return note === undefined ? level : `${level} (${note})`;
}
