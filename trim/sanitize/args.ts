/**
 * Credentials in argument position: command lines as shells, CI runners and
 * Dockerfiles print them.
 *
 * | Form | Example | Masked |
 * |---|---|---|
 * | a short password flag of a known tool (table below), glued or spaced | `mysql -uroot -pS3cr3t` | the value |
 * | a single-dash long flag named like a secret | `keytool -storepass x`, `-passin pass:x` | the value |
 * | a long flag whose name ends in `key` (not a path) | `--key 9f8Kq2…` | the value |
 * | `-u`, `-U`, `--user`, `--proxy-user` with `name:password` (`%`, `,` too) | `curl -u ci:x` | the password |
 * | netrc | `machine h login u password x` | the password |
 * | `set` / `config` with a secret-named key | `npm config set //r/:_authToken x` | the value |
 * | `user:password@host` without a scheme | `git clone ci:x@git.example.com/r` | the password |
 * | after `credentials` / `creds` / `login` / `auth` | `using credentials ci:x` | the password |
 * | `echo x \| … --password-stdin` | `echo x \| docker login --password-stdin` | the value |
 * | `echo x \|` into `sudo -S`, `passwd --stdin` | `printf '%s' x \| sudo -S make install` | the value |
 * | `echo user:x \| chpasswd` | `echo "ci:x" \| chpasswd` | the password |
 * | a positional password | `htpasswd -b file user x`, `rabbitmqctl add_user u x` | the value |
 * | MinIO's secret key | `mc alias set s3 https://minio:9000 AKEY x` | the value |
 * | FreeRDP | `xfreerdp /u:admin /p:x` | the value |
 * | a login token | `cargo login x`, `vault login x` | the value |
 * | a CI command that registers a secret | `::add-mask::x`, `##vso[task.setsecret]x` | the value |
 * | a secret store's value | `aws ssm put-parameter … --value x`, `az keyvault secret set … --value x`, `--secret-string x` | the value |
 * | PowerShell | `-Password x`, `ConvertTo-SecureString "x" -AsPlainText` | the value |
 * | poetry's repository credentials | `poetry config http-basic.repo user x`, `pypi-token.repo x` | the password or token |
 * | Oracle's logon | `sqlplus user/x@db`, `impdp`, `expdp`, `sqlldr`, `rman`, `dgmgrl` | the password |
 * | Windows `net use` / `net user` | `net use Z: \\fs\share /user:ACME\ci x`, `net user ci x /add` | the password |
 *
 * Short password flags by tool ({@linkcode SHORT_PASSWORD_FLAGS}):
 *
 * | Tools | Sub-command | Flag | Form |
 * |---|---|---|---|
 * | mysql, mysqldump, mysqladmin, mysqlimport, mysqlcheck, mysqlsh, mariadb, mariadb-dump | | `-p` | glued or spaced |
 * | sshpass | | `-p` | glued or spaced |
 * | docker, podman, nerdctl, buildah, skopeo, helm, oras, crane, finch | `login` | `-p` | spaced |
 * | oc, cf | `login` | `-p` | spaced |
 * | az | `login` | `-p` | spaced |
 * | redis-cli, keydb-cli | | `-a` | spaced |
 * | mongo, mongosh, mongodump, mongorestore, mongoexport, mongoimport, mongostat, mongotop | | `-p` | spaced |
 * | sqlcmd, bcp, osql, isql | | `-P` | spaced |
 * | ldapsearch, ldapadd, ldapmodify, ldapdelete, ldapwhoami, ldappasswd, ldapcompare | | `-w` | spaced |
 * | mosquitto_pub, mosquitto_sub, mosquitto_rr | | `-P` | spaced |
 * | zip, unzip, zipcloak | | `-P` | spaced |
 * | 7z, 7za, 7zr, rar, unrar | | `-p` | glued |
 * | openssl | | `-k` | spaced |
 * | ncftp, ncftpput, ncftpget, rabbitmqadmin | | `-p` | spaced |
 * | gh | `secret` | `-b` | spaced |
 * | dotnet | `nuget` (`add source`, `update source`) / `push` | `-p` / `-k` | spaced |
 * | poetry, vsce, ovsx | `publish` | `-p` | spaced |
 * | twine | | `-p` | spaced |
 * | xcrun | `altool` | `-p` | spaced |
 * | ssh-keygen | | `-N`, `-P` | spaced |
 * | security (macOS) | `unlock-keychain`, `create-keychain`, `set-keychain-password` | `-p` (`-o`) | spaced |
 * | security (macOS) | `set-key-partition-list` / `import` / `add-generic-password`, `add-internet-password` | `-k` / `-P` / `-w` | spaced |
 *
 * Everything is found from cheap anchors (a `-` after a space, `@`, `password `,
 * `set `, `-stdin`, `/p:`); values end at whitespace or a quote; nothing backtracks.
 *
 * @module
 */

import { applySpans, isIdChar, quotedQuoteLength } from "./chars.ts";
import { isRandomRun } from "./entropy.ts";
import {
  HTPASSWD_OPTIONS,
  MC_OPTIONS,
  RABBITMQCTL_OPTIONS,
  SHORT_PASSWORD_FLAGS,
  type ShortPasswordFlag,
} from "./arg_flags.ts";
import { isPlaceholderValue, isSecretKeyName, placeholderEnd, quotedLiteralAt } from "./fields.ts";

export { SHORT_PASSWORD_FLAGS, type ShortPasswordFlag };

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

/**
 * Flags and `@` signs looked at per line: command lines have a few dozen at most, and
 * the bound keeps a line of nothing but flags linear.
 */
const _MAX_FLAGS = 256;

/** Words after which `name:password` is a credential. */
const _CRED_WORDS = ["credentials", "credential", "creds", "login", "auth", "userpass"];
/** The same words with the space after them (built once, not per line). */
const _CRED_WORDS_SP = _CRED_WORDS.map((w) => w + " ");

/** Single-dash long flags whose value is secret (`-storepass`, `-passin pass:x`). */
const _DASH_SECRET_RE =
  /^(?:[a-z]{0,12}pass(?:word|wd|phrase)?|passin|passout|token|secret|apikey)$/;

/**
 * Any cue of the rules of {@linkcode maskArgCredentials}: exactly the union of the
 * substrings its rules are gated on (a line without one is returned as it is).
 */
const _CUES_RE = new RegExp(
  [
    " -",
    "^-",
    "@",
    "password ",
    "set ",
    "SET ",
    "config ",
    "-stdin",
    "chpasswd",
    "/p:",
    "/password:",
    ..._CRED_WORDS_SP,
    "htpasswd",
    "rabbitmqctl",
    // `net use`'s `/user:` and `net user`'s `/add`: a cue of `/` and ` `, characters
    // other cues start with (a new first character, `n`, slowed the scan by 5 %).
    "/user:",
    "/USER:",
    " /add",
    " /ADD",
    "add-mask::",
    "setsecret]",
  ].join("|"),
);

/** `user` words before `:` that are schemes or package specifiers, not user names. */
const _NOT_USERS = new Set(["npm", "jsr", "mailto", "sip", "sips", "xmpp", "tel", "data", "file"]);

/**
 * Masks credentials in argument position (see the module table) by `[REDACTED]`.
 *
 * @param s a line (other secret rules already applied).
 */
export function maskArgCredentials(s: string): string {
  // One scan for every rule's cue (most lines have none) instead of a search per cue.
  if (!_CUES_RE.test(s)) return s;
  let spans: number[] | undefined;
  const add = (a: number, b: number) => {
    if (b <= a || placeholderEnd(s, a) >= b || isPlaceholderValue(s.slice(a, b))) return;
    // A value an earlier rule masked in part (`pass:[REDACTED],rest`) is masked whole.
    (spans ??= []).push(a, b);
  };
  if (s.indexOf(" -") >= 0 || s.charCodeAt(0) === 45) {
    _flags(s, add);
    // `ConvertTo-SecureString "x" -AsPlainText`: plain text needs that flag.
    if (s.indexOf("SecureString ") >= 0) _secureString(s, add);
  }
  if (s.indexOf("@") >= 0) {
    _userAtHost(s, add);
    if (_ORACLE_TOOL_RE.test(s)) _oracleLogon(s, add);
  }
  if (s.indexOf("password ") >= 0) _netrc(s, add);
  if (s.indexOf("set ") >= 0 || s.indexOf("SET ") >= 0 || s.indexOf("config ") >= 0) {
    _setCommand(s, add);
    if (s.indexOf("alias set") >= 0 || s.indexOf("host add") >= 0) _mc(s, add);
  }
  if (s.indexOf("|") >= 0) _echoStdin(s, add);
  if (s.indexOf("/p:") >= 0 || s.indexOf("/password:") >= 0) _rdp(s, add);
  for (const w of _CRED_WORDS_SP) {
    const i = s.indexOf(w);
    if (i < 0) continue;
    _credAfterWord(s, i + w.length, add);
    if (w === "login ") _loginToken(s, i, add);
  }
  if (s.indexOf("htpasswd") >= 0) _htpasswd(s, add);
  if (s.indexOf("rabbitmqctl") >= 0) _rabbitmqctl(s, add);
  if (_NET_USE_START_RE.test(s)) _netUse(s, add);
  _ciSecretCommand(s, "::add-mask::", add);
  _ciSecretCommand(s, "##vso[task.setsecret]", add);
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}

type Add = (a: number, b: number) => void;

function _isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/** Where an argument starts: line start, after a space, a quote or `(`. */
function _argStart(s: string, i: number): boolean {
  if (i === 0) return true;
  const c = s.charCodeAt(i - 1);
  return c === 32 || c === 9 || c === 34 || c === 39 || c === 40;
}

/** The end of an argument value starting at `i`: whitespace, a quote, `;|&)<>`, `\`. */
function _argEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (
      c === 32 || c === 9 || c === 34 || c === 39 || c === 59 || c === 124 || c === 38 ||
      c === 41 || c === 60 || c === 62 || c === 92
    ) break;
    i++;
  }
  return i;
}

/**
 * The value span at `i`: one shell word, bare parts and quoted parts (`'x'`, `"x"`,
 * `\\"x\\"`) together (`-p"x"`, `admin:'x'`, bash's `'a'\\''b'`); a word that is one
 * quoted part gives its inside. An unclosed quote ends the word.
 */
function _valueAt(s: string, i: number): [number, number] {
  const st = i;
  let parts = 0;
  let quoted = false;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    // A quote escaped between quoted parts, as bash's trace prints it: 'a'\''b'. The
    // escaped quote is a part; the opening quote after it starts the next one.
    const qq = c === 92 && i > st ? quotedQuoteLength(s, i - 1) : 0;
    if (qq > 0) {
      i += qq - 2;
      parts++;
      continue;
    }
    if (c === 92 && s[i + 1] === "'" && i > st && s[i + 2] === "'") {
      i += 2;
      parts++;
      continue;
    }
    if (c === 34 || c === 39 || (c === 92 && (s[i + 1] === '"' || s[i + 1] === "'"))) {
      const q = c === 92 ? s.slice(i, i + 2) : s[i];
      const close = s.indexOf(q, i + q.length);
      if (close < 0) break;
      i = close + q.length;
      parts++;
      quoted = true;
      continue;
    }
    const e = _argEnd(s, i);
    if (e === i) break;
    i = e;
    parts++;
  }
  if (parts === 1 && quoted) {
    const q = s.charCodeAt(st) === 92 ? 2 : 1;
    return [st + q, i - q];
  }
  return [st, i];
}

/**
 * The value after a flag ending at `fe` followed by whitespace. A value starting with
 * `-` is still the value: a tool takes the argument after an option that needs one
 * whatever it holds (`sshpass -p -x9Kq…` sends `-x9Kq…`), and a password may start
 * with a dash.
 */
function _spacedValue(s: string, fe: number): [number, number] | undefined {
  if (!_isSpace(s.charCodeAt(fe))) return undefined;
  let i = fe + 1;
  while (i < s.length && _isSpace(s.charCodeAt(i))) i++;
  if (i >= s.length) return undefined;
  return _valueAt(s, i);
}

/** The program and sub-command words of the command holding position `p`. */
function _commandWords(s: string, p: number): string[] {
  // The command starts after the last `|`, `;`, `&&`, `$ `, `+ ` or `RUN ` before p.
  // Looked for within the 256 characters before p (bounded work per flag).
  const from = Math.max(0, p - 256);
  const head = s.slice(from, p);
  let st = from > 0 ? head.indexOf(" ") + 1 : 0;
  for (const sep of ["|", ";", "&&", "$ ", "+ ", "RUN ", "run: ", '"cmd":"']) {
    const k = head.lastIndexOf(sep);
    if (k >= 0 && k + sep.length > st) st = k + sep.length;
  }
  return head.slice(st).split(/[ \t]+/, 16).filter((w) => w.length > 0);
}

/** The rows of the short-flag table that apply to the command at `p`. */
function _rowsAt(s: string, p: number, letter: string): ShortPasswordFlag[] {
  const words = _commandWords(s, p);
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

/** Flags: short password flags, single-dash secrets, `--*key`, `-u name:password`. */
function _flags(s: string, add: Add): void {
  let d = s.indexOf("-");
  let budget = _MAX_FLAGS;
  while (d >= 0 && budget > 0) {
    if (!_argStart(s, d)) {
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
  // gh secret set NAME --body x
  if (lower === "body" && s.indexOf("secret set") >= 0) return _spacedValue(s, ne);
  // A secret store's value: `aws secretsmanager … --secret-string x`, `aws ssm
  // put-parameter … --value x`, `az keyvault secret set … --value x`.
  if (lower === "secret-string" || lower === "secret-binary") return _flagValue(s, ne);
  if (lower === "value" && (s.indexOf("put-parameter") >= 0 || s.indexOf("secret set") >= 0)) {
    return _flagValue(s, ne);
  }
  if (lower.endsWith("key") && !isSecretKeyName(name)) {
    const v = s.charCodeAt(ne) === 61 ? _valueAt(s, ne + 1) : _spacedValue(s, ne);
    if (v === undefined) return undefined;
    const value = s.slice(v[0], v[1]);
    return _looksSecret(value) && !_looksLikePath(value) ? v : undefined;
  }
  return undefined;
}

/** A long flag's value, `--flag x` or `--flag=x`; not the AWS CLI's `file://params.json`. */
function _flagValue(s: string, ne: number): [number, number] | undefined {
  const v = s.charCodeAt(ne) === 61 ? _valueAt(s, ne + 1) : _spacedValue(s, ne);
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
    const v = s.charCodeAt(ne) === 61 ? _valueAt(s, ne + 1) : _spacedValue(s, ne);
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
    return _spacedValue(s, d + 2);
  }
  if (!rows.some((r) => r.glued)) return undefined;
  // Glued: the value is the rest of the argument (quotes included: -p'x').
  const v = _valueAt(s, d + 2);
  return v[1] > v[0] ? v : undefined;
}

/** The password of `name:password` (or `name%password`, `name,password`) after a flag. */
function _userPass(s: string, ne: number): [number, number] | undefined {
  const v = s.charCodeAt(ne) === 61 ? _valueAt(s, ne + 1) : _spacedValue(s, ne);
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

/** `user:password@host` without a scheme (the scheme form is masked before). */
function _userAtHost(s: string, add: Add): void {
  let at = s.indexOf("@");
  let budget = _MAX_FLAGS;
  let prevAt = -1;
  let prevSt = 0;
  while (at > 0 && budget-- > 0) {
    // The word before `@` (back to a space); a scan reaching the previous `@` continues
    // from where that one's word started (linear on `a:b@a:b@…`). A `(` or `,` ends the
    // word too (`(u:p@h`, `a@h,u:p@h`), unless the rest holds no colon: then it is part
    // of the password (`u:a,b@h`, `u:'a(b'@h`).
    let st = at;
    let soft = -1;
    // A quoted password (`u:'a b'@h`) is passed over whole: it may hold spaces.
    const qc = s.charCodeAt(at - 1);
    if ((qc === 39 || qc === 34) && at >= 3) {
      const from = Math.max(0, at - 300);
      const k = s.slice(from, at - 1).lastIndexOf(s[at - 1]);
      const open = k < 0 ? -1 : from + k;
      if (open > 0 && s.charCodeAt(open - 1) === 58) st = open;
    }
    while (st > 0 && at - st < 300) {
      if (st - 1 === prevAt) {
        st = prevSt;
        break;
      }
      const c = s.charCodeAt(st - 1);
      if (c === 32 || c === 9) break;
      if ((c === 40 || c === 44) && soft < 0) soft = st;
      st--;
    }
    prevAt = at;
    prevSt = st;
    if (at - st > 300) {
      at = s.indexOf("@", at + 1);
      continue;
    }
    if (soft >= 0 && s.lastIndexOf(":", at) >= soft) {
      // … but a colon before it with no `@` between makes one `user:password` holding
      // the `,` (`admin:a,b,c:d@h`).
      const c = s.indexOf(":", st);
      if (c < 0 || c >= soft || s.lastIndexOf("@", soft) >= st) st = soft;
    }
    while (st < at && (s.charCodeAt(st) === 34 || s.charCodeAt(st) === 39)) st++;
    const seg = s.slice(st, at);
    const colon = seg.indexOf(":");
    if (colon > 0 && seg.indexOf("://") < 0 && colon < seg.length - 1) {
      // The user name starts after the last `=` or quote before the colon (url=u:p@h).
      const us = Math.max(
        seg.lastIndexOf("=", colon),
        seg.lastIndexOf('"', colon),
        seg.lastIndexOf("'", colon),
      ) + 1;
      const user = seg.slice(us, colon);
      const pass = seg.slice(colon + 1);
      if (
        /^[A-Za-z0-9._-]{1,64}$/.test(user) && !_NOT_USERS.has(user.toLowerCase()) &&
        !/^\d+$/.test(pass) && _isHostAt(s, at + 1)
      ) add(st + colon + 1, at);
    }
    at = s.indexOf("@", at + 1);
  }
}

/** A host name (a letter in a dotted name, `localhost`, `host:port`) or an IPv4. */
function _isHostAt(s: string, i: number): boolean {
  let e = i;
  while (e < s.length && e - i < 256 && /[A-Za-z0-9.-]/.test(s[e])) e++;
  const host = s.slice(i, e);
  if (host.length === 0 || host.startsWith("sha256") || host.startsWith("sha512")) return false;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return true;
  if (!/^[A-Za-z0-9-]*[A-Za-z]/.test(host)) return false;
  if (/\.[A-Za-z]/.test(host) || host === "localhost") return true;
  // `host:22`, `gitlab:group/repo`: a lower-case name, then a port or a path; not more
  // of a password (`u:PXIQ%QDy@9bU:d8Lr*e7`).
  return s.charCodeAt(e) === 58 && /^[a-z0-9-]+$/.test(host) &&
    /^:(?:\d{1,5}(?![^\s/])|[\w./-]+(?!\S))/.test(s.slice(e, e + 256));
}

/** netrc: `machine h login u password x`, `default login u password x`. */
function _netrc(s: string, add: Add): void {
  let p = s.indexOf("password ");
  let budget = _MAX_FLAGS / 4;
  while (p >= 0 && budget-- > 0) {
    const before = s.slice(Math.max(0, p - 300), p);
    if (
      (p === 0 || _isSpace(s.charCodeAt(p - 1))) &&
      /(?:^|\s)(?:login|machine|default|user)\s+\S+\s+(?:\S+\s+)?$/.test(before) &&
      /(?:^|\s)(?:machine|default|login)\s/.test(before)
    ) {
      const v = _spacedValue(s, p + 8);
      if (v !== undefined) add(v[0], v[1]);
    }
    p = s.indexOf("password ", p + 9);
  }
}

/** `… set <secret key> <value>`, `git config [--global] <secret key> <value>`. */
function _setCommand(s: string, add: Add): void {
  const re = /(?:^|[\s"'\]])(?:set|SET|Set|config)(?=\s)/g;
  let budget = _MAX_FLAGS / 4;
  for (let m = re.exec(s); m !== null && budget-- > 0; m = re.exec(s)) {
    let i = m.index + m[0].length;
    // Options between the verb and the key: -gx, --global, --location=user.
    for (let n = 0; n < 4; n++) {
      while (i < s.length && _isSpace(s.charCodeAt(i))) i++;
      if (s.charCodeAt(i) !== 45) break;
      while (i < s.length && !_isSpace(s.charCodeAt(i))) i++;
    }
    const ks = i;
    const ke = _argEnd(s, ks);
    if (ke === ks || ke - ks > 200) continue;
    const key = s.slice(ks, ke);
    // poetry: `config http-basic.repo user password`, `config pypi-token.repo token`.
    if (key.startsWith("http-basic.") || key.startsWith("pypi-token.")) {
      let v = _spacedValue(s, ke);
      if (v !== undefined && key.charCodeAt(0) === 104) v = _spacedValue(s, _pastQuote(s, v[1]));
      if (v !== undefined) add(v[0], v[1]);
      continue;
    }
    // The key's last segment: //registry.npmjs.org/:_authToken → _authToken.
    let seg = key;
    const cut = Math.max(key.lastIndexOf(":"), key.lastIndexOf("/"));
    if (cut >= 0) seg = key.slice(cut + 1);
    if (seg.indexOf("=") >= 0 || !isSecretKeyName(seg)) continue;
    // Prose: `set password to x`.
    _TO_RE.lastIndex = ke;
    const v = _spacedValue(s, _TO_RE.test(s) ? _TO_RE.lastIndex : ke);
    if (v === undefined) continue;
    const word = s.slice(v[0], v[1]);
    // `gh secret set NAME --body x`: an option, whose value the flag rules mask.
    if (_OPTION_NAME_RE.test(word) && _spacedValue(s, v[1]) !== undefined) continue;
    if (word !== "FOR" && word !== "for") {
      add(v[0], v[1]);
      continue;
    }
    // SQL: `SET PASSWORD FOR 'u'@'h' = 'x'` (`= PASSWORD('x')` is masked as a call's).
    const eq = s.indexOf("=", v[1]);
    if (eq < 0 || eq - v[1] > 200) continue;
    let at = eq + 1;
    while (at < s.length && _isSpace(s.charCodeAt(at))) at++;
    const lit = quotedLiteralAt(s, at);
    if (lit !== undefined) add(lit[0], lit[1]);
  }
}

const _TO_RE = / to(?=\s)/y;

/** A long option's name (`--body`), not a password that starts with dashes. */
const _OPTION_NAME_RE = /^--[a-z][a-z-]{1,30}$/;

/** Past the closing quote of a quoted value that ends at `e` (its inside's end). */
function _pastQuote(s: string, e: number): number {
  const c = s.charCodeAt(e);
  return c === 34 || c === 39 ? e + 1 : e;
}

/** Commands that read a password from stdin (a cheap first test of a line). */
const _STDIN_READER_RE = /--password-stdin(?![\w.-])|sudo\s|chpasswd|passwd\s+--stdin/;

/**
 * `echo x | … --password-stdin`, `echo x | sudo -S …`, `echo x | passwd --stdin u`,
 * `echo u:x | chpasswd` (also `printf`, its format passed over); a quoted value may
 * hold a `|`.
 */
function _echoStdin(s: string, add: Add): void {
  if (!_STDIN_READER_RE.test(s)) return;
  const re = /(?:^|[\s"'(\]])(echo|printf)\s+(?:-[ne]{1,2}\s+)?/g;
  let budget = _MAX_FLAGS / 4;
  for (let m = re.exec(s); m !== null && budget-- > 0; m = re.exec(s)) {
    let v = _valueAt(s, m.index + m[0].length);
    let i = _pastWord(s, v[1]);
    const pct = m[1] === "printf" ? s.indexOf("%", v[0]) : -1;
    if (pct >= 0 && pct < v[1]) {
      // printf '%s\n' x: the format, then the value.
      if (i >= s.length || s.charCodeAt(i) === 124) continue;
      v = _valueAt(s, i);
      i = _pastWord(s, v[1]);
    }
    // After the argument (its closing quote, when quoted) comes the pipe.
    if (s.charCodeAt(i) !== 124 || s.charCodeAt(i + 1) === 124) continue;
    // The command the value is piped into is the one that reads it.
    const reads = _readsStdin(s.slice(i + 1, _commandEnd(s, i + 1)));
    if (reads === _STDIN_NONE) continue;
    if (reads === _STDIN_PASSWORD) add(v[0], v[1]);
    else {
      // chpasswd reads `user:password`.
      const colon = s.indexOf(":", v[0]);
      if (colon > v[0] && colon < v[1] - 1) add(colon + 1, v[1]);
    }
  }
}

/** From the end of a value: past the rest of its word (a closing quote), then spaces. */
function _pastWord(s: string, i: number): number {
  while (i < s.length && s.charCodeAt(i) !== 124 && !_isSpace(s.charCodeAt(i))) i++;
  while (i < s.length && _isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Where the command starting at `i` ends: the next `|`, `;` or `&&`, or the line end. */
function _commandEnd(s: string, i: number): number {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 124 || c === 59 || (c === 38 && s.charCodeAt(i + 1) === 38)) return i;
  }
  return i;
}

const _STDIN_NONE = 0;
const _STDIN_PASSWORD = 1;
const _STDIN_USER_PASSWORD = 2;

/** sudo's options that take a value (`-u root`): the next word is not the command. */
const _SUDO_VALUED = "ugCDhpRrtTU";

const _PASSWORD_READER_RE = /--password-stdin(?![\w.-])|(?:^|[\s/])passwd\s+--stdin(?:\s|$)/;
const _CHPASSWD_RE = /(?:^|[\s/])chpasswd(?:\s|$)/;
const _SUDO_RE = /(?:^|[\s/])sudo\s/;

/** What a command reads from stdin: nothing secret, a password, or `user:password`. */
function _readsStdin(cmd: string): number {
  if (_PASSWORD_READER_RE.test(cmd)) return _STDIN_PASSWORD;
  if (_CHPASSWD_RE.test(cmd)) return _STDIN_USER_PASSWORD;
  const m = _SUDO_RE.exec(cmd);
  if (m === null) return _STDIN_NONE;
  // sudo's own options come before the command: -S (or --stdin) makes it read stdin.
  const words = cmd.slice(m.index + m[0].length).split(/[ \t]+/, 16);
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w === "") continue;
    if (w.charCodeAt(0) !== 45 || w === "--") break;
    if (w === "--stdin") return _STDIN_PASSWORD;
    if (w.charCodeAt(1) === 45) continue;
    if (w.indexOf("S") > 0) return _STDIN_PASSWORD;
    if (w.length === 2 && _SUDO_VALUED.includes(w[1])) k++;
  }
  return _STDIN_NONE;
}

/** FreeRDP: `/p:x`, `/password:x`. */
function _rdp(s: string, add: Add): void {
  for (const flag of ["/p:", "/password:"]) {
    let i = s.indexOf(flag);
    while (i >= 0) {
      if (i === 0 || _isSpace(s.charCodeAt(i - 1))) {
        const v = _valueAt(s, i + flag.length);
        add(v[0], v[1]);
      }
      i = s.indexOf(flag, i + flag.length);
    }
  }
}

/**
 * Windows' `net use [X:] \\host\share [password] [/user:name] [password]` and
 * `net user name password [/add]`: a word that is not the device, the share, the
 * user's name or a `/` option is the password (`*` asks for it: none). Found on lines
 * that start with the command and have `/user:` or `/add` (the cue).
 */
function _netUse(s: string, add: Add): void {
  _NET_USE_RE.lastIndex = 0;
  for (let m = _NET_USE_RE.exec(s); m !== null; m = _NET_USE_RE.exec(s)) {
    if (!_commandStart(s, m.index)) continue;
    const user = m[1].length === 5; // ` user`
    let i = _NET_USE_RE.lastIndex;
    for (let word = 0; word < 8; word++) {
      while (_isSpace(s.charCodeAt(i))) i++;
      let e = i;
      while (e < s.length && !_isSpace(s.charCodeAt(e))) e++;
      if (e === i) return;
      const w = s.slice(i, e);
      if (w === "&&" || w === "|" || w === "||" || w === "&" || w === ";") break;
      const c = s.charCodeAt(i);
      const named = user && word === 0; // net user NAME
      if (!named && c !== 47 && c !== 92 && w !== "*" && !/^[A-Za-z]:$/.test(w)) {
        const [vs, ve] = _valueAt(s, i);
        add(vs, ve);
      }
      i = e;
    }
  }
}

/**
 * Whether a command starts at `i`: only spaces before it, or a prompt or a shell
 * operator (`C:\> `, `+ `, `$ `, `&& `, `; `, `| `, `(`); not prose.
 */
function _commandStart(s: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && _isSpace(s.charCodeAt(j))) j--;
  if (j < 0) return true;
  const c = s.charCodeAt(j);
  // > + $ & ; | (
  return c === 62 || c === 43 || c === 36 || c === 38 || c === 59 || c === 124 || c === 40;
}

/**
 * A line that starts with `net use` / `net user`, after a prompt (`+ `, `$ `, `> `,
 * `C:\work> `) or not. Anchored: a search of the line, `indexOf` included, costs 40 ns
 * or more on every line with a cue.
 */
const _NET_USE_START_RE = /^[ \t]*(?:[+$>] |[A-Z]:\\[^>]{0,128}> ?)?(?:net|NET) (?:use|USE)/;

/** `net use` / `net user`, followed by a space. */
const _NET_USE_RE = /(?<![\w-])(?:net|NET)( use| user| USE| USER)(?=[ \t])/g;

/** `credentials name:password` (prose): the password. */
function _credAfterWord(s: string, i: number, add: Add): void {
  const [vs, ve] = _valueAt(s, i);
  const colon = s.indexOf(":", vs);
  if (colon <= vs || colon >= ve - 1 || s.startsWith("://", colon)) return;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(s.slice(vs, colon))) return;
  let pe = ve;
  // credentials u:p@host: the password ends at the last `@` before a host; an `@`
  // inside a quoted password (`u:"a@b.c"`, `u:\\"a@b.c\\"`) is part of it.
  let from = colon;
  const q = s[colon + 1] === "\\" ? s.slice(colon + 1, colon + 3) : s[colon + 1];
  if (q === '"' || q === "'" || q === '\\"' || q === "\\'") {
    const close = s.indexOf(q, colon + 1 + q.length);
    from = close < 0 ? ve : close;
  }
  for (let at = s.indexOf("@", from); at >= 0 && at < ve; at = s.indexOf("@", at + 1)) {
    if (_isHostAt(s, at + 1)) pe = at;
  }
  add(colon + 1, pe);
}

/**
 * The value of a CI command that registers a secret (`::add-mask::x`, Azure's
 * `##vso[task.setsecret]x`): to the line's end, or to the quote that closes the
 * command (`echo "::add-mask::x"`).
 */
function _ciSecretCommand(s: string, command: string, add: Add): void {
  const cs = s.indexOf(command);
  if (cs < 0) return;
  const vs = cs + command.length;
  let ve = s.length;
  const q = s.charCodeAt(cs - 1);
  if (q === 34 || q === 39) {
    const close = s.indexOf(s[cs - 1], vs);
    if (close >= 0) ve = close;
  }
  while (ve > vs && _isSpace(s.charCodeAt(ve - 1))) ve--;
  add(vs, ve);
}

/** Tools whose `login` takes the token as its argument: `cargo login x`, `vault login x`. */
/**
 * PowerShell: `ConvertTo-SecureString "x" -AsPlainText -Force`, `ConvertTo-SecureString
 * -String 'x' -AsPlainText`: the plain text given (not `$env:PW`, not an encrypted
 * string read from a file).
 */
function _secureString(s: string, add: Add): void {
  _SECURE_STRING_RE.lastIndex = 0;
  for (let m = _SECURE_STRING_RE.exec(s); m !== null; m = _SECURE_STRING_RE.exec(s)) {
    const v = _valueAt(s, _SECURE_STRING_RE.lastIndex);
    if (v[1] > v[0] && s.charCodeAt(v[0]) !== 36 && s.charCodeAt(v[0]) !== 40) add(v[0], v[1]);
  }
}

const _SECURE_STRING_RE = /ConvertTo-SecureString +(?:-String +)?/gi;

/** Oracle's clients, which take a logon `user/password@db` as an argument. */
const _ORACLE_TOOL_RE = /sqlplus|sqlldr|impdp|expdp|rman |dgmgrl/;

/**
 * Oracle's logon argument with a connect identifier: `sqlplus system/x@//db:1521/XE`,
 * `impdp admin/x@orcl …`, `sqlplus -s admin/"x"@prod`, `rman target sys/x@db`,
 * `sqlldr userid=u/x@db`: the password (not `sqlplus / as sysdba`, not `sqlplus
 * @script.sql`). A local logon without `@` (`sqlplus system/x`) is not found.
 */
function _oracleLogon(s: string, add: Add): void {
  _ORACLE_LOGON_RE.lastIndex = 0;
  for (let m = _ORACLE_LOGON_RE.exec(s); m !== null; m = _ORACLE_LOGON_RE.exec(s)) {
    const ps = _ORACLE_LOGON_RE.lastIndex - m[1].length;
    const quoted = m[1].charCodeAt(0) === 34;
    add(quoted ? ps + 1 : ps, quoted ? _ORACLE_LOGON_RE.lastIndex - 1 : _ORACLE_LOGON_RE.lastIndex);
  }
}

const _ORACLE_LOGON_RE =
  /(?:^|[\s/])(?:sqlplus|sqlldr|impdp|expdp|rman|dgmgrl)(?:\s+-[A-Za-z]+)*\s+(?:target\s+|userid=)?[A-Za-z][\w$#]{0,63}\/("[^"\s]{1,128}"|[^\s@/"]{1,128})(?=@|\s|$)/g;

const _TOKEN_LOGIN_TOOLS = ["cargo", "vault"];

/** The token of `cargo login x` or `vault login x`, `login ` at `i`. */
function _loginToken(s: string, i: number, add: Add): void {
  const tool = _TOKEN_LOGIN_TOOLS.find((t) => s.endsWith(t + " ", i));
  if (tool === undefined || _commandAt(s, tool, i - tool.length - 1) !== i - tool.length - 1) {
    return;
  }
  const [vs, ve] = _valueAt(s, i + 6);
  // Options (`-method=userpass`), `key=value` pairs and short words stay.
  const eq = s.indexOf("=", vs);
  if (ve - vs < 8 || s.charCodeAt(vs) === 45 || (eq >= 0 && eq < ve)) return;
  add(vs, ve);
}

/**
 * Where a command named `tool` starts in `s`, from `from` on: the word itself (a path
 * to it too: `/usr/bin/htpasswd`, `[command]htpasswd`), followed by whitespace; -1 when
 * there is none. `.htpasswd`, a file, is not the command.
 */
function _commandAt(s: string, tool: string, from: number): number {
  for (let t = s.indexOf(tool, from); t >= 0; t = s.indexOf(tool, t + tool.length)) {
    const before = t === 0 ? 32 : s.charCodeAt(t - 1);
    if (
      (_isSpace(before) || before === 47 || before === 34 || before === 39 || before === 40 ||
        before === 93) &&
      _isSpace(s.charCodeAt(t + tool.length))
    ) return t;
  }
  return -1;
}

/** A word that ends the command: a shell operator or a redirection. */
const _COMMAND_END_RE = /^(?:&&|\|\||[|;&]|\d?>>?|<)$/;

/**
 * Each command named `tool` in `s` (the first 16): its words after the name (at most
 * 16, enough for the options and the password), up to a shell operator or a
 * redirection. Bounded work on a line that repeats the command.
 */
function _invocations(s: string, tool: string): RegExpExecArray[][] {
  const out: RegExpExecArray[][] = [];
  for (
    let t = _commandAt(s, tool, 0);
    t >= 0 && out.length < 16;
    t = _commandAt(s, tool, t + tool.length)
  ) {
    const re = /\S+/g;
    re.lastIndex = t + tool.length;
    const words: RegExpExecArray[] = [];
    for (let m = re.exec(s); m !== null && words.length < 16; m = re.exec(s)) {
      if (_COMMAND_END_RE.test(m[0])) break;
      words.push(m);
    }
    out.push(words);
  }
  return out;
}

/** Masks the value that starts at word `m`. */
function _addWord(s: string, m: RegExpExecArray, add: Add): void {
  const v = _valueAt(s, m.index);
  add(v[0], v[1]);
}

/**
 * htpasswd's password (see {@linkcode HTPASSWD_OPTIONS}): the third word after the
 * options (the second with `-n`), when an option cluster holds `-b`. After the first
 * word that is not an option, every word counts, a password starting with `-` too.
 */
function _htpasswd(s: string, add: Add): void {
  const o = HTPASSWD_OPTIONS;
  for (const words of _invocations(s, "htpasswd")) {
    let batch = false;
    let noFile = false;
    let options = true;
    let skip = false;
    let n = 0;
    for (const m of words) {
      const w = m[0];
      if (skip || (options && w === "--")) {
        skip = false;
        options = !(w === "--");
        continue;
      }
      if (options && w.length > 1 && w.charCodeAt(0) === 45) {
        for (let j = 1; j < w.length; j++) {
          if (w[j] === o.batch) batch = true;
          else if (w[j] === o.noFile) noFile = true;
          else if (o.valued.includes(w[j])) {
            skip = j === w.length - 1; // -C 10 (a glued -C10 holds its value)
            break;
          }
        }
        continue;
      }
      options = false;
      if (!batch) break;
      if (n++ === (noFile ? 1 : 2)) {
        _addWord(s, m, add);
        break;
      }
    }
  }
}

/**
 * rabbitmqctl's password (see {@linkcode RABBITMQCTL_OPTIONS}): the second word after
 * `add_user` or `change_password`, its known options passed over wherever they stand;
 * any other word counts, a password starting with `-` too.
 */
function _rabbitmqctl(s: string, add: Add): void {
  const o = RABBITMQCTL_OPTIONS;
  for (const words of _invocations(s, "rabbitmqctl")) {
    let sub = false;
    let skip = false;
    let n = 0;
    for (const m of words) {
      const w = m[0];
      if (skip || o.valued.includes(w)) {
        skip = !skip;
        continue;
      }
      if (o.switches.includes(w) || (w.startsWith("--") && w.indexOf("=") > 2)) continue;
      if (!sub) {
        if (o.subs.includes(w)) sub = true;
        else if (w.charCodeAt(0) !== 45) break; // another sub-command
        continue;
      }
      if (n++ === 1) {
        _addWord(s, m, add);
        break;
      }
    }
  }
}

/**
 * MinIO's secret key (see {@linkcode MC_OPTIONS}): the fourth word after `alias set`
 * (or `config host add`), its known options passed over wherever they stand.
 */
function _mc(s: string, add: Add): void {
  const o = MC_OPTIONS;
  for (const words of _invocations(s, "mc")) {
    let sub: readonly string[] | undefined;
    let matched = 0;
    let skip = false;
    let n = 0;
    for (const m of words) {
      const w = m[0];
      if (skip) {
        skip = false;
        continue;
      }
      if (sub === undefined || matched === sub.length) {
        const eq = w.indexOf("=");
        const name = eq > 0 ? w.slice(0, eq) : w;
        if (o.switches.includes(name)) continue;
        if (o.valued.includes(name)) {
          skip = eq < 0; // `--api S3v4` (`--api=S3v4` holds its value)
          continue;
        }
      }
      if (sub === undefined) {
        sub = o.subs.find((words) => words[0] === w);
        if (sub === undefined) break;
        matched = 1;
        continue;
      }
      if (matched < sub.length) {
        if (w !== sub[matched++]) break;
        continue;
      }
      if (n++ === o.secretAt) {
        _addWord(s, m, add);
        break;
      }
    }
  }
}
