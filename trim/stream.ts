/**
 * The trim transform as a Web stream pair with a result: what `createTrimStream`
 * gives a caller who pipes the log through it (`pipeline.ts` builds it).
 *
 * @module
 */

import { createTrimPipeline } from "./pipeline.ts";
import type { TrimOptions, TrimStream } from "./types.ts";

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
