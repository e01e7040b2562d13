/**
 * Known noise of RSpec's and minitest's progress of passed tests: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** RSpec, minitest. */
export const RUBY_RULES: readonly Rule[] = [
  {
    id: "ruby/dots",
    marks: "noise",
    cues: [".........."],
    indent: [0, 0],
    whole: true,
    pattern: "^\\.{10,}$",
    match: ["................................................................................"],
    noMatch: [".........F..........", "..."],
  },
];
