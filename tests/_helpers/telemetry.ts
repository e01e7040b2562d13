/**
 * Shared setup of the telemetry tests.
 *
 * @module
 */
import type { TrimResult } from "../../trim/types.ts";

/**
 * A run's result with the given token counts. `savedTokens` and `savingsPercent` follow
 * from them as the pipeline computes them; the line, word and byte stats are placeholders
 * (telemetry records only the token counts and the detected format).
 */
export function trimResult(
  inputTokens: number,
  outputTokens: number,
  detectedFormat?: string,
): TrimResult {
  const savedTokens = Math.max(0, inputTokens - outputTokens);
  return {
    stats: {
      inputLines: 1,
      outputLines: 1,
      inputWords: 1,
      outputWords: 1,
      inputBytes: 1,
      outputBytes: 1,
      droppedLines: 0,
      duplicateLines: 0,
      hiddenInternalStackLines: 0,
    },
    inputTokens,
    outputTokens,
    savedTokens,
    savingsPercent: inputTokens ? Math.round((1000 * savedTokens) / inputTokens) / 10 : 0,
    detectedFormat,
  };
}
