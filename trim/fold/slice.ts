/**
 * What the fold stage reads: its slice of the resolved options (`resolve.ts`).
 *
 * @module
 */

/** What the fold stage needs (the resolved fold options). */
export interface FoldSlice {
  /** Fold repeats (false: lines pass through, as with `jsonl-preserve`). */
  dedupe: boolean;
  /** Template mining (numbers after a word label). */
  templateMining: boolean | undefined;
  /** Non-adjacent repeats within the last N distinct lines. */
  window: number | undefined;
  /** Repeated blocks of up to N lines. */
  collapseBlocks: number | undefined;
  /** `[xN]` lines name the input lines they stand for. */
  lineRanges?: boolean;
}
