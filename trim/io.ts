/**
 * Input and output adapters: any readable (Web stream or async iterable, such as a
 * Node Readable) becomes a Web `ReadableStream` that can be stopped by a signal or a
 * deadline; any writable (Web stream, or an object with `write(chunk)` such as a Node
 * Writable) becomes a Web `WritableStream<Uint8Array>`; and an output path is checked
 * not to be the input file ({@linkcode assertDistinctOutput}).
 *
 * @module
 */

import { TrimError } from "./errors.ts";

/**
 * Input accepted by the processing operations.
 *
 * @example An async generator as input
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimInput } from "./io.ts";
 * import { processLogStreamInline } from "./process.ts";
 * async function* lines() {
 *   yield "ERROR one\n";
 *   yield "ERROR two\n";
 * }
 * const input: TrimInput = lines();
 * const result = await processLogStreamInline(input, new WritableStream());
 * assert.ok(result.stats.inputLines === 2);
 * ```
 */
export type TrimInput = ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string>;

/**
 * A Node-style writable: `write(chunk)` returning false asks the caller to wait for `drain`.
 *
 * @example Writing to a Node-style writer
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChunkWriter } from "./io.ts";
 * import { processLogStreamInline } from "./process.ts";
 * let text = "";
 * const writer: ChunkWriter = { write: (chunk) => (text += new TextDecoder().decode(chunk)) };
 * await processLogStreamInline(ReadableStream.from(["ERROR boom\n"]), writer);
 * assert.ok(text === "ERROR boom\n");
 * ```
 */
export interface ChunkWriter {
  /**
   * Writes a chunk; may return false to ask for backpressure. A Node stream also
   * calls `callback` once the chunk is handled, with the write's error if any.
   */
  write(chunk: Uint8Array, callback?: (error?: Error | null) => void): unknown;
  /** Registers a one-time listener (Node's EventEmitter). */
  once?(event: string, listener: (...args: unknown[]) => void): unknown;
  /** Registers a listener (Node's EventEmitter). */
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  /** Ends the stream (Node), calling `callback` once everything is flushed. */
  end?(callback: () => void): unknown;
  /** Destroys the stream (Node). */
  destroy?(): unknown;
}

/**
 * Output accepted by the processing operations. Chunks written are UTF-8 `Uint8Array`s.
 *
 * @example A Web stream as output
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrimOutput } from "./io.ts";
 * import { processLogStreamInline } from "./process.ts";
 * const chunks: Uint8Array[] = [];
 * const output: TrimOutput = new WritableStream({ write: (chunk) => void chunks.push(chunk) });
 * await processLogStreamInline(ReadableStream.from(["ERROR boom\n"]), output);
 * assert.ok(new TextDecoder().decode(chunks[0]) === "ERROR boom\n");
 * ```
 */
export type TrimOutput = WritableStream<Uint8Array> | ChunkWriter;

/** Why a source stopped early. */
export type StopReason = "aborted" | "timeout";

/**
 * Wraps an input so that it ends cleanly (closes, so every stage flushes) when the
 * signal aborts or the deadline passes. `onStop` tells which happened.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toStoppableReadable } from "./io.ts";
 * const r = toStoppableReadable(ReadableStream.from(["a\n"]), {});
 * const { value } = await r.getReader().read();
 * assert.ok(value === "a\n");
 * ```
 */
export function toStoppableReadable(
  input: TrimInput,
  opts: { signal?: AbortSignal; deadlineMs?: number; onStop?: (reason: StopReason) => void },
): ReadableStream<Uint8Array | string> {
  const iterator = _iterate(input);
  let stopReason: StopReason | undefined;
  // Wakes the pending pull, if any. A fresh one per pull: a long-lived promise raced on
  // every pull would keep a reaction, and with it every chunk, alive until the end.
  let wake: (() => void) | undefined;
  const stop = (reason: StopReason) => {
    if (stopReason) return;
    stopReason = reason;
    opts.onStop?.(reason);
    wake?.();
  };
  const onAbort = () => stop("aborted");
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const cleanup = () => {
    opts.signal?.removeEventListener("abort", onAbort);
    if (timer !== undefined) clearTimeout(timer);
  };
  return new ReadableStream<Uint8Array | string>({
    start() {
      if (opts.signal?.aborted) stop("aborted");
      else opts.signal?.addEventListener("abort", onAbort, { once: true });
      if (opts.deadlineMs !== undefined && !stopReason) {
        timer = setTimeout(() => stop("timeout"), opts.deadlineMs);
      }
      started = true;
    },
    async pull(controller) {
      if (!started || stopReason) {
        cleanup();
        controller.close();
        await iterator.return?.();
        return;
      }
      const next = iterator.next();
      const got = await new Promise<IteratorResult<Uint8Array | string> | undefined>(
        (resolve, reject) => {
          // A chunk already read when the stop comes still gets one turn to arrive.
          wake = () => setTimeout(() => resolve(undefined), 0);
          next.then(resolve, reject);
        },
      );
      wake = undefined;
      if (got === undefined) {
        cleanup();
        controller.close();
        next.catch(() => {});
        iterator.return?.()?.catch?.(() => {});
        return;
      }
      if (got.done) {
        cleanup();
        controller.close();
        return;
      }
      controller.enqueue(got.value);
    },
    async cancel() {
      cleanup();
      await iterator.return?.();
    },
  }, { highWaterMark: 1 });
}

function _iterate(input: TrimInput): AsyncIterator<Uint8Array | string> {
  if (input && typeof (input as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    return (input as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  }
  if (input instanceof ReadableStream) {
    const reader = input.getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array | string>>,
      return: async () => {
        await reader.cancel().catch(() => {});
        return { done: true, value: undefined };
      },
    };
  }
  throw new TypeError("input must be a ReadableStream or an AsyncIterable of chunks");
}

/**
 * Wraps an output as a `WritableStream<Uint8Array>`. A Web stream is returned as is.
 * A Node stream (it has `on`, `once` and `end`) is written chunk by chunk, each chunk
 * resolving when the stream has taken it, so a failed write (`EPIPE`, `ENOSPC`)
 * rejects the run instead of being lost; it is ended only with `end: true`. Any other
 * writer is written to with backpressure (`drain`) and is not ended.
 *
 * @example A plain writer
 * ```ts
 * import assert from "node:assert/strict";
 * import { toWritable } from "./io.ts";
 * const got: Uint8Array[] = [];
 * const w = toWritable({ write(c: Uint8Array) { got.push(c); return true; } });
 * await ReadableStream.from([new Uint8Array([104, 105])]).pipeTo(w);
 * assert.ok(got.length === 1);
 * ```
 *
 * @example A Node stream whose write fails rejects
 * ```ts
 * import assert from "node:assert/strict";
 * import { Writable } from "node:stream";
 * import { toWritable } from "./io.ts";
 * const broken = new Writable({ write: (_c, _e, cb) => cb(new Error("EPIPE")) });
 * await assert.rejects(ReadableStream.from([new Uint8Array([1])]).pipeTo(toWritable(broken)), /EPIPE/);
 * ```
 */
export function toWritable(
  output: TrimOutput,
  { end = false }: { end?: boolean } = {},
): WritableStream<Uint8Array> {
  if (output instanceof WritableStream) return output;
  if (!output || typeof (output as ChunkWriter).write !== "function") {
    throw new TypeError("output must be a WritableStream or an object with write(chunk)");
  }
  const w = output as ChunkWriter;
  if (
    typeof w.on === "function" && typeof w.once === "function" && typeof w.end === "function"
  ) return _nodeWritable(w, end);
  return new WritableStream<Uint8Array>({
    async write(chunk) {
      const ok = w.write(chunk);
      if (ok === false && typeof w.once === "function") {
        await new Promise<void>((resolve) => w.once!("drain", () => resolve()));
      }
    },
  });
}

/** A Node stream as a Web stream: failed writes reject; ended only with `end`. */
function _nodeWritable(node: ChunkWriter, end: boolean): WritableStream<Uint8Array> {
  // Failed writes reach the callbacks; without a listener the "error" event would crash.
  node.on!("error", () => {});
  return new WritableStream<Uint8Array>({
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        node.write(chunk, (error) => (error ? reject(error) : resolve()));
      }),
    close: () =>
      end
        ? new Promise<void>((resolve, reject) => {
          node.once!("error", reject as (...args: unknown[]) => void);
          node.end!(() => resolve());
        })
        : undefined,
    abort: () => {
      if (end) node.destroy?.();
    },
  });
}

/**
 * Throws `TrimError` `SAME_INPUT_OUTPUT` when `outputPath` is the file at `inputPath`
 * (same real path, links resolved by `realpath`: the runtime's, `node:fs`'s or
 * `Deno.realPath`). A missing output is fine; a missing input throws the file
 * system's error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertDistinctOutput } from "./io.ts";
 * const realpath = (p: string) => Promise.resolve(p.replace(/^\.\//, ""));
 * await assertDistinctOutput("build.log", "out.log", realpath);
 * await assert.rejects(assertDistinctOutput("build.log", "./build.log", realpath), /is the input/);
 * ```
 */
export async function assertDistinctOutput(
  inputPath: string,
  outputPath: string,
  realpath: (path: string) => Promise<string>,
): Promise<void> {
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
