/**
 * The Markdown output (`outputFormat: "markdown"`, `trimlog --format markdown`): a
 * heading per file or step, the reduced log in a fenced block whose fence is longer
 * than any run of backticks inside it (so no log line can close it), and the savings
 * line; sections reduced to one line (a passing CI step) are list items. Ready to
 * paste into an issue, a pull request or a chat.
 *
 * @module
 */

import { summaryLine } from "./summary.ts";
import type { TrimResult } from "./types.ts";

/**
 * One section of the Markdown output.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type MarkdownSection, renderMarkdown } from "./markdown.ts";
 * const passed: MarkdownSection = { title: "lint", line: "✓ lint (6 steps, 90 lines)" };
 * assert.ok(renderMarkdown([passed]) === "- ✓ lint (6 steps, 90 lines)\n");
 * ```
 */
export interface MarkdownSection {
  /** The heading: a file name, or `job / step`. */
  title: string;
  /** The reduced log (a fenced block); absent for a one-line section. */
  text?: string;
  /** The run's result: its savings line follows the block. */
  result?: TrimResult;
  /** A one-line section (`✓ build / 2_Checkout (412 lines)`), as a list item. */
  line?: string;
}

/**
 * The fence for `text`: backticks, one more than its longest run of backticks, at
 * least three.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fenceFor } from "./markdown.ts";
 * const ticks = (n: number) => "`".repeat(n);
 * assert.ok(fenceFor("plain") === ticks(3));
 * assert.ok(fenceFor(`a ${ticks(4)} b`) === ticks(5));
 * ```
 */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return "`".repeat(Math.max(3, longest + 1));
}

/**
 * `text` with Markdown's inline punctuation escaped, for a heading or a list item.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeInline } from "./markdown.ts";
 * assert.ok(escapeInline("build / 4_Run *tests*") === "build / 4\\_Run \\*tests\\*");
 * ```
 */
export function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~!]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, " ");
}

/**
 * The Markdown of `sections`, then `footer` (the total's savings line) when given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderMarkdown } from "./markdown.ts";
 * const md = renderMarkdown([{ title: "build.log", text: "ERROR `boom`\n" }]);
 * const fence = "`".repeat(3);
 * assert.ok(md === `## build.log\n\n${fence}text\nERROR \`boom\`\n${fence}\n`);
 * ```
 */
export function renderMarkdown(sections: readonly MarkdownSection[], footer?: string): string {
  const parts: string[] = [];
  let list = false;
  for (const s of sections) {
    if (s.text === undefined) {
      if (!list && parts.length) parts.push("\n");
      parts.push(`- ${escapeInline(s.line ?? s.title)}\n`);
      list = true;
      continue;
    }
    if (parts.length) parts.push("\n");
    list = false;
    const body = s.text === "" || s.text.endsWith("\n") ? s.text : `${s.text}\n`;
    const fence = fenceFor(body);
    parts.push(`## ${escapeInline(s.title)}\n\n${fence}text\n${body}${fence}\n`);
    if (s.result) parts.push(`\n${escapeInline(summaryLine(s.result))}\n`);
  }
  if (footer !== undefined) parts.push(`${parts.length ? "\n" : ""}**${escapeInline(footer)}**\n`);
  return parts.join("");
}
