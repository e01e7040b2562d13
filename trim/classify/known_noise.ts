/**
 * Known noise: line shapes that are noise whatever words they contain, so they are
 * classified as chatter before any keyword could make them look relevant. A passing
 * test named "rejects invalid payload" or "handles timeouts" is a pass, and a
 * package fetched from `…/error-ex/-/error-ex-1.3.2.tgz` is a download.
 *
 * - passing tests: jest, vitest, mocha, node:test and bun `✓`/`✔`/`√ name (12 ms)`,
 *   bun's `(pass) name`, jest's `PASS src/a.test.ts`, go `--- PASS: TestX (0.00s)`
 *   and `ok  pkg 0.1s` / `ok pkg (cached)`, TAP `ok 3 - name`, pytest
 *   `tests/a.py::test_x PASSED [ 10%]` and `PASSED tests/a.py::test_x`, Gradle
 *   `ATest > x() PASSED`, cargo, Deno and unittest `name ... ok`; skipped tests
 *   (go `--- SKIP:`, pytest `SKIPPED`, `XFAIL`, `XPASS`; a line opening with PHP's
 *   run-tests and automake's `SKIP`, `XFAIL`, pytest's summary `SKIPPED [1] …`; never
 *   `XPASS`, which fails an automake run) and go's progress lines
 *   (`=== RUN   TestX`, `=== PAUSE`, `=== CONT`, `?   pkg [no test files]`);
 * - finished dependency downloads: npm `npm http fetch GET 200 …` (2xx and 3xx),
 *   `npm timing …` and `npm warn deprecated x@1.2.3: …` (a notice about a dependency), Maven `[INFO] Downloading from central: https://…`,
 *   `Downloaded from central: https://…` (and Maven 3.3's `Downloaded: https://…`),
 *   Gradle `Download https://…`, the Gradle wrapper's `Downloading https://…` and its
 *   progress `...........10%.....`;
 * - Gradle's task progress: `> Task :app:compileJava`, `… UP-TO-DATE`, `… NO-SOURCE`,
 *   `… FROM-CACHE` (a task ` FAILED` is not noise);
 * - Jenkins' pipeline steps: `[Pipeline] sh`, `[Pipeline] }`, `[Pipeline] // stage`,
 *   `[Pipeline] timeout` (not a stage's start, `[Pipeline] { (Build)`).
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

/** Go `ok  \tgithub.com/x/y\t0.123s`, `ok  pkg (cached)`; TAP `ok 3 - name`, `ok 3`. */
const _GO_OR_TAP_OK =
  /^ok(?:[ \t]+\S+[ \t]+(?:\d+(?:\.\d+)?s|\(cached\))(?:[ \t].*)?$| \d+(?: -? ?\S.*)?$)/;
/** A skipped test's verdict opening the line: `SKIP `, `SKIP: `, `SKIPPED `, `SKIPPED: `. */
const _SKIP_START = /^SKIP(?:PED)?:? /;
/** npm: a fetch with a 2xx or 3xx status, timing lines, deprecation notices. */
const _NPM_NOISE = /^npm (?:http fetch [A-Z]+ [23]\d\d |timing |(?:warn|WARN) deprecated )/;
/** Maven and Gradle: a download from a repository URL. */
const _DOWNLOAD = /^(?:\[INFO\] )?Download(?:(?:ing|ed)(?: from [\w.-]+)?:?)? https?:\/\//;
/** The Gradle wrapper's download progress: `...........10%............20%…`. */
const _DOTS_PROGRESS = /^\.{3,}\d{1,3}%/;
/** Deno, cargo, Python unittest: ` ... ok`, ` ... ok (12ms)` at the end (sticky, from ` ... ok`). */
const _DOTS_OK = / \.\.\. ok(?: \(\d+(?:\.\d+)? ?[mµn]?s\))?$/y;
/** pytest and Gradle: ` PASSED` (` SKIPPED`, `XFAIL`, `XPASS`) at the end, or before pytest's `[ 10%]` (sticky, from ` PASSED`). */
const _PASSED_END = / (?:PASSED|SKIPPED|XFAIL|XPASS)(?: +\[ *\d{1,3}%\])?$/y;

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
  switch (c) {
    case 0x2713: // ✓
    case 0x2714: // ✔
    case 0x221a: // √
      if (line.charCodeAt(i + 1) === 32) return true;
      break;
    case 80: // P: jest's `PASS src/a.test.ts`, go's `PASS`, pytest's `PASSED tests/a.py::t`
      if (line.startsWith("PASS", i)) {
        const n = line.charCodeAt(i + 4);
        if (n === 32 || i + 4 === len) return true;
        if (n === 69 && line.startsWith("D ", i + 5) && line.indexOf("::", i) !== -1) return true;
      }
      break;
    case 45: // -
      if (line.startsWith("--- PASS: ", i) || line.startsWith("--- SKIP: ", i)) return true;
      break;
    case 83: // S: a skipped test: PHP's run-tests `SKIP name [a.phpt] reason: …`, automake's
      // `SKIP: t/a.sh`, pytest's summary `SKIPPED [1] a.py:3: reason`
      if (i === 0 && _SKIP_START.test(line)) return true;
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
    case 46: // .: the Gradle wrapper's download progress
      if (i === 0 && _DOTS_PROGRESS.test(line)) return true;
      break;
    case 63: // ?: go's `?   \tpkg\t[no test files]`
      if (i === 0 && line.endsWith("[no test files]")) return true;
      break;
    case 40: // (
      if (line.startsWith("(pass) ", i)) return true;
      break;
    case 111: // o
      if (i === 0 && line.charCodeAt(1) === 107 && _GO_OR_TAP_OK.test(line)) return true;
      break;
    case 91: // [: Jenkins' pipeline steps, `[Pipeline] sh`, `[Pipeline] // stage` (a stage's
      // start, `[Pipeline] { (Build)`, names where the failure is)
      if (i === 0 && line.startsWith("[Pipeline] ") && !line.startsWith("{ (", 11)) return true;
      // falls through: Maven's `[INFO] Downloading from …`
    case 68: // D
      if (i === 0 && _DOWNLOAD.test(line)) return true;
      break;
    case 110: // n
      if (i === 0 && line.startsWith("npm ") && _NPM_NOISE.test(line)) return true;
      break;
  }
  const last = line.charCodeAt(len - 1);
  if (last === 107 || last === 41) { // `k`, `)`
    const at = line.lastIndexOf(" ... ok");
    if (at >= i) {
      _DOTS_OK.lastIndex = at;
      if (_DOTS_OK.test(line)) return true;
    }
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
