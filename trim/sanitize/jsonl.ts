/**
 * `outputFormat: "jsonl-preserve"`: sanitizing JSON Lines without breaking them.
 *
 * A JSON line (first non-blank character `{` or `[`, last `}` or `]`) is not
 * parsed and re-serialized: one scan finds its string tokens and rewrites only
 * those whose sanitized value differs, re-encoded with `JSON.stringify`. Keys, key
 * order, duplicate keys, numbers (big integers included), literals and whitespace
 * stay byte for byte, so a valid JSON line stays valid with the same keys.
 *
 * - A string value is masked with `sanitizeLine` (plus custom rules), on its
 *   decoded text.
 * - A value under a secret key (`password`, `token`, `api_key`, … : any key the
 *   sanitizer masks in `key=value` form) becomes `"[REDACTED]"`, whatever its type
 *   (a number too, as a string). Objects and arrays under a secret key are scanned
 *   like any other value.
 * - A `value` beside a `name` (or `key`) naming a secret is masked the same way:
 *   `{"name": "DB_PASSWORD", "value": "x"}` (ECS task definitions, Kubernetes JSON).
 * - Keys are never masked. Numbers are never masked otherwise (`"status": 503` stays).
 * - Non-JSON lines are sanitized as text. A line that only looks like JSON (its text
 *   between strings is not JSON: a Python repr `{'password': 'x'}`, `[token abc]`) is
 *   not JSON either: it is sanitized as text, so nothing outside a string escapes.
 *
 * Cost: one character scan of the line, plus one `sanitizeLine` per string value
 * (short values return early) and a cached probe per distinct key; about 1-2x the
 * cost of sanitizing the line as text (measured in the tests' benchmark note).
 *
 * @module
 */

import { sanitizeLine } from "../sanitize.ts";
import { isNameKey, isValueKey } from "./fields.ts";

/** Keys tested for secrecy before the cache is cleared. */
const _KEY_CACHE_LIMIT = 4096;

const _PROBE_VALUE = "x1y2z3w4";

/** Keys the sanitizer can judge in `key=value` form. */
const _PROBE_KEY_RE = /^[A-Za-z_][\w.\-]{0,127}$/;

const _secretKeys = new Map<string, boolean>();

/**
 * Sanitizes one JSONL line, keeping its JSON structure (see the module rules).
 * Non-JSON lines are sanitized as text.
 *
 * @param line one line.
 * @param preserveIdSuffix as for `sanitizeLine`.
 * @param extra optional custom rewriting, applied to each string value after the
 *   built-in rules (and to non-JSON lines).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeJsonLine } from "./jsonl.ts";
 * const out = sanitizeJsonLine(
 *   '{"ts":"2024-05-14T09:12:03Z","level":"error","password":"hunter2","status":503,"msg":"from 10.0.0.7"}',
 *   0,
 * );
 * assert.ok(
 *   out === '{"ts":"[TIME]","level":"error","password":"[REDACTED]","status":503,"msg":"from [IP]"}',
 * );
 * assert.ok(Object.keys(JSON.parse(out)).join() === "ts,level,password,status,msg");
 * ```
 */
export function sanitizeJsonLine(
  line: string,
  preserveIdSuffix = 0,
  extra?: (value: string) => string,
): string {
  if (!isJsonLine(line)) return _asText(line, preserveIdSuffix, extra);
  const n = line.length;
  let out = "";
  let copied = 0;
  let key: string | undefined = undefined;
  const keys: (string | undefined)[] = [];
  // `{"name": "DB_PASSWORD", "value": "x"}` (ECS, Kubernetes): the name makes the
  // value secret; reset at each object's start and end.
  let named = false;
  let i = 0;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = _stringEnd(line, i);
      if (end < 0) return _asText(line, preserveIdSuffix, extra); // unterminated string
      const value = _decode(line, i, end);
      let j = end + 1;
      while (j < n && _isSpace(line.charCodeAt(j))) j++;
      if (line.charCodeAt(j) === 58 /* : */) {
        key = value;
      } else {
        const secret = _isSecretKey(key) || (named && isValueKey(key));
        if (key !== undefined && isNameKey(key)) named = _isSecretKey(value);
        let v = secret ? "[REDACTED]" : sanitizeLine(value, preserveIdSuffix);
        if (extra) v = extra(v);
        if (v !== value) {
          out += line.slice(copied, i) + JSON.stringify(v);
          copied = end + 1;
        }
      }
      i = end + 1;
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      keys.push(key);
      if (c === 123) named = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      key = keys.pop();
      if (c === 125) named = false;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1;
      while (j < n && _isNumberChar(line.charCodeAt(j))) j++;
      if (_isSecretKey(key) || (named && isValueKey(key))) {
        out += line.slice(copied, i) + '"[REDACTED]"';
        copied = j;
      }
      i = j;
      continue;
    } else if (c === 116 || c === 102 || c === 110) {
      // true, false, null
      const w = c === 116 ? "true" : c === 102 ? "false" : "null";
      if (!line.startsWith(w, i)) return _asText(line, preserveIdSuffix, extra);
      i += w.length;
      continue;
    } else if (!_isSpace(c) && c !== 44 /* , */ && c !== 58 /* : */) {
      // Not JSON after all (a Python repr, a bracketed message): sanitized as text.
      return _asText(line, preserveIdSuffix, extra);
    }
    i++;
  }
  return copied === 0 ? line : out + line.slice(copied);
}

/**
 * Whether a line looks like a JSON object or array (first non-blank `{` or `[`,
 * last non-blank `}` or `]`). A cheap test, not a validation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isJsonLine } from "./jsonl.ts";
 * assert.ok(isJsonLine(' {"a":1} ') && !isJsonLine("a {b}"));
 * ```
 */
export function isJsonLine(line: string): boolean {
  let a = 0;
  let b = line.length - 1;
  while (a <= b && _isSpace(line.charCodeAt(a))) a++;
  while (b > a && _isSpace(line.charCodeAt(b))) b--;
  if (a >= b) return false;
  const first = line.charCodeAt(a);
  const last = line.charCodeAt(b);
  return (first === 123 && last === 125) || (first === 91 && last === 93);
}

function _asText(line: string, preserveIdSuffix: number, extra?: (s: string) => string): string {
  const s = sanitizeLine(line, preserveIdSuffix);
  return extra ? extra(s) : s;
}

/** Whether the sanitizer masks the value of `key` in `key=value` form (cached). */
function _isSecretKey(key: string | undefined): boolean {
  if (key === undefined) return false;
  let secret = _secretKeys.get(key);
  if (secret === undefined) {
    const probe = `${key}=${_PROBE_VALUE}`;
    secret = _PROBE_KEY_RE.test(key) && sanitizeLine(probe) !== probe;
    if (_secretKeys.size >= _KEY_CACHE_LIMIT) _secretKeys.clear();
    _secretKeys.set(key, secret);
  }
  return secret;
}

/** Offset of the closing quote of the string starting at `start`, or -1. */
function _stringEnd(s: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = s.indexOf('"', i);
    if (q < 0) return -1;
    let b = q - 1;
    while (b > start && s.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q;
    i = q + 1;
  }
}

/** The decoded value of the string token `s[start..end]` (quotes included). */
function _decode(s: string, start: number, end: number): string {
  const raw = s.slice(start + 1, end);
  if (raw.indexOf("\\") < 0) return raw;
  try {
    return JSON.parse(s.slice(start, end + 1));
  } catch {
    return raw;
  }
}

function _isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function _isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
}
