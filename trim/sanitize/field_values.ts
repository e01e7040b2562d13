/**
 * Secret fields, the values: where a value starts and ends (quotes and their escapes,
 * delimiters between values, a shell word, a line an environment or YAML key owns), and
 * what is not a value (placeholders, `$VAR`, `[REDACTED]`). The tokenizer the field
 * rules share.
 *
 * @module
 */

import { isIdChar, quotedQuoteLength } from "./chars.ts";
import { isListKey } from "./list_keys.ts";

/**
 * A quoted literal at `i`, its text: SQL's password after `IDENTIFIED BY ` (`SET
 * PASSWORD FOR u = 'x'` is args.ts's), a prompt's quoted answer.
 */
export function quotedLiteralAt(s: string, i: number): [number, number] | undefined {
  const q = s[i];
  if (q !== "'" && q !== '"') return undefined;
  const close = closingQuote(s, i + 1, q);
  return close > i + 1 ? [i + 1, close] : undefined;
}

/**
 * The closing `quote` of a value starting at `vs`, past the quotes a value may hold:
 * an escaped quote inside `"…"`, or inside an escaped `\"…\"` (a JSON string's, where an
 * inner quote carries three backslashes), bash's quoted quote inside `'…'`; -1 when
 * there is none.
 */
export function closingQuote(s: string, vs: number, quote: string): number {
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

/** The quote at `q`: `"` or `'`, or `\"`, `\'` inside a JSON string. */
export function quoteAt(s: string, q: number): string {
  return s.charCodeAt(q) === 92 ? s.slice(q, q + 2) : s[q];
}

/** Whether a quote, maybe escaped, opens at `i`. */
export function quoteOpensAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i) === 92 ? s.charCodeAt(i + 1) : s.charCodeAt(i);
  return c === 34 || c === 39;
}

/** The first position at or after `i` that is not a space or a tab. */
export function skipSpaces(s: string, i: number): number {
  while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  return i;
}

/** Where the key name (`[A-Za-z0-9_.-]`, at most 64 characters) that ends at `ke` starts. */
export function keyStart(s: string, ke: number): number {
  let ks = ke;
  while (ks > 0 && ke - ks < 64 && isIdChar(s.charCodeAt(ks - 1))) ks--;
  return ks;
}

/** Steps back from `i` over spaces, tabs, quotes and backslashes. */
export function skipBack(s: string, i: number): number {
  while (i >= 0) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 34 || c === 39 || c === 92) i--;
    else break;
  }
  return i;
}

/**
 * Whether a value is a placeholder (`***`, `<redacted>`, `null`), `$ENV_VAR`, or a
 * shell redirection or `-` where a flag's value would be (`--with-token < f`).
 */
export function isPlaceholderValue(value: string): boolean {
  return _PLACEHOLDER_RE.test(value) || _ENV_VAR_RE.test(value);
}

/** Whether the key at `ks` is a flag's name: `--password`, ` -password`. */
export function dashedKey(s: string, ks: number): boolean {
  return ks >= 2 && s[ks - 1] === "-" && (s[ks - 2] === "-" || s[ks - 2] === " ");
}

/**
 * Whether the key at `ks` opens its line, its value starting at `vs`: an environment
 * line (`KEY=…`, `export KEY=…`, `declare -x KEY=…`, an environment-variable name, no
 * further `key=` pair) or a YAML mapping line (`key: …`, `- key: …`, indented; not a
 * table's columns).
 */
export function ownsLine(s: string, ks: number, sep: string, vs: number): boolean {
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
export function tokenEnd(s: string, i: number): number {
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
 * or `,`, by the next `key=` (`?token=x&page=2`, `Password=x;Server=db`, `{a=x},id=1`);
 * a run ending in `<` by `/` (`<pwd>x</pwd>`). Inside a word it is part of the value:
 * `password=a&b)c`, `token=a}]b`.
 */
function _endsValue(s: string, i: number, j: number): boolean {
  if (j >= s.length) return true;
  const n = s.charCodeAt(j);
  if (n === 32 || n === 9 || n === 34 || n === 39) return true;
  for (let k = i; k < j; k++) {
    const c = s.charCodeAt(k);
    // A lone `,` or `;` may be a password's own: the key after it must look like one.
    if (c === 38 || c === 59 || c === 44) {
      return _nextKey(s.slice(j, j + 66), j - i > 1 || c === 38);
    }
  }
  return n === 47 && s.charCodeAt(j - 1) === 60;
}

/** The next `key=` or `key:` after a delimiter: a name, starting with a letter or `_`. */
const _KEY_NEXT_RE = /^[A-Za-z_][\w.-]{0,63}[=:]/;

/**
 * Whether `rest` opens with the next `key=`, or a `key:` followed by a space, a quote or
 * the end (`,user: x`): a colon inside a word (`,OE:oyz`) is a random password's, not a
 * key's. Unless `loose` (after `&`, a URL query's `&v=2`, or a run of delimiters,
 * `{a=x},b=1`), only a key a list holds (`list_keys.ts`) is the next key; any other
 * (`,Yy7Frl=`, `,dij3=`, `,d=`) is a random password's (`password=%3@AD9.,d=^!CPJ`).
 */
function _nextKey(rest: string, loose: boolean): boolean {
  const m = _KEY_NEXT_RE.exec(rest);
  if (m === null) return false;
  const end = m[0].length;
  // After a lone `,` or `;`, a key a list holds (`host`, `dbName`, `Data-Source`, `dc`),
  // not `,Yy7Frl=` nor `,dij3=`: those are a random password's.
  if (!loose && !isListKey(rest.slice(0, end - 1))) return false;
  if (rest.charCodeAt(end - 1) === 61) return true; // =
  if (end >= rest.length) return true;
  const n = rest.charCodeAt(end);
  return n === 32 || n === 9 || n === 34 || n === 39;
}

/** The end of the shell word at `i`: whitespace or a quote (a JSON string's end). */
export function wordEnd(s: string, i: number): number {
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
    if (k === j + 2 || CLOSING_MARK.indexOf(s[k]) < 0) return false;
  }
  return false;
}

export const CLOSING_MARK = ".,;:!?)]}";

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
export function isSecretValue(value: string, prose: boolean): boolean {
  if (_PLACEHOLDER_RE.test(value) || _ENV_VAR_RE.test(value)) return false;
  if (!prose) return true;
  return value.length >= 12 || _DIGIT_OR_SYMBOL_RE.test(value) ||
    (value.length >= 8 && _RANDOM_CASE_RE.test(value));
}

const _DIGIT_OR_SYMBOL_RE = /[\d!@#$%^&*+=/~]/;

/** Capitals no word would have: `hdXfWM`, `qWeRt` (a camelCase word is `NotSet`). */
const _RANDOM_CASE_RE = /[a-z][A-Z](?:[A-Z]|[a-z][A-Z])/;

/** A value that reads as a token: 8+ token characters with a digit, no space. */
const _TOKEN_VALUE_RE = /^(?=[^\s]*\d)[A-Za-z0-9_=+/.:-]{8,}$/;

/** Whether a value reads as a token (a vendor key's value: `ASANA_CLIENT_ID=…`). */
export function isTokenValue(value: string): boolean {
  return _TOKEN_VALUE_RE.test(value);
}
