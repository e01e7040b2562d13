/**
 * Passwords in argument position (see `args.ts`): for each command of
 * {@linkcode POSITIONAL_PASSWORDS} (`htpasswd -b file user x`, `rabbitmqctl add_user u
 * x`, `mc alias set s3 url key x`) whose cues the line holds, each invocation's words are
 * read as its options say, and the word at the password's position is masked. Two ways
 * to read options cover them: clustered one-letter options first (`htpasswd -nbC 10`),
 * and named options anywhere around a sub-command (`rabbitmqctl -n node add_user`).
 *
 * @module
 */

import { type ClusteredOptions, type NamedOptions, POSITIONAL_PASSWORDS } from "./arg_tools.ts";
import { type Add, addWord, invocations } from "./arg_words.ts";

/**
 * An option with its value (`--timeout=30`): a lowercase name. A word like `--dtLo=7r~in:X`
 * at the secret's place is the secret (a password may open with dashes), not an option.
 */
const _LONG_EQ_RE = /^--[a-z][a-z0-9-]*=/;
/** Masks the positional passwords of the commands of `arg_tools.ts` in `s`. */
export function maskPositionalPasswords(s: string, add: Add): void {
  for (const r of POSITIONAL_PASSWORDS) {
    if (!_hasCues(s, r.cues)) continue;
    if (r.options.style === "clustered") _clustered(s, r.tool, r.options, add);
    else _named(s, r.tool, r.options, add);
  }
}

/**
 * Whether `s` holds a cue of each group (plain loops: no closure per line). The last
 * group, the most specific, is looked for first; the first is the line scan's cue.
 */
function _hasCues(s: string, cues: readonly (readonly string[])[]): boolean {
  for (let g = cues.length - 1; g >= 0; g--) {
    const group = cues[g];
    let found = false;
    for (let k = 0; k < group.length && !found; k++) found = s.indexOf(group[k]) >= 0;
    if (!found) return false;
  }
  return true;
}

/**
 * Clustered options first: the password is the `secretAt`-th word after them (the
 * shifted position when a cluster holds the shift letter), when a cluster holds the
 * enabling letter. After the first word that is not an option, every word counts, a
 * password starting with `-` too.
 */
function _clustered(s: string, tool: string, o: ClusteredOptions, add: Add): void {
  for (const words of invocations(s, tool)) {
    let enabled = false;
    let shifted = false;
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
          if (w[j] === o.enable) enabled = true;
          else if (w[j] === o.shift.letter) shifted = true;
          else if (o.valued.includes(w[j])) {
            skip = j === w.length - 1; // -C 10 (a glued -C10 holds its value)
            break;
          }
        }
        continue;
      }
      options = false;
      if (!enabled) break;
      if (n++ === (shifted ? o.shift.secretAt : o.secretAt)) {
        addWord(s, m, add);
        break;
      }
    }
  }
}

/**
 * Named options anywhere (not between the words of a sub-command): the password is the
 * `secretAt`-th word after the sub-command; any other word counts, a password starting
 * with `-` too.
 */
function _named(s: string, tool: string, o: NamedOptions, add: Add): void {
  for (const words of invocations(s, tool)) {
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
        const eq = o.splitEq ? w.indexOf("=") : -1;
        const name = eq > 0 ? w.slice(0, eq) : w;
        if (o.switches.includes(name)) continue;
        if (o.valued.includes(name)) {
          skip = eq < 0; // `--api S3v4` (`--api=S3v4` holds its value)
          continue;
        }
        if (o.skipLongEq && _LONG_EQ_RE.test(w)) continue;
      }
      if (sub === undefined) {
        sub = o.subs.find((words) => words[0] === w);
        if (sub === undefined) {
          if (o.passUnknown && w.charCodeAt(0) === 45) continue;
          break; // another sub-command
        }
        matched = 1;
        continue;
      }
      if (matched < sub.length) {
        if (w !== sub[matched++]) break;
        continue;
      }
      if (n++ === o.secretAt) {
        addWord(s, m, add);
        break;
      }
    }
  }
}
