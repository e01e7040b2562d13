/**
 * What a rule of `trim/rules/` is: knowledge about one tool's lines as data, with the
 * examples that pin it down. The mechanism that applies the rules lives in `classify/`
 * (each kind of mark composes its rules into one expression); adding a tool's lines
 * means adding entries with their examples, not code.
 *
 * @module
 */

/**
 * What a line a rule matches is:
 *
 * - `chatter`: download, install, build and checkout progress (`Pull complete`,
 *   `Compiling x v1.0`): never kept on its own, still context before an error it may
 *   explain. Patterns are prefixes of the line's text (after indentation and a
 *   Docker layer id).
 * - `cache-step`: a CI cache step's report, hit or miss: known noise, never context.
 *   Patterns are prefixes of the whole line.
 * - `noise`: known noise, a line shape that is noise whatever words it holds (a
 *   passing or skipped test, a finished download, a task's progress): never kept, never
 *   context. The cue stands where `at` says (within `indent`), and the pattern is tried
 *   there (sticky) or on the whole line (`whole`); see `classify/known_noise.ts`.
 */
export type RuleMark = "chatter" | "cache-step" | "noise";

/** One rule. */
export interface Rule {
  /** `family/name`, unique. */
  readonly id: string;
  /** What a matching line is. */
  readonly marks: RuleMark;
  /**
   * Literal text a matching line always contains (one of them, case-sensitive): what a
   * multi-pattern scan can select the rule by.
   */
  readonly cues: readonly string[];
  /** The pattern (a regular expression's source), anchored as its mark says. */
  readonly pattern: string;
  /** Lines the rule matches. */
  readonly match: readonly string[];
  /** Lines it must not match (near misses). */
  readonly noMatch: readonly string[];
  /**
   * `noise` only: where a cue stands. `text` (the default): at the line's first
   * character above U+0020; `end`: the line ends with it.
   */
  readonly at?: "text" | "end";
  /**
   * `noise` only: the columns the line's text may start at, inclusive (`[0, 0]`: at the
   * line's start, not indented; default any).
   */
  readonly indent?: readonly [number, number];
  /**
   * `noise` only: a second literal, this many characters after the cue's start: a cheap
   * check before the pattern, for cues that are short (Dart's `00:02 +5:`: a digit,
   * then ` +` at 5).
   */
  readonly also?: readonly [number, string];
  /**
   * `noise` only: a literal the line holds at or after the cue (pytest's `PASSED a.py::t`:
   * `::`), looked for before the pattern is tried.
   */
  readonly contains?: string;
  /** `noise` only: a literal the line must not end with (Gradle's `> Task :x FAILED`). */
  readonly notEnds?: string;
  /**
   * `noise` only: a pattern the line's end matches (a regular expression's source ending
   * in `$`, searched in the whole line), tried after `pattern` (Pester's time, ` 35ms`).
   */
  readonly tail?: string;
  /**
   * `noise` only: the pattern is tried on the whole line (an expression starting with
   * `^`), not at the cue (or at `find`).
   */
  readonly whole?: boolean;
  /**
   * `noise` only: when the cue is there, the rule's verdict is final: no other rule is
   * tried (`##teamcity[testFailed …]` is no noise, whatever its end).
   */
  readonly decides?: boolean;
  /**
   * `noise`, `at: "end"` only: the pattern is tried at the last occurrence of the first
   * of these found in the line, after the text's start.
   */
  readonly find?: readonly string[];
  /**
   * `noise`, with `find` only: the word before it must name a test (a pytest node id
   * `a.py::test_x`, a Gradle method `x()`).
   */
  readonly subject?: boolean;
}
