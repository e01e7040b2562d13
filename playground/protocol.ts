/**
 * Messages between the page (`main.ts`) and the worker (`worker.ts`). Every message
 * of a run carries the run's `id`, so the page ignores messages of a cancelled run.
 *
 * @module
 */

import type { Aggressiveness, TrimResult } from "../trim/types.ts";

/** Page → worker: start a run (cancelling the current one), or cancel. */
export type ToWorker =
  | { type: "run"; id: number; input: Blob; aggressiveness: Aggressiveness }
  | { type: "cancel"; id: number };

/**
 * Worker → page: progress, an output chunk, the minimap (per row: the share of its
 * input lines in each of `MINIMAP_CATEGORIES`, as bytes 0–255; `shares`: input lines per
 * category; `minimap.ts`), the end of a run.
 */
export type FromWorker =
  | { type: "progress"; id: number; bytesRead: number; totalBytes: number }
  | { type: "output"; id: number; chunk: Uint8Array<ArrayBuffer> }
  | {
    type: "minimap";
    id: number;
    rows: Uint8Array<ArrayBuffer>;
    lines: number;
    shares: number[];
  }
  | { type: "done"; id: number; result: TrimResult; elapsedMs: number }
  | { type: "cancelled"; id: number }
  | { type: "error"; id: number; message: string };
