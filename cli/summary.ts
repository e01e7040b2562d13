/**
 * The one-line summary of a run (`--stats`, and the MCP `reduce_log` tool); it lives
 * in `trim/summary.ts`, where the Markdown output uses it too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trimTextInline } from "../trim/process.ts";
 * import { summaryLine } from "./summary.ts";
 * const { result } = await trimTextInline("ERROR boom\n");
 * assert.match(summaryLine(result), /^trimlog: 1 → 1 lines, /);
 * ```
 *
 * @module
 */

export { summaryLine } from "../trim/summary.ts";
