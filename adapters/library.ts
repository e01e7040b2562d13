/**
 * The file-aware library entry points: like the core operations, plus `.trim.yml`
 * loading (`configPath`, or auto-detected in the working directory), merged before
 * the inline `config`. Where there is no file system (a browser), auto-detection is
 * skipped and an explicit `configPath` fails with `UNSUPPORTED`.
 *
 * @module
 */

import { mergeTrimConfigs } from "../trim/config/rules.ts";
import { TrimError } from "../trim/errors.ts";
import * as core from "../trim/process.ts";
import type { TrimInput, TrimOutput } from "../trim/process.ts";
import type { TrimOptions, TrimResult } from "../trim/types.ts";

/**
 * Returns `options` with the `.trim.yml` (from `configPath`, or auto-detected in the
 * working directory) merged before its inline `config`.
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
    return options;
  }
  const loaded = await load({ configPath: options.configPath });
  if (loaded === undefined) return options;
  return { ...options, config: mergeTrimConfigs(loaded.config, options.config) };
}

/**
 * {@linkcode core.processLogStream} with `.trim.yml` support: reads a raw log from
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
  return core.processLogStream(input, output, await withFileConfig(options));
}

/**
 * {@linkcode core.processLogStreamWithTimeout} with `.trim.yml` support: when
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
  return core.processLogStreamWithTimeout(input, output, await withFileConfig(options), timeoutMs);
}

/**
 * {@linkcode core.trimText} with `.trim.yml` support: reduces a whole text.
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
  return core.trimText(text, await withFileConfig(options));
}
