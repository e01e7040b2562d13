/**
 * The Markdown `trimlog run` appends to a GitHub Actions job summary
 * (`$GITHUB_STEP_SUMMARY`): the reduced log of a failed command, fenced, with its
 * savings line; one line for a command that passed. GitHub takes at most 1 MiB per
 * step, so a longer reduced log keeps its end (where failures are).
 *
 * @module
 */

import { escapeInline, renderMarkdown } from "../markdown.ts";
import type { TrimResult } from "../types.ts";

/** The most characters of reduced log put in the summary (GitHub's limit is 1 MiB a step). */
export const SUMMARY_MAX_CHARS = 512 * 1024;

/**
 * The summary of a command run: `command` as typed, its exit `status`, the
 * reduced log, the run's result and the raw log's path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepSummary } from "./step_summary.ts";
 * import { trimTextInline } from "../process.ts";
 * const { output, result } = await trimTextInline("ERROR boom\n");
 * const md = stepSummary({ command: "npm test", status: 1, text: output, result, rawPath: "/tmp/r.log" });
 * const fence = "`".repeat(3);
 * assert.ok(md.startsWith(`## ✗ npm test (exit code 1)\n\n${fence}text\nERROR boom\n${fence}\n`));
 * assert.ok(stepSummary({ command: "make", status: 0, text: "", result, rawPath: "/tmp/r.log" })
 *   .startsWith("✓ make passed: 1 → 1 lines"));
 * ```
 */
export function stepSummary(
  run: { command: string; status: number; text: string; result: TrimResult; rawPath: string },
): string {
  const s = run.result.stats;
  if (run.status === 0) {
    return `✓ ${escapeInline(run.command)} passed: ${s.inputLines.toLocaleString("en-US")} → ${
      s.outputLines.toLocaleString("en-US")
    } lines (${run.result.savingsPercent}% saved)\n\n`;
  }
  let text = run.text;
  if (text.length > SUMMARY_MAX_CHARS) {
    const cut = text.indexOf("\n", text.length - SUMMARY_MAX_CHARS);
    text = `[trimlog] earlier lines cut; full log: ${run.rawPath}\n${text.slice(cut + 1)}`;
  }
  return `${
    renderMarkdown([{
      title: `✗ ${run.command} (exit code ${run.status})`,
      text,
      result: run.result,
    }])
  }\n`;
}
