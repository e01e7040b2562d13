/**
 * Reading porthealth's YAML safely: a pre-scan against deeply nested flow collections,
 * one-step alias resolution (alias bombs cost nothing), and typed readers of scalar nodes
 * that report every problem through an {@linkcode Add} callback with the key path and node.
 * Text quoted from the file is escaped and shortened ({@linkcode clean}).
 *
 * @module
 */

import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  Scalar,
} from "yaml";
import { nearestKey } from "../common/nearest.ts";
import { ConfigError, type ConfigIssue } from "./config_schema.ts";
import { formatDuration, parseDuration } from "./duration.ts";

/** A node of the yaml library's document tree. */
// deno-lint-ignore no-explicit-any
export type Node = any;

export const TOO_DEEP: ConfigIssue = {
  path: "",
  line: 1,
  message: "YAML syntax: the document is nested too deeply",
};
export const MAX_SYNTAX_ISSUES = 20;
export const MAX_FLOW_DEPTH = 100;

// The yaml composer recurses per level and only notices a stack overflow after seconds on
// 100,000 nested brackets; a config needs a handful of levels. A quick scan of flow brackets
// outside quotes and comments (quotes are taken to end at a line end, so an apostrophe in
// plain text cannot hide what follows); the 1-based line where the limit is passed.
export function tooDeepFlow(text: string): number | undefined {
  let depth = 0;
  let line = 1;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
      quote = "";
      continue;
    }
    if (quote !== "") {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      const end = text.indexOf("\n", i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === "[" || c === "{") {
      if (++depth > MAX_FLOW_DEPTH) return line;
    } else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return undefined;
}

export function syntaxMessage(e: { code?: string; message: string }): string {
  if (e.code === "RESOURCE_EXHAUSTION") return "the document is nested too deeply";
  if (e.code === "MULTIPLE_DOCS") {
    return "the file holds more than one YAML document (a second --- or ...); write one";
  }
  return clean(e.message.split("\n")[0], 200);
}

export type Add = (path: string, node: Node | undefined, message: string) => void;

// Control characters, line and paragraph separators, and bidirectional overrides: never
// part of a host, and escaped whenever a value from the file is quoted in a message.
/** Characters never shown raw in a message (see {@linkcode clean}). */
export const UNPRINTABLE: RegExp =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// deno-lint-ignore no-control-regex
const _UNPRINTABLE_G = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text from the file made safe for a one-line message: escaped and at most `max` chars. */
export function clean(s: string, max: number): string {
  let out = s.replace(
    _UNPRINTABLE_G,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  if (out.length > max) {
    out = out.slice(0, /[\ud800-\udbff]/.test(out[max - 1]) ? max - 1 : max) + "…";
  }
  return out;
}

export function quote(s: string): string {
  return clean(JSON.stringify(s), 80);
}

// Alias targets: every alias points at the last node with its anchor before it (YAML 1.2).
// Aliases are followed one step where a value is read, never expanded, so alias bombs
// ("billion laughs") cost nothing.
const _targets = new WeakMap<object, Node>();

export function resolveAliases(doc: Node): void {
  const anchors = new Map<string, Node>();
  const stack: Node[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || node === undefined) continue;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target !== undefined) _targets.set(node, target);
      continue;
    }
    if (isPair(node)) {
      stack.push(node.value, node.key);
      continue;
    }
    if (typeof node.anchor === "string" && node.anchor !== "") anchors.set(node.anchor, node);
    if (isCollection(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
}

/** The node an alias stands for; an alias without an anchor before it stays an alias. */
export function deref(node: Node): Node {
  return isAlias(node) ? (_targets.get(node) ?? node) : node;
}

export function valueOf(node: Node): unknown {
  return isScalar(node) ? node.value : node;
}

export function show(node: Node, secret = false): string {
  if (node === undefined || node === null) return "nothing";
  if (isAlias(node)) {
    const name = clean(node.source, 40);
    return `the alias *${name}, which has no &${name} anchor before it`;
  }
  if (isMap(node)) return "a map";
  if (isSeq(node)) return "a list";
  const v = isScalar(node) ? node.value : node;
  if (v === null || v === undefined) return "nothing";
  switch (typeof v) {
    case "string":
      return secret ? "a string" : `string ${quote(v)}`;
    case "number":
    case "bigint":
    case "boolean":
      return secret ? `a ${typeof v}` : `${typeof v} ${String(v)}`;
    case "symbol":
      return "a merge key (<<)";
  }
  if (v instanceof Uint8Array) return "binary data";
  if (v instanceof Date) return "a date";
  return `a ${typeof v}`;
}

export function entries(map: Node, path: string, known: string[], add: Add): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const pair of map.items) {
    const k = deref(pair.key);
    const key = isScalar(k) ? k.value : k;
    const shown = typeof key === "string"
      ? (key === "" ? '""' : key)
      : isMap(key)
      ? "<a map as key>"
      : isSeq(key)
      ? "<a list as key>"
      : isAlias(key)
      ? `*${key.source}`
      : typeof key === "symbol"
      ? "<<"
      : String(key);
    const where = path ? `${path}.${shown}` : shown;
    if (typeof key !== "string" || !known.includes(key)) {
      const guess = typeof key === "string" && key.length < 40 ? nearestKey(key, known) : undefined;
      const merge = shown === "<<" ? " (merge keys are not supported; write the keys out)" : "";
      add(
        where,
        pair.key ?? pair,
        `unknown key${merge}${guess ? ` (did you mean ${guess}?)` : ""}; known keys: ${
          known.join(", ")
        }`,
      );
      continue;
    }
    // `key:` with no value: a null scalar that still knows its line
    out.set(key, deref(pair.value) ?? Object.assign(new Scalar(null), { range: k?.range }));
  }
  return out;
}

export function section(
  node: Node,
  path: string,
  known: string[],
  add: Add,
): Map<string, Node> | undefined {
  if (node === undefined || node === null || valueOf(node) === null) return undefined;
  if (!isMap(node)) {
    add(path, node, `must be a map, got ${show(node)}`);
    return undefined;
  }
  return entries(node, path, known, add);
}

export function readString(
  node: Node,
  path: string,
  add: Add,
  allowEmpty: boolean,
  secret = false,
): string | undefined {
  if (node === undefined) return undefined;
  const v = valueOf(node);
  if (typeof v !== "string") {
    add(
      path,
      node,
      `must be a string${secret ? " (quote it)" : ""}, got ${show(node, secret)}`,
    );
    return undefined;
  }
  if (!allowEmpty && v.trim() === "") {
    add(path, node, "must not be empty");
    return undefined;
  }
  return v;
}

export function readInt(
  node: Node,
  path: string,
  add: Add,
  min: number,
  max: number,
): number | undefined {
  if (node === undefined) return undefined;
  const v = valueOf(node);
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    add(path, node, `must be an integer from ${min} to ${max}, got ${show(node)}`);
    return undefined;
  }
  return v;
}

export function readPort(node: Node, path: string, add: Add, listen: boolean): number | undefined {
  if (node === undefined) return undefined;
  let v = valueOf(node);
  if (listen && typeof v === "string" && /^\d+$/.test(v.trim())) v = Number(v.trim());
  const min = listen ? 0 : 1;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > 65535) {
    add(path, node, `must be a port number from ${min} to 65535, got ${show(node)}`);
    return undefined;
  }
  return v;
}

export function readDuration(
  node: Node,
  path: string,
  add: Add,
  min: number,
  max: number,
): number | undefined {
  if (node === undefined) return undefined;
  const v = valueOf(node);
  if (typeof v !== "string" && v !== 0) {
    add(path, node, `must be a duration string such as 500ms, 2s or 1m, got ${show(node)}`);
    return undefined;
  }
  let ms: number;
  try {
    ms = parseDuration(String(v));
  } catch {
    add(
      path,
      node,
      `invalid duration ${
        quote(String(v))
      } (expected a number with a unit: ms, s, m or h, e.g. 500ms, 2s, 1m)`,
    );
    return undefined;
  }
  if (!(ms >= min && ms <= max)) {
    add(
      path,
      node,
      `must be from ${formatDuration(min)} to ${formatDuration(max)}, got ${clean(String(v), 40)}`,
    );
    return undefined;
  }
  return ms;
}

/** A parsed document's root node and a way to find the 1-based line of any node. */
export interface YamlRoot {
  /** The root node (a map once {@linkcode readDocument} returns). */
  root: Node;
  /** The 1-based line a node (or pair) starts on, when known. */
  lineOf(node: Node | undefined): number | undefined;
}

/**
 * Parse `text` as one YAML document whose root is a map. Throws a {@linkcode ConfigError} for
 * syntax errors (at most {@linkcode MAX_SYNTAX_ISSUES}), nesting too deep, an empty file or
 * a root that is not a map.
 */
export function readDocument(text: string, file: string): YamlRoot {
  const deep = tooDeepFlow(text);
  if (deep !== undefined) {
    throw new ConfigError(file, [{
      ...TOO_DEEP,
      line: deep,
      message: `${TOO_DEEP.message} (more than ${MAX_FLOW_DEPTH} levels of [ ] or { })`,
    }]);
  }
  const lc = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    // The composer catches its own stack overflows; this is the last resort for the lexer.
    if (err instanceof RangeError) throw new ConfigError(file, [TOO_DEEP]);
    throw err;
  }
  const lineOf = (node: Node | undefined): number | undefined => {
    const start = (node?.range ?? node?.key?.range ?? node?.value?.range)?.[0];
    return typeof start === "number" ? lc.linePos(start).line : undefined;
  };
  const issues: ConfigIssue[] = [];
  const reported = new Set<string>();
  for (const e of doc.errors) {
    const message = `YAML syntax: ${syntaxMessage(e)}`;
    const line = e.linePos?.[0]?.line ?? lc.linePos(e.pos[0]).line;
    if (reported.has(`${line}\0${message}`)) continue;
    reported.add(`${line}\0${message}`);
    if (issues.length === MAX_SYNTAX_ISSUES) {
      issues.push({ path: "", line, message: "YAML syntax: more errors follow (not shown)" });
      break;
    }
    issues.push({ path: "", line, message });
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
  resolveAliases(doc);

  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) {
    throw new ConfigError(file, [{
      path: "",
      line: 1,
      message: "the file is empty (expected a map with server, auth and checks)",
    }]);
  }
  if (!isMap(root)) {
    throw new ConfigError(file, [{
      path: "",
      line: lineOf(root),
      message: "expected a map with the keys server, auth and checks",
    }]);
  }
  return { root, lineOf };
}
