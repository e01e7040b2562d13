/**
 * Numbered, masked lines of a log for the `read_lines` and `search_log` tools. Lines
 * are split and numbered as the trim pipeline numbers them (`\n` ends a line, `\r\n`
 * counts as one, a `\r` progress rewrite shows its final state), so a line number in a
 * reduced log's `[xN]` range names the same line here. Every line passes through the
 * sanitizer before a tool sees it (private-key blocks too, line by line), and lines
 * over {@linkcode MAX_LINE_CHARS} characters are cut: nothing these tools return
 * carries a secret the reduced log would have masked.
 *
 * @module
 */

import { decompressIfCompressed } from "../../trim/decompress.ts";
import { TrimError } from "../../trim/errors.ts";
import { SecretBlockSanitizer } from "../../trim/sanitize.ts";
import { LineSplitter } from "../../trim/lines.ts";
import type { CliReadable } from "../runtime.ts";

/** Lines longer than this many characters are cut, ending with ` [TRUNCATED]`. */
export const MAX_LINE_CHARS = 10_000;

/** What stands for a line of a private-key block. */
export const KEY_BLOCK_LINE = "[REDACTED PRIVATE KEY]";

/**
 * Calls `visit` with each line of `input` (numbered from 1), masked; stops reading
 * when `visit` returns `false`. Resolves with the number of lines read. gzip and zlib
 * input is decompressed (numbered as the reduced log numbers it); a corrupt stream
 * rejects with `TrimError` `CORRUPT_INPUT` once its readable lines were visited.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { forEachMaskedLine } from "./lines.ts";
 * const seen: string[] = [];
 * const bytes = new TextEncoder().encode("a\npassword=hunter2secret\nc\n");
 * const n = await forEachMaskedLine(ReadableStream.from([bytes]), (i, line) => {
 *   seen.push(`${i}:${line}`);
 * });
 * assert.ok(n === 3 && seen[1] === "2:password=[REDACTED]");
 * ```
 */
export async function forEachMaskedLine(
  input: CliReadable,
  visit: (n: number, line: string) => boolean | void,
): Promise<number> {
  const splitter = new LineSplitter(MAX_LINE_CHARS, undefined, true);
  const masker = new SecretBlockSanitizer(0, () => {});
  const one: string[] = [];
  const lines: string[] = [];
  let n = 0;
  const emit = (): boolean => {
    for (const raw of lines) {
      n++;
      one.length = 0;
      one.push(raw);
      // A key block's body lines are swallowed by the sanitizer: each still has a number.
      const masked = masker.process(one);
      if (visit(n, masked.length ? masked[0] : KEY_BLOCK_LINE) === false) return false;
    }
    lines.length = 0;
    return true;
  };
  let corrupt: string | undefined;
  const bytes = decompressIfCompressed(
    input instanceof ReadableStream ? input : ReadableStream.from(input),
    { onCorrupt: (format, reason) => (corrupt = `${format} data is ${reason}`) },
  ) as ReadableStream<Uint8Array>;
  for await (const chunk of chunksOf(bytes)) {
    splitter.push(chunk, lines);
    if (!emit()) return n;
  }
  splitter.flush(lines);
  emit();
  if (corrupt !== undefined) throw new TrimError("CORRUPT_INPUT", `${corrupt} after line ${n}`);
  return n;
}

/**
 * The chunks of a byte source; a `ReadableStream` left early is cancelled (the file
 * closed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunksOf } from "./lines.ts";
 * const got: Uint8Array[] = [];
 * for await (const c of chunksOf(ReadableStream.from([new Uint8Array([1])]))) got.push(c);
 * assert.ok(got.length === 1 && got[0][0] === 1);
 * ```
 */
export async function* chunksOf(input: CliReadable): AsyncGenerator<Uint8Array> {
  if (!(input instanceof ReadableStream)) {
    yield* input;
    return;
  }
  const reader = input.getReader();
  let done = false;
  try {
    while (true) {
      const r = await reader.read();
      if (r.done) {
        done = true;
        return;
      }
      yield r.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
