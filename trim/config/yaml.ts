/**
 * Parsing `.trim.yml` text (the only module that loads the YAML parser, so runs
 * without a config file never load it).
 *
 * @module
 */

import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { _errorMessage, type _Fail, _formatPath, _normalizeConfig, type _Path } from "./rules.ts";
import { TrimError } from "../errors.ts";
import type { TrimCustomConfig } from "../types.ts";

/**
 * Parse and validate the text of a `.trim.yml`.
 *
 * An empty file (or one holding only comments) is an empty configuration.
 * Regular expressions are compiled once here, so an invalid one is reported
 * with the line it is on.
 *
 * @param yamlText The YAML text.
 * @param fileName The name used in error messages (e.g. `.trim.yml`).
 * @returns The configuration, with pattern lists normalized to arrays.
 * @throws {TrimError} `INVALID_CONFIG` with a message `file:line: key: problem`.
 *
 * @example Parsing a file and catching a mistake
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTrimConfig } from "./yaml.ts";
 * const config = parseTrimConfig("ignore:\n  - '^DEBUG '\n", ".trim.yml");
 * assert.ok(config.ignore?.[0] === "^DEBUG ");
 * assert.throws(
 *   () => parseTrimConfig("ignroe: [x]\n", ".trim.yml"),
 *   (err) => String(err).includes('.trim.yml:1: ignroe: unknown key; did you mean "ignore"?'),
 * );
 * ```
 */
export function parseTrimConfig(yamlText: string, fileName: string): TrimCustomConfig {
  const lineCounter = new LineCounter();
  const text = yamlText.startsWith("\uFEFF") ? yamlText.slice(1) : yamlText;
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    const key = /^(?:"[^"\n]*"|'[^'\n]*'|[^:\n]*)/.exec(text.slice(err.pos[0]))![0].trim();
    const message = err.code === "DUPLICATE_KEY"
      ? `${key ? `${key}: ` : ""}duplicate key (each key may appear once)`
      : `invalid YAML: ${_firstLine(err.message)}`;
    throw new TrimError("INVALID_CONFIG", `${fileName}:${lineAt(err.pos[0])}: ${message}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new TrimError(
      "INVALID_CONFIG",
      `${fileName}:1: invalid YAML: ${_firstLine(_errorMessage(err))}`,
    );
  }
  const fail: _Fail = (path, problem, atKey) => {
    const line = _lineOfPath(doc.contents, path, atKey ?? false, lineAt);
    const key = _formatPath(path);
    throw new TrimError(
      "INVALID_CONFIG",
      key ? `${fileName}:${line}: ${key}: ${problem}` : `${fileName}:${line}: ${problem}`,
    );
  };
  return _normalizeConfig(value, fail, true);
}

/** The 1-based line of the node at `path` in a YAML document (or of its nearest parent). */
function _lineOfPath(
  root: unknown,
  path: _Path,
  atKey: boolean,
  lineAt: (offset: number) => number,
): number {
  let node: unknown = root;
  let line = _nodeLine(root, lineAt) ?? 1;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => _keyString(p.key) === String(segment));
      if (!pair) break;
      const last = i === path.length - 1;
      if (last && atKey) {
        next = pair.key;
      } else {
        next = pair.value;
        if (_nodeLine(next, lineAt) === undefined) next = pair.key;
      }
    } else if (isSeq(node) && typeof segment === "number") {
      next = node.items[segment];
    } else {
      break;
    }
    const nextLine = _nodeLine(next, lineAt);
    if (nextLine === undefined) break;
    node = next;
    line = nextLine;
  }
  return line;
}

function _nodeLine(node: unknown, lineAt: (offset: number) => number): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? lineAt(range[0]) : undefined;
}

function _keyString(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

function _firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}
