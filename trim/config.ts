/**
 * Custom rules: validation and compilation of `.trim.yml` files and of
 * inline {@linkcode TrimCustomConfig} objects.
 *
 * This module is pure (no file-system access); reading the file is the job of
 * `adapters/config_file.ts`.
 *
 * A `.trim.yml` is a YAML mapping with up to five keys, all optional:
 *
 * - `ignore`: regular expressions; a line matching any of them is dropped.
 * - `keep`: regular expressions; a line matching any of them is always kept.
 * - `sanitize`: a list of `{ pattern, replacement, flags }` rules applied after
 *   the built-in sanitizer (`g` is always added to `flags`).
 * - `sources`: a list of `{ name, markers }` merged into source detection
 *   (markers are literal strings, not regular expressions).
 * - `internalStackPatterns`: regular expressions of stack frames to hide as
 *   internal library frames.
 *
 * Pattern strings are JavaScript regular-expression sources compiled without
 * flags (write `(?i:error)` for a case-insensitive part). In YAML, prefer single
 * quotes so that backslashes stay literal: `'took \d+ms'`. A list key also
 * accepts a single string. An empty key (`ignore:` with no value) is "not set".
 *
 * Every problem raises a {@linkcode TrimError} with code `INVALID_CONFIG` and a
 * message `file:line: key: problem`, e.g.
 * `.trim.yml:7: ignore[2]: invalid regular expression "(": Unterminated group`.
 *
 * @module
 */

import { nearestKey } from "../common/nearest.ts";
export { editDistance, nearestKey } from "../common/nearest.ts";
import { TrimError } from "./errors.ts";
import type { TrimCustomConfig, TrimCustomSource, TrimSanitizeRule } from "./types.ts";

/**
 * A validated, compiled custom configuration, ready for the pipeline.
 *
 * `ignore`, `keep` and `internalStackPatterns` are each one combined,
 * stateless RegExp (no `g`/`y` flag, so `.test()` can be called repeatedly);
 * they are `undefined` when the list is empty. Numbered backreferences of
 * each pattern are renumbered, so combining never changes what matches.
 *
 * @example Testing lines against compiled rules
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CompiledTrimConfig, compileTrimConfig } from "./config.ts";
 * const compiled: CompiledTrimConfig = compileTrimConfig({ keep: ["PAYMENT"], internalStackPatterns: ["/vendor/acme/"] });
 * assert.ok(compiled.keep?.test("PAYMENT declined") === true);
 * assert.ok(compiled.internalStackPatterns?.test("    at f (/app/vendor/acme/x.js:1:1)") === true);
 * assert.ok(compiled.ignore === undefined && compiled.sanitize.length === 0);
 * ```
 */
export interface CompiledTrimConfig {
  /** Lines matching this are dropped. */
  ignore?: RegExp;
  /** Lines matching this are always kept. */
  keep?: RegExp;
  /** Sanitizer rules, in order; each `re` has the `g` flag. */
  sanitize: ReadonlyArray<{ re: RegExp; replacement: string }>;
  /** Extra sources merged into source detection. */
  sources: ReadonlyArray<{ name: string; markers: readonly string[] }>;
  /** Stack frames matching this are hidden as internal library frames. */
  internalStackPatterns?: RegExp;
}

/** The top-level keys of a `.trim.yml`, in documentation order. */
export const TRIM_CONFIG_KEYS: readonly string[] = Object.freeze([
  "ignore",
  "keep",
  "sanitize",
  "sources",
  "internalStackPatterns",
]);

const _SANITIZE_KEYS: readonly string[] = ["pattern", "replacement", "flags"];
const _SOURCE_KEYS: readonly string[] = ["name", "markers"];
const _PATTERN_LIST_KEYS = ["ignore", "keep", "internalStackPatterns"] as const;

export type _Path = ReadonlyArray<string | number>;
/** Reports a problem at a path; `atKey` points at the key rather than its value. */
export type _Fail = (path: _Path, problem: string, atKey?: boolean) => never;

/**
 * Validate a configuration (parsed or inline) and compile its patterns.
 *
 * @param config The configuration, e.g. from `parseTrimConfig` (trim/config_yaml.ts) or
 *   the `config` option.
 * @param origin Names the configuration in error messages (default `config`).
 * @returns The compiled configuration.
 * @throws {TrimError} `INVALID_CONFIG` with a message `origin: key: problem`.
 *
 * @example Compiling an inline configuration
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileTrimConfig } from "./config.ts";
 * const compiled = compileTrimConfig({
 *   ignore: ["^DEBUG ", /heartbeat/i],
 *   sanitize: [{ pattern: "user=\\w+", replacement: "user=[USER]" }],
 * });
 * assert.ok(compiled.ignore?.test("HEARTBEAT ok") === true);
 * assert.ok("login user=bob".replace(compiled.sanitize[0].re, compiled.sanitize[0].replacement) === "login user=[USER]");
 * assert.ok(compiled.keep === undefined && compiled.sources.length === 0);
 * ```
 */
export function compileTrimConfig(
  config: TrimCustomConfig,
  origin: string = "config",
): CompiledTrimConfig {
  const fail: _Fail = (path, problem) => {
    const key = _formatPath(path);
    throw new TrimError(
      "INVALID_CONFIG",
      key ? `${origin}: ${key}: ${problem}` : `${origin}: ${problem}`,
    );
  };
  const normalized = _normalizeConfig(config, fail, false);
  const compiled: {
    ignore?: RegExp;
    keep?: RegExp;
    internalStackPatterns?: RegExp;
    sanitize: Array<{ re: RegExp; replacement: string }>;
    sources: Array<{ name: string; markers: readonly string[] }>;
  } = { sanitize: [], sources: [] };
  for (const key of _PATTERN_LIST_KEYS) {
    const list = normalized[key];
    if (list && list.length > 0) compiled[key] = _combinePatterns(list, key, fail);
  }
  for (const rule of normalized.sanitize ?? []) {
    compiled.sanitize.push({ re: _sanitizeRegExp(rule), replacement: rule.replacement });
  }
  for (const source of normalized.sources ?? []) {
    compiled.sources.push(Object.freeze({ name: source.name, markers: [...source.markers] }));
  }
  return compiled;
}

/**
 * Merge configurations: every list is concatenated in argument order (so the
 * sanitize rules of a later configuration run after those of an earlier one).
 * `undefined` arguments are skipped. Nothing is validated here.
 *
 * @param configs Configurations, e.g. the `.trim.yml` then the inline `config`.
 * @returns The merged configuration (keys without entries are omitted).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeTrimConfigs } from "./config.ts";
 * const merged = mergeTrimConfigs({ ignore: ["a"] }, undefined, { ignore: ["b"], keep: ["c"] });
 * assert.ok(merged.ignore?.join() === "a,b" && merged.keep?.join() === "c");
 * ```
 */
export function mergeTrimConfigs(
  ...configs: Array<TrimCustomConfig | undefined>
): TrimCustomConfig {
  const out: TrimCustomConfig = {};
  for (const config of configs) {
    if (!config) continue;
    for (const key of _PATTERN_LIST_KEYS) {
      const list = config[key];
      if (list && list.length > 0) out[key] = [...(out[key] ?? []), ...list];
    }
    if (config.sanitize?.length) out.sanitize = [...(out.sanitize ?? []), ...config.sanitize];
    if (config.sources?.length) out.sources = [...(out.sources ?? []), ...config.sources];
  }
  return out;
}

/**
 * Combine patterns into one RegExp matching a line when any pattern does.
 *
 * Each pattern becomes one alternative; its `i`, `m`, `s` flags become a
 * modifier group (`(?i:…)`), `g`, `y` and `d` are dropped, and its numbered
 * backreferences are shifted past the groups of the earlier patterns. The
 * result has the `v` or `u` flag when a RegExp input had it.
 *
 * @param patterns Regular-expression sources or RegExp objects.
 * @returns The combined RegExp, or `undefined` for an empty list.
 * @throws {TrimError} `INVALID_CONFIG` when a pattern is invalid.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { combinePatterns } from "./config.ts";
 * const re = combinePatterns(["(a)\\1", /(B)\1/i])!;
 * assert.ok(re.test("xaa") && re.test("bB") && !re.test("ab"));
 * ```
 */
export function combinePatterns(patterns: ReadonlyArray<string | RegExp>): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  const fail: _Fail = (path, problem) => {
    throw new TrimError("INVALID_CONFIG", `patterns${_formatPath(path)}: ${problem}`);
  };
  patterns.forEach((p, i) => _checkPattern(p, [i], fail));
  return _combinePatterns(patterns, "", fail);
}

/**
 * Validate the shape of a whole configuration and every regular expression in it.
 * YAML-derived values are never RegExp objects, so `fromYaml` only tunes hints.
 */
export function _normalizeConfig(value: unknown, fail: _Fail, fromYaml: boolean): TrimCustomConfig {
  if (value === null || value === undefined) return {};
  if (!_isPlainObject(value)) {
    fail(
      [],
      `expected a mapping with the keys ${TRIM_CONFIG_KEYS.join(", ")}, got ${_describe(value)}`,
    );
  }
  const out: TrimCustomConfig = {};
  for (const key of Object.keys(value)) {
    if (!TRIM_CONFIG_KEYS.includes(key)) fail([key], _unknownKey(key, TRIM_CONFIG_KEYS), true);
  }
  for (const key of _PATTERN_LIST_KEYS) {
    const list = _patternList(value[key], [key], fail, fromYaml);
    if (list) out[key] = list;
  }
  const sanitize = value.sanitize;
  if (sanitize !== null && sanitize !== undefined) {
    const items = _asList(sanitize);
    if (!items) fail(["sanitize"], `expected a list of rules, got ${_describe(sanitize)}`);
    out.sanitize = items.map((item, i) => _sanitizeRule(item, ["sanitize", i], fail, fromYaml));
  }
  const sources = value.sources;
  if (sources !== null && sources !== undefined) {
    const items = _asList(sources);
    if (!items) fail(["sources"], `expected a list of sources, got ${_describe(sources)}`);
    const seen = new Map<string, number>();
    out.sources = items.map((item, i) => {
      const source = _source(item, ["sources", i], fail);
      const first = seen.get(source.name);
      if (first !== undefined) {
        fail(
          ["sources", i, "name"],
          `duplicate source name "${source.name}" (see sources[${first}])`,
        );
      }
      seen.set(source.name, i);
      return source;
    });
  }
  return out;
}

/** A list key: a list of patterns or one pattern; `undefined` when not set. */
function _patternList(
  value: unknown,
  path: _Path,
  fail: _Fail,
  fromYaml: boolean,
): Array<string | RegExp> | undefined {
  if (value === null || value === undefined) return undefined;
  const items = _asList(value) ??
    (typeof value === "string" || value instanceof RegExp ? [value] : undefined);
  if (!items) {
    fail(path, `expected a list of regular expressions, got ${_describe(value)}`);
  }
  const isList = Array.isArray(value);
  return items.map((item, i) => {
    const at = isList ? [...path, i] : path;
    return _checkPattern(item, at, fail, fromYaml);
  });
}

/** One pattern: a non-empty string that compiles, or a RegExp. */
function _checkPattern(item: unknown, path: _Path, fail: _Fail, fromYaml = false): string | RegExp {
  if (item instanceof RegExp) return item;
  if (typeof item !== "string") {
    const hint = fromYaml && (typeof item === "number" || typeof item === "boolean")
      ? ` (quote it: "${String(item)}")`
      : "";
    fail(path, `expected a regular expression string, got ${_describe(item)}${hint}`);
  }
  if (item === "") fail(path, "empty regular expression (it would match every line)");
  const problem = _regexProblem(item, "");
  if (problem) fail(path, problem);
  return item;
}

/** One sanitize rule: `{ pattern, replacement, flags? }`. */
function _sanitizeRule(
  item: unknown,
  path: _Path,
  fail: _Fail,
  fromYaml: boolean,
): TrimSanitizeRule {
  if (!_isPlainObject(item)) {
    fail(path, `expected a rule { pattern, replacement, flags }, got ${_describe(item)}`);
  }
  for (const key of Object.keys(item)) {
    if (!_SANITIZE_KEYS.includes(key)) fail([...path, key], _unknownKey(key, _SANITIZE_KEYS), true);
  }
  if (!("pattern" in item) || item.pattern === null || item.pattern === undefined) {
    fail(path, 'missing key "pattern"');
  }
  if (!("replacement" in item) || item.replacement === null || item.replacement === undefined) {
    fail(path, "missing key \"replacement\" (use '' to delete the match)");
  }
  const pattern = _checkPattern(item.pattern, [...path, "pattern"], fail, fromYaml);
  const replacement = item.replacement;
  if (typeof replacement !== "string") {
    const hint = fromYaml && typeof replacement !== "object"
      ? ` (quote it: "${String(replacement)}")`
      : "";
    fail([...path, "replacement"], `expected a string, got ${_describe(replacement)}${hint}`);
  }
  const rule: TrimSanitizeRule = { pattern, replacement };
  if (item.flags !== null && item.flags !== undefined) {
    if (typeof item.flags !== "string") {
      fail([...path, "flags"], `expected a string of RegExp flags, got ${_describe(item.flags)}`);
    }
    const flagProblem = _flagsProblem(item.flags);
    if (flagProblem) fail([...path, "flags"], flagProblem);
    rule.flags = item.flags;
  }
  const flags = _mergeFlags(pattern instanceof RegExp ? pattern.flags : "", rule.flags ?? "", "g");
  const problem = _regexProblem(pattern instanceof RegExp ? pattern.source : pattern, flags);
  if (problem) fail([...path, "pattern"], problem);
  return rule;
}

/** One custom source: `{ name, markers }`. */
function _source(item: unknown, path: _Path, fail: _Fail): TrimCustomSource {
  if (!_isPlainObject(item)) {
    fail(path, `expected a source { name, markers }, got ${_describe(item)}`);
  }
  for (const key of Object.keys(item)) {
    if (!_SOURCE_KEYS.includes(key)) fail([...path, key], _unknownKey(key, _SOURCE_KEYS), true);
  }
  const name = item.name;
  if (name === null || name === undefined) fail(path, 'missing key "name"');
  if (typeof name !== "string" || name.trim() === "") {
    fail([...path, "name"], `expected a non-empty string, got ${_describe(name)}`);
  }
  const raw = item.markers;
  if (raw === null || raw === undefined) fail(path, 'missing key "markers"');
  const markers = _asList(raw) ?? (typeof raw === "string" ? [raw] : undefined);
  if (!markers) fail([...path, "markers"], `expected a list of strings, got ${_describe(raw)}`);
  if (markers.length === 0) fail([...path, "markers"], "expected at least one marker");
  const isList = Array.isArray(raw);
  markers.forEach((m, i) => {
    const at = isList ? [...path, "markers", i] : [...path, "markers"];
    if (typeof m !== "string") fail(at, `expected a string, got ${_describe(m)}`);
    if (m === "") fail(at, "empty marker (it would match every line)");
  });
  return { name, markers: markers as string[] };
}

/** The sanitize RegExp of a validated rule: its flags plus `g`. */
function _sanitizeRegExp(rule: TrimSanitizeRule): RegExp {
  const p = rule.pattern;
  const source = p instanceof RegExp ? p.source : p;
  return new RegExp(source, _mergeFlags(p instanceof RegExp ? p.flags : "", rule.flags ?? "", "g"));
}

/** Combine validated patterns; see {@linkcode combinePatterns}. */
function _combinePatterns(patterns: ReadonlyArray<string | RegExp>, key: string, fail: _Fail) {
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
function _regexProblem(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (err) {
    const detail = _errorMessage(err).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
    return `invalid regular expression ${JSON.stringify(source)}: ${detail}`;
  }
}

/** The problem of a RegExp flags string, or `undefined` when it is valid. */
function _flagsProblem(flags: string): string | undefined {
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
function _mergeFlags(...flags: string[]): string {
  const all = flags.join("");
  return [..."dgimsuvy"].filter((f) => all.includes(f)).join("");
}

/** The message for an unknown key, suggesting the nearest valid one. */
function _unknownKey(key: string, valid: readonly string[]): string {
  const nearest = nearestKey(key, valid);
  const list = `valid keys: ${valid.join(", ")}`;
  return nearest ? `unknown key; did you mean "${nearest}"? (${list})` : `unknown key (${list})`;
}

/** `ignore[2]`, `sanitize[0].pattern` … */
export function _formatPath(path: _Path): string {
  let out = "";
  for (const segment of path) {
    out += typeof segment === "number" ? `[${segment}]` : out ? `.${segment}` : segment;
  }
  return out;
}

function _asList(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

function _isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A short description of a value's type for messages. */
function _describe(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (value instanceof RegExp) return "a RegExp";
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
    case "number":
    case "boolean":
    case "bigint":
      return `${typeof value} ${String(value)}`;
    case "object":
      return "a mapping";
    default:
      return `a ${typeof value}`;
  }
}

export function _errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
