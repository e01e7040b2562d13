/**
 * Stack frames: recognizing a frame line, telling internal library frames from
 * application frames, reducing one logical stack group (hide internal frames,
 * cap runs of application frames) and the repeat signature of a stack.
 *
 * Everything here is pure and cheap to call on every line: each check starts with
 * a look at the first non-blank characters, and no regular expression used here
 * can backtrack super-linearly.
 *
 * @module
 */

import { TrimError } from "../errors.ts";

/**
 * Action of an input line in {@linkcode StackReduction.actions}: the line is kept.
 *
 * @example Lines kept by a reduction
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, STACK_KEEP } from "./stack.ts";
 * const r = reduceStackGroup([
 *   "Error: boom",
 *   "    at a (/app/a.js:1:1)",
 *   "    at b (/app/a.js:2:1)",
 *   "    at Module._compile (node:internal/modules/cjs/loader:1105:14)",
 * ], { maxStackFrames: 1 });
 * assert.ok(r.actions?.[0] === STACK_KEEP && r.actions?.[1] === STACK_KEEP);
 * ```
 */
export const STACK_KEEP = 0;
/**
 * Action of an input line: hidden as an internal library frame (counted in `hidden`).
 *
 * @example An internal frame is hidden
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, STACK_HIDE } from "./stack.ts";
 * const r = reduceStackGroup([
 *   "Error: boom",
 *   "    at a (/app/a.js:1:1)",
 *   "    at b (/app/a.js:2:1)",
 *   "    at Module._compile (node:internal/modules/cjs/loader:1105:14)",
 * ], { maxStackFrames: 1 });
 * assert.ok(r.actions?.[3] === STACK_HIDE && r.hidden === 1);
 * ```
 */
export const STACK_HIDE = 1;
/**
 * Action of an input line: an application frame replaced by a marker (counted in `collapsed`).
 *
 * @example Frames beyond maxStackFrames collapse
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, STACK_COLLAPSE } from "./stack.ts";
 * const r = reduceStackGroup([
 *   "Error: boom",
 *   "    at a (/app/a.js:1:1)",
 *   "    at b (/app/a.js:2:1)",
 *   "    at Module._compile (node:internal/modules/cjs/loader:1105:14)",
 * ], { maxStackFrames: 1 });
 * assert.ok(r.actions?.[2] === STACK_COLLAPSE && r.collapsed === 1);
 * ```
 */
export const STACK_COLLAPSE = 2;

/**
 * Default of `maxStackFrames`: consecutive application frames kept per run.
 *
 * @example The default cap on application frames
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_MAX_STACK_FRAMES, reduceStackGroup } from "./stack.ts";
 * const frames = Array.from({ length: 15 }, (_, i) => `    at f${i} (/app/a.js:${i + 1}:1)`);
 * const r = reduceStackGroup(["Error: boom", ...frames]);
 * assert.ok(r.collapsed === 15 - DEFAULT_MAX_STACK_FRAMES);
 * ```
 */
export const DEFAULT_MAX_STACK_FRAMES = 10;

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
 * import { isStackFrame } from "./stack.ts";
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
  if (c >= 48 && c <= 57) return _rustIndexEnd(line, i) > 0;
  return line.charCodeAt(0) === 9 && _isGoFileLine(line);
}

/**
 * Whether a line is an internal library frame: a frame (see {@linkcode isStackFrame},
 * plus Go `runtime.` function lines) located in a dependency, the standard library or a
 * framework. Non-frame lines are never internal, so an exception line naming a
 * framework class (`org.springframework.beans.factory.BeanCreationException: …`) is
 * not hidden.
 *
 * Internal: `node_modules`, `node:` core and `node:internal`, `internal/`, Deno `ext:`;
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
 * import { isInternalFrame } from "./stack.ts";
 * assert.ok(isInternalFrame("\tat org.springframework.web.servlet.DispatcherServlet.doDispatch(DispatcherServlet.java:1067)"));
 * assert.ok(isInternalFrame("    at processTicksAndRejections (node:internal/process/task_queues:95:5)"));
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
 * Options of {@linkcode reduceStackGroup}.
 *
 * @example Hiding vendored frames, keeping every app frame
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, type StackReduceOptions } from "./stack.ts";
 * const options: StackReduceOptions = { maxStackFrames: 0, internal: /\/vendor\/acme\// };
 * const r = reduceStackGroup(["Error: boom", "    at a (/app/a.js:1:1)", "    at s (/app/vendor/acme/x.js:1:1)"], options);
 * assert.ok(r.hidden === 1 && r.collapsed === 0 && r.kept === 2);
 * ```
 */
export interface StackReduceOptions {
  /** Max consecutive application frames kept per run (default 10; 0 keeps all). */
  maxStackFrames?: number;
  /** Extra frames to hide as internal (compiled `internalStackPatterns`). */
  internal?: RegExp;
  /**
   * Emit `[... N internal frames hidden ...]` where every frame between two kept
   * lines (for example under a `Caused by:`) was hidden, so a reader does not take the
   * exception for one without a stack (default true). Hidden frames next to kept
   * application frames get no marker: they are only counted.
   */
  internalMarkers?: boolean;
}

/**
 * The result of {@linkcode reduceStackGroup}. Exact accounting:
 * `input.length === kept + hidden + collapsed` and `lines.length === kept + markers`.
 *
 * @example Exact accounting of a reduction
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, type StackReduction } from "./stack.ts";
 * const input = ["Error: boom", "    at a (/app/a.js:1:1)", "    at b (/app/a.js:2:1)", "    at c (/app/a.js:3:1)"];
 * const r: StackReduction = reduceStackGroup(input, { maxStackFrames: 1 });
 * assert.ok(input.length === r.kept + r.hidden + r.collapsed);
 * assert.ok(r.lines.length === r.kept + r.markers && r.lines[2].includes("2 more application stack frames"));
 * ```
 */
export interface StackReduction {
  /** The output lines, in input order, markers included. */
  lines: string[];
  /** Input lines kept as themselves. */
  kept: number;
  /** Input lines hidden as internal frames (for `stats.hiddenInternalStackLines`). */
  hidden: number;
  /** Input lines of application frames replaced by a marker. */
  collapsed: number;
  /** Synthetic marker lines in `lines` (not input lines). */
  markers: number;
  /**
   * Per input line: {@linkcode STACK_KEEP}, {@linkcode STACK_HIDE} or
   * {@linkcode STACK_COLLAPSE}. `undefined` when every line was kept; `lines` is then
   * the input array itself.
   */
  actions: Uint8Array | undefined;
}

/**
 * Reduces one logical group (a header line and its continuation lines, as grouped
 * by the multiline grouper): internal library frames are hidden (a Python code line
 * goes with its hidden `File` line, a Go file line with its function line, Rust `at`
 * lines with their symbol line); exception, `Caused by:`, `panic:`, goroutine headers,
 * `... N more` and every other non-frame line are always kept, and so is a Node frame
 * that opens the error's `{ code: … }` property tail; a run of more than
 * `maxStackFrames` application frames keeps the frames nearest the error and replaces
 * the rest with one `[... K more application stack frames ...]` marker (K frames).
 * The frames nearest the error are the first of a run, except in Python tracebacks
 * (most recent call last), where the last are kept. A run is the frames between two
 * non-frame lines; hidden frames do not break it.
 *
 * @example A Spring exception whose first frame is a framework frame
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup } from "./stack.ts";
 * const r = reduceStackGroup([
 *   "org.springframework.web.util.NestedServletException: Request processing failed",
 *   "\tat org.springframework.web.servlet.FrameworkServlet.processRequest(FrameworkServlet.java:1014)",
 *   "\tat com.acme.api.OrderController.create(OrderController.java:42)",
 *   "Caused by: java.lang.IllegalStateException: no stock",
 *   "\tat com.acme.stock.Stock.take(Stock.java:17)",
 * ], { maxStackFrames: 10 });
 * assert.ok(r.lines.length === 4 && r.hidden === 1 && r.collapsed === 0);
 * assert.ok(r.lines[0].startsWith("org.springframework.web.util.NestedServletException"));
 * ```
 */
export function reduceStackGroup(lines: string[], opts: StackReduceOptions = {}): StackReduction {
  const max = opts.maxStackFrames ?? DEFAULT_MAX_STACK_FRAMES;
  if (!Number.isInteger(max) || max < 0) {
    throw new TrimError("INVALID_OPTION", `maxStackFrames must be an integer >= 0, got ${max}`);
  }
  const extra = opts.internal;
  const n = lines.length;
  if (n < 2 && (n === 0 || !isStackFrame(lines[0]))) {
    return { lines, kept: n, hidden: 0, collapsed: 0, markers: 0, actions: undefined };
  }

  // Pass 1: frame units. A unit is a frame head plus the lines belonging to it.
  // uEnd[u] is the exclusive end of unit u, uKind[u] its kind.
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

  if (frames === 0) {
    return { lines, kept: n, hidden: 0, collapsed: 0, markers: 0, actions: undefined };
  }

  // Pass 2: runs of frame units between message units.
  const markersOn = opts.internalMarkers ?? true;
  const out: string[] = [];
  const actions = new Uint8Array(n);
  let kept = 0;
  let hidden = 0;
  let collapsed = 0;
  let markers = 0;
  const units = uKind.length;
  for (let u = 0; u < units;) {
    if (uKind[u] === _MSG) {
      for (let k = uStart[u]; k < uEnd[u]; k++) out.push(lines[k]);
      kept += uEnd[u] - uStart[u];
      u++;
      continue;
    }
    let v = u;
    let app = 0;
    let internal = 0;
    let python = true;
    for (; v < units && uKind[v] !== _MSG; v++) {
      const k = uKind[v];
      if (k & _INTERNAL) internal++;
      else app++;
      if (!(k & _PY)) python = false;
    }
    // Application frames with index in [cutFrom, cutTo) are collapsed.
    let cutFrom = app;
    let cutTo = app;
    if (max > 0 && app > max) {
      if (python) {
        cutFrom = 0;
        cutTo = app - max;
      } else {
        cutFrom = max;
      }
    }
    // Only under a kept line (exception, `Caused by:`): a group that starts with
    // frames (a split group, a lone frame) gets no marker.
    if (app === 0 && markersOn && u > 0) {
      out.push(`[... ${internal} internal frames hidden ...]`);
      markers++;
    }
    let a = 0;
    for (let w = u; w < v; w++) {
      const s = uStart[w];
      const e = uEnd[w];
      if (uKind[w] & _INTERNAL) {
        actions.fill(STACK_HIDE, s, e);
        hidden += e - s;
      } else if (a >= cutFrom && a < cutTo) {
        if (a === cutFrom) {
          out.push(`[... ${cutTo - cutFrom} more application stack frames ...]`);
          markers++;
        }
        actions.fill(STACK_COLLAPSE, s, e);
        collapsed += e - s;
        a++;
      } else {
        for (let k = s; k < e; k++) out.push(lines[k]);
        kept += e - s;
        a++;
      }
    }
    u = v;
  }
  if (hidden === 0 && collapsed === 0) {
    return { lines, kept: n, hidden: 0, collapsed: 0, markers: 0, actions: undefined };
  }
  return { lines: out, kept, hidden, collapsed, markers, actions };
}

/**
 * The repeat signature of a stack group, for `collapseRepeatedStacks`: adjacent groups
 * with equal signatures fold into one `[xN]` group. Normalized away: hex addresses and
 * offsets (`0x7f3a…`, `+0x1d`), `:line[:col]` and `line N` numbers, goroutine ids and
 * wait times, thread names (`thread "…"`, `thread '…'`, thread-dump names, `#N`,
 * `Thread-N`), lambda, accessor, proxy and CGLIB ids, and `... N more` counts (also in
 * trimlog's own markers). Exception messages and frame names are kept, so different
 * errors or different call paths stay different. Only the first 64 KB of a group are
 * normalized (the rest is compared verbatim), which bounds the cost of huge lines; the
 * signature of a longer group can only be more specific, never merge different stacks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stackSignature } from "./stack.ts";
 * const a = stackSignature(["goroutine 7 [running]:", "main.work(0xc000012345)", "\t/app/main.go:12 +0x1d"]);
 * const b = stackSignature(["goroutine 9 [running]:", "main.work(0xc000099999)", "\t/app/main.go:13 +0x2f"]);
 * assert.ok(a === b);
 * ```
 */
export function stackSignature(lines: string[]): string {
  const all = lines.join("\n");
  let s = all.length > _SIG_MAX ? all.slice(0, _SIG_MAX) : all;
  for (let k = 0; k < _SIG_RULES.length; k++) {
    const rule = _SIG_RULES[k];
    if (s.includes(rule[0])) s = s.replace(rule[1], rule[2]);
  }
  return all.length > _SIG_MAX ? s + all.slice(_SIG_MAX) : s;
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
    line.indexOf("/.rustup/", loc) >= 0
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

/**
 * Signature rules: (guard, pattern, replacement) triples, applied in order. A rule runs
 * only when its guard substring occurs. All patterns are linear.
 */
const _SIG_RULES: Array<[string, RegExp, string]> = [
  ["0x", /0x[0-9a-fA-F]+/g, "0x_"],
  ["goroutine ", /goroutine \d+/g, "goroutine _"],
  [" minutes]", /, \d+ minutes\]/g, ", _ minutes]"],
  [":", /:\d+/g, ":_"],
  ["line ", /\bline \d+/g, "line _"],
  ["... ", /\.\.\. \d+/g, "... _"],
  [" more times", /(?<!\d)\d+ more times/g, "_ more times"],
  ["$$Lambda$", /\$\$Lambda\$\d+(?:\/\d+)?/g, "$$$$Lambda$$_"],
  ["lambda$", /lambda\$(\w+)\$\d+/g, "lambda$$$1$$_"],
  ["$$", /\$\$([A-Za-z]+)\$\$[0-9a-fA-F]+/g, "$$$$$1$$$$_"],
  ["Accessor", /(GeneratedMethodAccessor|GeneratedConstructorAccessor)\d+/g, "$1_"],
  ["$Proxy", /\$Proxy\d+/g, "$$Proxy_"],
  ["hread ", /thread "[^"\n]*"/gi, 'thread "_"'],
  ["hread ", /thread '[^'\n]*'/gi, "thread '_'"],
  ['"', /^"[^"\n]*"/gm, '"_"'],
  ["#", /#\d+/g, "#_"],
  ["Thread-", /Thread-\d+/g, "Thread-_"],
];

/** Only the first 64 KB of a group are normalized; the rest is compared as is. */
const _SIG_MAX = 64 * 1024;
