/**
 * Known noise of pytest's passing, skipped and expected-failure verdicts and its progress (also
 * Gradle's `x() PASSED`): never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** pytest. */
export const PYTEST_RULES: readonly Rule[] = [
  {
    id: "pytest/passed-first",
    marks: "noise",
    cues: ["PASSED "],
    contains: "::",
    pattern: "PASSED ",
    match: ["PASSED tests/test_api.py::test_error_path"],
    noMatch: ["PASSED the error check"],
  },
  {
    id: "pytest/progress",
    marks: "noise",
    cues: ["%]"],
    at: "end",
    whole: true,
    pattern: "^(?:\\S+\\.py )?[.sxX]+ +\\[ *\\d{1,3}%\\]$",
    match: [
      "tests/test_errors.py ..........                                         [ 10%]",
      "tests/unit/test_timeout.py ..ss......x                                  [ 30%]",
      "........................................................................ [ 45%]",
    ],
    noMatch: ["tests/test_errors.py ..F.......                                         [ 10%]"],
  },
  {
    id: "pytest/xfail",
    marks: "noise",
    cues: [" xfail"],
    at: "end",
    find: [" xfail"],
    subject: true,
    pattern: " xfail$",
    match: ["stress_tests/test_unreachable_net.py::test_http_web_b_gets_an_error xfail"],
    noMatch: ["the test is marked xfail"],
  },
  {
    id: "pytest/passed-last",
    marks: "noise",
    cues: ["D", "]", "L", "S"],
    at: "end",
    find: [" PASSED", " SKIPPED", " X"],
    subject: true,
    pattern: " (?:PASSED|SKIPPED|XFAIL|XPASS)(?: +\\[ *\\d{1,3}%\\])?$",
    match: [
      "tests/test_api.py::test_timeout_is_reported PASSED                      [ 10%]",
      "tests/test_api.py::TestErrors::test_raises PASSED",
      "CartTest > rejectsInvalidQuantity() PASSED",
      "tests/unit/test_money.py::test_allocate_remainder[case2] SKIPPED         [ 24%]",
      "tests/unit/test_fx.py::test_convert_identity[case1] XFAIL                [ 27%]",
    ],
    noMatch: [
      "tests/test_api.py::test_timeout_is_reported FAILED                      [ 10%]",
      "the deploy PASSED",
    ],
  },
];
