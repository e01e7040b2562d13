/**
 * Shell words as the argument-credential rules (`args.ts`) read them: where an
 * argument starts and ends, a value of bare and quoted parts, the words of the
 * command at a position, and each invocation of a named command. Bounded work:
 * nothing backtracks, every scan has a limit.
 *
 * @module
 */

import { quotedQuoteLength } from "./chars.ts";

/**
 * Flags and `@` signs looked at per line: command lines have a few dozen at most, and
 * the bound keeps a line of nothing but flags linear.
 */
export const MAX_FLAGS = 256;

/** Records a span `[a, b)` to mask. */
export type Add = (a: number, b: number) => void;

export function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/** Where an argument starts: line start, after a space, a quote or `(`. */
export function argStart(s: string, i: number): boolean {
  if (i === 0) return true;
  const c = s.charCodeAt(i - 1);
  return c === 32 || c === 9 || c === 34 || c === 39 || c === 40;
}

/** The end of an argument value starting at `i`: whitespace, a quote, `;|&)<>`, `\`. */
export function argEnd(s: string, i: number): number {
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
export function valueAt(s: string, i: number): [number, number] {
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
    const e = argEnd(s, i);
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
export function spacedValue(s: string, fe: number): [number, number] | undefined {
  if (!isSpace(s.charCodeAt(fe))) return undefined;
  let i = fe + 1;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  if (i >= s.length) return undefined;
  return valueAt(s, i);
}

/** The program and sub-command words of the command holding position `p`. */
export function commandWords(s: string, p: number): string[] {
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

/** From the end of a value: past the rest of its word (a closing quote), then spaces. */
export function pastWord(s: string, i: number): number {
  while (i < s.length && s.charCodeAt(i) !== 124 && !isSpace(s.charCodeAt(i))) i++;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Where the command starting at `i` ends: the next `|`, `;` or `&&`, or the line end. */
export function commandEnd(s: string, i: number): number {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 124 || c === 59 || (c === 38 && s.charCodeAt(i + 1) === 38)) return i;
  }
  return i;
}

/**
 * Whether a command starts at `i`: only spaces before it, or a prompt or a shell
 * operator (`C:\> `, `+ `, `$ `, `&& `, `; `, `| `, `(`); not prose.
 */
export function commandStart(s: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && isSpace(s.charCodeAt(j))) j--;
  if (j < 0) return true;
  const c = s.charCodeAt(j);
  // > + $ & ; | (
  return c === 62 || c === 43 || c === 36 || c === 38 || c === 59 || c === 124 || c === 40;
}

/**
 * Where a command named `tool` starts in `s`, from `from` on: the word itself (a path
 * to it too: `/usr/bin/htpasswd`, `[command]htpasswd`), followed by whitespace; -1 when
 * there is none. `.htpasswd`, a file, is not the command.
 */
export function commandAt(s: string, tool: string, from: number): number {
  for (let t = s.indexOf(tool, from); t >= 0; t = s.indexOf(tool, t + tool.length)) {
    const before = t === 0 ? 32 : s.charCodeAt(t - 1);
    if (
      (isSpace(before) || before === 47 || before === 34 || before === 39 || before === 40 ||
        before === 93) &&
      isSpace(s.charCodeAt(t + tool.length))
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
export function invocations(s: string, tool: string): RegExpExecArray[][] {
  const out: RegExpExecArray[][] = [];
  for (
    let t = commandAt(s, tool, 0);
    t >= 0 && out.length < 16;
    t = commandAt(s, tool, t + tool.length)
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

/** Past the closing quote of a quoted value that ends at `e` (its inside's end). */
export function pastQuote(s: string, e: number): number {
  const c = s.charCodeAt(e);
  return c === 34 || c === 39 ? e + 1 : e;
}

/** Masks the value that starts at word `m`. */
export function addWord(s: string, m: RegExpExecArray, add: Add): void {
  const v = valueAt(s, m.index);
  add(v[0], v[1]);
}
