// Test-runner failure sections are kept whole: the test's source, the assertion, the location.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  FailureSections,
  SECTION_HEADERS_SHOWN,
  SECTION_LINES,
  SECTIONS_SHOWN,
} from "../../../trim/select/sections.ts";
import { trimTextInline } from "../../../mod.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

const pytestSection = (name: string) => [
  `________________________ ${name} ________________________`,
  "",
  '    @pytest.mark.parametrize("subdomain", [',
  "        (1, True),",
  "    ])",
  `    def ${name}(proxy, subdomain):`,
  '        r = proxy.get("http://%s.web.test/port" % subdomain)',
  ">       assert len(r.history) > 0",
  "E       assert 0 > 0",
  "",
  `tests/test_redirect.py:14: AssertionError`,
];

test("pytest: the failing test's section is kept whole, its source lines included", async () => {
  const noise = Array.from({ length: 50 }, (_, i) => `collected item ${i}`);
  const after = Array.from({ length: 200 }, (_, i) => `teardown step ${i}`); // beyond the final window
  const input = [
    ...noise,
    ...pytestSection("test_redirect"),
    "===== 1 failed in 3.2s =====",
    ...after,
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  for (const line of pytestSection("test_redirect")) {
    if (line.trim() !== "") assert.ok(output.includes(line), line);
  }
});

test("sections: the first few are shown whole, later ones only by the line rules", () => {
  const s = new FailureSections();
  const shown: boolean[] = [];
  for (let k = 0; k < SECTIONS_SHOWN + 2; k++) {
    for (const line of pytestSection(`test_${k}`)) shown.push(s.next(line));
  }
  const per = pytestSection("x").length;
  assert.ok(shown.slice(0, SECTIONS_SHOWN * per).every((b) => b));
  assert.ok(shown.slice(SECTIONS_SHOWN * per).every((b) => !b));
});

test("sections: later mocha and PHPUnit failures show their header alone (the test's name)", () => {
  const s = new FailureSections();
  const failure = (k: number) => [
    `  ${k}) cart adds item ${k}:`,
    "     AssertionError: expected 2 to equal 3",
    "      at Context.<anonymous> (test/cart.test.js:12:5)",
  ];
  const shown: boolean[][] = [];
  s.next("  60 failing");
  for (let k = 1; k <= 60; k++) shown.push(failure(k).map((l) => s.next(l)));
  for (let k = 0; k < SECTIONS_SHOWN; k++) assert.deepEqual(shown[k], [true, true, true]);
  for (let k = SECTIONS_SHOWN; k < SECTION_HEADERS_SHOWN; k++) {
    assert.deepEqual(shown[k], [true, false, false], `failure ${k + 1}`);
  }
  for (let k = SECTION_HEADERS_SHOWN; k < 60; k++) {
    assert.deepEqual(shown[k], [false, false, false]);
  }
});

test("sections: a long section is capped; a separator or an unindented line ends it", () => {
  const s = new FailureSections();
  const body = Array.from({ length: SECTION_LINES + 20 }, (_, i) => `    line ${i}`);
  const got = ["____ test_long ____", ...body].map((l) => s.next(l));
  assert.equal(got.filter(Boolean).length, SECTION_LINES);
  assert.equal(s.next("===== short test summary info ====="), false);
  // jest and go: the body is the indented lines under the header.
  assert.deepEqual(
    ["  ● cart › adds an item", "    expect(received).toBe(expected)", "Tests: 1 failed"]
      .map((l) => s.next(l)),
    [true, true, false],
  );
  assert.deepEqual(
    ["--- FAIL: TestTotal (0.00s)", "    sum_test.go:12: got 3, want 4", "FAIL"].map((l) =>
      s.next(l)
    ),
    [true, true, false],
  );
});

test("sections: RSpec's numbered failures after `Failures:`, their indented bodies whole", () => {
  const s = new FailureSections();
  const rspec = [
    "Pending: (Failures listed here are expected and do not affect your suite's status)",
    "",
    "  1) Invoice#pdf renders the logo",
    "     # Temporarily skipped with xit",
    "Failures:",
    "",
    "  1) Invoice#total rounds to cents",
    "     Failure/Error: expect(invoice.total).to eq(10.01)",
    "",
    "       expected: 10.01",
    "            got: 10.005",
    "",
    "     # ./spec/models/invoice_spec.rb:27:in `block (3 levels) in <top (required)>'",
    "",
    "Finished in 4.12 seconds (files took 2.01 seconds to load)",
  ];
  assert.deepEqual(rspec.map((l) => s.next(l)), [
    false,
    false,
    false, // a pending example is not a failure
    false,
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    false,
  ]);
});

test("sections: mocha and PHPUnit numbered failures, only after their summary line", () => {
  const s = new FailureSections();
  // Before `N failing`, a numbered line is just a line.
  assert.equal(s.next("  1) retries the request"), false);
  const mocha = [
    "  82 passing (16s)",
    "  1 failing",
    "",
    "  1) window tests default column when opening a file:",
    "      AssertionError: wanted viewColumn:1 but got viewColumn:2",
    "      + expected - actual",
    "      -false",
    "      +true",
    "      at Context.<anonymous> (src/window.test.ts:137:10)",
    "npm ERR! Test failed.",
  ];
  assert.deepEqual(mocha.map((l) => s.next(l)), [
    false,
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    true,
    false,
  ]);
  const p = new FailureSections();
  const phpunit = [
    "There were 2 failures:",
    "",
    "1) Composer\\Test\\ApplicationTest::testDevWarning",
    "Failed asserting that two strings are identical.",
    "/home/travis/build/composer/composer/tests/Composer/Test/ApplicationTest.php:25",
    "",
    "2) Composer\\Test\\ApplicationTest::testDevWarningPrevented",
    "/home/travis/build/composer/composer/tests/Composer/Test/ApplicationTest.php:118",
    "FAILURES!",
    "Tests: 10, Assertions: 20, Failures: 2.",
    "3) not a failure any more",
  ];
  assert.deepEqual(phpunit.map((l) => p.next(l)), [
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
});

test("pytest's warnings summary is noise, even in the final window", async () => {
  const warnings = [
    "=============================== warnings summary ===============================",
    ...Array.from({ length: 12 }, (_, i) => [
      `tests/unit/test_m${i}.py::test_case_${i}`,
      `  /app/src/ledger/models.py:${100 + i}: DeprecationWarning: datetime.utcnow() is deprecated`,
      "    return datetime.utcnow()",
    ]).flat(),
    "-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html",
  ];
  const input = [
    ...Array.from({ length: 200 }, (_, i) => `tests/unit/test_x.py::test_${i} PASSED`),
    "FAILED tests/unit/test_totals.py::test_sum - assert 3 == 4",
    ...warnings,
    "=========================== short test summary info ============================",
    "FAILED tests/unit/test_totals.py::test_sum - assert 3 == 4",
    "========================= 1 failed, 200 passed in 3.10s =========================",
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(!output.includes("DeprecationWarning"), output);
  assert.ok(!output.includes("warnings summary") && !output.includes("-- Docs:"));
  assert.ok(output.includes("short test summary info") && output.includes("1 failed, 200 passed"));
});

const tapFailure = (n: number) => [
  `not ok ${n} no messages in results`,
  "  ---",
  "    operator: deepEqual",
  "    expected: |-",
  "      []",
  "    actual: |-",
  "      [ { ruleId: 'no-multiple-empty-lines', severity: 2, line: 1 } ]",
  "    at: Test.<anonymous> (/build/test/order.js:58:7)",
  "  ...",
];

test("TAP: a failed test point's YAML block (operator, expected, actual, at) is kept whole", async () => {
  const s = new FailureSections();
  assert.deepEqual(
    ["ok 1 passes", ...tapFailure(2), "ok 3 passes"].map((l) => s.next(l)),
    [false, ...tapFailure(2).map(() => true), false],
  );
  const passing = Array.from({ length: 40 }, (_, i) => `ok ${i + 1} case ${i}`);
  const later = Array.from({ length: 120 }, (_, i) => `ok ${i + 42} later case ${i}`);
  const input = [...passing, ...tapFailure(41), ...later, "# tests 161", "# fail 1"];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  // Every line of the block, its `---` rule included (a filler inside it); the closing
  // `...` is a filler with nothing shown after it.
  for (const line of tapFailure(41).slice(0, -1)) assert.ok(output.includes(line), line);
});

test("pytest: a library's source repeated in every failure's section is not shown each time", async () => {
  // Five tests fail through the same library call: each section prints its source.
  const library = [
    "    def send(self, request, stream=False, timeout=None, verify=True, cert=None):",
    "        conn = self.get_connection(request.url, proxies)",
    "        try:",
    "            resp = conn.urlopen(method=request.method, url=url, body=request.body)",
    "        except MaxRetryError as e:",
    ">           raise ConnectionError(e, request=request)",
  ];
  const section = (name: string) => [
    `________________________ ${name} ________________________`,
    `    def ${name}(proxy):`,
    `>       r = proxy.get("http://${name}.web.test/port")`,
    "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _",
    ...library,
    `E       ConnectionError: HTTPConnectionPool(host='${name}.web.test', port=80)`,
    "",
    "/usr/lib/python3/site-packages/requests/adapters.py:487: ConnectionError",
  ];
  const names = ["test_a", "test_b", "test_c", "test_d", "test_e"];
  const input = [...names.flatMap(section), "===== 5 failed in 3.2s ====="];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  const count = (l: string) => output.split("\n").filter((o) => o === l).length;
  // Without the rule each of the five sections (SECTIONS_SHOWN) shows it.
  for (const l of [library[0], library[1], library[3]]) {
    assert.ok(count(l) >= 3 && count(l) <= 4, `${count(l)}: ${l}`);
  }
  // each test's own lines are shown, and the short lines of a section's structure stay
  for (const n of names) assert.ok(output.includes(`def ${n}(proxy):`), n);
  assert.ok(count("        try:") >= 4);
});
