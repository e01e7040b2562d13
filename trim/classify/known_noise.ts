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
 * Each of these is a `noise` rule of `trim/rules/` (one file per tool family, with
 * examples that match and must not); the cache steps are its `cache-step` rules. This
 * module is the mechanism: it compiles the rules once into a dispatch on the line's
 * first visible character (the first character of a rule's cue) and on its last
 * character (`at: "end"`), so a line tries only the few rules whose cue could stand
 * there, and an expression runs only when the cue is there.
 *
 * `score.ts` classifies them as junk: no points at any level, never context. Other
 * download, install and step lines (`Collecting x`, `Cloning into 'x'...`, `Step 3/9`)
 * are chatter by their prefix (`_CHATTER` in `score.ts`), after the keyword checks:
 * never kept on their own, but still context before an error they may explain.
 *
 * @module
 */

import { alternationOf, type Rule, rulesOf } from "../rules/all.ts";

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

/** One cue of a `noise` rule, compiled. */
interface _Entry {
  readonly id: string;
  readonly cue: string;
  readonly alsoAt: number;
  readonly also: string;
  readonly min: number;
  readonly max: number;
  readonly re: RegExp;
  readonly contains: string;
  readonly notEnds: string | undefined;
  readonly tail: RegExp | undefined;
  readonly whole: boolean;
  readonly decides: boolean;
  readonly find: readonly string[] | undefined;
  readonly subject: boolean;
}

/** The entries by a character code: ASCII in an array, the rest in a map. */
class _Dispatch {
  readonly ascii: (_Entry[] | undefined)[] = new Array(128).fill(undefined);
  readonly other = new Map<number, _Entry[]>();
  add(code: number, e: _Entry): void {
    let list = code < 128 ? this.ascii[code] : this.other.get(code);
    if (list === undefined) {
      list = [];
      if (code < 128) this.ascii[code] = list;
      else this.other.set(code, list);
    }
    // A rule whose verdict is final is tried before the others of its character.
    if (e.decides) list.splice(list.findIndex((x) => !x.decides) >>> 0, 0, e);
    else list.push(e);
  }
  get(code: number): _Entry[] | undefined {
    return code < 128 ? this.ascii[code] : this.other.get(code);
  }
}

const _BY_FIRST = new _Dispatch();
const _BY_LAST = new _Dispatch();

/** Compiles the `noise` rules into the two dispatches. */
function _compile(rules: readonly Rule[]): void {
  for (const r of rules) {
    const whole = r.whole === true;
    const re = new RegExp(r.pattern, whole ? "" : "y");
    const tail = r.tail === undefined ? undefined : new RegExp(r.tail);
    for (const cue of r.cues) {
      const e: _Entry = {
        id: r.id,
        cue,
        alsoAt: r.also?.[0] ?? 0,
        also: r.also?.[1] ?? "",
        min: r.indent?.[0] ?? 0,
        max: r.indent?.[1] ?? Infinity,
        re,
        contains: r.contains ?? "",
        notEnds: r.notEnds,
        tail,
        whole,
        decides: r.decides === true,
        find: r.find,
        subject: r.subject === true,
      };
      if (r.at === "end") _BY_LAST.add(cue.charCodeAt(cue.length - 1), e);
      else _BY_FIRST.add(cue.charCodeAt(0), e);
    }
  }
}
_compile(rulesOf("noise"));

/**
 * Whether entry `e` (its cue at `i`: the line's start of text, or where `find` found
 * it) matches: its literals first, then its pattern, then its tail.
 */
function _matchesAt(e: _Entry, line: string, i: number): boolean {
  if (e.contains.length > 0 && line.indexOf(e.contains, i) === -1) return false;
  if (e.notEnds !== undefined && line.endsWith(e.notEnds)) return false;
  if (e.whole) {
    if (!e.re.test(line)) return false;
  } else {
    e.re.lastIndex = i;
    if (!e.re.test(line)) return false;
  }
  return e.tail === undefined || e.tail.test(line);
}

/** Whether end entry `e` (the line ends with its cue; text from `i`) matches. */
function _matchesEnd(e: _Entry, line: string, i: number): boolean {
  if (e.find === undefined) return _matchesAt(e, line, 0);
  let at = -1;
  for (let k = 0; k < e.find.length && at < 0; k++) at = line.lastIndexOf(e.find[k]);
  if (at <= i || (e.subject && !_passedSubject(line, i, at))) return false;
  return _matchesAt(e, line, at);
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
  const first = _BY_FIRST.get(c);
  if (first !== undefined) {
    for (let k = 0; k < first.length; k++) {
      const e = first[k];
      if (i < e.min || i > e.max || !line.startsWith(e.cue, i)) continue;
      if (!line.startsWith(e.also, i + e.alsoAt)) continue;
      if (_matchesAt(e, line, i)) return true;
      if (e.decides) return false;
    }
  }
  const last = _BY_LAST.get(line.charCodeAt(len - 1));
  if (last !== undefined) {
    for (let k = 0; k < last.length; k++) {
      const e = last[k];
      if (i < e.min || i > e.max || !line.endsWith(e.cue)) continue;
      if (_matchesEnd(e, line, i)) return true;
      if (e.decides) return false;
    }
  }
  return false;
}

/**
 * Whether the `noise` rule `id` alone matches `line` (its cue where it must be, its
 * pattern there), whatever the other rules say: how the rules' examples are checked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { noiseRuleMatches } from "./known_noise.ts";
 * assert.ok(noiseRuleMatches("go/pass-skip", "--- PASS: TestX (0.00s)"));
 * assert.ok(!noiseRuleMatches("go/pass-skip", "--- FAIL: TestX (0.00s)"));
 * ```
 */
export function noiseRuleMatches(id: string, line: string): boolean {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) <= 32) i++;
  if (i === line.length) return false;
  for (const d of [_BY_FIRST, _BY_LAST]) {
    for (const list of [...d.ascii, ...d.other.values()]) {
      for (const e of list ?? []) {
        if (e.id !== id || i < e.min || i > e.max) continue;
        if (
          d === _BY_FIRST && line.startsWith(e.cue, i) && line.startsWith(e.also, i + e.alsoAt) &&
          _matchesAt(e, line, i)
        ) return true;
        if (d === _BY_LAST && line.endsWith(e.cue) && _matchesEnd(e, line, i)) return true;
      }
    }
  }
  return false;
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
