/**
 * The last stage: meters output lines and encodes them as UTF-8 in ~64 KiB chunks.
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import { meterOutput, resultOf, type RunState } from "../run.ts";
import type { TrimResult } from "../types.ts";

/** Target size of an output chunk, in characters. */
export const OUTPUT_CHUNK_CHARS: number = 64 * 1024;

/**
 * The line written when a non-empty input kept nothing, so output is never
 * silently empty.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nothingKeptLine } from "./encode.ts";
 * assert.ok(nothingKeptLine(1200).includes("1200 lines"));
 * ```
 */
export function nothingKeptLine(inputLines: number): string {
  return `[trimlog] read ${inputLines} line${
    inputLines === 1 ? "" : "s"
  }; none were diagnostic, nothing kept`;
}

/**
 * Creates the encode stage: {@linkcode Batch}es in, `Uint8Array` chunks of about
 * {@linkcode OUTPUT_CHUNK_CHARS} out (each line followed by `\n`). Output
 * statistics are counted into `run`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEncodeStream } from "./encode.ts";
 * import { createRun } from "../run.ts";
 * const run = createRun();
 * const chunks: Uint8Array[] = [];
 * await ReadableStream.from([{ lines: ["a", "b"] }]).pipeThrough(createEncodeStream(run))
 *   .pipeTo(new WritableStream({ write(c) { chunks.push(c); } }));
 * assert.ok(new TextDecoder().decode(chunks[0]) === "a\nb\n" && run.stats.outputBytes === 4);
 * ```
 */
export function createEncodeStream(run: RunState): TransformStream<Batch, Uint8Array> {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let chars = 0;
  const emit = (controller: TransformStreamDefaultController<Uint8Array>) => {
    pending.push("");
    const bytes = encoder.encode(pending.join("\n"));
    run.stats.outputBytes += bytes.byteLength;
    controller.enqueue(bytes);
    pending = [];
    chars = 0;
  };
  return new TransformStream<Batch, Uint8Array>({
    transform({ lines: batch }, controller) {
      for (let i = 0; i < batch.length; i++) {
        const line = batch[i];
        meterOutput(run, line);
        pending.push(line);
        chars += line.length + 1;
        if (chars >= OUTPUT_CHUNK_CHARS) emit(controller);
      }
    },
    flush(controller) {
      if (run.stats.inputLines > 0 && run.nonBlankOutput === 0) {
        const line = nothingKeptLine(run.stats.inputLines);
        meterOutput(run, line);
        pending.push(line);
      }
      if (pending.length) emit(controller);
    },
  });
}

/**
 * The encode stage at the end of a pipeline, with the run's result: `result`
 * resolves once the output has been fully produced, and rejects when an upstream
 * stage or the source errors.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodeWithResult } from "./encode.ts";
 * import { createRun } from "../run.ts";
 * const run = createRun();
 * run.stats.inputLines = 1;
 * const { readable, result } = encodeWithResult(ReadableStream.from([{ lines: ["a"] }]), run);
 * await readable.pipeTo(new WritableStream());
 * assert.ok((await result).stats.outputLines === 1);
 * ```
 */
export function encodeWithResult(
  batches: ReadableStream<Batch>,
  run: RunState,
): { readable: ReadableStream<Uint8Array>; result: Promise<TrimResult> } {
  let resolve!: (r: TrimResult) => void;
  let reject!: (e: unknown) => void;
  const result = new Promise<TrimResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  result.catch(() => {});
  const readable = batches.pipeThrough(createEncodeStream(run)).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: () => resolve(resultOf(run)),
      // Called where supported when an upstream stage or the source errors.
      cancel: (reason: unknown) => reject(reason),
    } as Transformer<Uint8Array, Uint8Array>),
  );
  return { readable, result };
}
