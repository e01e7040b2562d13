/**
 * The trim pipeline: a readable list of stages, each a `TransformStream` over
 * batches of lines.
 *
 * decode + split → detect → truncate → sanitize → filter → fold → encode
 *
 * @module
 */

import { createEncodeStream } from "./encode.ts";
import { filterLines, hasFilterRules, type LineFilterRules } from "./filter.ts";
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
  return createTrimPipeline(options).stream;
}

/**
 * The trim transform together with the state of its run (for the processing
 * operations, which read the counters after an early stop).
 *
 * @example
 * ```ts
 * import { createTrimPipeline } from "./pipeline.ts";
 * const { stream, run } = createTrimPipeline();
 * await ReadableStream.from(["a\n"]).pipeThrough(stream).pipeTo(new WritableStream());
 * console.assert(run.stats.inputLines === 1);
 * ```
 */
export function createTrimPipeline(options: TrimOptions = {}): {
  stream: TrimStream;
  run: RunState;
} {
  const run = createRun(options);
  const o = run.options;
  const stats = run.stats;

  const split = createSplitStream(o.maxLineLength, {
    rawText: (text) => meterInput(run, text),
    line: () => stats.inputLines++,
    bytes: (n) => (stats.inputBytes += n),
  });

  const stages: TransformStream<string[], string[]>[] = [];
  stages.push(batchStage((batch) => {
    for (let i = 0; i < batch.length; i++) {
      run.format.observe(batch[i]);
      run.sources.observe(batch[i]);
    }
    return batch;
  }));
  if (o.maxLineLength !== undefined) {
    const max = o.maxLineLength;
    stages.push(batchStage((batch) => {
      stats.truncatedLines += truncateLines(batch, max);
      return batch;
    }));
  }
  const rules = o.custom?.sanitize;
  const sanitizer = new SecretBlockSanitizer(
    o.preserveIdSuffix,
    (n) => stats.droppedLines += n,
    rules?.length ? (line) => _applyRules(line, rules) : undefined,
  );
  stages.push(batchStage((batch) => sanitizer.process(batch)));
  const filter: LineFilterRules = {
    keep: o.custom?.keep,
    ignore: o.custom?.ignore,
    include: o.include,
    exclude: o.exclude,
  };
  if (hasFilterRules(filter)) {
    stages.push(batchStage((batch) => {
      stats.droppedLines += filterLines(batch, filter);
      return batch;
    }));
  }
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
  return { stream: { writable: split.writable, readable: readableOut, result }, run };
}

function _applyRules(
  line: string,
  rules: ReadonlyArray<{ re: RegExp; replacement: string }>,
): string {
  for (const r of rules) line = line.replace(r.re, r.replacement);
  return line;
}
