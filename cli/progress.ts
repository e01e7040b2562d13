/**
 * The progress line of `trimlog` on a terminal, for large input files.
 *
 * @module
 */

/**
 * Counts bytes through an input and rewrites a progress line (`\r…`) at most every
 * 250 ms; clears it at the end.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withProgress } from "./progress.ts";
 * let shown = "";
 * const chunks = [new Uint8Array(1048576), new Uint8Array(1048576)];
 * for await (const _ of withProgress(ReadableStream.from(chunks), 2097152, (t) => (shown += t))) {
 *   // pass through
 * }
 * assert.ok(shown.startsWith("\rtrimlog: 1 / 2 MB (50%)") && shown.endsWith("\r\x1b[K"));
 * ```
 */
export async function* withProgress(
  input: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  total: number,
  write: (text: string) => void,
): AsyncGenerator<Uint8Array> {
  let seen = 0;
  let last = 0;
  const mb = (n: number) => (n / 1048576).toFixed(0);
  for await (const chunk of input) {
    seen += chunk.byteLength;
    const now = Date.now();
    if (now - last > 250) {
      last = now;
      write(`\rtrimlog: ${mb(seen)} / ${mb(total)} MB (${Math.floor((seen / total) * 100)}%)`);
    }
    yield chunk;
  }
  write("\r\x1b[K");
}
