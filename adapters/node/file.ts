/**
 * `processLogFile`: the file helper. It opens files through `node:fs` (loaded on
 * first call), which Deno, Node and Bun all provide; in a browser it fails with
 * code `UNSUPPORTED`.
 *
 * @module
 */

import { TrimError } from "../../trim/errors.ts";
import { processLogStream } from "../library.ts";
import type { TrimOptions, TrimResult } from "../../trim/types.ts";
import type { TrimOutput } from "../../trim/io.ts";

/**
 * Reduces the log at `inputPath` into `outputPath` and resolves with the result
 * (its `outputPath` set). Refuses, with code `SAME_INPUT_OUTPUT`, an output that is
 * the input file (same real path, links resolved), before opening anything for
 * writing.
 *
 * @example
 * ```ts ignore
 * import { processLogFile } from "./file.ts";
 * const result = await processLogFile("build.log", "build.trimmed.log");
 * console.log(`${result.savingsPercent}% saved`);
 * ```
 */
export async function processLogFile(
  inputPath: string,
  outputPath: string,
  options: TrimOptions = {},
): Promise<TrimResult> {
  let fs: typeof import("node:fs");
  try {
    fs = await import("node:fs");
  } catch {
    throw new TrimError("UNSUPPORTED", "processLogFile needs a file system (Deno, Node or Bun)");
  }
  await assertDistinctOutput(inputPath, outputPath, fs.promises.realpath);
  const input = await openReadStream(inputPath, fs);
  const output = fs.createWriteStream(outputPath);
  const failed = new Promise<never>((_, reject) => output.once("error", reject));
  failed.catch(() => {});
  let result: TrimResult | undefined;
  let error: unknown;
  try {
    result = await Promise.race([
      processLogStream(input as AsyncIterable<Uint8Array>, output, options),
      failed,
    ]);
  } catch (e) {
    error = e;
  }
  input.destroy();
  // Flush what was written, also after an abort (partial output is kept).
  await new Promise<void>((resolve) => {
    output.once("error", () => resolve());
    output.end(() => resolve());
  });
  if (error !== undefined) throw error;
  return { ...(result as TrimResult), outputPath };
}

/**
 * Throws `TrimError` `SAME_INPUT_OUTPUT` when `outputPath` is the file at `inputPath`
 * (same real path, links resolved). A missing output is fine; a missing input throws
 * the file system's error. `realpath` defaults to `node:fs`'s (the CLI passes
 * `Deno.realPath`, which spares loading `node:fs`).
 *
 * @example
 * ```ts ignore
 * import { assertDistinctOutput } from "./file.ts";
 * await assertDistinctOutput("build.log", "build.log"); // throws SAME_INPUT_OUTPUT
 * ```
 */
export async function assertDistinctOutput(
  inputPath: string,
  outputPath: string,
  realpath?: (path: string) => Promise<string>,
): Promise<void> {
  realpath ??= (await import("node:fs")).promises.realpath;
  const realIn = await realpath(inputPath);
  let realOut: string | undefined;
  try {
    realOut = await realpath(outputPath);
  } catch {
    realOut = undefined; // does not exist yet
  }
  if (realOut !== undefined && realOut === realIn) {
    throw new TrimError(
      "SAME_INPUT_OUTPUT",
      `output ${outputPath} is the input file ${inputPath}; choose another output path`,
    );
  }
}

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

/**
 * Reduces several logs together into `output` (a stream or writer, see
 * {@linkcode processLogStream}): plain, gzip and zip files, a zip's members in its
 * place (a GitHub Actions log archive: failing steps whole, passing ones in one
 * line), each under a header, one `maxTokens` budget shared. The result carries one
 * `sections` entry per log. `.trim.yml` is loaded as by the other file-aware entry
 * points; `outputFormat: "markdown"` gives Markdown sections.
 *
 * @example
 * ```ts ignore
 * import { processLogFiles } from "./file.ts";
 * const result = await processLogFiles(["run-logs.zip"], process.stdout);
 * for (const s of result.sections ?? []) console.error(s.name, s.failed ? "failed" : "ok");
 * ```
 */
export async function processLogFiles(
  inputPaths: readonly string[],
  output: TrimOutput,
  options: TrimOptions = {},
): Promise<TrimResult> {
  const { sourcesOf } = await import("../../trim/inputs/sources.ts");
  const { processSections } = await import("../../trim/sections.ts");
  const { withFileConfig } = await import("../library.ts");
  const { sources, ci } = await sourcesOf(inputPaths.map((path) => ({
    name: path,
    open: async () => await openReadStream(path) as AsyncIterable<Uint8Array>,
  })));
  const format = options.outputFormat === "markdown" ? "markdown" : "text";
  return await processSections(sources, output, await withFileConfig(options), { ci, format });
}
