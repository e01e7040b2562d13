/**
 * The `read_lines` MCP tool: lines `from` to `to` (1-based, inclusive) of a log file,
 * numbered as the reduced log numbers them, at most {@linkcode READ_LINES_MAX} per
 * call, each masked by the sanitizer and cut at `MAX_LINE_CHARS` characters
 * (`lines.ts`): the raw lines behind an `[xN]` fold, without the secrets.
 *
 * @module
 */

import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types";
import { argsOf, intArg, openLog, stringArg, ToolError, type ToolFiles } from "./args.ts";
import { forEachMaskedLine, MAX_LINE_CHARS } from "./lines.ts";

/** The most lines one `read_lines` call returns. */
export const READ_LINES_MAX = 2000;

const _LAST = Number.MAX_SAFE_INTEGER;

/**
 * The tool's declaration.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { READ_LINES_TOOL } from "./read_lines.ts";
 * assert.deepEqual(READ_LINES_TOOL.inputSchema.required, ["path", "from", "to"]);
 * ```
 */
export const READ_LINES_TOOL: Tool = {
  name: "read_lines",
  title: "Read lines of a log",
  description: `Lines from..to (1-based, inclusive) of a log file, numbered as reduce_log ` +
    `numbers them: the raw lines behind an [xN] fold. At most ${READ_LINES_MAX} lines per ` +
    `call. Secrets and volatile values are masked as in the reduced log; lines over ` +
    `${MAX_LINE_CHARS} characters are cut.`,
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "the log file" },
      from: { type: "integer", minimum: 1, description: "first line (1-based)" },
      to: {
        type: "integer",
        minimum: 1,
        description: `last line, inclusive; to - from < ${READ_LINES_MAX}`,
      },
    },
    required: ["path", "from", "to"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      from: { type: "integer" },
      to: { type: "integer", description: "the last line returned" },
      lines: { type: "array", items: { type: "string" } },
      endOfFile: { type: "boolean", description: "whether the file ends at `to`" },
    },
    required: ["from", "to", "lines", "endOfFile"],
  },
};

/**
 * Runs `read_lines` with `args`; throws {@linkcode ToolError} for bad arguments, a
 * range over {@linkcode READ_LINES_MAX} lines, a start past the end or an unreadable
 * file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readLines } from "./read_lines.ts";
 * const log = new TextEncoder().encode("one\ntwo token=ghp_abcdefghijklmnopqrstuvwxyz0123456789\nthree\n");
 * const files = {
 *   openInput: () => Promise.resolve({ readable: ReadableStream.from([log]), size: log.length }),
 *   errorReason: () => undefined,
 * };
 * const r = await readLines({ path: "x.log", from: 2, to: 3 }, files);
 * assert.deepEqual(r.structuredContent?.lines, ["two token=[REDACTED]", "three"]);
 * ```
 */
export async function readLines(args: unknown, files: ToolFiles): Promise<CallToolResult> {
  const a = argsOf(args, ["path", "from", "to"]);
  const path = stringArg(a, "path", true)!;
  const from = intArg(a, "from", 1, _LAST);
  const to = intArg(a, "to", 1, _LAST);
  if (to < from) throw new ToolError(`"to" (${to}) is before "from" (${from})`);
  if (to - from + 1 > READ_LINES_MAX) {
    throw new ToolError(
      `lines ${from} to ${to} are ${_f(to - from + 1)} lines; at most ${_f(READ_LINES_MAX)} ` +
        `per call (ask for ${from} to ${from + READ_LINES_MAX - 1}, then the next range)`,
    );
  }
  const file = await openLog(files, path);
  const lines: string[] = [];
  let total = await forEachMaskedLine(file.readable, (n, line) => {
    if (n >= from) lines.push(line);
    return n < to + 1; // one line more tells whether the file ends at `to`
  });
  if (total > to) total = to + 1; // stopped early: there is more
  if (lines.length > to - from + 1) lines.length = to - from + 1;
  if (total < from) {
    throw new ToolError(`${path} has ${_f(total)} lines; "from" (${from}) is past the end`);
  }
  const last = from + lines.length - 1;
  const endOfFile = total <= to;
  const width = String(last).length;
  const body = lines.map((l, i) => `${String(from + i).padStart(width)}: ${l}`).join("\n");
  const note = endOfFile && last < to ? `\n[the file ends at line ${last}]` : "";
  return {
    content: [{ type: "text", text: body + note }],
    structuredContent: { from, to: last, lines, endOfFile },
  };
}

function _f(n: number): string {
  return n.toLocaleString("en-US");
}
