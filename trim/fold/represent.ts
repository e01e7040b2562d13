/**
 * How many input lines an output line stands for: the accounting rule every
 * reducing step follows (and `tests/accounting.ts` checks).
 *
 * - `[xN] …` stands for N input lines, N − 1 of them duplicates;
 * - a marker line (`[trimlog] …`, `[... K more …]`, `[... N internal frames hidden ...]`,
 *   `[block xM] …`) stands for none by itself;
 * - any other line stands for one.
 *
 * A text holding several physical lines (joined with `\n`) stands for the sum of
 * its physical lines.
 *
 * @module
 */

/** A synthetic marker line: represents no input line by itself. */
export const MARKER_LINE_RE: RegExp = /^\[(?:trimlog\]|\.\.\. |block x\d+\])/;

const _GROUP_RE = /^\[x(\d+)\] /;

/**
 * Input lines represented by an output text (see the module rules).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { representedLines } from "./represent.ts";
 * assert.ok(representedLines("[x3] retry id=[1 | 2 | 3]") === 3);
 * assert.ok(representedLines("[... 4 more application stack frames ...]") === 0);
 * assert.ok(representedLines("plain\nsecond") === 2);
 * ```
 */
export function representedLines(text: string): number {
  if (text.indexOf("\n") < 0) return _physical(text);
  let n = 0;
  for (const line of text.split("\n")) n += _physical(line);
  return n;
}

/**
 * Duplicate lines inside an output text: N − 1 per `[xN]` physical line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { groupDuplicates } from "./represent.ts";
 * assert.ok(groupDuplicates("[x3] retry") === 2 && groupDuplicates("retry") === 0);
 * ```
 */
export function groupDuplicates(text: string): number {
  if (text.charCodeAt(0) !== 91 && text.indexOf("\n[") < 0) return 0;
  let n = 0;
  for (const line of text.split("\n")) {
    const g = _GROUP_RE.exec(line);
    if (g !== null) n += Number(g[1]) - 1;
  }
  return n;
}

/**
 * Whether a line is a synthetic marker.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isMarkerLine } from "./represent.ts";
 * assert.ok(isMarkerLine("[block x3] the 2 lines above occurred 3 times in a row"));
 * assert.ok(!isMarkerLine("[x2] a"));
 * ```
 */
export function isMarkerLine(line: string): boolean {
  return line.charCodeAt(0) === 91 && MARKER_LINE_RE.test(line);
}

function _physical(line: string): number {
  if (line.charCodeAt(0) !== 91) return 1;
  const g = _GROUP_RE.exec(line);
  if (g !== null) return Number(g[1]);
  return MARKER_LINE_RE.test(line) ? 0 : 1;
}
