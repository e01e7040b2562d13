/**
 * Reading a file as a stream through `node:fs` (loaded on first call), which Deno,
 * Node and Bun all provide: the file helper under `processLogFile` and the baseline
 * reader of the file-aware entry points (`../library.ts`).
 *
 * @module
 */

/**
 * Opens a file as a Node read stream (64 KiB chunks) once it is open: a file that
 * cannot be read rejects here, with the file system's error, not mid-run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openReadStream } from "./file.ts";
 * await assert.rejects(openReadStream("/no/such/file.log"), /ENOENT/);
 * ```
 */
export async function openReadStream(
  path: string,
  fs?: typeof import("node:fs"),
): Promise<import("node:fs").ReadStream> {
  const input = (fs ?? await import("node:fs")).createReadStream(path, {
    highWaterMark: 64 * 1024,
  });
  await new Promise<void>((resolve, reject) => {
    input.once("open", () => resolve());
    input.once("error", reject);
  });
  return input;
}
