/**
 * The shapes of stack frame lines, line by line: whether a line is a frame of a known
 * runtime (Java, Kotlin, .NET, Node, Deno, Python, Go, Rust, Lua) and the small
 * character-level checks `frames.ts` (frame units) and `internal_frames.ts` (library
 * frames) build on. Pure and cheap: each check starts with a look at the first
 * non-blank characters; no regular expression.
 *
 * @module
 */

import { isLuaFrame } from "./lua_frame.ts";

/**
 * Whether a line is, by itself, a stack frame line of a known runtime:
 *
 * - `at …` frames (Java/Kotlin `\tat a.B.c(B.java:1)`, Node `    at f (file:1:2)`,
 *   .NET `   at A.B() in x.cs:line 3`, Rust `             at ./src/main.rs:4:5`);
 *   at column 0 only when the line ends with `)`;
 * - Python `  File "x.py", line 3, in f`;
 * - Go file lines `\t/app/main.go:12 +0x1d` (and `…/asm_amd64.s:1650 +0x1`);
 * - Rust backtrace lines `   3: app::main` (index right-aligned in four columns).
 *
 * Go function lines (`main.main()`) and Python code lines need the surrounding lines
 * to be recognized; {@linkcode reduceStackGroup} handles them inside a group.
 * Exception, `Caused by:` and `panic:` lines are never frames.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isStackFrame } from "./frame_lines.ts";
 * assert.ok(isStackFrame("\tat com.acme.Api.get(Api.java:42)"));
 * assert.ok(isStackFrame('  File "/app/main.py", line 3, in <module>'));
 * assert.ok(!isStackFrame("java.lang.IllegalStateException: boom"));
 * assert.ok(!isStackFrame("    at least 3 retries left"));
 * ```
 */
export function isStackFrame(line: string): boolean {
  const len = line.length;
  let i = 0;
  let c = 0;
  while (i < len && ((c = line.charCodeAt(i)) === 32 || c === 9)) i++;
  if (i === len) return false;
  if (c === 97 /* a */ && isAtFrame(line, i)) return true;
  if (i === 0) return false;
  if (c === 70 /* F */) return line.startsWith('File "', i);
  if (c >= 48 && c <= 57 && rustIndexEnd(line, i) > 0) return true;
  return (line.charCodeAt(0) === 9 && isGoFileLine(line)) || isLuaFrame(line, i);
}

/** Index of the first character that is not a space or a tab. */
export function indentOf(line: string): number {
  const len = line.length;
  let i = 0;
  let c = 0;
  while (i < len && ((c = line.charCodeAt(i)) === 32 || c === 9)) i++;
  return i;
}

/** Index of the last character above U+0020, or -1. */
export function lastNonSpace(line: string): number {
  let e = line.length - 1;
  while (e >= 0 && line.charCodeAt(e) <= 32) e--;
  return e;
}

/** `at <frame>` at index `i`, with a frame-shaped ending. */
export function isAtFrame(line: string, i: number): boolean {
  if (line.charCodeAt(i + 1) !== 116 /* t */ || line.charCodeAt(i + 2) !== 32) return false;
  const b = line.charCodeAt(i + 3);
  if (!(b > 32) || (b >= 48 && b <= 57)) return false;
  const e = lastNonSpace(line);
  const z = line.charCodeAt(e);
  if (z === 41 /* ) */) return true;
  if (i === 0) return false;
  if (z === 93 /* ] */ || z === 62 /* > */ || z === 123 /* { */) return true;
  // `file:1:2`, `x.cs:line 12`: a digit end needs a colon, so prose ("at least 20") is not a frame.
  return z >= 48 && z <= 57 && line.lastIndexOf(":", e) > i + 3;
}

/** An indented `at …` line (a Rust location line, or any at-frame). */
export function isAtLine(line: string): boolean {
  const ws = indentOf(line);
  return ws > 0 && line.charCodeAt(ws) === 97 && isAtFrame(line, ws);
}

/**
 * Rust backtrace index `   3: ` (right-aligned in four columns) at `i`: returns the
 * index of the symbol after `: `, or -1.
 */
export function rustIndexEnd(line: string, i: number): number {
  let j = i;
  let c = 0;
  while ((c = line.charCodeAt(j)) >= 48 && c <= 57) j++;
  if (j === i || j !== 4 || c !== 58 /* : */ || line.charCodeAt(j + 1) !== 32) return -1;
  return j + 2;
}

/** A Go file line: a tab, a path with `.go:<digit>` (or `.s:<digit>`, runtime assembly). */
export function isGoFileLine(line: string): boolean {
  if (line.charCodeAt(0) !== 9) return false;
  let k = line.indexOf(".go:", 1);
  if (k >= 0) k += 4;
  else if ((k = line.indexOf(".s:", 1)) >= 0) k += 3;
  else return false;
  const d = line.charCodeAt(k);
  return d >= 48 && d <= 57;
}

/** A Go function line of a goroutine stack: `pkg.f(…)`, `created by pkg.f …`. */
export function isGoFuncLine(line: string): boolean {
  if (line.startsWith("created by ")) return true;
  return line.charCodeAt(lastNonSpace(line)) === 41 /* ) */ && line.indexOf("(") > 0;
}

/** A Go function line of the runtime (`runtime.gopark(…)`, `runtime/debug.Stack()`). */
export function isGoRuntimeFunc(line: string): boolean {
  const p = line.startsWith("created by ") ? 11 : 0;
  return (line.startsWith("runtime.", p) || line.startsWith("runtime/", p)) &&
    isGoFuncLine(line);
}

/** Indentation of a Python line, counting `|` of exception-group tracebacks as indent. */
export function pyIndent(line: string): number {
  const len = line.length;
  let i = 0;
  let c = 0;
  while (i < len && ((c = line.charCodeAt(i)) === 32 || c === 9 || c === 124)) i++;
  return i;
}

/** A line under a Python `File` line: deeper indented, not blank, not another frame. */
export function isPyBody(line: string, fileIndent: number): boolean {
  const i = pyIndent(line);
  return i > fileIndent && i < line.length && !line.startsWith('File "', i);
}
