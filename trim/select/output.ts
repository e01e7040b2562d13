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

/**
 * An input line that would read as a synthetic line (`[xN] `, `[... `,
 * `[trimlog]`, `[block x…`) is written as `[x1] <line>`, so the output still
 * tells exactly how many input lines each line stands for.
 */
const _LOOKS_SYNTHETIC = /^\[(?:x\d+\] |\.\.\. |trimlog\]|block x)/;

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

  /**
   * @param o `track`: carry numbers, reasons and scores; `scores`: carry scores
   *   (for `maxTokens`); `mask`: masks each line put (the run's masker); `prefixes`:
   *   the runner prefixes cut from input lines, written back on each line put;
   *   `estimate`: the run's token estimate, summed over the lines put in `tokens`.
   */
  constructor(
    o: {
      track: boolean;
      scores: boolean;
      mask?: (line: string) => string;
      prefixes?: RunnerPrefixes;
      estimate?: (line: string) => number;
    },
  ) {
    this.#estimate = o.estimate;
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
    const out = this.#lines;
    if (this.#mask !== undefined) {
      // Masking is idempotent, so a line equal to the clean candidate needs no second pass.
      if (line !== this.#clean) line = this.#mask(line);
    }
    if (opaque) (this.#opaque ??= []).push(out.length);
    else if (line.charCodeAt(0) === 91 && _LOOKS_SYNTHETIC.test(line)) line = `[x1] ${line}`;
    const prefixes = this.#prefixes;
    if (prefixes !== undefined && prefixes.active) {
      const prefix = prefixes.prefixOf(num);
      if (prefix !== "") line = this.#maskedPrefix(prefix) + line;
    }
    out.push(count === "" ? line : count + line);
    if (this.#estimate !== undefined) this.tokens += this.#estimate(line);
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

  /** The output of the push. */
  end(): Batch {
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
