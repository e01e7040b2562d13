/**
 * Regular expressions of custom rules: whether a pattern or a flags string is
 * valid, the sanitize RegExp of a rule, and the combination of many patterns
 * into one RegExp (flags as modifier groups, numbered backreferences shifted
 * past the groups of the earlier patterns).
 *
 * @module
 */

import type { _Fail } from "./schema.ts";
import type { TrimSanitizeRule } from "../types.ts";

/** The sanitize RegExp of a validated rule: its flags plus `g`. */
export function _sanitizeRegExp(rule: TrimSanitizeRule): RegExp {
  const p = rule.pattern;
  const source = p instanceof RegExp ? p.source : p;
  return new RegExp(source, _mergeFlags(p instanceof RegExp ? p.flags : "", rule.flags ?? "", "g"));
}

/** Combine validated patterns; see {@linkcode combinePatterns}. */
export function _combinePatterns(
  patterns: ReadonlyArray<string | RegExp>,
  key: string,
  fail: _Fail,
): RegExp {
  const parts = patterns.map((p) =>
    p instanceof RegExp ? { source: p.source, flags: p.flags } : { source: p, flags: "" }
  );
  const mode = parts.some((p) => p.flags.includes("v"))
    ? "v"
    : parts.some((p) => p.flags.includes("u"))
    ? "u"
    : "";
  let offset = 0;
  const alternatives = parts.map((part, i) => {
    const at = key ? [key, i] : [i];
    const problem = _regexProblem(part.source, mode);
    if (problem) {
      fail(at, mode ? `${problem} (with the "${mode}" flag of another pattern)` : problem);
    }
    const groups = new RegExp(`${part.source}|`, mode).exec("")!.length - 1;
    const body = _shiftBackreferences(part.source, offset, groups, mode);
    offset += groups;
    const modifiers = [..."ims"].filter((f) => part.flags.includes(f)).join("");
    return modifiers ? `(?${modifiers}:${body})` : `(?:${body})`;
  });
  const source = alternatives.join("|");
  const problem = _regexProblem(source, mode);
  if (problem) fail(key ? [key] : [], `the patterns cannot be combined: ${problem}`);
  return new RegExp(source, mode);
}

/**
 * Shift the numbered backreferences of a pattern by `offset` groups.
 *
 * Outside character classes, `\N` with `N <= groups` is a backreference and is
 * rewritten as `(?:\{N+offset})` (the group ends the number). Without
 * `u`/`v`, a larger `\N` is a legacy octal or identity escape; it is rewritten
 * explicitly so that the extra groups of the combined RegExp cannot turn it
 * into a backreference; likewise `\k` becomes `k` in a pattern without named
 * groups.
 */
function _shiftBackreferences(
  source: string,
  offset: number,
  groups: number,
  mode: string,
): string {
  if (mode !== "" && offset === 0) return source;
  // Without u/v and without named groups, `\k` is a plain `k`; next to another
  // pattern's named groups it would become a named backreference.
  const literalK = mode === "" && !_hasNamedGroups(source);
  let out = "";
  let classDepth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (next === "k" && literalK) {
        out += "k";
        i++;
        continue;
      }
      if (classDepth === 0 && next >= "1" && next <= "9") {
        let j = i + 1;
        while (j < source.length && source[j] >= "0" && source[j] <= "9") j++;
        const digits = source.slice(i + 1, j);
        const n = Number(digits);
        if (n <= groups) {
          out += `(?:\\${n + offset})`;
          i = j - 1;
          continue;
        }
        if (mode === "") {
          out += _legacyDigitsEscape(digits);
          i = j - 1;
          continue;
        }
      }
      out += c + next;
      i++;
      continue;
    }
    if (c === "[") {
      if (mode === "v" || classDepth === 0) classDepth++;
    } else if (c === "]" && classDepth > 0) {
      classDepth--;
    }
    out += c;
  }
  return out;
}

/** Whether a pattern has a named capture group `(?<name>…)`. */
function _hasNamedGroups(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(" && source.startsWith("?<", i + 1) && !"=!".includes(source[i + 3])) {
      return true;
    }
  }
  return false;
}

/** `\digits` that is not a backreference (Annex B): a legacy octal escape or a literal digit. */
function _legacyDigitsEscape(digits: string): string {
  const octal = /^(?:[0-3][0-7]{2}|[0-7]{1,2})/.exec(digits);
  if (!octal) return digits; // `\8`, `\9`: identity escapes
  const code = parseInt(octal[0], 8);
  return `\\x${code.toString(16).padStart(2, "0")}${digits.slice(octal[0].length)}`;
}

/** The problem of a regular expression, or `undefined` when it compiles. */
export function _regexProblem(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (err) {
    const detail = _errorMessage(err).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
    return `invalid regular expression ${JSON.stringify(source)}: ${detail}`;
  }
}

/** The problem of a RegExp flags string, or `undefined` when it is valid. */
export function _flagsProblem(flags: string): string | undefined {
  for (const f of flags) {
    if (!"dgimsuvy".includes(f)) {
      return `unknown RegExp flag "${f}" (valid: d, g, i, m, s, u, v, y)`;
    }
  }
  if (new Set(flags).size !== flags.length) return `repeated RegExp flag in "${flags}"`;
  if (flags.includes("u") && flags.includes("v")) return 'the flags "u" and "v" cannot be combined';
  return undefined;
}

/** The union of flag strings, each flag once, in a stable order. */
export function _mergeFlags(...flags: string[]): string {
  const all = flags.join("");
  return [..."dgimsuvy"].filter((f) => all.includes(f)).join("");
}

/** The message of a thrown value. */
export function _errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
