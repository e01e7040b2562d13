/**
 * What select passes on: the kept lines of one push as a {@linkcode Batch}, masked,
 * with their line numbers, reasons and scores when they are tracked, and the indices
 * of the lines fold must pass through as they are (`opaque`: folded stack groups and
 * markers).
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import type { DecisionReason } from "../decision.ts";
import type { RunnerPrefixes } from "../runner_prefix.ts";
import { BlockBudget, type BlockLine, templateKey } from "./block_budget.ts";

/**
 * An input line that would read as a synthetic line (`[xN] `, `[... `,
 * `[trimlog]`, `[block x…`) is written as `[x1] <line>`, so the output still
 * tells exactly how many input lines each line stands for.
 */
const _LOOKS_SYNTHETIC = /^\[(?:x\d+\] |\.\.\. |trimlog\]|block x)/;

/** A kept line held by the block budget until its block is decided. */
interface _Held extends BlockLine {
  line: string;
  num: number;
  reason: DecisionReason;
  opaque: boolean;
}

/** Reasons of lines that are no evidence of a failure on their own (context, warnings). */
const _SOFT: ReadonlySet<DecisionReason> = new Set<DecisionReason>([
  "relevant",
  "context-before",
  "context-after",
]);

/** The block budget's wiring: the budget now, and where a dropped line is accounted. */
export interface OutputBudget {
  /** The budget of the input read so far, in estimated tokens. */
  budget: () => number;
  /** A kept line the budget had no room for (its input line number and score). */
  drop: (num: number, score: number) => void;
}

/**
 * Collects the output of one push of select.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SelectOutput } from "./output.ts";
 * const out = new SelectOutput({ track: false, scores: false });
 * out.begin();
 * out.put("[x3] looks folded", 4, "relevant", 50, false);
 * out.put("[x2] at f()", 5, "stack-frame", 90, true);
 * const b = out.end();
 * assert.deepEqual(b.lines, ["[x1] [x3] looks folded", "[x2] at f()"]);
 * assert.deepEqual(b.opaque, [1]);
 * ```
 */
export class SelectOutput {
  #track: boolean;
  #wantScores: boolean;
  #mask: ((line: string) => string) | undefined;
  /** The last line masked as a keep candidate (already clean when it reaches `put`). */
  #clean: string | undefined = undefined;
  #lines: string[] = [];
  #opaque: number[] | undefined = undefined;
  #numbers: number[] | undefined = undefined;
  #reasons: DecisionReason[] | undefined = undefined;
  #scores: number[] | undefined = undefined;
  #prefixes: RunnerPrefixes | undefined;
  #prefixCache = new Map<string, string>();
  #estimate: ((line: string) => number) | undefined;
  /** Estimated tokens of the lines put so far (with `estimate`; before folding). */
  tokens = 0;
  /** Input position of the next line put (the emitter's; blocks are read from it). */
  pos = 0;
  #blocks: BlockBudget<_Held> | undefined;

  /**
   * @param o `track`: carry numbers, reasons and scores; `scores`: carry scores
   *   (for `maxTokens`); `mask`: masks each line put (the run's masker); `prefixes`:
   *   the runner prefixes cut from input lines, written back on each line put;
   *   `estimate`: the run's token estimate, summed over the lines put in `tokens`;
   *   `budget`: rank blocks of kept lines under the token budget
   *   ({@linkcode BlockBudget}, needs `estimate`).
   */
  constructor(
    o: {
      track: boolean;
      scores: boolean;
      mask?: (line: string) => string;
      prefixes?: RunnerPrefixes;
      estimate?: (line: string) => number;
      budget?: OutputBudget;
    },
  ) {
    this.#estimate = o.estimate;
    const budget = o.budget;
    if (budget !== undefined && o.estimate !== undefined) {
      this.#blocks = new BlockBudget<_Held>(
        budget.budget,
        (h) => this.#write(h.line, h.num, h.reason, h.score, h.opaque),
        (h) => budget.drop(h.num, h.score),
      );
    }
    this.#track = o.track;
    this.#wantScores = o.scores;
    this.#mask = o.mask;
    this.#prefixes = o.prefixes;
  }

  /**
   * Masks a keep candidate early (before it is compared with other kept lines);
   * `put` then does not mask it again.
   */
  clean(line: string): string {
    return this.#mask === undefined ? line : (this.#clean = this.#mask(line));
  }

  /** Starts the output of a push. */
  begin(): void {
    this.#lines = [];
    this.#opaque = undefined;
    if (this.#track) {
      this.#numbers = [];
      this.#reasons = [];
      this.#scores = [];
    } else if (this.#wantScores) this.#scores = [];
  }

  /**
   * Appends a kept line (masked here unless it is the candidate masked already);
   * `count`: the `[xN] ` a repeated stack's lines are written with (before the line's
   * runner prefix).
   */
  put(
    line: string,
    num: number,
    reason: DecisionReason,
    score: number,
    opaque: boolean,
    count = "",
  ): void {
    if (this.#mask !== undefined) {
      // Masking is idempotent, so a line equal to the clean candidate needs no second pass.
      if (line !== this.#clean) line = this.#mask(line);
    }
    if (!opaque && line.charCodeAt(0) === 91 && _LOOKS_SYNTHETIC.test(line)) line = `[x1] ${line}`;
    const prefixes = this.#prefixes;
    if (prefixes !== undefined && prefixes.active) {
      const prefix = prefixes.prefixOf(num);
      if (prefix !== "") line = this.#maskedPrefix(prefix) + line;
    }
    const tokens = this.#estimate === undefined ? 0 : this.#estimate(line);
    this.tokens += tokens;
    if (count !== "") line = count + line;
    const blocks = this.#blocks;
    if (blocks === undefined) return this.#write(line, num, reason, score, opaque);
    const soft = _SOFT.has(reason);
    const context = soft && reason !== "relevant";
    const key = templateKey(line);
    blocks.offer({ line, num, reason, score, opaque, tokens, soft, context, key }, this.pos);
  }

  /** From now on the lines put close the log: their blocks are ranked at `end(true)`. */
  closing(): void {
    this.#blocks?.closing();
  }

  #write(line: string, num: number, reason: DecisionReason, score: number, opaque: boolean) {
    const out = this.#lines;
    if (opaque) (this.#opaque ??= []).push(out.length);
    out.push(line);
    if (this.#numbers !== undefined) {
      this.#numbers.push(num);
      this.#reasons!.push(reason);
    }
    this.#scores?.push(score);
  }

  /** A runner prefix, masked (once per distinct prefix). */
  #maskedPrefix(prefix: string): string {
    const mask = this.#mask;
    if (mask === undefined) return prefix;
    const cache = this.#prefixCache;
    let masked = cache.get(prefix);
    if (masked === undefined) {
      if (cache.size >= 256) cache.clear();
      masked = mask(prefix);
      cache.set(prefix, masked);
    }
    return masked;
  }

  /**
   * The output of the push, at input position `pos`: a block of kept lines that ended
   * before it is decided; `last`: the end of input, every block is.
   */
  end(pos: number = this.pos, last = false): Batch {
    if (last) this.#blocks?.finish();
    else this.#blocks?.end(pos);
    const b: Batch = { lines: this.#lines };
    if (this.#opaque !== undefined) b.opaque = this.#opaque;
    if (this.#numbers !== undefined) {
      b.numbers = this.#numbers;
      b.reasons = this.#reasons;
    }
    if (this.#scores !== undefined) b.scores = this.#scores;
    return b;
  }
}
