/**
 * Known noise of JavaScript test runners' verdicts of passing tests: jest, vitest, mocha, node:test, bun,
 * Cypress, TAP (tape, node-tap, node:test's reporter): never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Jest, vitest, mocha, node:test, bun, Cypress, TAP. */
export const JS_TEST_RULES: readonly Rule[] = [
  {
    id: "js-test/check",
    marks: "noise",
    cues: ["✓ ", "✔ ", "√ "],
    pattern: "[✓✔√] ",
    match: [
      "      ✓ rejects invalid payload (110 ms)",
      "  ✔ throws TypeError on bad input (2ms)",
      "  √ rejects unauthorized users",
      " ✓ src/cart.test.ts (12 tests) 34ms",
    ],
    noMatch: ["      ✕ applies percentage discount to order total (24 ms)", "✓error"],
  },
  {
    id: "cypress/boxed-pass",
    marks: "noise",
    cues: ["│"],
    pattern: "│ *[✔✓] ",
    match: [
      "  │ ✔  errors.cy.ts                      00:01        2        2        -        -        - │",
    ],
    noMatch: [
      "  │ ✖  errors.cy.ts                      00:01        2        1        1        -        - │",
    ],
  },
  {
    id: "jest/pass",
    marks: "noise",
    cues: ["PASS"],
    pattern: "PASS(?: |$)",
    match: ["PASS src/lib/__tests__/errors.test.ts (8.912 s)", "PASS"],
    noMatch: ["FAIL src/lib/__tests__/errors.test.ts", "PASSWORD expired"],
  },
  {
    id: "bun/pass",
    marks: "noise",
    cues: ["(pass) "],
    pattern: "\\(pass\\) ",
    match: ["(pass) parser > fails on empty input [0.12ms]"],
    noMatch: ["(fail) parser > fails on empty input [0.12ms]"],
  },
  {
    id: "node-test/subtest",
    marks: "noise",
    cues: ["# Subtest: "],
    pattern: "# Subtest: ",
    match: ["    # Subtest: rejects invalid input", "# Subtest: a"],
    noMatch: ["# Subtests failed: 1"],
  },
  {
    id: "tap/indented-ok",
    marks: "noise",
    cues: ["ok"],
    indent: [1, Infinity],
    decides: true,
    pattern: "ok \\d+(?: -? ?\\S.*)?$",
    match: ["    ok 12 - handles error # time=1.2ms", "  ok 3"],
    noMatch: ["    ok, but the error remains", "    not ok 2 - fails"],
  },
];
