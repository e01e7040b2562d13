/**
 * Folding: adjacent lines of the same repeat signature become one `[xN]` line.
 *
 * Values that differ are listed in order of appearance, `amount=[v1 | v2 | v3]`;
 * at most {@linkcode MAX_LISTED_VALUES} are shown, then `+K more`. A single
 * unrepeated line keeps its values. A run of blank lines becomes one blank line.
 *
 * @module
 */

import { createRepeatSignature, valueSpans } from "./signature.ts";

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
 * The pure fold step: push batches of sanitized lines, get folded lines.
 *
 * @example
 * ```ts
 * import { Folder } from "./fold.ts";
 * const f = new Folder({ duplicates() {}, dropped() {} });
 * const out: string[] = [];
 * f.push(["retry id=1 amount=5", "retry id=2 amount=5", "retry id=3 amount=5", "done"], out);
 * f.flush(out);
 * console.assert(out[0] === "[x3] retry id=[1 | 2 | 3] amount=5" && out[1] === "done");
 * ```
 */
export class Folder {
  #counters: FoldCounters;
  #head: string | undefined = undefined;
  #sig = "";
  #count = 0;
  /** Per field: distinct values in order of appearance (undefined until a second line joins). */
  #values: Set<string>[] | undefined = undefined;

  /** @param counters where folded and dropped lines are counted. */
  constructor(counters: FoldCounters) {
    this.#counters = counters;
  }

  /** Folds a batch; completed lines are appended to `out`. */
  push(batch: readonly string[], out: string[]): void {
    for (let i = 0; i < batch.length; i++) {
      const line = batch[i];
      if (this.#head !== undefined) {
        if (line === this.#head && this.#values === undefined) {
          this.#count++;
          continue;
        }
        const sig = createRepeatSignature(line);
        if (sig === this.#sig) {
          this.#join(line);
          continue;
        }
        this.#emit(out);
        this.#start(line, sig);
      } else {
        this.#start(line, createRepeatSignature(line));
      }
    }
  }

  /** End of input: the pending group is appended to `out`. */
  flush(out: string[]): void {
    if (this.#head !== undefined) this.#emit(out);
    this.#head = undefined;
  }

  #start(line: string, sig: string): void {
    this.#head = line;
    this.#sig = sig;
    this.#count = 1;
    this.#values = undefined;
  }

  #join(line: string): void {
    this.#count++;
    if (this.#values === undefined) {
      const head = this.#head as string;
      const spans = valueSpans(head);
      this.#values = [];
      for (let k = 0; k < spans.length; k += 2) {
        this.#values.push(new Set([head.slice(spans[k], spans[k + 1])]));
      }
    }
    const spans = valueSpans(line);
    const values = this.#values;
    for (let k = 0, f = 0; k < spans.length && f < values.length; k += 2, f++) {
      const set = values[f];
      if (set.size < _MAX_TRACKED_VALUES) set.add(line.slice(spans[k], spans[k + 1]));
    }
  }

  #emit(out: string[]): void {
    const head = this.#head as string;
    const count = this.#count;
    if (count === 1) {
      out.push(head);
      return;
    }
    if (head.trim().length === 0) {
      out.push(head);
      this.#counters.dropped(count - 1);
      return;
    }
    this.#counters.duplicates(count - 1);
    out.push(`[x${count}] ${this.#values ? _render(head, this.#values) : head}`);
  }
}

/** The head line with each field that took several values replaced by the value list. */
function _render(head: string, values: Set<string>[]): string {
  const spans = valueSpans(head);
  let out = "";
  let at = 0;
  for (let k = 0, f = 0; k < spans.length && f < values.length; k += 2, f++) {
    const set = values[f];
    if (set.size < 2) continue;
    out += head.slice(at, spans[k]) + _list(set);
    at = spans[k + 1];
  }
  return at === 0 ? head : out + head.slice(at);
}

function _list(set: Set<string>): string {
  const shown: string[] = [];
  for (const v of set) {
    if (shown.length === MAX_LISTED_VALUES) break;
    shown.push(v);
  }
  const more = set.size - shown.length;
  if (more > 0) {
    shown.push(`+${more}${set.size >= _MAX_TRACKED_VALUES ? "+" : ""} more`);
  }
  return `[${shown.join(" | ")}]`;
}
