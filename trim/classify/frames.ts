/**
 * Stack frame recognition: whether a line is a frame of a known runtime (Java,
 * Kotlin, .NET, Node, Deno, Python, Go, Rust), how the lines of a stack group
 * form frame units (a Python `File` line with its code line, a Go function line
 * with its file line, a Rust symbol with its `at` lines), and whether a frame is
 * internal (a dependency, the standard library, a framework) or the
 * application's own.
 *
 * Everything here is pure and cheap to call on every line: each check starts
 * with a look at the first non-blank characters, and no regular expression of
 * its own is used.
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
 * import { isStackFrame } from "./frames.ts";
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
  if (c === 97 /* a */ && _isAtFrame(line, i)) return true;
  if (i === 0) return false;
  if (c === 70 /* F */) return line.startsWith('File "', i);
  if (c >= 48 && c <= 57 && _rustIndexEnd(line, i) > 0) return true;
  return (line.charCodeAt(0) === 9 && _isGoFileLine(line)) || isLuaFrame(line, i);
}

/**
 * Whether a line opens an exception: its first word, right before a `:`, is
 * `Error`, or ends in `Error` or `Exception` (`TypeError: x is undefined`,
 * `java.lang.IllegalStateException: no stock`, `CssSyntaxError: …`). A warning
 * (`Warning: …`) is not an exception. Linear: one scan of the first word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isExceptionHead } from "./frames.ts";
 * assert.ok(isExceptionHead("      Error: no errors"));
 * assert.ok(isExceptionHead("org.postgresql.util.PSQLException: connection refused"));
 * assert.ok(!isExceptionHead("Warning: An update to Cart was not wrapped in act(...)"));
 * assert.ok(!isExceptionHead("    at f (/app/a.js:1:1)"));
 * ```
 */
export function isExceptionHead(line: string): boolean {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  const start = i;
  const stop = Math.min(line.length, start + 200);
  while (i < stop) {
    const c = line.charCodeAt(i);
    if (c === 58 /* : */ || c === 32 || c === 9) break;
    i++;
  }
  if (i === start || i >= stop || line.charCodeAt(i) !== 58) return false;
  return line.endsWith("Error", i) || line.endsWith("Exception", i);
}

/**
 * Whether a line is an internal library frame: a frame (see {@linkcode isStackFrame},
 * plus Go `runtime.` function lines) located in a dependency, the standard library or a
 * framework. Non-frame lines are never internal, so an exception line naming a
 * framework class (`org.springframework.beans.factory.BeanCreationException: …`) is
 * not hidden.
 *
 * Internal: `node_modules`, `node:` core and `node:internal`, `internal/`, the core
 * modules of Node before 12 (a file name alone: `module.js:653:30`, `events.js:182:13`,
 * `_stream_readable.js:178:18`), Deno `ext:`;
 * `java.`, `javax.`, `jakarta.`, `sun.`, `com.sun.`, `jdk.`, `java.base/` and other JDK
 * modules, Kotlin/Scala runtime, Spring, Tomcat/Catalina/Coyote, Netty, Jetty, Hibernate,
 * Jackson, Reactor, kotlinx.coroutines, JUnit, Gradle, Maven Surefire, Mockito, .NET
 * `System.`/`Microsoft.`; Python `site-packages`, `dist-packages`, `<frozen …>` and the
 * `lib/pythonX.Y/` standard library; Go `runtime.`, `runtime/`, GOROOT
 * (`/usr/local/go/src/`, `…/src/runtime/`) and the module cache (`/go/pkg/mod/`); Rust
 * `std::`, `core::`, `alloc::`, `tokio::`, start-up code, `/rustc/`, `~/.cargo/` (registry and
 * git dependencies) and `~/.rustup/`.
 *
 * `extra` (from `internalStackPatterns`) marks more frames internal; a global or sticky
 * RegExp is safe to pass (its `lastIndex` is reset).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isInternalFrame } from "./frames.ts";
 * assert.ok(isInternalFrame("\tat org.springframework.web.servlet.DispatcherServlet.doDispatch(DispatcherServlet.java:1067)"));
 * assert.ok(isInternalFrame("    at processTicksAndRejections (node:internal/process/task_queues:95:5)"));
 * assert.ok(isInternalFrame("    at Module._compile (module.js:653:30)"));
 * assert.ok(!isInternalFrame("    at main (/app/module.js:653:30)"));
 * assert.ok(!isInternalFrame("\tat com.acme.OrderService.place(OrderService.java:88)"));
 * assert.ok(!isInternalFrame("org.springframework.beans.factory.BeanCreationException: boom"));
 * assert.ok(isInternalFrame("\tat com.acme.gen.Proxy.call(Proxy.java:1)", /com\.acme\.gen\./));
 * ```
 */
export function isInternalFrame(line: string, extra?: RegExp): boolean {
  // Go function lines are frames only in context; runtime ones are internal anyway.
  if (!isStackFrame(line)) return _isGoRuntimeFunc(line);
  return _isInternalText(line) || (extra !== undefined && _testExtra(extra, line));
}

/**
 * Kinds of frame units, as bits of {@linkcode FrameUnits.kind}: a message line
 * (exception, `Caused by:`, any non-frame line) is 0; a frame has `FRAME`, plus
 * `INTERNAL` when it is a library frame and `PYTHON` when it is a Python frame
 * (most recent call last).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FrameKind, frameUnits } from "./frames.ts";
 * const u = frameUnits(["Error: boom", "    at f (node:internal/x:1:2)"], undefined);
 * assert.deepEqual(u.kind, [FrameKind.MESSAGE, FrameKind.FRAME | FrameKind.INTERNAL]);
 * ```
 */
export const FrameKind = {
  /** A line that is not part of a frame. */
  MESSAGE: 0,
  /** A frame. */
  FRAME: 1,
  /** A library frame (with `FRAME`). */
  INTERNAL: 2,
  /** A Python frame (with `FRAME`): the frames nearest the error come last. */
  PYTHON: 4,
} as const;

/**
 * The frame units of a stack group, see {@linkcode frameUnits}: unit `u` covers
 * the lines `start[u]` to `end[u]` (exclusive) and has the kind `kind[u]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FrameUnits, frameUnits } from "./frames.ts";
 * const u: FrameUnits = frameUnits(['  File "/app/x.py", line 3, in f', "    f()"], undefined);
 * assert.ok(u.start[0] === 0 && u.end[0] === 2 && u.frames === 1);
 * ```
 */
export interface FrameUnits {
  /** First line of each unit. */
  start: number[];
  /** Exclusive end line of each unit. */
  end: number[];
  /** {@linkcode FrameKind} bits of each unit. */
  kind: number[];
  /** Units that are frames. */
  frames: number;
}

/**
 * Splits a stack group into frame units: a frame head plus the lines belonging
 * to it (a Python code line goes with its `File` line, a Go file line with its
 * function line, Rust `at` lines with their symbol line); every other line is a
 * message unit of its own. A Node frame that opens the error's `{ code: … }`
 * property tail is a message (it carries the `{`), and the group's first line
 * is never a Go function frame (a header is kept even if it looks like a call).
 *
 * @param lines The lines of one group.
 * @param extra Extra frames to mark internal (compiled `internalStackPatterns`).
 *
 * @example A Go goroutine stack
 * ```ts
 * import assert from "node:assert/strict";
 * import { FrameKind, frameUnits } from "./frames.ts";
 * const u = frameUnits([
 *   "goroutine 1 [running]:",
 *   "main.work()",
 *   "\t/app/main.go:12 +0x1d",
 *   "runtime.goexit()",
 *   "\t/usr/local/go/src/runtime/asm_amd64.s:1650 +0x1",
 * ], undefined);
 * assert.deepEqual(u.end, [1, 3, 5]);
 * assert.ok(u.kind[2] === (FrameKind.FRAME | FrameKind.INTERNAL) && u.frames === 2);
 * ```
 */
export function frameUnits(lines: string[], extra: RegExp | undefined): FrameUnits {
  const n = lines.length;
  const uStart: number[] = [];
  const uEnd: number[] = [];
  const uKind: number[] = [];
  let frames = 0;
  let rust = false;
  for (let i = 0; i < n;) {
    const line = lines[i];
    const ws = _indentOf(line);
    let end = i + 1;
    let kind = _MSG;
    if (ws < line.length) {
      const c = line.charCodeAt(ws);
      if (c === 70 /* F */ && ws > 0 && line.startsWith('File "', ws)) {
        const ind = _pyIndent(line);
        while (end < n && _isPyBody(lines[end], ind)) end++;
        kind = _frameKind(_isInternalText(line) || _testOpt(extra, line), _PY);
        rust = false;
      } else if (c === 97 /* a */ && _isAtFrame(line, ws)) {
        // A Node frame opening the error's `{ code: … }` tail stays: it carries the `{`.
        if (line.charCodeAt(_lastNonSpace(line)) !== 123 /* { */) {
          kind = _frameKind(_isInternalText(line) || _testOpt(extra, line), _FWD);
        }
      } else if (
        ws > 0 &&
        ((c >= 48 && c <= 57 && _rustIndexEnd(line, ws) > 0) || (rust && ws >= 6))
      ) {
        // Rust symbol line (numbered, or an inlined symbol under one) and its `at` lines.
        let internal = _isRustInternalSymbol(line, ws) || _testOpt(extra, line);
        while (end < n && _isAtLine(lines[end])) {
          internal = internal || _isInternalText(lines[end]) || _testOpt(extra, lines[end]);
          end++;
        }
        kind = _frameKind(internal, _FWD);
        rust = true;
      } else if (
        ws === 0 && i > 0 && end < n && _isGoFileLine(lines[end]) && _isGoFuncLine(line)
      ) {
        // Never the group's first line: a header is kept even if it looks like a call.
        const file = lines[end];
        const internal = _isGoRuntimeFunc(line) || _isInternalText(file) ||
          _testOpt(extra, line) || _testOpt(extra, file);
        end++;
        kind = _frameKind(internal, _FWD);
      } else if (line.charCodeAt(0) === 9 && _isGoFileLine(line)) {
        kind = _frameKind(_isInternalText(line) || _testOpt(extra, line), _FWD);
      }
    }
    if (kind === _MSG) rust = false;
    else frames++;
    uStart.push(i);
    uEnd.push(end);
    uKind.push(kind);
    i = end;
  }
  return { start: uStart, end: uEnd, kind: uKind, frames };
}

// ---------------------------------------------------------------------------------
// Private helpers

const _MSG = 0;
const _FRAME = 1;
const _INTERNAL = 2;
const _PY = 4;
const _FWD = 0;

function _frameKind(internal: boolean, order: number): number {
  return _FRAME | (internal ? _INTERNAL : 0) | order;
}

/** Index of the first character that is not a space or a tab. */
function _indentOf(line: string): number {
  const len = line.length;
  let i = 0;
  let c = 0;
  while (i < len && ((c = line.charCodeAt(i)) === 32 || c === 9)) i++;
  return i;
}

/** Index of the last character above U+0020, or -1. */
function _lastNonSpace(line: string): number {
  let e = line.length - 1;
  while (e >= 0 && line.charCodeAt(e) <= 32) e--;
  return e;
}

/** `at <frame>` at index `i`, with a frame-shaped ending. */
function _isAtFrame(line: string, i: number): boolean {
  if (line.charCodeAt(i + 1) !== 116 /* t */ || line.charCodeAt(i + 2) !== 32) return false;
  const b = line.charCodeAt(i + 3);
  if (!(b > 32) || (b >= 48 && b <= 57)) return false;
  const e = _lastNonSpace(line);
  const z = line.charCodeAt(e);
  if (z === 41 /* ) */) return true;
  if (i === 0) return false;
  if (z === 93 /* ] */ || z === 62 /* > */ || z === 123 /* { */) return true;
  // `file:1:2`, `x.cs:line 12`: a digit end needs a colon, so prose ("at least 20") is not a frame.
  return z >= 48 && z <= 57 && line.lastIndexOf(":", e) > i + 3;
}

/** An indented `at …` line (a Rust location line, or any at-frame). */
function _isAtLine(line: string): boolean {
  const ws = _indentOf(line);
  return ws > 0 && line.charCodeAt(ws) === 97 && _isAtFrame(line, ws);
}

/**
 * Rust backtrace index `   3: ` (right-aligned in four columns) at `i`: returns the
 * index of the symbol after `: `, or -1.
 */
function _rustIndexEnd(line: string, i: number): number {
  let j = i;
  let c = 0;
  while ((c = line.charCodeAt(j)) >= 48 && c <= 57) j++;
  if (j === i || j !== 4 || c !== 58 /* : */ || line.charCodeAt(j + 1) !== 32) return -1;
  return j + 2;
}

/** A Go file line: a tab, a path with `.go:<digit>` (or `.s:<digit>`, runtime assembly). */
function _isGoFileLine(line: string): boolean {
  if (line.charCodeAt(0) !== 9) return false;
  let k = line.indexOf(".go:", 1);
  if (k >= 0) k += 4;
  else if ((k = line.indexOf(".s:", 1)) >= 0) k += 3;
  else return false;
  const d = line.charCodeAt(k);
  return d >= 48 && d <= 57;
}

/** A Go function line of a goroutine stack: `pkg.f(…)`, `created by pkg.f …`. */
function _isGoFuncLine(line: string): boolean {
  if (line.startsWith("created by ")) return true;
  return line.charCodeAt(_lastNonSpace(line)) === 41 /* ) */ && line.indexOf("(") > 0;
}

/** A Go function line of the runtime (`runtime.gopark(…)`, `runtime/debug.Stack()`). */
function _isGoRuntimeFunc(line: string): boolean {
  const p = line.startsWith("created by ") ? 11 : 0;
  return (line.startsWith("runtime.", p) || line.startsWith("runtime/", p)) &&
    _isGoFuncLine(line);
}

/** Indentation of a Python line, counting `|` of exception-group tracebacks as indent. */
function _pyIndent(line: string): number {
  const len = line.length;
  let i = 0;
  let c = 0;
  while (i < len && ((c = line.charCodeAt(i)) === 32 || c === 9 || c === 124)) i++;
  return i;
}

/** A line under a Python `File` line: deeper indented, not blank, not another frame. */
function _isPyBody(line: string, fileIndent: number): boolean {
  const i = _pyIndent(line);
  return i > fileIndent && i < line.length && !line.startsWith('File "', i);
}

/** Package prefixes of Java-like (and .NET) library and framework frames. */
const _JVM_PREFIXES = [
  "java.",
  "javax.",
  "jakarta.",
  "sun.",
  "com.sun.",
  "jdk.",
  "kotlin.",
  "kotlinx.coroutines.",
  "scala.",
  "org.springframework.",
  "org.apache.catalina.",
  "org.apache.tomcat.",
  "org.apache.coyote.",
  "io.netty.",
  "org.eclipse.jetty.",
  "org.hibernate.",
  "com.fasterxml.jackson.",
  "reactor.core.",
  "org.junit.",
  "junit.",
  "org.gradle.",
  "org.apache.maven.surefire.",
  "org.mockito.",
  "System.",
  "Microsoft.",
];

/** {@link _JVM_PREFIXES} indexed by their first character code, so a frame tries only a few. */
const _JVM_BY_FIRST: string[][] = (() => {
  const t: string[][] = Array.from({ length: 128 }, () => []);
  for (const p of _JVM_PREFIXES) t[p.charCodeAt(0)].push(p);
  return t;
})();

/** Symbol prefixes of Rust standard library, runtime and C start-up frames. */
const _RUST_PREFIXES = [
  "std::",
  "core::",
  "alloc::",
  "tokio::",
  "<std::",
  "<core::",
  "<alloc::",
  "<tokio::",
  "rust_begin_unwind",
  "__rust",
  "_start",
  "__libc_start",
  "std_detect::",
];

/**
 * Whether a frame line (or a line of a frame: Rust `at` line, Go file line) is in a
 * library, by its location or symbol. Dispatches on the frame kind first, so each
 * line is searched only for the few fragments of its runtime.
 */
function _isInternalText(line: string): boolean {
  const ws = _indentOf(line);
  const c = line.charCodeAt(ws);
  if (c === 97 /* a */) return _isInternalAt(line, ws + 3);
  if (c === 70 /* F */) return _isInternalPy(line, ws + 6);
  if (c >= 48 && c <= 57) return _rustIndexEnd(line, ws) > 0 && _isRustInternalSymbol(line, ws);
  return line.charCodeAt(0) === 9 && _isInternalGoPath(line);
}

/** An `at` frame whose body starts at `b`: Java/.NET package, Node/Deno/Rust location. */
function _isInternalAt(line: string, b: number): boolean {
  // The location: after the last `(` (`at f (node:internal/x:1:2)`), else the body.
  const paren = line.lastIndexOf("(");
  const loc = paren > b ? paren + 1 : b;
  if (
    line.startsWith("node:", loc) || line.startsWith("internal/", loc) ||
    line.startsWith("ext:", loc) || line.startsWith("/rustc/", loc) ||
    line.indexOf("node_modules", loc) >= 0 || line.indexOf("/.cargo/", loc) >= 0 ||
    line.indexOf("/.rustup/", loc) >= 0 || _isOldNodeCore(line, loc)
  ) {
    return true;
  }
  // The qualified name, after a class-loader/module prefix: `java.base/java.lang.Thread.run(…)`,
  // `app//a.B.c(…)`.
  const stop = paren > b ? paren : line.length;
  const slash = line.lastIndexOf("/", stop);
  if (slash >= b) {
    if (line.startsWith("java.", b) || line.startsWith("jdk.", b)) return true;
    b = slash + 1;
  }
  const first = line.charCodeAt(b);
  const prefixes = first < 128 ? _JVM_BY_FIRST[first] : undefined;
  if (prefixes === undefined) return false;
  for (let k = 0; k < prefixes.length; k++) {
    if (line.startsWith(prefixes[k], b)) return true;
  }
  return false;
}

/**
 * A core module of Node before 12 at `loc`: a file name alone (lowercase letters and
 * `_`), `.js:` and a digit (`module.js:653:30`, `bootstrap_node.js:204:16`); an
 * application's file has a path (`/app/x.js:1:2`).
 */
function _isOldNodeCore(line: string, loc: number): boolean {
  let i = loc;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || c === 95)) break;
  }
  if (i === loc || !line.startsWith(".js:", i)) return false;
  const d = line.charCodeAt(i + 4);
  return d >= 48 && d <= 57;
}

/** A Python `File "…"` line whose path starts at `p`. */
function _isInternalPy(line: string, p: number): boolean {
  if (line.startsWith("<frozen ", p)) return true;
  if (line.indexOf("-packages", p) >= 0) {
    return line.indexOf("site-packages", p) >= 0 || line.indexOf("dist-packages", p) >= 0;
  }
  const k = line.indexOf("/lib/python", p);
  if (k < 0) return false;
  const d = line.charCodeAt(k + 11);
  return d >= 48 && d <= 57;
}

/** A Go file line in GOROOT or the module cache. */
function _isInternalGoPath(line: string): boolean {
  return line.startsWith("/usr/local/go/src/", 1) || line.startsWith("/usr/lib/go", 1) ||
    line.indexOf("/src/runtime/") >= 0 || line.indexOf("/go/pkg/mod/") >= 0 ||
    line.indexOf("hostedtoolcache/go/") >= 0;
}

/** A Rust symbol line (numbered or inlined) naming std/core/alloc/tokio or start-up code. */
function _isRustInternalSymbol(line: string, ws: number): boolean {
  let s = _rustIndexEnd(line, ws);
  if (s < 0) s = ws;
  while (line.charCodeAt(s) === 32) s++;
  // RUST_BACKTRACE=full: `   0:     0x55d5c2a6b1c0 - std::…`
  if (line.startsWith("0x", s)) {
    const dash = line.indexOf(" - ", s);
    if (dash > 0) s = dash + 3;
  }
  for (let k = 0; k < _RUST_PREFIXES.length; k++) {
    if (line.startsWith(_RUST_PREFIXES[k], s)) return true;
  }
  return line.length - s === 4 && line.startsWith("main", s);
}

function _testOpt(re: RegExp | undefined, line: string): boolean {
  return re !== undefined && _testExtra(re, line);
}

function _testExtra(re: RegExp, line: string): boolean {
  if (re.global || re.sticky) re.lastIndex = 0;
  return re.test(line);
}
