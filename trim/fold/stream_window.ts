/**
 * The bounds of the fold across the stream (`stream.ts`): how long items are held,
 * how much is held, how many templates are remembered, and the folder's options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOLD_GROUPS, HOLD_LINES } from "./stream_window.ts";
 * assert.ok(HOLD_LINES === 1024 && HOLD_GROUPS === 256);
 * ```
 *
 * @module
 */

import type { FoldDecide } from "./folder.ts";

/** Later kept lines after which a held group is written. */
export const HOLD_LINES = 1024;
/** Groups held at most. */
export const HOLD_GROUPS = 256;
/** Characters (lines and values) held at most, about. */
export const HOLD_CHARS = 1 << 20;
/** Templates (and failure lines and stack frames) remembered as shown, each. */
export const SHOWN_TEMPLATES = 16384;
/** Distinct values tracked per field (beyond it the `+K+ more` count is a lower bound). */
export const TRACKED_VALUES = 64;

/** Options of a `StreamFolder` (`stream.ts`). */
export interface StreamFoldOptions {
  /** Per-line actions (for input lines that carry line numbers). */
  decide?: FoldDecide;
  /** Append ` (lines A-B)` to `[xN]` lines (needs line numbers). */
  lineRanges?: boolean;
  /**
   * The window's bounds (tests use small ones): `lines` ({@linkcode HOLD_LINES}),
   * `groups` ({@linkcode HOLD_GROUPS}), `chars` ({@linkcode HOLD_CHARS}), `shown`
   * ({@linkcode SHOWN_TEMPLATES}).
   */
  window?: Partial<StreamWindow>;
}

/** The bounds of a `StreamFolder` (`stream.ts`)'s window and memory of shown templates. */
export interface StreamWindow {
  /** Later kept lines after which a held item is written. */
  lines: number;
  /** Items held at most. */
  groups: number;
  /** Characters held at most, about. */
  chars: number;
  /** Templates remembered as shown. */
  shown: number;
}
