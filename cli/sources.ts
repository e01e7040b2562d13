/**
 * `trimlog a.log b.log.gz run-logs.zip`: the FILEs opened as the logs to reduce
 * together (`trim/inputs/sources.ts`), a FILE that cannot be read named in one line.
 *
 * @module
 */

import { sourcesOf } from "../trim/inputs/sources.ts";
import type { TrimInput } from "../trim/io.ts";
import type { SectionSource } from "../trim/sections.ts";
import type { CliRuntime } from "./runtime.ts";

class _Unreadable extends Error {}

/**
 * The logs of `files`, in order, or a message when a FILE cannot be read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openSources } from "./sources.ts";
 * const rt = {
 *   openInput: () => Promise.reject(new Error("ENOENT")),
 *   errorReason: () => "no such file or directory",
 * };
 * assert.ok((await openSources(["a.log", "b.log"], rt)) ===
 *   "cannot read a.log: no such file or directory");
 * ```
 */
export async function openSources(
  files: readonly string[],
  rt: Pick<CliRuntime, "openInput" | "errorReason">,
): Promise<{ sources: SectionSource[]; ci: boolean } | string> {
  const inputs = files.map((name) => ({
    name,
    open: async () => {
      try {
        return (await rt.openInput(name)).readable as TrimInput;
      } catch (e) {
        throw new _Unreadable(`cannot read ${name}: ${rt.errorReason(e) ?? _message(e)}`);
      }
    },
  }));
  try {
    return await sourcesOf(inputs);
  } catch (e) {
    if (e instanceof _Unreadable) return e.message;
    throw e;
  }
}

function _message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0];
}
