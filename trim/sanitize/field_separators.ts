/**
 * Secret fields with the separators other than `=` and `:`: a fallback in code
 * (`process.env.API_KEY || "x"`, `?? "x"`), and the generated forms a scanner's rule
 * allows (`asana_client_id > x`, `api_key, x`, quotes and backquotes around either).
 * These separators join ordinary words too, so the value must read as a token: 8 or
 * more token characters with a digit, random (or 12+ digits, a vendor's numeric id),
 * and no time or version.
 *
 * @module
 */

import { isRandomRun } from "./entropy.ts";
import {
  KEY_HEADER,
  KEY_LAST,
  KEY_SECRET,
  KEY_VENDOR,
  keyKind,
  mayEndInVendorName,
} from "./field_keys.ts";
import { isPlaceholderAt, isTokenValue, keyStart } from "./field_values.ts";

/** The separators looked at, each found with `indexOf`. */
const _SEPARATORS: readonly string[] = ["||", "??", ">", ","];

/**
 * The values after a secret or vendor key and one of the separators above, as a flat
 * list of spans [start, end), or undefined when there is none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { weakSeparatorValues } from "./field_separators.ts";
 * const s = 'const key = process.env.API_KEY || "x9Kq2mZvQw7RtY"';
 * assert.deepEqual(weakSeparatorValues(s), [s.indexOf("x9"), s.length - 1]);
 * assert.equal(weakSeparatorValues("a > b, c || d"), undefined);
 * ```
 */
export function weakSeparatorValues(s: string): number[] | undefined {
  let spans: number[] | undefined;
  for (const sep of _SEPARATORS) {
    for (let p = s.indexOf(sep, 1); p >= 0; p = s.indexOf(sep, p + sep.length)) {
      if (sep === ">" && !_loneAngle(s, p)) continue;
      const span = _valueAfter(s, p, sep.length);
      if (span !== undefined) (spans ??= []).push(span[0], span[1]);
    }
  }
  return spans;
}

/** A `>` that is no arrow, shift, comparison or tag's end (`=>`, `->`, `>>`, `>=`). */
function _loneAngle(s: string, p: number): boolean {
  const b = s.charCodeAt(p - 1);
  const a = s.charCodeAt(p + 1);
  return b !== 61 && b !== 45 && b !== 62 && a !== 61 && a !== 62 && (b === 32 || b === 9 ||
    b === 34 || b === 39 || b === 96);
}

/** Spaces, tabs and quotes between a key and its separator. */
function _isPad(c: number): boolean {
  return c === 32 || c === 9 || c === 34 || c === 39 || c === 96;
}

/** The value after the separator at `p` (`n` characters) when a secret key precedes it. */
function _valueAfter(s: string, p: number, n: number): [number, number] | undefined {
  let j = p - 1;
  while (j > 0 && p - j <= 4 && _isPad(s.charCodeAt(j))) j--;
  const last = s.charCodeAt(j);
  if (last >= 128 || (KEY_LAST[last] !== 1 && !mayEndInVendorName(s, j))) return undefined;
  // The value first (cheap): after spaces, quotes, backquotes and `=`, a token.
  let vs = p + n;
  while (vs < s.length && vs - p <= 8 && (_isPad(s.charCodeAt(vs)) || s.charCodeAt(vs) === 61)) {
    vs++;
  }
  let ve = vs;
  while (ve < s.length && _isValueChar(s.charCodeAt(ve))) ve++;
  if (ve - vs < 8 || isPlaceholderAt(s, vs)) return undefined;
  const ks = keyStart(s, j + 1);
  // A key, not a value (`password=s3cr3tPw,host=db1`: `s3cr3tPw` is no key).
  const before = s.charCodeAt(ks - 1);
  if (j + 1 - ks < 3 || before === 61 || before === 58) return undefined;
  const kind = keyKind(s.slice(ks, j + 1));
  if (kind !== KEY_SECRET && kind !== KEY_VENDOR && kind !== KEY_HEADER) return undefined;
  const value = s.slice(vs, ve);
  if (_PAIR_RE.test(value)) return undefined; // the next `key=value`
  if (_LONG_NUMBER_RE.test(value)) return [vs, ve];
  if (!isTokenValue(value) || _TIME_OR_VERSION_RE.test(value)) return undefined;
  return isRandomRun(value, 8) || _HEX_TOKEN_RE.test(value) ? [vs, ve] : undefined;
}

/** The token characters of {@linkcode isTokenValue}. */
function _isValueChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c === 61 ||
    c === 43 || c === 47 || c === 46 || c === 58 || c === 45;
}

/** A `key=` or `key:` opening the value: the next pair of a list. */
const _PAIR_RE = /^[A-Za-z_][\w.-]{0,63}[=:][^=]/;

/** A date, a time or a version: digits and `:.-TZ+`, or `v1.2.3`. */
const _TIME_OR_VERSION_RE = /^(?:v?\d[\d:.TZ+-]*|\d+(?:\.\d+){1,3}[\w.+-]*)$/;

/** Hexadecimal digits, maybe in dashed groups, maybe after a prefix (a UUID, `sdk-…`, `live_…`). */
const _HEX_TOKEN_RE = /^(?:[a-z]{2,8}[-_])?[0-9a-fA-F]{8}[0-9a-fA-F-]{8,}$/;

/** A vendor's numeric id (Asana's client id has 16 digits). */
const _LONG_NUMBER_RE = /^\d{12,}$/;
