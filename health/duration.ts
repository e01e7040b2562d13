/**
 * Duration strings such as `500ms`, `2s`, `1m30s`.
 *
 * @module
 */

const _UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const _PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/y;

/**
 * Parse a duration string into milliseconds.
 *
 * The string is one or more `<number><unit>` parts with the units `ms`, `s`, `m`
 * and `h` (for example `500ms`, `2s`, `1.5s`, `1m30s`); the bare `0` means zero.
 * Throws a `RangeError` whose message says what is accepted.
 *
 * @example Parsing durations
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDuration } from "./duration.ts";
 * assert.ok(parseDuration("2s") === 2000);
 * assert.ok(parseDuration("1m30s") === 90_000);
 * assert.ok(parseDuration("0") === 0);
 * ```
 */
export function parseDuration(text: string): number {
  const s = text.trim();
  if (s === "0") return 0;
  if (s === "") throw new RangeError(_hint(text));
  let total = 0;
  _PART.lastIndex = 0;
  while (_PART.lastIndex < s.length) {
    const at = _PART.lastIndex;
    const m = _PART.exec(s);
    if (m === null || m.index !== at) throw new RangeError(_hint(text));
    total += Number(m[1]) * _UNITS[m[2]];
  }
  return total;
}

/**
 * Format milliseconds as a short duration string, the inverse of {@linkcode parseDuration}
 * for whole units.
 *
 * @example Formatting durations
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatDuration } from "./duration.ts";
 * assert.ok(formatDuration(2000) === "2s");
 * assert.ok(formatDuration(1500) === "1500ms");
 * assert.ok(formatDuration(120_000) === "2m");
 * ```
 */
export function formatDuration(ms: number): string {
  if (ms === 0) return "0";
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

function _hint(text: string): string {
  return `invalid duration ${
    JSON.stringify(text)
  } (expected a number with a unit: ms, s, m or h, e.g. 500ms, 2s, 1m)`;
}
