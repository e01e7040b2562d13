/**
 * Test helper: checks that every input line is accounted for exactly once.
 *
 * Each output line stands for input lines: `[xN] …` for N, a marker line
 * (`[trimlog] …`, `[... K more …]`, `[... N internal frames hidden ...]`,
 * `[block xM]`) for none, any other line for one. Their sum plus the dropped and
 * hidden lines must equal the input lines, and the `[xN]` counts beyond the first
 * line of each group must equal `duplicateLines`.
 *
 * A block marker `[block xM] the K lines above occurred M times in a row` stands
 * for the M − 1 collapsed copies of the K lines above it: it adds (M − 1) × Σr to
 * the represented lines and to the duplicates, where r is what each of the K lines
 * stands for. The K lines must exist and hold no other block marker.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { TrimResult } from "../../mod.ts";

const _MARKER_RE = /^\[(?:trimlog\]|\.\.\. |block x\d+\])/;
const _GROUP_RE = /^\[x(\d+)\] /;
const _BLOCK_RE = /^\[block x(\d+)\] the (\d+) lines above occurred (\d+) times in a row$/;

/** Asserts the accounting invariant for one run's output and result. */
export function assertAccounting(output: string, result: TrimResult): void {
  const lines = output.length === 0 ? [] : output.replace(/\n$/, "").split("\n");
  let represented = 0;
  let grouped = 0;
  const stands: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const g = _GROUP_RE.exec(line);
    let r = 0;
    if (g) {
      const n = Number(g[1]);
      r = n;
      grouped += n - 1;
    } else if (line.startsWith("[block x")) {
      const b = _BLOCK_RE.exec(line);
      assert.ok(b, `block marker format: ${line}`);
      const m = Number(b[1]);
      const k = Number(b[2]);
      assert.equal(Number(b[3]), m, `block marker counts agree: ${line}`);
      assert.ok(m >= 2 && k >= 1 && k <= i, `block marker after ${k} lines at ${i}: ${line}`);
      let sum = 0;
      for (let j = i - k; j < i; j++) {
        assert.ok(!lines[j].startsWith("[block x"), `block marker inside a block: ${line}`);
        sum += stands[j];
      }
      represented += (m - 1) * sum;
      grouped += (m - 1) * sum;
    } else if (!_MARKER_RE.test(line)) r = 1;
    stands.push(r);
    represented += r;
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
