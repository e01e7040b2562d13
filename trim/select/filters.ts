/**
 * The line filters of select: custom `keep` and `ignore` rules, `include`,
 * `exclude` and the `severity` floor. Filters act on single lines, always before
 * scoring.
 *
 * @module
 */

import { passesSeverityFilter } from "../classify/severity.ts";
import type { DecisionReason } from "../decision.ts";
import type { SeverityLevel } from "../types.ts";

/** A line passes the filters. */
export const FILTER_PASS = 0;
/** A line matched a custom `keep` rule: kept whatever it scores. */
export const FILTER_KEEP = 1;

/** The filters of a run (all optional). */
export interface FilterRules {
  /** Custom `keep`: always kept, a hard keep. */
  keep?: RegExp;
  /** Custom `ignore`: dropped. */
  ignore?: RegExp;
  /** Keep only matching lines. */
  include?: RegExp;
  /** Drop matching lines. */
  exclude?: RegExp;
  /** Severity floor (lines without a detectable level pass). */
  severity?: SeverityLevel;
}

/**
 * The filters as one test, or `undefined` when the run has none (the hot path then
 * skips filtering altogether). The test returns {@linkcode FILTER_PASS},
 * {@linkcode FILTER_KEEP}, or the reason the line is dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FILTER_KEEP, FILTER_PASS, lineFilter } from "./filters.ts";
 * const f = lineFilter({ keep: /deploy/, exclude: /DEBUG/ })!;
 * assert.ok(f("deploy started") === FILTER_KEEP);
 * assert.ok(f("[DEBUG] cache") === "exclude");
 * assert.ok(f("[INFO] ok") === FILTER_PASS);
 * assert.ok(lineFilter({}) === undefined);
 * ```
 */
export function lineFilter(
  rules: FilterRules,
): ((line: string) => DecisionReason | 0 | 1) | undefined {
  const { keep, ignore, include, exclude, severity } = rules;
  if (
    keep === undefined && ignore === undefined && include === undefined &&
    exclude === undefined && severity === undefined
  ) return undefined;
  return (line) => {
    if (keep !== undefined && keep.test(line)) return FILTER_KEEP;
    if (ignore !== undefined && ignore.test(line)) return "ignore-rule";
    if (include !== undefined && !include.test(line)) return "include";
    if (exclude !== undefined && exclude.test(line)) return "exclude";
    if (severity !== undefined && !passesSeverityFilter(line, severity)) return "severity";
    return FILTER_PASS;
  };
}

/**
 * Filters the lines of a record one by one: the lines that pass (or match a custom
 * `keep`), and whether any matched `keep`; each dropped line goes to `dropped`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { filterRecord, lineFilter } from "./filters.ts";
 * const dropped: string[] = [];
 * const r = filterRecord(["Error: x", "    at internal()"], [1, 2], lineFilter({ exclude: /internal/ })!,
 *   (n, reason) => dropped.push(`${n}:${reason}`));
 * assert.deepEqual(r.lines, ["Error: x"]);
 * assert.deepEqual(dropped, ["2:exclude"]);
 * ```
 */
export function filterRecord(
  lines: string[],
  nums: number[] | undefined,
  filter: (line: string) => DecisionReason | 0 | 1,
  dropped: (num: number, reason: DecisionReason) => void,
): { lines: string[]; nums: number[] | undefined; keepRule: boolean } {
  const left: string[] = [];
  const leftNums: number[] | undefined = nums ? [] : undefined;
  let keepRule = false;
  for (let i = 0; i < lines.length; i++) {
    const f = filter(lines[i]);
    if (f === FILTER_PASS || f === FILTER_KEEP) {
      keepRule ||= f === FILTER_KEEP;
      left.push(lines[i]);
      leftNums?.push(nums![i]);
    } else dropped(nums ? nums[i] : 0, f);
  }
  return { lines: left, nums: leftNums, keepRule };
}
