/**
 * Trigger scans of line classification: two case-sensitive scans (one for
 * uppercase-initial words, one for lowercase words behind `\b`) that are
 * supersets of every error, failure and diagnostic pattern of `score.ts`.
 * Case-sensitive alternations let the regex engine skip ahead, so they run
 * several times faster than one case-insensitive scan. Each trigger word names
 * the families of precise patterns it can start, so a triggered line runs only
 * the relevant precise patterns.
 *
 * @module
 */

import { MULTILINGUAL_TRIGGER_STEMS, multilingualTriggerSpellings } from "./multilingual.ts";
import { wordAlternation as _trie } from "./word_trie.ts";

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

/**
 * Families of precise patterns, as bits: the scans of this module return the
 * union of the families of the trigger words found in a line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TriggerFamily, triggerFamilies } from "./triggers.ts";
 * assert.ok((triggerFamilies("npm ERR! code ERESOLVE", false) & TriggerFamily.PACKAGE) !== 0);
 * assert.equal(triggerFamilies("listening on :8080", true), 0);
 * ```
 */
export const TriggerFamily: Readonly<
  Record<
    | "CI"
    | "COMPILER"
    | "TEST"
    | "CONTAINER"
    | "PACKAGE"
    | "EXIT"
    | "VULN"
    | "FATAL"
    | "ERROR"
    | "DIAG"
    | "WARN"
    | "ML"
    | "STRUCT"
    | "ERRORISH"
    | "FAILISH",
    number
  >
> = Object.freeze({
  /** CI annotations. */
  CI: _F_CI,
  /** Compiler diagnostics. */
  COMPILER: _F_COMPILER,
  /** Test failures. */
  TEST: _F_TEST,
  /** Container runtime and orchestrator failures. */
  CONTAINER: _F_CONTAINER,
  /** Package-manager and build-tool failures. */
  PACKAGE: _F_PACKAGE,
  /** Non-zero process exits. */
  EXIT: _F_EXIT,
  /** Vulnerability ids. */
  VULN: _F_VULN,
  /** Fatal keywords. */
  FATAL: _F_FATAL,
  /** Error keywords and exception classes. */
  ERROR: _F_ERROR,
  /** Diagnostic keywords. */
  DIAG: _F_DIAG,
  /** Warning keywords. */
  WARN: _F_WARN,
  /** Error keywords of other languages. */
  ML: _F_ML,
  /** Tags and `Caused by`: no precise pattern of their own. */
  STRUCT: _F_STRUCT,
  /** Every family an `err…` word can start. */
  ERRORISH: _F_ERRORISH,
  /** Every family a `fail…` word can start. */
  FAILISH: _F_FAILISH,
});

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
  // Sentence-initial spellings of lowercase diagnostic words (`Invalid option -j`); not
  // `Unexpected`, which opens ESLint's warnings (`Unexpected any`, `Unexpected console`).
  ["Invalid", _F_DIAG],
  ["Illegal", _F_DIAG],
  ["No such", _F_DIAG],
  ["No space left", _F_DIAG],
  ["Not found", _F_DIAG],
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
  ["illegal", _F_DIAG],
  ["reject", _F_DIAG],
  ["corrupt", _F_DIAG],
  ["overflow", _F_DIAG | _F_FATAL],
  ["not found", _F_DIAG],
  ["sensitive data", _F_DIAG],
  ["no such", _F_DIAG],
  ["no space left", _F_DIAG],
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
 *
 * @param line The (sanitized) line.
 * @param multilingual Include the trigger words of other languages.
 * @returns The union of the {@linkcode TriggerFamily} bits of the words found.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TriggerFamily, triggerFamilies } from "./triggers.ts";
 * assert.ok((triggerFamilies("connection timed out", true) & TriggerFamily.DIAG) !== 0);
 * assert.ok((triggerFamilies("Fehler: nicht erreichbar", true) & TriggerFamily.ML) !== 0);
 * ```
 */
export function triggerFamilies(line: string, multilingual: boolean): number {
  return multilingual
    ? _collect(_LOWER_ML_G, _FAMILIES_ML, line, _collect(_upperMl(line), _FAMILIES_ML, line, 0))
    : _collect(_LOWER_G, _FAMILIES, line, _collect(_UPPER_G, _FAMILIES, line, 0));
}

/**
 * A character beyond Latin-1. The engine compiles an expression once for one-byte
 * strings and once for two-byte strings; for a one-byte string (all characters
 * up to U+00FF, as the lines of an ASCII or Latin-1 chunk are) this class can
 * never match, so the test returns at once instead of scanning the line.
 */
const _BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * The uppercase trigger scan for multilingual mode. The other spellings
 * (`_ML_OTHER`: Cyrillic, CJK …) all start with a character beyond Latin-1, so
 * they cannot match a line without one, and a line sliced from a two-byte chunk
 * would still pay for them at every position: one cheap test picks the plain
 * scan instead (both scans find the same words in such a line).
 */
function _upperMl(line: string): RegExp {
  return _BEYOND_LATIN1.test(line) ? _UPPER_ML_G : _UPPER_G;
}

/**
 * Families of the uppercase-initial trigger words only (`FAIL`, `Error`,
 * `Back-off`, `OOMKilled` …): the words that can override a low level tag
 * (INFO, DEBUG, TRACE). Skipping the lowercase scan keeps tagged lines cheap.
 *
 * @param line The (sanitized) line.
 * @param multilingual Include the non-ASCII spellings of other languages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TriggerFamily, upperTriggerFamilies } from "./triggers.ts";
 * assert.ok((upperTriggerFamilies("[INFO] FAIL src/a.test.ts", true) & TriggerFamily.TEST) !== 0);
 * assert.equal(upperTriggerFamilies("[INFO] request failed, retrying", true), 0);
 * ```
 */
export function upperTriggerFamilies(line: string, multilingual: boolean): number {
  return multilingual
    ? _collect(_upperMl(line), _FAMILIES_ML, line, 0)
    : _collect(_UPPER_G, _FAMILIES, line, 0);
}
