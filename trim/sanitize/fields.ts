/**
 * Secret fields: the values of `password=x`, `token: x`, `"api_key": "x"`,
 * `--password x`, `Authorization: Bearer x`, `Cookie: a=b`, `Bearer x`.
 *
 * The scan over a line's separators and the reading of a value after a secret key are
 * here; the rest is in its own file:
 *
 * | File | What |
 * |---|---|
 * | `field_keys.ts` | which key names name a secret (the tables) and their classification |
 * | `field_values.ts` | where a value starts and ends; placeholders |
 * | `field_code.ts` | string literals in calls, R's `<-`, name/value pairs, code shapes |
 * | `field_prose.ts` | password words in prose, prompts' answers, directive lines |
 * | `field_elements.ts` | XML elements named like a secret |
 * | `field_separators.ts` | `\|\|`, `??`, `>` and `,` after a secret key, with a token value |
 * | `pgpass.ts` | a `.pgpass` line's password |
 *
 * @module
 */

import { applySpans, isIdChar } from "./chars.ts";
import {
  assignedLiteral,
  CALL_RE,
  CMDLET_RE,
  COORDINATE_RE,
  credentialLiteralAfterArgument,
  GO_FIELD_RE,
  inGoStruct,
  isQueryKey,
  literalArguments,
  namesSecret,
  randomQueryValue,
  SCHEME_PLACEHOLDER_RE,
  secretCallLiteral,
  seedWordsEnd,
  STRING_PREFIX,
  TYPE_ANNOTATION_RE,
  VAR_DUMP_TYPE_RE,
} from "./field_code.ts";
import { maskElements } from "./field_elements.ts";
import { weakSeparatorValues } from "./field_separators.ts";
import {
  isSecretKeyName,
  isValueKey,
  isVendorKeyName,
  KEY_BEARER,
  KEY_HEADER,
  KEY_LAST,
  KEY_PLAIN,
  KEY_SECRET,
  KEY_SIG,
  KEY_VENDOR,
  keyKind,
  mayEndInVendorName,
  SEED_KEY_RE,
} from "./field_keys.ts";
import {
  directiveValue,
  quotedAfterKeyWord,
  WORD_CUE_G,
  wordAfterPasswordWord,
} from "./field_prose.ts";
import {
  closingQuote,
  dashedKey,
  isPlaceholderAt,
  isPlaceholderValue,
  isSecretValue,
  isTokenValue,
  keyStart,
  ownsLine,
  quotedLiteralAt,
  quoteOpensAt,
  skipSpaces,
  tokenEnd,
  wordEnd,
} from "./field_values.ts";
import { pgpassPassword } from "./pgpass.ts";

export { isNameKey, isSecretKeyName, isValueKey } from "./field_keys.ts";
export {
  isPlaceholderAt,
  isPlaceholderValue,
  placeholderEnd,
  quotedLiteralAt,
} from "./field_values.ts";

/**
 * Masks the values of secret fields: `password=x`, `token: x`, `"api_key": "x"`,
 * `--password x`, `Authorization: Bearer x`, `Cookie: a=b`, `Bearer x`.
 *
 * Driven by separators: each `=` and `:` (found with `indexOf`) is checked for a key
 * word just before it, and only secret-looking keys are looked at further. `Bearer `
 * and `--flag value` are found the same way. Nothing is allocated for a line without
 * secrets.
 */
export function maskSecretFields(s: string): string {
  // `<` is rare: one search for it gates the XML elements and R's `<-`.
  const lt = s.indexOf("<");
  if (lt >= 0 && s.indexOf("</", lt) >= 0) s = maskElements(s);
  let spans: number[] | undefined;
  let eq = s.indexOf("=");
  let co = s.indexOf(":");
  let masked = 0; // separators inside an already masked value are skipped
  const c1 = s.charCodeAt(co + 1);
  if (co > 0 && ((c1 >= 48 && c1 <= 57) || c1 === 42)) {
    const span = pgpassPassword(s, co);
    if (span !== undefined) {
      (spans ??= []).push(span[0], span[1]);
      masked = span[1];
    }
  }
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
  // `API_KEY || "x"`, `asana_id > x`, `api_key, x`: other separators, token values.
  const weak = weakSeparatorValues(s);
  if (weak !== undefined) (spans ??= []).push(...weak);
  // Words whose value is the next word: `Bearer x` anywhere, `password x` in prose
  // (one scan finds them all).
  for (let m = WORD_CUE_G.exec(s); m !== null; m = WORD_CUE_G.exec(s)) {
    const b = m.index;
    const c = s.charCodeAt(b);
    let span: [number, number] | undefined;
    if (c !== 66 && c !== 98) span = wordAfterPasswordWord(s, b, WORD_CUE_G.lastIndex);
    else if (b === 0 || !isIdChar(s.charCodeAt(b - 1))) {
      span = _maskAfterKey(s, b, s.slice(b, b + 6), b + 6);
    }
    if (span !== undefined) (spans ??= []).push(span[0], span[1]);
  }
  let f = s.indexOf("--");
  while (f >= 0) {
    let ke = f + 2;
    while (ke < s.length && isIdChar(s.charCodeAt(ke))) ke++;
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
  // R's assignment: `password <- "x"`.
  for (let a = lt < 0 ? -1 : s.indexOf("<-", lt); a >= 0; a = s.indexOf("<-", a + 2)) {
    const span = assignedLiteral(s, a);
    if (span !== undefined) (spans ??= []).push(span[0], span[1]);
  }
  // Prose: `password "S3cr3t"` (quotes found by their character: they are rare).
  for (const quote of _PROSE_QUOTES) {
    for (let q = s.indexOf(quote, 1); q >= 0; q = s.indexOf(quote, q + 1)) {
      // `password "x"`, or `password \"x\"` inside a JSON string.
      const open = s.charCodeAt(q - 1) === 92 ? q - 1 : q;
      // A call or a tuple, `put("password", "x")`; a pair, Rails' binds
      // `[["api_token", "x"]]`.
      const before = s.charCodeAt(open - 1);
      if (before === 40 || before === 91) {
        const span = secretCallLiteral(s, open);
        if (span !== undefined) (spans ??= []).push(span[0], span[1]);
        continue;
      }
      // A credential call whose user is a variable: `login(user, 'x')`.
      if (before === 44 || (before === 32 && s.charCodeAt(open - 2) === 44)) {
        const span = credentialLiteralAfterArgument(s, open);
        if (span !== undefined) (spans ??= []).push(span[0], span[1]);
        continue;
      }
      if (open < 1 || s.charCodeAt(open - 1) !== 32) continue;
      const span = s.endsWith("IDENTIFIED BY ", open) || s.endsWith("identified by ", open)
        ? quotedLiteralAt(s, open)
        : quotedAfterKeyWord(s, open - 1, s.slice(open, q + 1));
      if (span !== undefined) (spans ??= []).push(span[0], span[1]);
    }
  }
  // A directive line starts with a letter (maybe indented); most log lines do not.
  const c0 = s.charCodeAt(0) | 32;
  if ((c0 >= 97 && c0 <= 122) || c0 === 32 || c0 === 41 /* space, tab */) {
    const span = directiveValue(s);
    if (span !== undefined) (spans ??= []).push(span[0], span[1]);
  }
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}

const _PROSE_QUOTES = ['"', "'"];

/** The value span to mask for a key that ends just before separator `p`, if secret. */
function _secretAtSeparator(s: string, p: number): [number, number] | undefined {
  let j = p - 1;
  // make's `KEY ?= value`.
  if (s.charCodeAt(j) === 63 && s.charCodeAt(p) === 61) j--;
  while (j >= 0 && s.charCodeAt(j) === 32 && p - j <= 3) j--;
  if (j >= 0 && (s.charCodeAt(j) === 34 || s.charCodeAt(j) === 39)) {
    j--;
    // An escaped quote (JSON inside a JSON string): \"key\":\"value\"
    for (let k = 0; k < _MAX_ESCAPES && s.charCodeAt(j) === 92; k++) j--;
  }
  if (j < 1) return undefined;
  const last = s.charCodeAt(j);
  if (last >= 128 || KEY_LAST[last] === 0) {
    // PHP's print_r `[password] => x`; code: `ENV['API_KEY'] = x`, `char password[] = x`.
    if (last === 93 && s.charCodeAt(p) === 61) return _bracketedKeyValue(s, j);
    // Go: `var secret string = "x"`: the key is the word before the type.
    if (last === 103 && s.charCodeAt(p) === 61 && s.charCodeAt(j - 6) === 32) {
      const span = _typedGoKeyValue(s, j, p);
      if (span !== undefined) return span;
    }
    // `sig` (Azure SAS) and `mnemonic` (a wallet's seed words, as ganache prints them):
    // checked by their letters, so that keys ending in `g` (msg, config) or `c` (exec,
    // sync) stay on the fast path.
    // Honeycomb's `X-Honeycomb-Team` header (its API key): by its letters too.
    if (
      !(last === 103 && s.charCodeAt(j - 1) === 105 && s.charCodeAt(j - 2) === 115 &&
        !isIdChar(s.charCodeAt(j - 3))) &&
      !((last | 32) === 99 && _endsWithMnemonic(s, j)) &&
      !((last | 32) === 109 &&
        (_endsWithWord(s, j, "honeycomb-team") || _endsWithWord(s, j, "contribsys__com") ||
          _endsWithWord(s, j, "contribsys--com"))) &&
      // A vendor's name (`ASANA=x`, `kucoin: x`), by its last two letters.
      !mayEndInVendorName(s, j)
    ) return undefined;
  }
  const ke = j + 1;
  let ks = ke;
  while (ks > 0 && isIdChar(s.charCodeAt(ks - 1))) ks--;
  // A shell variable before a `:` is read, not set: `-v "$PWD:/mnt"`, `$HOME:/x`.
  if (s.charCodeAt(ks - 1) === 36 && s.charCodeAt(p) === 58) return undefined;
  // The shell's working directory: `PWD=/home/ci/build`, `OLDPWD=~/src` (ODBC's
  // `PWD=x` is a password).
  if (_isDirectoryVariable(s, ks, ke, p)) return undefined;
  // Keys of two letters are too often something else; `pw` (`?user=a&pw=x`) is not.
  if (ke - ks < 3 && !(ke - ks === 2 && (last === 119 || last === 87) && _isPw(s, ks))) {
    return undefined;
  }
  // A URL query's `key` (`?address=x&key=AIza…`): an API key when its value reads as
  // random (a cache's `&key=user:42` does not).
  if (ke - ks === 3 && s.charCodeAt(p) === 61 && isQueryKey(s, ks)) {
    return randomQueryValue(s, p + 1);
  }
  // A key of two words: `Secret Key: x`, `api key = x`, `Seed phrase: x` (the words
  // read as one name).
  if (
    (ke - ks === 3 && (last === 121 || last === 89) ||
      ke - ks === 6 && (last | 32) === 101 && (s.charCodeAt(ks) | 32) === 112) &&
    s.charCodeAt(ks - 1) === 32
  ) {
    const ws = keyStart(s, ks - 1);
    const key = s.slice(ws, ks - 1) + s.slice(ks, ke);
    if (ks - 1 - ws >= 3 && keyKind(key) === KEY_SECRET) return _maskAfterKey(s, ws, key, ke);
  }
  return _maskAfterKey(s, ks, s.slice(ks, ke), ke);
}

/** Whether a word (no space, quote or line end) starts at `i`. */
function _wordAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return i < s.length && c !== 32 && c !== 9 && c !== 34 && c !== 39;
}

/** Whether `s` ends with `word` (lower case) at `j`, in any case. */
function _endsWithWord(s: string, j: number, word: string): boolean {
  const a = j + 1 - word.length;
  if (a < 0) return false;
  for (let k = 0; k < word.length; k++) {
    const c = s.charCodeAt(a + k);
    if ((c >= 65 && c <= 90 ? c | 32 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** Whether the word ending at `j` (its last character) ends with `mnemonic`, any case. */
function _endsWithMnemonic(s: string, j: number): boolean {
  return j >= 7 && s.slice(j - 7, j + 1).toLowerCase() === "mnemonic";
}

/** `PWD` or `OLDPWD` (`ks`..`ke`) with a path after its separator at `p`. */
function _isDirectoryVariable(s: string, ks: number, ke: number, p: number): boolean {
  const n = ke - ks;
  if (!(n === 3 ? s.startsWith("PWD", ks) : n === 6 && s.startsWith("OLDPWD", ks))) return false;
  let v = p + 1;
  while (s.charCodeAt(v) === 32 || s.charCodeAt(v) === 34 || s.charCodeAt(v) === 39) v++;
  const c = s.charCodeAt(v);
  return c === 47 || c === 126; // `/`, `~`
}

/**
 * The string literal after `key string =` (Go), the type's last letter at `j` and the
 * `=` at `p`, if secret.
 */
function _typedGoKeyValue(s: string, j: number, p: number): [number, number] | undefined {
  const ts = j - 5;
  if (ts < 2 || !s.startsWith("tring", ts + 1) || (s[ts] !== "s" && s[ts] !== "S")) {
    return undefined;
  }
  let ke = ts - 1; // gofmt aligns the types of a block with spaces
  while (ke > 0 && ts - ke < 16 && s.charCodeAt(ke - 1) === 32) ke--;
  const ks = keyStart(s, ke);
  if (ke - ks < 3) return undefined;
  const key = s.slice(ks, ke);
  if (!isSecretKeyName(key) || !quoteOpensAt(s, skipSpaces(s, p + 1))) return undefined;
  return _maskAfterKey(s, ks, key, j + 1);
}

/**
 * The value after a key in brackets, the `]` at `j`, if secret: `[password] => x`,
 * `ENV['API_KEY'] = x`, `char password[] = x`.
 */
function _bracketedKeyValue(s: string, j: number): [number, number] | undefined {
  const b = s.charCodeAt(j - 1);
  const quoted = b === 34 || b === 39; // ['KEY']
  const ke = quoted || b === 91 ? j - 1 : j; // `password[]`: the key is before `[`
  const ks = keyStart(s, ke);
  if (ks === ke) return undefined;
  // [KEY], ['KEY']: the `[` (and the quote) before the key.
  if (quoted && (s.charCodeAt(ks - 1) !== b || s.charCodeAt(ks - 2) !== 91)) return undefined;
  if (ke === j && s.charCodeAt(ks - 1) !== 91) return undefined;
  const key = s.slice(ks, ke);
  return isSecretKeyName(key) || isVendorKeyName(key)
    ? _maskAfterKey(s, j + 1, key, j + 1)
    : undefined;
}

/** `pw` or `PW` at `ks`. */
function _isPw(s: string, ks: number): boolean {
  const c = s.charCodeAt(ks);
  return c === 112 ? s.charCodeAt(ks + 1) === 119 : c === 80 && s.charCodeAt(ks + 1) === 87;
}

/** Backslashes tolerated before a quote (JSON escaped once or a few times). */
const _MAX_ESCAPES = 4;

/** Returns the [start, end) of the value to mask after a key, or undefined. */
function _maskAfterKey(
  s: string,
  ks: number,
  key: string,
  ke: number,
): [number, number] | undefined {
  let kind = keyKind(key);
  if (kind === KEY_PLAIN) {
    // `{"name": "DB_PASSWORD", "value": "x"}` (ECS task definitions, Kubernetes JSON).
    if (!isValueKey(key)) return undefined;
    if (!namesSecret(s, ks)) return undefined;
    kind = KEY_SECRET;
  }
  if (kind === KEY_BEARER) {
    // "Bearer <token>" anywhere.
    if (s.charCodeAt(ke) !== 32) return undefined;
    const vs = ke + 1;
    if (isPlaceholderAt(s, vs)) return undefined;
    const ve = tokenEnd(s, vs);
    // `Bearer undefined`: the missing token is the finding, not a secret.
    return ve - vs >= 8 && !isPlaceholderValue(s.slice(vs, ve)) ? [vs, ve] : undefined;
  }
  const header = kind === KEY_HEADER;
  let i = ke;
  const quotedKey = ks > 0 && (s[ks - 1] === '"' || s[ks - 1] === "'");
  if (quotedKey) {
    // The closing quote, maybe escaped (\"key\").
    let k = i;
    while (k - i < _MAX_ESCAPES && s.charCodeAt(k) === 92) k++;
    if (s[k] === s[ks - 1]) i = k + 1;
  }
  let j = skipSpaces(s, i);
  if (s.charCodeAt(j) === 63 && s.charCodeAt(j + 1) === 61) j++; // make's `?=`
  let sep = s[j];
  let vs: number;
  let flag = false;
  // `--client-credential ::x@y`: after a flag and a space, a word that opens with `:`
  // or `=` is the flag's value, not a separator.
  if (j > i && (sep === ":" || sep === "=") && _wordAt(s, j + 1) && dashedKey(s, ks)) {
    sep = " ";
  }
  if (sep === "=" || sep === ":") {
    // A test runner's verdict, not a key: go test's `--- PASS: TestX`, automake's
    // `PASS: t/basic.sh`.
    if (sep === ":" && key === "PASS") return undefined;
    vs = j + 1;
    // `--api-token=x`: a flag's value, a whole shell word.
    flag = sep === "=" && (s[ks] === "-" || dashedKey(s, ks));
    if (sep === "=" && s[vs] === ">") {
      vs++; // Ruby's and PHP's hash rocket
      // PHP's var_dump: `["password"]=> string(8) "x"`.
      VAR_DUMP_TYPE_RE.lastIndex = skipSpaces(s, vs);
      if (VAR_DUMP_TYPE_RE.test(s)) vs = VAR_DUMP_TYPE_RE.lastIndex;
    } else if (sep === "=" && s[vs] === "=") {
      // A comparison in code: `password == "x"`, `=== "x"`.
      vs++;
      if (s[vs] === "=") vs++;
    }
    if (sep === ":" && s[vs] === ":") {
      // `::=` and `:::=` assign (BNF, make); else a Rust/C++ path: token::Kind.
      if (s[vs + 1] === "=") vs += 2;
      else if (s[vs + 1] === ":" && s[vs + 2] === "=") vs += 3;
      else return undefined;
    }
    if (sep === ":" && s[vs] === "=") vs++; // Go: token := "x"
    vs = skipSpaces(s, vs);
    if (sep === ":" && !quotedKey) {
      // A type annotation: `val password: String = "x"`, `let key: &str = "x"` (the
      // literal after it is the value).
      TYPE_ANNOTATION_RE.lastIndex = vs;
      if (TYPE_ANNOTATION_RE.test(s)) vs = TYPE_ANNOTATION_RE.lastIndex;
    }
  } else if (j > i && (j === i + 1 || sep === " ") && dashedKey(s, ks)) {
    vs = j; // CLI flag: --password value
    flag = true;
  } else return undefined;
  if (vs >= s.length) return undefined;
  if (isPlaceholderAt(s, vs)) return undefined;
  // Python's string prefixes: b'x', r"x".
  if (STRING_PREFIX.indexOf(s[vs]) >= 0 && (s[vs + 1] === '"' || s[vs + 1] === "'")) vs++;
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
    if (isPlaceholderAt(s, vs)) return undefined;
    ve = s.indexOf(close, vs);
    if (ve < 0) ve = s.length;
  } else if (q === '"' || q === "'" || q === "`") {
    vs++;
    // Past escaped quotes in "…" and bash's '\'' in '…'; unclosed: to the line's end.
    const close = closingQuote(s, vs, q);
    ve = close < 0 ? s.length : close;
  } else if (header) {
    ve = s.length;
    // A quoted header ("Authorization: x" or 'Authorization: x') ends at its closing quote.
    if (quotedKey) {
      const close = s.indexOf(s[ks - 1], vs);
      if (close >= 0) ve = close;
    }
  } else if (!quotedKey && ownsLine(s, ks, sep, vs)) {
    // `DB_PASSWORD=…` as printenv and .env files print it, `token: …` as YAML does:
    // the value is the rest of the line, whatever it holds (a YAML ` #` comment aside).
    ve = s.length;
    if (sep === ":") {
      const hash = s.indexOf(" #", vs);
      if (hash >= 0) ve = hash;
    }
    while (ve > vs && (s.charCodeAt(ve - 1) === 32 || s.charCodeAt(ve - 1) === 9)) ve--;
  } else if (SEED_KEY_RE.test(key) && (ve = seedWordsEnd(s, vs)) > 0) {
    // A wallet's seed words, wherever the key stands (`Your recovery phrase: w1 w2 …`).
  } else {
    // PowerShell: `$pw = ConvertTo-SecureString "x" -AsPlainText` (args.ts masks the
    // literal), `$cred = New-Object PSCredential(…)`: a command, no value.
    CMDLET_RE.lastIndex = vs;
    if (CMDLET_RE.test(s)) return undefined;
    // Go's `%+v` of a struct with an empty password: `{User:app Password: SSLMode:disable}`
    // (the next field is no value; the empty one is the finding).
    if (sep === ":" && s.charCodeAt(ks - 1) === 32 && inGoStruct(s, ks)) {
      GO_FIELD_RE.lastIndex = vs;
      if (GO_FIELD_RE.test(s)) return undefined;
    }
    // A flag's value is a whole shell word: `--password a,b` sends `a,b`.
    ve = flag ? wordEnd(s, vs) : tokenEnd(s, vs);
    // Code: `password = String::from("x")`, `auth=("bob", "x")`: the string literals.
    if (
      s.charCodeAt(ve - 1) === 40 && quoteOpensAt(s, ve) &&
      CALL_RE.test(s.slice(vs, ve))
    ) {
      // A literal masked before (`from("[REDACTED]")`) stays as it is.
      return literalArguments(s, ve);
    }
  }
  if (ve <= vs) return undefined;
  if (kind === KEY_SIG && ve - vs < 16) return undefined;
  const value = s.slice(vs, ve);
  if (kind === KEY_VENDOR && !isTokenValue(value)) return undefined;
  // A Maven coordinate's `artifact:version` after a group ending in a key word
  // (`org.codehaus.mojo.signature:java18:1.0`).
  if (sep === ":" && key.indexOf(".") > 0 && COORDINATE_RE.test(value)) return undefined;
  // `Authorization: Bearer undefined`, `Basic null`: no credential was sent.
  if (header && SCHEME_PLACEHOLDER_RE.test(value)) return undefined;
  if (!isSecretValue(value, sep === ":" && q !== '"' && q !== "'")) return undefined;
  return [vs, ve];
}
