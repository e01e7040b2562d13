/**
 * The `search_log` MCP tool: the lines of a log file matching a regular expression,
 * with line numbers and `context` lines around each match, like `grep -n -C`. The
 * pattern is matched against the masked line (`lines.ts`), so a search can neither
 * show nor probe a masked value; at most `maxMatches` matches are shown (all are
 * counted).
 *
 * @module
 */

import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types";
import { argsOf, boolArg, intArg, openLog, regexArg, stringArg, type ToolFiles } from "./args.ts";
import { forEachMaskedLine, MAX_LINE_CHARS } from "./lines.ts";

/** The most context lines before and after a match. */
export const SEARCH_CONTEXT_MAX = 20;
/** The most matches one call shows. */
export const SEARCH_MATCHES_MAX = 200;

/**
 * The tool's declaration.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SEARCH_LOG_TOOL } from "./search_log.ts";
 * assert.deepEqual(SEARCH_LOG_TOOL.inputSchema.required, ["path", "pattern"]);
 * ```
 */
export const SEARCH_LOG_TOOL: Tool = {
  name: "search_log",
  title: "Search a log",
  description: "Lines of a log file matching a JavaScript regular expression, with line " +
    "numbers (as reduce_log and read_lines number them) and context lines, like grep -n -C. " +
    "Lines are masked as in the reduced log before matching, so masked values cannot be " +
    `searched for; lines over ${MAX_LINE_CHARS} characters are cut. At most ${SEARCH_MATCHES_MAX} matches per call; all are counted.`,
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "the log file" },
      pattern: { type: "string", description: "a JavaScript regular expression" },
      context: {
        type: "integer",
        minimum: 0,
        maximum: SEARCH_CONTEXT_MAX,
        description: "lines shown before and after each match (default 2)",
      },
      maxMatches: {
        type: "integer",
        minimum: 1,
        maximum: SEARCH_MATCHES_MAX,
        description: "matches shown (default 50)",
      },
      ignoreCase: { type: "boolean", description: "match case-insensitively (default false)" },
    },
    required: ["path", "pattern"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      matches: { type: "integer", description: "lines matching, all counted" },
      shown: { type: "integer", description: "matches shown" },
      linesSearched: { type: "integer" },
      lines: {
        type: "array",
        items: {
          type: "object",
          properties: {
            line: { type: "integer" },
            text: { type: "string" },
            match: { type: "boolean" },
          },
          required: ["line", "text", "match"],
        },
      },
    },
    required: ["matches", "shown", "linesSearched", "lines"],
  },
};

interface _Hit {
  line: number;
  text: string;
  match: boolean;
}

/**
 * Runs `search_log` with `args`; throws `ToolError` for bad arguments, an invalid
 * regular expression or an unreadable file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchLog } from "./search_log.ts";
 * const log = new TextEncoder().encode("a\nb\nERROR c\nd\n");
 * const files = {
 *   openInput: () => Promise.resolve({ readable: ReadableStream.from([log]), size: log.length }),
 *   errorReason: () => undefined,
 * };
 * const r = await searchLog({ path: "x.log", pattern: "ERROR", context: 1 }, files);
 * assert.ok(r.content[0].type === "text");
 * assert.match(r.content[0].text, /^2- b\n3: ERROR c\n4- d/m);
 * ```
 */
export async function searchLog(args: unknown, files: ToolFiles): Promise<CallToolResult> {
  const a = argsOf(args, ["path", "pattern", "context", "maxMatches", "ignoreCase"]);
  const path = stringArg(a, "path", true)!;
  const source = stringArg(a, "pattern", true)!;
  const context = intArg(a, "context", 0, SEARCH_CONTEXT_MAX, 2);
  const maxMatches = intArg(a, "maxMatches", 1, SEARCH_MATCHES_MAX, 50);
  const re = regexArg(source, "pattern", boolArg(a, "ignoreCase", false) ? "i" : "");
  const file = await openLog(files, path);

  const hits: _Hit[] = [];
  const before: _Hit[] = [];
  let after = 0;
  let matches = 0;
  const searched = await forEachMaskedLine(file.readable, (n, text) => {
    re.lastIndex = 0;
    const match = re.test(text);
    if (match) matches++;
    if (match && matches <= maxMatches) {
      hits.push(...before, { line: n, text, match });
      before.length = 0;
      after = context;
    } else if (after > 0) {
      hits.push({ line: n, text, match });
      after--;
    } else if (context > 0 && matches < maxMatches) {
      before.push({ line: n, text, match: false });
      if (before.length > context) before.shift();
    }
  });
  // A match past maxMatches inside the last one's context shows (and counts) too.
  const shown = hits.filter((h) => h.match).length;
  const summary = matches === 0
    ? `no line of ${path} matches /${source}/ (${_f(searched)} lines searched)`
    : `${_f(matches)} matching line${matches === 1 ? "" : "s"} of ${_f(searched)}` +
      (shown < matches
        ? `; the first ${shown} shown (raise maxMatches or narrow the pattern)`
        : "");
  const out: string[] = [];
  for (let i = 0; i < hits.length; i++) {
    if (i > 0 && hits[i].line !== hits[i - 1].line + 1) out.push("--");
    out.push(`${hits[i].line}${hits[i].match ? ":" : "-"} ${hits[i].text}`);
  }
  return {
    content: [{ type: "text", text: out.length ? `${out.join("\n")}\n[${summary}]` : summary }],
    structuredContent: { matches, shown, linesSearched: searched, lines: hits },
  };
}

function _f(n: number): string {
  return n.toLocaleString("en-US");
}
