/**
 * Known noise of Dart's and Flutter's compact progress of tests that did not fail: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Dart, Flutter. */
export const DART_RULES: readonly Rule[] = [
  {
    id: "dart/progress",
    marks: "noise",
    cues: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    indent: [0, 0],
    also: [5, " +"],
    whole: true,
    pattern:
      "^\\d\\d:\\d\\d \\+\\d+(?: ~\\d+)?(?: -\\d+)?: (?!.*(?: \\[E\\]|Some tests failed\\.)$)",
    match: [
      "00:02 +5: test/widget_test.dart: handles errors",
      "00:04 +6 ~1 -1: test/widget_test.dart: retries on timeout",
    ],
    noMatch: [
      "00:04 +6 -1: test/widget_test.dart: retries on timeout [E]",
      "00:05 +6 -1: Some tests failed.",
    ],
  },
];
