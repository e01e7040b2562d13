/**
 * Credentials in options (see `args.ts`): the short password flags of known tools
 * (`arg_flags.ts`), single-dash long flags named like a secret (`-storepass x`,
 * `-passin pass:x`), long flags whose value is secret (`arg_tools.ts`), `--*key` values
 * that are not paths, and `-u`/`--user` with `name:password`.
 *
 * @module
 */

import { isIdChar } from "./chars.ts";
import { isRandomRun } from "./entropy.ts";
import { SHORT_PASSWORD_FLAGS, type ShortPasswordFlag } from "./arg_flags.ts";
import { SECRET_VALUE_FLAGS, type SecretValueFlag } from "./arg_tools.ts";
import { type Add, argStart, commandWords, MAX_FLAGS, spacedValue, valueAt } from "./arg_words.ts";
import { isSecretKeyName } from "./fields.ts";

/** Tool name → its rows. */
const _BY_TOOL = new Map<string, ShortPasswordFlag[]>();
for (const row of SHORT_PASSWORD_FLAGS) {
  for (const t of row.tools) {
    const rows = _BY_TOOL.get(t) ?? [];
    rows.push(row);
    _BY_TOOL.set(t, rows);
  }
}

/** Letters that are a short password flag of some tool (a cheap first filter). */
const _SHORT_LETTERS = new Set(SHORT_PASSWORD_FLAGS.map((r) => r.flag));

/** Option name → the secret value flags of that name. */
const _VALUE_FLAGS = new Map<string, SecretValueFlag[]>();
for (const f of SECRET_VALUE_FLAGS) {
  _VALUE_FLAGS.set(f.flag, [...(_VALUE_FLAGS.get(f.flag) ?? []), f]);
}

/** Single-dash long flags whose value is secret (`-storepass`, `-passin pass:x`). */
const _DASH_SECRET_RE =
  /^(?:[a-z]{0,12}pass(?:word|wd|phrase)?|passin|passout|token|secret|apikey)$/;

/** The rows of the short-flag table that apply to the command at `p`. */
function _rowsAt(s: string, p: number, letter: string): ShortPasswordFlag[] {
  const words = commandWords(s, p);
  const out: ShortPasswordFlag[] = [];
  for (let k = 0; k < words.length; k++) {
    // GitHub Actions prints a step's commands as `[command]/usr/bin/git …`; a command
    // may open a quoted one (`rsync -e "sshpass -p x ssh"`).
    let w = words[k].startsWith("[command]") ? words[k].slice(9) : words[k];
    const c0 = w.charCodeAt(0);
    if (c0 === 34 || c0 === 39 || c0 === 40 || c0 === 96) w = w.slice(1);
    const base = w.slice(w.lastIndexOf("/") + 1);
    const rows = _BY_TOOL.get(base);
    if (rows === undefined) continue;
    for (const row of rows) {
      if (row.flag !== letter) continue;
      if (row.sub !== undefined && !words.slice(k + 1).includes(row.sub)) continue;
      out.push(row);
    }
  }
  return out;
}

/**
 * Masks the credentials in a line's options: short password flags, single-dash secrets,
 * secret value flags, `--*key`, `-u name:password`.
 */
export function maskOptionCredentials(s: string, add: Add): void {
  let d = s.indexOf("-");
  let budget = MAX_FLAGS;
  while (d >= 0 && budget > 0) {
    if (!argStart(s, d)) {
      d = s.indexOf("-", d + 1);
      continue;
    }
    const long = s.charCodeAt(d + 1) === 45;
    const ns = d + (long ? 2 : 1);
    let ne = ns;
    while (ne < s.length && isIdChar(s.charCodeAt(ne)) && s.charCodeAt(ne) !== 46) ne++;
    const name = s.slice(ns, ne);
    let next = Math.max(ne, d + 1);
    if (name.length > 0) {
      budget--;
      const span = long ? _longFlag(s, name, ne) : _shortFlag(s, d, name, ne);
      if (span !== undefined) {
        add(span[0], span[1]);
        next = span[1];
      }
    }
    d = s.indexOf("-", next);
  }
}

/** `--user name:pass`, `--key value` (long flags the key rules do not name). */
function _longFlag(s: string, name: string, ne: number): [number, number] | undefined {
  const lower = name.toLowerCase();
  if (lower === "user" || lower === "proxy-user") return _userPass(s, ne);
  // A secret value flag of `arg_tools.ts`: `gh secret set NAME --body x`, `aws ssm
  // put-parameter … --value x`, `--secret-string x`.
  const flags = _VALUE_FLAGS.get(lower);
  if (flags !== undefined) {
    for (const f of flags) {
      if (f.when !== undefined && !f.when.some((w) => s.indexOf(w) >= 0)) continue;
      return f.form === "spaced" ? spacedValue(s, ne) : _flagValue(s, ne);
    }
  }
  if (lower.endsWith("key") && !isSecretKeyName(name)) {
    const v = s.charCodeAt(ne) === 61 ? valueAt(s, ne + 1) : spacedValue(s, ne);
    if (v === undefined) return undefined;
    const value = s.slice(v[0], v[1]);
    return _looksSecret(value) && !_looksLikePath(value) ? v : undefined;
  }
  return undefined;
}

/** A long flag's value, `--flag x` or `--flag=x`; not the AWS CLI's `file://params.json`. */
function _flagValue(s: string, ne: number): [number, number] | undefined {
  const v = s.charCodeAt(ne) === 61 ? valueAt(s, ne + 1) : spacedValue(s, ne);
  if (v === undefined || s.startsWith("file://", v[0]) || s.startsWith("fileb://", v[0])) {
    return undefined;
  }
  return v;
}

/** `-pSECRET`, `-p SECRET`, `-storepass x`, `-passin pass:x`, `-u name:pass`. */
function _shortFlag(s: string, d: number, name: string, ne: number): [number, number] | undefined {
  if (name === "u" || name === "U") return _userPass(s, ne);
  // PowerShell's and NuGet's parameters are capitalized: `-Password x`.
  if (name.length >= 4 && _DASH_SECRET_RE.test(name.toLowerCase())) {
    const v = s.charCodeAt(ne) === 61 ? valueAt(s, ne + 1) : spacedValue(s, ne);
    if (v === undefined) return undefined;
    // openssl: pass:x is the password; env:VAR, file:path, fd:N, stdin are not.
    if (s.startsWith("pass:", v[0])) return [v[0] + 5, v[1]];
    const value = s.slice(v[0], v[1]);
    if (/^(?:env|file|fd):|^stdin$/.test(value)) return undefined;
    return v;
  }
  const letter = s[d + 1];
  if (!_SHORT_LETTERS.has(letter)) return undefined;
  const rows = _rowsAt(s, d, letter);
  if (rows.length === 0) return undefined;
  const after = s.charCodeAt(d + 2);
  if (d + 2 >= s.length || after === 32 || after === 9) {
    if (!rows.some((r) => r.spaced)) return undefined;
    return spacedValue(s, d + 2);
  }
  if (!rows.some((r) => r.glued)) return undefined;
  // Glued: the value is the rest of the argument (quotes included: -p'x').
  const v = valueAt(s, d + 2);
  return v[1] > v[0] ? v : undefined;
}

/** The password of `name:password` (or `name%password`, `name,password`) after a flag. */
function _userPass(s: string, ne: number): [number, number] | undefined {
  const v = s.charCodeAt(ne) === 61 ? valueAt(s, ne + 1) : spacedValue(s, ne);
  if (v === undefined) return undefined;
  // date's format (`date -u +%s%N`): `+` opens a format, not a user name.
  if (s.charCodeAt(v[0]) === 43) return undefined;
  for (let i = v[0]; i < v[1]; i++) {
    const c = s.charCodeAt(i);
    if (c === 58 || c === 37 || c === 44) {
      const pass = s.slice(i + 1, v[1]);
      // uid:gid (docker -u 1000:1000) is not a credential, nor a URL (`-u http://app`).
      if (pass.length === 0 || /^\d+$/.test(pass) || (c === 58 && pass.startsWith("//"))) {
        return undefined;
      }
      return [i + 1, v[1]];
    }
  }
  return undefined;
}

/** A value that may be a secret: 8+ characters with a digit or symbol, or 12+. */
function _looksSecret(v: string): boolean {
  return v.length >= 12 || (v.length >= 8 && /[^A-Za-z_./-]/.test(v));
}

/**
 * A file, not a key: an optional `@file`, `~`, `$HOME`, `${DIR}`, `%APPDATA%` or drive,
 * then names (letters, digits, `._-~`) and separators only, with either a key file's
 * extension or a `/` or `\\` between names none of which reads as random data. A key
 * holds `+`, `=`, `,`, `!` … or random runs; `@` alone does not make a path
 * (`@ncLhwX9o_4sRqN` is a password, `@key.pem` and `@/etc/key` are files).
 */
function _looksLikePath(v: string): boolean {
  // A leading `@file`, `~`, `$HOME`, `${DIR}`, `%APPDATA%` or drive, then names.
  const m = /^(?:@|~|\$\{?\w{1,64}\}?|%\w{1,64}%|[A-Za-z]:)?([\w.~/\\-]*)$/.exec(v);
  if (m === null) return false;
  if (/\.(?:pem|key|crt|p12|pfx|json|jks|asc|gpg|pub)$/.test(v)) return true;
  // `\\` separates only in a Windows path (a drive, `%VAR%`, `.\\`, `\\\\server`).
  const sep = /^(?:%\w{1,64}%|[A-Za-z]:|\.{0,2}\\)/.test(v) ? /[/\\]/ : /\//;
  if (!sep.test(v)) return false;
  return !m[1].split(sep).some((part) => isRandomRun(part));
}
