/**
 * Secrets of unknown formats, by entropy: a run of 20+ characters of the base64,
 * base64url, base62 or hex alphabet that reads like random data becomes `[REDACTED]`.
 *
 * A run is random when it has digits and at least two of upper case, lower case and
 * digits, a Shannon entropy of at least 75% of the most its alphabet and length allow,
 * and does not read like words. Guards keep ordinary text:
 *
 * | Text | Why it stays |
 * |---|---|
 * | paths (`src/main/java/Foo2Bar.java`), URLs without credentials | split at `/` when a segment is a word; dots end runs |
 * | package and class names (`com.acme.v2.OrderService`) | dots end runs; no digit or one class |
 * | camelCase and snake_case identifiers (`getUserById2Async`, `test_user_account_2024`) | mostly pronounceable words (vowels, lower-case runs); `_`/`-` parts that are words are judged alone |
 * | versions (`1.2.3-beta.4`), numbers, dates | dots end runs; digits only |
 * | masked values (`[HASH]`, `[ID]`) | brackets end runs |
 *
 * Runs are found by probing every 20th character (most characters are never read).
 *
 * @module
 */

import { isHash } from "./volatile.ts";

/** Longest run split into path segments or identifier parts. */
const _MAX_SPLIT = 512;

/** Shortest run judged. */
const _MIN = 20;

const _B64 = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") {
  _B64[ch.charCodeAt(0)] = 1;
}

function _isB64(c: number): boolean {
  return c < 128 && _B64[c] === 1;
}

/** Whether `s` holds a run of 20+ base64/base64url characters. */
export function hasEntropyRun(s: string): boolean {
  let i = _MIN - 1;
  while (i < s.length) {
    if (!_isB64(s.charCodeAt(i))) {
      i += _MIN;
      continue;
    }
    let l = i;
    while (l > 0 && i - l < _MIN && _isB64(s.charCodeAt(l - 1))) l--;
    let r = i + 1;
    while (r < s.length && r - l < _MIN && _isB64(s.charCodeAt(r))) r++;
    if (r - l >= _MIN) return true;
    i = r + _MIN;
  }
  return false;
}

/**
 * Replaces random-looking runs (see the module doc) by `[REDACTED]`. Runs the hash
 * rule masks (`[HASH]`) are left to it, unless `idSuffix` (preserveIdSuffix > 0) would
 * show their last characters: then only hexadecimal hashes are left.
 */
export function maskHighEntropy(s: string, idSuffix = false): string {
  _hexOnly = idSuffix;
  let out = "";
  let copied = 0;
  let i = _MIN - 1;
  while (i < s.length) {
    if (!_isB64(s.charCodeAt(i))) {
      i += _MIN;
      continue;
    }
    let l = i;
    while (l > 0 && _isB64(s.charCodeAt(l - 1))) l--;
    let r = i + 1;
    while (r < s.length && _isB64(s.charCodeAt(r))) r++;
    // A URL's `//` after its scheme is not part of what follows (`https://<key>@host`).
    if (l > 0 && s.charCodeAt(l - 1) === 58 && s.startsWith("//", l)) l += 2;
    if (r - l >= _MIN && l >= copied && !_afterSchemeOrPath(s, l)) {
      const spans = _randomSpans(s.slice(l, r));
      for (let k = 0; k < spans.length; k += 2) {
        out += s.slice(copied, l + spans[k]) + "[REDACTED]";
        copied = l + spans[k + 1];
      }
    }
    i = r + _MIN;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** A run right after `.` (a file extension, a package) or `\` (a Windows path). */
function _afterSchemeOrPath(s: string, l: number): boolean {
  const c = s.charCodeAt(l - 1);
  return c === 46 || c === 92;
}

/** Offsets [start, end) of the random parts of run `w` (flat list). */
function _randomSpans(w: string): number[] {
  const out: number[] = [];
  // Paths and identifiers are short: a longer run is judged whole.
  if (w.length > _MAX_SPLIT) {
    if (_judge(w)) out.push(0, w.length);
    return out;
  }
  // Paths: split at `/` when half the segments are words (src/main/java, pod/x).
  if (w.indexOf("/") >= 0 && _isPath(w)) {
    let st = 0;
    for (let k = 0; k <= w.length; k++) {
      if (k === w.length || w.charCodeAt(k) === 47) {
        if (k - st >= _MIN) _identifierSpans(w.slice(st, k), st, out);
        // A shorter random mixed-case segment is base64's too (`Abc/Xk3jd9AaQ2mZ7vLp`),
        // with a digit or no word in it (`mDNSResponder`, `CalDAVPrincipal` are names).
        else if (k - st >= 12 && _isShortRandom(w.slice(st, k))) out.push(st, k);
        st = k + 1;
      }
    }
    return out;
  }
  _identifierSpans(w, 0, out);
  return out;
}

/** Judges `w` (at `offset` in its run): split at `_`/`-` when it is an identifier. */
function _identifierSpans(w: string, offset: number, out: number[]): void {
  if ((w.indexOf("_") >= 0 || w.indexOf("-") >= 0) && _isIdentifier(w)) {
    let st = 0;
    for (let k = 0; k <= w.length; k++) {
      const c = w.charCodeAt(k);
      if (k === w.length || c === 95 || c === 45) {
        if (k - st >= _MIN && _judge(w.slice(st, k))) out.push(offset + st, offset + k);
        st = k + 1;
      }
    }
    return;
  }
  if (_judge(w)) out.push(offset, offset + w.length);
}

/** Whether only hexadecimal hashes are left to the hash rule (see `maskHighEntropy`). */
let _hexOnly = false;

/** Random, and not a hash left to the hash rule (`[HASH]`). */
function _judge(w: string): boolean {
  if (!isRandomRun(w)) return false;
  if (!/^[A-Za-z0-9]+$/.test(w) || !isHash(w)) return true;
  return _hexOnly && !/^(?:[0-9a-f]+|[0-9A-F]+)$/.test(w);
}

/**
 * Half or more of the `/` segments are words (or identifiers with separators). A run
 * holding a `+` beside a letter or digit is base64 (`Roup/RWETS4jm+zQV`, `…Xoy+/mVtm9`)
 * unless its `+` join words (`new+york`, `c++`): then the words must also hold half its
 * characters, so that one short word does not make random data a path. So must they
 * beside a random mixed-case segment of 12+ characters (`0nOE/y/Au/hZI3OzVk1…`,
 * `BagCijr/esNujvc7…`: base64 cut by its `/`), unless every other segment is a plain
 * path word (`/tmp/TestRunner39485…`, `/api/v1/files/AbC3dEf…`, `/Users/x/Library/…`).
 */
function _isPath(w: string): boolean {
  let words = 0, parts = 0, wordChars = 0, chars = 0;
  let random = false, plain = true;
  const plus = _hasBase64Plus(w);
  for (const p of w.split("/")) {
    if (p.length === 0) continue;
    parts++;
    chars += p.length;
    if (
      plus && p.indexOf("+") >= 0
        ? p.split("+").every((q) => q === "" || _isPathWord(q))
        : _isPathWord(p)
    ) {
      words++;
      wordChars += p.length;
      if (plain && !_PLAIN_PATH_WORD_RE.test(p)) plain = false;
    } else if (!random && _isMixedRandom(p)) random = true;
    else plain = false;
  }
  if (words === 0 || words * 2 < parts) return false;
  return (!plus && !random) || wordChars * 2 >= chars || (random && !plus && plain);
}

/**
 * A path segment as paths name them: a lower-case or Capitalized word (`tmp`,
 * `node_modules`, `Library`; not `Au`), one letter, a number or a short version (`v1`).
 */
const _PLAIN_PATH_WORD_RE = /^(?:[A-Z_]?[a-z][a-z0-9_-]+|[A-Za-z]|v?\d{1,8})$/;

/**
 * A segment of 12+ characters, upper and lower case, that reads as random (base64)
 * without its trailing number (Go's `t.TempDir()`, `TestFoo123456789`, is a name) and is
 * no identifier of words.
 */
function _isMixedRandom(p: string): boolean {
  if (p.length < 12 || !/[A-Z]/.test(p) || !/[a-z]/.test(p)) return false;
  // An identifier of words (`SPaSM_static`, `ejabberd_SUITE_data`) is a name.
  if ((p.indexOf("_") >= 0 || p.indexOf("-") >= 0) && _isIdentifier(p)) return false;
  let e = p.length;
  while (e > 0 && p.charCodeAt(e - 1) >= 48 && p.charCodeAt(e - 1) <= 57) e--;
  return isRandomRun(e === p.length ? p : p.slice(0, e), 12, false);
}

/** A random mixed-case segment under 20 characters with a digit, or with no word in it. */
function _isShortRandom(p: string): boolean {
  return _isMixedRandom(p) && (/\d/.test(p) || !/[a-z]{5}/.test(p));
}

/** A `+` with a letter or a digit on one side and no `+` on the other (not `c++`). */
function _hasBase64Plus(w: string): boolean {
  for (let k = w.indexOf("+"); k >= 0; k = w.indexOf("+", k + 1)) {
    const a = w.charCodeAt(k - 1), b = w.charCodeAt(k + 1);
    if (a !== 43 && b !== 43 && (_isAlnum(a) || _isAlnum(b))) return true;
  }
  return false;
}

function _isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
}

/**
 * A path segment that is a word: words (src, Editor), CamelCase names (ShellCheck),
 * acronyms (JSON1), numbers and short versions (8080, v1), identifiers (my-app).
 */
function _isPathWord(p: string): boolean {
  return /^[A-Z]?[a-z]{1,30}\d{0,4}$/.test(p) || /^[a-z]?\d{1,8}$/.test(p) ||
    /^[a-z]*(?:[A-Z][a-z]+){1,8}\d{0,3}$/.test(p) || /^[A-Z]{2,12}\d{0,4}$/.test(p) ||
    (/[_-]/.test(p) && _isIdentifier(p));
}

/**
 * An identifier of `_`/`-` parts, each a word (lower, Capitalized, camelCase or upper
 * case, a few digits allowed: postgres16alpine, AL2023), a number, a short lower-case
 * suffix (generated names: storefront-5958d152b-ztmby, ci-deployer-dc3f42m5ndbf,
 * trim-config-file-R997Tb) or
 * a lower-case hex id (github_network_f45cbd…).
 */
function _isIdentifier(w: string): boolean {
  let words = 0;
  let others = 0;
  for (const p of w.split(/[_-]/)) {
    if (p.length === 0 || /^\d{1,8}$/.test(p)) continue;
    if (
      !/^[a-z]{2,30}\d{0,4}[a-z]{0,30}$/.test(p) &&
      !/^[a-z]*(?:[A-Z][a-z]+){1,8}\d{0,3}$/.test(p) &&
      !/^[A-Z]{1,12}\d{0,8}$/.test(p) && !/^[a-z0-9]{1,16}$/.test(p) &&
      !/^[A-Za-z0-9]{1,8}$/.test(p) && !/^[0-9a-f]{7,64}$/.test(p)
    ) return false;
    // At least one real word (config, Storefront, STANDARD) among the parts.
    if (/[aeiouy]/.test(p) && /[a-z]{3}/.test(p) || /^[A-Z]{2,12}\d{0,4}$/.test(p)) {
      words++;
    } else if (!/^(?:[0-9a-f]{1,64}|[0-9A-F]{1,64}|[a-z]{1,4})$/.test(p)) others++;
  }
  // Or only hexadecimal parts (UUID-like ids).
  return words > 0 || others === 0;
}

/** Character counts of the run being judged (reused). */
const _counts = new Uint32Array(128);

const _VOWEL = new Uint8Array(128);
for (const ch of "aeiouyAEIOUY") _VOWEL[ch.charCodeAt(0)] = 1;

/**
 * Whether a string reads as random data: digits, two or more classes, high entropy,
 * and not words (pronounceable lower-case runs of camelCase, few digits).
 *
 * @param min the fewest characters a random run has (default 20).
 * @param needDigit whether a run without a digit is never random (default true);
 *   false where the place already says "credential" (a URL's user without a password).
 */
export function isRandomRun(w: string, min: number = _MIN, needDigit: boolean = true): boolean {
  let upper = 0, lower = 0, digits = 0, sym = 0, vowels = 0;
  const end = w.length;
  const counts = _counts.fill(0);
  let wordChars = 0; // characters in [A-Z]?[a-z]{3,} runs
  let run = 0;
  let lowerRuns = 0;
  for (let k = 0; k < end; k++) {
    const c = w.charCodeAt(k);
    counts[c & 127]++;
    if (c >= 97 && c <= 122) {
      lower++;
      if (run === 0) lowerRuns++;
      run++;
    } else {
      if (run >= 3 && _isWordRun(w, k - run, k)) {
        wordChars += run + (_isUpperAt(w, k - run - 1) ? 1 : 0);
      }
      run = 0;
      if (c >= 65 && c <= 90) upper++;
      else if (c >= 48 && c <= 57) digits++;
      else sym++;
    }
    if (c < 128 && _VOWEL[c] === 1) vowels++;
  }
  if (run >= 3 && _isWordRun(w, end - run, end)) {
    wordChars += run + (_isUpperAt(w, end - run - 1) ? 1 : 0);
  }
  const n = end;
  if (n < min || (needDigit && digits === 0)) return false;
  const classes = (upper > 0 ? 1 : 0) + (lower > 0 ? 1 : 0) + (digits > 0 ? 1 : 0);
  if (classes < 2) return false;
  // Entropy against the most this alphabet and length allow.
  let h = 0;
  for (let c = 0; c < 128; c++) {
    if (counts[c] === 0) continue;
    const p = counts[c] / n;
    h -= p * Math.log2(p);
  }
  const alphabet = (upper > 0 ? 26 : 0) + (lower > 0 ? 26 : 0) + (digits > 0 ? 10 : 0) +
    (sym > 0 ? 4 : 0);
  if (h < 0.75 * Math.log2(Math.min(n, alphabet))) return false;
  // Words: vowels among letters as in text, few digits, and (with upper case) most
  // letters in pronounceable runs, each capital starting one (camelCase).
  const letters = upper + lower;
  const vowelRatio = letters > 0 ? vowels / letters : 0;
  // Without upper case: joined lower-case words are short (a 32+ run is random).
  if (upper === 0) return !(vowelRatio >= 0.35 && digits <= 2 && n < 32);
  // CONSTANT_CASE names (`DU_I18N_IMPLEMENTATION`): no lower case, parts, few digits.
  if (lower === 0 && digits <= 3 && (w.indexOf("_") >= 0 || w.indexOf("-") >= 0)) return false;
  // Names of words, however many capitals (`BlockJUnit4ClassRunner`,
  // `SACParserCSS3TokenManager`): most characters in pronounceable runs, few digits.
  if (wordChars / n >= 0.7 && digits <= 2) return false;
  const camel = wordChars / n >= 0.5 && upper <= lowerRuns + 2;
  return !(camel && vowelRatio >= 0.3 && digits <= 3);
}

/**
 * Whether the lower-case run `w[a, b)` reads as a word: it has a vowel, and right after a
 * digit it is 5 letters or more (`x509certificate`, `log4shell`); a short run after a
 * digit (`…h9yybt…`) is random data's, as in `Xonodxx84PwYjh9yybtKe`.
 */
function _isWordRun(w: string, a: number, b: number): boolean {
  if (b - a < 5 && a > 0) {
    const c = w.charCodeAt(a - 1);
    if (c >= 48 && c <= 57) return false;
  }
  return _hasVowel(w, a, b);
}

function _hasVowel(w: string, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (_VOWEL[w.charCodeAt(k)] === 1) return true;
  return false;
}

function _isUpperAt(w: string, k: number): boolean {
  const c = w.charCodeAt(k);
  return c >= 65 && c <= 90;
}

/**
 * A run of token characters holding percent escapes of base64's `+`, `/` and `=`
 * (`%2B`, `%2F`, `%3D`): a token put in a URL query (`?code=%2FWQj…%3D%3D`). Starts
 * only where a run starts, so a failed attempt costs its run once.
 */
const _PCT_RUN_RE =
  /(?<![A-Za-z0-9_.~%-])[A-Za-z0-9_.~-]{0,512}(?:%(?:2[BbFf]|3[Dd])[A-Za-z0-9_.~-]{0,512}){1,64}/g;
const _PCT_ESC_RE = /%(?:2[BbFf]|3[Dd])/;

/**
 * Masks URL-encoded tokens: a run with `%2B`/`%2F`/`%3D` escapes that, decoded, holds
 * a random run (what `maskHighEntropy` masks), or with `+`/`=` reads as random whole,
 * becomes `[REDACTED]` whole. Encoded paths (`group%2Frepo`) and
 * text stay.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maskPercentEncodedTokens } from "./entropy.ts";
 * assert.equal(
 *   maskPercentEncodedTokens("GET /api/run?code=%2FWQjVn%2Fqbfi96x2Qz9PHINORAIh%3D%3D 401"),
 *   "GET /api/run?code=[REDACTED] 401",
 * );
 * assert.equal(maskPercentEncodedTokens("projects/my-group%2Fmy-app"), "projects/my-group%2Fmy-app");
 * ```
 */
export function maskPercentEncodedTokens(s: string): string {
  if (s.indexOf("%") < 0 || !_PCT_ESC_RE.test(s)) return s;
  return s.replace(_PCT_RUN_RE, (m) => {
    const decoded = m.replace(/%2[Bb]/g, "+").replace(/%2[Ff]/g, "/").replace(/%3[Dd]/g, "=");
    // `+` and `=` are base64's own (a path has `/` too): then random as a whole is enough.
    const b64 = decoded.indexOf("+") >= 0 || decoded.indexOf("=") >= 0;
    return maskHighEntropy(decoded) !== decoded || (b64 && isRandomRun(decoded)) ? "[REDACTED]" : m;
  });
}
