/**
 * `trimlog mcp`: a Model Context Protocol server over stdio (the SDK's `Server`, the
 * {@linkcode LineTransport} over the command's standard streams) with three tools:
 * `reduce_log`, `read_lines` and `search_log`. A failed call is a tool error
 * (`isError: true`) whose text names the tool and what is wrong, never a stack trace.
 * The server ends (exit 0) when the client closes its end of standard input.
 *
 * @module
 */

import { Server } from "@modelcontextprotocol/sdk/server";
// The SDK's "./*" export maps types to "types.js.d.ts", which does not exist: name the
// types module for Deno (`tsc` finds it by itself).
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { VERSION } from "../../common/version.ts";
import { TrimError } from "../../trim/errors.ts";
import type { CliRuntime } from "../runtime.ts";
import { ToolError, type ToolFiles } from "./args.ts";
import { READ_LINES_TOOL, readLines } from "./read_lines.ts";
import { REDUCE_LOG_TOOL, reduceLog } from "./reduce_log.ts";
import { SEARCH_LOG_TOOL, searchLog } from "./search_log.ts";
import { LineTransport } from "./transport.ts";

type _Handler = (args: unknown, files: ToolFiles) => Promise<CallToolResult>;

const _TOOLS: ReadonlyArray<{ tool: Tool; run: _Handler }> = [
  { tool: REDUCE_LOG_TOOL, run: reduceLog },
  { tool: READ_LINES_TOOL, run: readLines },
  { tool: SEARCH_LOG_TOOL, run: searchLog },
];

/**
 * The tools the server lists.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MCP_TOOLS } from "./server.ts";
 * assert.deepEqual(MCP_TOOLS.map((t) => t.name), ["reduce_log", "read_lines", "search_log"]);
 * ```
 */
export const MCP_TOOLS: readonly Tool[] = _TOOLS.map((t) => t.tool);

/**
 * Calls tool `name` with `args`; every failure becomes a tool error naming the tool.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { callTool } from "./server.ts";
 * const files = { openInput: () => Promise.reject(new Error("unused")), errorReason: () => undefined };
 * const r = await callTool("read_lines", { path: "x.log", from: 1, to: 5000 }, files);
 * assert.ok(r.isError === true && r.content[0].type === "text");
 * assert.match(r.content[0].text, /^read_lines: lines 1 to 5000 are 5,000 lines; at most 2,000/);
 * ```
 */
export async function callTool(
  name: string,
  args: unknown,
  files: ToolFiles,
): Promise<CallToolResult> {
  const entry = _TOOLS.find((t) => t.tool.name === name);
  if (!entry) {
    return _error(`unknown tool "${name}" (tools: ${_TOOLS.map((t) => t.tool.name).join(", ")})`);
  }
  try {
    return await entry.run(args, files);
  } catch (e) {
    const known = e instanceof ToolError || e instanceof TrimError;
    const message = e instanceof Error ? e.message : String(e);
    // Unexpected errors are reported by their first line only: no stack trace.
    return _error(`${name}: ${known ? message : `failed: ${message.split("\n")[0]}`}`);
  }
}

function _error(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** `trimlog mcp --help`. */
export const MCP_HELP: string = `trimlog mcp — serve trimlog's tools to an MCP client over stdio

Usage: trimlog mcp

Speaks the Model Context Protocol on standard input and output (newline-delimited
JSON-RPC) until the client closes standard input. Tools:
  reduce_log   reduce a log file (path) or text (text) with trimlog's options
  read_lines   lines from..to of a log file, masked (at most 2000 per call)
  search_log   lines of a log file matching a regular expression, with context, masked

Lines returned by read_lines and search_log are masked as the reduced log is; give
absolute paths. On Deno, --allow-read=DIR confines the server to the logs under DIR.

Client configuration (Claude Desktop and others, "mcpServers"):
  { "mcpServers": { "trimlog": { "command": "npx", "args": ["-y", "trimlog", "mcp"] } } }

Exit codes: 0 the client closed the connection, 2 usage error.
`;

/**
 * Runs `trimlog mcp` with `argv` (after `mcp`) on `rt`; resolves with the exit code
 * once the client has closed standard input and every request was answered.
 *
 * @example
 * ```ts ignore
 * import { runMcp } from "./server.ts";
 * import { nodeCliRuntime } from "../../adapters/node/cli.ts";
 * process.exitCode = await runMcp([], nodeCliRuntime()); // serves until stdin closes
 * ```
 */
export async function runMcp(argv: readonly string[], rt: CliRuntime): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    console.log(MCP_HELP);
    return 0;
  }
  if (argv.length) {
    console.error(`trimlog: mcp takes no arguments, got ${argv[0]} (see trimlog mcp --help)`);
    return 2;
  }
  // The low-level server (the SDK marks it for advanced use): our own JSON Schemas and checks.
  const server = new Server(
    { name: "trimlog", version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: "reduce_log shrinks a log to what matters (errors with context, repeats " +
        "folded into [xN] lines, secrets masked); read_lines and search_log read the same " +
        "file's lines by number or pattern, masked too.",
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...MCP_TOOLS] }));
  server.setRequestHandler(
    CallToolRequestSchema,
    (request: CallToolRequest) => callTool(request.params.name, request.params.arguments, rt),
  );
  const transport = new LineTransport(rt.stdin(), rt.stdout());
  transport.onerror = (e) => console.error(`trimlog mcp: ${e.message.split("\n")[0]}`);
  await server.connect(transport);
  await transport.finished;
  return 0;
}
