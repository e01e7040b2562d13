/**
 * The playground's run: a `Blob` (a dropped file or pasted text) streamed through the
 * repository's own trim pipeline (`trim/process.ts`, Web APIs only), with progress,
 * chunked output and cancellation. Used by the Web Worker (`worker.ts`); it needs no
 * DOM, so the Deno tests run it too.
 *
 * @module
 */

import { processLogStreamInline } from "../trim/process.ts";
import type { Aggressiveness, TrimOptions, TrimResult } from "../trim/types.ts";
import type { LineActions } from "./minimap.ts";

/** The options of one playground run. */
export interface PlaygroundRunOptions {
  /** Aggressiveness passed to the pipeline (default `auto`). */
  aggressiveness?: Aggressiveness;
  /** Aborts the run through the pipeline's `signal` option. */
  signal?: AbortSignal;
  /** Called with bytes read so far and the total, at most every `progressIntervalMs`, and at the end. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Called with each chunk of the reduced log (UTF-8, in order, about 64 KiB each). */
  onOutput?: (chunk: Uint8Array) => void;
  /** Minimum time between two progress calls in milliseconds (default 50). */
  progressIntervalMs?: number;
  /**
   * Longest stretch of work in milliseconds before the run yields to the event loop
   * (default 50), so that messages (a cancel) and timers get their turn: reading a
   * `Blob` and the pipeline's stages otherwise chain promises without ever yielding.
   */
  yieldEveryMs?: number;
  /** Records every input line's decision, for the minimap (tracking decisions costs time). */
  minimap?: LineActions;
}

/** The trim options the playground uses for a given aggressiveness (shared with the tests). */
export function playgroundTrimOptions(aggressiveness: Aggressiveness = "auto"): TrimOptions {
  return { aggressiveness };
}

/**
 * Streams `input` through the trim pipeline. Resolves with the result; rejects with a
 * `TrimError` of code `ABORTED` when `signal` aborts (the output read so far has been
 * passed to `onOutput` by then).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runPlayground } from "./run.ts";
 * const chunks: Uint8Array[] = [];
 * const result = await runPlayground(new Blob(["retry id=1\nretry id=2\n"]), {
 *   onOutput: (c) => chunks.push(c),
 * });
 * assert.ok(result.stats.inputLines === 2);
 * assert.ok(new TextDecoder().decode(chunks[0]) === "[x2] retry id=[1 | 2]\n");
 * ```
 */
export function runPlayground(
  input: Blob,
  options: PlaygroundRunOptions = {},
): Promise<TrimResult> {
  const total = input.size;
  const interval = options.progressIntervalMs ?? 50;
  const yieldEvery = options.yieldEveryMs ?? 50;
  const onProgress = options.onProgress;
  let read = 0;
  let last = -Infinity;
  const counted = _pacedSource(input, yieldEvery, (n) => {
    read += n;
    const now = Date.now();
    if (onProgress !== undefined && now - last >= interval) {
      last = now;
      onProgress(read, total);
    }
  });
  const onOutput = options.onOutput;
  const output = new WritableStream<Uint8Array>({
    write(chunk) {
      onOutput?.(chunk);
    },
  });
  return processLogStreamInline(counted, output, {
    ...playgroundTrimOptions(options.aggressiveness),
    signal: options.signal,
    onDecision: options.minimap && ((d) => options.minimap!.record(d)),
  }).then((result) => {
    onProgress?.(read, total);
    return result;
  });
}

/**
 * Resolves in a new task of the event loop (after the microtasks queued so far, and
 * after tasks already queued such as a worker's incoming message). A `MessageChannel`
 * rather than `setTimeout`, which browsers clamp to 4 ms when nested.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      channel.port2.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Size of the pieces the input is fed to the pipeline in. */
const PIECE_BYTES = 64 * 1024;

/**
 * The bytes of `blob` in pieces of at most {@linkcode PIECE_BYTES}, one per pull (a
 * browser reads a file `Blob` in chunks of up to 2 MiB, a quarter of a second of
 * work each), yielding to the event loop when `yieldEveryMs` have passed since the
 * last yield.
 */
function _pacedSource(
  blob: Blob,
  yieldEveryMs: number,
  onBytes: (n: number) => void,
): ReadableStream<Uint8Array> {
  const reader = blob.stream().getReader();
  let chunk: Uint8Array = new Uint8Array(0);
  let offset = 0;
  let lastYield = Date.now();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (Date.now() - lastYield >= yieldEveryMs) {
        await yieldToEventLoop();
        lastYield = Date.now();
      }
      while (offset >= chunk.byteLength) {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          return;
        }
        chunk = next.value;
        offset = 0;
      }
      const piece = chunk.subarray(offset, offset + PIECE_BYTES);
      offset += piece.byteLength;
      onBytes(piece.byteLength);
      controller.enqueue(piece);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}
