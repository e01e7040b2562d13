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
 */
export type RuleMark = "chatter" | "cache-step";

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
}
