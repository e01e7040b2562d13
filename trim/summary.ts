/**
 * The one-line summary of a run: `--stats`, the MCP `reduce_log` tool and the
 * savings line of the Markdown output.
 *
 * @module
 */

import type { TrimResult } from "./types.ts";

/**
 * `trimlog: 2,777 → 448 lines, 98,017 → 5,176 tokens (94.7% saved), format …, sources …`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trimTextInline } from "./process.ts";
 * import { summaryLine } from "./summary.ts";
 * const { result } = await trimTextInline("ERROR boom\n");
 * assert.match(summaryLine(result), /^trimlog: 1 → 1 lines, /);
 * ```
 */
export function summaryLine(r: TrimResult): string {
  const s = r.stats;
  const f = (n: number) => n.toLocaleString("en-US");
  let line = `trimlog: ${f(s.inputLines)} → ${f(s.outputLines)} lines, ${f(r.inputTokens)} → ${
    f(r.outputTokens)
  } tokens (${r.savingsPercent}% saved)`;
  if (r.detectedFormat) line += `, format ${r.detectedFormat}`;
  if (r.detectedSources?.length) line += `, sources ${r.detectedSources.slice(0, 3).join(", ")}`;
  if (r.timedOut) line += ", timed out (partial)";
  return line;
}
