/**
 * The `reduce_log` MCP tool: a log file (`path`) or a text (`text`) through the trim
 * pipeline with the options given (those of the option table that a JSON value can
 * hold; regular expressions as strings). Only the options given apply: no `.trim.yml`
 * is read. The answer is the reduced log and a one-line summary as text, and the
 * result's figures as structured content.
 *
 * @module
 */

import { summaryLine } from "../summary.ts";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types";
import { OPTIONS, type OptionSpec } from "../../trim/options.ts";
import { processLogStreamInline, trimTextInline } from "../../trim/process.ts";
import { validateOptions } from "../../trim/resolve.ts";
import type { TrimOptions, TrimResult } from "../../trim/types.ts";
import { argsOf, openLog, regexArg, stringArg, ToolError, type ToolFiles } from "./args.ts";

/** The trim options `reduce_log` takes: those a JSON value can hold. */
const _OPTIONS: readonly OptionSpec[] = OPTIONS.filter((o) =>
  o.kind === "enum" || o.kind === "count" || o.kind === "boolean" || o.kind === "regexp"
);

function _schema(o: OptionSpec): Record<string, unknown> {
  const help = o.cli?.help.join(" ") ?? "";
  switch (o.kind) {
    case "enum":
      return { type: "string", enum: [...o.values!], description: help };
    case "count": {
      const min = o.cli?.min ?? o.min ?? 0;
      const schema: Record<string, unknown> = { type: "integer", minimum: min, description: help };
      if (o.max !== undefined) schema.maximum = o.max;
      return schema;
    }
    case "regexp":
      return { type: "string", description: `${help} (a JavaScript regular expression)` };
    default: {
      // A boolean option's flag turns it off (`--no-dedupe`): its help says what false does.
      return { type: "boolean", description: `default ${o.default}; false: ${help}` };
    }
  }
}

/**
 * The tool's declaration (name, description, input and output schemas).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { REDUCE_LOG_TOOL } from "./reduce_log.ts";
 * assert.ok(REDUCE_LOG_TOOL.name === "reduce_log" && "maxTokens" in REDUCE_LOG_TOOL.inputSchema.properties!);
 * ```
 */
export const REDUCE_LOG_TOOL: Tool = {
  name: "reduce_log",
  title: "Reduce a log",
  description: "Reduce a build, test or server log to what matters: secrets and volatile " +
    "values masked, noise dropped, repeats folded into [xN] lines, every error kept with " +
    "its context. Give `path` (a log file) or `text` (the log itself), and optionally " +
    "`maxTokens` to fit a budget. Use read_lines and search_log on the same file for the " +
    "raw lines behind a fold.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "the log file to reduce" },
      text: { type: "string", description: "the log text to reduce (instead of path)" },
      ...Object.fromEntries(_OPTIONS.map((o) => [o.name, _schema(o)])),
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      result: {
        type: "object",
        description: "lines, words, bytes and tokens in and out; detected format and sources",
        properties: {
          stats: { type: "object" },
          inputTokens: { type: "integer" },
          outputTokens: { type: "integer" },
          savedTokens: { type: "integer" },
          savingsPercent: { type: "number" },
        },
        required: ["stats", "inputTokens", "outputTokens", "savingsPercent"],
      },
    },
    required: ["result"],
  },
};

const _ALLOWED = ["path", "text", ..._OPTIONS.map((o) => o.name)];

/**
 * The trim options in `args`, validated; a bad one is refused by name with what it
 * accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceOptions } from "./reduce_log.ts";
 * assert.ok(reduceOptions({ include: "ERROR" }).include instanceof RegExp);
 * assert.throws(() => reduceOptions({ aggressiveness: "max" }), /aggressiveness: "max" is not one of low/);
 * ```
 */
export function reduceOptions(args: Record<string, unknown>): TrimOptions {
  const options: Record<string, unknown> = {};
  for (const o of _OPTIONS) {
    const v = args[o.name];
    if (v === undefined) continue;
    if (o.kind === "regexp") {
      if (typeof v !== "string") {
        throw new ToolError(`"${o.name}" must be a regular expression as a string`);
      }
      options[o.name] = regexArg(v, o.name);
    } else {
      options[o.name] = v;
    }
  }
  try {
    validateOptions(options as TrimOptions);
  } catch (e) {
    throw new ToolError((e as Error).message.replace(/^option /, ""));
  }
  // The smallest values the command line accepts hold here too (maxTokens 0 keeps nothing).
  for (const o of _OPTIONS) {
    const min = o.cli?.min;
    const v = options[o.name];
    if (o.kind === "count" && min !== undefined && typeof v === "number" && v < min) {
      throw new ToolError(`${o.name}: must be at least ${min}`);
    }
  }
  return options as TrimOptions;
}

/**
 * Runs `reduce_log` with `args`; throws {@linkcode ToolError} for bad arguments or an
 * unreadable file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceLog } from "./reduce_log.ts";
 * const files = { openInput: () => Promise.reject(new Error("unused")), errorReason: () => undefined };
 * const r = await reduceLog({ text: "GET / 200\nGET / 200\nERROR db down\n" }, files);
 * assert.ok(r.content[0].type === "text" && r.content[0].text.includes("ERROR db down"));
 * ```
 */
export async function reduceLog(args: unknown, files: ToolFiles): Promise<CallToolResult> {
  const a = argsOf(args, _ALLOWED);
  const path = stringArg(a, "path", false);
  const text = stringArg(a, "text", false);
  if ((path === undefined) === (text === undefined)) {
    throw new ToolError('give exactly one of "path" (a log file) or "text" (the log itself)');
  }
  if (path === "") throw new ToolError('"path" must not be empty');
  const options = reduceOptions(a);
  let output: string;
  let result: TrimResult;
  if (text !== undefined) {
    ({ output, result } = await trimTextInline(text, options));
  } else {
    const file = await openLog(files, path!);
    const dec = new TextDecoder();
    output = "";
    result = await processLogStreamInline(file.readable, {
      write(chunk: Uint8Array) {
        output += dec.decode(chunk, { stream: true });
        return true;
      },
    }, options);
    output += dec.decode();
  }
  return {
    content: [
      { type: "text", text: output },
      { type: "text", text: summaryLine(result) },
    ],
    structuredContent: { result: JSON.parse(JSON.stringify(result)) },
  };
}
