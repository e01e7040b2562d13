/**
 * The trim pipeline: a readable list of stages, each a `TransformStream` over
 * batches of lines.
 *
 * decode + split → truncate → sanitize → fold → encode
 *
 * @module
 */

import { createEncodeStream } from "./encode.ts";
import { Folder } from "./fold.ts";
import { createRun, meterInput, resultOf, type RunState } from "./run.ts";
import { SecretBlockSanitizer } from "./sanitize.ts";
import { createSplitStream } from "./split.ts";
import { batchStage } from "./stage.ts";
import { truncateLines } from "./truncate.ts";
import type { TrimOptions, TrimResult } from "./types.ts";

/** A transform from raw log chunks to reduced UTF-8 output, with its result. */
export interface TrimStream extends ReadableWritablePair<Uint8Array, Uint8Array | string> {
  /** Resolves with the result once the output has been fully produced. */
  readonly result: Promise<TrimResult>;
  /** The state of the run (counters), for the processing operations. */
  readonly run: RunState;
}

/**
 * Creates the trim transform: write raw log chunks (`Uint8Array` or `string`),
 * read the reduced log as UTF-8 chunks; `result` resolves when the output ends.
 *
 * @example Piping a log through trim
 * ```ts
 * import { createTrimStream } from "./pipeline.ts";
 * const trim = createTrimStream();
 * const text = await new Response(
 *   ReadableStream.from(["retry id=1\nretry id=2\n"]).pipeThrough(trim),
 * ).text();
 * console.assert(text === "[x2] retry id=[1 | 2]\n");
 * console.assert((await trim.result).stats.duplicateLines === 1);
 * ```
 */
export function createTrimStream(options: TrimOptions = {}): TrimStream {
  const run = createRun(options);
  const o = run.options;
  const stats = run.stats;

  const split = createSplitStream(o.maxLineLength, {
    rawText: (text) => meterInput(run, text),
    line: () => stats.inputLines++,
    bytes: (n) => (stats.inputBytes += n),
  });

  const stages: TransformStream<string[], string[]>[] = [];
  if (o.maxLineLength !== undefined) {
    const max = o.maxLineLength;
    stages.push(batchStage((batch) => {
      stats.truncatedLines += truncateLines(batch, max);
      return batch;
    }));
  }
  const sanitizer = new SecretBlockSanitizer(o.preserveIdSuffix, (n) => stats.droppedLines += n);
  stages.push(batchStage((batch) => sanitizer.process(batch)));
  if (o.dedupe) {
    const folder = new Folder({
      duplicates: (n) => stats.duplicateLines += n,
      dropped: (n) => stats.droppedLines += n,
    });
    stages.push(batchStage(
      (batch) => {
        const out: string[] = [];
        folder.push(batch, out);
        return out;
      },
      () => {
        const out: string[] = [];
        folder.flush(out);
        return out;
      },
    ));
  }

  let resolve!: (r: TrimResult) => void;
  let reject!: (e: unknown) => void;
  const result = new Promise<TrimResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  result.catch(() => {});

  let readable = split.readable;
  for (const stage of stages) readable = readable.pipeThrough(stage);
  const readableOut = readable.pipeThrough(createEncodeStream(run)).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: () => resolve(resultOf(run)),
      // Called where supported when an upstream stage or the source errors.
      cancel: (reason: unknown) => reject(reason),
    } as Transformer<Uint8Array, Uint8Array>),
  );
  return { writable: split.writable, readable: readableOut, result, run };
}
