/**
 * Known noise: line shapes that are noise whatever words they contain, so they are
 * classified as chatter before any keyword could make them look relevant. A passing
 * test named "rejects invalid payload" or "handles timeouts" is a pass, and a
 * package fetched from `…/error-ex/-/error-ex-1.3.2.tgz` is a download.
 *
 * - passing tests: jest, vitest, mocha, node:test and bun `✓`/`✔`/`√ name (12 ms)`
 *   (also as a boxed table's row, Cypress's `│ ✔  cart.cy.ts  00:01 …│`),
 *   bun's `(pass) name`, jest's `PASS src/a.test.ts`, go `--- PASS: TestX (0.00s)`
 *   and `ok  pkg 0.1s` / `ok pkg (cached)`, TAP `ok 3 - name`, pytest
 *   `tests/a.py::test_x PASSED [ 10%]` and `PASSED tests/a.py::test_x`, Gradle
 *   `ATest > x() PASSED`, cargo, Deno and unittest `name ... ok`, .NET's
 *   `  Passed Ns.Tests.X [12 ms]` (and `Skipped`), GoogleTest's `[ RUN      ] T.x` and
 *   `[       OK ] T.x (0 ms)`, XCTest's `Test Case '-[A b]' passed (0.001 seconds).`,
 *   GoogleTest's progress `[----------] 3 tests from T`, node:test's `# Subtest: x`,
 *   Maven Surefire's passing class `Tests run: 5, Failures: 0, Errors: 0, Skipped: 0,
 *   Time elapsed: 0.1 s -- in x.ATest`, CTest's `1/12 Test #1: x ....   Passed 0.12 sec`
 *   and `Start 1: x`, Bazel's `//pkg:x_test   PASSED in 0.4s`, TAP subtests
 *   (`    ok 3 - name`), PHPUnit's progress of passed and skipped tests
 *   (`.....S....  63 / 190 ( 33%)`), RSpec's and minitest's progress of passed tests
 *   only (`..........`), pytest's progress without an `F` or an `E`
 *   (`tests/a.py ....s.  [ 10%]`), Dart's and Flutter's `00:02 +5: name` (not `[E]`),
 *   unittest's `x ... skipped 'reason'`; skipped tests
 *   (go `--- SKIP:`, pytest `SKIPPED`, `XFAIL` (pytest 3: `xfail`), `XPASS`; a line opening with PHP's
 *   run-tests and automake's `SKIP`, `XFAIL`, pytest's summary `SKIPPED [1] …`; never
 *   `XPASS`, which fails an automake run) and go's progress lines
 *   (`=== RUN   TestX`, `=== PAUSE`, `=== CONT`, `?   pkg [no test files]`);
 * - finished dependency downloads: npm `npm http fetch GET 200 …` (2xx and 3xx),
 *   `npm timing …` and `npm warn deprecated x@1.2.3: …` (a notice about a dependency), Maven `[INFO] Downloading from central: https://…`,
 *   `Downloaded from central: https://…` (and Maven 3.3's `Downloaded: https://…`),
 *   Gradle `Download https://…`, the Gradle wrapper's `Downloading https://…` and its
 *   progress `...........10%.....`;
 * - Pester's block headers and passing tests: `Describing Get-Planet`,
 *   `    Context Parse error expected: <<class>>`, `    [+] returns 3 35ms` (not `[-]`);
 * - Gradle's task progress: `> Task :app:compileJava`, `… UP-TO-DATE`, `… NO-SOURCE`,
 *   `… FROM-CACHE` (a task ` FAILED` is not noise);
 * - TeamCity's service messages that report progress: `##teamcity[testStarted …]`,
 *   `testFinished`, `blockOpened`, `progressMessage`, `testIgnored` … (not `testFailed`,
 *   `buildProblem`, `buildStatus`, `message`, `testStdOut`, `testStdErr`);
 * - Jenkins' pipeline steps: `[Pipeline] sh`, `[Pipeline] }`, `[Pipeline] // stage`,
 *   `[Pipeline] timeout` (not a stage's start, `[Pipeline] { (Build)`);
 * - Ansible's task results on hosts that passed: `ok: [web1]`, `changed: [web1]`,
 *   `skipping: [web1]`, each with an optional `=> (item=…)`, and `included: x.yml for
 *   web1` (not `fatal:`, `failed:` or `unreachable:`, nor `ok: [web1] => {` before a
 *   printed message), and a host's line in the `PLAY RECAP` with `unreachable=0` and
 *   `failed=0`;
 * - debconf's frontend fallbacks without a terminal (`debconf: unable to initialize
 *   frontend: Dialog`, `debconf: (Can't locate Term/ReadLine.pm …)`);
 * - a CI cache step's report, hit or miss: Travis's `store build cache`, `fetching
 *   master/cache-….tgz`, `changes detected, packing new archive`, `cache uploaded`;
 *   GitHub's `Cache restored from key: …`, `Received … MBs/sec`; GitLab's `Checking
 *   cache for x...`, `Successfully extracted cache`, `WARNING: Failed to extract cache`.
 *
 * `score.ts` classifies them as junk: no points at any level, never context. Other
 * download, install and step lines (`Collecting x`, `Cloning into 'x'...`, `Step 3/9`)
 * are chatter by their prefix (`_CHATTER` in `score.ts`), after the keyword checks:
 * never kept on their own, but still context before an error they may explain.
 *
 * Hot path: a dispatch on the first non-blank character and on the last character;
 * an expression runs only on lines that pass those checks.
 *
 * @module
 */

import { alternationOf } from "../rules/all.ts";

/**
 * Go `ok  \tgithub.com/x/y\t0.123s`, `ok  pkg (cached)`; TAP `ok 3 - name`, `ok 3`, and
 * partest's aligned `ok  751 - neg/t7385.scala`.
 */
const _GO_OR_TAP_OK =
  /^ok(?:[ \t]+\S+[ \t]+(?:\d+(?:\.\d+)?s|\(cached\))(?:[ \t].*)?$| +\d+(?: -? ?\S.*)?$)/;
/** A skipped test's verdict opening the line: `SKIP `, `SKIP: `, `SKIPPED `, `SKIPPED: `. */
const _SKIP_START = /^SKIP(?:PED)?:? /;
/** npm: a fetch with a 2xx or 3xx status, timing lines, deprecation notices. */
const _NPM_NOISE = /^npm (?:http fetch [A-Z]+ [23]\d\d |timing |(?:warn|WARN) deprecated )/;
/**
 * debconf without a terminal (apt-get in a Docker build or a CI job): `debconf: unable
 * to initialize frontend: Dialog`, `debconf: falling back to frontend: Readline`, its
 * reasons in parentheses (`(TERM is not set, …)`, `(Can't locate Term/ReadLine.pm in
 * @INC …)`), `debconf: delaying package configuration, since apt-utils is not
 * installed`, `dpkg-preconfigure: unable to re-open stdin`. Not a locked database.
 */
const _DEBCONF_NOISE =
  /^(?:debconf: (?:unable to initialize frontend: |falling back to frontend: |delaying package configuration, since apt-utils|\((?:TERM is not set|No usable dialog-like program|Dialog frontend |Can't locate Term\/ReadLine\.pm|This frontend requires a controlling tty))|dpkg-preconfigure: unable to re-open stdin)/;

/** Maven and Gradle: a download from a repository URL. */
const _DOWNLOAD = /^(?:\[INFO\] )?Download(?:(?:ing|ed)(?: from [\w.-]+)?:?)? https?:\/\//;

/**
 * Pester's block headers and passing tests: `Describing Get-Planet`, `  Context Parse
 * error expected`, `    [+] name 35ms` (`c` is the line's first non-blank character,
 * at `i`). Apart from `isKnownNoise`, which stays small: with these lines inline, one
 * set of runs of the CI-log bench input peaked 2.5 MiB higher.
 */
function _isPesterNoise(line: string, i: number, c: number): boolean {
  if (c === 91) return i <= 16 && line.startsWith("[+] ", i) && _PESTER_TIME.test(line);
  if (i > 8) return false;
  if (c === 68) return line.startsWith("Describing ", i) && line.charCodeAt(i + 11) > 32;
  // `Context name`, not `Context: …` (a key)
  const n = line.charCodeAt(i + 8);
  return line.startsWith("Context ", i) && n > 32 && n !== 58;
}

/** Pester's test time at the end of a verdict: `35ms`, `1.2s`. */
const _PESTER_TIME = / \d+(?:\.\d+)?m?s$/;

/** The Gradle wrapper's download progress: `...........10%............20%…`. */
const _DOTS_PROGRESS = /^\.{3,}\d{1,3}%/;
/** .NET's `Passed Ns.X [12 ms]`, `Skipped Ns.X [< 1 ms]`, `Passed Ns.X(a: 1) [1 s]`. */
const _DOTNET_VERDICT = /^\s*(?:Passed|Skipped) \S.* \[(?:< )?\d+(?:\.\d+)? m?s\]$/;
/** Ansible: a host's result that is no failure, with an optional loop item. */
const _ANSIBLE_OK = /^(?:ok|changed|skipping): \[[^\]]+\](?: => \(item=.*\))?$/;
/**
 * TeamCity service messages that report progress (sticky, from after `##teamcity[`):
 * not `testFailed`, `buildProblem`, `buildStatus`, `message` (its `status='ERROR'`),
 * `testStdOut` or `testStdErr`.
 */
const _TEAMCITY_PROGRESS =
  /(?:test(?:Suite)?(?:Started|Finished) |testIgnored |block(?:Opened|Closed) |progress(?:Message|Start|Finish) |flow(?:Started|Finished)|compilation(?:Started|Finished) |buildStatisticValue |publishArtifacts |importData |setParameter |testMetadata |buildNumber |enteredTheMatrix|testRetrySupport )/y;
/** Ansible: the recap of a host with nothing unreachable or failed (ends in `=0`). */
const _ANSIBLE_RECAP_OK = /^\S+ +: ok=\d+ +changed=\d+ +unreachable=0 +failed=0(?: |$)/;
/** Ansible: a file included for hosts. */
const _ANSIBLE_INCLUDED = /^included: \S+ for \S/;
/** XCTest: a passing test case or suite. */
const _XCTEST_PASSED = /^Test (?:Case '.*' passed \(\d+(?:\.\d+)? seconds\)|Suite '.*' passed at )/;
/** TAP, indented (a subtest, node:test's reporter): `    ok 3 - name` (sticky, from `ok`). */
const _TAP_OK = /ok \d+(?: -? ?\S.*)?$/y;
/** CTest: `  1/12 Test  #1: name ......   Passed    0.12 sec`. */
const _CTEST_PASSED = /^ *\d+\/\d+ Test +#\d+: \S+ \.* *Passed +\d+(?:\.\d+)? sec$/;
/** CTest: `      Start  1: name`. */
const _CTEST_START = /^ +Start +\d+: \S+$/;
/** Bazel: `//pkg:target   PASSED in 0.4s`, `(cached) PASSED in 0.4s`. */
const _BAZEL_PASSED = /^\/\/\S+ +(?:\(cached\) )?PASSED in \d+(?:\.\d+)?s$/;
/** PHPUnit's progress of tests that passed or were skipped: `.....S...  63 / 190 ( 33%)`. */
const _PHPUNIT_PROGRESS = /^[.SI]+ +\d+ \/ \d+ \( *\d{1,3}%\)$/;
/** A progress line of passed tests only: RSpec's, minitest's `..........` (10 or more). */
const _ONLY_DOTS = /^\.+$/;
/**
 * pytest's progress without a failure or an error: `tests/a.py ...s..x   [ 10%]`,
 * `..........   [ 45%]` (`.` passed, `s` skipped, `x`/`X` expected failures).
 */
const _PYTEST_PROGRESS = /^(?:\S+\.py )?[.sxX]+ +\[ *\d{1,3}%\]$/;
/**
 * Dart's (and Flutter's) compact progress of a test that did not fail: `00:02 +5: name`,
 * `00:04 +6 ~1 -1: name` (not `… [E]`, the failing test, nor the closing
 * `Some tests failed.`).
 */
const _DART_PROGRESS =
  /^\d\d:\d\d \+\d+(?: ~\d+)?(?: -\d+)?: (?!.*(?: \[E\]|Some tests failed\.)$)/;
/** Python unittest: ` ... skipped 'reason'` at the end (sticky, from ` ... skipped`). */
const _DOTS_SKIPPED = / \.\.\. skipped '.*'$/y;
/** Maven Surefire: a test class with no failure and no error (`-- in` since 3.0). */
const _SUREFIRE_CLASS_OK =
  /^(?:\[INFO\] )?Tests run: \d+, Failures: 0, Errors: 0, Skipped: \d+, Time elapsed: [\d.,]+ s(?:ec)? --? in \S+$/;
/** Deno, cargo, Python unittest: ` ... ok`, ` ... ok (12ms)` at the end (sticky, from ` ... ok`). */
const _DOTS_OK = / \.\.\. ok(?: \(\d+(?:\.\d+)? ?[mµn]?s\))?$/y;
/** pytest and Gradle: ` PASSED` (` SKIPPED`, `XFAIL`, `XPASS`) at the end, or before pytest's `[ 10%]` (sticky, from ` PASSED`). */
const _PASSED_END = / (?:PASSED|SKIPPED|XFAIL|XPASS)(?: +\[ *\d{1,3}%\])?$/y;

/**
 * A CI cache step's report, restored or saved, hit or miss: Travis's casher
 * (`store build cache`, `fetching master/cache-linux-….tgz`, `adding ~/.m2 to cache`,
 * `changes detected, packing new archive`, `cache uploaded`), GitHub's cache actions
 * (`Cache restored from key: …`, `Received 1048576 of 5242880 (20.0%), 1.0 MBs/sec`)
 * and GitLab's runner (`Checking cache for default-1...`, `Successfully extracted
 * cache`, `WARNING: Failed to extract cache`, `Uploading cache.zip to https://…`): the
 * `cache-step` rules of `trim/rules/`.
 */
const _CACHE_STEP = new RegExp(`^(?:${alternationOf("cache-step")})`);

/** First characters of {@linkcode _CACHE_STEP}'s lines: a c f n s u C R S U D W N. */
function _cacheInitial(c: number): boolean {
  return c === 97 || c === 99 || c === 102 || c === 110 || c === 115 || c === 117 ||
    c === 67 || c === 68 || c === 78 || c === 82 || c === 83 || c === 85 || c === 87;
}

/**
 * Whether `line` is known noise (see the module). `c0` is its first character code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isKnownNoise } from "./known_noise.ts";
 * const pass = "      ✓ rejects invalid payload (110 ms)";
 * assert.ok(isKnownNoise(pass, pass.charCodeAt(0)));
 * const fail = "      ✕ applies percentage discount to order total (24 ms)";
 * assert.ok(!isKnownNoise(fail, fail.charCodeAt(0)));
 * ```
 */
export function isKnownNoise(line: string, c0: number): boolean {
  const len = line.length;
  let i = 0;
  let c = c0;
  if (c <= 32) {
    while (i < len && (c = line.charCodeAt(i)) <= 32) i++;
    if (i === len) return false;
  }
  // A CI cache step's report (Travis, GitHub Actions, GitLab): a hit or a miss, no failure.
  if (i === 0 && _cacheInitial(c) && _CACHE_STEP.test(line)) return true;
  switch (c) {
    case 0x2713: // ✓
    case 0x2714: // ✔
    case 0x221a: // √
      if (line.charCodeAt(i + 1) === 32) return true;
      break;
    case 0x2502: { // │: a passing row of a boxed table, Cypress's `│ ✔  cart.cy.ts  00:01 …│`
      let j = i + 1;
      while (line.charCodeAt(j) === 32) j++;
      const m = line.charCodeAt(j);
      if ((m === 0x2714 || m === 0x2713) && line.charCodeAt(j + 1) === 32) return true;
      break;
    }
    case 80: // P: jest's `PASS src/a.test.ts`, go's `PASS`, pytest's `PASSED tests/a.py::t`
      if (line.startsWith("PASS", i)) {
        const n = line.charCodeAt(i + 4);
        if (n === 32 || i + 4 === len) return true;
        if (n === 69 && line.startsWith("D ", i + 5) && line.indexOf("::", i) !== -1) return true;
      } else if (line.startsWith("Passed ", i) && _DOTNET_VERDICT.test(line)) return true;
      break;
    case 45: // -
      if (line.startsWith("--- PASS: ", i) || line.startsWith("--- SKIP: ", i)) return true;
      break;
    case 83: // S: a skipped test: PHP's run-tests `SKIP name [a.phpt] reason: …`, automake's
      // `SKIP: t/a.sh`, pytest's summary `SKIPPED [1] a.py:3: reason`
      if (i === 0 && _SKIP_START.test(line)) return true;
      if (line.startsWith("Skipped ", i) && _DOTNET_VERDICT.test(line)) return true;
      if (i > 0 && line.startsWith("Start ", i) && _CTEST_START.test(line)) return true;
      break;
    case 35: // #: node:test's `# Subtest: name` (its verdict, `ok` or `not ok`, names it again)
      if (line.startsWith("# Subtest: ", i)) return true;
      // TeamCity's service messages that report progress
      if (line.startsWith("##teamcity[", i)) {
        _TEAMCITY_PROGRESS.lastIndex = i + 11;
        return _TEAMCITY_PROGRESS.test(line);
      }
      break;
    case 48: // a digit: Dart's progress `00:02 +5: name` (`~2` skipped, `-1` failed so far)
    case 49:
    case 50:
    case 51:
    case 52:
    case 53:
    case 54:
    case 55:
    case 56:
    case 57:
      if (
        i === 0 && line.charCodeAt(2) === 58 && line.charCodeAt(5) === 32 &&
        line.charCodeAt(6) === 43 && _DART_PROGRESS.test(line)
      ) return true;
      break;
    case 47: // /: Bazel's `//pkg:target   PASSED in 0.4s`
      if (i === 0 && line.charCodeAt(1) === 47 && _BAZEL_PASSED.test(line)) return true;
      break;
    case 115: // s: Ansible's `skipping: [web1]`
      if (i === 0 && line.startsWith("skipping: [") && _ANSIBLE_OK.test(line)) return true;
      break;
    case 99: // c: Ansible's `changed: [web1]`
      if (i === 0 && line.startsWith("changed: [") && _ANSIBLE_OK.test(line)) return true;
      break;
    case 105: // i: Ansible's `included: x.yml for web1`
      if (i === 0 && line.startsWith("included: ") && _ANSIBLE_INCLUDED.test(line)) return true;
      break;
    case 84: // T: XCTest's `Test Case '…' passed (…)`, Surefire's `Tests run: …` of a class
      if (i === 0) {
        if (line.startsWith("Test Case '") || line.startsWith("Test Suite '")) {
          if (_XCTEST_PASSED.test(line)) return true;
        } else if (line.startsWith("Tests run: ") && _SUREFIRE_CLASS_OK.test(line)) return true;
      }
      break;
    case 88: // X: an expected failure: `XFAIL name [a.phpt]`, automake's `XFAIL: t/a.sh`
      if (i === 0 && (line.startsWith("XFAIL ") || line.startsWith("XFAIL: "))) return true;
      break;
    case 61: // =: go test's progress `=== RUN   TestX`, `=== PAUSE`, `=== CONT`
      if (
        line.startsWith("=== ", i) &&
        (line.startsWith("RUN ", i + 4) || line.startsWith("PAUSE ", i + 4) ||
          line.startsWith("CONT ", i + 4))
      ) return true;
      break;
    case 62: // >: Gradle's `> Task :app:compileJava UP-TO-DATE` (not `… FAILED`)
      if (i === 0 && line.startsWith("> Task :") && !line.endsWith(" FAILED")) return true;
      break;
    case 46: // .: the Gradle wrapper's download progress, PHPUnit's progress, RSpec's dots
      if (i === 0 && (_DOTS_PROGRESS.test(line) || _PHPUNIT_PROGRESS.test(line))) return true;
      if (i === 0 && len >= 10 && _ONLY_DOTS.test(line)) return true;
      break;
    case 63: // ?: go's `?   \tpkg\t[no test files]`
      if (i === 0 && line.endsWith("[no test files]")) return true;
      break;
    case 40: // (
      if (line.startsWith("(pass) ", i)) return true;
      break;
    case 111: // o: go's and TAP's `ok …`, Ansible's `ok: [web1]`
      if (line.charCodeAt(i + 1) === 107) {
        if (i > 0) { // an indented TAP subtest
          _TAP_OK.lastIndex = i;
          return _TAP_OK.test(line);
        }
        if (line.charCodeAt(2) === 58) return line.charCodeAt(4) === 91 && _ANSIBLE_OK.test(line);
        if (_GO_OR_TAP_OK.test(line)) return true;
      }
      break;
    case 91: // [: Jenkins' pipeline steps, `[Pipeline] sh`, `[Pipeline] // stage` (a stage's
      // start, `[Pipeline] { (Build)`, names where the failure is)
      if (i === 0 && line.startsWith("[Pipeline] ") && !line.startsWith("{ (", 11)) return true;
      // GoogleTest's `[ RUN      ] T.x`, `[       OK ] T.x (0 ms)`, `[----------] 3 tests from T`
      if (
        line.startsWith("[ RUN      ] ", i) || line.startsWith("[       OK ] ", i) ||
        line.startsWith("[----------] ", i)
      ) return true;
      // Surefire's `[INFO] Tests run: …` of a class that passed
      if (i === 0 && line.startsWith("[INFO] Tests run: ") && _SUREFIRE_CLASS_OK.test(line)) {
        return true;
      }
      // Pester's passing test `[+] name 35ms` (`[-]` fails)
      if (_isPesterNoise(line, i, c)) return true;
      // falls through: Maven's `[INFO] Downloading from …`
    case 68: // D
      if (i === 0 && _DOWNLOAD.test(line)) return true;
      if (c === 68 && _isPesterNoise(line, i, c)) return true;
      break;
    case 67: // C: Pester's `    Context name`
      if (_isPesterNoise(line, i, c)) return true;
      break;
    case 110: // n
      if (i === 0 && line.startsWith("npm ") && _NPM_NOISE.test(line)) return true;
      break;
    case 100: // d: debconf's frontend fallbacks in a non-interactive apt-get (Docker builds)
      if (i === 0 && _DEBCONF_NOISE.test(line)) return true;
      break;
  }
  const last = line.charCodeAt(len - 1);
  if (last === 48 && line.charCodeAt(len - 2) === 61) { // `=0`: Ansible's recap of a host
    return i === 0 && _ANSIBLE_RECAP_OK.test(line);
  }
  if (last === 99 && line.endsWith(" sec")) return _CTEST_PASSED.test(line); // `c`: CTest
  if (last === 39) { // `'`: unittest's ` ... skipped 'reason'`
    const at = line.lastIndexOf(" ... skipped '");
    if (at >= i) {
      _DOTS_SKIPPED.lastIndex = at;
      if (_DOTS_SKIPPED.test(line)) return true;
    }
  }
  if (last === 107 || last === 41) { // `k`, `)`
    const at = line.lastIndexOf(" ... ok");
    if (at >= i) {
      _DOTS_OK.lastIndex = at;
      if (_DOTS_OK.test(line)) return true;
    }
  }
  if (last === 93 && line.charCodeAt(len - 2) === 37 && _PYTEST_PROGRESS.test(line)) {
    return true; // `%]`: pytest's progress
  }
  if (last === 108 && line.endsWith(" xfail")) { // `l`: pytest 3's verbose expected failure
    return len - 6 > i && _passedSubject(line, i, len - 6);
  }
  if (last === 68 || last === 93 || last === 76 || last === 83) { // `D`, `]`, `L`, `S`
    const at = _lastStatus(line);
    if (at > i && _passedSubject(line, i, at)) {
      _PASSED_END.lastIndex = at;
      if (_PASSED_END.test(line)) return true;
    }
  }
  return false;
}

/** Where the last ` PASSED` / ` SKIPPED` / ` XFAIL` / ` XPASS` starts, or -1. */
function _lastStatus(line: string): number {
  const at = line.lastIndexOf(" PASSED");
  if (at !== -1) return at;
  const skip = line.lastIndexOf(" SKIPPED");
  return skip !== -1 ? skip : line.lastIndexOf(" X");
}

/**
 * Whether the word before ` PASSED` (at `at`) names a test: a pytest node id
 * (`a.py::test_x`) or a Gradle method (`x()`).
 */
function _passedSubject(line: string, from: number, at: number): boolean {
  if (line.charCodeAt(at - 1) === 41) return true; // `)`
  const start = line.lastIndexOf(" ", at - 1) + 1;
  const colons = line.indexOf("::", Math.max(start, from));
  return colons !== -1 && colons < at;
}
