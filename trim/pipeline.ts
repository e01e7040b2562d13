/**
 * The trim pipeline: the ordered list of stages, each a `TransformStream` over
 * {@linkcode Batch}es (`trim/stages/`), with the slice of the options it reads.
 *
 * split → detect → key blocks → truncate → group → select → budget → fold → encode
 *
 * - split: decode bytes, split lines (`\r` rewrites resolved, overlong lines cut);
 * - detect: format vote, source detection, line numbers when decisions are tracked;
 * - key blocks: private-key blocks fold into one line, ANSI colour codes go;
 * - truncate: lines over `maxLineLength` become `[TRUNCATED]` (only with that option);
 * - group: stack traces and multiline records (every `multiline` mode);
 * - select: filters, scoring, context, root cause, stack reduction and repeated
 *   stacks, the sample cap, masking of what is kept (the run's one masker);
 * - budget: the highest-scoring lines within `maxTokens` (only with that option);
 * - fold: repeats and templates into `[xN]` lines, repeated blocks;
 * - encode: output metering, UTF-8 in ~64 KiB chunks.
 *
 * @module
 */

import type { Batch } from "./batch.ts";
import { DecisionReporter } from "./decision.ts";
import { createMasker, type Masker } from "./masker.ts";
import { createRun, meterInput, resultOf, type RunState } from "./run.ts";
import { createBudgetStage } from "./stages/budget.ts";
import { createDetectStage } from "./stages/detect.ts";
import { createEncodeStream } from "./stages/encode.ts";
import { createFoldStage } from "./stages/fold.ts";
import { createGroupStage } from "./stages/group.ts";
import { createKeyBlockStage } from "./stages/key_blocks.ts";
import { createSelectStage } from "./stages/select.ts";
import { createSplitStream, HARD_MAX_LINE_CHARS } from "./stages/split.ts";
import { createTruncateStage } from "./stages/truncate.ts";
import type { TrimOptions, TrimResult } from "./types.ts";

/**
 * A transform from raw log chunks to reduced UTF-8 output, with its result.
 *
 * @example Reading the result after piping
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTrimStream, type TrimStream } from "./pipeline.ts";
 * const trim: TrimStream = createTrimStream({ aggressiveness: "low" });
 * await ReadableStream.from(["hello\n"]).pipeThrough(trim).pipeTo(new WritableStream());
 * const { stats } = await trim.result;
 * assert.ok(stats.inputLines === 1 && stats.outputLines === 1);
 * ```
 */
export interface TrimStream {
  /** Where the raw log is written: `Uint8Array` (UTF-8) or `string` chunks. */
  readonly writable: WritableStream<Uint8Array | string>;
  /** The reduced log, as UTF-8 chunks of about 64 KiB. */
  readonly readable: ReadableStream<Uint8Array>;
  /** Resolves with the result once the output has been fully produced. */
  readonly result: Promise<TrimResult>;
}

/**
 * Creates the trim transform: write raw log chunks (`Uint8Array` or `string`),
 * read the reduced log as UTF-8 chunks; `result` resolves when the output ends.
 *
 * @example Piping a log through trim
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTrimStream } from "./pipeline.ts";
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

/**
 * Sees every input line as split, in order, with the run's masker (`--explain`).
 * Not part of the public API.
 */
export type LineTap = (lines: readonly string[], mask: Masker) => void;

/**
 * The trim transform together with the state of its run (for the processing
 * operations, which read the counters after an early stop).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTrimPipeline } from "./pipeline.ts";
 * const { stream, run } = createTrimPipeline();
 * await ReadableStream.from(["a\n"]).pipeThrough(stream).pipeTo(new WritableStream());
 * assert.ok(run.stats.inputLines === 1);
 * ```
 */
export function createTrimPipeline(
  options: TrimOptions = {},
  tap?: LineTap,
): { stream: TrimStream; run: RunState } {
  const run = createRun(options);
  const o = run.options;
  const stats = run.stats;
  const report = o.onDecision !== undefined ? new DecisionReporter(o.onDecision) : undefined;
  const mask = createMasker(o.mask);
  const dropped = (n: number) => stats.droppedLines += n;
  const duplicates = (n: number) => stats.duplicateLines += n;
  const hidden = (n: number) => stats.hiddenInternalStackLines += n;

  const split = createSplitStream(o.splitAt, {
    rawText: (text) => meterInput(run, text),
    line: () => stats.inputLines++,
    bytes: (n) => (stats.inputBytes += n),
    meter: run.input,
  });
  const stages: (TransformStream<Batch, Batch> | undefined)[] = [
    createDetectStage({
      format: run.format,
      sources: run.sources,
      track: report !== undefined,
      tap: tap && ((lines) => tap(lines, mask)),
    }),
    createKeyBlockStage({ preserveIdSuffix: o.preserveIdSuffix, dropped, report }),
    // A line over the hard cap was cut while streaming: it is truncated whatever
    // maxLineLength says (above the cap, the cap is the limit).
    o.maxLineLength === undefined ? undefined : createTruncateStage(
      Math.min(o.maxLineLength, HARD_MAX_LINE_CHARS),
      (n) => stats.truncatedLines += n,
    ),
    createGroupStage(o.multiline),
    createSelectStage(o.select, { dropped, hidden, duplicates }, report, mask),
    o.budget && createBudgetStage(o.budget, { dropped, duplicates }, report),
    createFoldStage(o.fold, { dropped, duplicates }, report),
  ];

  let resolve!: (r: TrimResult) => void;
  let reject!: (e: unknown) => void;
  const result = new Promise<TrimResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  result.catch(() => {});

  let readable = split.readable;
  for (const stage of stages) if (stage !== undefined) readable = readable.pipeThrough(stage);
  const readableOut = readable.pipeThrough(createEncodeStream(run)).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: () => resolve(resultOf(run)),
      // Called where supported when an upstream stage or the source errors.
      cancel: (reason: unknown) => reject(reason),
    } as Transformer<Uint8Array, Uint8Array>),
  );
  return { stream: { writable: split.writable, readable: readableOut, result }, run };
}
