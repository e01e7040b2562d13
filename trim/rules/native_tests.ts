/**
 * Known noise of Native test runners: CTest, Bazel, GoogleTest, XCTest: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** CTest, Bazel, GoogleTest, XCTest. */
export const NATIVE_TEST_RULES: readonly Rule[] = [
  {
    id: "ctest/start",
    marks: "noise",
    cues: ["Start "],
    indent: [1, Infinity],
    whole: true,
    pattern: "^ +Start +\\d+: \\S+$",
    match: ["      Start  1: error_handling_tests"],
    noMatch: ["Start 1: x", "      Start the error handler now"],
  },
  {
    id: "ctest/passed",
    marks: "noise",
    cues: [" sec"],
    at: "end",
    whole: true,
    pattern: "^ *\\d+\\/\\d+ Test +#\\d+: \\S+ \\.* *Passed +\\d+(?:\\.\\d+)? sec$",
    match: [" 1/12 Test  #1: error_handling_tests .............   Passed    0.12 sec"],
    noMatch: [" 2/12 Test  #2: timeout_tests ....................***Failed    0.30 sec"],
  },
  {
    id: "bazel/passed",
    marks: "noise",
    cues: ["//"],
    indent: [0, 0],
    whole: true,
    pattern: "^\\/\\/\\S+ +(?:\\(cached\\) )?PASSED in \\d+(?:\\.\\d+)?s$",
    match: [
      "//pkg/errors:error_test                                                  PASSED in 0.4s",
      "//pkg/errors:timeout_test                                      (cached) PASSED in 2.0s",
    ],
    noMatch: [
      "//pkg/errors:error_test                                                  FAILED in 0.4s",
    ],
  },
  {
    id: "googletest/progress",
    marks: "noise",
    cues: ["[ RUN      ] ", "[       OK ] ", "[----------] "],
    pattern: "\\[(?: RUN      |       OK |----------)\\] ",
    match: [
      "[ RUN      ] ErrorTest.HandlesInvalidInput",
      "[       OK ] ErrorTest.HandlesInvalidInput (0 ms)",
      "[----------] 10 tests from ErrorTest (12 ms total)",
    ],
    noMatch: ["[  FAILED  ] ErrorTest.HandlesInvalidInput (0 ms)"],
  },
  {
    id: "xctest/passed",
    marks: "noise",
    cues: ["Test Case '", "Test Suite '"],
    indent: [0, 0],
    whole: true,
    pattern: "^Test (?:Case '.*' passed \\(\\d+(?:\\.\\d+)? seconds\\)|Suite '.*' passed at )",
    match: [
      "Test Case '-[AppTests.ErrorTests testInvalidInput]' passed (0.001 seconds).",
      "Test Suite 'ErrorTests' passed at 2024-05-01 10:00:00.123.",
      "Test Case 'ErrorTests.testInvalid' passed (0.001 seconds)",
    ],
    noMatch: ["Test Case '-[AppTests.ErrorTests testInvalidInput]' failed (0.001 seconds)."],
  },
];
