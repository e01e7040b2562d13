import { test } from "node:test";
import assert from "node:assert/strict";
import { isKnownNoise } from "../../../trim/classify/known_noise.ts";
import {
  LineCategory,
  lineSignal,
  scoreForLevel,
  signalCategory,
} from "../../../trim/classify/score.ts";
import { trimTextInline } from "../../../trim/process.ts";

const noise = (line: string) => isKnownNoise(line, line.charCodeAt(0));

const PASSING = [
  "      ✓ retries invalid payload (110 ms)", // jest: a diagnostic word in the name
  "  ✓ handles timeouts",
  "  ✔ throws TypeError on bad input (2ms)", // mocha, node:test
  "  √ rejects unauthorized users", // mocha on Windows
  " ✓ src/cart.test.ts (12 tests) 34ms", // vitest
  "  │ ✔  errors.cy.ts                      00:01        2        2        -        -        - │", // Cypress
  "(pass) parser > fails on empty input [0.12ms]", // bun
  "PASS src/lib/__tests__/errors.test.ts (8.912 s)", // jest suite
  "PASS",
  "--- PASS: TestReconcileErrors (0.00s)", // go
  "    --- PASS: TestReconcile/timeout (0.01s)",
  "ok  \tgithub.com/acme/app/internal/errors\t0.012s",
  "ok      github.com/acme/app (cached)",
  "ok  \tgithub.com/acme/app\t0.5s\tcoverage: 81.0% of statements",
  "ok 3 - rejects invalid tokens", // TAP
  "ok 12",
  "ok  751 - neg/t7385.scala                         ", // partest (scala), aligned
  "tests/test_api.py::test_timeout_is_reported PASSED                      [ 10%]", // pytest
  "tests/test_api.py::TestErrors::test_raises PASSED",
  "PASSED tests/test_api.py::test_error_path",
  "CartTest > rejectsInvalidQuantity() PASSED", // gradle
  "tests/unit/test_money.py::test_allocate_remainder[case2] SKIPPED         [ 24%]",
  "tests/unit/test_fx.py::test_convert_identity[case1] XFAIL                [ 27%]",
  "stress_tests/test_unreachable_net.py::test_http_web_b_gets_an_error xfail",
  "    --- SKIP: TestWindowsPaths (0.00s)",
  "=== RUN   TestReconcile/with_fees",
  "=== PAUSE TestConcurrentInserts",
  "?   \tgithub.com/acme/ledger/cmd/ledgerd\t[no test files]",
  "=== CONT  TestConcurrentInserts",
  "test parser::tests::fails_on_error ... ok", // cargo
  "error handling ... ok (3ms)", // deno
  "test_connection_refused (tests.test_net.NetTest) ... ok", // unittest
  // php-src's run-tests: skipped and expected failures, trigger words in their names
  "SKIP Testing unlink() function : error conditions [ext/standard/tests/file/unlink_error-win32.phpt] reason: only on Windows",
  "XFAIL Bug #48770 (call_user_func_array() fails to call parent) [Zend/tests/bug48770.phpt]  XFAIL REASON: See Bug #48770",
  "SKIPPED [1] tests/test_io.py:12: requires the error backend", // pytest's summary
  "SKIP: t/error-paths.sh", // automake
  "XFAIL: t/known-failure.sh",
  // .NET (vstest), GoogleTest, XCTest, Maven Surefire: trigger words in the names
  "  Passed Acme.Tests.OrderTests.Rejects_invalid_payload [12 ms]",
  '  Passed Acme.Tests.Parser.Fails_on(input: "a b") [< 1 ms]',
  "  Skipped Acme.Tests.OrderTests.Slow_timeout [1 s]",
  "[ RUN      ] ErrorTest.HandlesInvalidInput",
  "[       OK ] ErrorTest.HandlesInvalidInput (0 ms)",
  "Test Case '-[AppTests.ErrorTests testInvalidInput]' passed (0.001 seconds).",
  "Test Suite 'ErrorTests' passed at 2024-05-01 10:00:00.123.",
  "[INFO] Tests run: 25, Failures: 0, Errors: 0, Skipped: 1, Time elapsed: 0.801 s -- in com.acme.ErrorCodeTest",
  "Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.05 sec - in com.acme.FailoverTest",
  "Test Case 'ErrorTests.testInvalid' passed (0.001 seconds)", // XCTest on Linux
  "      Start  1: error_handling_tests", // CTest
  " 1/12 Test  #1: error_handling_tests .............   Passed    0.12 sec",
  "//pkg/errors:error_test                                                  PASSED in 0.4s", // Bazel
  "//pkg/errors:timeout_test                                      (cached) PASSED in 2.0s",
  "    ok 12 - handles error # time=1.2ms", // a TAP subtest (node:test)
  "    # Subtest: rejects invalid input",
  "[----------] 10 tests from ErrorTest (12 ms total)", // GoogleTest
  "...............................................................  63 / 190 ( 33%)", // PHPUnit
  "......S........I...  19 / 190 ( 10%)",
  "................................................................................", // RSpec
  "tests/test_errors.py ..........                                         [ 10%]", // pytest
  "tests/unit/test_timeout.py ..ss......x                                  [ 30%]",
  "........................................................................ [ 45%]",
  "00:02 +5: test/widget_test.dart: handles errors", // Dart, Flutter
  "00:04 +6 ~1 -1: test/widget_test.dart: retries on timeout",
  "test_timeout (tests.TestNet) ... skipped 'needs network'", // unittest
  // Ansible: hosts whose task passed, and the recap of a host that failed nothing
  "ok: [web01] => (item=nginx)",
  "ok: [web1.example.com]",
  "changed: [web2] => (item={'name': 'error_log', 'value': 'on'})",
  "skipping: [db1]",
  "included: /home/ci/roles/app/tasks/errors.yml for web1, web2",
  "web1.example.com          : ok=11   changed=5    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0",
  "db1                        : ok=3    changed=0    unreachable=0    failed=0",
  // Pester: block headers and passing tests, whatever their names say
  "  Describing Negative Parsing Tests",
  "    Context Parse error expected: <<class foo {>>",
  "Describing Get-Planet",
  "    [+] throws an error when the path is missing 35ms",
  "      [+] returns the parse error 1.2s",
];

const DOWNLOADS = [
  "> Task :search:compileKotlin FROM-CACHE",
  "> Task :search:processResources",
  "npm http fetch GET 200 https://registry.npmjs.org/http-errors/-/http-errors-2.0.0.tgz 11ms (cache hit)",
  "npm http fetch GET 304 https://registry.npmjs.org/abort-controller 5ms (cache revalidated)",
  "npm timing reify:loadTrees Completed in 1203ms",
  "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.",
  "npm WARN deprecated request@2.88.2: request has been deprecated",
  "[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/x/error-api/1.0/error-api-1.0.pom",
  "[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/x/y/1.0/y-1.0.jar (12 kB at 80 kB/s)",
  "Downloaded: https://repo.maven.apache.org/maven2/org/x/y/1.0/y-1.0.pom (3 KB at 10.2 KB/sec)",
  "Download https://repo.maven.apache.org/maven2/com/x/timeout-util/1.2/timeout-util-1.2.jar",
  "Downloading https://services.gradle.org/distributions/gradle-8.5-bin.zip", // the wrapper
  "...........10%............20%...........30%............40%...........50%",
  "[Pipeline] timeout", // Jenkins' pipeline steps
  "[Pipeline] // stage",
  "[Pipeline] }",
  "[Pipeline] error",
  "##teamcity[testStarted name='ErrorTests.rejects_invalid' captureStandardOutput='true']", // TeamCity
  "##teamcity[testFinished name='ErrorTests.rejects_invalid' duration='12']",
  "##teamcity[blockOpened name='Error handling' description='errors']",
  "  ##teamcity[progressMessage 'Running error checks']",
  "##teamcity[testSuiteStarted name='ErrorTests']",
];

/** debconf without a terminal (apt-get in a Docker build). */
const DEBCONF = [
  "debconf: unable to initialize frontend: Dialog",
  "debconf: (TERM is not set, so the dialog frontend is not usable.)",
  "debconf: falling back to frontend: Readline",
  "debconf: (Can't locate Term/ReadLine.pm in @INC (you may need to install the Term::ReadLine module) (@INC contains: /etc/perl) at /usr/share/perl5/Debconf/FrontEnd/Readline.pm line 7.)",
  "debconf: falling back to frontend: Teletype",
  "debconf: delaying package configuration, since apt-utils is not installed",
  "dpkg-preconfigure: unable to re-open stdin: No such file or directory",
];

/** A CI cache step's report, hit or miss (Travis's casher, GitHub's caches, GitLab). */
const CACHE_STEPS = [
  "store build cache",
  "fetching master/cache-linux-trusty-3f2a--python-3.6.tgz",
  "could not download cache",
  "adding /home/travis/.cache/pip to cache",
  "change detected (content changed, file is created, or file is deleted):\\n/home/travis/.ivy2/x.xml",
  "changes detected, packing new archive",
  "uploading PR.7950/cache-linux-xenial-abc--jdk-default--scala-2.12.8.tgz",
  "cache uploaded",
  "nothing changed, not updating cache",
  "Cache restored from key: node-cache-Linux-npm-abc",
  "Cache not found for input keys: Linux-pip-123, Linux-pip-",
  "Received 12582912 of 129216512 (9.7%), 12.0 MBs/sec",
  "Checking cache for default-protected...",
  "Creating cache default-1...",
  "Successfully extracted cache",
  "WARNING: Failed to extract cache",
  "Uploading cache.zip to https://storage.googleapis.com/runners-cache/x/cache.zip",
];

const NOT_NOISE = [
  "test_x.py::test_y FAILED",
  "expected failure: the test should xfail",
  "    [-] ThreadJob with ScriptBlock and Using variables 315ms", // Pester: a failed test
  "Context: deadline exceeded while dialing", // a key, not Pester's `Context name`
  "[+] Building 12.3s (7/8)",
  "[Pipeline] { (Build)", // a stage's start names where the failure is
  "...", // no progress
  "      ✕ applies percentage discount to order total (24 ms)",
  "  ✖ throws on bad input",
  "FAIL src/api/__tests__/orders.test.ts (6.655 s)",
  "PASSWORD=[REDACTED]",
  "PASS: lint", // not jest's shape
  "--- FAIL: TestReconcile (0.00s)",
  'fatal: [web3]: FAILED! => {"msg": "non-zero return code"}', // ansible
  'failed: [web3] (item=nginx) => {"msg": "No package matching \'nginx\'"}',
  "ok: [web1] => {", // a printed message follows
  "web3.example.com          : ok=11   changed=5    unreachable=0    failed=1    skipped=0    rescued=0    ignored=0",
  "web4.example.com          : ok=2    changed=0    unreachable=1    failed=0    skipped=0    rescued=0    ignored=0",
  "  Failed Acme.Tests.OrderTests.Applies_discount [12 ms]", // .NET
  "Passed!  - Failed:     1, Passed:   120, Skipped:     0, Total:   121",
  "[  FAILED  ] ErrorTest.HandlesInvalidInput (0 ms)", // GoogleTest
  "Test Case '-[AppTests.ErrorTests testInvalidInput]' failed (0.002 seconds).", // XCTest
  "[ERROR] Tests run: 22, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.087 s <<< FAILURE! -- in com.acme.TaxTest",
  "[INFO] Tests run: 120, Failures: 0, Errors: 0, Skipped: 0", // the module's total
  "count=0",
  " 2/12 Test  #2: timeout_tests ....................***Failed    0.30 sec", // CTest
  "//pkg/errors:timeout_test                                                FAILED in 2.1s", // Bazel
  "!!  754 - neg/t742.scala                            [compilation failed]", // partest
  "    not ok 12 - handles error", // TAP
  "# fail 1",
  "##teamcity[testFailed name='ErrorTests.rejects_invalid' message='expected 4 but was 3']",
  "##teamcity[buildProblem description='Tests failed' identity='tests']",
  "##teamcity[message text='Deploy failed' status='ERROR']",
  "##teamcity[testStdErr name='ErrorTests.x' out='connection refused']",
  "[  FAILED  ] 1 test, listed below:",
  "    okay then", // not TAP
  "  │ ✖  checkout.cy.ts                    00:04        2        1        1        -        - │",
  "  │ Failing:      1                                                │",
  "........F.......", // a failure among the dots
  ".........", // fewer than 10
  "tests/test_errors.py ....F.....                                         [ 20%]",
  "tests/test_errors.py ....E.....                                         [ 20%]",
  "00:03 +5 -1: test/widget_test.dart: throws on invalid input [E]",
  "00:05 +11 -1: Some tests failed.",
  ".......F.......E.....S.........................................  126 / 190 ( 66%)", // PHPUnit
  "test_timeout (tests.TestNet) ... FAIL", // unittest
  "the build took 3 sec", // no CTest verdict
  "okay, retrying",
  "not ok 3 - rejects invalid tokens",
  "tests/test_api.py::test_timeout FAILED                                  [ 10%]",
  "FAILED tests/test_api.py::test_error_path - assert 1 == 2",
  "tests/integration/test_ledger_api.py::test_post_entry_idempotent ERROR   [ 88%]",
  "=== NAME  TestReconcile",
  "PASSED the build despite 3 errors", // no test id
  "XPASS: t/fixed.sh", // automake: an unexpected pass fails the run
  "SKIPPING the error check",
  "  SKIP Testing unlink() function : error conditions", // not at the line's start
  "test parser::tests::fails ... FAILED",
  "npm http fetch GET 404 https://registry.npmjs.org/@acme%2fmissing - Not found",
  "npm ERR! code E404",
  "[ERROR] Failed to execute goal on project app: Could not resolve dependencies",
  "Downloading the internet",
  "    at Object.<anonymous> (src/a.test.ts:3:9)",
  "> Task :search:test FAILED",
  "store build cache failed", // a cache step that failed is no report of one
  "could not download cache: connection reset",
  "WARNING: Failed to extract cache: open cache.zip: permission denied",
  "changes detected in src/, rebuilding",
  "Cache restore failed",
  // debconf's database locked by another apt-get: a cause of failures
  'debconf: DbDriver "config": /var/cache/debconf/config.dat is locked by another process',
  "",
  "   ",
];

test("known noise: passing tests of many runners", () => {
  for (const line of PASSING) assert.ok(noise(line), line);
});

test("known noise: finished dependency downloads", () => {
  for (const line of DOWNLOADS) assert.ok(noise(line), line);
});

test("known noise: a CI cache step's report, hit or miss", () => {
  for (const line of CACHE_STEPS) assert.ok(noise(line), line);
});

test("known noise: debconf's frontend fallbacks without a terminal", () => {
  for (const line of DEBCONF) assert.ok(noise(line), line);
});

test("known noise: failures, errors and other lines are not noise", () => {
  for (const line of NOT_NOISE) assert.ok(!noise(line), JSON.stringify(line));
});

test("known noise is junk at every level, whatever words it contains", () => {
  for (const line of [...PASSING, ...DOWNLOADS, ...CACHE_STEPS, ...DEBCONF]) {
    const sig = lineSignal(line);
    assert.equal(signalCategory(sig), LineCategory.JUNK, line);
    for (const level of ["low", "medium", "high", "aggressive"] as const) {
      assert.equal(scoreForLevel(sig, level), 0, `${level}: ${line}`);
    }
  }
});

test("known noise: never shown, even as context of an error", async () => {
  const log = [
    "PASS src/a.test.ts",
    "  ✓ handles invalid payload (3 ms)",
    "  ✓ retries timeouts (4 ms)",
    "FAIL src/b.test.ts",
    "  ✕ adds numbers (5 ms)",
    "  ✓ rejects unauthorized users",
    "npm http fetch GET 200 https://registry.npmjs.org/x/-/x-1.0.0.tgz 3ms (cache hit)",
    "Tests: 1 failed, 3 passed, 4 total",
  ].join("\n") + "\n";
  const { output } = await trimTextInline(log, { contextBefore: 5, contextAfter: 5 });
  assert.ok(!/✓|PASS |npm http/.test(output), output);
  for (const keep of ["FAIL src/b.test.ts", "  ✕ adds numbers (5 ms)", "Tests: 1 failed"]) {
    assert.ok(output.includes(keep), keep);
  }
});
