/**
 * An item held by the fold across the stream (`stream.ts`): a template group, a
 * blank line (run), an opaque line or a pinned group, and how a group is written.
 *
 * @module
 */

import { listValues } from "./folder.ts";

/** The kinds of held items. */
export const ItemKind = {
  /** Lines of one template (plain or failure), joined across the window. */
  GROUP: 0,
  /** A blank line and the blank lines right after it. */
  BLANK: 1,
  /** A line written as it is. */
  OPAQUE: 2,
  /** Structure (or adjacent failure) lines: joined by the next line only. */
  PINNED: 3,
} as const;

/**
 * A held item.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ItemKind, StreamItem } from "./stream_item.ts";
 * const it = new StreamItem();
 * assert.ok(it.kind === ItemKind.GROUP && it.count === 1);
 * ```
 */
export class StreamItem {
  /** One of {@linkcode ItemKind}. */
  kind: number = ItemKind.GROUP;
  /** The first line. */
  head = "";
  /** The signature lines join by. */
  sig = "";
  /** 53-bit hash of the signature (groups). */
  key = 0;
  /** Spans of the head's values. */
  spans: number[] = [];
  /** Lines represented. */
  count = 1;
  /** Line number of the first line (-1: not tracked). */
  num = -1;
  /** Line number of the last line (-1: not tracked). */
  last = -1;
  /** Lines pushed before its first line. */
  seq = 0;
  /** Whether its first line is a failure line. */
  failure = false;
  /** A later repeat of a shown template: counted into the summary, not written. */
  repeat = false;
  /** Whether its first line's `keep` was reported already. */
  decided = false;
  /** Failure lines among its lines. */
  failures = 0;
  /**
   * A failure group's distinct texts while at most 5 (the head first; else
   * undefined), with the first and last line number and the count of each.
   */
  members: string[] | undefined = undefined;
  /** First line number of each of {@linkcode StreamItem.members}. */
  memberNums: number[] = [];
  /** Last line number of each of {@linkcode StreamItem.members}. */
  memberLast: number[] = [];
  /** Lines of each of {@linkcode StreamItem.members}. */
  memberCounts: number[] = [];
  /** Per field: distinct values in order (undefined while all lines equal the head). */
  values: Set<string>[] | undefined = undefined;
}

/**
 * Characters of an item's values beyond the head's own (what joined lines added).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { addedChars } from "./stream_item.ts";
 * assert.ok(addedChars([new Set(["1", "22"])]) === 2);
 * ```
 */
export function addedChars(values: Set<string>[]): number {
  let n = 0;
  for (const set of values) {
    let first = true;
    for (const v of set) {
      if (!first) n += v.length;
      first = false;
    }
  }
  return n;
}

/**
 * The head with each field that took several values replaced by its value list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderValues } from "./stream_item.ts";
 * const head = "served blk_1 to node7";
 * assert.ok(renderValues(head, [7, 12], [new Set(["blk_1", "blk_2"])], 64) === "served [blk_1 | blk_2] to node7");
 * ```
 */
export function renderValues(
  head: string,
  spans: readonly number[],
  values: Set<string>[],
  cap: number,
): string {
  let out = "";
  let at = 0;
  for (let k = 0, f = 0; k < spans.length && f < values.length; k += 2, f++) {
    const set = values[f];
    if (set.size < 2) continue;
    out += head.slice(at, spans[k]) + listValues(set, cap);
    at = spans[k + 1];
  }
  return at === 0 ? head : out + head.slice(at);
}

/**
 * Marks a key shown (most recently used), forgetting the least recently used beyond
 * `cap` keys.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rememberKey } from "./stream_item.ts";
 * const shown = new Map<number, true>();
 * for (const k of [1, 2, 1, 3]) rememberKey(shown, k, 2);
 * assert.deepEqual([...shown.keys()], [1, 3]);
 * ```
 */
export function rememberKey(shown: Map<number, true>, key: number, cap: number): void {
  if (shown.has(key)) shown.delete(key);
  else if (shown.size >= cap) shown.delete(shown.keys().next().value!);
  shown.set(key, true);
}
