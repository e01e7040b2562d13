/**
 * Secret fields in code and structured dumps: string literals passed to calls
 * (`setPassword("x")`, `login('u', 'x')`, `put("password", "x")`), R's `<-`, the
 * `{"name": "DB_PASSWORD", "value": "x"}` pair, wallet seed words, and the shapes a
 * value must not be read through (Go structs, PowerShell commands, type annotations,
 * PHP's var_dump, a URL query's `key`, Maven coordinates).
 *
 * @module
 */

import { isIdChar, isWordChar } from "./chars.ts";
import { isRandomRun } from "./entropy.ts";
import { CREDENTIAL_CALL_RE, isNameKey, isSecretKeyName, SECRET_CALL_RE } from "./field_keys.ts";
import {
  closingQuote,
  isPlaceholderValue,
  keyStart,
  quoteAt,
  quoteOpensAt,
  skipBack,
} from "./field_values.ts";

/**
 * The string literals of a call or tuple whose first argument opens at `at` (a quote
 * after `(`), up to its `)` (within 256 characters; else the first literal alone): from
 * the first to the last literal that is not empty and not already masked. Undefined
 * when none is: masking stays idempotent (`("[REDACTED]")`), and a literal left beside
 * a masked one is still found (`('[REDACTED]':'x9Kq')`).
 */
export function literalArguments(s: string, at: number): [number, number] | undefined {
  const paren = s.indexOf(")", at);
  const limit = paren >= 0 && paren - at <= 256 ? paren : at + 1;
  let first = -1;
  let last = -1;
  for (let q = at, n = 0; q < limit && n < 16; n++) {
    const quote = quoteAt(s, q);
    const vs = q + quote.length;
    const close = closingQuote(s, vs, quote);
    if (close < 0) break;
    if (close > vs && !isPlaceholderValue(s.slice(vs, close))) {
      if (first < 0) first = vs;
      last = close;
    }
    // The next literal: the next quote after this one's end, before the `)`.
    q = close + quote.length;
    while (q < limit && s[q] !== '"' && s[q] !== "'") q++;
    if (s.charCodeAt(q - 1) === 92) q--; // escaped, inside a JSON string
  }
  return first >= 0 ? [first, last] : undefined;
}

/** A call's name and its `(`, or a tuple's `(`: `String::from(`, `os.Getenv(`. */
export const CALL_RE: RegExp = /^(?:[A-Za-z_$][\w.:$]{0,127})?\($/;

/**
 * A string literal passed to a call named for a secret, its quote at `q`; or the value
 * after a first literal that names one: `props.put("password", "x")`,
 * `System.setProperty("db.password", "x")`, `headers.set("Authorization", "x")`, a
 * pair `["api_token", "x"]`.
 */
export function secretCallLiteral(s: string, q: number): [number, number] | undefined {
  let ws = q - 1;
  while (ws > 0 && isWordChar(s.charCodeAt(ws - 1))) ws--;
  const name = q - 1 - ws >= 4 ? s.slice(ws, q - 1).toLowerCase().replaceAll("_", "") : "";
  if (name !== "" && SECRET_CALL_RE.test(name)) return literalArguments(s, q);
  const quote = quoteAt(s, q);
  const vs = q + quote.length;
  const close = closingQuote(s, vs, quote);
  if (close < 0) return undefined;
  let n = close + quote.length;
  while (n < s.length && n - close <= 8 && (s[n] === "," || s[n] === " ")) n++;
  if (!quoteOpensAt(s, n)) return undefined; // a lone literal: `loadCredentials("prod")`
  // The user comes first in a credential constructor: the literals from the second one.
  if (name !== "" && CREDENTIAL_CALL_RE.test(name)) return literalArguments(s, n);
  return _isKeyLiteral(s, vs, close) && isSecretKeyName(s.slice(vs, close))
    ? literalArguments(s, n)
    : undefined;
}

/**
 * The string literals of a credential call from the one at `open`, when the arguments
 * before it are names, not literals: `login(user, 'x')`, `HTTPBasicAuth(self.user, "x")`
 * (a literal user is {@linkcode secretCallLiteral}'s). The call's `(` within 128
 * characters, over names, dots, `$`, spaces and commas only.
 */
export function credentialLiteralAfterArgument(
  s: string,
  open: number,
): [number, number] | undefined {
  let k = open - 1;
  while (k >= 0 && s.charCodeAt(k) === 32) k--;
  if (s.charCodeAt(k) !== 44) return undefined; // ,
  let p = k - 1;
  for (; p >= 0 && k - p <= 128; p--) {
    const c = s.charCodeAt(p);
    if (c === 40) break; // (
    if (!isIdChar(c) && c !== 32 && c !== 44 && c !== 36) return undefined;
  }
  if (p < 0 || s.charCodeAt(p) !== 40 || !isIdChar(s.charCodeAt(p + 1))) return undefined;
  let ws = p;
  while (ws > 0 && isWordChar(s.charCodeAt(ws - 1))) ws--;
  if (p - ws < 4) return undefined;
  const name = s.slice(ws, p).toLowerCase().replaceAll("_", "");
  return CREDENTIAL_CALL_RE.test(name) ? literalArguments(s, open) : undefined;
}

/** Whether `s[a, b)` reads as a key name: 3 to 64 word characters, dots or dashes. */
function _isKeyLiteral(s: string, a: number, b: number): boolean {
  if (b - a < 3 || b - a > 64) return false;
  for (let i = a; i < b; i++) if (!isIdChar(s.charCodeAt(i))) return false;
  return true;
}

/** Whether the key at `ks` is a URL query's `key`: `?key`, `&key`. */
export function isQueryKey(s: string, ks: number): boolean {
  const b = s.charCodeAt(ks - 1);
  return (b === 63 || b === 38) && s.startsWith("key", ks);
}

/** The value of a query parameter from `vs` when it reads as random, 8 characters or more. */
export function randomQueryValue(s: string, vs: number): [number, number] | undefined {
  let ve = vs;
  while (ve < s.length && isIdChar(s.charCodeAt(ve)) && s.charCodeAt(ve) !== 46) ve++;
  const c = s.charCodeAt(ve);
  // The value ends the parameter: `&`, `#`, the URL's end (a space, a quote, a bracket).
  if (
    ve < s.length && c !== 38 && c !== 35 && c > 32 && c !== 34 && c !== 39 && c !== 41 && c !== 62
  ) {
    return undefined;
  }
  return isRandomRun(s.slice(vs, ve), 8) ? [vs, ve] : undefined;
}

/** The string literal of `key <- "x"` (R), the `<-` at `a`, if the key names a secret. */
export function assignedLiteral(s: string, a: number): [number, number] | undefined {
  if (a < 4 || s.charCodeAt(a - 1) !== 32 || s.charCodeAt(a + 2) !== 32) return undefined;
  const q = a + 3;
  if (!quoteOpensAt(s, q)) return undefined;
  const ke = a - 1;
  const ks = keyStart(s, ke);
  if (ke - ks < 3 || !isSecretKeyName(s.slice(ks, ke))) return undefined;
  const close = closingQuote(s, q + 1, s[q]);
  const ve = close < 0 ? s.length : close;
  if (ve <= q + 1 || isPlaceholderValue(s.slice(q + 1, ve))) return undefined;
  return [q + 1, ve];
}

/**
 * Whether the `value` key at `ks` follows a secret name in the same object or element:
 * `"name": "DB_PASSWORD", "value"`, `{name: API_TOKEN, value`, `"Key":"x_token","Value"`,
 * `<add key="ApiToken" value`.
 */
export function namesSecret(s: string, ks: number): boolean {
  let i = skipBack(s, ks - 1);
  if (s.charCodeAt(i) === 44) i = skipBack(s, i - 1); // ,
  else {
    // XML attributes: `<add key="ClearTextPassword" value="x"/>`, `name="password" value`.
    const sp = s.charCodeAt(ks - 1);
    if (!quoteOpensAt(s, i + 1) || (sp !== 32 && sp !== 9)) return false;
  }
  const ve = i + 1;
  while (i >= 0 && ve - i <= 128 && isIdChar(s.charCodeAt(i))) i--;
  if (i + 1 === ve) return false;
  const name = s.slice(i + 1, ve);
  i = skipBack(s, i);
  const sep = s.charCodeAt(i);
  if (sep !== 58 && sep !== 61) return false; // : =
  i = skipBack(s, i - 1);
  const ke = i + 1;
  while (i >= 0 && ke - i <= 5 && isWordChar(s.charCodeAt(i))) i--;
  return isNameKey(s.slice(i + 1, ke)) && isSecretKeyName(name);
}

/** `artifact:version` (`java18:1.0`, `core:2.3.1-SNAPSHOT`). */
export const COORDINATE_RE: RegExp =
  /^[A-Za-z][\w.-]{0,63}:\d{1,4}(?:\.\d{1,6}){0,3}(?:[-.][\w.-]{1,32})?$/;

export const STRING_PREFIX = "bBrRuU";

/**
 * The end of a run of two or more lowercase words from `vs` (one space apart), or -1:
 * a wallet's seed words.
 */
export function seedWordsEnd(s: string, vs: number): number {
  let ve = vs;
  let words = 0;
  while (true) {
    let e = ve;
    while (e < s.length && s.charCodeAt(e) >= 97 && s.charCodeAt(e) <= 122) e++;
    if (e === ve) break;
    ve = e;
    words++;
    const n = s.charCodeAt(e + 1);
    if (s.charCodeAt(e) !== 32 || !(n >= 97 && n <= 122)) break;
    ve++;
  }
  return words >= 2 ? ve : -1;
}

/**
 * Whether the key at `ks` is an exported field of a Go struct printed with `%+v`: a
 * capital first, a `{` at most 256 characters before it (bounded: linear per line).
 */
export function inGoStruct(s: string, ks: number): boolean {
  const c = s.charCodeAt(ks);
  if (c < 65 || c > 90) return false;
  for (let i = ks - 1; i >= 0 && ks - i <= 256; i--) if (s.charCodeAt(i) === 123) return true;
  return false;
}

/** A Go struct field's name and `:` (sticky): `SSLMode:disable`. */
export const GO_FIELD_RE: RegExp = /[A-Z][A-Za-z]{1,40}:[^\s]/y;

/** A PowerShell command and its arguments after it (sticky): `New-Object x`. */
export const CMDLET_RE: RegExp =
  /(?:Get|New|Read|Set|ConvertTo|ConvertFrom|Import|Export|Invoke|Select)-[A-Z][A-Za-z]{2,40}(?= |$)/y;

/** An authorization scheme and a placeholder: `Bearer undefined`, `Basic null`. */
export const SCHEME_PLACEHOLDER_RE: RegExp =
  /^(?:Bearer|Basic|Token|bearer|token) (?:undefined|null|nil|None)$/;

/** PHP var_dump's type before a string: `string(8) ` (the quoted string follows). */
export const VAR_DUMP_TYPE_RE: RegExp = /string\(\d{1,9}\) (?=")/y;

/** A type, ` = ` and an opening quote: Kotlin, Swift, TypeScript, Rust, Scala. */
export const TYPE_ANNOTATION_RE: RegExp =
  /&?(?:'[a-z]+ )?[A-Za-z_][\w.]{0,63}(?:<[\w., ]{0,64}>)?(?:\[\])?\??[ \t]+=[ \t]*(?=["'])/y;
