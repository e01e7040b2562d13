/**
 * The output side of the log generator: batched writes with a running hash and
 * line counts.
 *
 * @module
 */

/**
 * Streaming writer: accumulates strings and writes ~1 MiB batches, hashing and counting.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Sink } from "./sink.ts";
 * const path = await Deno.makeTempFile();
 * const file = await Deno.open(path, { write: true });
 * const sink = new Sink(file);
 * await sink.push("a\r\nb\n");
 * await sink.flush();
 * file.close();
 * assert.ok(sink.bytes === 5 && sink.lines === 2 && sink.crlf === 1);
 * await Deno.remove(path);
 * ```
 */
export class Sink {
  #file: Deno.FsFile;
  #parts: string[] = [];
  #pending = 0;
  #enc = new TextEncoder();
  /** Bytes written. */
  bytes = 0;
  /** `\n`-terminated lines written. */
  lines = 0;
  /** Lines written that end in `\r\n`. */
  crlf = 0;
  #hash = 0x811c9dc5;
  #prevCr = false;

  constructor(file: Deno.FsFile) {
    this.#file = file;
  }
  /** Approximate bytes so far (written plus buffered characters). */
  get approx(): number {
    return this.bytes + this.#pending;
  }
  /** Queues `s`; writes a batch once ~1 MiB is pending. */
  async push(s: string): Promise<void> {
    this.#parts.push(s);
    this.#pending += s.length;
    if (this.#pending >= 1 << 20) await this.flush();
  }
  /** Writes everything pending. */
  async flush(): Promise<void> {
    if (this.#parts.length === 0) return;
    const buf = this.#enc.encode(this.#parts.join(""));
    this.#parts = [];
    this.#pending = 0;
    let h = this.#hash, lines = 0, crlf = 0, prevCr = this.#prevCr;
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i];
      h = Math.imul(h ^ b, 0x01000193);
      if (b === 10) {
        lines++;
        if (prevCr) crlf++;
      }
      prevCr = b === 13;
    }
    this.#hash = h;
    this.#prevCr = prevCr;
    this.lines += lines;
    this.crlf += crlf;
    let off = 0;
    while (off < buf.length) off += await this.#file.write(buf.subarray(off));
    this.bytes += buf.length;
  }
  /** FNV-1a 32-bit hash of the bytes written, as 8 hex digits. */
  get fnv1a(): string {
    return (this.#hash >>> 0).toString(16).padStart(8, "0");
  }
}
