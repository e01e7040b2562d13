/**
 * GitHub Actions annotations from a reduced log: each located error (a
 * `file:line:col`, a `file(line,col)` of tsc, a Python `File "f", line N`) becomes a
 * workflow command `::error file=…,line=…,col=…::message` that GitHub shows on the
 * run page and on the pull request's diff. The location patterns are data
 * ({@linkcode LOCATION_PATTERNS}); a stack frame takes the error message written
 * above it.
 *
 * @module
 */

import { inferSeverity } from "../classify/severity.ts";

/** A place in a source file an error points at. */
export interface ErrorLocation {
  /** The file, relative to the workspace when it was under it. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, when given. */
  col?: number;
  /** The error's message (one or a few lines). */
  message: string;
}

/**
 * Where a log line names a source location: a path with an extension and a line
 * (and column), tsc's `path(line,col)`, Python's `File "path", line N`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOCATION_PATTERNS } from "./annotations.ts";
 * assert.ok(LOCATION_PATTERNS.some((p) => p.test("src/a.ts(12,5): error TS2345")));
 * ```
 */
export const LOCATION_PATTERNS: readonly RegExp[] = [
  /File "(?<file>[^"]+)", line (?<line>\d+)/,
  /(?<file>[\w.@~+-][^\s:()'"`,]{0,255}\.[A-Za-z][A-Za-z0-9]{0,9})\((?<line>\d+),(?<col>\d+)\)/,
  /(?<file>[\w.@~/+-][^\s:()'"`,]{0,255}\.[A-Za-z][A-Za-z0-9]{0,9}):(?<line>\d+)(?::(?<col>\d+))?/,
];

/** A line that states an error (beyond what the severity of the line says). */
const _ERROR_WORDS =
  /\b(?:error|errors|fail|failed|failure|exception|panic(?:ked)?|fatal)\b|\b[A-Z][A-Za-z]*(?:Error|Exception)\b|✕|●/i;
/** A stack frame: it locates the error above it. */
const _FRAME = /^\s*(?:at\s|File "|-->\s)/;
/** Paths never worth annotating: dependencies and runtime internals. */
const _FOREIGN =
  /(?:^|\/)node_modules\/|^node:|^internal\/|\/site-packages\/|\/\.cargo\/registry\//;
/**
 * A URL, masked out before a location is searched. The scheme is at most 32 characters:
 * unbounded, a long run of `a.a.a…` with no `://` cost a scan to its end from every word
 * start (quadratic in the line).
 */
const _URL = /\b[a-z][\w+.-]{0,31}:\/\/\S+/gi;
/** Lines of message taken above a frame. */
const _MESSAGE_LINES = 5;

/**
 * The located errors of `lines` (a reduced log), at most `max`, one per file and
 * line, in order. `workspace`: a path prefix removed from absolute file names
 * (`$GITHUB_WORKSPACE`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { locateErrors } from "./annotations.ts";
 * const found = locateErrors([
 *   "src/api.ts(12,5): error TS2345: Argument of type 'string' is not assignable.",
 *   "INFO served /health in 3ms",
 * ]);
 * assert.deepEqual(found, [{ file: "src/api.ts", line: 12, col: 5,
 *   message: "src/api.ts(12,5): error TS2345: Argument of type 'string' is not assignable." }]);
 * ```
 */
export function locateErrors(
  lines: readonly string[],
  { workspace, max = 10 }: { workspace?: string; max?: number } = {},
): ErrorLocation[] {
  const found: ErrorLocation[] = [];
  const seen = new Set<string>();
  let lastError = -1;
  for (let i = 0; i < lines.length && found.length < max; i++) {
    const line = lines[i];
    const frame = _FRAME.test(line);
    const isError = !frame && _isError(line);
    if (isError) lastError = i;
    if (!isError && !frame) continue;
    const where = _locate(line.includes("://") ? line.replace(_URL, " ") : line);
    if (where === undefined) continue;
    let file = where.file;
    if (_FOREIGN.test(file)) continue;
    if (workspace && file.startsWith(`${workspace.replace(/\/$/, "")}/`)) {
      file = file.slice(workspace.replace(/\/$/, "").length + 1);
    }
    const key = `${file}:${where.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const message = isError ? line.trim() : _frameMessage(lines, i, lastError);
    found.push({ file, line: where.line, ...(where.col ? { col: where.col } : {}), message });
  }
  return found;
}

/**
 * The message of the frame at `i`: Python writes the exception after its frames
 * (the first error line below); the others above (the lines from the last error,
 * when it is near).
 */
function _frameMessage(lines: readonly string[], i: number, lastError: number): string {
  if (lines[i].trimStart().startsWith('File "')) {
    for (let j = i + 1; j < lines.length && j <= i + 4 * _MESSAGE_LINES; j++) {
      if (!_FRAME.test(lines[j]) && _isError(lines[j])) return lines[j].trim();
    }
  }
  if (lastError < 0 || i - lastError > 2 * _MESSAGE_LINES) return lines[i].trim();
  return lines.slice(lastError, Math.min(i, lastError + _MESSAGE_LINES)).map((l) => l.trim())
    .join("\n");
}

function _isError(line: string): boolean {
  const level = inferSeverity(line);
  return level === "error" || level === "fatal" || _ERROR_WORDS.test(line);
}

/** Lines longer than this are not searched for a location. */
const _MAX_SEARCHED = 4096;
/** The cheap pre-check: a `:N`, a `(N,`, or Python's `line N`. */
const _HAS_NUMBER = /[:(]\d|, line \d/;

function _locate(line: string): { file: string; line: number; col?: number } | undefined {
  if (line.length > _MAX_SEARCHED || !_HAS_NUMBER.test(line)) return undefined;
  for (const p of LOCATION_PATTERNS) {
    const m = p.exec(line);
    if (!m?.groups) continue;
    const n = Number(m.groups.line);
    if (!(n > 0)) continue;
    const col = m.groups.col ? Number(m.groups.col) : undefined;
    return { file: m.groups.file, line: n, ...(col ? { col } : {}) };
  }
  return undefined;
}

/**
 * The workflow command for one located error:
 * `::error file=F,line=L,col=C::message`, with GitHub's escapes (`%`, `\r`, `\n`;
 * `:` and `,` in properties), so a message cannot end the command early.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { errorCommand } from "./annotations.ts";
 * assert.ok(errorCommand({ file: "a,b.ts", line: 3, col: 7, message: "100% bad\nreally" }) ===
 *   "::error file=a%2Cb.ts,line=3,col=7::100%25 bad%0Areally");
 * ```
 */
export function errorCommand(e: ErrorLocation): string {
  const prop = (v: string) => _data(v).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const col = e.col !== undefined ? `,col=${e.col}` : "";
  return `::error file=${prop(e.file)},line=${e.line}${col}::${_data(e.message)}`;
}

function _data(v: string): string {
  return v.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
