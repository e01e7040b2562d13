/**
 * Template folding across the stream (the default fold: `dedupeWindow` unset and
 * template mining on).
 *
 * - *Plain* lines of a server's log (a level, `INFO`, `level=debug`…, or a syslog header)
 *   fold by their stream template (`volatile.ts`: numbers and ids, `key=value` values
 *   and labelled numbers vary; words stay), even when other lines came in between: one
 *   `[xN]` line with the values listed, at the place of the group's first line. Other
 *   plain lines (a CI log's own words) fold like record lines, below.
 * - *Failure* lines (`line_kind.ts`) fold only where they differ in whole numbers;
 *   a group of up to 5 distinct texts is written as those (`failure_group.ts`).
 * - *Record* lines (indented, and the lines right before and after them; stack
 *   frames) fold only with the line just before them: records stay whole, in order.
 * - Blank lines fold in runs; opaque lines are written as they are.
 *
 * **Window.** An item is written once {@linkcode HOLD_LINES} more lines reached the
 * fold, or while more than {@linkcode HOLD_GROUPS} items or {@linkcode HOLD_CHARS}
 * characters are held (a group that every later line joined, alone in the window,
 * waits for a line of another template, as adjacent folding always did). Each line
 * also waits for the next one. So a line is held back by at most `HOLD_LINES` + 1
 * later kept lines, or until the end of input.
 *
 * **Later repeats.** Templates written are remembered ({@linkcode SHOWN_TEMPLATES},
 * as 53-bit hashes). A later group of one is not written again but counted into
 * `[xN] [trimlog] later repeats of T templates shown above` (`, E error lines`),
 * written before the next line written, after `HOLD_LINES` more lines, or at the
 * end (a repeated line waits 2 × `HOLD_LINES` lines at most); a few short single
 * lines are written as they are instead. A summary stands for N lines, N − 1 of them
 * duplicates, each decided `fold`. A stream that repeats itself folds into about one
 * copy plus one summary line per `HOLD_LINES` kept lines.
 *
 * Memory: `HOLD_GROUPS` items, ~`HOLD_CHARS` characters, `SHOWN_TEMPLATES` numbers.
 *
 * @module
 */

import type { FoldCounters, FoldDecide } from "./folder.ts";
import { FoldLineKind, foldLineKind, hasErrorLevel, LineShape, lineShape } from "./line_kind.ts";
import { keepMember, writeMembers } from "./failure_group.ts";
import { RepeatSummary } from "./repeat_summary.ts";
import { ownString } from "../own_string.ts";
import { addedChars, ItemKind, rememberKey, renderValues, StreamItem } from "./stream_item.ts";
import { createTemplateSignature, templateSpans } from "./template.ts";
import { numberSpans, streamKey, streamSpans } from "./volatile.ts";
import {
  HOLD_CHARS,
  HOLD_GROUPS,
  HOLD_LINES,
  SHOWN_TEMPLATES,
  type StreamFoldOptions,
  type StreamWindow,
  TRACKED_VALUES,
} from "./stream_window.ts";

/** Distinct values tracked per field of a pinned group (as the windowed folder does). */
const PINNED_TRACKED_VALUES = 1000;

const _GROUP = ItemKind.GROUP;
const _BLANK = ItemKind.BLANK;
const _OPAQUE = ItemKind.OPAQUE;
const _PINNED = ItemKind.PINNED;
const _FAILURE = FoldLineKind.FAILURE;
const _STACK = FoldLineKind.STRUCTURE;
const _PLAIN = FoldLineKind.PLAIN;
const _OWN = FoldLineKind.OWN;
const _INDENTED = LineShape.INDENTED;
const _BLANK_SHAPE = LineShape.BLANK;

/**
 * Folds lines of one template across the stream, within a bounded window (see the
 * module rules).
 *
 * @example Non-adjacent lines of one template
 * ```ts
 * import assert from "node:assert/strict";
 * import { StreamFolder } from "./stream.ts";
 * const f = new StreamFolder({ duplicates() {}, dropped() {} });
 * const out: string[] = [];
 * f.push(["WARN served blk_100 to node7", "INFO tick", "WARN served blk_200 to node7"], out);
 * f.flush(out);
 * assert.deepEqual(out, ["[x2] WARN served [blk_100 | blk_200] to node7", "INFO tick"]);
 * ```
 *
 * @example A stream that repeats itself
 * ```ts
 * import assert from "node:assert/strict";
 * import { StreamFolder } from "./stream.ts";
 * import { HOLD_LINES } from "./stream_window.ts";
 * const f = new StreamFolder({ duplicates() {}, dropped() {} });
 * const out: string[] = [], words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta"];
 * const copy = Array.from({ length: HOLD_LINES }, (_, i) => `INFO ${words[i % 7]} took ${i}ms`);
 * for (let r = 0; r < 5; r++) f.push(copy, out);
 * f.flush(out);
 * assert.ok(out.length < 20 && out.at(-1)!.includes("later repeats of 7 templates"));
 * ```
 */
export class StreamFolder {
  #counters: FoldCounters;
  #window: StreamWindow;
  #decide: FoldDecide | undefined;
  #ranges: boolean;
  /** Held items in order of their first line: `#queue[#head…]`. */
  #queue: StreamItem[] = [];
  #head = 0;
  /** Open groups by template key. */
  #open = new Map<number, StreamItem>();
  /** Remembered shown templates, least recently used first. */
  #shown = new Map<number, true>();
  #chars = 0;
  #seq = 0;
  /** The item of the previous line (exact adjacent repeats skip the signature). */
  #last: StreamItem | undefined = undefined;
  /** The pending line (placed when the next line comes), its number and shape. */
  #pLine: string | undefined = undefined;
  #pNum = -1;
  #pShape = 0;
  /** Whether the line placed last was a structure line by its own kind. */
  #prevStructure = false;
  /** The caller collects the numbers of written lines and decides `keep` itself. */
  #collecting = false;
  /** The pending summary of later repeats. */
  #summary = new RepeatSummary();

  /**
   * @param counters where folded and dropped lines are counted.
   * @param options per-line actions, line ranges.
   */
  constructor(counters: FoldCounters, options: StreamFoldOptions = {}) {
    this.#counters = counters;
    const w = options.window;
    this.#window = {
      lines: Math.max(1, w?.lines ?? HOLD_LINES),
      groups: Math.max(1, w?.groups ?? HOLD_GROUPS),
      chars: Math.max(1, w?.chars ?? HOLD_CHARS),
      shown: Math.max(1, w?.shown ?? SHOWN_TEMPLATES),
    };
    this.#decide = options.decide;
    this.#ranges = options.lineRanges === true;
  }

  /**
   * Folds a batch; written lines are appended to `out`.
   *
   * @param numbers optional line numbers of the lines (same length): each line's
   *   action is reported to `decide`.
   * @param outNumbers optional: receives, parallel to `out`, the number of the first
   *   line each written line stands for (-1 for a summary line); `keep` is then left
   *   to the caller.
   */
  push(
    batch: readonly string[],
    out: string[],
    numbers?: readonly number[],
    outNumbers?: number[],
  ): void {
    this.#collecting = outNumbers !== undefined;
    for (let i = 0; i < batch.length; i++) {
      const line = batch[i];
      const p = this.#pLine;
      const shape = p !== undefined && line === p ? this.#pShape : lineShape(line);
      if (p !== undefined) this.#place(out, outNumbers, shape);
      this.#pLine = line;
      this.#pNum = numbers === undefined ? -1 : numbers[i];
      this.#pShape = shape;
    }
  }

  /** A line written as it is, in order (a marker, a folded stack group). */
  pushOpaque(line: string, num: number, out: string[], outNumbers?: number[]): void {
    if (this.#pLine !== undefined) this.#place(out, outNumbers, _BLANK_SHAPE);
    this.#prevStructure = false;
    this.#collecting = outNumbers !== undefined;
    const it = this.#item(_OPAQUE, line, "", num);
    this.#keep(it);
    this.#chars += line.length;
    this.#last = it;
    this.#seq++;
    this.#drain(out, outNumbers, false);
  }

  /** End of input: everything held is written. */
  flush(out: string[], outNumbers?: number[]): void {
    this.#collecting = outNumbers !== undefined;
    if (this.#pLine !== undefined) this.#place(out, outNumbers, _BLANK_SHAPE);
    this.#drain(out, outNumbers, true);
    this.#writeSummary(out, outNumbers);
    this.#last = undefined;
    this.#prevStructure = false;
  }

  /**
   * Places the pending line (each line waits for the next one: the line just before
   * or just after an indented line belongs to its record and is placed as one).
   */
  #place(out: string[], outNumbers: number[] | undefined, next: number): void {
    const line = this.#pLine!;
    const shape = this.#pShape;
    this.#pLine = undefined;
    const record = shape !== _BLANK_SHAPE && (next === _INDENTED || this.#prevStructure);
    this.#prevStructure = shape === _INDENTED;
    this.#line(line, this.#pNum, shape, record);
    this.#seq++;
    this.#drain(out, outNumbers, false);
  }

  #line(line: string, num: number, shape: number, record: boolean): void {
    const decide = num > 0 ? this.#decide : undefined;
    const last = this.#last;
    // Exact adjacent repeat of a group holding only copies of its head (or a blank run).
    if (
      last !== undefined && line === last.head && last.kind !== _OPAQUE &&
      (last.values === undefined || last.repeat) && last.members === undefined
    ) {
      last.count++;
      last.last = num;
      last.failures += last.failure ? 1 : 0;
      if (decide !== undefined) decide(num, last.kind === _BLANK ? "drop" : "fold");
      return;
    }
    if (shape === _BLANK_SHAPE) {
      this.#last = this.#item(_BLANK, line, "", num);
      this.#keep(this.#last);
      this.#chars += line.length;
      return;
    }
    if (shape === _INDENTED || record) {
      this.#pinned(line, num, _STACK, last, decide);
      return;
    }
    let spans = streamSpans(line);
    let key = streamKey(line, spans, 0);
    let g = this.#open.get(key);
    // A line of an open plain group's template has its words, so its kind, unless a
    // `key=value` value such as `level=ERROR` varies (its level then tells): most
    // lines of a long log join a group and need no full classification.
    const kind = g === undefined
      ? foldLineKind(line)
      : line.indexOf("=") < 0 || !hasErrorLevel(line)
      ? _PLAIN
      : _FAILURE;
    if (kind === _STACK || kind === _OWN) {
      // A CI log's own line (no level, no syslog header: a test name, a location, a
      // diff hunk) folds only with the line before it, as template mining always did:
      // across the stream only as an exact repeat, so its text is never a value list.
      this.#pinned(line, num, kind, last, decide);
      return;
    }
    const failure = kind === _FAILURE;
    if (failure) {
      // Failure lines have templates of their own (numbers vary, nothing else).
      spans = numberSpans(line);
      key = streamKey(line, spans, 1);
      g = this.#open.get(key);
    }
    if (
      g === undefined && failure && last !== undefined && this.#adjacentFailure(last, line, num)
    ) {
      if (decide !== undefined) decide(num, "fold");
      return;
    }
    if (g !== undefined) {
      g.count++;
      g.last = num;
      if (failure) g.failures++;
      if (!g.repeat) this.#join(g, line, spans);
      this.#last = g;
      // A short failure group keeps its lines (their decisions wait for the write).
      if (g.members !== undefined) {
        const r = keepMember(g, line, num, this.#decide);
        this.#chars += r >= 0 ? r : r + 1;
        if (r >= 0) return;
      }
      if (decide !== undefined) decide(num, "fold");
      return;
    }
    g = this.#item(_GROUP, line, "", num);
    g.spans = spans;
    g.failure = failure;
    g.failures = failure ? 1 : 0;
    g.key = key;
    g.repeat = this.#shown.has(g.key);
    if (failure && !g.repeat) {
      g.members = [g.head];
      g.memberNums = [num];
      g.memberLast = [num];
      g.memberCounts = [1];
    }
    this.#chars += line.length;
    this.#open.set(key, g);
    this.#last = g;
    // A repeat's first line is decided when its summary is written.
    if (!g.repeat) this.#keep(g);
  }

  /**
   * Decides `keep` for an item's first line when it arrives (in line order), unless
   * the caller collects the numbers of written lines (`outNumbers`) and decides itself.
   */
  #keep(it: StreamItem): void {
    if (it.num > 0 && this.#decide !== undefined && !this.#collecting) {
      this.#decide(it.num, "keep");
      it.decided = true;
    }
  }

  /**
   * A failure line or stack frame: it joins only the group of the line just before
   * it (the adjacent fold of template mining); a copy of a line already written as
   * it is is a later repeat.
   */
  #pinned(
    line: string,
    num: number,
    kind: number,
    last: StreamItem | undefined,
    decide: FoldDecide | undefined,
  ): void {
    const sig = createTemplateSignature(line);
    if (last !== undefined && last.kind === _PINNED && !last.repeat && last.sig === sig) {
      last.count++;
      last.last = num;
      last.failures += kind === _FAILURE ? 1 : 0;
      this.#joinPinned(last, line);
      if (decide !== undefined) decide(num, "fold");
      return;
    }
    const g = this.#item(_PINNED, line, sig, num);
    this.#keep(g);
    g.failure = kind === _FAILURE;
    g.failures = g.failure ? 1 : 0;
    this.#chars += line.length;
    this.#last = g;
  }

  /**
   * A failure line right after a failure line of the same template-mining signature
   * (`key=value` values and labelled numbers vary) joins it, as adjacent lines always
   * folded: the first line's group becomes a structure group (it folds with adjacent
   * lines only). Returns whether the line joined.
   */
  #adjacentFailure(last: StreamItem, line: string, num: number): boolean {
    if (!last.failure || last.repeat) return false;
    const legacy = createTemplateSignature(line);
    if (last.kind === _GROUP) {
      if (last.count !== 1 || createTemplateSignature(last.head) !== legacy) return false;
      if (this.#open.get(last.key) === last) this.#open.delete(last.key);
      last.kind = _PINNED;
      last.members = undefined;
      last.sig = legacy;
    } else if (last.kind !== _PINNED || last.sig !== legacy) return false;
    last.count++;
    last.last = num;
    last.failures++;
    this.#joinPinned(last, line);
    return true;
  }

  /** As the windowed folder does: values by template spans, up to its tracking cap. */
  #joinPinned(g: StreamItem, line: string): void {
    if (g.values === undefined) {
      if (line === g.head) return;
      const head = g.head;
      g.spans = templateSpans(head);
      g.values = [];
      for (let k = 0; k < g.spans.length; k += 2) {
        g.values.push(new Set([head.slice(g.spans[k], g.spans[k + 1])]));
      }
    }
    this.#addValues(g.values, line, templateSpans(line), PINNED_TRACKED_VALUES);
  }

  #item(kind: number, line: string, sig: string, num: number): StreamItem {
    const it = new StreamItem();
    it.kind = kind;
    it.head = ownString(line);
    it.sig = sig;
    it.num = it.last = num;
    it.seq = this.#seq;
    this.#queue.push(it);
    return it;
  }

  #join(g: StreamItem, line: string, spans: number[]): void {
    if (g.values === undefined) {
      if (line === g.head) return;
      const head = g.head;
      const hs = g.spans;
      g.values = [];
      for (let k = 0; k < hs.length; k += 2) g.values.push(new Set([head.slice(hs[k], hs[k + 1])]));
    }
    this.#addValues(g.values, line, spans, TRACKED_VALUES);
  }

  #addValues(values: Set<string>[], line: string, spans: number[], cap: number): void {
    for (let k = 0, f = 0; k < spans.length && f < values.length; k += 2, f++) {
      const set = values[f];
      if (set.size >= cap) continue;
      const v = line.slice(spans[k], spans[k + 1]);
      if (!set.has(v)) {
        set.add(ownString(v));
        this.#chars += v.length;
      }
    }
  }

  /** Writes the oldest items while the window is over one of its bounds (all at the end). */
  #drain(out: string[], outNumbers: number[] | undefined, all: boolean): void {
    const q = this.#queue;
    while (this.#head < q.length) {
      const it = q[this.#head];
      const held = q.length - this.#head;
      const w = this.#window;
      if (!all && held <= w.groups && this.#chars <= w.chars) {
        // Young, or the current run of one line (held whole, as adjacent repeats always were).
        if (it.seq + w.lines > this.#seq || (held === 1 && it === this.#last)) break;
      }
      q[this.#head++] = undefined as unknown as StreamItem;
      this.#emit(it, out, outNumbers);
    }
    if (this.#head > 1024 && this.#head * 2 > q.length) {
      this.#queue = q.slice(this.#head);
      this.#head = 0;
    }
    if (this.#summary.lines > 0 && this.#summary.seq + this.#window.lines <= this.#seq) {
      this.#writeSummary(out, outNumbers);
    }
  }

  #emit(it: StreamItem, out: string[], outNumbers: number[] | undefined): void {
    if (this.#last === it) this.#last = undefined;
    this.#chars -= it.head.length;
    if (it.kind === _GROUP) {
      if (this.#open.get(it.key) === it) this.#open.delete(it.key);
      rememberKey(this.#shown, it.key, this.#window.shown);
      if (it.repeat) {
        this.#summary.add(it, this.#seq);
        return;
      }
    }
    this.#writeSummary(out, outNumbers);
    this.#write(it, out, outNumbers);
  }

  #write(it: StreamItem, out: string[], outNumbers: number[] | undefined): void {
    if (it.members !== undefined && it.count > 1) return this.#writeMembers(it, out, outNumbers);
    if (outNumbers !== undefined) outNumbers.push(it.num);
    else if (!it.decided && it.num > 0 && this.#decide !== undefined) this.#decide(it.num, "keep");
    const count = it.count;
    if (count === 1 || it.kind === _OPAQUE) {
      out.push(it.head);
    } else if (it.kind === _BLANK) {
      out.push(it.head);
      this.#counters.dropped(count - 1);
    } else {
      this.#counters.duplicates(count - 1);
      let text = it.head;
      if (it.values !== undefined) {
        this.#chars -= addedChars(it.values);
        const cap = it.kind === _PINNED ? PINNED_TRACKED_VALUES : TRACKED_VALUES;
        text = renderValues(it.head, it.spans, it.values, cap);
      }
      const range = this.#ranges && it.num > 0 ? ` (lines ${it.num}-${it.last})` : "";
      out.push(`[x${count}] ${text}${range}`);
    }
    it.values = undefined;
  }

  #writeMembers(it: StreamItem, out: string[], outNumbers: number[] | undefined): void {
    const sinks = { decide: this.#decide, duplicates: this.#counters.duplicates };
    this.#chars -= writeMembers(it, out, outNumbers, { ...sinks, ranges: this.#ranges });
  }

  #writeSummary(out: string[], outNumbers: number[] | undefined): void {
    const sum = this.#summary;
    if (sum.lines === 0) return;
    const items = sum.shortItems();
    if (items !== undefined) {
      // A few short lines: themselves are no longer than a summary.
      sum.reset();
      for (const it of items) this.#write(it, out, outNumbers);
      return;
    }
    if (this.#decide !== undefined) { for (const h of sum.heads) this.#decide(h, "fold"); }
    const n = sum.lines;
    out.push(sum.text(this.#ranges));
    if (outNumbers !== undefined) outNumbers.push(-1);
    this.#counters.duplicates(n - 1);
    sum.reset();
  }
}
