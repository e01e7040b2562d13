/**
 * Compressed input, found by its bytes: a stream whose first bytes are gzip's magic
 * (`1f 8b`) or a zlib header (`78 01`, `78 9c`, `78 da`) is piped through the
 * Web-standard `DecompressionStream` (Deno, Node ≥ 20, Bun, browsers); anything else
 * passes through untouched. The name of a file plays no part, so `cat app.log.gz |
 * trimlog` works as `trimlog app.log.gz` does.
 *
 * Memory stays bounded: compressed chunks are fed in slices of
 * {@linkcode INFLATE_SLICE} bytes, one at a time, so a highly repetitive log (a
 * ratio of 1,000 or more) does not come out as one huge chunk. A stream that is
 * corrupt or cut short ends cleanly (so every stage flushes what it has) and the
 * problem is reported through `onCorrupt`.
 *
 * The zlib header `78 5e` (levels 2 to 5) is not recognised: its bytes are the text
 * `x^`, which a plain log may start with. Raw deflate has no header and is read as
 * text. Several gzip members one after the other (`cat a.gz b.gz`) are one stream to
 * Node; Deno's `DecompressionStream` stops after the first, with an error.
 *
 * @module
 */

/** The compressed formats recognised, as `DecompressionStream` names them. */
export type CompressedFormat = "gzip" | "deflate";

/** Compressed bytes are fed to the decompressor in slices of this many bytes. */
export const INFLATE_SLICE: number = 16 * 1024;

/**
 * The compressed format the first bytes announce, if any (`undefined`: plain text, or
 * too few bytes to tell).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sniffCompression } from "./decompress.ts";
 * assert.ok(sniffCompression(new Uint8Array([0x1f, 0x8b, 8])) === "gzip");
 * assert.ok(sniffCompression(new Uint8Array([0x78, 0x9c])) === "deflate");
 * assert.ok(sniffCompression(new TextEncoder().encode("x^2 grows")) === undefined);
 * ```
 */
export function sniffCompression(head: Uint8Array): CompressedFormat | undefined {
  if (head.length < 2) return undefined;
  const [a, b] = head;
  if (a === 0x1f && b === 0x8b) return "gzip";
  if (a === 0x78 && (b === 0x01 || b === 0x9c || b === 0xda)) return "deflate";
  return undefined;
}

/** What {@linkcode decompressIfCompressed} reports about a stream it decompressed. */
export interface DecompressEvents {
  /** The stream is compressed: called once, before any of its text flows. */
  onFormat?: (format: CompressedFormat) => void;
  /**
   * The compressed stream is corrupt or cut short: called once, after the text
   * decompressed so far has been passed on; the output then ends normally.
   */
  onCorrupt?: (format: CompressedFormat, reason: string) => void;
}

/**
 * `input` decompressed when its first bytes announce gzip or zlib, else `input`'s
 * chunks unchanged (string chunks are never sniffed). An error of `input` itself
 * (a read error) is passed on as is; an error of the decompressor ends the output
 * and goes to `events.onCorrupt`.
 *
 * @example A gzip stream and a plain one
 * ```ts
 * import assert from "node:assert/strict";
 * import { decompressIfCompressed } from "./decompress.ts";
 * const plain = new TextEncoder().encode("ERROR boom\n");
 * const gz = await new Response(
 *   ReadableStream.from([plain]).pipeThrough(new CompressionStream("gzip")),
 * ).bytes();
 * const text = (s: ReadableStream<Uint8Array | string>) =>
 *   new Response(s as ReadableStream<Uint8Array>).text();
 * assert.ok((await text(decompressIfCompressed(ReadableStream.from([gz])))) === "ERROR boom\n");
 * assert.ok((await text(decompressIfCompressed(ReadableStream.from([plain])))) === "ERROR boom\n");
 * ```
 */
export function decompressIfCompressed(
  input: ReadableStream<Uint8Array | string>,
  events: DecompressEvents = {},
): ReadableStream<Uint8Array | string> {
  const source = input.getReader();
  // Chunks read while sniffing, handed on first.
  const head: (Uint8Array | string)[] = [];
  let inflater: _Inflater | undefined;
  let started = false;
  let sourceDone = false;

  const sniff = async () => {
    started = true;
    const read = await readHead(source, 2);
    head.push(...read.chunks);
    sourceDone = read.done;
    const format = read.bytes && sniffCompression(read.bytes);
    if (format === undefined) return;
    events.onFormat?.(format);
    inflater = new _Inflater(format, head.splice(0) as Uint8Array[], source, sourceDone);
  };

  return new ReadableStream<Uint8Array | string>({
    async pull(controller) {
      if (!started) await sniff();
      if (inflater === undefined) {
        const next = head.shift();
        if (next !== undefined) return controller.enqueue(next);
        if (sourceDone) return controller.close();
        const r = await source.read();
        if (r.done) controller.close();
        else controller.enqueue(r.value);
        return;
      }
      try {
        const chunk = await inflater.next();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      } catch (e) {
        if (inflater.sourceError) return controller.error(inflater.sourceError.error);
        controller.close();
        events.onCorrupt?.(inflater.format, _reason(e));
      }
    },
    async cancel(reason) {
      await inflater?.cancel(reason);
      await source.cancel(reason).catch(() => {});
    },
  }, { highWaterMark: 0 });
}

/**
 * Reads chunks until at least `min` bytes came (or a string chunk, or the end): the
 * chunks read, their bytes as one array (undefined when a chunk was a string, or
 * none came), and whether the source ended.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readHead } from "./decompress.ts";
 * const reader = ReadableStream.from([new Uint8Array([0x1f]), new Uint8Array([0x8b, 8])]).getReader();
 * const head = await readHead(reader, 2);
 * assert.deepEqual([...head.bytes!], [0x1f, 0x8b, 8]);
 * assert.ok(head.chunks.length === 2 && !head.done);
 * ```
 */
export async function readHead(
  reader: ReadableStreamDefaultReader<Uint8Array | string>,
  min: number,
): Promise<{ chunks: (Uint8Array | string)[]; bytes: Uint8Array | undefined; done: boolean }> {
  const chunks: (Uint8Array | string)[] = [];
  let n = 0;
  while (n < min) {
    const r = await reader.read();
    if (r.done) return { chunks, bytes: _bytesOf(chunks), done: true };
    chunks.push(r.value);
    if (typeof r.value === "string") break; // text: nothing to sniff
    n += r.value.length;
  }
  return { chunks, bytes: _bytesOf(chunks), done: false };
}

function _bytesOf(chunks: readonly (Uint8Array | string)[]): Uint8Array | undefined {
  if (chunks.length === 0 || chunks.some((c) => typeof c === "string")) return undefined;
  return concatBytes(chunks as Uint8Array[]);
}

/**
 * Byte chunks as one array (the chunk itself when there is one).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { concatBytes } from "./decompress.ts";
 * assert.deepEqual([...concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])])], [1, 2, 3]);
 * ```
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

const _PENDING = Symbol("pending");

/**
 * A `DecompressionStream` fed by hand, one slice at a time. Its writable side is
 * closed (which checks the stream's end and may fail) only once every chunk it has
 * produced has been read: an error empties a Web stream's queue, and that text is
 * the output "so far" that must still be written.
 */
class _Inflater {
  readonly format: CompressedFormat;
  /** Set when reading the compressed source failed (passed on as is). */
  sourceError: { error: unknown } | undefined;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #read: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  /** Every slice has been written (and taken). */
  #fed = false;
  /** Wakes a pending {@linkcode next} when feeding ends (a fresh one per call: no reaction piles up). */
  #wake: (() => void) | undefined;
  #closing = false;

  constructor(
    format: CompressedFormat,
    head: Uint8Array[],
    source: ReadableStreamDefaultReader<Uint8Array | string>,
    sourceDone: boolean,
  ) {
    this.format = format;
    const ds = new DecompressionStream(format) as unknown as ReadableWritablePair<
      Uint8Array,
      Uint8Array
    >;
    this.#writer = ds.writable.getWriter();
    this.#reader = ds.readable.getReader();
    this.#feed(head, source, sourceDone).then(() => {
      this.#fed = true;
      this.#wake?.();
    }, () => {}); // a failure reaches the reader
  }

  /** Writes every compressed slice; each write resolves once the decompressor has taken it. */
  async #feed(
    head: Uint8Array[],
    source: ReadableStreamDefaultReader<Uint8Array | string>,
    done: boolean,
  ): Promise<void> {
    const enc = new TextEncoder();
    for (;;) {
      let chunk = head.shift();
      if (chunk === undefined) {
        if (done) return;
        let r: ReadableStreamReadResult<Uint8Array | string>;
        try {
          r = await source.read();
        } catch (e) {
          this.sourceError = { error: e };
          await this.#writer.abort(e).catch(() => {});
          throw e;
        }
        if (r.done) return;
        chunk = typeof r.value === "string" ? enc.encode(r.value) : r.value;
      }
      for (let at = 0; at < chunk.length; at += INFLATE_SLICE) {
        await this.#writer.write(chunk.subarray(at, at + INFLATE_SLICE));
      }
    }
  }

  /** The next decompressed chunk, `undefined` at the end; rejects when the data is bad. */
  async next(): Promise<Uint8Array | undefined> {
    this.#read ??= this.#reader.read();
    if (!this.#closing) {
      // Once every slice is written and nothing is left to read, close (the end check).
      if (!this.#fed) {
        await Promise.race([
          this.#read,
          new Promise<void>((resolve) => (this.#wake = resolve)),
        ]);
        this.#wake = undefined;
      }
      if (this.#fed) {
        const now = await Promise.race([this.#read, Promise.resolve(_PENDING)]);
        if (now === _PENDING) {
          this.#closing = true;
          this.#writer.close().catch(() => {}); // its failure reaches the reader
        }
      }
    }
    const r = await this.#read;
    this.#read = undefined;
    return r.done ? undefined : r.value;
  }

  async cancel(reason: unknown): Promise<void> {
    await this.#reader.cancel(reason).catch(() => {});
  }
}

/** The decompressor's message in words (each runtime words it its own way). */
function _reason(e: unknown): string {
  const msg = (e instanceof Error ? e.message : String(e)).split("\n")[0];
  if (/unexpected end|checksum|failed to write whole buffer/i.test(msg)) {
    return `truncated or corrupt (${msg})`;
  }
  return `corrupt (${msg})`;
}
