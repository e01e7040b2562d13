/**
 * Merging custom configurations: the `.trim.yml` and the inline `config`
 * option become one configuration, lists concatenated in order.
 *
 * @module
 */

import { _PATTERN_LIST_KEYS } from "./schema.ts";
import type { TrimCustomConfig } from "../types.ts";

/**
 * Merge configurations: every list is concatenated in argument order (so the
 * sanitize rules of a later configuration run after those of an earlier one).
 * `undefined` arguments are skipped. Nothing is validated here.
 *
 * @param configs Configurations, e.g. the `.trim.yml` then the inline `config`.
 * @returns The merged configuration (keys without entries are omitted).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeTrimConfigs } from "./merge.ts";
 * const merged = mergeTrimConfigs({ ignore: ["a"] }, undefined, { ignore: ["b"], keep: ["c"] });
 * assert.ok(merged.ignore?.join() === "a,b" && merged.keep?.join() === "c");
 * ```
 */
export function mergeTrimConfigs(
  ...configs: Array<TrimCustomConfig | undefined>
): TrimCustomConfig {
  const out: TrimCustomConfig = {};
  for (const config of configs) {
    if (!config) continue;
    for (const key of _PATTERN_LIST_KEYS) {
      const list = config[key];
      if (list && list.length > 0) out[key] = [...(out[key] ?? []), ...list];
    }
    if (config.sanitize?.length) out.sanitize = [...(out.sanitize ?? []), ...config.sanitize];
    if (config.sources?.length) out.sources = [...(out.sources ?? []), ...config.sources];
  }
  return out;
}
