/**
 * Test helper: checks that every input line is accounted for exactly once.
 *
 * Each output line stands for input lines: `[xN] …` for N, a marker line
 * (`[trimlog] …`, `[... K more …]`, `[... N internal frames hidden ...]`,
 * `[block xM]`) for none, any other line for one. Their sum plus the dropped and
 * hidden lines must equal the input lines, and the `[xN]` counts beyond the first
 * line of each group must equal `duplicateLines`.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { TrimResult } from "../mod.ts";

const _MARKER_RE = /^\[(?:trimlog\]|\.\.\. |block x\d+\])/;
const _GROUP_RE = /^\[x(\d+)\] /;

/** Asserts the accounting invariant for one run's output and result. */
export function assertAccounting(output: string, result: TrimResult): void {
  const lines = output.length === 0 ? [] : output.replace(/\n$/, "").split("\n");
  let represented = 0;
  let grouped = 0;
  for (const line of lines) {
    const g = _GROUP_RE.exec(line);
    if (g) {
      const n = Number(g[1]);
      represented += n;
      grouped += n - 1;
    } else if (!_MARKER_RE.test(line)) represented += 1;
  }
  const s = result.stats;
  assert.equal(s.outputLines, lines.length, "outputLines = lines written");
  assert.equal(
    represented + s.droppedLines + s.hiddenInternalStackLines,
    s.inputLines,
    `represented ${represented} + dropped ${s.droppedLines} + hidden ${s.hiddenInternalStackLines} = input ${s.inputLines}`,
  );
  assert.equal(grouped, s.duplicateLines, "[xN] counts match duplicateLines");
}
