/**
 * Known noise of go test's passing and skipped tests and its progress lines (also TAP's `ok N`,
 * which shares go's `ok` line): never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** go test. */
export const GO_RULES: readonly Rule[] = [
  {
    id: "go/pass-skip",
    marks: "noise",
    cues: ["--- PASS: ", "--- SKIP: "],
    pattern: "--- (?:PASS|SKIP): ",
    match: ["--- PASS: TestReconcileErrors (0.00s)", "    --- SKIP: TestWindowsPaths (0.00s)"],
    noMatch: ["--- FAIL: TestReconcileErrors (0.00s)"],
  },
  {
    id: "go/progress",
    marks: "noise",
    cues: ["=== RUN ", "=== PAUSE ", "=== CONT "],
    pattern: "=== (?:RUN|PAUSE|CONT) ",
    match: [
      "=== RUN   TestReconcile/with_fees",
      "=== PAUSE TestConcurrentInserts",
      "=== CONT  TestConcurrentInserts",
    ],
    noMatch: ["=== NAME  TestX", "=== FAIL"],
  },
  {
    id: "go/ok",
    marks: "noise",
    cues: ["ok"],
    indent: [0, 0],
    whole: true,
    pattern:
      "^ok(?:[ \\t]+\\S+[ \\t]+(?:\\d+(?:\\.\\d+)?s|\\(cached\\))(?:[ \\t].*)?$| +\\d+(?: -? ?\\S.*)?$)",
    match: [
      "ok  \tgithub.com/acme/app/internal/errors\t0.012s",
      "ok      github.com/acme/app (cached)",
      "ok 3 - rejects invalid tokens",
      "ok 12",
      "ok  751 - neg/t7385.scala                         ",
    ],
    noMatch: ["ok, the build failed", "okay then"],
  },
  {
    id: "go/no-test-files",
    marks: "noise",
    cues: ["[no test files]"],
    at: "end",
    indent: [0, 0],
    whole: true,
    pattern: "^\\?",
    match: ["?   \tgithub.com/acme/ledger/cmd/ledgerd\t[no test files]"],
    noMatch: ["?   \tgithub.com/acme/ledger [build failed]"],
  },
];
