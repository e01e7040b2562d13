/**
 * The filter stage: custom `ignore` / `keep` rules and the `include` / `exclude`
 * options, matched against the sanitized line. A `keep` match always passes.
 *
 * @module
 */

/** The patterns a filter applies; all optional. */
export interface LineFilterRules {
  /** Lines matching this always pass. */
  keep?: RegExp;
  /** Lines matching this are dropped. */
  ignore?: RegExp;
  /** Only lines matching this pass. */
  include?: RegExp;
  /** Lines matching this are dropped. */
  exclude?: RegExp;
}

/**
 * Whether any rule is set (a pipeline without rules skips the stage).
 *
 * @example
 * ```ts
 * import { hasFilterRules } from "./filter.ts";
 * console.assert(!hasFilterRules({}) && hasFilterRules({ exclude: /DEBUG/ }));
 * ```
 */
export function hasFilterRules(r: LineFilterRules): boolean {
  return r.keep !== undefined || r.ignore !== undefined || r.include !== undefined ||
    r.exclude !== undefined;
}

/**
 * Whether a line passes the rules.
 *
 * @example
 * ```ts
 * import { passesFilter } from "./filter.ts";
 * const rules = { ignore: /heartbeat/, keep: /heartbeat failed/ };
 * console.assert(!passesFilter("heartbeat ok", rules));
 * console.assert(passesFilter("heartbeat failed", rules));
 * ```
 */
export function passesFilter(line: string, r: LineFilterRules): boolean {
  if (r.keep !== undefined && r.keep.test(line)) return true;
  if (r.ignore !== undefined && r.ignore.test(line)) return false;
  if (r.include !== undefined && !r.include.test(line)) return false;
  if (r.exclude !== undefined && r.exclude.test(line)) return false;
  return true;
}

/**
 * Filters a batch in place; returns the number of lines dropped.
 *
 * @example
 * ```ts
 * import { filterLines } from "./filter.ts";
 * const batch = ["DEBUG a", "ERROR b"];
 * console.assert(filterLines(batch, { exclude: /DEBUG/ }) === 1 && batch.join() === "ERROR b");
 * ```
 */
export function filterLines(batch: string[], r: LineFilterRules): number {
  let w = 0;
  for (let i = 0; i < batch.length; i++) {
    if (passesFilter(batch[i], r)) batch[w++] = batch[i];
  }
  const dropped = batch.length - w;
  batch.length = w;
  return dropped;
}
