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
 * What each tool takes is data: the short flags in `arg_flags.ts`, the other per-tool
 * tables (secret value flags, positional passwords, login tokens, CI secret commands,
 * FreeRDP's flags, Oracle's clients, poetry's keys) in `arg_tools.ts`, each entry with
 * examples that must be masked and must not. The mechanism: shell words
 * (`arg_words.ts`), options (`arg_options.ts`), positional passwords
 * (`arg_positional.ts`) and the generic forms below.
 *
 * Everything is found from cheap anchors (a `-` after a space, `@`, `password `,
 * `set `, `-stdin`, `/p:`); values end at whitespace or a quote; nothing backtracks.
 *
 * @module
 */

import { applySpans } from "./chars.ts";
import { SHORT_PASSWORD_FLAGS, type ShortPasswordFlag } from "./arg_flags.ts";
import {
  GLUED_PASSWORD_FLAGS,
  LOGIN_TOKENS,
  LOGON_TOOLS,
  POSITIONAL_PASSWORDS,
  SECRET_COMMANDS,
  SECRET_SET_KEYS,
  type SecretSetKey,
} from "./arg_tools.ts";
import { maskOptionCredentials } from "./arg_options.ts";
import { maskPositionalPasswords } from "./arg_positional.ts";
import { maskStdinPasswords } from "./arg_stdin.ts";
import {
  type Add,
  argEnd,
  commandAt,
  commandStart,
  isSpace,
  MAX_FLAGS,
  pastQuote,
  spacedValue,
  valueAt,
} from "./arg_words.ts";
import { isPlaceholderValue, isSecretKeyName, placeholderEnd, quotedLiteralAt } from "./fields.ts";

export { SHORT_PASSWORD_FLAGS, type ShortPasswordFlag };

/** Words after which `name:password` is a credential. */
const _CRED_WORDS = ["credentials", "credential", "creds", "login", "auth", "userpass"];
/** The same words with the space after them (built once, not per line). */
const _CRED_WORDS_SP = _CRED_WORDS.map((w) => w + " ");

/** A literal as a regular expression's source. */
function _literal(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Any cue of the rules of {@linkcode maskArgCredentials}: exactly the union of the
 * substrings its rules are gated on (a line without one is returned as it is), the
 * tables' cues included.
 */
const _CUES_RE = new RegExp(
  [
    ...new Set([
      " -",
      "^-",
      "@",
      "password ",
      "set ",
      "SET ",
      "config ",
      "-stdin",
      "chpasswd",
      ...GLUED_PASSWORD_FLAGS.flatMap((r) => r.flags).map(_literal),
      ..._CRED_WORDS_SP,
      ...POSITIONAL_PASSWORDS.flatMap((r) => r.cues[0]).map(_literal),
      // `net use`'s `/user:` and `net user`'s `/add`: a cue of `/` and ` `, characters
      // other cues start with (a new first character, `n`, slowed the scan by 5 %).
      "/user:",
      "/USER:",
      " /add",
      " /ADD",
      ...SECRET_COMMANDS.map((r) => _literal(r.cue)),
    ]),
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
    maskOptionCredentials(s, add);
    // `ConvertTo-SecureString "x" -AsPlainText`: plain text needs that flag.
    if (s.indexOf("SecureString ") >= 0) _secureString(s, add);
  }
  if (s.indexOf("@") >= 0) {
    _userAtHost(s, add);
    if (_LOGON_CUE_RE.test(s)) _logon(s, add);
  }
  if (s.indexOf("password ") >= 0) _netrc(s, add);
  if (s.indexOf("set ") >= 0 || s.indexOf("SET ") >= 0 || s.indexOf("config ") >= 0) {
    _setCommand(s, add);
  }
  if (s.indexOf("|") >= 0) maskStdinPasswords(s, add);
  _gluedFlags(s, add);
  for (const w of _CRED_WORDS_SP) {
    const i = s.indexOf(w);
    if (i < 0) continue;
    _credAfterWord(s, i + w.length, add);
    if (w === "login ") _loginToken(s, i, add);
  }
  maskPositionalPasswords(s, add);
  if (_NET_USE_START_RE.test(s)) _netUse(s, add);
  for (const c of SECRET_COMMANDS) _secretCommand(s, c.marker, add);
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}

/** `user:password@host` without a scheme (the scheme form is masked before). */
function _userAtHost(s: string, add: Add): void {
  let at = s.indexOf("@");
  let budget = MAX_FLAGS;
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
      // … but a colon before it with no address between makes one `user:password`
      // holding the `,` (`admin:a,b,c:d@h`); an `@` no host follows is the password's
      // too (`ci:vHYtlX@b=,:KU+k3@git.example.com`, `admin:7l4s@Jvs=,se+m:x@db-1.x.com`).
      const c = s.indexOf(":", st);
      if (c < 0 || c >= soft || _hostAtBetween(s, st, soft)) st = soft;
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

/** Whether an `@` between `from` and `to` is followed by a host (an address ends there). */
function _hostAtBetween(s: string, from: number, to: number): boolean {
  for (let k = s.indexOf("@", from); k >= 0 && k < to; k = s.indexOf("@", k + 1)) {
    if (_isHostAt(s, k + 1)) return true;
  }
  return false;
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
  let budget = MAX_FLAGS / 4;
  while (p >= 0 && budget-- > 0) {
    const before = s.slice(Math.max(0, p - 300), p);
    if (
      (p === 0 || isSpace(s.charCodeAt(p - 1))) &&
      /(?:^|\s)(?:login|machine|default|user)\s+\S+\s+(?:\S+\s+)?$/.test(before) &&
      /(?:^|\s)(?:machine|default|login)\s/.test(before)
    ) {
      const v = spacedValue(s, p + 8);
      if (v !== undefined) add(v[0], v[1]);
    }
    p = s.indexOf("password ", p + 9);
  }
}

/** `… set <secret key> <value>`, `git config [--global] <secret key> <value>`. */
function _setCommand(s: string, add: Add): void {
  const re = /(?:^|[\s"'\]])(?:set|SET|Set|config)(?=\s)/g;
  let budget = MAX_FLAGS / 4;
  for (let m = re.exec(s); m !== null && budget-- > 0; m = re.exec(s)) {
    let i = m.index + m[0].length;
    // Options between the verb and the key: -gx, --global, --location=user.
    for (let n = 0; n < 4; n++) {
      while (i < s.length && isSpace(s.charCodeAt(i))) i++;
      if (s.charCodeAt(i) !== 45) break;
      while (i < s.length && !isSpace(s.charCodeAt(i))) i++;
    }
    const ks = i;
    const ke = argEnd(s, ks);
    if (ke === ks || ke - ks > 200) continue;
    const key = s.slice(ks, ke);
    // A key of `arg_tools.ts`: `config http-basic.repo user password`.
    let known: SecretSetKey | undefined;
    for (const k of SECRET_SET_KEYS) if (known === undefined && key.startsWith(k.prefix)) known = k;
    if (known !== undefined) {
      let v = spacedValue(s, ke);
      for (let k = 0; k < known.skip && v !== undefined; k++) {
        v = spacedValue(s, pastQuote(s, v[1]));
      }
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
    const v = spacedValue(s, _TO_RE.test(s) ? _TO_RE.lastIndex : ke);
    if (v === undefined) continue;
    const word = s.slice(v[0], v[1]);
    // `gh secret set NAME --body x`: an option, whose value the flag rules mask.
    if (_OPTION_NAME_RE.test(word) && spacedValue(s, v[1]) !== undefined) continue;
    if (word !== "FOR" && word !== "for") {
      add(v[0], v[1]);
      continue;
    }
    // SQL: `SET PASSWORD FOR 'u'@'h' = 'x'` (`= PASSWORD('x')` is masked as a call's).
    const eq = s.indexOf("=", v[1]);
    if (eq < 0 || eq - v[1] > 200) continue;
    let at = eq + 1;
    while (at < s.length && isSpace(s.charCodeAt(at))) at++;
    const lit = quotedLiteralAt(s, at);
    if (lit !== undefined) add(lit[0], lit[1]);
  }
}

const _TO_RE = / to(?=\s)/y;

/** A long option's name (`--body`), not a password that starts with dashes. */
const _OPTION_NAME_RE = /^--[a-z][a-z-]{1,30}$/;

/** The glued password flags of `arg_tools.ts`. */
const _GLUED_FLAGS = GLUED_PASSWORD_FLAGS.flatMap((r) => r.flags);

/** Glued password flags at a word's start (`arg_tools.ts`): FreeRDP's `/p:x`, `/password:x`. */
function _gluedFlags(s: string, add: Add): void {
  for (const flag of _GLUED_FLAGS) {
    let i = s.indexOf(flag);
    while (i >= 0) {
      if (i === 0 || isSpace(s.charCodeAt(i - 1))) {
        const v = valueAt(s, i + flag.length);
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
    if (!commandStart(s, m.index)) continue;
    const user = m[1].length === 5; // ` user`
    let i = _NET_USE_RE.lastIndex;
    for (let word = 0; word < 8; word++) {
      while (isSpace(s.charCodeAt(i))) i++;
      let e = i;
      while (e < s.length && !isSpace(s.charCodeAt(e))) e++;
      if (e === i) return;
      const w = s.slice(i, e);
      if (w === "&&" || w === "|" || w === "||" || w === "&" || w === ";") break;
      const c = s.charCodeAt(i);
      const named = user && word === 0; // net user NAME
      if (!named && c !== 47 && c !== 92 && w !== "*" && !/^[A-Za-z]:$/.test(w)) {
        const [vs, ve] = valueAt(s, i);
        add(vs, ve);
      }
      i = e;
    }
  }
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
  const [vs, ve] = valueAt(s, i);
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
    // an `@` right after the colon opens the password (`deploy:@x.Y`), never ends it
    if (at > colon + 1 && _isHostAt(s, at + 1)) pe = at;
  }
  add(colon + 1, pe);
}

/**
 * The value of a CI command that registers a secret (`::add-mask::x`, Azure's
 * `##vso[task.setsecret]x`): to the line's end, or to the quote that closes the
 * command (`echo "::add-mask::x"`).
 */
function _secretCommand(s: string, command: string, add: Add): void {
  const cs = s.indexOf(command);
  if (cs < 0) return;
  const vs = cs + command.length;
  let ve = s.length;
  const q = s.charCodeAt(cs - 1);
  if (q === 34 || q === 39) {
    const close = s.indexOf(s[cs - 1], vs);
    if (close >= 0) ve = close;
  }
  while (ve > vs && isSpace(s.charCodeAt(ve - 1))) ve--;
  add(vs, ve);
}

/**
 * PowerShell: `ConvertTo-SecureString "x" -AsPlainText -Force`, `ConvertTo-SecureString
 * -String 'x' -AsPlainText`: the plain text given (not `$env:PW`, not an encrypted
 * string read from a file).
 */
function _secureString(s: string, add: Add): void {
  _SECURE_STRING_RE.lastIndex = 0;
  for (let m = _SECURE_STRING_RE.exec(s); m !== null; m = _SECURE_STRING_RE.exec(s)) {
    const v = valueAt(s, _SECURE_STRING_RE.lastIndex);
    if (v[1] > v[0] && s.charCodeAt(v[0]) !== 36 && s.charCodeAt(v[0]) !== 40) add(v[0], v[1]);
  }
}

const _SECURE_STRING_RE = /ConvertTo-SecureString +(?:-String +)?/gi;

/** The cues of the clients that take a logon `user/password@db` (`arg_tools.ts`). */
const _LOGON_CUE_RE = new RegExp(LOGON_TOOLS.cues.map(_literal).join("|"));

/**
 * Oracle's logon argument with a connect identifier: `sqlplus system/x@//db:1521/XE`,
 * `impdp admin/x@orcl …`, `sqlplus -s admin/"x"@prod`, `rman target sys/x@db`,
 * `sqlldr userid=u/x@db`: the password (not `sqlplus / as sysdba`, not `sqlplus
 * @script.sql`). A local logon without `@` (`sqlplus system/x`) is not found.
 */
function _logon(s: string, add: Add): void {
  _LOGON_RE.lastIndex = 0;
  for (let m = _LOGON_RE.exec(s); m !== null; m = _LOGON_RE.exec(s)) {
    const ps = _LOGON_RE.lastIndex - m[1].length;
    const quoted = m[1].charCodeAt(0) === 34;
    add(quoted ? ps + 1 : ps, quoted ? _LOGON_RE.lastIndex - 1 : _LOGON_RE.lastIndex);
  }
}

const _LOGON_RE = new RegExp(
  `(?:^|[\\s/])(?:${LOGON_TOOLS.tools.map(_literal).join("|")})(?:\\s+-[A-Za-z]+)*\\s+` +
    `(?:target\\s+|userid=)?[A-Za-z][\\w$#]{0,63}\\/("[^"\\s]{1,128}"|[^\\s@/"]{1,128})(?=@|\\s|$)`,
  "g",
);

/** The token of `cargo login x` or `vault login x`, `login ` at `i`. */
function _loginToken(s: string, i: number, add: Add): void {
  const tool = LOGIN_TOKENS.tools.find((t) => s.endsWith(t + " ", i));
  if (tool === undefined || commandAt(s, tool, i - tool.length - 1) !== i - tool.length - 1) {
    return;
  }
  const [vs, ve] = valueAt(s, i + 6);
  // Options (`-method=userpass`), `key=value` pairs and short words stay.
  const eq = s.indexOf("=", vs);
  if (ve - vs < LOGIN_TOKENS.minLength || s.charCodeAt(vs) === 45 || (eq >= 0 && eq < ve)) return;
  add(vs, ve);
}
