/**
 * The one "did you mean …?" helper of both products: the valid key nearest to a mistyped one.
 * Web-standard TypeScript, no dependencies; used by trim's `.trim.yml` validation
 * (`trim/config/rules.ts`) and porthealth's config validation (`health/config_validate.ts`).
 *
 * @example Suggesting a key
 * ```ts
 * import assert from "node:assert/strict";
 * import { nearestKey } from "./nearest.ts";
 * assert.ok(nearestKey("tiemout", ["host", "port", "timeout"]) === "timeout");
 * ```
 *
 * @module
 */

/**
 * The valid key nearest to `key` by edit distance (Damerau–Levenshtein,
 * ignoring case, `_` and `-`; a prefix of at least 3 letters counts as one
 * edit), or `undefined` when none is close enough (more than about a third of
 * the key's letters would change).
 *
 * @param key The unknown key.
 * @param valid The valid keys.
 * @returns The suggestion, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nearestKey } from "./nearest.ts";
 * const keys = ["ignore", "keep", "sanitize", "internalStackPatterns"];
 * assert.ok(nearestKey("ignroe", keys) === "ignore");
 * assert.ok(nearestKey("internal_stack_patterns", keys) === "internalStackPatterns");
 * assert.ok(nearestKey("internal", keys) === "internalStackPatterns");
 * assert.ok(nearestKey("colour", keys) === undefined);
 * ```
 */
export function nearestKey(key: string, valid: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, "");
  const k = norm(key);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of valid) {
    const c = norm(candidate);
    // A truncated key (`replace` for `replacement`) counts as one edit away.
    const d = k.length >= 3 && c.startsWith(k)
      ? Math.min(1, editDistance(k, c))
      : editDistance(k, c);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.ceil(Math.max(k.length, 1) / 3));
  return bestDistance <= limit ? best : undefined;
}

/**
 * Edit distance between two strings: insertions, deletions, substitutions and
 * transpositions of adjacent characters each cost 1 (optimal string alignment).
 *
 * @param a First string.
 * @param b Second string.
 * @returns The distance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editDistance } from "./nearest.ts";
 * assert.ok(editDistance("keep", "kepe") === 1);
 * assert.ok(editDistance("sanitise", "sanitize") === 1);
 * assert.ok(editDistance("", "abc") === 3);
 * ```
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[rows - 1][cols - 1];
}
