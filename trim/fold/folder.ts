/**
 * Folding: lines of the same repeat signature become one `[xN]` line.
 *
 * Values that differ are listed in order of appearance, `amount=[v1 | v2 | v3]`;
 * at most {@linkcode MAX_LISTED_VALUES} are shown, then `+K more`. A single
 * unrepeated line keeps its values. A run of blank lines becomes one blank line
 * (the extra blank lines are counted as dropped, not as duplicates).
 *
 * With template mining (option `templateMining`, tri-state as in the spec:
 * undefined means on, `false` turns it off) the signature is the template
 * signature of `template.ts`: numbers after a generic word label vary too, so
 * `Processed batch 17 in 4ms` + `Processed batch 18 in 5ms` fold into
 * `[x2] Processed batch [17 | 18] in [4ms | 5ms]`, while `exit 1` and `exit 2` stay
 * apart.
 *
 * Dedupe window N (default 1, adjacent only): the folder holds the groups of the
 * last N distinct signatures, in order of their first line. A line whose signature
 * matches a held group joins it, even if other lines came in between; otherwise it
 * starts a new group and, when N groups are held already, the oldest group leaves
 * the window and is written. So a folded line appears at the position of its
 * group's first line, output order follows first occurrences, and memory is N
 * groups. `E, hb, E, hb, E, hb` with N = 2 gives `[x3] E`, `[x3] hb`; with N = 1
 * nothing folds. A blank line that joins a non-adjacent blank group is dropped.
 *
 * @module
 */

import { createRepeatSignature, valueSpans } from "../classify/signature.ts";
import { createTemplateSignature, sameTemplate, templateSpans } from "./template.ts";

/** Distinct values listed per field in a folded line before `+K more`. */
export const MAX_LISTED_VALUES = 5;

/** Distinct values tracked per field (beyond it, the count is a lower bound: `+K+ more`). */
const _MAX_TRACKED_VALUES = 1000;

/** Receives the accounting of folded lines. */
export interface FoldCounters {
  /** `n` more input lines are represented inside an `[xN]` group. */
  duplicates(n: number): void;
  /** `n` input lines were dropped (the extra lines of a blank run). */
  dropped(n: number): void;
}

/**
 * What a fold step did with one input line: `keep` (written as itself or as the
 * first line of a group), `fold` (represented inside a group or a block) or `drop`
 * (an extra blank line).
 */
export type FoldAction = "keep" | "fold" | "drop";

/** Receives the per-line actions of a fold step (for `onDecision`). */
export type FoldDecide = (lineNumber: number, action: FoldAction) => void;

/** Options of a {@linkcode Folder}. */
export interface FoldOptions {
  /** Fold lines differing only in labelled numbers (tri-state: undefined = on, false = off). */
  templateMining?: boolean;
  /** Dedupe window: the number of distinct groups held (default 1; 0 counts as 1). */
  window?: number;
  /**
   * Called for input lines that carry line numbers (see {@linkcode Folder.push}):
   * `fold` or `drop` when the line arrives, `keep` for the first line of a group
   * when it arrives, unless the caller collects first-line numbers itself.
   */
  decide?: FoldDecide;
  /**
   * Append the input lines an `[xN]` line stands for, ` (lines A-B)`: its first and
   * last line numbers (needs line numbers, see {@linkcode Folder.push}).
   */
  lineRanges?: boolean;
}

/** One group: its first line, signature, count and the values seen per field. */
class _Group {
  head = "";
  sig = "";
  count = 0;
  blank = false;
  num = -1;
  /** Line number of the group's last line (-1: not tracked). */
  last = -1;
  /** Per field: distinct values in order of appearance (undefined until a different line joins). */
  values: Set<string>[] | undefined = undefined;
}

/**
 * The pure fold step: push batches of sanitized lines, get folded lines.
 *
 * @example Folding by key=value shape
 * ```ts
 * import assert from "node:assert/strict";
 * import { Folder } from "./folder.ts";
 * const f = new Folder({ duplicates() {}, dropped() {} });
 * const out: string[] = [];
 * f.push(["retry id=1 amount=5", "retry id=2 amount=5", "retry id=3 amount=5", "done"], out);
 * f.flush(out);
 * assert.ok(out[0] === "[x3] retry id=[1 | 2 | 3] amount=5" && out[1] === "done");
 * ```
 *
 * @example A dedupe window of 2 and per-line actions
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FoldAction, Folder } from "./folder.ts";
 * const actions: string[] = [];
 * const f = new Folder({ duplicates() {}, dropped() {} }, {
 *   window: 2,
 *   decide: (n: number, a: FoldAction) => actions.push(`${n}:${a}`),
 * });
 * const out: string[] = [];
 * f.push(["E", "hb", "E", "hb"], out, [1, 2, 3, 4]);
 * f.flush(out);
 * assert.ok(out.join("|") === "[x2] E|[x2] hb");
 * assert.ok(actions.join() === "1:keep,2:keep,3:fold,4:fold");
 * ```
 */
export class Folder {
  #counters: FoldCounters;
  #sign: (line: string) => string;
  /** Window 1 with template mining: compares repeat signatures as templates (no allocation). */
  #similar: ((a: string, b: string) => boolean) | undefined;
  #spans: (line: string) => number[];
  #decide: FoldDecide | undefined;
  #ranges: boolean;
  #window: number;
  /** Held groups, a ring of `#window` slots; `#first` is the oldest. */
  #ring: _Group[] = [];
  #first = 0;
  #size = 0;
  /** The group of the previous line (checked first: most repeats are adjacent). */
  #last: _Group | undefined = undefined;
  /** Held groups by signature (window > 1 only). */
  #bySig: Map<string, _Group> | undefined;

  /**
   * Creates a folder.
   *
   * @param counters where folded and dropped lines are counted.
   * @param options template mining, dedupe window, per-line actions.
   */
  constructor(counters: FoldCounters, options: FoldOptions = {}) {
    this.#counters = counters;
    const template = options.templateMining !== false;
    this.#window = Math.max(1, Math.floor(options.window ?? 1));
    // Window 1 compares with one group only: a walk that stops at the first
    // difference beats building the template signature of every line. Wider
    // windows look groups up by the full signature.
    const wide = this.#window > 1;
    this.#sign = template && wide ? createTemplateSignature : createRepeatSignature;
    this.#similar = template && !wide ? sameTemplate : undefined;
    this.#spans = template ? templateSpans : valueSpans;
    this.#decide = options.decide;
    this.#ranges = options.lineRanges === true;
    this.#bySig = this.#window > 1 ? new Map() : undefined;
  }

  /**
   * Folds a batch; completed lines are appended to `out`.
   *
   * @param numbers optional line numbers of the batch's lines (same length): each
   *   line's action is reported to `decide`.
   * @param outNumbers optional: receives the line number of the first line of each
   *   line appended to `out` (parallel to `out`); then `keep` is not reported, the
   *   caller decides it (after later steps such as block collapsing).
   */
  push(
    batch: readonly string[],
    out: string[],
    numbers?: readonly number[],
    outNumbers?: number[],
  ): void {
    const decide = numbers !== undefined ? this.#decide : undefined;
    for (let i = 0; i < batch.length; i++) {
      const line = batch[i];
      let g = this.#last;
      if (g !== undefined && line === g.head && g.values === undefined) {
        g.count++;
        if (numbers !== undefined) g.last = numbers[i];
        if (decide !== undefined) decide(numbers![i], g.blank ? "drop" : "fold");
        continue;
      }
      const sig = this.#sign(line);
      if (g !== undefined && g.sig !== sig) {
        g = this.#bySig !== undefined
          ? this.#bySig.get(sig)
          : this.#similar !== undefined && this.#similar(sig, g.sig)
          ? g
          : undefined;
      } else if (g === undefined && this.#bySig !== undefined) g = this.#bySig.get(sig);
      if (g !== undefined) {
        this.#join(g, line);
        this.#last = g;
        if (numbers !== undefined) g.last = numbers[i];
        if (decide !== undefined) decide(numbers![i], g.blank ? "drop" : "fold");
        continue;
      }
      g = this.#start(line, sig, out, outNumbers);
      if (numbers !== undefined) {
        g.num = g.last = numbers[i];
        if (decide !== undefined && outNumbers === undefined) decide(g.num, "keep");
      }
    }
  }

  /** End of input: the held groups are appended to `out` (and their numbers to `outNumbers`). */
  flush(out: string[], outNumbers?: number[]): void {
    while (this.#size > 0) this.#emitOldest(out, outNumbers);
    this.#last = undefined;
  }

  #start(line: string, sig: string, out: string[], outNumbers: number[] | undefined): _Group {
    if (this.#size === this.#window) this.#emitOldest(out, outNumbers);
    const slot = (this.#first + this.#size) % this.#window;
    let g = this.#ring[slot];
    if (g === undefined) g = this.#ring[slot] = new _Group();
    this.#size++;
    g.head = line;
    g.sig = sig;
    g.count = 1;
    g.blank = _isBlank(line);
    g.num = -1;
    g.last = -1;
    g.values = undefined;
    this.#bySig?.set(sig, g);
    this.#last = g;
    return g;
  }

  #join(g: _Group, line: string): void {
    g.count++;
    if (g.blank) return;
    if (g.values === undefined) {
      if (line === g.head) return;
      const head = g.head;
      const spans = this.#spans(head);
      g.values = [];
      for (let k = 0; k < spans.length; k += 2) {
        g.values.push(new Set([head.slice(spans[k], spans[k + 1])]));
      }
    }
    const spans = this.#spans(line);
    const values = g.values;
    for (let k = 0, f = 0; k < spans.length && f < values.length; k += 2, f++) {
      const set = values[f];
      if (set.size < _MAX_TRACKED_VALUES) set.add(line.slice(spans[k], spans[k + 1]));
    }
  }

  #emitOldest(out: string[], outNumbers: number[] | undefined): void {
    const g = this.#ring[this.#first];
    this.#first = (this.#first + 1) % this.#window;
    this.#size--;
    if (this.#last === g) this.#last = undefined;
    this.#bySig?.delete(g.sig);
    if (outNumbers !== undefined) outNumbers.push(g.num);
    const count = g.count;
    if (count === 1) {
      out.push(g.head);
    } else if (g.blank) {
      out.push(g.head);
      this.#counters.dropped(count - 1);
    } else {
      this.#counters.duplicates(count - 1);
      const text = g.values ? _render(g.head, g.values, this.#spans) : g.head;
      const range = this.#ranges && g.num > 0 ? ` (lines ${g.num}-${g.last})` : "";
      out.push(`[x${count}] ${text}${range}`);
    }
    // Release the line and values for the garbage collector; the slot is reused.
    g.head = "";
    g.values = undefined;
  }
}

/** Whether a line is empty or only whitespace (stops at the first other character). */
function _isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 11 && c !== 12 && c !== 13 && c !== 0xa0) return false;
  }
  return true;
}

/** The head line with each field that took several values replaced by the value list. */
function _render(
  head: string,
  values: Set<string>[],
  spansOf: (line: string) => number[],
): string {
  const spans = spansOf(head);
  let out = "";
  let at = 0;
  for (let k = 0, f = 0; k < spans.length && f < values.length; k += 2, f++) {
    const set = values[f];
    if (set.size < 2) continue;
    out += head.slice(at, spans[k]) + listValues(set);
    at = spans[k + 1];
  }
  return at === 0 ? head : out + head.slice(at);
}

/**
 * A field's value list, `[v1 | v2 | +K more]`: the first {@linkcode MAX_LISTED_VALUES}
 * values in order of appearance, then how many more (`+K+ more`, a lower bound, when
 * `tracked` values were tracked and more may have been left out).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listValues } from "./folder.ts";
 * assert.ok(listValues(new Set(["1", "2"])) === "[1 | 2]");
 * assert.ok(listValues(new Set(["1", "2", "3", "4", "5", "6"]), 6) === "[1 | 2 | 3 | 4 | 5 | +1+ more]");
 * ```
 */
export function listValues(set: Set<string>, tracked: number = _MAX_TRACKED_VALUES): string {
  const shown: string[] = [];
  for (const v of set) {
    if (shown.length === MAX_LISTED_VALUES) break;
    shown.push(v);
  }
  const more = set.size - shown.length;
  if (more > 0) {
    shown.push(`+${more}${set.size >= tracked ? "+" : ""} more`);
  }
  return `[${shown.join(" | ")}]`;
}
