/**
 * The trim transform as a Web stream pair with a result: what `createTrimStream`
 * gives a caller who pipes the log through it (`pipeline.ts` builds it).
 *
 * @module
 */

import { createTrimPipeline } from "./pipeline.ts";
import type { TrimOptions, TrimResult } from "./types.ts";

/**
 * A transform from raw log chunks to reduced UTF-8 output, with its result.
 *
 * @example Reading the result after piping
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTrimStream, type TrimStream } from "./stream.ts";
 * const trim: TrimStream = createTrimStream({ aggressiveness: "low" });
 * await ReadableStream.from(["hello\n"]).pipeThrough(trim).pipeTo(new WritableStream());
 * const { stats } = await trim.result;
 * assert.ok(stats.inputLines === 1 && stats.outputLines === 1);
 * ```
 */
export interface TrimStream {
  /** Where the raw log is written: `Uint8Array` (UTF-8) or `string` chunks. */
  readonly writable: WritableStream<Uint8Array | string>;
  /** The reduced log, as UTF-8 chunks of about 64 KiB. */
  readonly readable: ReadableStream<Uint8Array>;
  /** Resolves with the result once the output has been fully produced. */
  readonly result: Promise<TrimResult>;
}

/**
 * Creates the trim transform: write raw log chunks (`Uint8Array` or `string`),
 * read the reduced log as UTF-8 chunks; `result` resolves when the output ends.
 *
 * @example Piping a log through trim
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTrimStream } from "./stream.ts";
 * const trim = createTrimStream();
 * const text = await new Response(
 *   ReadableStream.from(["retry id=1\nretry id=2\n"]).pipeThrough(trim),
 * ).text();
 * assert.ok(text === "[x2] retry id=[1 | 2]\n");
 * assert.ok((await trim.result).stats.duplicateLines === 1);
 * ```
 */
export function createTrimStream(options: TrimOptions = {}): TrimStream {
  return createTrimPipeline(options).stream;
}
