/**
 * Internal frames: whether a stack frame is in a dependency, the standard library or a
 * framework (by its location or symbol) rather than the application's own code. The
 * package and symbol prefixes are data; each line is searched only for the few
 * fragments of its runtime.
 *
 * @module
 */

import { indentOf, isGoRuntimeFunc, isStackFrame, rustIndexEnd } from "./frame_lines.ts";

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
 * import { isInternalFrame } from "./internal_frames.ts";
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
  if (!isStackFrame(line)) return isGoRuntimeFunc(line);
  return isInternalText(line) || (extra !== undefined && _testExtra(extra, line));
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
export function isInternalText(line: string): boolean {
  const ws = indentOf(line);
  const c = line.charCodeAt(ws);
  if (c === 97 /* a */) return _isInternalAt(line, ws + 3);
  if (c === 70 /* F */) return _isInternalPy(line, ws + 6);
  if (c >= 48 && c <= 57) return rustIndexEnd(line, ws) > 0 && isRustInternalSymbol(line, ws);
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
export function isRustInternalSymbol(line: string, ws: number): boolean {
  let s = rustIndexEnd(line, ws);
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

/** `re` (an optional `internalStackPatterns` expression) matches `line`. */
export function testOpt(re: RegExp | undefined, line: string): boolean {
  return re !== undefined && _testExtra(re, line);
}

function _testExtra(re: RegExp, line: string): boolean {
  if (re.global || re.sticky) re.lastIndex = 0;
  return re.test(line);
}
