/**
 * The detect stage: every line votes on the log's format and feeds source
 * detection; when decisions are tracked, each line gets its 1-based input line
 * number here, before any stage can drop it.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import type { FormatDetector } from "../classify/format.ts";
import type { SourceDetector } from "../sources/detector.ts";

/** What the detect stage needs: the run's detectors, and whether to number lines. */
export interface DetectSlice {
  /** The run's streaming format vote. */
  format: FormatDetector;
  /** The run's streaming source detection. */
  sources: SourceDetector;
  /** Number every line (decisions are tracked). */
  track: boolean;
  /** Sees every input line as split, in order, before any stage changes it (`--explain`). */
  tap?: (lines: readonly string[]) => void;
}

/**
 * Observes one batch: format vote and source detection, line for line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { observeBatch } from "./detect.ts";
 * import { createFormatDetector } from "../classify/format.ts";
 * import { createSourceDetector } from "../sources/detector.ts";
 * const format = createFormatDetector();
 * observeBatch(["Traceback (most recent call last):"], format, createSourceDetector());
 * assert.ok(format.format === "python");
 * ```
 */
export function observeBatch(
  lines: readonly string[],
  format: FormatDetector,
  sources: SourceDetector,
): void {
  for (let i = 0; i < lines.length; i++) {
    format.observe(lines[i]);
    sources.observe(lines[i]);
  }
}

/**
 * Creates the detect stage.
 *
 * @example Numbering lines of a tracked run
 * ```ts
 * import assert from "node:assert/strict";
 * import { createDetectStage } from "./detect.ts";
 * import { createFormatDetector } from "../classify/format.ts";
 * import { createSourceDetector } from "../sources/detector.ts";
 * const stage = createDetectStage({
 *   format: createFormatDetector(),
 *   sources: createSourceDetector(),
 *   track: true,
 * });
 * const seen: number[] = [];
 * await ReadableStream.from([{ lines: ["a", "b"] }, { lines: ["c"] }]).pipeThrough(stage)
 *   .pipeTo(new WritableStream({ write(b) { seen.push(...b.numbers!); } }));
 * assert.deepEqual(seen, [1, 2, 3]);
 * ```
 */
export function createDetectStage(slice: DetectSlice): TransformStream<Batch, Batch> {
  const { format, sources, track, tap } = slice;
  let lineNumber = 0;
  return batchStage((batch) => {
    const lines = batch.lines;
    tap?.(lines);
    observeBatch(lines, format, sources);
    if (track) {
      const numbers = new Array<number>(lines.length);
      for (let i = 0; i < lines.length; i++) numbers[i] = ++lineNumber;
      batch.numbers = numbers;
    }
    return batch;
  });
}
