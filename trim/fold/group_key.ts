/**
 * The key of the `[xN]` group a line joins when the fold stage folds across the
 * stream, computed for one line on its own (`stream.ts` decides the same way, with
 * shortcuts for lines of groups already open).
 *
 * @module
 */

import { hashLine } from "../classify/hash.ts";
import { FoldLineKind, foldLineKind } from "./line_kind.ts";
import { numberSpans, streamKey, streamSpans } from "./volatile.ts";

/**
 * The fold group key of `line` (sanitized): lines with equal keys fold into one
 * `[xN]` line across the stream. A plain line's template varies its numbers, ids
 * and `key=value` values; a failure line's only its numbers; an indented line, a
 * blank one or a CI log's own line folds only as an exact repeat (its key is the
 * line's hash).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldGroupKey } from "./group_key.ts";
 * const k = (l: string) => foldGroupKey(l);
 * assert.equal(k("WARN served blk_100 to node7"), k("WARN served blk_2200 to node7"));
 * assert.notEqual(k("ERROR lost host-7a after 3s"), k("ERROR lost host-7b after 3s"));
 * assert.equal(k("ERROR lost host-7a after 3s"), k("ERROR lost host-7a after 12s"));
 * ```
 */
export function foldGroupKey(line: string): number {
  const kind = foldLineKind(line);
  if (kind === FoldLineKind.FAILURE) return streamKey(line, numberSpans(line), 1);
  if (kind === FoldLineKind.PLAIN) return streamKey(line, streamSpans(line), 0);
  return hashLine(line) + kind * 0x100000000;
}
