/**
 * Secret fields in prose and config directives: the word after a password word
 * (`login with password S3cr3tPass`, a prompt's answer), a quoted value after a secret
 * key word (`using password "x"`), a directive line (`requirepass x`).
 *
 * @module
 */

import { isIdChar } from "./chars.ts";
import {
  isSecretKeyName,
  isVendorKeyName,
  KEY_LAST,
  KEY_SECRET,
  keyKind,
  mayEndInVendorName,
} from "./field_keys.ts";
import {
  CLOSING_MARK,
  closingQuote,
  isPlaceholderAt,
  isPlaceholderValue,
  isSecretValue,
  isTokenValue,
  quotedLiteralAt,
  skipSpaces,
  tokenEnd,
} from "./field_values.ts";

/** Secret key names that are also plain words: not a directive of their own. */
const _PLAIN_WORD_KEY_RE =
  /^(?:pass(?:word|wd|phrase)?|secret|token|credentials?|cookie|signature|authorization|auth)$/i;

/**
 * A config file's directive line, a compound secret name and one word:
 * `requirepass x` (Redis), `auth_pass x` (keepalived), `rpcpassword x`; a vendor's key
 * and a token (`ASANA_CLIENT_ID 1203…`, an environment dump's columns). A plain word
 * (`password x`, `token expired`) is prose or netrc's and is left to those rules.
 */
export function directiveValue(s: string): [number, number] | undefined {
  const ks = skipSpaces(s, 0);
  let ke = ks;
  while (ke < s.length && isIdChar(s.charCodeAt(ke))) ke++;
  const sp = s.charCodeAt(ke);
  if (
    ke - ks < 6 || (sp !== 32 && sp !== 9) ||
    (KEY_LAST[s.charCodeAt(ke - 1)] !== 1 && !mayEndInVendorName(s, ke - 1))
  ) {
    return undefined;
  }
  const vs = skipSpaces(s, ke);
  let ve = s.length;
  while (ve > vs && (s.charCodeAt(ve - 1) === 32 || s.charCodeAt(ve - 1) === 59)) ve--;
  if (ve <= vs) return undefined;
  for (let i = vs; i < ve; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9) return undefined; // more than one word
  }
  const key = s.slice(ks, ke);
  const value = s.slice(vs, ve);
  // An environment dump's `ASANA_CLIENT_ID 1203…`: a vendor's key and a token.
  if (isVendorKeyName(key)) return isTokenValue(value) ? [vs, ve] : undefined;
  if (_PLAIN_WORD_KEY_RE.test(key) || !isSecretKeyName(key)) return undefined;
  return isSecretValue(value, true) && !isPlaceholderAt(s, vs) ? [vs, ve] : undefined;
}

/** `Bearer ` and password words in prose (capitalized or in capitals too). */
export const WORD_CUE_G: RegExp =
  /[Bb]earer |BEARER |[Pp]ass(?:word|wd|phrase) |PASS(?:WORD|WD|PHRASE) /g;

/**
 * The word after a password word in prose (`login with password S3cr3tPass`, also after
 * `is`, `was`, `to`, and after a prompt's `is:` or `for ci:`): masked when it holds
 * letters and digits or symbols, 8 or more characters, and is no path or URL;
 * `password for`, `password authentication failed`, `the password is incorrect` stay.
 */
export function wordAfterPasswordWord(
  s: string,
  w: number,
  vs: number,
): [number, number] | undefined {
  if (w >= 1 && isIdChar(s.charCodeAt(w - 1))) return undefined; // a longer word
  // `the password is x9Kq…`, `password was …`: the word after the linking word.
  // A prompt or a report with a colon: `password is: x`, `password for ci: x`,
  // `Generated password for user admin: x`.
  const lw = s.charCodeAt(vs + 2) === 32 ? 2 : s.charCodeAt(vs + 3) === 32 ? 3 : 0;
  const at = vs;
  if (s.startsWith("is generated for ", vs)) {
    // MySQL's first start: `A temporary password is generated for root@localhost: x`.
    vs = _afterPromptSubject(s, vs + 13);
    if (vs === at + 13) vs = at;
  } else if (s.startsWith("PASSWORD ", w) && _USER_EQUALS_RE.test(s.slice(vs, vs + 68))) {
    // elasticsearch-setup-passwords: `PASSWORD elastic = x`.
    vs = s.indexOf(" = ", vs) + 3;
    if (isPlaceholderAt(s, vs)) return undefined;
    const ve = tokenEnd(s, vs);
    const v = s.slice(vs, ve);
    return ve > vs && !isPlaceholderValue(v) ? [vs, ve] : undefined;
  } else if (lw > 0 && _LINKING_WORDS.has(s.slice(vs, vs + lw))) vs += lw + 1;
  else if (s.charCodeAt(vs + 2) === 58 && s.charCodeAt(vs + 3) === 32 && s.startsWith("is", vs)) {
    vs += 4;
  } else if (s.startsWith("for ", vs)) vs = _afterPromptSubject(s, vs);
  let ve = vs;
  while (
    ve < s.length && s.charCodeAt(ve) > 32 && s.charCodeAt(ve) !== 34 && s.charCodeAt(ve) !== 39
  ) ve++;
  if (vs > at && s.charCodeAt(vs - 2) === 58) {
    // After a prompt's colon, its answer whatever it holds, unless a verdict: a quoted
    // one wherever the line goes on (`for ci: 'x y'`), or the line's last word
    // (`Enter passphrase for key 'x': correcthorse`, not `…: incorrect`).
    const span: [number, number] | undefined = ve === vs
      ? quotedLiteralAt(s, vs)
      : ve - vs >= 6 && skipSpaces(s, ve) === s.length
      ? [vs, ve]
      : undefined;
    if (span !== undefined) {
      const v = s.slice(span[0], span[1]);
      return _VERDICT_RE.test(v) || isPlaceholderValue(v) ? undefined : span;
    }
  }
  // Closing punctuation of the sentence is not part of it.
  while (ve > vs && CLOSING_MARK.indexOf(s[ve - 1]) >= 0) ve--;
  if (ve - vs < 8 || ve - vs > 128) return undefined;
  const v = s.slice(vs, ve);
  if (!_PROSE_SECRET_RE.test(v) || _TIME_LIKE_RE.test(v) || isPlaceholderValue(v)) return undefined;
  return [vs, ve];
}

/** A user name and ` = ` after a password word in capitals (elasticsearch-setup-passwords). */
const _USER_EQUALS_RE = /^[\w.-]{1,64} = \S/;

/** Words that report on a password rather than give one (after a prompt's `:`). */
const _VERDICT_RE =
  /^(?:incorrect|invalid|wrong|failed|denied|expired|required|missing|empty|changed|accepted|rejected|unchanged|updated|set|saved|none|unknown|ok|yes|no)[.!]?$/i;

/**
 * At `for ` (at `i`) after a password word: the position after the one or two words
 * and the `: ` that end a prompt (`for ci: `, `for user admin: `), or `i` when none do.
 */
function _afterPromptSubject(s: string, i: number): number {
  for (let k = i + 4, words = 0; k < s.length && k - i <= 68; k++) {
    const c = s.charCodeAt(k);
    if (c === 58) return s.charCodeAt(k + 1) === 32 && k > i + 4 ? k + 2 : i;
    if (c === 32 && ++words === 2) return i;
  }
  return i;
}

/** A date or time (`2024-01-01T10:00`), not a password. */
const _TIME_LIKE_RE = /^\d[\d:.TZ+-]*$/;

/** Letters with digits or symbols; no path, URL or `[PLACEHOLDER]`. */
const _PROSE_SECRET_RE = /^(?=[^/\\[\]]*$)(?=.*[A-Za-z])(?=.*[^A-Za-z._-]).*$/;

/**
 * A quoted value after a secret key word in prose, the space at `q` before its quote:
 * `using password "S3cr3t!"`, `the token is 'x9Kq2mZv'`, `set password to "…"`. The
 * value holds no space and passes the prose test of {@linkcode isSecretValue}, so that
 * `Unexpected token 'export'` stays.
 */
export function quotedAfterKeyWord(
  s: string,
  q: number,
  quote: string,
): [number, number] | undefined {
  let we = q;
  const c = s.charCodeAt(we - 1);
  if (c === 34 || c === 39) {
    we--; // a quoted key: `CONFIG SET "requirepass" "x"`, maybe escaped (\"key\")
    if (s.charCodeAt(we - 1) === 92) we--;
  }
  let ws = we;
  while (ws > 0 && isIdChar(s.charCodeAt(ws - 1))) ws--;
  if (ws === we) return undefined;
  if (
    we - ws <= 3 && ws >= 2 && s.charCodeAt(ws - 1) === 32 && _LINKING_WORDS.has(s.slice(ws, we))
  ) {
    we = ws - 1;
    ws = we;
    while (ws > 0 && isIdChar(s.charCodeAt(ws - 1))) ws--;
  }
  if (we - ws < 3 || keyKind(s.slice(ws, we)) !== KEY_SECRET) return undefined;
  const vs = q + 1 + quote.length;
  const close = closingQuote(s, vs, quote);
  if (close < vs + 4 || close - vs > 256) return undefined;
  const value = s.slice(vs, close);
  // No space, no placeholder (`"KEY:[REDACTED]"` was masked already: idempotence).
  if (_SPACE_OR_PLACEHOLDER_RE.test(value) || !isSecretValue(value, true)) return undefined;
  // Kubernetes names a Secret object this way: `secret "db-credentials" not found`,
  // `secrets "x" is forbidden`. The name is the diagnosis, not a value.
  if (_SECRET_KIND_RE.test(s.slice(ws, we))) {
    _OBJECT_VERDICT_RE.lastIndex = close + quote.length;
    if (_OBJECT_VERDICT_RE.test(s)) return undefined;
  }
  return [vs, close];
}

const _SPACE_OR_PLACEHOLDER_RE = /\s|\[[A-Z]/;

/** Kubernetes' kind of a Secret object, as its messages name it. */
const _SECRET_KIND_RE = /^[Ss]ecrets?$/;

/** What Kubernetes reports of an object after its quoted name (sticky). */
const _OBJECT_VERDICT_RE =
  / (?:not found|is forbidden|already exists|is invalid|created|deleted|configured|unchanged|patched|replaced)\b/y;

const _LINKING_WORDS = new Set(["is", "to", "was", "of", "as"]);
