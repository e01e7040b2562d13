/**
 * Blocks of kept lines under the token budget: select's output, ranked by evidence
 * per token. A block is a run of kept lines at most {@linkcode BLOCK_GAP} input lines
 * apart. A block with a failure line (an error, a stack, a failing test's section, a
 * diagnostic, the end of the failing step or of the log) is always written; a block
 * of context and relevant lines only (warnings, the lines around an error shown in
 * another block) is written while the budget has room for it, and dropped otherwise:
 *
 * - while the log streams, a soft block is held until it ends (at most
 *   {@linkcode BLOCK_HOLD} lines) and written when the output so far and the block fit
 *   the budget `B(T)` of the lines read up to its last line (the budget only grows: a
 *   block kept is never taken back);
 * - once the output so far fills `B(T)`, the context lines of a failure block are
 *   dropped when they are no news: a line whose template (its text without digits)
 *   was written before, or any context of a failure whose failure lines were all
 *   written before (the same error with other numbers). The first context of each
 *   failure stays;
 * - among the closing lines of the log (select's last push), the soft blocks that
 *   repeat what was written are ranked by score per token and written, best first,
 *   while they fit what the failure blocks there leave of the budget; a soft block
 *   with a line not shown before stays.
 *
 * Output order never changes. A line waits at most for its block to end.
 *
 * @module
 */

import { HashCounts } from "../hash_counts.ts";

/** Kept lines more than this many input lines apart start a new block. */
export const BLOCK_GAP = 2;

/** A soft block longer than this is decided without waiting for its end (streaming). */
export const BLOCK_HOLD = 200;

/** Lines remembered as written (a bounded map of their hashes). */
export const SEEN_MAX = 4096;

/** One kept line as the block budget sees it. */
export interface BlockLine {
  /** Estimated tokens. */
  tokens: number;
  /** Score (evidence). */
  score: number;
  /** Context or relevant line only: no evidence of a failure on its own. */
  soft: boolean;
  /**
   * Context of a failure (the lines shown around it): inside a failure block it is
   * written only while the budget has room (streaming).
   */
  context: boolean;
  /** The line's template hash ({@linkcode templateKey}): a line written before is a repeat. */
  key: number;
}

/** A block of the closing lines. */
interface _Block<T> {
  lines: T[];
  soft: boolean;
  /** Every line's template was written before (the block repeats what was shown). */
  repeat: boolean;
  tokens: number;
}

/** The state of the block being read while the log streams. */
const enum _Mode {
  /** No line of the block yet, or only soft lines (held). */
  Held,
  /** A failure line came: the block is written as it comes. */
  Written,
  /** A soft block decided at {@linkcode BLOCK_HOLD} lines: dropped to its end. */
  Dropped,
}

/**
 * Decides, block by block, which kept lines are written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BlockBudget } from "./block_budget.ts";
 * const out: string[] = [];
 * const gone: string[] = [];
 * type L = {
 *   text: string;
 *   tokens: number;
 *   score: number;
 *   soft: boolean;
 *   context: boolean;
 *   key: number;
 * };
 * const b = new BlockBudget<L>(() => 3, (l) => out.push(l.text), (l) => gone.push(l.text));
 * const line = (text: string, soft: boolean): L => ({
 *   text,
 *   tokens: 1,
 *   score: soft ? 5 : 80,
 *   soft,
 *   context: false,
 *   key: 0,
 * });
 * b.offer(line("warning a", true), 1);
 * b.offer(line("warning b", true), 2);
 * b.offer(line("ERROR c", false), 10); // a new block: the soft one before it fits (2 ≤ 3)
 * b.offer(line("note d", true), 20); // the budget is spent: dropped when its block ends
 * b.end(30);
 * assert.deepEqual(out, ["warning a", "warning b", "ERROR c"]);
 * assert.deepEqual(gone, ["note d"]);
 * ```
 */
export class BlockBudget<T extends BlockLine> {
  #budget: () => number;
  #write: (line: T) => void;
  #drop: (line: T) => void;
  /** Tokens written. */
  #spent = 0;
  /** The budget when the last line was offered. */
  #limit = 0;
  /** Input position of the last line offered. */
  #last = -Infinity;
  #mode = _Mode.Held;
  /** The soft lines of the block being read (streaming). */
  #held: T[] = [];
  #heldTokens = 0;
  /** Lines written (their hashes; cleared at {@linkcode SEEN_MAX}). */
  #seen = new HashCounts();
  /** Whether the failure lines of the block being read were all shown before. */
  #repeat = false;
  /** The closing lines' blocks (after {@linkcode BlockBudget.closing}), undefined before. */
  #blocks: _Block<T>[] | undefined = undefined;

  /**
   * @param budget the budget now (of the input read up to the line offered), in
   *   estimated tokens.
   * @param write writes a line (in output order).
   * @param drop drops a line (the budget had no room for its block).
   */
  constructor(budget: () => number, write: (line: T) => void, drop: (line: T) => void) {
    this.#budget = budget;
    this.#write = write;
    this.#drop = drop;
  }

  /** Tokens written so far. */
  get spent(): number {
    return this.#spent;
  }

  /** A kept line at input position `pos` (positions never decrease). */
  offer(line: T, pos: number): void {
    const starts = pos - this.#last > BLOCK_GAP;
    this.#last = pos;
    if (starts && this.#blocks === undefined) this.#close();
    // The budget as of this line: a block is decided by the budget at its last line,
    // whenever its end is seen (however the input was batched).
    this.#limit = this.#budget();
    const blocks = this.#blocks;
    if (blocks !== undefined) {
      let block = blocks[blocks.length - 1];
      if (starts || block === undefined) {
        blocks.push(block = { lines: [], soft: true, repeat: true, tokens: 0 });
      }
      block.lines.push(line);
      block.tokens += line.tokens;
      block.soft &&= line.soft;
      block.repeat &&= this.#seen.get(line.key) > 0;
      return;
    }
    if (!line.soft) {
      // A failure line shown before: the block repeats one, its context is no news.
      const repeat = this.#seen.get(line.key) > 0;
      this.#repeat = this.#mode === _Mode.Written ? this.#repeat && repeat : repeat;
      const held = this.#held;
      this.#held = [];
      this.#heldTokens = 0;
      for (const h of held) this.#context(h);
      this.#mode = _Mode.Written;
      return this.#put(line);
    }
    if (this.#mode === _Mode.Written) return this.#context(line);
    if (this.#mode === _Mode.Dropped) return this.#drop(line);
    this.#held.push(line);
    this.#heldTokens += line.tokens;
    if (this.#held.length >= BLOCK_HOLD) {
      const keep = this.#fits();
      this.#release(keep);
      this.#mode = keep ? _Mode.Written : _Mode.Dropped;
    }
  }

  /** The input has reached `pos`: a block that ended before it is decided (streaming). */
  end(pos: number): void {
    if (this.#blocks === undefined && pos - this.#last > BLOCK_GAP) this.#close();
  }

  /**
   * From now on the lines are the log's closing lines: their blocks are held until
   * {@linkcode BlockBudget.finish}. The block being read continues as their first.
   */
  closing(): void {
    if (this.#blocks !== undefined) return;
    const first: _Block<T> = {
      lines: this.#held,
      soft: this.#mode !== _Mode.Written,
      repeat: this.#held.every((l) => this.#seen.get(l.key) > 0),
      tokens: this.#heldTokens,
    };
    this.#held = [];
    this.#heldTokens = 0;
    this.#blocks = first.lines.length > 0 || this.#mode === _Mode.Written ? [first] : [];
    this.#mode = _Mode.Held;
  }

  /**
   * End of input: the closing lines' failure blocks are written, and their soft
   * blocks by score per token, best first, while they fit what is left of the budget.
   */
  finish(): void {
    const blocks = this.#blocks ?? [];
    this.#blocks = undefined;
    let room = this.#budget() - this.#spent;
    for (const b of blocks) if (!b.soft) room -= b.tokens;
    const soft = blocks.filter((b) => b.soft && b.repeat && b.lines.length > 0);
    soft.sort((a, b) => _density(b) - _density(a));
    const kept = new Set<_Block<T>>();
    for (const b of soft) {
      if (b.tokens > room) continue;
      room -= b.tokens;
      kept.add(b);
    }
    for (const b of blocks) {
      const write = !b.soft || !b.repeat || kept.has(b);
      for (const line of b.lines) write ? this.#put(line) : this.#drop(line);
    }
    this.#close();
  }

  /** A line of a failure block: its context is dropped once the budget is spent. */
  #context(line: T): void {
    const over = line.context && this.#spent + line.tokens > this.#limit;
    if (over && (this.#repeat || this.#seen.get(line.key) > 0)) return this.#drop(line);
    this.#put(line);
  }

  /** Whether the held block fits the budget now. */
  #fits(): boolean {
    return this.#spent + this.#heldTokens <= this.#limit;
  }

  /** The block being read ends: a held soft block is written if it fits, else dropped. */
  #close(): void {
    if (this.#held.length > 0) this.#release(this.#fits());
    this.#mode = _Mode.Held;
  }

  #release(write: boolean): void {
    for (const line of this.#held) write ? this.#put(line) : this.#drop(line);
    this.#held = [];
    this.#heldTokens = 0;
  }

  #put(line: T): void {
    this.#spent += line.tokens;
    const seen = this.#seen;
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(line.key, 1);
    this.#write(line);
  }
}

/**
 * A line's template as a 32-bit hash: its characters without the digits (FNV-1a), so
 * that the same message with other numbers (a pid, a port, a count) is the same
 * template.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { templateKey } from "./block_budget.ts";
 * assert.ok(templateKey("<0.2441.0> closed session 7") === templateKey("<0.31.0> closed session 12"));
 * assert.ok(templateKey("closed session") !== templateKey("opened session"));
 * ```
 */
export function templateKey(line: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}

/** Score per token of a block. */
function _density<T extends BlockLine>(b: _Block<T>): number {
  let score = 0;
  for (const l of b.lines) score += l.score;
  return score / Math.max(1, b.tokens);
}
