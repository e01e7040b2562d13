/**
 * PHP's test runner (`run-tests.php`, php-src and PHP extensions) prints the diff of a
 * test's expected and actual output between `========DIFF========` and
 * `========DONE========`, and only then the test's verdict:
 *
 * ```text
 * ========DIFF========
 * 005+ Error: stat1 do not match with stat2 at key value: 8
 * 005- bool(true)
 * ========DONE========
 * FAIL Test lstat() and stat() functions [ext/standard/tests/file/lstat_stat_variation10.phpt]
 * ```
 *
 * The diff of a failed test (`FAIL`, `BORK`, `LEAK`) is why the run failed; the diff of
 * an expected failure (`XFAIL`: a known bug, printed for dozens of tests in every run)
 * is noise, error lines and all. The block is held until its verdict: the first
 * {@linkcode PHP_DIFFS_SHOWN} failed tests' diffs are shown (at most
 * {@linkcode PHP_DIFF_LINES} lines each), expected failures' are dropped, and a block
 * whose verdict is something else (or never comes) goes through the line rules as if
 * it had not been held.
 *
 * @module
 */

import { SECTION_LINES, SECTIONS_SHOWN } from "./sections.ts";

/** Failed tests whose diff is shown whole. */
export const PHP_DIFFS_SHOWN: number = SECTIONS_SHOWN;

/** Lines of one diff shown at most (its markers included), as for a failure section. */
export const PHP_DIFF_LINES: number = SECTION_LINES;

/** Lines held at most before a block is given up on (its verdict may never come). */
export const PHP_DIFF_HOLD_LIMIT = 400;

/**
 * Characters held at most (a line may be up to a MiB long): a block past this is given
 * up on too, so what select holds stays bounded.
 */
export const PHP_DIFF_HOLD_CHARS: number = 1 << 18;

/** What the caller does with a line (and the lines held). */
export const PhpStep = {
  /** Not part of a diff block: the line rules decide it. */
  PASS: 0,
  /** Held (the diff, its markers, blank lines before the verdict). */
  HOLD: 1,
  /** A failed test's verdict: show the held lines, then decide this one as usual. */
  SHOW: 2,
  /** An expected failure's (or a passed test's) verdict: drop the held lines. */
  DROP: 3,
  /** Not a diff block after all: the held lines, then this one, go through the rules. */
  REPLAY: 4,
} as const;

/** One of {@linkcode PhpStep}. */
export type PhpStep = typeof PhpStep[keyof typeof PhpStep];

const _DIFF = "========DIFF========";
const _DONE = "========DONE========";
/** Verdicts of a failed test (`LEAK&FAIL` included). */
const _FAILED = /^(?:FAIL|BORK|LEAK)\b/;
/** Verdicts that are not failures (`XFAIL`, `XLEAK`, …). */
const _NOT_FAILED = /^(?:XFAIL|XLEAK|PASS|SKIP|WARN)\b/;

const enum _State {
  NONE = 0,
  BODY = 1,
  VERDICT = 2,
}

/**
 * Follows PHP's diff blocks line by line (see the module docs).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PhpStep, PhpTestDiffs } from "./php_diffs.ts";
 * const d = new PhpTestDiffs();
 * const steps = [
 *   "========DIFF========",
 *   "001+ int(2)",
 *   "001- int(1)",
 *   "========DONE========",
 *   "FAIL Test sum [tests/sum.phpt]",
 * ].map((l, i) => d.next(l, i + 1));
 * assert.deepEqual(steps, [PhpStep.HOLD, PhpStep.HOLD, PhpStep.HOLD, PhpStep.HOLD, PhpStep.SHOW]);
 * assert.deepEqual(d.held, ["========DIFF========", "001+ int(2)", "001- int(1)", "========DONE========"]);
 * d.clear();
 * assert.ok(d.next("PASS Test x [x.phpt]", 6) === PhpStep.PASS);
 * ```
 */
export class PhpTestDiffs {
  #state = _State.NONE;
  #shown = 0;
  #chars = 0;
  /** The lines held (the block's markers included). */
  held: string[] = [];
  /** Their input line numbers. */
  nums: number[] = [];

  /** Whether lines are held (the caller must not decide later lines before them). */
  get holding(): boolean {
    return this.#state !== _State.NONE;
  }

  /** The step for `line` (number `num`); held lines are kept in {@linkcode held}. */
  next(line: string, num: number): PhpStep {
    const state = this.#state;
    if (state === _State.NONE) {
      if (line.charCodeAt(0) !== 61 || !_isMarker(line, _DIFF)) return PhpStep.PASS;
      this.#state = _State.BODY;
      return this.#hold(line, num);
    }
    if (state === _State.BODY) {
      if (this.#full(line)) return this.#give(PhpStep.REPLAY);
      if (line.charCodeAt(0) === 61 && _isMarker(line, _DONE)) this.#state = _State.VERDICT;
      return this.#hold(line, num);
    }
    // The verdict: the first line after the block that is not blank.
    if (line.trim() === "") {
      return this.#full(line) ? this.#give(PhpStep.REPLAY) : this.#hold(line, num);
    }
    if (_FAILED.test(line)) {
      if (this.#shown >= PHP_DIFFS_SHOWN) return this.#give(PhpStep.REPLAY);
      this.#shown++;
      return this.#give(PhpStep.SHOW);
    }
    return this.#give(_NOT_FAILED.test(line) ? PhpStep.DROP : PhpStep.REPLAY);
  }

  /**
   * Gives up the block being held (a line that must be decided now, the end of the
   * input): the caller takes {@linkcode held} through the line rules and clears.
   */
  abandon(): void {
    this.#state = _State.NONE;
  }

  /** Forgets the lines held (after the caller took them). */
  clear(): void {
    this.held = [];
    this.nums = [];
    this.#chars = 0;
  }

  #hold(line: string, num: number): PhpStep {
    this.held.push(line);
    this.nums.push(num);
    this.#chars += line.length;
    return PhpStep.HOLD;
  }

  /** Whether holding `line` too would pass a bound. */
  #full(line: string): boolean {
    return this.held.length >= PHP_DIFF_HOLD_LIMIT ||
      this.#chars + line.length > PHP_DIFF_HOLD_CHARS;
  }

  #give(step: PhpStep): PhpStep {
    this.#state = _State.NONE;
    return step;
  }
}

/** `marker` alone on the line (trailing whitespace allowed). */
function _isMarker(line: string, marker: string): boolean {
  if (!line.startsWith(marker)) return false;
  for (let i = marker.length; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}
