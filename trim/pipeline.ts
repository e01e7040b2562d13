/**
 * The trim pipeline: a readable list of stages, each a `TransformStream` over
 * batches of lines.
 *
 * decode + split → detect → truncate → sanitize → relevance → fold → encode
 *
 * - detect: format vote and source detection (and line numbers, when decisions
 *   are tracked: `onDecision`);
 * - relevance: filters, scoring, context, stack traces, root cause, sample cap
 *   (`relevance.ts`);
 * - fold: repeats into `[xN]` lines (`fold.ts`, through `fold_step.ts`).
 *
 * Line numbers, reasons and scores travel beside a batch (`decision.ts`) only
 * when decisions are tracked, so the normal path pays nothing for them.
 *
 * @module
 */

import { TokenBudget } from "./select/budget.ts";
import { batchInfo, type DecisionReason, DecisionReporter, setBatchInfo } from "./decision.ts";
import { createEncodeStream } from "./stages/encode.ts";
import { FoldStep } from "./stages/fold.ts";
import { sanitizeJsonLine } from "./jsonl.ts";
import { RelevanceFilter, type RelevanceOutput } from "./stages/select.ts";
import { createRun, meterInput, resultOf, type RunState } from "./run.ts";
import { sanitizeLine, SecretBlockSanitizer } from "./sanitize.ts";
import { createSplitStream, HARD_MAX_LINE_CHARS } from "./stages/split.ts";
import { batchStage } from "./stages/stage.ts";
import { truncateLines } from "./stages/truncate.ts";
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
export function createTrimPipeline(options: TrimOptions = {}): {
  stream: TrimStream;
  run: RunState;
} {
  const run = createRun(options);
  const o = run.options;
  const stats = run.stats;

  // With maxLineLength, lines are cut while streaming at no less than SPLIT_MIN_CUT
  // characters (the truncate stage then replaces them): a private-key block whose first
  // line is longer than maxLineLength is still recognized, its body still swallowed.
  const cutAt = o.maxLineLength === undefined ? undefined : Math.max(o.maxLineLength, _MIN_CUT);
  const split = createSplitStream(cutAt, {
    rawText: (text) => meterInput(run, text),
    line: () => stats.inputLines++,
    bytes: (n) => (stats.inputBytes += n),
    meter: run.input,
  });

  const report = o.onDecision !== undefined ? new DecisionReporter(o.onDecision) : undefined;
  const stages: TransformStream<string[], string[]>[] = [];
  let lineNumber = 0;
  stages.push(batchStage((batch) => {
    for (let i = 0; i < batch.length; i++) {
      run.format.observe(batch[i]);
      run.sources.observe(batch[i]);
    }
    if (report !== undefined) {
      const numbers = new Array<number>(batch.length);
      for (let i = 0; i < batch.length; i++) numbers[i] = ++lineNumber;
      setBatchInfo(batch, { numbers });
    }
    return batch;
  }));
  const rules = o.custom?.sanitize;
  const extraRules = rules?.length ? (line: string) => _applyRules(line, rules) : undefined;
  const swallowed = (n: number) => stats.droppedLines += n;
  // Private-key blocks are folded here, before truncation and relevance; every line
  // (a block's first line too) is masked by the relevance stage only when it is kept
  // (most lines never are).
  const sanitizer = new SecretBlockSanitizer(o.preserveIdSuffix, swallowed, extraRules, true);
  const suffix = o.preserveIdSuffix;
  const mask = options.outputFormat === "jsonl-preserve"
    ? (line: string) => sanitizeJsonLine(line, suffix, extraRules)
    : extraRules !== undefined
    ? (line: string) => extraRules(sanitizeLine(line, suffix))
    : (line: string) => sanitizeLine(line, suffix);
  stages.push(batchStage((batch) => {
    const numbers = report !== undefined ? batchInfo(batch)?.numbers : undefined;
    if (numbers === undefined) return sanitizer.process(batch);
    // Tracked: line by line, to know which lines a key block swallowed.
    const out: string[] = [];
    const kept: number[] = [];
    const one: string[] = [];
    for (let i = 0; i < batch.length; i++) {
      one[0] = batch[i];
      one.length = 1;
      if (sanitizer.process(one).length === 1) {
        out.push(one[0]);
        kept.push(numbers[i]);
      } else report!.report(numbers[i], "drop", "secret-block", 0);
    }
    setBatchInfo(out, { numbers: kept });
    return out;
  }));
  // After the key blocks: a key block whose first line is truncated is still swallowed.
  if (o.maxLineLength !== undefined) {
    // A line over the hard cap was cut while streaming: it is truncated whatever
    // maxLineLength says (above the cap, the cap is the limit).
    const max = Math.min(o.maxLineLength, HARD_MAX_LINE_CHARS);
    stages.push(batchStage((batch) => {
      stats.truncatedLines += truncateLines(batch, max);
      return batch;
    }));
  }
  const relevance = new RelevanceFilter({ ...o.relevance, sanitize: mask }, {
    dropped: (n) => stats.droppedLines += n,
    hidden: (n) => stats.hiddenInternalStackLines += n,
    duplicates: (n) => stats.duplicateLines += n,
  }, report);
  stages.push(batchStage(
    (batch) => _relevant(relevance.push(batch, report && batchInfo(batch)?.numbers)),
    () => _relevant(relevance.flush()),
  ));
  if (options.maxTokens !== undefined) {
    stages.push(_budgetStage(run, options.maxTokens, report));
  }
  const fold = new FoldStep(
    o.dedupe,
    {
      duplicates: (n) => stats.duplicateLines += n,
      dropped: (n) => stats.droppedLines += n,
    },
    report,
    {
      templateMining: options.templateMining,
      window: options.dedupeWindow,
      collapseBlocks: options.collapseBlocks,
    },
  );
  stages.push(batchStage((batch) => fold.push(batch), () => fold.flush()));

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

/** Lines are never cut while streaming below this many characters (see `cutAt`). */
const _MIN_CUT = 4096;

/** The relevance output as a batch, with its side-car when it has one. */
function _relevant(r: RelevanceOutput): string[] {
  // Scores travel too (maxTokens needs them) even when nothing else does.
  if (r.numbers !== undefined || r.opaque !== undefined || r.scores !== undefined) {
    setBatchInfo(r.lines, {
      numbers: r.numbers,
      reasons: r.reasons,
      scores: r.scores,
      opaque: r.opaque,
    });
  }
  return r.lines;
}

function _applyRules(
  line: string,
  rules: ReadonlyArray<{ re: RegExp; replacement: string }>,
): string {
  for (const r of rules) line = line.replace(r.re, r.replacement);
  return line;
}

/**
 * The `maxTokens` stage: keeps the highest-scoring lines within the budget, in input
 * order, emitted at the end of input (memory bounded by the budget).
 */
function _budgetStage(
  run: RunState,
  maxTokens: number,
  report: DecisionReporter | undefined,
): TransformStream<string[], string[]> {
  const stats = run.stats;
  const reasons = report !== undefined ? new Map<number, DecisionReason>() : undefined;
  const budget = new TokenBudget(
    maxTokens,
    run.options.estimate,
    { dropped: (n) => stats.droppedLines += n, duplicates: (n) => stats.duplicateLines += n },
    report &&
      ((n, _a, score) => {
        reasons!.delete(n);
        report.report(n, "drop", "token-budget", score);
      }),
  );
  return batchStage(
    (batch) => {
      const info = batchInfo(batch);
      if (reasons !== undefined && info?.numbers) {
        info.numbers.forEach((n, i) => reasons.set(n, info.reasons?.[i] ?? "relevant"));
      }
      budget.push(batch, info?.scores, info?.numbers, info?.opaque);
      return [];
    },
    () => {
      const out: string[] = [];
      const scores: number[] = [];
      const opaque: number[] = [];
      const numbers = report !== undefined ? [] as number[] : undefined;
      budget.flush(out, numbers, opaque, scores);
      setBatchInfo(out, {
        numbers,
        reasons: numbers?.map((n) => reasons!.get(n) ?? "relevant"),
        scores: numbers && scores,
        opaque: opaque.length ? opaque : undefined,
      });
      return out;
    },
  );
}
