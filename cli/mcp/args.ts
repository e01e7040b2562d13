/**
 * Argument checks shared by the MCP tools: each failure is a {@linkcode ToolError}
 * whose message names the argument and what it accepts; the server returns it as a
 * tool error (`isError`), never a stack trace.
 *
 * @module
 */

import type { CliInputFile } from "../runtime.ts";

/**
 * A tool call that cannot be done as asked; the message is for the caller.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolError } from "./args.ts";
 * assert.ok(new ToolError("bad").name === "ToolError");
 * ```
 */
export class ToolError extends Error {
  /** An error with a message for the caller. */
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

/** What the tools need from the runtime: opening files (a `CliRuntime` has both). */
export interface ToolFiles {
  /** Opens a file for reading; rejects with the runtime's error. */
  openInput(path: string): Promise<CliInputFile>;
  /** A short reason for a file system error ("no such file or directory"), if known. */
  errorReason(error: unknown): string | undefined;
}

/**
 * The arguments as a record; an argument not in `allowed` is refused by name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { argsOf } from "./args.ts";
 * assert.throws(() => argsOf({ pth: "x" }, ["path"]), /unknown argument "pth" \(expected: path\)/);
 * ```
 */
export function argsOf(args: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== "object" || Array.isArray(args)) {
    throw new ToolError("arguments must be an object");
  }
  const record = args as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) {
      throw new ToolError(`unknown argument "${key}" (expected: ${allowed.join(", ")})`);
    }
  }
  return record;
}

/**
 * A non-empty string argument; `undefined` when optional and absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stringArg } from "./args.ts";
 * assert.throws(() => stringArg({}, "path", true), /"path" is required/);
 * assert.ok(stringArg({ path: "a.log" }, "path", true) === "a.log");
 * ```
 */
export function stringArg(
  args: Record<string, unknown>,
  key: string,
  required: boolean,
): string | undefined {
  const v = args[key];
  if (v === undefined) {
    if (required) throw new ToolError(`"${key}" is required`);
    return undefined;
  }
  if (typeof v !== "string") throw new ToolError(`"${key}" must be a string, got ${_shown(v)}`);
  if (v === "" && required) throw new ToolError(`"${key}" must not be empty`);
  return v;
}

/**
 * A whole-number argument from `min` to `max`; `fallback` when absent (a required
 * argument has none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intArg } from "./args.ts";
 * assert.throws(() => intArg({ from: 0 }, "from", 1, 10), /"from" must be a whole number from 1 to 10, got 0/);
 * assert.ok(intArg({}, "context", 0, 20, 2) === 2);
 * ```
 */
export function intArg(
  args: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
  fallback?: number,
): number {
  const v = args[key];
  if (v === undefined) {
    if (fallback === undefined) throw new ToolError(`"${key}" is required`);
    return fallback;
  }
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new ToolError(
      `"${key}" must be a whole number from ${min} to ${_fmt(max)}, got ${_shown(v)}`,
    );
  }
  return v;
}

/**
 * A boolean argument; `fallback` when absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boolArg } from "./args.ts";
 * assert.throws(() => boolArg({ ignoreCase: "yes" }, "ignoreCase", false), /must be true or false/);
 * ```
 */
export function boolArg(args: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = args[key];
  if (v === undefined) return fallback;
  if (typeof v !== "boolean") {
    throw new ToolError(`"${key}" must be true or false, got ${_shown(v)}`);
  }
  return v;
}

/**
 * A regular expression argument compiled; an invalid one is refused with the reason.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { regexArg } from "./args.ts";
 * assert.throws(() => regexArg("(", "pattern"), /"pattern" is not a valid regular expression/);
 * assert.ok(regexArg("err(or)?", "pattern", "i").test("ERROR"));
 * ```
 */
export function regexArg(source: string, key: string, flags = ""): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new ToolError(`"${key}" is not a valid regular expression: ${why}`);
  }
}

/**
 * Opens the log at `path`; a failure names the file and the reason.
 *
 * @example
 * ```ts ignore
 * const file = await openLog(files, "build.log"); // ToolError: cannot read build.log: no such file or directory
 * ```
 */
export async function openLog(files: ToolFiles, path: string): Promise<CliInputFile> {
  try {
    return await files.openInput(path);
  } catch (e) {
    const reason = files.errorReason(e) ??
      (e instanceof Error ? e.message : String(e)).split("\n")[0];
    throw new ToolError(`cannot read ${path}: ${reason}`);
  }
}

function _shown(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function _fmt(n: number): string {
  return n.toLocaleString("en-US");
}
