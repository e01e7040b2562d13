/**
 * The key-block stage: multi-line PEM private-key blocks fold into their first line
 * (the rest of the block is swallowed and counted as dropped) and ANSI colour codes
 * go, so that truncation and scoring see the text; binary lines (mostly bytes no text
 * has: `trim/classify/binary.ts`) are dropped as noise. Lines are not masked here: select
 * masks the lines it keeps (most lines never are), each alone; the one exception is a
 * value named on the line before (`- name: DB_PASSWORD` then `value: x`), masked here
 * where both lines are seen.
 *
 * It runs before truncation, so a key block whose first line is too long is still
 * recognized and its body still swallowed.
 *
 * @module
 */

import { type Batch, batchStage } from "../batch.ts";
import type { DecisionReporter } from "../decision.ts";
import { isBinaryLine } from "../classify/binary.ts";
import { SecretBlockSanitizer } from "../sanitize.ts";

/** What the key-block stage needs. */
export interface KeyBlockSlice {
  /** The run's `preserveIdSuffix` (0-16). */
  preserveIdSuffix: number;
  /** Counts swallowed lines as dropped. */
  dropped: (n: number) => void;
  /** Where swallowed lines are reported (tracked runs). */
  report?: DecisionReporter;
}

/**
 * Creates the key-block stage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createKeyBlockStage } from "./key_blocks.ts";
 * let dropped = 0;
 * const out: string[] = [];
 * await ReadableStream.from([{
 *   lines: ["-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA7", "-----END RSA PRIVATE KEY-----", "\x1b[31mdone\x1b[0m"],
 * }]).pipeThrough(createKeyBlockStage({ preserveIdSuffix: 0, dropped: (n) => (dropped += n) }))
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * assert.ok(out.length === 2 && out[1] === "done" && dropped === 2);
 * ```
 */
export function createKeyBlockStage(slice: KeyBlockSlice): TransformStream<Batch, Batch> {
  const { report } = slice;
  const blocks = new SecretBlockSanitizer(slice.preserveIdSuffix, slice.dropped, undefined, true);
  const one: string[] = [];
  return batchStage((batch) => {
    const numbers = report !== undefined ? batch.numbers : undefined;
    if (numbers === undefined) {
      batch.lines = blocks.process(batch.lines);
      return batch;
    }
    // Tracked: line by line, to know which lines a key block swallowed.
    const lines = batch.lines;
    const out: string[] = [];
    const kept: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      one[0] = lines[i];
      one.length = 1;
      if (blocks.process(one).length === 1) {
        out.push(one[0]);
        kept.push(numbers[i]);
      } else {
        report!.report(numbers[i], "drop", isBinaryLine(lines[i]) ? "noise" : "secret-block", 0);
      }
    }
    return { lines: out, numbers: kept };
  });
}
