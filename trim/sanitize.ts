/**
 * The sanitizer: masks secrets and volatile values in one line.
 *
 * | Pattern | Replacement |
 * |---|---|
 * | UUID | `[ID]` (`[ID:<last N>]` with preserveIdSuffix N) |
 * | ISO, log4j, syslog, Apache, CLF, compact and other timestamps | `[TIME]` |
 * | IPv4 address, with port | `[IP]`, `[IP]:[PORT]` |
 * | code-hosting, chat, registry, payment and cloud tokens by prefix | `[REDACTED]` |
 * | JWT (`eyJ…`) | `[JWT]` |
 * | connection-string password | `scheme://user:[REDACTED]@host` |
 * | `Authorization:` / `Cookie:` header values | `[REDACTED]` |
 * | secret fields (`password=`, `token: …`, `"api_key": "…"`, `--password x`) | value becomes `[REDACTED]` |
 * | PEM private key on one line | `[REDACTED PRIVATE KEY]` |
 * | ARN account id | `[ACCOUNT]` |
 * | long hexadecimal or mixed alphanumeric hashes | `[HASH]` (`[ID:<last N>]`) |
 * | HTTP status codes in an HTTP context | `[2xx]`, `[4xx]`, `[5xx]` … |
 * | ANSI escapes | removed |
 *
 * Every step sits behind a cheap character pre-check, and no expression can
 * backtrack super-linearly: quantifiers over open-ended classes are bounded or
 * anchored by a literal.
 *
 * @module
 */

// deno-lint-ignore no-control-regex
const _ANSI_RE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)?|[@-Z\\-_])/g;

const _PEM_INLINE_RE =
  /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|[\s\S]*$)/g;

const _PREFIXED_TOKEN_RE = new RegExp(
  [
    String.raw`\bgh[pousr]_[A-Za-z0-9]{20,255}`,
    String.raw`\bgithub_pat_[A-Za-z0-9_]{20,255}`,
    String.raw`\bgl(?:pat|ptt|dt|rt|oas|cbt|ft|imt|agent|soat|ffct)-[A-Za-z0-9_-]{20,255}`,
    String.raw`\bdckr_pat_[A-Za-z0-9_-]{20,255}`,
    String.raw`\bxox[abposre]-[A-Za-z0-9-]{10,255}`,
    String.raw`\bxapp-[A-Za-z0-9-]{10,255}`,
    String.raw`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b`,
    String.raw`\bnpm_[A-Za-z0-9]{36}\b`,
    String.raw`\bpypi-[A-Za-z0-9_-]{32,255}`,
    String.raw`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,255}`,
    String.raw`\bwhsec_[A-Za-z0-9]{20,255}`,
    String.raw`\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`,
    String.raw`\bSG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,64}`,
    String.raw`\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{32,255}`,
    String.raw`\bdop_v1_[a-f0-9]{64}\b`,
    String.raw`\bhf_[A-Za-z0-9]{30,64}\b`,
    // Twilio API keys, Shopify tokens
    String.raw`\bSK[0-9a-fA-F]{32}\b`,
    String.raw`\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b`,
    // Discord bot tokens: base64 user id, timestamp, HMAC
    String.raw`\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}`,
  ].join("|"),
  "g",
);

const _WEBHOOK_RE =
  /(hooks\.slack\.com\/(?:services|workflows|triggers)\/|discord(?:app)?\.com\/api\/webhooks\/)[A-Za-z0-9/_-]{1,256}/g;

/** Telegram bot tokens: `123456789:AA` and 30+ characters (found from `:AA`). */
const _TELEGRAM_RE = /(?<!\d)\d{6,12}:AA[A-Za-z0-9_-]{30,40}/g;

const _JWT_RE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

const _URL_PASSWORD_RE = /:\/\/([^\s:/@]{0,256}):([^\s@/]{1,256})@/g;

const _ARN_RE = /\b(arn:aws[a-z-]{0,20}:[a-z0-9-]{0,40}:[a-z0-9-]{0,40}:)\d{12}(?=:)/g;

// Keys whose value is secret, by their normalized ending (lower case, no `_`, `-`, `.`).
const _SECRET_KEY_END_RE =
  /(?:password|passwd|passphrase|pwd|secret|token|apikey|accesskey|secretkey|privatekey|authorization|credentials?|cookie|sessionid|sessid|signature|authkey|masterkey|encryptionkey|signingkey|accountkey|sastoken|sharedkey)$/;

// Timestamps are found from an anchor (a time of day `d:dd`, found from the colons; a
// date `dddd-dd-dd` or `dddd.dd.dd`, found from dashes and dots; a compact date at line
// start), then matched by a sticky expression tried at the few positions just before
// the anchor. Character checks at `indexOf` hits are far faster than a many-branch
// expression tried at every position.
/** How far before its anchor a timestamp may start ("[Sun Dec 04 04:47:44 2005]"). */
const _TIME_LOOKBACK = 16;

const _TIME_AT_RE = new RegExp(
  [
    // BGL: 2005-06-03-15.42.50.675872
    String.raw`\d{4}-\d{2}-\d{2}-\d{2}\.\d{2}\.\d{2}\.\d{1,6}\b`,
    // ISO 8601 / RFC 3339 / log4j: 2024-01-15T10:30:00.123Z, 2015-10-18 18:05:27,570
    String
      .raw`\d{4}-[01]\d-[0-3]\d(?:[T ][0-2]\d:[0-5]\d(?::[0-5]\d)?(?:[.,]\d{1,9})?(?:Z\b|\s?UTC\b|[+-][0-2]\d:?[0-5]\d\b)?)?(?![\d-])`,
    // HealthApp: 20171223-22:15:29:606
    String.raw`\d{8}-\d{1,2}:\d{1,2}:\d{1,2}(?::\d{1,3})?\b`,
    // Apache error log: [Sun Dec 04 04:47:44 2005]
    String
      .raw`\[(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d [0-2]\d:[0-5]\d:[0-5]\d(?:\.\d{1,9})? \d{4}\]`,
    // syslog / ctime: Jun 14 15:16:01, Sun Dec 04 04:47:44 2005
    String
      .raw`(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? )?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}\d{1,2},? (?:\d{4} )?[0-2]\d:[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?: \d{4}\b)?`,
    // CLF: 10/Oct/2000:13:55:36 -0700
    String
      .raw`\d{2}\/(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\/\d{4}:[0-2]\d:[0-5]\d:[0-5]\d(?: [+-]\d{4})?`,
    // Spark / US dates with time: 17/06/09 20:10:40, 06/09/2017 20:10:40
    String.raw`\d{2}\/\d{2}\/\d{2,4}[ T][0-2]\d:[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?\b`,
    // Android: 03-17 16:13:38.811
    String.raw`[01]\d-[0-3]\d [0-2]\d:[0-5]\d:[0-5]\d\.\d{3}\b`,
    // Dotted dates: 2005.11.09
    String.raw`(?:19|20)\d{2}\.[01]\d\.[0-3]\d\b(?!\.\d)`,
    // A bare time of day: 15:16:01.123 (not line:col, not MAC addresses)
    String.raw`(?<![\d:.])[0-2]?\d:[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?\b(?!:\d)`,
  ].join("|"),
  "y",
);

// At line start: compact (HDFS) 081109 213907; HealthApp 20171223-22:15:29:606.
const _LINE_START_TIME_RE = /^(?:\d{6} \d{6}\b|\d{8}-\d{1,2}:\d{1,2}:\d{1,2}(?::\d{1,3})?\b)/;

const _UUID_AT_RE =
  /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/y;

const _IPV4_RE =
  /(?<![\w.])(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(?![\w]|\.\d)(:\d{1,5}\b)?/g;

/** Shortest run of letters and digits that can be a hash. */
const _HASH_MIN = 16;

const _IPV4_PRE_RE = /\d\.\d{1,3}\.\d{1,3}\.\d/;

const _HTTP_STATUS_PRE_RE = /HTTP|tatus|STATUS|esponse/;

const _HTTP_STATUS_RE =
  /(\bHTTP\/\d(?:\.\d)?"?\s{1,4}|\bHTTP\s{1,4}|\b(?:[Ss]tatus(?:[ _-]?[Cc]ode)?|STATUS|http[_-]?[Ss]tatus|HTTP[_-]STATUS|[Rr]esponse[ _-]?[Cc]ode)["']?\s{0,4}[:=]?\s{0,4}["']?)([1-5])\d\d\b/g;

const _HAS_DIGIT_RE = /\d/;

/**
 * Removes ANSI escape sequences (colours, cursor moves, OSC titles).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripAnsi } from "./sanitize.ts";
 * assert.ok(stripAnsi("\x1b[31mERROR\x1b[0m x") === "ERROR x");
 * ```
 */
export function stripAnsi(line: string): string {
  return line.replace(_ANSI_RE, "");
}

/**
 * Masks secrets and volatile values in one line (see the module table).
 *
 * @param line one log line (no newline).
 * @param preserveIdSuffix keep the last N (1-16) characters of masked UUIDs and
 *   hashes as `[ID:<suffix>]`; 0 (default) masks them fully.
 *
 * @example Masking volatile values but not ordinary text
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeLine } from "./sanitize.ts";
 * const out = sanitizeLine(
 *   "2024-05-14T09:12:03.441Z ERROR req=3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f from 10.0.4.17:5432 timed out after 15.000s",
 * );
 * assert.ok(out === "[TIME] ERROR req=[ID] from [IP]:[PORT] timed out after 15.000s");
 * ```
 */
export function sanitizeLine(line: string, preserveIdSuffix = 0): string {
  if (line.length === 0) return line;
  let s = line;
  const esc = s.indexOf("\x1b");
  if (esc >= 0) s = s.replace(_ANSI_RE, "");
  if (s.indexOf("PRIVATE KEY") >= 0) s = s.replace(_PEM_INLINE_RE, "[REDACTED PRIVATE KEY]");
  if (s.length < 8) return s;

  // Every prefixed token, JWT, UUID and hash holds a run of 16+ `[A-Za-z0-9_-]`.
  const longRun = _hasLongRun(s);

  // Secrets first, so their characters cannot be taken for other patterns.
  if (longRun) {
    s = s.replace(_PREFIXED_TOKEN_RE, "[REDACTED]");
    if (s.indexOf(":AA") >= 0) s = s.replace(_TELEGRAM_RE, "[REDACTED]");
    if (s.indexOf("eyJ") >= 0) s = s.replace(_JWT_RE, "[JWT]");
  }
  if (s.indexOf("hooks") >= 0) s = s.replace(_WEBHOOK_RE, "$1[REDACTED]");
  if (s.indexOf("://") >= 0 && s.indexOf("@") >= 0) {
    s = s.replace(_URL_PASSWORD_RE, _maskUrlPassword);
  }
  s = _maskSecretFields(s);

  if (!_HAS_DIGIT_RE.test(s)) return s;
  if (s.indexOf("arn:") >= 0) s = s.replace(_ARN_RE, "$1[ACCOUNT]");
  s = _maskTimes(s);
  if (longRun) {
    if (s.indexOf("-") >= 0) s = _maskUuids(s, preserveIdSuffix);
    s = _maskHashes(s, preserveIdSuffix);
  }
  if (_IPV4_PRE_RE.test(s)) s = s.replace(_IPV4_RE, _maskIp);
  if (_HTTP_STATUS_PRE_RE.test(s)) s = s.replace(_HTTP_STATUS_RE, "$1[$2xx]");
  return s;
}

function _isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function _isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Replaces every timestamp by `[TIME]` (see `_TIME_AT_RE`). */
function _maskTimes(s: string): string {
  s = _maskTimesOfDay(s);
  if (s.indexOf("-") >= 0) s = _maskDates(s, "-");
  if (s.indexOf(".") >= 0) s = _maskDates(s, ".");
  return s;
}

/** Times of day: a digit, a colon, then [0-5] and a digit; and line-start forms. */
function _maskTimesOfDay(s: string): string {
  let out = "";
  let copied = 0;
  _triedBelow = 0;
  const c0 = s.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57 && (s.charCodeAt(6) === 32 || s.charCodeAt(8) === 45)) {
    const m = _LINE_START_TIME_RE.exec(s);
    if (m !== null) {
      out = "[TIME]";
      copied = m[0].length;
    }
  }
  let c = s.indexOf(":", copied + 1);
  while (c >= 0) {
    if (_isDigit(s.charCodeAt(c - 1)) && _isDigit(s.charCodeAt(c + 2))) {
      const m = s.charCodeAt(c + 1);
      if (m >= 48 && m <= 53) {
        const end = _timeAt(s, copied, c - 1);
        if (end > 0) {
          out += s.slice(copied, _timeStart) + "[TIME]";
          copied = end;
        }
      }
    }
    c = s.indexOf(":", Math.max(copied, c) + 1);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** Dates without a time: dddd-dd-dd, dddd.dd.dd (and BGL's dddd-dd-dd-hh.mm.ss.ffffff). */
function _maskDates(s: string, sep: string): string {
  let out = "";
  let copied = 0;
  _triedBelow = 0;
  const code = sep.charCodeAt(0);
  let d = s.indexOf(sep, 4);
  while (d >= 0) {
    if (
      s.charCodeAt(d + 3) === code && _isDigit(s.charCodeAt(d - 1)) &&
      _isDigit(s.charCodeAt(d - 4)) && _isDigit(s.charCodeAt(d + 1)) &&
      _isDigit(s.charCodeAt(d + 5))
    ) {
      const end = _timeAt(s, copied, d - 4);
      if (end > 0) {
        out += s.slice(copied, _timeStart) + "[TIME]";
        copied = end;
      }
    }
    d = s.indexOf(sep, Math.max(copied, d) + 1);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** Start of the last timestamp found by {@linkcode _timeAt}. */
let _timeStart = 0;

/**
 * Start positions below this were tried already in the current scan: a start either
 * matches or not whatever the anchor, so each is tried once per scan (linear even
 * on a line of nothing but anchors, such as `12:30:12:30:…`).
 */
let _triedBelow = 0;

/**
 * Tries the timestamp forms at the positions up to {@linkcode _TIME_LOOKBACK} before
 * `anchor` (not before `from`); returns the end of the first one that covers the
 * anchor (its start in `_timeStart`), or 0.
 */
function _timeAt(s: string, from: number, anchor: number): number {
  const first = Math.max(from, anchor - _TIME_LOOKBACK, _triedBelow);
  _triedBelow = anchor + 1;
  for (let st = first; st <= anchor; st++) {
    const c = s.charCodeAt(st);
    // Every form starts with a digit, "[" or a capital (day or month name).
    if (!((c >= 48 && c <= 57) || c === 91 || (c >= 65 && c <= 90))) continue;
    if (st > 0 && _isWordChar(s.charCodeAt(st - 1))) continue;
    _TIME_AT_RE.lastIndex = st;
    const t = _TIME_AT_RE.exec(s);
    if (t !== null && st + t[0].length > anchor) {
      _timeStart = st;
      return st + t[0].length;
    }
  }
  return 0;
}

function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whether `s` holds a run of 16+ `[A-Za-z0-9_-]`, probing every 16th character. */
function _hasLongRun(s: string): boolean {
  let i = _HASH_MIN - 1;
  while (i < s.length) {
    if (!_isTokenChar(s.charCodeAt(i))) {
      i += _HASH_MIN;
      continue;
    }
    let l = i;
    while (l > 0 && i - l < _HASH_MIN && _isTokenChar(s.charCodeAt(l - 1))) l--;
    let r = i + 1;
    while (r < s.length && r - l < _HASH_MIN && _isTokenChar(s.charCodeAt(r))) r++;
    if (r - l >= _HASH_MIN) return true;
    i = r + _HASH_MIN;
  }
  return false;
}

function _isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function _isTokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45;
}

/** Replaces UUIDs, found from their dash pattern (dashes 5 apart, three times). */
function _maskUuids(s: string, preserveIdSuffix: number): string {
  let out = "";
  let copied = 0;
  let d = s.indexOf("-", 8);
  while (d >= 0 && d + 28 <= s.length) {
    if (
      s.charCodeAt(d + 5) === 45 && s.charCodeAt(d + 10) === 45 && s.charCodeAt(d + 15) === 45 &&
      _isHex(s.charCodeAt(d - 1)) && _isHex(s.charCodeAt(d + 1)) &&
      d - 8 >= copied && !(d > 8 && _isWordChar(s.charCodeAt(d - 9)))
    ) {
      _UUID_AT_RE.lastIndex = d - 8;
      const m = _UUID_AT_RE.exec(s);
      if (m !== null) {
        out += s.slice(copied, d - 8) +
          (preserveIdSuffix > 0 ? `[ID:${m[0].slice(-_suffix(preserveIdSuffix))}]` : "[ID]");
        copied = d - 8 + 36;
        d = s.indexOf("-", copied + 8);
        continue;
      }
    }
    d = s.indexOf("-", d + 1);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/**
 * Replaces hashes: words of 16+ letters and digits that {@linkcode _isHash} accepts.
 * Runs are found by probing every 16th character, so most characters are never read.
 */
function _maskHashes(s: string, preserveIdSuffix: number): string {
  let out = "";
  let copied = 0;
  let i = _HASH_MIN - 1;
  while (i < s.length) {
    if (!_isAlnum(s.charCodeAt(i))) {
      i += _HASH_MIN;
      continue;
    }
    let l = i;
    while (l > 0 && _isAlnum(s.charCodeAt(l - 1))) l--;
    let r = i + 1;
    while (r < s.length && _isAlnum(s.charCodeAt(r))) r++;
    // Underscores bound a hash too: github_network_f45cbd657aa24fbaa2777658eab2340e.
    if (r - l >= _HASH_MIN && l >= copied) {
      const w = s.slice(l, r);
      if (_isHash(w)) {
        out += s.slice(copied, l) + _maskHash(w, preserveIdSuffix);
        copied = r;
      }
    }
    i = r + _HASH_MIN;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

function _suffix(n: number): number {
  return Math.max(0, Math.min(16, Math.floor(n)));
}

function _maskHash(m: string, preserveIdSuffix: number): string {
  return preserveIdSuffix > 0 ? `[ID:${m.slice(-_suffix(preserveIdSuffix))}]` : "[HASH]";
}

function _maskUrlPassword(m: string, user: string, pass: string): string {
  if (pass === "[REDACTED]" || /^\d{1,5}$/.test(pass)) return m; // host:port, not user:pass
  return `://${user}:[REDACTED]@`;
}

function _maskIp(m: string, port: string | undefined, offset: number, s: string): string {
  // Four-part version numbers stay: "Version=4.0.0.0", "v1.2.3.4", "version 10.0.0.1".
  const before = s.slice(Math.max(0, offset - 9), offset).toLowerCase();
  if (/(?:version[=: ]?|\bv|ver[=: ])$/.test(before)) return m;
  return port ? "[IP]:[PORT]" : "[IP]";
}

/**
 * Whether a 16+ character alphanumeric word is a hash: hexadecimal with both
 * digits and letters, or a mixed-case alphanumeric token with digits (24+ chars).
 * Identifiers such as `AbstractAutowireCapableBeanFactory` have no digits and stay.
 */
function _isHash(w: string): boolean {
  let digits = 0, upper = 0, lower = 0, hexLetters = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c <= 57) digits++;
    else if (c <= 90) {
      upper++;
      if (c <= 70) hexLetters++;
    } else {
      lower++;
      if (c <= 102) hexLetters++;
    }
  }
  if (digits === 0) return false;
  if (hexLetters === upper + lower) return hexLetters > 0 && (upper === 0 || lower === 0);
  if (w.length >= 24 && upper > 0 && lower > 0) return digits >= 2;
  return w.length >= 32 && digits >= 4;
}

const _ID_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45 || c === 46
  ) _ID_CHAR[c] = 1;
}

function _isIdChar(c: number): boolean {
  return c < 128 && _ID_CHAR[c] === 1;
}

/**
 * Masks the values of secret fields: `password=x`, `token: x`, `"api_key": "x"`,
 * `--password x`, `Authorization: Bearer x`, `Cookie: a=b`, `Bearer x`.
 *
 * Driven by separators: each `=` and `:` (found with `indexOf`) is checked for a key
 * word just before it, and only secret-looking keys are looked at further. `Bearer `
 * and `--flag value` are found the same way. Nothing is allocated for a line without
 * secrets.
 */
function _maskSecretFields(s: string): string {
  let spans: number[] | undefined;
  let eq = s.indexOf("=");
  let co = s.indexOf(":");
  let masked = 0; // separators inside an already masked value are skipped
  while (eq >= 0 || co >= 0) {
    const p = eq < 0 ? co : co < 0 ? eq : Math.min(eq, co);
    if (p === eq) eq = s.indexOf("=", Math.max(p + 1, masked));
    else co = s.indexOf(":", Math.max(p + 1, masked));
    if (p < masked) continue;
    const span = _secretAtSeparator(s, p);
    if (span !== undefined) {
      (spans ??= []).push(span[0], span[1]);
      masked = span[1];
      // A value ending in a separator is itself a key ("auth: Authorization: Basic x"):
      // that separator is looked at too.
      const last = s.charCodeAt(masked - 1);
      if ((last === 58 || last === 61) && masked - 1 > span[0]) masked--;
    }
  }
  for (const word of _BEARER_WORDS) {
    let b = s.indexOf(word);
    while (b >= 0) {
      if (b === 0 || !_isIdChar(s.charCodeAt(b - 1))) {
        const span = _maskAfterKey(s, b, s.slice(b, b + 6), b + 6);
        if (span !== undefined) (spans ??= []).push(span[0], span[1]);
      }
      b = s.indexOf(word, b + 6);
    }
  }
  let f = s.indexOf("--");
  while (f >= 0) {
    let ke = f + 2;
    while (ke < s.length && _isIdChar(s.charCodeAt(ke))) ke++;
    let next = ke;
    if (ke - f > 4 && s.charCodeAt(ke) === 32) {
      const span = _maskAfterKey(s, f + 2, s.slice(f + 2, ke), ke);
      if (span !== undefined) {
        (spans ??= []).push(span[0], span[1]);
        next = span[1]; // the masked value is not a flag of its own
      }
    }
    f = s.indexOf("--", next);
  }
  return spans === undefined ? s : _applySpans(s, spans, "[REDACTED]");
}

const _BEARER_WORDS = ["Bearer ", "bearer ", "BEARER "];

/** Last characters of secret key names (see `_SECRET_KEY_END_RE`), a cheap first filter. */
const _KEY_LAST = new Uint8Array(128);
for (const ch of "desntylhrwyDESNTYLHRWY") _KEY_LAST[ch.charCodeAt(0)] = 1;

/** The value span to mask for a key that ends just before separator `p`, if secret. */
function _secretAtSeparator(s: string, p: number): [number, number] | undefined {
  let j = p - 1;
  while (j >= 0 && s.charCodeAt(j) === 32 && p - j <= 2) j--;
  if (j >= 0 && (s.charCodeAt(j) === 34 || s.charCodeAt(j) === 39)) {
    j--;
    // An escaped quote (JSON inside a JSON string): \"key\":\"value\"
    for (let k = 0; k < _MAX_ESCAPES && s.charCodeAt(j) === 92; k++) j--;
  }
  if (j < 2) return undefined;
  const last = s.charCodeAt(j);
  if (last >= 128 || _KEY_LAST[last] === 0) {
    // `sig` (Azure SAS): checked by its letters, so that keys ending in `g` (msg, config)
    // stay on the fast path.
    if (
      last !== 103 || s.charCodeAt(j - 1) !== 105 || s.charCodeAt(j - 2) !== 115 ||
      _isIdChar(s.charCodeAt(j - 3))
    ) return undefined;
  }
  const ke = j + 1;
  let ks = ke;
  while (ks > 0 && _isIdChar(s.charCodeAt(ks - 1))) ks--;
  if (ke - ks < 3) return undefined;
  return _maskAfterKey(s, ks, s.slice(ks, ke), ke);
}

/** Replaces the [start, end) spans (a flat list, any order, maybe overlapping) by `text`. */
function _applySpans(s: string, spans: number[], text: string): string {
  const order: number[] = [];
  let sorted = true;
  for (let k = 0; k < spans.length; k += 2) {
    if (k > 0 && spans[k] < spans[k - 2]) sorted = false;
    order.push(k);
  }
  // Each scan finds its spans in order; sort only when several scans contributed.
  if (!sorted) order.sort((a, b) => spans[a] - spans[b]);
  let out = "";
  let copied = 0;
  for (const k of order) {
    if (spans[k] < copied) continue;
    out += s.slice(copied, spans[k]) + text;
    copied = spans[k + 1];
  }
  return out + s.slice(copied);
}

const _KEY_PLAIN = 0;
const _KEY_SECRET = 1;
const _KEY_HEADER = 2;
const _KEY_BEARER = 3;
/** `sig` (Azure SAS signatures): secret when the value is long (a signal number is not). */
const _KEY_SIG = 4;

/** Backslashes tolerated before a quote (JSON escaped once or a few times). */
const _MAX_ESCAPES = 4;

/** Key names seen recently and their kind: logs repeat the same few keys endlessly. */
const _keyKinds = new Map<string, number>();
const _KEY_CACHE_LIMIT = 1024;

/** Whether a key name is plain, a secret field, a header whose value is secret, or Bearer. */
function _keyKind(key: string): number {
  let kind = _keyKinds.get(key);
  if (kind !== undefined) return kind;
  const norm = key.toLowerCase().replace(/[-_.]/g, "");
  const lowerKey = key.toLowerCase();
  if (norm === "bearer" || norm === "basic") kind = _KEY_BEARER;
  else if (norm === "sig") kind = _KEY_SIG;
  else if (
    norm === "authorization" || norm === "proxyauthorization" || norm === "cookie" ||
    norm === "setcookie"
  ) kind = _KEY_HEADER;
  else if (
    _SECRET_KEY_END_RE.test(norm) || /(?:^|[-_.])(?:pass|auth|pw)$/.test(lowerKey) ||
    /[a-z](?:Pass|Auth|Pw)$/.test(key)
  ) kind = _KEY_SECRET;
  else kind = _KEY_PLAIN;
  if (_keyKinds.size >= _KEY_CACHE_LIMIT) _keyKinds.clear();
  _keyKinds.set(key, kind);
  return kind;
}

/** Returns the [start, end) of the value to mask after a key, or undefined. */
function _maskAfterKey(
  s: string,
  ks: number,
  key: string,
  ke: number,
): [number, number] | undefined {
  const kind = _keyKind(key);
  if (kind === _KEY_PLAIN) return undefined;
  if (kind === _KEY_BEARER) {
    // "Bearer <token>" anywhere.
    if (s.charCodeAt(ke) !== 32) return undefined;
    const vs = ke + 1;
    if (_isPlaceholderAt(s, vs)) return undefined;
    const ve = _tokenEnd(s, vs);
    return ve - vs >= 8 ? [vs, ve] : undefined;
  }
  const header = kind === _KEY_HEADER;
  let i = ke;
  const quotedKey = ks > 0 && (s[ks - 1] === '"' || s[ks - 1] === "'");
  if (quotedKey) {
    // The closing quote, maybe escaped (\"key\").
    let k = i;
    while (k - i < _MAX_ESCAPES && s.charCodeAt(k) === 92) k++;
    if (s[k] === s[ks - 1]) i = k + 1;
  }
  let j = i;
  while (j < s.length && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9)) j++;
  const sep = s[j];
  let vs: number;
  if (sep === "=" || sep === ":") {
    vs = j + 1;
    if (sep === "=" && s[vs] === ">") vs++; // Ruby hash rocket
    if (sep === ":" && s[vs] === ":") return undefined; // Rust/C++ paths: token::Kind
    while (vs < s.length && (s.charCodeAt(vs) === 32 || s.charCodeAt(vs) === 9)) vs++;
  } else if (
    j === i + 1 && ks >= 2 && s[ks - 1] === "-" && (s[ks - 2] === "-" || s[ks - 2] === " ")
  ) {
    vs = j; // CLI flag: --password value
  } else return undefined;
  if (vs >= s.length) return undefined;
  if (_isPlaceholderAt(s, vs)) return undefined;
  let q = s[vs];
  let ve: number;
  let esc = 0;
  if (q === "\\") {
    // An escaped quoted value (\"value\"): it ends at the same escaped quote.
    while (esc < _MAX_ESCAPES && s.charCodeAt(vs + esc) === 92) esc++;
    q = s[vs + esc];
    if (q !== '"' && q !== "'") {
      q = "\\";
      esc = 0;
    }
  }
  if (esc > 0) {
    const close = s.slice(vs, vs + esc + 1);
    vs += esc + 1;
    if (_isPlaceholderAt(s, vs)) return undefined;
    ve = s.indexOf(close, vs);
    if (ve < 0) ve = s.length;
  } else if (q === '"' || q === "'") {
    vs++;
    ve = vs;
    while (ve < s.length && s[ve] !== q) ve += s[ve] === "\\" ? 2 : 1;
    ve = Math.min(ve, s.length);
  } else if (header) {
    ve = s.length;
    // A quoted header ("Authorization: x" or 'Authorization: x') ends at its closing quote.
    if (quotedKey) {
      const close = s.indexOf(s[ks - 1], vs);
      if (close >= 0) ve = close;
    }
  } else {
    ve = _tokenEnd(s, vs);
  }
  if (ve <= vs) return undefined;
  if (kind === _KEY_SIG && ve - vs < 16) return undefined;
  const value = s.slice(vs, ve);
  if (!_isSecretValue(value, sep === ":" && q !== '"' && q !== "'")) return undefined;
  return [vs, ve];
}

/** End of an unquoted value: whitespace and `,;&)]}"'<>` end it. */
function _tokenEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (
      c === 32 || c === 9 || c === 44 || c === 59 || c === 38 || c === 41 || c === 93 ||
      c === 125 || c === 34 || c === 39 || c === 60 || c === 62
    ) break;
    i++;
  }
  return i;
}

/** Values that are placeholders, not secrets: `[REDACTED]`, `[JWT]`, `${VAR}`. */
const _PLACEHOLDER_AT_RE = /\[[A-Z][A-Z_ ]{1,30}(?::[^\]\s]{0,16})?\]|\$\{[A-Za-z_][\w.]{0,64}\}/y;

function _isPlaceholderAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c !== 91 && c !== 36) return false;
  _PLACEHOLDER_AT_RE.lastIndex = i;
  return _PLACEHOLDER_AT_RE.test(s);
}

const _PLACEHOLDER_RE =
  /^(?:\[[A-Z_:0-9 ]*\]|\*+|x{3,}|<[^>]*>|null|none|nil|undefined|true|false|\$\{[^}]*\}|%[sd]|\{\{.*\}\}|\(?(?:redacted|hidden|masked|sensitive|not set|empty)\)?)$/i;

/** An environment variable reference, `$DB_PASSWORD` (upper case: `$Zx9…` is a password). */
const _ENV_VAR_RE = /^\$[A-Z_][A-Z0-9_]*$/;

/**
 * Whether a value after a secret key should be masked. After a bare `key:` (prose
 * such as "invalid token: expired") it must look like a secret: a digit, a symbol or
 * 12+ characters.
 */
function _isSecretValue(value: string, prose: boolean): boolean {
  if (_PLACEHOLDER_RE.test(value) || _ENV_VAR_RE.test(value)) return false;
  if (!prose) return true;
  return value.length >= 12 || /[\d!@#$%^&*+=/~]/.test(value);
}

/**
 * The sanitize stage for a stream: masks each line with {@linkcode sanitizeLine} and
 * folds multi-line PEM private-key blocks into one `[REDACTED PRIVATE KEY]` line.
 *
 * Lines swallowed by a key block are reported to `onSwallowed` (the pipeline counts
 * them as dropped).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SecretBlockSanitizer } from "./sanitize.ts";
 * const s = new SecretBlockSanitizer(0, () => {});
 * const out = s.process([
 *   "key:", "-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA7", "-----END RSA PRIVATE KEY-----", "done",
 * ]);
 * assert.ok(out.join("|") === "key:|[REDACTED PRIVATE KEY]|done");
 * ```
 */
export class SecretBlockSanitizer {
  #inBlock = false;
  #blockLines = 0;
  /**
   * Where the text of a block line may start: the columns of the words before
   * `-----BEGIN` in the block's first line (a CI timestamp, `app_1  | ` … prefix
   * every line of the block).
   */
  #blockCols: number[] = [];
  #suffix: number;
  #onSwallowed: (count: number) => void;
  #extra: ((line: string) => string) | undefined;
  #blocksOnly: boolean;

  /**
   * @param preserveIdSuffix as for {@linkcode sanitizeLine}.
   * @param onSwallowed called with the number of lines swallowed by key blocks.
   * @param extra extra per-line rewriting applied after the built-in rules (custom rules).
   * @param blocksOnly only fold key blocks (swallow their body lines); every line, a
   *   block's first line too, passes as read, to be masked later (the pipeline masks
   *   only the lines it keeps).
   */
  constructor(
    preserveIdSuffix: number,
    onSwallowed: (count: number) => void,
    extra?: (line: string) => string,
    blocksOnly = false,
  ) {
    this.#suffix = preserveIdSuffix;
    this.#onSwallowed = onSwallowed;
    this.#extra = extra;
    this.#blocksOnly = blocksOnly;
  }

  /** Sanitizes a batch; returns the output batch (the same array, rewritten in place). */
  process(batch: string[]): string[] {
    let w = 0;
    let swallowed = 0;
    for (let r = 0; r < batch.length; r++) {
      const line = batch[r];
      if (this.#inBlock) {
        if (this.#blockLines < _PEM_MAX_LINES && _isPemBody(line, this.#blockCols)) {
          swallowed++;
          this.#blockLines++;
          if (line.indexOf("-----END") >= 0) this.#inBlock = false;
          continue;
        }
        this.#inBlock = false;
      }
      const begin = line.indexOf("-----BEGIN");
      if (begin >= 0 && line.indexOf("PRIVATE KEY", begin) >= 0) {
        const inline = sanitizeLine(line, this.#suffix);
        if (inline.indexOf("-----END") < 0 && line.indexOf("-----END") < 0) {
          this.#inBlock = true;
          this.#blockLines = 0;
          this.#blockCols = _wordStarts(line, begin);
        }
        // Blocks only: the line passes as read (masked when kept, truncated if too long).
        if (this.#blocksOnly) batch[w++] = line.indexOf("\x1b") < 0 ? line : stripAnsi(line);
        else batch[w++] = this.#extra ? this.#extra(inline) : inline;
        continue;
      }
      if (this.#blocksOnly) {
        // Colour codes go now (cheap): scoring must see the text, not the escapes.
        batch[w++] = line.indexOf("\x1b") < 0 ? line : stripAnsi(line);
        continue;
      }
      const s = sanitizeLine(line, this.#suffix);
      batch[w++] = this.#extra ? this.#extra(s) : s;
    }
    batch.length = w;
    if (swallowed) this.#onSwallowed(swallowed);
    return batch;
  }
}

/** A key block longer than this is not a key: the block ends. */
const _PEM_MAX_LINES = 400;

/** Columns where words start before `end` (after a space or tab), at most 8. */
function _wordStarts(line: string, end: number): number[] {
  const cols: number[] = [];
  for (let i = 1; i <= end && cols.length < 8; i++) {
    const c = line.charCodeAt(i - 1);
    if ((c === 32 || c === 9) && line.charCodeAt(i) !== 32) cols.push(i);
  }
  if (cols[cols.length - 1] !== end && end > 0) cols.push(end);
  return cols;
}

/**
 * A line inside a PEM (or PGP armor) block: base64 body, headers, blank, or the END
 * line; also behind a line prefix (a CI timestamp, `app_1  | `, a pod name) as wide
 * as one of the word starts `cols` of the first line, or, for body lines, of any
 * width before the last space.
 */
function _isPemBody(line: string, cols: readonly number[]): boolean {
  if (_isPemText(line.trim())) return true;
  for (const col of cols) {
    if (line.length >= col - 1 && _isPemText(line.slice(col).trim())) return true;
  }
  const sp = line.lastIndexOf(" ", line.length - 2);
  if (sp < 0) return false;
  const tail = line.slice(sp + 1);
  return tail.length >= 16 && _isPemText(tail);
}

function _isPemText(t: string): boolean {
  if (t.length === 0) return true;
  if (t.startsWith("-----END")) return true;
  if (/^(?:Proc-Type|DEK-Info|Comment|Version|Hash|Charset):/.test(t)) return true;
  return /^[A-Za-z0-9+/=]{1,128}$/.test(t) || /^[A-Za-z0-9+/=]{1,128}\\n/.test(t);
}
