/**
 * Custom rules: validation and compilation of `.trim.yml` files and of
 * inline {@linkcode TrimCustomConfig} objects.
 *
 * This module is pure (no file-system access); reading the file is the job of
 * `adapters/node/config_file.ts`. The keys of a configuration are declared in
 * `schema.ts`, the regular-expression checks and the combination of patterns
 * are in `patterns.ts`, merging is in `merge.ts`; everything is importable from
 * here.
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

import { nearestKey } from "../../common/nearest.ts";
export { editDistance, nearestKey } from "../../common/nearest.ts";
import { TrimError } from "../errors.ts";
import type { TrimCustomConfig, TrimCustomSource, TrimSanitizeRule } from "../types.ts";

import { _PATTERN_LIST_KEYS, _SANITIZE_KEYS, _SOURCE_KEYS, TRIM_CONFIG_KEYS } from "./schema.ts";
import type { _Fail, _Path } from "./schema.ts";
import {
  _combinePatterns,
  _flagsProblem,
  _mergeFlags,
  _regexProblem,
  _sanitizeRegExp,
} from "./patterns.ts";

export { _errorMessage } from "./patterns.ts";
export { mergeTrimConfigs } from "./merge.ts";
export { type _Fail, type _Path, TRIM_CONFIG_KEYS } from "./schema.ts";

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
 * import { type CompiledTrimConfig, compileTrimConfig } from "./rules.ts";
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

/**
 * Validate a configuration (parsed or inline) and compile its patterns.
 *
 * @param config The configuration, e.g. from `parseTrimConfig` (trim/config/yaml.ts) or
 *   the `config` option.
 * @param origin Names the configuration in error messages (default `config`).
 * @returns The compiled configuration.
 * @throws {TrimError} `INVALID_CONFIG` with a message `origin: key: problem`.
 *
 * @example Compiling an inline configuration
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileTrimConfig } from "./rules.ts";
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
 * import { combinePatterns } from "./rules.ts";
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
