/**
 * Line relevance scoring: one classification per line (a compact signal
 * holding a category and points), a cheap per-level score derived from it,
 * the lightweight keep helper and repeat dampening.
 *
 * Hot path. A line is first tested by two case-sensitive trigger scans (one
 * for uppercase-initial words, one for lowercase words behind `\b`) that are
 * supersets of every error, failure and diagnostic pattern; case-sensitive
 * alternations let the regex engine skip ahead, so they run several times
 * faster than one case-insensitive scan. Only lines that trigger run the
 * precise (still linear) patterns. Untriggered lines cost one more scan for
 * their level tag, then anchored prefix checks for stack frames and noise.
 * No regex has nested or adjacent overlapping quantifiers that could
 * backtrack super-linearly.
 *
 * @module
 */

import { hashLine } from "./hash.ts";
import {
  hasMultilingualErrorKeyword,
  MULTILINGUAL_TRIGGER_STEMS,
  multilingualTriggerSpellings,
} from "./multilingual.ts";
import { TFIDF_MAP_LIMIT, TFIDF_PENALTY, TFIDF_REPEAT_THRESHOLD } from "../constants.ts";
import { inferSeverity } from "./severity.ts";
import type { EffectiveAggressiveness, SeverityLevel } from "../types.ts";

/**
 * Line categories, least relevant first. Categories from `STACK` up are hard
 * signals: they score the same at every level, always at least 40.
 *
 * | category | meaning | low | medium | high | aggressive |
 * |---|---|---|---|---|---|
 * | JUNK | blank, separator, progress bar, container start/stop | 0 | 0 | 0 | 0 |
 * | CHATTER | downloads, installs, `Compiling x`, git checkout | 40 | 10 | 0 | 0 |
 * | DEBUG | `[DEBUG]`, `[TRACE]` | 40 | 5 | 0 | 0 |
 * | INFO | `[INFO]`, `NOTICE` | 40 | 15 | 5 | 0 |
 * | PLAIN | untagged line without signal | 40 | 40 | 15 | 5 |
 * | NOTABLE | keyword in an info/debug line, bare CVE id | 45 | 45 | 30 | 15 |
 * | WARN | pure warning (tag, `warning:`, deprecation) | 45 | 45 | 25 | 10 |
 * | STACK | stack frame, `Caused by:` | 50-55 | | | |
 * | DIAGNOSTIC | diagnostic keyword, scanner finding | 50-70 | | | |
 * | ERROR | error tag or field, failure of a tool | 65-95 | | | |
 * | FATAL | fatal tag, panic, segfault | 85-100 | | | |
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineCategory, lineSignal, signalCategory } from "./score.ts";
 * assert.ok(signalCategory(lineSignal("[INFO] started")) === LineCategory.INFO);
 * ```
 */
export const LineCategory = {
  JUNK: 0,
  CHATTER: 1,
  DEBUG: 2,
  INFO: 3,
  PLAIN: 4,
  NOTABLE: 5,
  WARN: 6,
  STACK: 7,
  DIAGNOSTIC: 8,
  ERROR: 9,
  FATAL: 10,
} as const;

/**
 * One of the {@linkcode LineCategory} values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineCategory } from "./score.ts";
 * const c: LineCategory = LineCategory.STACK;
 * assert.ok(c === 7);
 * ```
 */
export type LineCategory = typeof LineCategory[keyof typeof LineCategory];

/**
 * A line's classification packed in one small integer:
 * `category * 128 + points`. Compute it once per line with
 * {@linkcode lineSignal}, then derive scores with {@linkcode scoreForLevel}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lineSignal, type LineSignal } from "./score.ts";
 * const s: LineSignal = lineSignal("ERROR boom");
 * assert.ok(typeof s === "number");
 * ```
 */
export type LineSignal = number;

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

// ---------------------------------------------------------------------------
// Trigger scans: supersets of every hard pattern, case-sensitive for speed.

// Families of precise patterns; each trigger word names the families it can
// start, so a triggered line runs only the relevant precise patterns.
const _F_CI = 1;
const _F_COMPILER = 2;
const _F_TEST = 4;
const _F_CONTAINER = 8;
const _F_PACKAGE = 16;
const _F_EXIT = 32;
const _F_VULN = 64;
const _F_FATAL = 128;
const _F_ERROR = 256;
const _F_DIAG = 512;
const _F_WARN = 1024;
const _F_ML = 2048;
const _F_STRUCT = 4096; // tags and `Caused by`: no precise pattern of their own
const _F_ERRORISH = _F_CI | _F_COMPILER | _F_PACKAGE | _F_ERROR | _F_TEST | _F_CONTAINER;
const _F_FAILISH = _F_TEST | _F_PACKAGE | _F_CONTAINER | _F_ERROR;

/** Uppercase-initial and non-ASCII triggers (no boundary: `NullPointerException`). */
const _UPPER_TRIGGERS: ReadonlyArray<readonly [string, number]> = [
  ["Error", _F_ERRORISH],
  ["ErrImage", _F_CONTAINER],
  ["Exception", _F_ERROR],
  ["ERR", _F_ERRORISH],
  ["FATAL", _F_FATAL],
  ["Fatal", _F_FATAL],
  ["CRIT", _F_STRUCT],
  ["Crit", _F_STRUCT],
  ["EMERG", _F_STRUCT],
  ["ALERT", _F_STRUCT],
  ["PANIC", _F_FATAL],
  ["Panic", _F_FATAL],
  ["SEVERE", _F_STRUCT],
  ["SEV0", _F_STRUCT],
  ["SEV1", _F_STRUCT],
  ["SEV2", _F_STRUCT],
  ["WARN", _F_WARN],
  ["Warn", _F_WARN],
  ["FAIL", _F_FAILISH],
  ["Fail", _F_FAILISH],
  ["Traceback", _F_ERROR],
  ["Timeout", _F_DIAG],
  ["TIMEOUT", _F_DIAG],
  ["Timed out", _F_DIAG],
  ["TIMED", _F_DIAG],
  ["Refused", _F_DIAG],
  ["REFUSED", _F_DIAG],
  ["Denied", _F_DIAG],
  ["DENIED", _F_DIAG],
  ["Killed", _F_CONTAINER | _F_DIAG],
  ["KILLED", _F_CONTAINER | _F_DIAG],
  ["Crash", _F_CONTAINER | _F_ERROR],
  ["CRASH", _F_ERROR],
  ["Abort", _F_ERROR],
  ["ABORT", _F_ERROR],
  ["Exit", _F_EXIT | _F_CONTAINER],
  ["EXIT", _F_EXIT],
  ["Cannot", _F_DIAG],
  ["Could not", _F_DIAG | _F_PACKAGE],
  ["Unable", _F_DIAG | _F_PACKAGE],
  ["Unhandled", _F_ERROR],
  ["Uncaught", _F_ERROR],
  ["Deadlock", _F_DIAG],
  ["Segmentation", _F_FATAL],
  ["SIGSEGV", _F_FATAL],
  ["SIGABRT", _F_FATAL],
  ["SIGKILL", _F_DIAG],
  ["SIGBUS", _F_FATAL],
  ["OutOfMemory", _F_FATAL | _F_ERROR],
  ["Out of memory", _F_FATAL],
  ["No matching", _F_PACKAGE],
  ["CVE-", _F_VULN],
  ["GHSA-", _F_VULN],
  ["Caused by", _F_STRUCT],
  ["BackOff", _F_CONTAINER],
  ["Back-off", _F_CONTAINER],
  ["Impossible", _F_PACKAGE],
  ["ENOENT", _F_DIAG],
  ["EACCES", _F_DIAG],
  ["EPERM", _F_DIAG],
  ["EADDRINUSE", _F_DIAG],
  ["ENOSPC", _F_DIAG],
  ["EPIPE", _F_DIAG],
  ["ENOTFOUND", _F_DIAG],
  ["ERESOLVE", _F_PACKAGE],
  ["Dockerfile:", _F_COMPILER],
  ["Containerfile:", _F_COMPILER],
  ["ELIFECYCLE", _F_PACKAGE],
  ["EAI_AGAIN", _F_DIAG],
  ["ECONNRESET", _F_DIAG],
  ["EHOSTUNREACH", _F_DIAG],
  ["\u2715", _F_TEST], // ✕
  ["\u2717", _F_TEST], // ✗
  ["\u2718", _F_TEST], // ✘
  ["\u00d7", _F_TEST], // ×
  ["\u274c", _F_TEST], // ❌
];

/** Lowercase triggers at a word start. */
const _LOWER_TRIGGERS: ReadonlyArray<readonly [string, number]> = [
  ["err", _F_ERRORISH],
  ["fail", _F_FAILISH],
  ["fatal", _F_FATAL],
  ["panic", _F_FATAL],
  ["exception", _F_ERROR],
  ["traceback", _F_ERROR],
  ["timeout", _F_DIAG],
  ["timed out", _F_DIAG],
  ["timedout", _F_DIAG],
  ["refused", _F_DIAG],
  ["denied", _F_DIAG],
  ["segfault", _F_FATAL],
  ["segmentation", _F_FATAL],
  ["unhandled", _F_ERROR],
  ["uncaught", _F_ERROR],
  ["unhealthy", _F_CONTAINER],
  ["killed", _F_CONTAINER | _F_DIAG],
  ["crash", _F_ERROR],
  ["abort", _F_ERROR],
  ["exit", _F_EXIT | _F_CONTAINER],
  ["warn", _F_WARN],
  ["deprecat", _F_WARN],
  ["cannot", _F_DIAG],
  ["can't", _F_DIAG],
  ["could not", _F_DIAG | _F_PACKAGE],
  ["couldn't", _F_DIAG],
  ["unable to", _F_DIAG | _F_PACKAGE],
  ["unreachable", _F_DIAG],
  ["unavailable", _F_DIAG],
  ["forbidden", _F_DIAG],
  ["unauthori", _F_DIAG],
  ["deadlock", _F_DIAG],
  ["invalid", _F_DIAG],
  ["reject", _F_DIAG],
  ["corrupt", _F_DIAG],
  ["overflow", _F_DIAG | _F_FATAL],
  ["not found", _F_DIAG],
  ["sensitive data", _F_DIAG],
  ["no such", _F_DIAG],
  ["reset by peer", _F_DIAG],
  ["broken pipe", _F_DIAG],
  ["exceeded", _F_DIAG],
  ["unexpected", _F_DIAG],
  ["assert", _F_DIAG],
  ["out of memory", _F_FATAL],
  ["core dumped", _F_FATAL],
  ["non-zero", _F_EXIT],
  ["nonzero", _F_EXIT],
  ["returned non", _F_EXIT],
  ["not ok", _F_TEST],
  ["econn", _F_DIAG],
  ["etimedout", _F_DIAG],
  ["enoent", _F_DIAG],
  ["eacces", _F_DIAG],
  ["eperm", _F_DIAG],
];

/**
 * Matched trigger text → families. The trie reports the shortest listed word
 * that matched, so a word's families include those of every listed word it
 * prefixes (`Erro` stands for `Error`). Unlisted text is multilingual.
 */
function _familyMap(entries: ReadonlyArray<readonly [string, number]>): Map<string, number> {
  const map = new Map<string, number>();
  for (const [w] of entries) {
    let bits = 0;
    for (const [other, f] of entries) if (other.startsWith(w)) bits |= f;
    map.set(w, bits);
  }
  return map;
}

function _escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * An alternation of literal words factored by shared prefixes
 * (`E(?:rror|xception|RR)`): the regex engine then tests one character class
 * per position instead of every word, which is markedly faster. With `exact`
 * false (triggers), a word that is a prefix of others stands for all of them
 * (`err` covers `error`); with `exact` true the longer words stay alternatives
 * (`fail(?:ed|ure)?`).
 */
function _trie(words: Iterable<string>, exact = false): string {
  const groups = new Map<string, string[]>();
  for (const w of new Set(words)) {
    const head = w[0];
    const list = groups.get(head);
    if (list === undefined) groups.set(head, [w.slice(1)]);
    else list.push(w.slice(1));
  }
  const parts: string[] = [];
  for (const [head, tails] of groups) {
    const rest = tails.filter((t) => t.length > 0);
    if (rest.length < tails.length && (!exact || rest.length === 0)) parts.push(_escape(head));
    else if (tails.length === 1) parts.push(_escape(head + tails[0]));
    else {
      const optional = rest.length < tails.length ? "?" : "";
      parts.push(`${_escape(head)}(?:${_trie(rest, exact)})${optional}`);
    }
  }
  return parts.join("|");
}

// Multilingual triggers: spellings whose first letter is beyond Latin-1
// (Cyrillic, CJK …) cost nothing on one-byte lines (the engine drops them for
// one-byte strings), so they join the boundary-free scan; a few ASCII stems
// (`fehl`, `hata`, `Erreur`) join the word-start scan. Latin-1-initial words
// (`échec`) would slow every line down and are left to the verifier: such a
// line is triggered by another word (`erreur`, an English keyword).
const _ML_STEMS = MULTILINGUAL_TRIGGER_STEMS.map((w): readonly [string, number] => [w, _F_ML]);
const _ML_OTHER = multilingualTriggerSpellings().map((w): readonly [string, number] => [w, _F_ML]);
const _FAMILIES = _familyMap([..._UPPER_TRIGGERS, ..._LOWER_TRIGGERS]);
const _FAMILIES_ML = _familyMap([
  ..._UPPER_TRIGGERS,
  ..._LOWER_TRIGGERS,
  ..._ML_STEMS,
  ..._ML_OTHER,
]);
const _words = (list: ReadonlyArray<readonly [string, number]>) => list.map(([w]) => w);
const _UPPER_G = new RegExp(_trie(_words(_UPPER_TRIGGERS)), "g");
const _LOWER_G = new RegExp(`\\b(?:${_trie(_words(_LOWER_TRIGGERS))})`, "g");
const _UPPER_ML_G = new RegExp(_trie(_words([..._UPPER_TRIGGERS, ..._ML_OTHER])), "g");
const _LOWER_ML_G = new RegExp(`\\b(?:${_trie(_words([..._LOWER_TRIGGERS, ..._ML_STEMS]))})`, "g");

/** Trigger words examined per scan: enough for any real line, bounded for adversarial ones. */
const _MAX_TRIGGERS = 32;

function _collect(re: RegExp, families: Map<string, number>, line: string, bits: number): number {
  re.lastIndex = 0;
  let n = 0;
  for (let m = re.exec(line); m !== null && n < _MAX_TRIGGERS; m = re.exec(line), n++) {
    bits |= families.get(m[0]) ?? _F_ML;
  }
  return bits;
}

/**
 * Families of the trigger words in a line: 0 for most lines, found without
 * allocating (a failed `exec` returns null); triggered lines allocate one
 * small match array per trigger word.
 */
function _families(line: string, multilingual: boolean): number {
  return multilingual
    ? _collect(_LOWER_ML_G, _FAMILIES_ML, line, _collect(_upperMl(line), _FAMILIES_ML, line, 0))
    : _collect(_LOWER_G, _FAMILIES, line, _collect(_UPPER_G, _FAMILIES, line, 0));
}

const _NON_ASCII = /[\u0080-\uffff]/;

/**
 * The uppercase trigger scan for multilingual mode. The non-ASCII spellings
 * (Cyrillic, CJK …) cannot match a line without non-ASCII characters, and a
 * line sliced from a two-byte chunk would still pay for them at every position:
 * one cheap test picks the plain scan instead.
 */
function _upperMl(line: string): RegExp {
  return _NON_ASCII.test(line) ? _UPPER_ML_G : _UPPER_G;
}

// ---------------------------------------------------------------------------
// Precise patterns, run only on triggered lines. All linear.

/**
 * A case-sensitive word regex over the lowercase, Capitalized and UPPERCASE
 * spelling of each word (much faster than the `i` flag). Not inside a word, a
 * hyphenated word or a dotted name (`non-fatal`, `error_count`,
 * `default.api.timeout.ms`), not counted as zero before
 * (`0 errors`, `no errors`) or after (`failed=0`, `errors: 0`).
 */
function _wordRegex(...lists: string[][]): RegExp {
  const spellings: string[] = [];
  for (const w of lists.flat()) {
    spellings.push(w, w[0].toUpperCase() + w.slice(1), w.toUpperCase());
  }
  return new RegExp(
    `\\b(?<![-.])(?<!\\b(?:0|no|zero|without|never|No|Zero|Without|NO) )(?:${
      _trie(spellings, true)
    })(?![\\w-]|\\.\\w)(?!\\s*[:=]\\s*(?:0|false|none|null|nil|no)\\b)`,
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
/** Diagnostic words. */
const _DIAG_WORD = _wordRegex(
  ["timeout", "timeouts", "timed out", "timedout", "time out", "refused", "denied", "unreachable"],
  ["unavailable", "forbidden", "unauthorized", "unauthorised", "deadlock", "deadlocked", "killed"],
  ["cannot", "can't", "could not", "couldn't", "unable to", "not found", "no such file", "invalid"],
  ["rejected", "corrupt", "corrupted", "corruption", "overflow", "reset by peer", "broken pipe"],
  ["exceeded", "unexpected", "assert", "assertion", "econnrefused", "econnreset", "econnaborted"],
  ["etimedout", "enoent", "eacces", "eperm", "eaddrinuse", "enospc", "epipe", "enotfound"],
  ["eai_again", "ehostunreach", "sensitive data"],
);
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
/** Download, install, build and checkout chatter (anchored prefixes). */
const _CHATTER =
  /^\s*(?:\[HASH\]: |[0-9a-f]{12}: )?(?:Downloading|Downloaded|Download complete|Fetching|Fetched|Pulling|Pull complete|Already exists|Waiting|Verifying Checksum|Extracting|Digest: sha256|Status: (?:Downloaded|Image is up to date)|Compiling|Checking|Finished|Fresh|Building|Collecting|Using cached|Requirement already satisfied|Installing|Successfully (?:installed|built|tagged)|Unpacking|Preparing to unpack|Selecting previously unselected|Setting up|Processing triggers|Get:\d|Hit:\d|Ign:\d|Reading (?:package lists|state information)|Building dependency tree|added \d+ packages?|removed \d+ packages?|changed \d+ packages?|up to date|audited \d+ packages?|found 0 vulnerabilities|\d+ packages? (?:are|is) looking for funding|run `npm fund`|Progress: resolved|Packages: \+|Lockfile is up to date|Done in \d|Already up to date|Cloning into|remote: (?:Enumerating|Counting|Compressing|Total)|Receiving objects|Resolving deltas|Updating files|Unpacking objects|HEAD is now at|Switched to (?:a new )?branch|Note: switching to|From https?:|\* branch |\* \[new (?:branch|tag)\]|Submodule |Entering '|Checking out files|Step \d+\/\d+|---> |Sending build context|#\d+ (?:\[internal\]|transferring|resolve|CACHED|DONE|sha256)|Removing intermediate container|##\[(?:group|endgroup)\]|::(?:group|endgroup)::|Post job cleanup|Cleaning up orphan processes|Syncing repository|Getting action download info|Download action repository)/;
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
    if (f & _F_DIAG && _DIAG_WORD.test(line)) (best = _max(best, _DIAG + 50)), groups++;
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
  const tag = inferSeverity(line);
  if (tag === "info" || tag === "debug" || tag === "trace") {
    // Only uppercase-initial triggers (FAIL, Error, Back-off, OOMKilled …) can
    // override a low tag; skipping the lowercase scan keeps tagged lines cheap.
    const f = multilingual
      ? _collect(_upperMl(line), _FAMILIES_ML, line, 0)
      : _collect(_UPPER_G, _FAMILIES, line, 0);
    if (f !== 0) return _hardSignal(line, len, c0, tag, multilingual, false, f);
    return _softSignal(line, c0, tag);
  }
  const f = _families(line, multilingual);
  if (f !== 0 || tag !== undefined) return _hardSignal(line, len, c0, tag, multilingual, true, f);
  const stack = _stackPoints(line, len, c0);
  if (stack > 0) return _STACK + stack;
  return _softSignal(line, c0, tag);
}

/**
 * The category of a signal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineCategory, lineSignal, signalCategory } from "./score.ts";
 * assert.ok(signalCategory(lineSignal("    at main (/app/x.js:1:2)")) === LineCategory.STACK);
 * ```
 */
export function signalCategory(signal: LineSignal): LineCategory {
  return (signal >>> 7) as LineCategory;
}

/**
 * Whether a signal is a hard keep: an error, fatal, stack frame or diagnostic
 * keyword. Hard lines score the same (at least 40) at every level; the
 * pipeline records them as `keep-hard` for auto aggressiveness.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isHardSignal, lineSignal } from "./score.ts";
 * assert.ok(isHardSignal(lineSignal("[WARN] connection timeout to db")));
 * assert.ok(!isHardSignal(lineSignal("[WARN] cache is cold")));
 * ```
 */
export function isHardSignal(signal: LineSignal): boolean {
  return signal >= _STACK;
}

// Soft category scores per level: rows low, medium, high, aggressive; columns
// JUNK, CHATTER, DEBUG, INFO, PLAIN, NOTABLE, WARN.
// deno-fmt-ignore
const _SOFT = new Uint8Array([
  0, 40, 40, 40, 40, 45, 45,
  0, 10, 5, 15, 40, 45, 45,
  0, 0, 0, 5, 15, 30, 25,
  0, 0, 0, 0, 5, 15, 10,
]);

function _levelRow(level: EffectiveAggressiveness): number {
  switch (level) {
    case "low":
      return 0;
    case "medium":
      return 7;
    case "high":
      return 14;
    case "aggressive":
      return 21;
  }
  return 14;
}

/**
 * The score of a classified line at an aggressiveness level (0-100).
 *
 * Hard signals (stack, diagnostic, error, fatal) score their points at every
 * level. Soft categories score from the level table of {@linkcode LineCategory}:
 * low keeps everything but junk, medium drops INFO/DEBUG/TRACE and chatter but
 * keeps warnings and plain lines, high keeps only hard signals, aggressive
 * scores soft lines lowest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lineSignal, scoreForLevel } from "./score.ts";
 * const s = lineSignal("[WARN] cache is cold");
 * assert.ok(scoreForLevel(s, "medium") >= 40 && scoreForLevel(s, "high") < 40);
 * ```
 */
export function scoreForLevel(signal: LineSignal, level: EffectiveAggressiveness): number {
  if (signal >= _STACK) return signal & 127;
  return _SOFT[_levelRow(level) + (signal >>> 7)];
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

/**
 * Repeat dampening state, see {@linkcode createRepeatDampener}.
 *
 * @example The fourth repeat costs points
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRepeatDampener, type RepeatDampener } from "./score.ts";
 * const dampener: RepeatDampener = createRepeatDampener();
 * for (let i = 0; i < 3; i++) dampener.penalty("retrying [ID]");
 * assert.ok(dampener.penalty("retrying [ID]") === 8 && dampener.size === 1);
 * ```
 */
export interface RepeatDampener {
  /**
   * Count one more occurrence of `sanitizedLine` and return its penalty: 0 up
   * to `TFIDF_REPEAT_THRESHOLD` occurrences, then `TFIDF_PENALTY` more for
   * each further occurrence, at most 100.
   */
  penalty(sanitizedLine: string): number;
  /** Unique lines currently tracked. */
  readonly size: number;
}

/**
 * Create a repeat dampener: counts occurrences of each sanitized line; beyond
 * `TFIDF_REPEAT_THRESHOLD` (3) occurrences each further one costs
 * `TFIDF_PENALTY` (8) points, cumulatively (4th: 8, 5th: 16 …, capped at 100).
 * When `TFIDF_MAP_LIMIT` (50,000) unique lines are tracked, the map is cleared
 * before the next new line is added, so memory stays bounded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRepeatDampener } from "./score.ts";
 * const d = createRepeatDampener();
 * const penalties = [1, 2, 3, 4, 5].map(() => d.penalty("retrying [ID]"));
 * assert.ok(penalties.join() === "0,0,0,8,16");
 * ```
 */
export function createRepeatDampener(): RepeatDampener {
  // Keyed by a 32-bit hash of the line: a full map costs about 1 MiB, not the lines.
  const counts = new Map<number, number>();
  return {
    penalty(sanitizedLine: string): number {
      const key = hashLine(sanitizedLine);
      const prev = counts.get(key);
      if (prev === undefined && counts.size >= TFIDF_MAP_LIMIT) counts.clear();
      const n = (prev ?? 0) + 1;
      counts.set(key, n);
      if (n <= TFIDF_REPEAT_THRESHOLD) return 0;
      const p = (n - TFIDF_REPEAT_THRESHOLD) * TFIDF_PENALTY;
      return p > 100 ? 100 : p;
    },
    get size() {
      return counts.size;
    },
  };
}
