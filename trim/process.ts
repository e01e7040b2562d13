/**
 * The inline processing operations: stream to stream, with a deadline, and text to
 * text, with only the options given (custom rules from the inline `config`; never a
 * `.trim.yml`). They touch no file system, so they run in a browser or a sandbox
 * as they do in Deno, Node and Bun. `mod.ts` also exports the file-aware entry
 * points (`adapters/library.ts`), which load `.trim.yml` first.
 *
 * @module
 */

import { decompressIfCompressed } from "./decompress.ts";
import { TrimError } from "./errors.ts";
import {
  type StopReason,
  toStoppableReadable,
  toWritable,
  type TrimInput,
  type TrimOutput,
} from "./io.ts";
import { renderMarkdown } from "./markdown.ts";
import { createTrimPipeline, type LineTap } from "./pipeline.ts";
import { resultOf } from "./run.ts";
import type { TrimOptions, TrimResult } from "./types.ts";

export type { ChunkWriter, TrimInput, TrimOutput } from "./io.ts";

/**
 * Reads a raw log from `input`, writes the reduced log to `output` (UTF-8 chunks of
 * about 64 KiB) and resolves with the result.
 *
 * - `input`: a `ReadableStream` or `AsyncIterable` of `Uint8Array` or `string` chunks
 *   (a Deno file's `.readable`, a Node `Readable`, …). Bytes starting with gzip's or
 *   zlib's header are decompressed as they stream (`decompress.ts`); a corrupt or
 *   truncated stream flushes the output decompressed so far, then throws a
 *   `TrimError` with code `CORRUPT_INPUT`.
 * - `output`: a `WritableStream<Uint8Array>` (closed at the end) or an object with
 *   `write(chunk)` such as a Node `Writable` (not ended; `drain` is honoured).
 * - `signal` aborts: partial output is flushed, then a `TrimError` with code
 *   `ABORTED` is thrown. `timeoutMs` ends reading: output is flushed and the result
 *   has `timedOut: true`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processLogStreamInline } from "./process.ts";
 * const chunks: Uint8Array[] = [];
 * const result = await processLogStreamInline(
 *   ReadableStream.from(["GET /a 200\n", "GET /a 200\n"]),
 *   new WritableStream({ write(c) { chunks.push(c); } }),
 * );
 * assert.ok(result.stats.inputLines === 2 && result.stats.outputLines === 1);
 * ```
 */
export function processLogStreamInline(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions = {},
): Promise<TrimResult> {
  return processWithTap(input, output, options, undefined);
}

/**
 * {@linkcode processLogStreamInline} with a line tap: `tap` sees every input line as the
 * pipeline splits it, in order, with the run's masker (the CLI's `--explain`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processWithTap } from "./process.ts";
 * const seen: string[] = [];
 * await processWithTap(ReadableStream.from(["a\nb\n"]), new WritableStream(), {}, (lines, mask) => {
 *   for (const l of lines) seen.push(mask(l));
 * });
 * assert.deepEqual(seen, ["a", "b"]);
 * ```
 */
export async function processWithTap(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions,
  tap: LineTap | undefined,
): Promise<TrimResult> {
  if (options.outputFormat === "markdown") {
    return await processAsMarkdown(input, output, options, "Reduced log", tap);
  }
  return await _process(input, output, options, tap);
}

/**
 * {@linkcode processWithTap} with Markdown output under the heading `title` (the CLI
 * passes the file's name): the reduced log is held until the end, since the fence
 * must be longer than any run of backticks in it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processAsMarkdown } from "./process.ts";
 * let md = "";
 * const t3 = "`".repeat(3);
 * await processAsMarkdown(ReadableStream.from([`ERROR ${t3}boom${t3}\n`]), {
 *   write: (c: Uint8Array) => (md += new TextDecoder().decode(c)),
 * }, {}, "build.log");
 * assert.ok(md.startsWith(`## build.log\n\n${t3}\`text\nERROR ${t3}boom${t3}\n${t3}\`\n`));
 * ```
 */
export async function processAsMarkdown(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions,
  title: string,
  tap?: LineTap,
): Promise<TrimResult> {
  const text = new TextCollector();
  const write = async (result: TrimResult | undefined) => {
    const w = toWritable(output).getWriter();
    await w.write(new TextEncoder().encode(renderMarkdown([{ title, text: text.text(), result }])));
    await w.close();
  };
  let result: TrimResult;
  try {
    result = await _process(input, text, { ...options, outputFormat: "text" }, tap);
  } catch (e) {
    // What was reduced is written also when the run fails (a corrupt stream, an abort).
    await write(undefined).catch(() => {});
    throw e;
  }
  await write(result);
  return result;
}

/**
 * A writer that keeps what it is given as text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TextCollector } from "./process.ts";
 * const c = new TextCollector();
 * c.write(new TextEncoder().encode("a\n"));
 * assert.ok(c.text() === "a\n");
 * ```
 */
export class TextCollector {
  #decoder = new TextDecoder();
  #parts: string[] = [];
  /** Takes a UTF-8 chunk. */
  write(chunk: Uint8Array): boolean {
    this.#parts.push(this.#decoder.decode(chunk, { stream: true }));
    return true;
  }
  /** Everything written so far, as one string. */
  text(): string {
    const tail = this.#decoder.decode();
    if (tail) this.#parts.push(tail);
    const all = this.#parts.join("");
    this.#parts = [all];
    return all;
  }
}

async function _process(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions,
  tap: LineTap | undefined,
): Promise<TrimResult> {
  const { stream, run } = createTrimPipeline(options, tap);
  let stop: StopReason | undefined;
  let corrupt: string | undefined;
  const source = decompressIfCompressed(
    toStoppableReadable(input, {
      signal: options.signal,
      deadlineMs: options.timeoutMs,
      onStop: (reason) => (stop = reason),
    }),
    { onCorrupt: (format, reason) => (corrupt = `${format} data is ${reason}`) },
  );
  await source.pipeThrough(stream).pipeTo(toWritable(output));
  if (corrupt !== undefined && stop === undefined) {
    throw new TrimError(
      "CORRUPT_INPUT",
      `${corrupt}; the output decompressed so far was written`,
    );
  }
  if (stop === "aborted") {
    throw new TrimError("ABORTED", "processing was aborted; partial output was flushed", {
      cause: options.signal?.reason,
    });
  }
  run.timedOut = stop === "timeout";
  return resultOf(run);
}

/**
 * {@linkcode processLogStreamInline} with a deadline: when `timeoutMs` passes, reading stops,
 * the output is flushed and the result has `timedOut: true` (no error).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processLogStreamWithTimeoutInline } from "./process.ts";
 * const never = new ReadableStream<string>({ start(c) { c.enqueue("ERROR one\n"); } });
 * const result = await processLogStreamWithTimeoutInline(never, new WritableStream(), {}, 50);
 * assert.ok(result.timedOut === true && result.stats.inputLines === 1);
 * ```
 */
export function processLogStreamWithTimeoutInline(
  input: TrimInput,
  output: TrimOutput,
  options: TrimOptions,
  timeoutMs: number,
): Promise<TrimResult> {
  if (typeof timeoutMs !== "number" || !(timeoutMs >= 0)) {
    return Promise.reject(
      new TrimError("INVALID_OPTION", `timeout: ${timeoutMs} is not a number of milliseconds >= 0`),
    );
  }
  const ms = options?.timeoutMs !== undefined ? Math.min(options.timeoutMs, timeoutMs) : timeoutMs;
  return processLogStreamInline(input, output, { ...options, timeoutMs: Math.floor(ms) });
}

/**
 * Reduces a whole text: returns the reduced text and the result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trimTextInline } from "./process.ts";
 * const { output, result } = await trimTextInline("token=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n");
 * assert.ok(output === "token=[REDACTED]\n" && result.stats.inputLines === 1);
 * ```
 */
export async function trimTextInline(
  text: string,
  options: TrimOptions = {},
): Promise<{ output: string; result: TrimResult }> {
  const decoder = new TextDecoder();
  let output = "";
  const result = await processLogStreamInline(_once(text), {
    write(chunk: Uint8Array) {
      output += decoder.decode(chunk, { stream: true });
      return true;
    },
  }, options);
  output += decoder.decode();
  return { output, result };
}

async function* _once(text: string): AsyncGenerator<string> {
  yield text;
}
