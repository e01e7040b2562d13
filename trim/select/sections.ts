/**
 * Test-runner failure sections: the block a runner prints for one failed test, kept
 * whole because its parts only make sense together (the test's source, the failing
 * assertion, expected and actual, the location).
 *
 * - pytest: `____ test_name ____` up to the next such header or a `====` / `----`
 *   separator line;
 * - jest: `● suite › test` and its indented body (not `● Console`);
 * - go test: `--- FAIL: TestX (0.01s)` and its indented body;
 * - mocha: after `N failing`, each `N) suite test:` and its indented body;
 * - RSpec: after `Failures:`, each `N) Class#method does x` and its indented body
 *   (`Failure/Error:`, expected and got, the `# ./spec/…:27` backtrace);
 * - PHPUnit: after `There were N failures:` (`errors`, `There was 1 …`), each
 *   `N) Class::test` up to the next one or `FAILURES!` / `ERRORS!`;
 * - TAP (tape, node-tap, prove): `not ok N …` and its indented YAML block
 *   (`---` … `...`: operator, expected, actual, at, stack).
 *
 * The first {@linkcode SECTIONS_SHOWN} sections of a log are shown, at most
 * {@linkcode SECTION_LINES} lines each; later ones keep only what the line rules
 * keep (their failure lines), so a run with hundreds of failures stays short.
 *
 * @module
 */

/** Failure sections of a log shown whole. */
export const SECTIONS_SHOWN = 5;

/** Lines of one section shown at most (the header included). */
export const SECTION_LINES = 160;

/**
 * Numbered failures (mocha, PHPUnit) whose header is shown: the first
 * {@linkcode SECTIONS_SHOWN} whole, the others by their header alone. It names the
 * failed test, and these runners print no list of the failed tests' names (pytest's
 * short test summary and go test's `--- FAIL:` lines do).
 */
export const SECTION_HEADERS_SHOWN = 50;

/** Tried only on lines of at most 320 characters that start and end with `_`. */
const _PYTEST_HEADER = /^_{3,} \S.{0,300} _{3,}$/;
/** A pytest separator that ends a section: `=====…`, `----- Captured stdout call -----`. */
const _SEPARATOR = /^(?:={5,}|-{5,})/;

/** A mocha summary line that numbered failures follow: `  3 failing`. */
const _MOCHA_FAILING = /\d+ failing\b/y;
/** A PHPUnit summary line that numbered failures follow: `There were 2 failures:`. */
const _PHPUNIT_FAILURES = /^There (?:was|were) \d+ (?:failure|error|risky test|warning)s?:/;
/** A numbered failure header: `1) suite test:`, `2) Ns\\ClassTest::testX`. */
const _NUMBERED = /\d{1,4}\) \S/y;
/** A failed TAP test point: `not ok 3 - adds numbers`. */
const _TAP_NOT_OK = /not ok \d/y;
/** What ends PHPUnit's numbered failures. */
const _PHPUNIT_END = /^(?:FAILURES!|ERRORS!|WARNINGS!|OK, but|Tests: \d)/;

/** Whether sticky `re` matches `line` at `i` (no copy of the line). */
function _at(re: RegExp, line: string, i: number): boolean {
  re.lastIndex = i;
  return re.test(line);
}

/** What a section's body is: everything to the next header, or its indented lines. */
const enum _Body {
  NONE = 0,
  UNTIL_HEADER = 1,
  INDENTED = 2,
}

/** Which runner's numbered failures may start (after its summary line). */
const enum _Numbered {
  NONE = 0,
  MOCHA = 1,
  PHPUNIT = 2,
}

/**
 * Follows failure sections line by line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FailureSections } from "./sections.ts";
 * const s = new FailureSections();
 * const lines = [
 *   "____ test_total ____",
 *   "    def test_total():",
 *   ">       assert total([1, 2]) == 4",
 *   "E       assert 3 == 4",
 *   "tests/test_sum.py:4: AssertionError",
 *   "===== 1 failed in 0.1s =====",
 * ];
 * assert.deepEqual(lines.map((l) => s.next(l)), [true, true, true, true, true, false]);
 * ```
 */
export class FailureSections {
  #body = _Body.NONE;
  #left = 0;
  #shown = 0;
  #numbered = _Numbered.NONE;

  /**
   * Whether `line` belongs to a failure section being shown (its header included).
   * `indent`: the line's {@linkcode firstVisible} when the caller has it.
   */
  next(line: string, indent: number = firstVisible(line)): boolean {
    const c0 = line.charCodeAt(0);
    if (
      c0 === 95 && line.length <= 320 && line.charCodeAt(line.length - 1) === 95 &&
      _PYTEST_HEADER.test(line)
    ) return this.#start(_Body.UNTIL_HEADER);
    const i = indent <= 8 ? indent : 8; // headers start within 8 columns
    const c = line.charCodeAt(i);
    if (c === 0x25cf && line.charCodeAt(i + 1) === 32 && !line.startsWith("Console", i + 2)) {
      return this.#start(_Body.INDENTED); // ● suite › test (not jest's ● Console)
    }
    if (c === 45 && line.startsWith("--- FAIL: ", i)) return this.#start(_Body.INDENTED);
    if (c === 110 && _at(_TAP_NOT_OK, line, i)) return this.#start(_Body.INDENTED);
    if (c >= 48 && c <= 57) {
      if (this.#numbered !== _Numbered.NONE && _at(_NUMBERED, line, i)) {
        return this.#start(
          this.#numbered === _Numbered.MOCHA ? _Body.INDENTED : _Body.UNTIL_HEADER,
          true,
        );
      }
      if (_at(_MOCHA_FAILING, line, i)) {
        this.#numbered = _Numbered.MOCHA;
        return this.#end();
      }
    } else if (c0 === 84 && line.startsWith("There w") && _PHPUNIT_FAILURES.test(line)) {
      this.#numbered = _Numbered.PHPUNIT;
      return this.#end();
    } else if (c0 === 70 && line.startsWith("Failures:") && line.trimEnd().length === 9) {
      this.#numbered = _Numbered.MOCHA; // RSpec's: bodies indented, as mocha's
      return this.#end();
    }
    if (this.#body === _Body.NONE) return false;
    if (this.#numbered === _Numbered.PHPUNIT && _PHPUNIT_END.test(line)) {
      this.#numbered = _Numbered.NONE;
      return this.#end();
    }
    if (this.#body === _Body.UNTIL_HEADER) {
      if ((c0 === 61 || c0 === 45) && _SEPARATOR.test(line)) return this.#end();
    } else if (line.length > 0 && c0 !== 32 && c0 !== 9) {
      return this.#end();
    }
    if (this.#left <= 0) return false;
    this.#left--;
    return true;
  }

  #start(body: _Body, numbered = false): boolean {
    if (this.#shown >= SECTIONS_SHOWN) {
      this.#body = _Body.NONE;
      if (!numbered || this.#shown >= SECTION_HEADERS_SHOWN) return false;
      this.#shown++;
      return true; // the header alone
    }
    this.#shown++;
    this.#body = body;
    this.#left = SECTION_LINES - 1;
    return true;
  }

  #end(): boolean {
    this.#body = _Body.NONE;
    return false;
  }
}

/**
 * Jest's console blocks: under `● Console`, each `console.log` (`info`, `warn`,
 * `debug`, `trace`) entry with its indented message and call site is what a test
 * printed, not why it failed; those lines are noise wherever they appear. A
 * `console.error` entry is left to the line rules (an unhandled error is printed so).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { JestConsole } from "./sections.ts";
 * const c = new JestConsole();
 * const lines = [
 *   "  ● Console",
 *   "    console.warn",
 *   "      retrying request attempt=2 err=ECONNRESET",
 *   "      at RetryPolicy.warn (src/lib/retry.ts:58:15)",
 *   "    console.error",
 *   "      TypeError: Cannot read properties of undefined (reading 'map')",
 * ];
 * assert.deepEqual(lines.map((l) => c.next(l)), [true, true, true, true, false, false]);
 * ```
 */
export class JestConsole {
  /** Indentation of the console entry being skipped, or -1. */
  #indent = -1;

  /**
   * Whether `line` is part of a console entry other than `console.error` (noise).
   * `indent`: the line's {@linkcode firstVisible} when the caller has it.
   */
  next(line: string, indent: number = firstVisible(line)): boolean {
    const i = indent;
    if (i === line.length) return this.#indent >= 0; // a blank line inside an entry
    if (this.#indent >= 0) {
      if (i > this.#indent) return true;
      this.#indent = -1;
    }
    const c = line.charCodeAt(i);
    if (c === 0x25cf && line.startsWith("● Console", i) && line.length - i === 9) return true;
    if (c === 99 && line.startsWith("console.", i) && _NOISY_METHOD.test(line.slice(i + 8))) {
      this.#indent = i;
      return true;
    }
    return false;
  }
}

/**
 * pytest's warnings summary: from `===== warnings summary =====` (or `… (final) …`)
 * to its `-- Docs: https://docs.pytest.org/…` line, the warnings the run raised
 * (`DeprecationWarning` after each test that triggered one). They are not why a
 * run failed (a warning turned into an error is reported under FAILURES), and
 * pytest prints them right before its closing summary, where the final window reads.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PytestWarnings } from "./sections.ts";
 * const w = new PytestWarnings();
 * const lines = [
 *   "tests/test_a.py::test_x FAILED",
 *   "=============================== warnings summary ===============================",
 *   "tests/unit/test_b.py::test_y",
 *   "  /app/models.py:167: DeprecationWarning: datetime.utcnow() is deprecated",
 *   "-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html",
 *   "=========================== short test summary info ============================",
 * ];
 * assert.deepEqual(lines.map((l) => w.next(l)), [false, true, true, true, true, false]);
 * ```
 */
export class PytestWarnings {
  #inside = false;

  /** Whether `line` is part of a warnings summary (its header and Docs line included). */
  next(line: string): boolean {
    const c0 = line.charCodeAt(0);
    if (this.#inside) {
      if (c0 === 45 && line.startsWith("-- Docs: ")) {
        this.#inside = false;
        return true;
      }
      if (c0 === 61 && _SEPARATOR.test(line)) {
        this.#inside = false;
        return false;
      }
      return true;
    }
    if (c0 === 61 && line.indexOf(" warnings summary") > 0 && _SEPARATOR.test(line)) {
      this.#inside = true;
      return true;
    }
    return false;
  }
}

/**
 * A banner a tool or a CI runner prints before the work starts, or its listing of
 * what passed: its lines are not evidence, whatever words they hold. A row of
 * {@linkcode BANNERS}.
 */
export interface Banner {
  /** The tool. */
  name: string;
  /** The first character of the banner's first line (a cheap first test). */
  first: string;
  /** Whether `line` is the banner's first line. */
  starts: (line: string) => boolean;
  /** Whether `line` ends the banner: `"after"` it, `"before"` it, or not (`""`). */
  ends: (line: string) => "after" | "before" | "";
  /** Lines taken at most after the first. */
  max: number;
  /** Whether its error lines are noise too (they describe, they do not report). */
  errorsToo?: boolean;
}

/** A listing ends before the next line that is not indented (blank lines go on). */
function _beforeUnindented(line: string): "before" | "" {
  return line.length > 0 && line.charCodeAt(0) !== 32 ? "before" : "";
}

/**
 * The banners known (see {@linkcode Banners}):
 *
 * | Tool | From | To |
 * |---|---|---|
 * | Travis CI | `Build system information` (the runner's image, `sudo -V`'s and `zip -v`'s banners) | before the build's first command, `$ git clone …` (at most 1,000 more lines) |
 * | Gradle | `Welcome to Gradle 8.5!` (the release's highlights) | `For more details see https://docs.gradle.org/…` (at most 15 more lines) |
 * | jest | `PASS src/a.test.ts` (a passing suite's `describe` names and tests, with `--verbose`) | before the next line that is not indented (at most 2,000 more lines) |
 * | RSpec | `Pending: (Failures listed here are expected …)` (each pending example and its reason; error lines too) | before the next line that is not indented (at most 5,000 more lines) |
 *
 * Words in them (`useful error messages`, `License Exception TSU`, `timestamp
 * timeout`, `Improved error and warning messages`, a `describe("Errors")`) are not
 * evidence: the build has not started, or the suite passed. Travis's fold markers (`travis_fold:start:system_info`) are usually gone by
 * then: they are written before a carriage return.
 */
export const BANNERS: readonly Banner[] = [
  {
    name: "Travis CI",
    first: "B",
    starts: (l) => l.startsWith("Build system information") && l.trimEnd().length === 24,
    ends: (l) => l.charCodeAt(0) === 36 && l.charCodeAt(1) === 32 ? "before" : "",
    max: 1000,
  },
  {
    name: "Gradle",
    first: "W",
    starts: (l) => l.startsWith("Welcome to Gradle ") && l.trimEnd().endsWith("!"),
    ends: (l) => l.startsWith("For more details see https://docs.gradle.org/") ? "after" : "",
    max: 15,
  },
  {
    name: "jest (a passing suite)",
    first: "P",
    starts: (l) => l.startsWith("PASS ") && _JEST_SUITE.test(l),
    ends: _beforeUnindented,
    max: 2000,
  },
  {
    name: "RSpec (pending examples)",
    first: "P",
    starts: (l) => l.startsWith("Pending: (Failures listed here are expected"),
    ends: _beforeUnindented,
    max: 5000,
    errorsToo: true,
  },
];

/** jest's verdict line of a suite: `PASS src/a.test.ts`, `PASS src/a.test.ts (8.9 s)`. */
const _JEST_SUITE = /^PASS \S+\.[jt]sx?(?: \(\d+(?:\.\d+)? m?s\))?\s*$/;

/** First characters of the banners' first lines. */
const _BANNER_START = new Set(BANNERS.map((b) => b.first.charCodeAt(0)));

/**
 * Tracks the banners of {@linkcode BANNERS}: whether each line is part of one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Banners } from "./sections.ts";
 * const t = new Banners();
 * const lines = [
 *   "Build system information",
 *   "Allow some information gathering to give useful error messages",
 *   "$ git clone --depth=50 https://github.com/a/b.git a/b",
 *   "Allow some information gathering to give useful error messages",
 * ];
 * assert.deepEqual(lines.map((l) => t.next(l)), [true, true, false, false]);
 * ```
 */
export class Banners {
  #in: Banner | undefined;
  /** The banner the last line seen was part of. */
  #last: Banner | undefined;
  #left = 0;

  /** Whether the last line seen was part of a banner that has not ended. */
  get inside(): boolean {
    return this.#in !== undefined;
  }

  /** Whether the banner the last line seen was part of holds no evidence at all. */
  get wholly(): boolean {
    return this.#last?.errorsToo === true;
  }

  /** Whether `line` is part of a banner (its first line included). */
  next(line: string): boolean {
    const b = this.#in;
    this.#last = undefined;
    if (b !== undefined) {
      const end = b.ends(line);
      if (end === "before") {
        this.#in = undefined;
      } else {
        if (end === "after" || --this.#left === 0) this.#in = undefined;
        this.#last = b;
        return true;
      }
    }
    if (!_BANNER_START.has(line.charCodeAt(0))) return false;
    for (const banner of BANNERS) {
      if (banner.starts(line)) {
        this.#in = banner;
        this.#last = banner;
        this.#left = banner.max;
        return true;
      }
    }
    return false;
  }
}

/** Console methods whose output is noise (`console.error` is not among them). */
const _NOISY_METHOD = /^(?:log|info|warn|debug|trace)\s*$/;

/**
 * Where a line's first visible character is: the length of its leading spaces and
 * tabs (the line's length when it is blank). Select reads it once per line for both
 * {@linkcode FailureSections} and {@linkcode JestConsole}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstVisible } from "./sections.ts";
 * assert.ok(firstVisible("  \tat f()") === 3 && firstVisible("  ") === 2);
 * ```
 */
export function firstVisible(line: string): number {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return i;
}
