/**
 * Short failure groups (`stream.ts`): a group of failure lines (lines of one number
 * template) keeps its lines while it has at most {@linkcode FAILURE_VERBATIM}, and
 * is then written as those lines, each distinct text once (`[xK] text` for K
 * copies), at the group's place: a few failure lines keep their exact text, while a
 * long run of them folds into one `[xN]` line with its numbers listed.
 *
 * @module
 */

import type { FoldDecide } from "./folder.ts";
import type { StreamItem } from "./stream_item.ts";
import { ownString } from "../own_string.ts";

/** A failure group of at most this many lines is written as its lines (nothing hidden). */
export const FAILURE_VERBATIM = 5;

/**
 * A failure group whose lines name a source location (`a.go:22:2: …`,
 * `##[error]src/x.ts(4,1): …`, `X.java:[133,90] error: …`, `bash: line 12: …`) is
 * written as its lines up
 * to this many: each location is evidence of its own (a compiler's errors).
 */
export const LOCATED_VERBATIM = 100;

/**
 * A source location inside a line: a file's extension, then `:12`, `:[12` or `(12`; or
 * a shell's `line 12:`.
 */
const _LOCATED = /[\w-]\.[A-Za-z]\w{0,9}(?::\[?\d|\(\d)|\bline \d+:/;

/**
 * How many distinct texts a failure group headed by `head` writes as its lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verbatimCap } from "./failure_group.ts";
 * assert.ok(verbatimCap("##[error]internal/a_test.go:88:9: undefined: os") === 100);
 * assert.ok(verbatimCap("ERROR retry 1 of 3") === 5);
 * ```
 */
export function verbatimCap(head: string): number {
  return namesLocation(head) ? LOCATED_VERBATIM : FAILURE_VERBATIM;
}

/**
 * Whether a line names a source location: a file's extension, then `:12`, `:[12` or
 * `(12` (`a.go:22:2: …`, `X.java:[133,90] …`, `src/x.ts(4,1): …`); or a shell's
 * `line 12:` (`bash: line 12: …`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namesLocation } from "./failure_group.ts";
 * assert.ok(namesLocation("bash: line 169: pom.bak9.xml: No space left on device"));
 * assert.ok(!namesLocation("No space left on device"));
 * ```
 */
export function namesLocation(line: string): boolean {
  return _LOCATED.test(line);
}

/**
 * Counts a line joining a failure group (its count already includes it) while the
 * group has at most {@linkcode verbatimCap} distinct texts: a copy of a known
 * text is decided `fold` now; a new text waits for the write (it will be `keep`).
 * Beyond, the waiting texts are decided `fold` and let go. Returns the characters
 * held for the line, or, when the group let its texts go, −1 − the characters let go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keepMember } from "./failure_group.ts";
 * import { StreamItem } from "./stream_item.ts";
 * const g = new StreamItem();
 * g.head = "ERROR retry 1 of 3";
 * g.members = [g.head];
 * g.memberNums = [1];
 * g.memberLast = [1];
 * g.memberCounts = [1];
 * assert.ok(keepMember(g, "ERROR retry 2 of 3", 2, undefined) === 18);
 * assert.ok(keepMember(g, "ERROR retry 1 of 3", 3, undefined) === 0);
 * assert.deepEqual(g.memberCounts, [2, 1]);
 * ```
 */
export function keepMember(
  g: StreamItem,
  line: string,
  num: number,
  decide: FoldDecide | undefined,
): number {
  const members = g.members!;
  const i = members.indexOf(line);
  if (i >= 0) {
    g.memberCounts[i]++;
    g.memberLast[i] = num;
    if (num > 0 && decide !== undefined) decide(num, "fold");
    return 0;
  }
  if (members.length < verbatimCap(g.head)) {
    const own = ownString(line);
    members.push(own);
    g.memberNums.push(num);
    g.memberLast.push(num);
    g.memberCounts.push(1);
    return own.length;
  }
  let freed = 0;
  for (let k = 1; k < members.length; k++) {
    const n = g.memberNums[k];
    if (n > 0 && decide !== undefined) decide(n, "fold");
    freed += members[k].length;
  }
  g.members = undefined;
  return -1 - freed;
}

/** Where {@linkcode writeMembers} reports. */
export interface MemberSinks {
  /** Per-line actions (tracked runs). */
  decide: FoldDecide | undefined;
  /** Lines represented inside an `[xK]` line beyond its first. */
  duplicates: (n: number) => void;
  /** Append ` (lines A-B)` to `[xK]` lines. */
  ranges: boolean;
}

/**
 * Writes a failure group of few distinct texts as those texts, in order of first
 * appearance, each as itself or `[xK] text` for K copies. The head's `keep` was
 * decided when it arrived (or is the caller's, with `outNumbers`). Returns the
 * characters released.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeMembers } from "./failure_group.ts";
 * import { StreamItem } from "./stream_item.ts";
 * const g = new StreamItem();
 * g.head = "ERROR retry 1 of 3";
 * g.members = [g.head, "ERROR retry 2 of 3"];
 * g.memberNums = [1, 5];
 * g.memberLast = [9, 5];
 * g.memberCounts = [2, 1];
 * const out: string[] = [];
 * writeMembers(g, out, undefined, { decide: undefined, duplicates() {}, ranges: false });
 * assert.deepEqual(out, ["[x2] ERROR retry 1 of 3", "ERROR retry 2 of 3"]);
 * ```
 */
export function writeMembers(
  it: StreamItem,
  out: string[],
  outNumbers: number[] | undefined,
  sinks: MemberSinks,
): number {
  const texts = it.members!;
  it.members = undefined;
  it.values = undefined;
  const decide = sinks.decide;
  let freed = 0;
  for (let k = 0; k < texts.length; k++) {
    const n = it.memberNums[k];
    if (k > 0) freed += texts[k].length;
    if (outNumbers !== undefined) outNumbers.push(n);
    else if (k > 0 && n > 0 && decide !== undefined) decide(n, "keep");
    const c = it.memberCounts[k];
    if (c === 1) out.push(texts[k]);
    else {
      sinks.duplicates(c - 1);
      const range = sinks.ranges && n > 0 ? ` (lines ${n}-${it.memberLast[k]})` : "";
      out.push(`[x${c}] ${texts[k]}${range}`);
    }
  }
  return freed;
}
