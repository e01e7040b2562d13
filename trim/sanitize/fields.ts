/**
 * Secret fields: the values of `password=x`, `token: x`, `"api_key": "x"`,
 * `--password x`, `Authorization: Bearer x`, `Cookie: a=b`, `Bearer x`.
 *
 * @module
 */

import { applySpans, isDigit, isIdChar, isWordChar, quotedQuoteLength } from "./chars.ts";
import { isRandomRun } from "./entropy.ts";

// Keys whose value is secret, by their normalized ending (lower case, no `_`, `-`, `.`).
const _SECRET_KEY_END_RE =
  /(?:password|passwd|passphrase|pwd|secret|token|apikey|accesskey|secretkey|privatekey|authorization|credentials?|cookie|sessionid|sessid|signature|sonarlogin|authkey|masterkey|encryptionkey|signingkey|accountkey|sastoken|sharedkey|requirepass|masterauth|storepass|keypass|secretkeybase|licensekey|hmackey|appkey|subscriptionkey|consumerkey|sessionkey|storagekey|enckey|adminkey|serverkey|writekey|servicerolekey|ingestkey|restkey|jwtkey|botkey|authident|functionskey|stripekey|mnemonic|seedphrase|recoveryphrase|backupphrase|secretphrase|walletseed|seedwords|recoverywords|contribsyscom)$/;

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
  if (lt >= 0 && s.indexOf("</", lt) >= 0) s = _maskElements(s);
  let spans: number[] | undefined;
  let eq = s.indexOf("=");
  let co = s.indexOf(":");
  let masked = 0; // separators inside an already masked value are skipped
  const c1 = s.charCodeAt(co + 1);
  if (co > 0 && ((c1 >= 48 && c1 <= 57) || c1 === 42)) {
    const span = _pgpassPassword(s, co);
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
  // Words whose value is the next word: `Bearer x` anywhere, `password x` in prose
  // (one scan finds them all).
  for (let m = _WORD_CUE_G.exec(s); m !== null; m = _WORD_CUE_G.exec(s)) {
    const b = m.index;
    const c = s.charCodeAt(b);
    let span: [number, number] | undefined;
    if (c !== 66 && c !== 98) span = _wordAfterPasswordWord(s, b, _WORD_CUE_G.lastIndex);
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
    const span = _assignedLiteral(s, a);
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
        const span = _secretCallLiteral(s, open);
        if (span !== undefined) (spans ??= []).push(span[0], span[1]);
        continue;
      }
      if (open < 1 || s.charCodeAt(open - 1) !== 32) continue;
      const span = s.endsWith("IDENTIFIED BY ", open) || s.endsWith("identified by ", open)
        ? quotedLiteralAt(s, open)
        : _quotedAfterKeyWord(s, open - 1, s.slice(open, q + 1));
      if (span !== undefined) (spans ??= []).push(span[0], span[1]);
    }
  }
  // A directive line starts with a letter (maybe indented); most log lines do not.
  const c0 = s.charCodeAt(0) | 32;
  if ((c0 >= 97 && c0 <= 122) || c0 === 32 || c0 === 41 /* space, tab */) {
    const span = _directiveValue(s);
    if (span !== undefined) (spans ??= []).push(span[0], span[1]);
  }
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}

const _PROSE_QUOTES = ['"', "'"];

/** Secret key names that are also plain words: not a directive of their own. */
const _PLAIN_WORD_KEY_RE =
  /^(?:pass(?:word|wd|phrase)?|secret|token|credentials?|cookie|signature|authorization|auth)$/i;

/**
 * A config file's directive line, a compound secret name and one word:
 * `requirepass x` (Redis), `auth_pass x` (keepalived), `rpcpassword x`. A plain word
 * (`password x`, `token expired`) is prose or netrc's and is left to those rules.
 */
function _directiveValue(s: string): [number, number] | undefined {
  const ks = _skipSpaces(s, 0);
  let ke = ks;
  while (ke < s.length && isIdChar(s.charCodeAt(ke))) ke++;
  const sp = s.charCodeAt(ke);
  if (ke - ks < 6 || (sp !== 32 && sp !== 9) || _KEY_LAST[s.charCodeAt(ke - 1)] !== 1) {
    return undefined;
  }
  const vs = _skipSpaces(s, ke);
  let ve = s.length;
  while (ve > vs && (s.charCodeAt(ve - 1) === 32 || s.charCodeAt(ve - 1) === 59)) ve--;
  if (ve <= vs) return undefined;
  for (let i = vs; i < ve; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9) return undefined; // more than one word
  }
  const key = s.slice(ks, ke);
  if (_PLAIN_WORD_KEY_RE.test(key) || !isSecretKeyName(key)) return undefined;
  const value = s.slice(vs, ve);
  return _isSecretValue(value, true) && !isPlaceholderAt(s, vs) ? [vs, ve] : undefined;
}

/** `Bearer ` and password words in prose (capitalized or in capitals too). */
const _WORD_CUE_G = /[Bb]earer |BEARER |[Pp]ass(?:word|wd|phrase) |PASS(?:WORD|WD|PHRASE) /g;

/**
 * A quoted literal at `i`, its text: SQL's password after `IDENTIFIED BY ` (`SET
 * PASSWORD FOR u = 'x'` is args.ts's), a prompt's quoted answer.
 */
export function quotedLiteralAt(s: string, i: number): [number, number] | undefined {
  const q = s[i];
  if (q !== "'" && q !== '"') return undefined;
  const close = _closingQuote(s, i + 1, q);
  return close > i + 1 ? [i + 1, close] : undefined;
}

/**
 * The word after a password word in prose (`login with password S3cr3tPass`, also after
 * `is`, `was`, `to`, and after a prompt's `is:` or `for ci:`): masked when it holds
 * letters and digits or symbols, 8 or more characters, and is no path or URL;
 * `password for`, `password authentication failed`, `the password is incorrect` stay.
 */
function _wordAfterPasswordWord(s: string, w: number, vs: number): [number, number] | undefined {
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
    const ve = _tokenEnd(s, vs);
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
      : ve - vs >= 6 && _skipSpaces(s, ve) === s.length
      ? [vs, ve]
      : undefined;
    if (span !== undefined) {
      const v = s.slice(span[0], span[1]);
      return _VERDICT_RE.test(v) || isPlaceholderValue(v) ? undefined : span;
    }
  }
  // Closing punctuation of the sentence is not part of it.
  while (ve > vs && _CLOSING_MARK.indexOf(s[ve - 1]) >= 0) ve--;
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
 * value holds no space and passes the prose test of {@linkcode _isSecretValue}, so that
 * `Unexpected token 'export'` stays.
 */
function _quotedAfterKeyWord(
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
  if (we - ws < 3 || _keyKind(s.slice(ws, we)) !== _KEY_SECRET) return undefined;
  const vs = q + 1 + quote.length;
  const close = _closingQuote(s, vs, quote);
  if (close < vs + 4 || close - vs > 256) return undefined;
  const value = s.slice(vs, close);
  // No space, no placeholder (`"KEY:[REDACTED]"` was masked already: idempotence).
  if (_SPACE_OR_PLACEHOLDER_RE.test(value) || !_isSecretValue(value, true)) return undefined;
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

/**
 * The closing `quote` of a value starting at `vs`, past the quotes a value may hold:
 * an escaped quote inside `"…"`, or inside an escaped `\"…\"` (a JSON string's, where an
 * inner quote carries three backslashes), bash's quoted quote inside `'…'`; -1 when
 * there is none.
 */
function _closingQuote(s: string, vs: number, quote: string): number {
  const level = quote.length - 1; // backslashes before the quote: 0, or 1 in JSON
  const mark = quote[level];
  for (let i = s.indexOf(mark, vs); i >= 0; i = s.indexOf(mark, i + 1)) {
    if (mark === '"') {
      let b = 0;
      while (i - 1 - b >= vs - 1 && s.charCodeAt(i - 1 - b) === 92) b++;
      // The closing quote carries the level's backslashes; an escaped one, more.
      if (level === 0 ? b % 2 === 0 : b % 4 === 1) return i - level;
    } else {
      if (level === 1 && s.charCodeAt(i - 1) !== 92) continue;
      const n = level === 0 ? quotedQuoteLength(s, i) : 0;
      if (n === 0) return i - level;
      i += n - 1; // the search goes on after the quote that reopens the word
    }
  }
  return -1;
}

/**
 * The string literals of a call or tuple whose first argument opens at `at` (a quote
 * after `(`), up to its `)` (within 256 characters; else the first literal alone): from
 * the first to the last literal that is not empty and not already masked. Undefined
 * when none is: masking stays idempotent (`("[REDACTED]")`), and a literal left beside
 * a masked one is still found (`('[REDACTED]':'x9Kq')`).
 */
function _literalArguments(s: string, at: number): [number, number] | undefined {
  const paren = s.indexOf(")", at);
  const limit = paren >= 0 && paren - at <= 256 ? paren : at + 1;
  let first = -1;
  let last = -1;
  for (let q = at, n = 0; q < limit && n < 16; n++) {
    const quote = _quoteAt(s, q);
    const vs = q + quote.length;
    const close = _closingQuote(s, vs, quote);
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

/** The quote at `q`: `"` or `'`, or `\"`, `\'` inside a JSON string. */
function _quoteAt(s: string, q: number): string {
  return s.charCodeAt(q) === 92 ? s.slice(q, q + 2) : s[q];
}

/** Whether a quote, maybe escaped, opens at `i`. */
function _quoteOpensAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i) === 92 ? s.charCodeAt(i + 1) : s.charCodeAt(i);
  return c === 34 || c === 39;
}

/** A call's name and its `(`, or a tuple's `(`: `String::from(`, `os.Getenv(`. */
const _CALL_RE = /^(?:[A-Za-z_$][\w.:$]{0,127})?\($/;

/** Calls that take a secret: `setPassword("x")`, `withApiKey('x')` (not `Token("x")`). */
const _SECRET_CALL_RE =
  /(?:password|passwd|passphrase|apikey|secretkey|accesskey|privatekey|authtoken|apitoken|accesstoken|clientsecret)$/;

/**
 * Constructors and calls of a user and a password: `new NetworkCredential("u", "x")`,
 * `HTTPBasicAuth('u', 'x')`, `UsernamePasswordCredentials("u", "x")`,
 * `login('admin', 'x')`, `page.signIn("u", "x")`, `client.authenticate("u", "x")`,
 * `.auth('u', 'x')` (the name lower-cased, without `_`).
 */
const _CREDENTIAL_CALL_RE =
  /(?:credentials?|basicauth|passwordauthentication|login|logon|signin|authenticate|^auth)$/;

/**
 * A string literal passed to a call named for a secret, its quote at `q`; or the value
 * after a first literal that names one: `props.put("password", "x")`,
 * `System.setProperty("db.password", "x")`, `headers.set("Authorization", "x")`, a
 * pair `["api_token", "x"]`.
 */
function _secretCallLiteral(s: string, q: number): [number, number] | undefined {
  let ws = q - 1;
  while (ws > 0 && isWordChar(s.charCodeAt(ws - 1))) ws--;
  const name = q - 1 - ws >= 4 ? s.slice(ws, q - 1).toLowerCase().replaceAll("_", "") : "";
  if (name !== "" && _SECRET_CALL_RE.test(name)) return _literalArguments(s, q);
  const quote = _quoteAt(s, q);
  const vs = q + quote.length;
  const close = _closingQuote(s, vs, quote);
  if (close < 0) return undefined;
  let n = close + quote.length;
  while (n < s.length && n - close <= 8 && (s[n] === "," || s[n] === " ")) n++;
  if (!_quoteOpensAt(s, n)) return undefined; // a lone literal: `loadCredentials("prod")`
  // The user comes first in a credential constructor: the literals from the second one.
  if (name !== "" && _CREDENTIAL_CALL_RE.test(name)) return _literalArguments(s, n);
  return _isKeyLiteral(s, vs, close) && isSecretKeyName(s.slice(vs, close))
    ? _literalArguments(s, n)
    : undefined;
}

/** Whether `s[a, b)` reads as a key name: 3 to 64 word characters, dots or dashes. */
function _isKeyLiteral(s: string, a: number, b: number): boolean {
  if (b - a < 3 || b - a > 64) return false;
  for (let i = a; i < b; i++) if (!isIdChar(s.charCodeAt(i))) return false;
  return true;
}

const _LINKING_WORDS = new Set(["is", "to", "was", "of", "as"]);

/** Last characters of secret key names (see `_SECRET_KEY_END_RE`), a cheap first filter. */
const _KEY_LAST = new Uint8Array(128);
for (const ch of "desntylhrwyDESNTYLHRWY") _KEY_LAST[ch.charCodeAt(0)] = 1;

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
  if (last >= 128 || _KEY_LAST[last] === 0) {
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
          _endsWithWord(s, j, "contribsys--com")))
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
  if (ke - ks === 3 && s.charCodeAt(p) === 61 && _isQueryKey(s, ks)) {
    return _randomQueryValue(s, p + 1);
  }
  // A key of two words: `Secret Key: x`, `api key = x`, `Seed phrase: x` (the words
  // read as one name).
  if (
    (ke - ks === 3 && (last === 121 || last === 89) ||
      ke - ks === 6 && (last | 32) === 101 && (s.charCodeAt(ks) | 32) === 112) &&
    s.charCodeAt(ks - 1) === 32
  ) {
    const ws = _keyStart(s, ks - 1);
    const key = s.slice(ws, ks - 1) + s.slice(ks, ke);
    if (ks - 1 - ws >= 3 && _keyKind(key) === _KEY_SECRET) return _maskAfterKey(s, ws, key, ke);
  }
  return _maskAfterKey(s, ks, s.slice(ks, ke), ke);
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

/** Whether the key at `ks` is a URL query's `key`: `?key`, `&key`. */
function _isQueryKey(s: string, ks: number): boolean {
  const b = s.charCodeAt(ks - 1);
  return (b === 63 || b === 38) && s.startsWith("key", ks);
}

/** The value of a query parameter from `vs` when it reads as random, 8 characters or more. */
function _randomQueryValue(s: string, vs: number): [number, number] | undefined {
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
 * The password of a PostgreSQL password file line (`.pgpass`:
 * `host:port:database:user:password`), its first `:` at `co`: one word of five fields,
 * the port a number or `*`, the database and the user names, the password last (`\:`
 * escapes a colon in it) and ending the line or a quoted string
 * (`echo "…" >> ~/.pgpass`). Fields of hexadecimal digits alone (an IPv6 address, a
 * MAC) are not such a line.
 */
function _pgpassPassword(s: string, co: number): [number, number] | undefined {
  // The port, then the database and the user: scanned first, without allocating (a
  // time's `10:01:47` fails at its second field).
  let i = co + 1;
  if (s.charCodeAt(i) === 42) i++;
  else {
    if (s.charCodeAt(i) === 48) return undefined; // no port starts with 0
    while (i < s.length && i - co <= 5 && isDigit(s.charCodeAt(i))) i++;
  }
  if (s.charCodeAt(i) !== 58) return undefined;
  let named = false; // a field holds a letter past hexadecimal digits
  for (let field = 2; field < 4; field++) {
    const fs = ++i;
    let letter = false;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 58 || _endsWord(c)) break;
      const l = c | 32;
      if ((l >= 97 && l <= 122) || c === 95 || c === 42) {
        letter = true;
        if (l > 102 || c === 95) named = true;
      }
    }
    // The database and the user are names (`file.c:12:5:…` holds a column there, a
    // time range `sun:00:00-sun:03:00` numbers).
    if (i === fs || !letter || s.charCodeAt(i) !== 58) return undefined;
  }
  const vs = i + 1;
  let ve = vs;
  while (ve < s.length && !_endsWord(s.charCodeAt(ve))) {
    const c = s.charCodeAt(ve);
    if (c === 58) return undefined; // a sixth field
    ve += c === 92 ? 2 : 1;
  }
  if (ve > s.length || ve === vs || isPlaceholderAt(s, vs)) return undefined;
  // The record ends the line (trailing blanks aside) or its quoted string.
  const end = s.charCodeAt(ve);
  if (ve < s.length && end !== 34 && end !== 39 && _skipSpaces(s, ve) < s.length) return undefined;
  let ws = co;
  while (ws > 0 && !_endsWord(s.charCodeAt(ws - 1))) ws--;
  if (ws === co) return undefined;
  for (let k = ws; k < co && !named; k++) {
    const l = s.charCodeAt(k) | 32;
    if ((l > 102 && l <= 122) || s.charCodeAt(k) === 95 || s.charCodeAt(k) === 46) named = true;
  }
  if (!named) return undefined;
  return isPlaceholderValue(s.slice(vs, ve)) ? undefined : [vs, ve];
}

/** Whitespace or a quote: ends a `.pgpass` line's word. */
function _endsWord(c: number): boolean {
  return c === 32 || c === 9 || c === 34 || c === 39;
}

/** The string literal of `key <- "x"` (R), the `<-` at `a`, if the key names a secret. */
function _assignedLiteral(s: string, a: number): [number, number] | undefined {
  if (a < 4 || s.charCodeAt(a - 1) !== 32 || s.charCodeAt(a + 2) !== 32) return undefined;
  const q = a + 3;
  if (!_quoteOpensAt(s, q)) return undefined;
  const ke = a - 1;
  const ks = _keyStart(s, ke);
  if (ke - ks < 3 || !isSecretKeyName(s.slice(ks, ke))) return undefined;
  const close = _closingQuote(s, q + 1, s[q]);
  const ve = close < 0 ? s.length : close;
  if (ve <= q + 1 || isPlaceholderValue(s.slice(q + 1, ve))) return undefined;
  return [q + 1, ve];
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
  const ks = _keyStart(s, ke);
  if (ke - ks < 3) return undefined;
  const key = s.slice(ks, ke);
  if (!isSecretKeyName(key) || !_quoteOpensAt(s, _skipSpaces(s, p + 1))) return undefined;
  return _maskAfterKey(s, ks, key, j + 1);
}

/** The first position at or after `i` that is not a space or a tab. */
function _skipSpaces(s: string, i: number): number {
  while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  return i;
}

/** Where the key name (`[A-Za-z0-9_.-]`, at most 64 characters) that ends at `ke` starts. */
function _keyStart(s: string, ke: number): number {
  let ks = ke;
  while (ks > 0 && ke - ks < 64 && isIdChar(s.charCodeAt(ks - 1))) ks--;
  return ks;
}

/**
 * The value after a key in brackets, the `]` at `j`, if secret: `[password] => x`,
 * `ENV['API_KEY'] = x`, `char password[] = x`.
 */
function _bracketedKeyValue(s: string, j: number): [number, number] | undefined {
  const b = s.charCodeAt(j - 1);
  const quoted = b === 34 || b === 39; // ['KEY']
  const ke = quoted || b === 91 ? j - 1 : j; // `password[]`: the key is before `[`
  const ks = _keyStart(s, ke);
  if (ks === ke) return undefined;
  // [KEY], ['KEY']: the `[` (and the quote) before the key.
  if (quoted && (s.charCodeAt(ks - 1) !== b || s.charCodeAt(ks - 2) !== 91)) return undefined;
  if (ke === j && s.charCodeAt(ks - 1) !== 91) return undefined;
  const key = s.slice(ks, ke);
  return isSecretKeyName(key) ? _maskAfterKey(s, j + 1, key, j + 1) : undefined;
}

/** `pw` or `PW` at `ks`. */
function _isPw(s: string, ks: number): boolean {
  const c = s.charCodeAt(ks);
  return c === 112 ? s.charCodeAt(ks + 1) === 119 : c === 80 && s.charCodeAt(ks + 1) === 87;
}

/**
 * Whether the `value` key at `ks` follows a secret name in the same object or element:
 * `"name": "DB_PASSWORD", "value"`, `{name: API_TOKEN, value`, `"Key":"x_token","Value"`,
 * `<add key="ApiToken" value`.
 */
function _namesSecret(s: string, ks: number): boolean {
  let i = _skipBack(s, ks - 1);
  if (s.charCodeAt(i) === 44) i = _skipBack(s, i - 1); // ,
  else {
    // XML attributes: `<add key="ClearTextPassword" value="x"/>`, `name="password" value`.
    const sp = s.charCodeAt(ks - 1);
    if (!_quoteOpensAt(s, i + 1) || (sp !== 32 && sp !== 9)) return false;
  }
  const ve = i + 1;
  while (i >= 0 && ve - i <= 128 && isIdChar(s.charCodeAt(i))) i--;
  if (i + 1 === ve) return false;
  const name = s.slice(i + 1, ve);
  i = _skipBack(s, i);
  const sep = s.charCodeAt(i);
  if (sep !== 58 && sep !== 61) return false; // : =
  i = _skipBack(s, i - 1);
  const ke = i + 1;
  while (i >= 0 && ke - i <= 5 && isWordChar(s.charCodeAt(i))) i--;
  return isNameKey(s.slice(i + 1, ke)) && isSecretKeyName(name);
}

/**
 * `name` or `key`: a key whose value names the `value` beside it
 * (`{"name": "DB_PASSWORD", "value": "x"}`, `<add key="ApiToken" value="x"/>`).
 */
export function isNameKey(key: string): boolean {
  return key === "name" || key === "Name" || key === "key" || key === "Key";
}

/** `value`: the key a {@linkcode isNameKey} key names. */
export function isValueKey(key: string | undefined): boolean {
  return key === "value" || key === "Value";
}

/** Steps back from `i` over spaces, tabs, quotes and backslashes. */
function _skipBack(s: string, i: number): number {
  while (i >= 0) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 34 || c === 39 || c === 92) i--;
    else break;
  }
  return i;
}

const _KEY_PLAIN = 0;
const _KEY_SECRET = 1;
const _KEY_HEADER = 2;
const _KEY_BEARER = 3;
/** `sig` (Azure SAS signatures): secret when the value is long (a signal number is not). */
const _KEY_SIG = 4;
/**
 * A key naming a vendor whose tokens have no format of their own (`ASANA_CLIENT_ID`,
 * `DISCORD_CLIENT_ID`, `SUMO_ACCESS_ID`): secret when the value reads as a token.
 */
const _KEY_VENDOR = 5;

/**
 * Vendors whose ids and keys are known by the key that names them (gitleaks' keyword
 * rules): a key ending in the vendor's name, or naming it and ending in a client, app,
 * access, API or account id, a key, a secret or a token.
 */
const _VENDOR_NAME_RE =
  /adafruit|adobe|airtable|algolia|alibaba|asana|atlassian|beamer|bitbucket|bittrex|meraki|cloudflare|codecov|cohere|coinbase|confluent|contentful|datadog|discord|droneci|dropbox|etsy|facebook|fastly|finicity|finnhub|flickr|freshbooks|gitter|gocardless|heroku|hubspot|intercom|jfrog|artifactory|kraken|kucoin|launchdarkly|linkedin|mailchimp|mailgun|mapbox|mattermost|messagebird|netlify|newrelic|nytimes|okta|plaid|privateai|rapidapi|sendbird|sentry|sidekiq|snyk|squarespace|sumo|telegram|travis|twitch|twitter|typeform|yandex|zendesk/;

/** How a vendor's key ends: its name, or a client, app, access, API or account id, a key… */
const _VENDOR_KEY_END_RE =
  /(?:clientid|appid|accessid|apiid|accountid|key|secret|token|adafruit|adobe|airtable|algolia|alibaba|asana|atlassian|beamer|bitbucket|bittrex|meraki|cloudflare|codecov|cohere|coinbase|confluent|contentful|datadog|discord|droneci|dropbox|etsy|facebook|fastly|finicity|finnhub|flickr|freshbooks|gitter|gocardless|heroku|hubspot|intercom|jfrog|artifactory|kraken|kucoin|launchdarkly|linkedin|mailchimp|mailgun|mapbox|mattermost|messagebird|netlify|newrelic|nytimes|okta|plaid|privateai|rapidapi|sendbird|sentry|sidekiq|snyk|squarespace|sumo|telegram|travis|twitch|twitter|typeform|yandex|zendesk)$/;

/** `artifact:version` (`java18:1.0`, `core:2.3.1-SNAPSHOT`). */
const _COORDINATE_RE = /^[A-Za-z][\w.-]{0,63}:\d{1,4}(?:\.\d{1,6}){0,3}(?:[-.][\w.-]{1,32})?$/;

/** A value that reads as a token: 8+ token characters with a digit, no space. */
const _TOKEN_VALUE_RE = /^(?=[^\s]*\d)[A-Za-z0-9_=+/.:-]{8,}$/;

/** Backslashes tolerated before a quote (JSON escaped once or a few times). */
const _MAX_ESCAPES = 4;

/** Key names seen recently and their kind: logs repeat the same few keys endlessly. */
const _keyKinds = new Map<string, number>();
const _KEY_CACHE_LIMIT = 1024;

/** Whether a key name (`API_TOKEN`, `github.token`, `_authToken`) names a secret. */
export function isSecretKeyName(key: string): boolean {
  const kind = _keyKind(key);
  return kind === _KEY_SECRET || kind === _KEY_HEADER;
}

/**
 * Whether a value is a placeholder (`***`, `<redacted>`, `null`), `$ENV_VAR`, or a
 * shell redirection or `-` where a flag's value would be (`--with-token < f`).
 */
export function isPlaceholderValue(value: string): boolean {
  return _PLACEHOLDER_RE.test(value) || _ENV_VAR_RE.test(value);
}

/**
 * Custom auth headers: `X-Honeycomb-Team`, `X-Key`, `X-<name>-Key` (`X-Api-Key`,
 * `X-Service-Key`); the `-Token`, `-Secret`, `-Auth` shapes end like any secret key.
 * Not the keys that name a cache entry, a request or a partition.
 */
const _X_HEADER_SECRET_RE =
  /^x-(?:honeycomb-team|(?!(?:cache|idempotency|partition|routing|sort|object|request|public|primary|foreign|dedup|dedupe|lookup|group|message|event|trace|correlation|s3)-key$)(?:[a-z0-9]{1,32}-){0,3}key)$/;

/** nginx's directives that pass a request on (`proxy_pass http://app;`): no password. */
const _PASS_TO_RE = /^(?:proxy|fastcgi|uwsgi|scgi|grpc|memcached)_pass$/;

/** Whether a key name is plain, a secret field, a header whose value is secret, or Bearer. */
function _keyKind(key: string): number {
  let kind = _keyKinds.get(key);
  if (kind !== undefined) return kind;
  const norm = key.toLowerCase().replace(/[-_.]/g, "");
  const lowerKey = key.toLowerCase();
  if (norm === "bearer" || norm === "basic") kind = _KEY_BEARER;
  else if (_PASS_TO_RE.test(lowerKey)) kind = _KEY_PLAIN; // nginx: proxy_pass http://…
  else if (norm === "sig") kind = _KEY_SIG;
  else if (
    norm === "authorization" || norm === "proxyauthorization" || norm === "cookie" ||
    norm === "setcookie"
  ) kind = _KEY_HEADER;
  else if (
    _SECRET_KEY_END_RE.test(norm) ||
    /(?:^|[-_.])(?:pass|auth|pw|pat|salt|creds?)$/.test(lowerKey) ||
    /[a-z](?:Pass|Auth|Pw|Pat|Salt)$/.test(key) ||
    _X_HEADER_SECRET_RE.test(lowerKey)
  ) kind = _KEY_SECRET;
  else if (_VENDOR_KEY_END_RE.test(norm) && _VENDOR_NAME_RE.test(norm)) kind = _KEY_VENDOR;
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
  let kind = _keyKind(key);
  if (kind === _KEY_PLAIN) {
    // `{"name": "DB_PASSWORD", "value": "x"}` (ECS task definitions, Kubernetes JSON).
    if (!isValueKey(key)) return undefined;
    if (!_namesSecret(s, ks)) return undefined;
    kind = _KEY_SECRET;
  }
  if (kind === _KEY_BEARER) {
    // "Bearer <token>" anywhere.
    if (s.charCodeAt(ke) !== 32) return undefined;
    const vs = ke + 1;
    if (isPlaceholderAt(s, vs)) return undefined;
    const ve = _tokenEnd(s, vs);
    // `Bearer undefined`: the missing token is the finding, not a secret.
    return ve - vs >= 8 && !isPlaceholderValue(s.slice(vs, ve)) ? [vs, ve] : undefined;
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
  let j = _skipSpaces(s, i);
  if (s.charCodeAt(j) === 63 && s.charCodeAt(j + 1) === 61) j++; // make's `?=`
  const sep = s[j];
  let vs: number;
  let flag = false;
  if (sep === "=" || sep === ":") {
    // A test runner's verdict, not a key: go test's `--- PASS: TestX`, automake's
    // `PASS: t/basic.sh`.
    if (sep === ":" && key === "PASS") return undefined;
    vs = j + 1;
    // `--api-token=x`: a flag's value, a whole shell word.
    flag = sep === "=" && (s[ks] === "-" || _dashedKey(s, ks));
    if (sep === "=" && s[vs] === ">") {
      vs++; // Ruby's and PHP's hash rocket
      // PHP's var_dump: `["password"]=> string(8) "x"`.
      _VAR_DUMP_TYPE_RE.lastIndex = _skipSpaces(s, vs);
      if (_VAR_DUMP_TYPE_RE.test(s)) vs = _VAR_DUMP_TYPE_RE.lastIndex;
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
    vs = _skipSpaces(s, vs);
    if (sep === ":" && !quotedKey) {
      // A type annotation: `val password: String = "x"`, `let key: &str = "x"` (the
      // literal after it is the value).
      _TYPE_ANNOTATION_RE.lastIndex = vs;
      if (_TYPE_ANNOTATION_RE.test(s)) vs = _TYPE_ANNOTATION_RE.lastIndex;
    }
  } else if (j === i + 1 && _dashedKey(s, ks)) {
    vs = j; // CLI flag: --password value
    flag = true;
  } else return undefined;
  if (vs >= s.length) return undefined;
  if (isPlaceholderAt(s, vs)) return undefined;
  // Python's string prefixes: b'x', r"x".
  if (_STRING_PREFIX.indexOf(s[vs]) >= 0 && (s[vs + 1] === '"' || s[vs + 1] === "'")) vs++;
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
    const close = _closingQuote(s, vs, q);
    ve = close < 0 ? s.length : close;
  } else if (header) {
    ve = s.length;
    // A quoted header ("Authorization: x" or 'Authorization: x') ends at its closing quote.
    if (quotedKey) {
      const close = s.indexOf(s[ks - 1], vs);
      if (close >= 0) ve = close;
    }
  } else if (!quotedKey && _ownsLine(s, ks, sep, vs)) {
    // `DB_PASSWORD=…` as printenv and .env files print it, `token: …` as YAML does:
    // the value is the rest of the line, whatever it holds (a YAML ` #` comment aside).
    ve = s.length;
    if (sep === ":") {
      const hash = s.indexOf(" #", vs);
      if (hash >= 0) ve = hash;
    }
    while (ve > vs && (s.charCodeAt(ve - 1) === 32 || s.charCodeAt(ve - 1) === 9)) ve--;
  } else if (_SEED_KEY_RE.test(key) && (ve = _seedWordsEnd(s, vs)) > 0) {
    // A wallet's seed words, wherever the key stands (`Your recovery phrase: w1 w2 …`).
  } else {
    // PowerShell: `$pw = ConvertTo-SecureString "x" -AsPlainText` (args.ts masks the
    // literal), `$cred = New-Object PSCredential(…)`: a command, no value.
    _CMDLET_RE.lastIndex = vs;
    if (_CMDLET_RE.test(s)) return undefined;
    // Go's `%+v` of a struct with an empty password: `{User:app Password: SSLMode:disable}`
    // (the next field is no value; the empty one is the finding).
    if (sep === ":" && s.charCodeAt(ks - 1) === 32 && _inGoStruct(s, ks)) {
      _GO_FIELD_RE.lastIndex = vs;
      if (_GO_FIELD_RE.test(s)) return undefined;
    }
    // A flag's value is a whole shell word: `--password a,b` sends `a,b`.
    ve = flag ? _wordEnd(s, vs) : _tokenEnd(s, vs);
    // Code: `password = String::from("x")`, `auth=("bob", "x")`: the string literals.
    if (
      s.charCodeAt(ve - 1) === 40 && _quoteOpensAt(s, ve) &&
      _CALL_RE.test(s.slice(vs, ve))
    ) {
      // A literal masked before (`from("[REDACTED]")`) stays as it is.
      return _literalArguments(s, ve);
    }
  }
  if (ve <= vs) return undefined;
  if (kind === _KEY_SIG && ve - vs < 16) return undefined;
  const value = s.slice(vs, ve);
  if (kind === _KEY_VENDOR && !_TOKEN_VALUE_RE.test(value)) return undefined;
  // A Maven coordinate's `artifact:version` after a group ending in a key word
  // (`org.codehaus.mojo.signature:java18:1.0`).
  if (sep === ":" && key.indexOf(".") > 0 && _COORDINATE_RE.test(value)) return undefined;
  // `Authorization: Bearer undefined`, `Basic null`: no credential was sent.
  if (header && _SCHEME_PLACEHOLDER_RE.test(value)) return undefined;
  if (!_isSecretValue(value, sep === ":" && q !== '"' && q !== "'")) return undefined;
  return [vs, ve];
}

const _STRING_PREFIX = "bBrRuU";

/**
 * Keys of a wallet's seed words (their value is several words): `mnemonic`,
 * `seed phrase`, `SEED_PHRASE` (not `passphrase`, whose value is one word).
 */
const _SEED_KEY_RE =
  /(?:mnemonic|(?:seed|recovery|backup|secret|mnemonic)[-_ .]?(?:phrase|words))$/i;

/**
 * The end of a run of two or more lowercase words from `vs` (one space apart), or -1:
 * a wallet's seed words.
 */
function _seedWordsEnd(s: string, vs: number): number {
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
function _inGoStruct(s: string, ks: number): boolean {
  const c = s.charCodeAt(ks);
  if (c < 65 || c > 90) return false;
  for (let i = ks - 1; i >= 0 && ks - i <= 256; i--) if (s.charCodeAt(i) === 123) return true;
  return false;
}

/** A Go struct field's name and `:` (sticky): `SSLMode:disable`. */
const _GO_FIELD_RE = /[A-Z][A-Za-z]{1,40}:[^\s]/y;

/** A PowerShell command and its arguments after it (sticky): `New-Object x`. */
const _CMDLET_RE =
  /(?:Get|New|Read|Set|ConvertTo|ConvertFrom|Import|Export|Invoke|Select)-[A-Z][A-Za-z]{2,40}(?= |$)/y;

/** An authorization scheme and a placeholder: `Bearer undefined`, `Basic null`. */
const _SCHEME_PLACEHOLDER_RE = /^(?:Bearer|Basic|Token|bearer|token) (?:undefined|null|nil|None)$/;

/** PHP var_dump's type before a string: `string(8) ` (the quoted string follows). */
const _VAR_DUMP_TYPE_RE = /string\(\d{1,9}\) (?=")/y;

/** A type, ` = ` and an opening quote: Kotlin, Swift, TypeScript, Rust, Scala. */
const _TYPE_ANNOTATION_RE =
  /&?(?:'[a-z]+ )?[A-Za-z_][\w.]{0,63}(?:<[\w., ]{0,64}>)?(?:\[\])?\??[ \t]+=[ \t]*(?=["'])/y;

/** Whether the key at `ks` is a flag's name: `--password`, ` -password`. */
function _dashedKey(s: string, ks: number): boolean {
  return ks >= 2 && s[ks - 1] === "-" && (s[ks - 2] === "-" || s[ks - 2] === " ");
}

/**
 * Whether the key at `ks` opens its line, its value starting at `vs`: an environment
 * line (`KEY=…`, `export KEY=…`, `declare -x KEY=…`, an environment-variable name, no
 * further `key=` pair) or a YAML mapping line (`key: …`, `- key: …`, indented; not a
 * table's columns).
 */
function _ownsLine(s: string, ks: number, sep: string, vs: number): boolean {
  let i = 0;
  while (i < ks && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  if (sep === "=") {
    if (s.startsWith("export ", i)) i += 7;
    else if (s.startsWith("declare -x ", i)) i += 11;
    // … unless more `key=value` pairs follow (logfmt: `token=x level=info`).
    const eq = s.indexOf("=", ks);
    // … nor a command run with the variable (`PGPASSWORD=x psql -h db`): the value is
    // its first word there.
    if (i !== ks || !_ENV_NAME_RE.test(s.slice(ks, eq))) return false;
    const rest = s.slice(eq + 1);
    return !_PAIR_RE.test(rest) && !_COMMAND_AFTER_RE.test(rest);
  }
  if (s.startsWith("- ", i)) i += 2;
  // Not a table's columns (`DB_PASSWORD:   <set to the key …>  Optional: false`).
  return i === ks && s.charCodeAt(s.indexOf(":", ks) + 1) === 32 && s[vs] !== "<" &&
    s.indexOf("  ", vs) < 0;
}

const _ENV_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Another `key=value` pair after a space. */
const _PAIR_RE = /\s[\w.-]{1,64}=/;

/** A value's word, then a command (a name or a path) given a flag: `x psql -h db`. */
const _COMMAND_AFTER_RE = /^\S+ +(?:\S*\/\S*|[a-z][\w.-]*) (?:.*? )?--?[A-Za-z]/;

/**
 * End of an unquoted value: whitespace and `,;&)]}"'<>` end it. A delimiter the value
 * opens with does not (`password=,Wk=4M`: an empty value would leave the rest in clear).
 */
function _tokenEnd(s: string, i: number): number {
  const start = i;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 34 || c === 39) break;
    if (c < 128 && _SOFT_END[c] === 1) {
      let j = i + 1;
      while (j < s.length && s.charCodeAt(j) < 128 && _SOFT_END[s.charCodeAt(j)] === 1) j++;
      if (i > start && _endsValue(s, i, j)) break;
      i = j;
      continue;
    }
    i++;
  }
  return i;
}

/** Characters that end an unquoted value when they stand between values (see below). */
const _SOFT_END = new Uint8Array(128);
for (const ch of ",;&)]}<>") _SOFT_END[ch.charCodeAt(0)] = 1;

/**
 * Whether the run of delimiters at [i, j) ends the value: followed by the end, a space
 * or a quote (`password=x)`, `{token=x}}`, `<a pwd=x>`), or, for a run holding `&`, `;`
 * or `,`, by the next `key=` (`?token=x&page=2`, `Password=x;Server=db`, `{a=x},b=1`);
 * a run ending in `<` by `/` (`<pwd>x</pwd>`). Inside a word it is part of the value:
 * `password=a&b)c`, `token=a}]b`.
 */
function _endsValue(s: string, i: number, j: number): boolean {
  if (j >= s.length) return true;
  const n = s.charCodeAt(j);
  if (n === 32 || n === 9 || n === 34 || n === 39) return true;
  for (let k = i; k < j; k++) {
    const c = s.charCodeAt(k);
    if (c === 38 || c === 59 || c === 44) return _nextKey(s.slice(j, j + 66));
  }
  return n === 47 && s.charCodeAt(j - 1) === 60;
}

/** The next `key=` or `key:` after a delimiter. */
const _KEY_NEXT_RE = /^[\w.-]{1,64}[=:]/;

/**
 * Whether `rest` opens with the next `key=`, or a `key:` followed by a space, a quote or
 * the end (`,user: x`): a colon inside a word (`,OE:oyz`) is a random password's, not a key's.
 */
function _nextKey(rest: string): boolean {
  const m = _KEY_NEXT_RE.exec(rest);
  if (m === null) return false;
  const end = m[0].length;
  if (rest.charCodeAt(end - 1) === 61) return true; // =
  if (end >= rest.length) return true;
  const n = rest.charCodeAt(end);
  return n === 32 || n === 9 || n === 34 || n === 39;
}

/**
 * Elements named like a secret: `<password>x</password>`, `<api-token a="1">x</api-token>`
 * (Maven's settings.xml, Java and .NET configs): the text between the tags is masked.
 */
function _maskElements(s: string): string {
  let spans: number[] | undefined;
  let budget = 16;
  for (let c = s.indexOf("</"); c >= 0 && budget-- > 0; c = s.indexOf("</", c + 2)) {
    let ne = c + 2;
    while (ne < s.length && ne - c < 66 && (isIdChar(s.charCodeAt(ne)) || s[ne] === ":")) ne++;
    if (s[ne] !== ">" || ne === c + 2) continue;
    const name = s.slice(c + 2, ne);
    const named = isSecretKeyName(name.slice(name.lastIndexOf(":") + 1));
    const open = s.lastIndexOf(`<${name}`, c);
    if (open < 0) continue;
    const after = s[open + 1 + name.length];
    if (after !== ">" && after !== " ") continue;
    const vs = s.indexOf(">", open) + 1;
    if (vs <= open || vs >= c || placeholderEnd(s, vs) >= c) continue;
    // `<entry key="db.password">x</entry>` (Java's XML properties) names it by attribute;
    // `<name>db.password</name><value>x</value>` (Hadoop's) by the element before.
    if (
      !named && (after !== " " || vs - open > 256 || !_keyAttributeNamesSecret(s, open, vs)) &&
      (name !== "value" || !_nameElementBefore(s, open))
    ) {
      continue;
    }
    if (isPlaceholderValue(s.slice(vs, c))) continue;
    (spans ??= []).push(vs, c);
  }
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}

/** Whether `<name>K</name>` or `<key>K</key>` naming a secret ends just before `open`. */
function _nameElementBefore(s: string, open: number): boolean {
  let e = open;
  while (e > 0 && (s.charCodeAt(e - 1) === 32 || s.charCodeAt(e - 1) === 9)) e--;
  const tag = s.endsWith("</name>", e) ? "name" : s.endsWith("</key>", e) ? "key" : "";
  if (tag === "") return false;
  const ce = e - tag.length - 3;
  const cs = s.lastIndexOf(`<${tag}>`, ce);
  return cs >= 0 && ce - cs <= 130 && isSecretKeyName(s.slice(cs + tag.length + 2, ce));
}

const _KEY_ATTRIBUTE_RE = /\s(?:key|name)\s*=\s*["']([^"'<>]{1,128})["']/g;

/** Whether the tag in `[open, end)` has a `key` or `name` attribute naming a secret. */
function _keyAttributeNamesSecret(s: string, open: number, end: number): boolean {
  const tag = s.slice(open, end);
  _KEY_ATTRIBUTE_RE.lastIndex = 0;
  for (let m = _KEY_ATTRIBUTE_RE.exec(tag); m !== null; m = _KEY_ATTRIBUTE_RE.exec(tag)) {
    if (isSecretKeyName(m[1])) return true;
  }
  return false;
}

/** The end of the shell word at `i`: whitespace or a quote (a JSON string's end). */
function _wordEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 34 || c === 39) break;
    // A backquote ends the word only where it closes one: `` `--token x` ``.
    if (c === 96 && _closesWord(s, i + 1)) break;
    i++;
  }
  return i;
}

/**
 * Whether a word ends at `j`: the end, a space, a quote, or up to two closing marks
 * (`.,;:!?)]}`) before one of those: `` `--token x`. `` closes there, `` x`y `` does not.
 */
function _closesWord(s: string, j: number): boolean {
  for (let k = j; k < j + 3; k++) {
    if (k >= s.length) return true;
    const c = s.charCodeAt(k);
    if (c === 32 || c === 9 || c === 34 || c === 39 || c === 96) return true;
    if (k === j + 2 || _CLOSING_MARK.indexOf(s[k]) < 0) return false;
  }
  return false;
}

const _CLOSING_MARK = ".,;:!?)]}";

/** Values that are placeholders, not secrets: `[REDACTED]`, `[JWT]`, `${VAR}`. */
const _PLACEHOLDER_AT_RE =
  /\[[A-Z][A-Z_ ]{1,30}(?::[^\]\s]{0,16})?\]|\[secure\]|\$\{[A-Za-z_][\w.]{0,64}\}/y;

/** Whether a placeholder (`[REDACTED]`, `${VAR}`, Travis CI's `[secure]`) starts at `i`. */
export function isPlaceholderAt(s: string, i: number): boolean {
  return placeholderEnd(s, i) > i;
}

/** The end of the placeholder (`[REDACTED]`, `${VAR}`) at `i`; `i` when there is none. */
export function placeholderEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c !== 91 && c !== 36) return i;
  _PLACEHOLDER_AT_RE.lastIndex = i;
  return _PLACEHOLDER_AT_RE.test(s) ? _PLACEHOLDER_AT_RE.lastIndex : i;
}

const _PLACEHOLDER_RE =
  /^(?:<{1,3}|>{1,2}|\||-|\[[A-Z_:0-9 ]*\]|\*+|x{3,}|<[\w .-]*>|null|none|nil|undefined|true|false|\$\{[^}]*\}|%[sd]|\{\{.*\}\}|\(?(?:redacted|hidden|masked|sensitive|not set|empty)\)?)$/i;

/**
 * An environment variable reference, `$DB_PASSWORD` (upper case: `$Zx9…` is a password),
 * the name of one that holds the secret (`server-password: GITHUB_TOKEN`, as
 * actions/setup-java takes it), Travis CI's `[secure]`.
 */
const _ENV_VAR_RE =
  /^(?:\$[A-Z_][A-Z0-9_]*|\[secure\]|[A-Z][A-Z0-9]*_[A-Z0-9_]*(?:TOKEN|PASSWORD|SECRET|KEY|PAT))$/;

/**
 * Whether a value after a secret key should be masked. After a bare `key:` (prose
 * such as "invalid token: expired") it must look like a secret: a digit, a symbol or
 * 12+ characters.
 */
function _isSecretValue(value: string, prose: boolean): boolean {
  if (_PLACEHOLDER_RE.test(value) || _ENV_VAR_RE.test(value)) return false;
  if (!prose) return true;
  return value.length >= 12 || _DIGIT_OR_SYMBOL_RE.test(value) ||
    (value.length >= 8 && _RANDOM_CASE_RE.test(value));
}

const _DIGIT_OR_SYMBOL_RE = /[\d!@#$%^&*+=/~]/;

/** Capitals no word would have: `hdXfWM`, `qWeRt` (a camelCase word is `NotSet`). */
const _RANDOM_CASE_RE = /[a-z][A-Z](?:[A-Z]|[a-z][A-Z])/;
