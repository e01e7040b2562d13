/**
 * Volatile values: timestamps, UUIDs, hashes, IPv4 addresses, ARN account ids and
 * HTTP status codes (see the table in `../sanitize.ts`).
 *
 * @module
 */

import { HASH_MIN, isAlnum, isDigit, isHex, isWordChar } from "./chars.ts";

const _ARN_RE = /\b(arn:aws[a-z-]{0,20}:[a-z0-9-]{0,40}:[a-z0-9-]{0,40}:)\d{12}(?=:)/g;
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

const _IPV4_PRE_RE = /\d\.\d{1,3}\.\d{1,3}\.\d/;

const _HTTP_STATUS_PRE_RE = /HTTP|tatus|STATUS|esponse/;

/**
 * A status code after an HTTP word, as its class. Only codes HTTP uses (the registered ones
 * and the common proxy codes: 100–103, 200–208, 226, 300–308, 400–451, 494–499, 500–530,
 * 598–599): a process's `exit status 128`, `status code 127` or `status 255` is evidence,
 * not an HTTP class.
 */
const _HTTP_STATUS_RE =
  /(\bHTTP\/\d(?:\.\d)?"?\s{1,4}|\bHTTP\s{1,4}|\b(?:[Ss]tatus(?:[ _-]?[Cc]ode)?|STATUS|http[_-]?[Ss]tatus|HTTP[_-]STATUS|[Rr]esponse[ _-]?[Cc]ode)["']?\s{0,4}[:=]?\s{0,4}["']?)(1(?=0[0-3])|2(?=0[0-8]|26)|3(?=0[0-8])|4(?=[0-4]\d|5[01]|49|9[4-9])|5(?=[0-2]\d|30|9[89]))\d\d\b/g;

/** Masks ARN account ids, timestamps and UUIDs (when `longRun`): before the entropy rule. */
export function maskVolatileIds(s: string, preserveIdSuffix: number, longRun: boolean): string {
  if (s.indexOf("arn:") >= 0) s = s.replace(_ARN_RE, "$1[ACCOUNT]");
  s = _maskTimes(s);
  if (longRun && s.indexOf("-") >= 0) s = _maskUuids(s, preserveIdSuffix);
  return s;
}

/** Masks hashes (when `longRun`), IPs and HTTP statuses: after the entropy rule. */
export function maskVolatileRest(s: string, preserveIdSuffix: number, longRun: boolean): string {
  if (longRun) s = _maskHashes(s, preserveIdSuffix);
  if (_IPV4_PRE_RE.test(s)) s = s.replace(_IPV4_RE, _maskIp);
  if (_HTTP_STATUS_PRE_RE.test(s)) s = s.replace(_HTTP_STATUS_RE, "$1[$2xx]");
  return s;
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
    if (isDigit(s.charCodeAt(c - 1)) && isDigit(s.charCodeAt(c + 2))) {
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
      s.charCodeAt(d + 3) === code && isDigit(s.charCodeAt(d - 1)) &&
      isDigit(s.charCodeAt(d - 4)) && isDigit(s.charCodeAt(d + 1)) &&
      isDigit(s.charCodeAt(d + 5))
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
    if (st > 0 && isWordChar(s.charCodeAt(st - 1))) continue;
    _TIME_AT_RE.lastIndex = st;
    const t = _TIME_AT_RE.exec(s);
    if (t !== null && st + t[0].length > anchor) {
      _timeStart = st;
      return st + t[0].length;
    }
  }
  return 0;
}

/** Replaces UUIDs, found from their dash pattern (dashes 5 apart, three times). */
function _maskUuids(s: string, preserveIdSuffix: number): string {
  let out = "";
  let copied = 0;
  let d = s.indexOf("-", 8);
  while (d >= 0 && d + 28 <= s.length) {
    if (
      s.charCodeAt(d + 5) === 45 && s.charCodeAt(d + 10) === 45 && s.charCodeAt(d + 15) === 45 &&
      isHex(s.charCodeAt(d - 1)) && isHex(s.charCodeAt(d + 1)) &&
      d - 8 >= copied && !(d > 8 && isWordChar(s.charCodeAt(d - 9)))
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
 * Replaces hashes: words of 16+ letters and digits that {@linkcode isHash} accepts.
 * Runs are found by probing every 16th character, so most characters are never read.
 */
function _maskHashes(s: string, preserveIdSuffix: number): string {
  let out = "";
  let copied = 0;
  let i = HASH_MIN - 1;
  while (i < s.length) {
    if (!isAlnum(s.charCodeAt(i))) {
      i += HASH_MIN;
      continue;
    }
    let l = i;
    while (l > 0 && isAlnum(s.charCodeAt(l - 1))) l--;
    let r = i + 1;
    while (r < s.length && isAlnum(s.charCodeAt(r))) r++;
    // Underscores bound a hash too: github_network_f45cbd657aa24fbaa2777658eab2340e.
    // A number's fraction and exponent are not a hash: `1.7976931348623157E308`.
    if (r - l >= HASH_MIN && l >= copied && !_isFraction(s, l, r)) {
      const w = s.slice(l, r);
      if (isHash(w)) {
        out += s.slice(copied, l) + _maskHash(w, preserveIdSuffix);
        copied = r;
      }
    }
    i = r + HASH_MIN;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** Whether `s[l, r)` is a decimal fraction with an exponent, after `<digit>.`. */
function _isFraction(s: string, l: number, r: number): boolean {
  if (l < 2 || s.charCodeAt(l - 1) !== 46 || !isDigit(s.charCodeAt(l - 2))) return false;
  let k = l;
  while (k < r && isDigit(s.charCodeAt(k))) k++;
  const e = s.charCodeAt(k) | 32;
  if (k === r) return true;
  if (e !== 101) return false;
  k++;
  while (k < r && isDigit(s.charCodeAt(k))) k++;
  return k === r;
}

function _suffix(n: number): number {
  return Math.max(0, Math.min(16, Math.floor(n)));
}

function _maskHash(m: string, preserveIdSuffix: number): string {
  return preserveIdSuffix > 0 ? `[ID:${m.slice(-_suffix(preserveIdSuffix))}]` : "[HASH]";
}

function _maskIp(m: string, port: string | undefined, offset: number, s: string): string {
  // Four-part version numbers stay: "Version=4.0.0.0", "v1.2.3.4", "version 10.0.0.1".
  const before = s.slice(Math.max(0, offset - 9), offset).toLowerCase();
  if (/(?:version[=: ]?|\bv|ver[=: ])$/.test(before)) return m;
  // And a package's: `cmake-2.8.12.2`, `(2.8.12.2-0ubuntu3)`, `1.2.3.1-7NKu8D…` (Haskell),
  // `4.2.0.1+dfsg`, `…~amd64~~6.1.1.1` (a Windows package); an address range (`10.0.0.1-10.0.0.9`) is addresses.
  if (port === undefined) {
    const end = offset + m.length;
    const after = s.charCodeAt(end);
    if (after === 43 || after === 126 || s.charCodeAt(offset - 1) === 126) return m;
    if (s.charCodeAt(offset - 1) === 45 && _isLetter(s.charCodeAt(offset - 2))) return m;
    if (after === 45 && _VERSION_SUFFIX_RE.test(s.slice(end + 1, end + 33))) return m;
    // A path's version directory: `packages/stm/2.5.0.0/stm-2.5.0.0.tar.gz`.
    if (s.charCodeAt(offset - 1) === 47 && after === 47) return m;
  }
  return port ? "[IP]:[PORT]" : "[IP]";
}

function _isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * After `-`: a package's revision or build id holds a letter (`0ubuntu3`, `7NKu8D…`);
 * digits alone are a block pool's time (`BP-1347369012-10.1.2.3-1444972147527`), a
 * second address a range (`-10.0.0.9`).
 */
const _VERSION_SUFFIX_RE = /^\d{0,8}[A-Za-z]/;

/**
 * Whether a 16+ character alphanumeric word is a hash: hexadecimal with both
 * digits and letters, or a mixed-case alphanumeric token with digits (24+ chars).
 * Identifiers such as `AbstractAutowireCapableBeanFactory` have no digits and stay, and
 * CamelCase words with short numbers (`TestBoundedForkedSync64Fast`) stay too.
 */
export function isHash(w: string): boolean {
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
  if (_IDENTIFIER.test(w)) return false;
  if (w.length >= 24 && upper > 0 && lower > 0) return digits >= 2;
  return w.length >= 32 && digits >= 4;
}

/**
 * A CamelCase identifier with a few numbers: capitalized words, short acronyms and
 * numbers of at most 4 digits (`TestBoundedForkedSync64Fast`, `HTTP2ServerPushTest`).
 * A random token almost never reads as words of 3+ letters all the way. Each part
 * can be read one way only (a number is a whole digit run), so the match is linear.
 */
const _IDENTIFIER = /^(?:[A-Z][a-z]{2,}|[0-9]{1,4}(?![0-9])|[A-Z]{2,5}(?=[A-Z][a-z]|[0-9]|$))+$/;
