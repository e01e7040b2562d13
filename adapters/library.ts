/**
 * The file-aware library entry points: like the inline operations (`trim/process.ts`),
 * plus `.trim.yml` loading (`configPath`, or auto-detected in the working directory),
 * merged before the inline `config`; and the local telemetry store. The file system
 * and the YAML parser are loaded on first use, so importing the module loads
 * neither. Where there is no file system (a browser), auto-detection is skipped and
 * an explicit `configPath` fails with `UNSUPPORTED`.
 *
 * @module
 */

import { mergeTrimConfigs } from "../trim/config/rules.ts";
import { TrimError } from "../trim/errors.ts";
import { assertDistinctOutput } from "../trim/io.ts";
import * as core from "../trim/process.ts";
import type { TrimInput, TrimOutput } from "../trim/process.ts";
import type { TelemetryStore } from "../trim/telemetry.ts";
import type { TrimOptions, TrimResult } from "../trim/types.ts";
import type { LoadedTrimConfig, LoadTrimConfigOptions } from "./node/config_file.ts";
import type { TelemetryFsOptions } from "./node/telemetry_fs.ts";

/**
 * Returns `options` with the `.trim.yml` (from `configPath`, or auto-detected in the
 * working directory) merged before its inline `config`, and a `baseline` given as a
 * file path opened as a stream.
 *
 * @example
 * ```ts ignore
 * import { withFileConfig } from "./library.ts";
 * const options = await withFileConfig({ configPath: "ci/.trim.yml" });
 * ```
 */
export async function withFileConfig(options: TrimOptions = {}): Promise<TrimOptions> {
  let load: typeof import("./node/config_file.ts").loadTrimConfig;
  try {
    ({ loadTrimConfig: load } = await import("./node/config_file.ts"));
  } catch {
    if (options.configPath !== undefined) {
      throw new TrimError("UNSUPPORTED", "configPath needs a file system (Deno, Node or Bun)");
    }
    if (typeof options.baseline === "string") {
      throw new TrimError("UNSUPPORTED", "a baseline path needs a file system (Deno, Node or Bun)");
    }
    return options;
  }
  let out = options;
  if (typeof options.baseline === "string") {
    out = { ...out, baseline: await _openBaseline(options.baseline) };
  }
  const loaded = await load({ configPath: options.configPath });
  if (loaded === undefined) return out;
  return { ...out, config: mergeTrimConfigs(loaded.config, options.config) };
}

/** Opens a baseline log file (its read errors name the file). */
async function _openBaseline(path: string): Promise<AsyncIterable<Uint8Array>> {
  const { openReadStream } = await import("./node/file.ts");
  try {
    return await openReadStream(path) as AsyncIterable<Uint8Array>;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new TrimError("INVALID_OPTION", `option baseline: cannot read ${path}: ${why}`);
  }
}

/**
 * {@linkcode core.processLogStreamInline} with `.trim.yml` support: reads a raw log from
 * `input`, writes the reduced log to `output` and resolves with the result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processLogStream } from "./library.ts";
 * const result = await processLogStream(
 *   ReadableStream.from(["GET /a 200\n", "GET /a 200\n"]),
 *   new WritableStream(),
 * );
 * assert.ok(result.stats.inputLines === 2 && result.stats.outputLines === 1);
 * ```
 */
export async function processLogStream(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions = {},
): Promise<TrimResult> {
  return core.processLogStreamInline(input, output, await withFileConfig(options));
}

/**
 * {@linkcode core.processLogStreamWithTimeoutInline} with `.trim.yml` support: when
 * `timeoutMs` passes, output is flushed and the result has `timedOut: true`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processLogStreamWithTimeout } from "./library.ts";
 * const never = new ReadableStream<string>({ start(c) { c.enqueue("ERROR one\n"); } });
 * const result = await processLogStreamWithTimeout(never, new WritableStream(), {}, 50);
 * assert.ok(result.timedOut === true);
 * ```
 */
export async function processLogStreamWithTimeout(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions,
  timeoutMs: number,
): Promise<TrimResult> {
  return core.processLogStreamWithTimeoutInline(
    input,
    output,
    await withFileConfig(options),
    timeoutMs,
  );
}

/**
 * {@linkcode core.trimTextInline} with `.trim.yml` support: reduces a whole text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trimText } from "./library.ts";
 * const { output } = await trimText("a=1\na=2\n");
 * assert.ok(output === "[x2] a=[1 | 2]\n");
 * ```
 */
export async function trimText(
  text: string,
  options: TrimOptions = {},
): Promise<{ output: string; result: TrimResult }> {
  return core.trimTextInline(text, await withFileConfig(options));
}

/**
 * Loads the `.trim.yml` named by `configPath`, or the one in the working directory:
 * the rules as written, with the file's absolute path; `undefined` when there is
 * none. The YAML parser and the file system are loaded only when this is called.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadTrimConfig } from "./library.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/.trim.yml`, "keep:\n  - PAYMENT\n");
 * const loaded = await loadTrimConfig({ configPath: `${dir}/.trim.yml` });
 * assert.ok(loaded?.config.keep?.[0] === "PAYMENT");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadTrimConfig(
  options: LoadTrimConfigOptions = {},
): Promise<LoadedTrimConfig | undefined> {
  const { loadTrimConfig: load } = await import("./node/config_file.ts");
  return await load(options);
}

/**
 * Appends a run's result to the local telemetry store (`~/.trim/telemetry.json`, or
 * `$TRIM_TELEMETRY_DIR`) and updates the totals; prunes to 1,000 entries. The file
 * system is loaded only when this is called.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordTelemetry, trimText } from "./library.ts";
 * const dir = await Deno.makeTempDir();
 * const { result } = await trimText("a\na\n");
 * const store = await recordTelemetry(result, { dir });
 * assert.ok(store.entries.length === 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function recordTelemetry(
  result: TrimResult,
  options: TelemetryFsOptions = {},
): Promise<TelemetryStore> {
  return await (await import("./node/telemetry_fs.ts")).recordTelemetry(result, options);
}

/**
 * Reads the local telemetry store (an empty store when there is none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadTelemetry } from "./library.ts";
 * const dir = await Deno.makeTempDir();
 * assert.ok((await loadTelemetry({ dir })).entries.length === 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadTelemetry(options: TelemetryFsOptions = {}): Promise<TelemetryStore> {
  return await (await import("./node/telemetry_fs.ts")).loadTelemetry(options);
}

/**
 * Writes the local telemetry store (validated first; written atomically).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadTelemetry, saveTelemetry } from "./library.ts";
 * const dir = await Deno.makeTempDir();
 * const store = await loadTelemetry({ dir });
 * await saveTelemetry(store, { dir });
 * assert.ok((await loadTelemetry({ dir })).totalSavedTokens === 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function saveTelemetry(
  store: TelemetryStore,
  options: TelemetryFsOptions = {},
): Promise<void> {
  await (await import("./node/telemetry_fs.ts")).saveTelemetry(store, options);
}

/**
 * Reduces the log at `inputPath` into `outputPath` and resolves with the result
 * (its `outputPath` set). Refuses, with code `SAME_INPUT_OUTPUT`, an output that is
 * the input file (same real path, links resolved), before opening anything for
 * writing.
 *
 * @example
 * ```ts ignore
 * import { processLogFile } from "./library.ts";
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
  const { openReadStream } = await import("./node/file.ts");
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
 * Reduces several logs together into `output` (a stream or writer, see
 * {@linkcode processLogStream}): plain, gzip and zip files, a zip's members in its
 * place (a GitHub Actions log archive: failing steps whole, passing ones in one
 * line), each under a header, one `maxTokens` budget shared. The result carries one
 * `sections` entry per log. `.trim.yml` is loaded as by the other file-aware entry
 * points; `outputFormat: "markdown"` gives Markdown sections.
 *
 * @example
 * ```ts ignore
 * import { processLogFiles } from "./library.ts";
 * const result = await processLogFiles(["run-logs.zip"], process.stdout);
 * for (const s of result.sections ?? []) console.error(s.name, s.failed ? "failed" : "ok");
 * ```
 */
export async function processLogFiles(
  inputPaths: readonly string[],
  output: TrimOutput,
  options: TrimOptions = {},
): Promise<TrimResult> {
  const { sourcesOf } = await import("../trim/inputs/sources.ts");
  const { processSections } = await import("../trim/sections.ts");
  const { openReadStream } = await import("./node/file.ts");
  const { sources, ci } = await sourcesOf(inputPaths.map((path) => ({
    name: path,
    open: async () => await openReadStream(path) as AsyncIterable<Uint8Array>,
  })));
  const format = options.outputFormat === "markdown" ? "markdown" : "text";
  return await processSections(sources, output, await withFileConfig(options), { ci, format });
}
