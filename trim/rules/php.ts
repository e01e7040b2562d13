/**
 * Known noise of PHP's test runners: run-tests' and automake's `SKIP`/`XFAIL` (and pytest's summary
 * `SKIPPED [1] …`), PHPUnit's progress of passed and skipped tests: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** PHP run-tests, automake, PHPUnit. */
export const PHP_RULES: readonly Rule[] = [
  {
    id: "php/skip",
    marks: "noise",
    cues: ["SKIP"],
    indent: [0, 0],
    pattern: "SKIP(?:PED)?:? ",
    match: [
      "SKIP Testing unlink() function : error conditions [ext/standard/tests/file/unlink_error-win32.phpt] reason: only on Windows",
      "SKIPPED [1] tests/test_io.py:12: requires the error backend",
      "SKIP: t/error-paths.sh",
    ],
    noMatch: ["SKIPPING the error check", "  SKIP: indented"],
  },
  {
    id: "php/xfail",
    marks: "noise",
    cues: ["XFAIL ", "XFAIL: "],
    indent: [0, 0],
    pattern: "XFAIL:? ",
    match: [
      "XFAIL Bug #48770 (call_user_func_array() fails to call parent) [Zend/tests/bug48770.phpt]  XFAIL REASON: See Bug #48770",
      "XFAIL: t/known-failure.sh",
    ],
    noMatch: ["XPASS: t/known-failure.sh", "XFAILED"],
  },
  {
    id: "phpunit/progress",
    marks: "noise",
    cues: ["."],
    indent: [0, 0],
    whole: true,
    pattern: "^[.SI]+ +\\d+ \\/ \\d+ \\( *\\d{1,3}%\\)$",
    match: [
      "...............................................................  63 / 190 ( 33%)",
      "......S........I...  19 / 190 ( 10%)",
    ],
    noMatch: ["......F........E...  19 / 190 ( 10%)"],
  },
];
