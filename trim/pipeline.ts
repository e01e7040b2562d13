/**
 * The trim pipeline: the ordered list of stages, each a `TransformStream` over
 * {@linkcode Batch}es (`trim/stages/`), with the slice of the options it reads.
 *
 * split → detect → timestamps → key blocks → runner prefix → truncate → group → select → budget → fold → encode
 *
 * - split: decode bytes, split lines (`\r` rewrites resolved, overlong lines cut);
 * - detect: format vote, source detection, line numbers when decisions are tracked;
 * - timestamps: a leading timestamp most lines start with is cut (a vote over the first lines);
 * - key blocks: private-key blocks fold into one line, ANSI colour codes go;
 * - runner prefix: Docker Compose's `web-1  | ` and Turborepo's `pkg:task: ` are cut
 *   (select writes them back on the lines it keeps);
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
import { TrimError } from "./errors.ts";
import { createMasker, type Masker } from "./sanitize/masker.ts";
import { type BaselineTemplates, loadBaseline } from "./select/baseline.ts";
import { createRun, meterInput, type RunState } from "./run.ts";
import { createBudgetStage } from "./stages/budget.ts";
import { createDetectStage } from "./stages/detect.ts";
import { encodeWithResult } from "./stages/encode.ts";
import { createFoldStage } from "./stages/fold.ts";
import { createGroupStage } from "./stages/group.ts";
import { createKeyBlockStage } from "./stages/key_blocks.ts";
import { createRunnerPrefixStage } from "./stages/runner_prefix.ts";
import { RunnerPrefixes } from "./runner_prefix.ts";
import { createSelectStage } from "./stages/select.ts";
import { HARD_MAX_LINE_CHARS } from "./lines.ts";
import { createSplitStream } from "./stages/split.ts";
import { createTimestampStage, linesWithoutTimestamps } from "./stages/timestamps.ts";
import { createTruncateStage } from "./stages/truncate.ts";
import type { TrimOptions, TrimStream } from "./types.ts";

/**
 * Sees every input line as split, in order, with the run's masker (`--explain`).
 * Not part of the public API.
 */
export type LineTap = (lines: readonly string[], mask: Masker) => void;

/**
 * The trim transform together with the state of its run (for the processing
 * operations, which read the counters after an early stop) and the names of the
 * stages it pipes through, in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTrimPipeline } from "./pipeline.ts";
 * const { stream, run, stages } = createTrimPipeline();
 * await ReadableStream.from(["a\n"]).pipeThrough(stream).pipeTo(new WritableStream());
 * assert.ok(run.stats.inputLines === 1);
 * assert.ok(!stages.includes("budget")); // only with maxTokens
 * ```
 */
export function createTrimPipeline(
  options: TrimOptions = {},
  tap?: LineTap,
): { stream: TrimStream; run: RunState; stages: readonly string[] } {
  const run = createRun(options);
  const o = run.options;
  const stats = run.stats;
  // Line numbers travel with the batches when decisions are reported or folds name them.
  const report = o.track ? new DecisionReporter(o.onDecision ?? (() => {})) : undefined;
  const mask = createMasker(o.mask);
  const dropped = (n: number) => stats.droppedLines += n;
  const duplicates = (n: number) => stats.duplicateLines += n;
  const hidden = (n: number) => stats.hiddenInternalStackLines += n;
  const counters = { dropped, hidden, duplicates };

  const split = createSplitStream(o.splitAt, {
    rawText: (text) => meterInput(run, text),
    line: () => stats.inputLines++,
    bytes: (n) => (stats.inputBytes += n),
    meter: run.input,
  });
  const track = report !== undefined;
  const detect = {
    format: run.format,
    sources: run.sources,
    track,
    tap: tap && _tapWith(tap, mask),
  };
  // The runner prefixes cut before group, written back by select on the lines it keeps.
  const prefixes = new RunnerPrefixes();
  const stages: [string, TransformStream<Batch, Batch> | undefined][] = [
    ["detect", createDetectStage(detect)],
    ["timestamps", createTimestampStage()],
    ["key blocks", createKeyBlockStage({ preserveIdSuffix: o.preserveIdSuffix, dropped, report })],
    ["runner prefix", createRunnerPrefixStage(prefixes)],
    // A line over the hard cap was cut while streaming: it is truncated whatever
    // maxLineLength says (above the cap, the cap is the limit).
    [
      "truncate",
      o.maxLineLength === undefined ? undefined : createTruncateStage(
        Math.min(o.maxLineLength, HARD_MAX_LINE_CHARS),
        (n) => stats.truncatedLines += n,
      ),
    ],
    ["group", createGroupStage(o.multiline)],
    [
      "select",
      createSelectStage(
        o.select,
        counters,
        { report, mask, prefixes, input: run.input },
        _baseline(options, mask),
      ),
    ],
    ["budget", o.budget && createBudgetStage(o.budget, { dropped, duplicates }, report)],
    ["fold", createFoldStage(o.fold, { dropped, duplicates }, report)],
  ];

  let readable = split.readable;
  const names = ["split"];
  for (const [name, stage] of stages) {
    if (stage === undefined) continue;
    readable = readable.pipeThrough(stage);
    names.push(name);
  }
  names.push("encode");
  const { readable: out, result } = encodeWithResult(readable, run);
  return { stream: { writable: split.writable, readable: out, result }, run, stages: names };
}

function _tapWith(tap: LineTap, mask: Masker): (lines: readonly string[]) => void {
  return (lines) => tap(lines, mask);
}

/** The baseline's templates, read in the background (a path needs a file-aware entry point). */
function _baseline(options: TrimOptions, mask: Masker): Promise<BaselineTemplates> | undefined {
  const b = options.baseline;
  if (b === undefined) return undefined;
  if (typeof b === "string") {
    throw new TrimError(
      "INVALID_OPTION",
      "option baseline: a file path needs the file-aware entry points or the CLI; pass a stream",
    );
  }
  // Compared with lines whose leading timestamp the timestamps stage may have cut.
  const templates = loadBaseline(linesWithoutTimestamps(b), mask);
  templates.catch(() => {}); // reported where select waits for it
  return templates;
}
