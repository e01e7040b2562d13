/**
 * Passwords piped into a command that reads them from stdin (see `args.ts`):
 * `echo x | docker login --password-stdin`, `echo x | sudo -S …`, `echo x | passwd
 * --stdin u`, `echo u:x | chpasswd` (also `printf`, its format passed over).
 *
 * @module
 */

import { type Add, commandEnd, MAX_FLAGS, pastWord, valueAt } from "./arg_words.ts";

/** Commands that read a password from stdin (a cheap first test of a line). */
const _STDIN_READER_RE = /--password-stdin(?![\w.-])|sudo\s|chpasswd|passwd\s+--stdin/;

/**
 * `echo x | … --password-stdin`, `echo x | sudo -S …`, `echo x | passwd --stdin u`,
 * `echo u:x | chpasswd` (also `printf`, its format passed over); a quoted value may
 * hold a `|`.
 */
export function maskStdinPasswords(s: string, add: Add): void {
  if (!_STDIN_READER_RE.test(s)) return;
  const re = /(?:^|[\s"'(\]])(echo|printf)\s+(?:-[ne]{1,2}\s+)?/g;
  let budget = MAX_FLAGS / 4;
  for (let m = re.exec(s); m !== null && budget-- > 0; m = re.exec(s)) {
    let v = valueAt(s, m.index + m[0].length);
    let i = pastWord(s, v[1]);
    const pct = m[1] === "printf" ? s.indexOf("%", v[0]) : -1;
    if (pct >= 0 && pct < v[1]) {
      // printf '%s\n' x: the format, then the value.
      if (i >= s.length || s.charCodeAt(i) === 124) continue;
      v = valueAt(s, i);
      i = pastWord(s, v[1]);
    }
    // After the argument (its closing quote, when quoted) comes the pipe.
    if (s.charCodeAt(i) !== 124 || s.charCodeAt(i + 1) === 124) continue;
    // The command the value is piped into is the one that reads it.
    const reads = _readsStdin(s.slice(i + 1, commandEnd(s, i + 1)));
    if (reads === _STDIN_NONE) continue;
    if (reads === _STDIN_PASSWORD) add(v[0], v[1]);
    else {
      // chpasswd reads `user:password`.
      const colon = s.indexOf(":", v[0]);
      if (colon > v[0] && colon < v[1] - 1) add(colon + 1, v[1]);
    }
  }
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
