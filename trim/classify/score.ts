/**
 * Line relevance scoring: one classification per line (a compact signal
 * holding a category and points, see `category.ts`), from which the per-level
 * score (`level_scores.ts`) and the lightweight keep helper derive. Repeat
 * dampening lives in `dampener.ts`; all of them are importable from here.
 *
 * Hot path. A line is first tested by two case-sensitive trigger scans
 * (`triggers.ts`) that are supersets of every error, failure and diagnostic
 * pattern of this module. Only lines that trigger run the
 * precise (still linear) patterns. Untriggered lines cost one more scan for
 * their level tag, then anchored prefix checks for stack frames and noise.
 * No regex has nested or adjacent overlapping quantifiers that could
 * backtrack super-linearly.
 *
 * @module
 */

import { isKnownNoise } from "./known_noise.ts";
import { isLuaFrame } from "./lua_frame.ts";
import { hasMultilingualErrorKeyword } from "./multilingual.ts";
import { inferSeverity } from "./severity.ts";
import { LineCategory, type LineSignal } from "./category.ts";
import { scoreForLevel } from "./level_scores.ts";
import { triggerFamilies, TriggerFamily, upperTriggerFamilies } from "./triggers.ts";
import { wordAlternation as _trie } from "./word_trie.ts";
import { alternationOf } from "../rules/all.ts";
import type { EffectiveAggressiveness, SeverityLevel } from "../types.ts";

export { isHardSignal, LineCategory, type LineSignal, signalCategory } from "./category.ts";
export { scoreForLevel } from "./level_scores.ts";
export { createRepeatDampener, type RepeatDampener } from "./dampener.ts";

/**
 * Options of {@linkcode scoreLineRelevance}.
 *
 * @example Without the multilingual boost
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreLineRelevance, type ScoreOptions } from "./score.ts";
 * const options: ScoreOptions = { multilingual: false };
 * const line = "Fehler: Datenbank nicht erreichbar";
 * assert.ok(scoreLineRelevance(line, "high") > scoreLineRelevance(line, "high", options));
 * ```
 */
export interface ScoreOptions {
  /** Boost error keywords in many languages (default true). */
  multilingual?: boolean;
}

const _J = LineCategory.JUNK << 7;
const _CHAT = LineCategory.CHATTER << 7;
const _DEBUG = LineCategory.DEBUG << 7;
const _INFO = LineCategory.INFO << 7;
const _PLAIN = LineCategory.PLAIN << 7;
const _NOTABLE = (LineCategory.NOTABLE << 7) + 35;
const _WARN = (LineCategory.WARN << 7) + 25;
const _STACK = LineCategory.STACK << 7;
const _DIAG = LineCategory.DIAGNOSTIC << 7;
const _ERROR = LineCategory.ERROR << 7;
const _FATAL = LineCategory.FATAL << 7;

// Families of precise patterns (see triggers.ts).
const _F_CI = TriggerFamily.CI;
const _F_COMPILER = TriggerFamily.COMPILER;
const _F_TEST = TriggerFamily.TEST;
const _F_CONTAINER = TriggerFamily.CONTAINER;
const _F_PACKAGE = TriggerFamily.PACKAGE;
const _F_EXIT = TriggerFamily.EXIT;
const _F_VULN = TriggerFamily.VULN;
const _F_FATAL = TriggerFamily.FATAL;
const _F_ERROR = TriggerFamily.ERROR;
const _F_DIAG = TriggerFamily.DIAG;
const _F_WARN = TriggerFamily.WARN;
const _F_ML = TriggerFamily.ML;
const _F_ERRORISH = TriggerFamily.ERRORISH;

// ---------------------------------------------------------------------------
// Precise patterns, run only on triggered lines. All linear.

/**
 * A case-sensitive word regex over the lowercase, Capitalized and UPPERCASE
 * spelling of each word (much faster than the `i` flag). Not inside a word, a
 * hyphenated word, a dotted name or a path (`non-fatal`, `error_count`,
 * `default.api.timeout.ms`, `github.com/pkg/errors`), not counted as zero before
 * (`0 errors`, `no errors`) or after (`failed=0`, `errors: 0`).
 */
function _wordRegex(...lists: string[][]): RegExp {
  return _wordRegexWith("", lists);
}

/** {@linkcode _wordRegex} with a further lookahead after the word. */
function _wordRegexWith(after: string, lists: string[][]): RegExp {
  const spellings: string[] = [];
  for (const w of lists.flat()) {
    spellings.push(w, w[0].toUpperCase() + w.slice(1), w.toUpperCase());
  }
  return new RegExp(
    `\\b(?<![-./])(?<!\\b(?:0|no|zero|without|never|No|Zero|Without|NO) )(?:${
      _trie(spellings, true)
    })(?![\\w-]|\\.\\w)(?!\\s*[:=]\\s*(?:0|false|none|null|nil|no)\\b)${after}`,
  );
}

/** CI annotations: GitHub Actions `##[error]`, `::error file=…::`. */
const _CI_ERROR = /##\[error\]|(?:^|\s)::error(?:\s[^:]*)?::/;
/**
 * Compiler diagnostics: `f.c:1:2: error`, `f.ts(1,2): error TS2345`, `error[E0308]`,
 * `error:`, and BuildKit's failing-instruction location (`Dockerfile:24` alone on a line).
 */
const _COMPILER_ERROR =
  /^\s*(?:Dockerfile|Containerfile)(?:\.[\w.-]{1,64})?:\d+\s*$|:\d+(?::\d+)?:? +(?:fatal )?error\b|\(\d+,\d+\): +error\b|\berror\[E\d{4}\]|\berror (?:TS|CS|C|LNK|FS|BC)\d+|^\s*error(?:\[\w+\])?: /;
/** Test failures: jest, vitest, go test, pytest, JUnit/Maven, TAP, mocha. */
const _TEST_FAILURE =
  /^\s*(?:FAIL|FAILED|FAILURE)\b|--- FAIL:|\bAssertion(?:Failed)?Error\b|^\s*[✕✗✘×❌] |\bnot ok \d|(?<![\w.])[1-9]\d* (?:failed|failing|failures?)\b|\b(?:Failures|Errors): [1-9]|<<< FAIL(?:URE)?!|\bFAILED\b|\btests? failed\b|\bTest failed\b/;
/** Container runtime and orchestrator failures. */
const _CONTAINER_FAILURE =
  /\bOOMKilled\b|\bCrashLoopBackOff\b|\b[Bb]ack-?[Oo]ff (?:restarting|pulling)|\bImagePullBackOff\b|\bErrImagePull\b|\bCreateContainer(?:Config)?Error\b|\bRunContainerError\b|\bContainerCannotRun\b|\bFailed(?:Scheduling|Mount|AttachVolume|CreatePodSandBox|KillPod|PostStartHook|PreStopHook|Binding)\b|\bexited with (?:code |status )?[1-9]\d*|\bExit ?Code:? *[1-9]|\b(?:Liveness|Readiness|Startup) probe failed|\bunhealthy\b|Error response from daemon|failed to (?:start|create|run) (?:container|task|shim|sandbox)|\b[Cc]ontainer\b.{0,120}?\b(?:died|exited with [1-9]|failed|killed)\b/;
/** Package-manager and build-tool failures. */
const _PACKAGE_FAILURE =
  /^\s*npm (?:ERR!|error)|\b(?:gyp|pnpm) ERR!|\bERESOLVE\b|\bResolutionImpossible\b|No matching distribution found|Could not find a version that satisfies|could not compile `|\bBUILD FAIL(?:URE|ED)\b|FAILURE: Build failed|Failed to execute goal|Could not resolve (?:dependencies|all (?:files|dependencies)|dependency)|^\s*error Command failed|\bERR_PNPM_\w+|^E: |failed to run custom build command|Execution failed for task|Compilation failed|\bELIFECYCLE\b|subprocess-exited-with-error|Failed building wheel|Could not build wheels|error: failed to (?:compile|build|download|load)|unable to resolve dependency tree|\bpeer dep(?:endency)? conflict/;
/** Non-zero process exit: `exit code 1`, `exited with 137`, `exit status 2` (never 0). */
const _EXIT_FAILURE =
  /\b(?:exit|Exit|EXIT)(?:ed|s)?(?: with)?(?: (?:exit )?(?:code|status|Code|Status))?(?: is| was| of)?[:=]? *[1-9]\d*(?![\d.])|\bnon-?zero exit|\breturned (?:a )?non-?zero/;
/** Vulnerability ids. */
const _VULN_ID = /\b(?:CVE-\d{4}-\d{4,7}|GHSA(?:-[2-9cfghjmpqrvwx]{4}){3})\b/;
/** Scanner severities (first letter tells which). */
const _VULN_SEVERITY =
  /\b(?:CRITICAL|HIGH|MEDIUM|MODERATE|LOW)\b|\b(?:[Cc]ritical|[Hh]igh|[Mm]edium|[Mm]oderate|[Ll]ow)\b/;
/** Fatal keywords. */
const _FATAL_WORD = _wordRegex(
  ["panic", "panicked", "panicking", "fatal", "segfault", "segfaulted", "segmentation fault"],
  ["sigsegv", "sigabrt", "sigbus", "core dumped", "out of memory", "outofmemoryerror"],
  ["stack overflow", "stackoverflow", "stackoverflowerror"],
);
/** Class names: `TypeError`, `NullPointerException`, `Error:`, `UnhandledPromiseRejection`. */
const _CLASS_ERROR =
  /\b[A-Z][A-Za-z0-9]*(?:Error|Exception)\b|\b(?:Error|Exception):|\b(?:Unhandled|Uncaught)[A-Z]\w*/;
/** Error words, not when counted as zero (`0 errors`, `no errors`, `failed=0`, `error_count`). */
const _ERROR_WORD = _wordRegex(
  ["error", "errors", "exception", "exceptions", "traceback", "unhandled", "uncaught"],
  ["fail", "fails", "failed", "failing", "failure", "failures", "crash", "crashed", "crashes"],
  ["crashing", "abort", "aborted", "aborting"],
);
/** Diagnostic words other than `timeout` (`timed out` is an event whatever follows). */
const _DIAG_OTHER_WORD = _wordRegex(
  ["timed out", "timedout", "time out", "refused", "denied", "unreachable", "unavailable"],
  ["forbidden", "unauthorized"],
  ["unauthorised", "deadlock", "deadlocked", "killed"],
  ["cannot", "can't", "could not", "couldn't", "unable to", "not found", "no such file", "invalid"],
  ["no space left"],
  ["illegal"],
  ["rejected", "corrupt", "corrupted", "corruption", "overflow", "reset by peer", "broken pipe"],
  ["exceeded", "unexpected", "assert", "assertion", "econnrefused", "econnreset", "econnaborted"],
  ["etimedout", "enoent", "eacces", "eperm", "eaddrinuse", "enospc", "epipe", "enotfound"],
  ["eai_again", "ehostunreach", "sensitive data"],
);
/**
 * Diagnostic words. A timeout assigned, given a number or set is a setting, not an
 * event: `timeout=10`, `timeout = <Timeout object at 0x…>` (pytest's locals),
 * `timeout=None`, `Timeout: 30s` (Jenkins' `> git fetch … # timeout=10`), `Timeout set
 * to expire in 30 min`. `status=timeout` and `timeout: context deadline exceeded` are
 * events.
 */
const _DIAG_WORD = new RegExp(
  `${
    _wordRegexWith("(?!\\s*=(?!=)|\\s*:\\s*\\d|\\s+set\\s+to\\b)", [
      ["timeout", "timeouts"],
    ]).source
  }|${_DIAG_OTHER_WORD.source}`,
);
/** A source location: `A.scala:104:40: `, `a.c:12: `, Maven's `A.java:[12,5] `. */
const _SOURCE_LOCATION =
  /\.[A-Za-z][A-Za-z0-9]{0,9}(?::\d{1,7}(?::\d{1,5})?:? |:\[\d{1,7},\d{1,5}\] )/;
/** Warning markers beyond level tags. */
const _WARN_WORD = new RegExp(
  `${
    _wordRegex(["warn", "warning", "warnings", "deprecated", "deprecation"]).source
  }|\\b[A-Z]\\w*Warning\\b`,
);

// ---------------------------------------------------------------------------
// Soft structure: stack frames, noise.

/** Python frame: `File "x.py", line 3`. */
const _PY_FRAME = /^\s*File "[^"]*", line \d+/;
/** Go frame: `\t/app/main.go:12 +0x1d` or `main.go:12`. */
const _GO_FRAME = /^\s*\S+\.go:\d+(?: \+0x[0-9a-f]+)?\s*$/;
/** Rust backtrace frame: `  12: std::panicking::begin_panic`. */
const _RUST_FRAME = /^\s*\d+: (?:0x[0-9a-f]+ - )?[^:]*(?:::[^:]*)+$/;
/**
 * Java elision, Ruby `from`, gdb `#0  0x… in f () at x.c:3` / `#1  main () at x.c:5`,
 * PHP `#0 /app/x.php(12): f()` / `#1 {main}`, goroutine header. Not BuildKit step
 * lines (`#5 DONE 0.3s`, `#5 sha256:… 3.1MB / 29MB`), which also start with `#N `.
 */
const _OTHER_FRAME =
  /^\s*(?:\.\.\. \d+ (?:more|common frames omitted)|from \S+:\d+:in |#\d+ +(?:0x[0-9a-fA-F]+ in |\S+\(\d+\): |\{main\}|[\w:~<>.]+ \([^)]*\) at ))|^goroutine \d+ \[/;
/** Go function lines of a trace: `main.main()`, `pkg.(*T).M(0xc000010000, 0x1)`. */
const _GO_FUNC = /^(?:[\w.-]+\/)*[\w.-]+\.(?:\(\*?\w+\)\.)?\w+\((?:0x[0-9a-f]+(?:, )?|\.\.\.)*\)$/;
/** Container lifecycle lines (start, create, pull): not failures. */
const _CONTAINER_LIFECYCLE =
  /\b(?:Start(?:ing|ed)|Creat(?:ing|ed)|Pull(?:ing|ed)|Successfully (?:pulled|assigned)|Scheduled|Running|Recreat(?:ing|ed)|Stopp(?:ing|ed)|Remov(?:ing|ed))\b.{0,80}?\b[Cc]ontainers?\b|\b[Cc]ontainers? \S+ +(?:Start(?:ing|ed)|Creat(?:ing|ed)|Running|Healthy|Stopp(?:ing|ed)|Remov(?:ing|ed)|Recreat(?:ing|ed)|Waiting)\b|starting containerd|containerd successfully booted/;
/**
 * Download, install, build and checkout chatter: the `chatter` rules of `trim/rules/`
 * (prefixes of the text after indentation and a Docker layer id or its mask).
 */
const _CHATTER = new RegExp(
  `^\\s*(?:\\[HASH\\]: |[0-9a-f]{12}: )?(?:${alternationOf("chatter")})`,
);
/** Progress bars (only tried on lines containing `%`). */
const _PROGRESS =
  /[█▓▒░━■□▏▎▍▌▋▊▉#=]{3,}|\d%\s*\||\bETA\b|\d(?:\.\d+)? ?[kKMG]i?B\s*\/\s*\d|^\s*\d{1,3}(?:\.\d+)?%|\(\d+\/\d+\)/;
/** Blank and separator lines. */
const _SEPARATOR = /^[\s\-=*#~_.+|\u2500-\u257f]*$/;
/** A Go test message (`t.Errorf`): `    reconcile_test.go:88: got 1200, want 1150`. */
const _GO_TEST_MESSAGE = /^\s+[\w.-]+_test\.go:\d+: \S/;

// ---------------------------------------------------------------------------

function _isAtFrame(line: string, len: number, i: number): boolean {
  // `at x (file:1:2)`, `at file:1:2`, `\tat com.x.Y(Y.java:1)`, Rust `at src/main.rs:1:2`,
  // .NET `at A.B() in C:\x.cs:line 3`: starts with `at `, ends with `)` or a digit.
  if (!line.startsWith("at ", i)) return false;
  let end = len - 1;
  while (end > i && line.charCodeAt(end) <= 32) end--;
  const last = line.charCodeAt(end);
  if (last !== 41 && !(last >= 48 && last <= 57)) return false;
  const colon = line.indexOf(":", i + 3);
  return colon !== -1 || line.indexOf("(", i + 3) !== -1;
}

/** Stack-frame points (0 when not a frame): dispatch on the first non-blank character. */
function _stackPoints(line: string, len: number, c0: number): number {
  let i = 0;
  if (c0 === 32 || c0 === 9) {
    while (i < len && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    if (i === len) return 0;
  }
  const c = line.charCodeAt(i);
  switch (c) {
    case 97: // a
      return _isAtFrame(line, len, i) ? 50 : 0;
    case 67: // C
      return line.startsWith("Caused by:", i) ? 55 : 0;
    case 70: // F
      return _PY_FRAME.test(line) ? 50 : 0;
    case 46: // .
    case 35: // #
    case 102: // f
    case 103: // g
      if (_OTHER_FRAME.test(line)) return 50;
      break;
  }
  if (c >= 48 && c <= 57 && i > 0 && _RUST_FRAME.test(line)) return 50;
  if (i > 0 && isLuaFrame(line, i)) return 50;
  const last = line.charCodeAt(len - 1);
  if (i === 0 && last === 41 && _GO_FUNC.test(line)) return 50;
  if (
    ((last >= 48 && last <= 57) || (last >= 97 && last <= 102)) && line.indexOf(".go:") !== -1 &&
    _GO_FRAME.test(line)
  ) return 50;
  return 0;
}

/** Classification of a line with no hard signal. */
function _softSignal(line: string, c0: number, tag: SeverityLevel | undefined): number {
  if (
    c0 <= 32 || c0 === 45 || c0 === 61 || c0 === 42 || c0 === 35 || (c0 >= 0x2500 && c0 <= 0x257f)
  ) {
    if (_SEPARATOR.test(line)) return _J;
    if (c0 <= 32 && line.indexOf("_test.go:") !== -1 && _GO_TEST_MESSAGE.test(line)) {
      return _DIAG + 50;
    }
  }
  if (line.indexOf("ontainer") !== -1 && _CONTAINER_LIFECYCLE.test(line)) return _J;
  if (line.indexOf("%") !== -1 && _PROGRESS.test(line)) return _J;
  if (_CHATTER.test(line)) return _CHAT;
  if (tag === "info") return _INFO;
  if (tag === "debug" || tag === "trace") return _DEBUG;
  if (tag === "warn") return _WARN;
  return _PLAIN;
}

function _max(a: number, b: number): number {
  return a > b ? a : b;
}

/**
 * Full classification of a triggered line (or of a line with a warn or error
 * level). `f` holds the trigger families. With `keywords` false (lines tagged
 * INFO/DEBUG/TRACE) only explicit failures and stack frames count: the
 * author's low level wins over words.
 */
function _hardSignal(
  line: string,
  len: number,
  c0: number,
  tag: SeverityLevel | undefined,
  multilingual: boolean,
  keywords: boolean,
  f: number,
): number {
  let best = 0;
  let groups = 0;
  if (f & _F_CI && _CI_ERROR.test(line)) (best = _max(best, _ERROR + 85)), groups++;
  if (f & _F_COMPILER && _COMPILER_ERROR.test(line)) (best = _max(best, _ERROR + 80)), groups++;
  if (f & _F_TEST && _TEST_FAILURE.test(line)) (best = _max(best, _ERROR + 75)), groups++;
  if (f & _F_CONTAINER && _CONTAINER_FAILURE.test(line)) (best = _max(best, _ERROR + 75)), groups++;
  if (f & _F_PACKAGE && _PACKAGE_FAILURE.test(line)) (best = _max(best, _ERROR + 75)), groups++;
  if (f & _F_EXIT && _EXIT_FAILURE.test(line)) (best = _max(best, _ERROR + 65)), groups++;
  let vulnId = false;
  if (f & _F_VULN && _VULN_ID.test(line)) {
    const sev = _VULN_SEVERITY.exec(line);
    if (sev !== null) {
      const s = sev[0].charCodeAt(0) | 32;
      const pts = s === 99 || s === 104 ? 70 : s === 108 ? 50 : 60; // critical/high, low, medium
      best = _max(best, _DIAG + pts);
      groups++;
    } else vulnId = true;
  }
  const stack = _stackPoints(line, len, c0);
  if (stack > 0) (best = _max(best, _STACK + stack)), groups++;
  if (keywords) {
    if (f & _F_FATAL && _FATAL_WORD.test(line)) (best = _max(best, _FATAL + 85)), groups++;
    if (f & _F_ERROR && (_CLASS_ERROR.test(line) || _ERROR_WORD.test(line))) {
      best = _max(best, _DIAG + 60);
      groups++;
    }
    // A compiler's or a doc tool's warning at a source location (`[warn] A.scala:104:40:
    // Could not find any member to link`) describes the code, not an event: its words do
    // not make it a diagnostic. A warning about a timeout or a refused connection does.
    if (
      f & _F_DIAG && !(tag === "warn" && _SOURCE_LOCATION.test(line)) && _DIAG_WORD.test(line)
    ) (best = _max(best, _DIAG + 50)), groups++;
    // Any trigger may be a multilingual word (`erreur` is triggered by `err`).
    if (
      multilingual && best === 0 && f & (_F_ML | _F_ERRORISH) && hasMultilingualErrorKeyword(line)
    ) {
      best = _DIAG + 55;
      groups++;
    }
  }
  if (tag === "fatal" || tag === "error") {
    best = _max(best, tag === "fatal" ? _FATAL + 90 : _ERROR + 80) + (groups > 0 ? 5 : 0);
  } else if (groups > 1) {
    best += 5;
  }
  if (best !== 0) {
    const pts = best & 127;
    return pts > 100 ? best - pts + 100 : best;
  }
  if (vulnId) return _NOTABLE;
  if (tag === undefined && keywords && f & _F_WARN && _WARN_WORD.test(line)) return _WARN;
  return _softSignal(line, c0, tag);
}

/**
 * Classify a line once: its {@linkcode LineCategory} and points, packed in a
 * {@linkcode LineSignal}. Pure and deterministic; allocation-free for lines
 * without a signal.
 *
 * Points: fatal tag 90, panic/segfault/fatal 85; CI `##[error]` 85, error tag
 * or JSON error level 80, compiler error 80, test failure 75, container
 * failure 75, package-manager failure 75, non-zero exit 65; error keyword or
 * exception class 60, multilingual error keyword 55, diagnostic keyword 50,
 * scanner finding 70 (critical/high) / 60 (medium) / 50 (low); stack frame
 * 50, `Caused by:` 55. The best one counts; +5 when an error/fatal tag or a
 * second signal confirms it; at most 100. A line tagged INFO, DEBUG or TRACE
 * keeps its tag's category unless it shows an explicit failure (test, build,
 * container, exit code, CI annotation, compiler error) or a stack frame:
 * words such as `timeout` in an info line do not make it hard. Counted zeros
 * (`0 errors`, `failed=0`, `exit code 0`) are no signal.
 *
 * @param line The (sanitized) line.
 * @param multilingual Boost error keywords of other languages (default true).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isHardSignal, lineSignal } from "./score.ts";
 * assert.ok(isHardSignal(lineSignal("Error: connect ECONNREFUSED [IP]:[PORT]")));
 * assert.ok(!isHardSignal(lineSignal("[INFO] server started")));
 * ```
 */
export function lineSignal(line: string, multilingual = true): LineSignal {
  const len = line.length;
  if (len === 0) return _J;
  const c0 = line.charCodeAt(0);
  // Passing tests and finished downloads are noise whatever words they contain.
  if (isKnownNoise(line, c0)) return _J;
  const tag = inferSeverity(line);
  if (tag === "info" || tag === "debug" || tag === "trace") {
    // Only uppercase-initial triggers (FAIL, Error, Back-off, OOMKilled …) can
    // override a low tag; skipping the lowercase scan keeps tagged lines cheap.
    const f = upperTriggerFamilies(line, multilingual);
    if (f !== 0) return _hardSignal(line, len, c0, tag, multilingual, false, f);
    return _softSignal(line, c0, tag);
  }
  const f = triggerFamilies(line, multilingual);
  if (f !== 0 || tag !== undefined) return _hardSignal(line, len, c0, tag, multilingual, true, f);
  const stack = _stackPoints(line, len, c0);
  if (stack > 0) return _STACK + stack;
  return _softSignal(line, c0, tag);
}

/**
 * Relevance score (0-100) of a line at an aggressiveness level; lines scoring
 * at least `SCORE_KEEP_THRESHOLD` (40) are kept. Composition of
 * {@linkcode lineSignal} and {@linkcode scoreForLevel}; the pipeline calls
 * those directly to classify each line once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreLineRelevance } from "./score.ts";
 * assert.ok(scoreLineRelevance("[ERROR] database timeout after 30s", "high") >= 40);
 * assert.ok(scoreLineRelevance("[WARN] connection timeout, retrying", "aggressive") >= 40);
 * assert.ok(scoreLineRelevance("Started container web", "high") === 0);
 * assert.ok(scoreLineRelevance("[INFO] listening on :8080", "low") >= 40);
 * ```
 */
export function scoreLineRelevance(
  line: string,
  level: EffectiveAggressiveness,
  options?: ScoreOptions,
): number {
  return scoreForLevel(lineSignal(line, options?.multilingual ?? true), level);
}

/**
 * Lightweight keep helper (not the full compression pass): drops blank lines,
 * noise and lines tagged INFO, DEBUG or TRACE; keeps errors, warnings,
 * fatal/critical lines, stack frames, diagnostics and untagged plain lines.
 * Equivalent to keeping at level medium.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shouldKeepLine } from "./score.ts";
 * assert.ok(shouldKeepLine("CRITICAL disk failure"));
 * assert.ok(shouldKeepLine("\tat com.x.Y.run(Y.java:12)"));
 * assert.ok(!shouldKeepLine("[INFO] request served"));
 * ```
 */
export function shouldKeepLine(line: string): boolean {
  return scoreForLevel(lineSignal(line), "medium") >= 40;
}
