/**
 * Severity levels: parsing the `severity` option, inferring the level of a
 * line from its tags and level fields, and the severity filter.
 *
 * @module
 */

import { TrimError } from "../errors.ts";
import { SEVERITY_LEVELS } from "../options.ts";
import type { SeverityLevel } from "../types.ts";

export { SEVERITY_LEVELS };

const _RANK: ReadonlyMap<SeverityLevel, number> = new Map(
  SEVERITY_LEVELS.map((level, i) => [level, i]),
);

/** Accepted spellings (lowercase) of each level, for options and level fields. */
const _ALIASES: ReadonlyMap<string, SeverityLevel> = new Map<string, SeverityLevel>([
  ["fatal", "fatal"],
  ["critical", "fatal"],
  ["crit", "fatal"],
  ["emerg", "fatal"],
  ["emergency", "fatal"],
  ["alert", "fatal"],
  ["panic", "fatal"],
  ["sev0", "fatal"],
  ["sev1", "fatal"],
  ["error", "error"],
  ["err", "error"],
  ["eror", "error"],
  ["severe", "error"],
  ["sev2", "error"],
  ["warn", "warn"],
  ["warning", "warn"],
  ["wrn", "warn"],
  ["sev3", "warn"],
  ["info", "info"],
  ["information", "info"],
  ["informational", "info"],
  ["notice", "info"],
  ["inf", "info"],
  ["sev4", "info"],
  ["sev5", "info"],
  ["debug", "debug"],
  ["dbug", "debug"],
  ["dbg", "debug"],
  ["fine", "debug"],
  ["trace", "trace"],
  ["trce", "trace"],
  ["trc", "trace"],
  ["verbose", "trace"],
  ["finer", "trace"],
  ["finest", "trace"],
  ["silly", "trace"],
  ["all", "trace"],
]);

/**
 * Parse a severity option value, case-insensitively, with aliases:
 * `critical`, `crit`, `emerg`, `alert`, `panic` → `fatal`; `err`, `severe` →
 * `error`; `warning` → `warn`; `notice`, `information` → `info`; `dbg`, `fine`
 * → `debug`; `verbose`, `finest` → `trace`.
 *
 * @throws {TrimError} with code `INVALID_OPTION`, naming the valid values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSeverityLevel } from "./severity.ts";
 * assert.ok(parseSeverityLevel(" Warning ") === "warn");
 * assert.ok(parseSeverityLevel("CRIT") === "fatal");
 * ```
 */
export function parseSeverityLevel(s: string): SeverityLevel {
  const level = typeof s === "string" ? _ALIASES.get(s.trim().toLowerCase()) : undefined;
  if (level === undefined) {
    throw new TrimError(
      "INVALID_OPTION",
      `invalid severity ${JSON.stringify(s)}: expected one of ${
        SEVERITY_LEVELS.join(", ")
      } (aliases: critical, crit, emerg, alert, err, warning, notice, verbose …)`,
    );
  }
  return level;
}

/** Level of a pino/bunyan numeric level (10 trace … 60 fatal). */
function _numericLevel(n: number): SeverityLevel | undefined {
  if (n >= 60) return "fatal";
  if (n >= 50) return "error";
  if (n >= 40) return "warn";
  if (n >= 30) return "info";
  if (n >= 20) return "debug";
  if (n >= 10) return "trace";
  return undefined;
}

/** Level of an Android or glog single letter. */
function _letterLevel(c: number): SeverityLevel | undefined {
  switch (c) {
    case 70: // F
    case 65: // A (Android assert)
      return "fatal";
    case 69: // E
      return "error";
    case 87: // W
      return "warn";
    case 73: // I
      return "info";
    case 68: // D
      return "debug";
    case 86: // V
      return "trace";
  }
  return undefined;
}

/** Parse the level value starting at `pos` (a word or a number), without allocating for numbers. */
function _valueLevel(line: string, pos: number): SeverityLevel | undefined {
  const len = line.length;
  let c = line.charCodeAt(pos);
  if (c >= 48 && c <= 57) {
    let n = 0;
    while (pos < len && c >= 48 && c <= 57 && n < 1000) {
      n = n * 10 + (c - 48);
      c = line.charCodeAt(++pos);
    }
    return _numericLevel(n);
  }
  let end = pos;
  while (end < len && end - pos < 16) {
    const l = line.charCodeAt(end) | 32;
    if ((l < 97 || l > 122) && !(l >= 48 && l <= 57)) break;
    end++;
  }
  if (end === pos) return undefined;
  return _ALIASES.get(line.slice(pos, end).toLowerCase());
}

/** Level of the uppercase or bracketed tag that ends just before `end`. */
function _tagLevel(line: string, end: number): SeverityLevel | undefined {
  const closing = line.charCodeAt(end - 1);
  if (closing === 93 || closing === 62) end--; // `]` or `>`: bracketed any-case tag
  const last = line.charCodeAt(end - 1) & ~32; // uppercase
  const prev = line.charCodeAt(end - 2) & ~32;
  if (last >= 16 && last <= 25) return _ALIASES.get(`sev${last - 16}`); // digit & ~32
  switch (last) {
    case 76: // L: FATAL, CRITICAL
    case 84: // T: CRIT, ALERT
    case 89: // Y: EMERGENCY
    case 67: // C: PANIC
      return "fatal";
    case 71: // G: EMERG, WARNING, DEBUG
      return prev === 82 ? "fatal" : prev === 78 ? "warn" : "debug";
    case 82: // R: ERROR, ERR
      return "error";
    case 78: // N: WARN
      return "warn";
    case 79: // O: INFO
      return "info";
    case 69: { // E: SEVERE, NOTICE, TRACE, VERBOSE
      if (prev === 82) return "error";
      if (prev === 83) return "trace";
      return (line.charCodeAt(end - 3) & ~32) === 73 ? "info" : "trace";
    }
  }
  return undefined;
}

/**
 * One scan for the first level marker: an uppercase token (`ERROR`, `WARN` …),
 * a bracketed tag in any case (`[error]`, `<Warn>`) or a level key (`level=`,
 * `"severity":`). Global so that `lastIndex` tells where the match ended,
 * which identifies it without allocating. Linear: no nested quantifiers. The
 * key branch starts at the rare `:`/`=` and looks behind for the key name, so
 * the engine can skip ahead instead of trying every letter.
 */
const _TAG_SCAN =
  /(?<![A-Za-z0-9_])(?:FATAL|CRITICAL|CRIT|EMERGENCY|EMERG|ALERT|PANIC|SEVERE|ERROR|ERR|SEV[0-5]|WARNING|WARN|INFO|NOTICE|DEBUG|TRACE|VERBOSE)(?![A-Za-z0-9_=])|[[<](?:[Ff]atal|[Cc]ritical|[Cc]rit|[Ee]merg|[Aa]lert|[Pp]anic|[Ee]rror|[Ee]rr|[Ww]arning|[Ww]arn|[Ii]nfo|[Nn]otice|[Dd]ebug|[Tt]race|[Vv]erbose)[\]>]|[:=](?<=(?<![\w.-])["']?(?:level|lvl|severity|loglevel|log[._]level|levelname|level_name|severity_text|@l|@level|Level|Severity)["']?[ \t]*[:=])[ \t]*["']?(?=[A-Za-z0-9])/g;

/** Line-start lowercase forms: `error:`, `warning[E0]:`, `npm warn`, `::error`, `fatal:` (git). */
const _PREFIX =
  /^\s*(?:(?:npm|pnpm|yarn) (?=(?:warn|error|ERR!|WARN)\b)|::(?=(?:error|warning|notice|debug)\b))?(fatal|panic|error|warning|warn|notice|info|debug|trace|ERR!|WARN|Error|Warning|Fatal)(?=[:[!]|\s|$)/;

/** Android logcat brief (`E/Tag( 12):`) and glog/klog (`E0101 12:00:00.000`). */
const _LETTER_START = /^[VDIWEFA]\/[^\s(:]+\s*[(:]|^[IWEF]\d{4} \d\d:\d\d:\d\d/;

/** Android logcat threadtime: `01-01 12:00:00.000  123  456 E Tag: message`. */
const _THREADTIME =
  /^(?:(?:\d\d-\d\d|\d{4}-\d\d-\d\d)[ T][\d:.]+\s+|\[TIME\]\s+)?\d+\s+\d+\s+[VDIWEFA](?=\s+[^\s:]+\s*:)/g;

/**
 * Infer the severity of a line, or `undefined` when it carries none.
 *
 * Recognized, first marker wins (a JSON object's level field wins over tokens
 * in its message): glog/klog (`E0101 12:00:00`) and Android (`E/Tag(`,
 * `… 123 456 E Tag:`) letters; line-start `error:`, `warning:`, `fatal:`,
 * `npm warn`, `::error`; uppercase tokens `FATAL`, `CRITICAL`, `CRIT`, `EMERG`,
 * `ALERT`, `PANIC`, `SEVERE`, `ERROR`, `ERR`, `SEV0`-`SEV5`, `WARNING`, `WARN`,
 * `INFO`, `NOTICE`, `DEBUG`, `TRACE`, `VERBOSE`; bracketed tags in any case
 * (`[error]`, `<warn>`); level fields (`level=error`, `"severity":"ERROR"`,
 * `"lvl":50` — pino/bunyan numbers: 60 fatal, 50 error, 40 warn, 30 info,
 * 20 debug, 10 trace). Words inside messages are not levels: `error_count=0`,
 * `0 errors` and `no errors found` have no severity.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inferSeverity } from "./severity.ts";
 * assert.ok(inferSeverity("2024-01-01 12:00:00 ERROR db down") === "error");
 * assert.ok(inferSeverity('{"level":50,"msg":"boom"}') === "error");
 * assert.ok(inferSeverity("W1121 12:00:00.000 1 main.go:3] slow") === "warn");
 * assert.ok(inferSeverity("build finished, 0 errors") === undefined);
 * ```
 */
export function inferSeverity(line: string): SeverityLevel | undefined {
  const len = line.length;
  if (len < 3) return undefined;
  const c0 = line.charCodeAt(0);
  if (c0 >= 65 && c0 <= 90) {
    const c1 = line.charCodeAt(1);
    if ((c1 === 47 || (c1 >= 48 && c1 <= 57)) && _LETTER_START.test(line)) {
      return _letterLevel(c0);
    }
  }
  if ((c0 >= 48 && c0 <= 57) || c0 === 91) {
    _THREADTIME.lastIndex = 0;
    if (_THREADTIME.test(line)) return _letterLevel(line.charCodeAt(_THREADTIME.lastIndex - 1));
  }
  if (c0 !== 123 && c0 !== 91) {
    const m = _PREFIX.exec(line);
    if (m !== null) {
      const w = m[1];
      return w === "ERR!" ? "error" : _ALIASES.get(w.toLowerCase());
    }
  }
  const json = c0 === 123;
  let first: SeverityLevel | undefined;
  _TAG_SCAN.lastIndex = 0;
  // At most 32 markers are examined: enough for real lines, bounded for adversarial ones.
  for (let n = 0; n < 32 && _TAG_SCAN.test(line); n++) {
    const end = _TAG_SCAN.lastIndex;
    const c = line.charCodeAt(end - 1);
    // Tokens end with a letter or digit, bracketed tags with `]` or `>`; a level
    // key ends with its separator (`=`, `:`, a quote or a space) before the value.
    if (
      !((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 93 ||
        c === 62)
    ) {
      const level = _valueLevel(line, end);
      if (level !== undefined) return level;
      continue;
    }
    if (first === undefined) {
      first = _tagLevel(line, end);
      if (!json) return first;
    }
  }
  return first;
}

/**
 * Whether a line passes the severity filter: its inferred level is at
 * `severity` or more severe. Lines with no detectable severity always pass.
 *
 * | severity | passes |
 * |---|---|
 * | fatal | FATAL, CRITICAL, EMERG, ALERT |
 * | error | the above plus ERROR, ERR, SEV2 |
 * | warn | the above plus WARN, WARNING |
 * | info | the above plus INFO |
 * | debug | the above plus DEBUG |
 * | trace | all levels |
 *
 * @throws {TrimError} `INVALID_OPTION` when `severity` is not a level or alias.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { passesSeverityFilter } from "./severity.ts";
 * assert.ok(passesSeverityFilter("[WARN] disk 91% full", "warn"));
 * assert.ok(!passesSeverityFilter("[INFO] started", "warn"));
 * assert.ok(passesSeverityFilter("no level here", "fatal"));
 * ```
 */
export function passesSeverityFilter(line: string, severity: SeverityLevel): boolean {
  const max = _RANK.get(severity) ?? _RANK.get(parseSeverityLevel(severity))!;
  const level = inferSeverity(line);
  return level === undefined || _RANK.get(level)! <= max;
}

/**
 * Compare two levels: negative when `a` is more severe than `b`, 0 when equal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareSeverity } from "./severity.ts";
 * assert.ok(compareSeverity("fatal", "warn") < 0);
 * ```
 */
export function compareSeverity(a: SeverityLevel, b: SeverityLevel): number {
  return _RANK.get(a)! - _RANK.get(b)!;
}
