/**
 * Stack reduction: one logical stack group loses its internal library frames
 * and keeps at most `maxStackFrames` application frames per run, with exact
 * accounting of what was hidden or collapsed.
 *
 * @module
 */

import { TrimError } from "../errors.ts";
import { FrameKind, frameUnits, isStackFrame } from "./frames.ts";

/**
 * Action of an input line in {@linkcode StackReduction.actions}: the line is kept.
 *
 * @example Lines kept by a reduction
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, STACK_KEEP } from "./stack_reduce.ts";
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
 * import { reduceStackGroup, STACK_HIDE } from "./stack_reduce.ts";
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
 * import { reduceStackGroup, STACK_COLLAPSE } from "./stack_reduce.ts";
 * const r = reduceStackGroup([
 *   "Error: boom",
 *   "    at a (/app/a.js:1:1)",
 *   "    at b (/app/a.js:2:1)",
 *   "    at c (/app/a.js:3:1)",
 *   "    at Module._compile (node:internal/modules/cjs/loader:1105:14)",
 * ], { maxStackFrames: 1 });
 * assert.ok(r.actions?.[2] === STACK_COLLAPSE && r.collapsed === 2);
 * ```
 */
export const STACK_COLLAPSE = 2;

/**
 * The fewest application frames a `[... K more application stack frames ...]` marker
 * stands for under a cap of `max` frames: 2 (a marker for one frame saves no line),
 * and more than a third of the cap (4 under the default 10), since a marker for a
 * few frames saves few tokens and takes the frames nearest the entry point, which
 * often name the test or the command that failed. A run with fewer frames beyond
 * the cap is kept whole.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fewestCollapsedFrames } from "./stack_reduce.ts";
 * assert.equal(fewestCollapsedFrames(1), 2);
 * assert.equal(fewestCollapsedFrames(10), 4);
 * ```
 */
export function fewestCollapsedFrames(max: number): number {
  return Math.max(2, Math.floor(max / 3) + 1);
}

/**
 * Default of `maxStackFrames`: consecutive application frames kept per run.
 *
 * @example The default cap on application frames
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_MAX_STACK_FRAMES, reduceStackGroup } from "./stack_reduce.ts";
 * const frames = Array.from({ length: 15 }, (_, i) => `    at f${i} (/app/a.js:${i + 1}:1)`);
 * const r = reduceStackGroup(["Error: boom", ...frames]);
 * assert.ok(r.collapsed === 15 - DEFAULT_MAX_STACK_FRAMES);
 * ```
 */
export const DEFAULT_MAX_STACK_FRAMES = 10;

const _MSG = FrameKind.MESSAGE;
const _INTERNAL = FrameKind.INTERNAL;
const _PY = FrameKind.PYTHON;

/**
 * Whether a library frame can say where an error was raised: a Python library or
 * standard-library frame, a JavaScript frame in `node_modules` (a driver, a
 * parser, an assertion library), or a JDK API frame (I/O, a process, a parser). Runtime machinery (Rust panicking, Go runtime,
 * `node:internal`, JVM reflection and servlet plumbing) never is.
 */
function _raisedIn(kind: number, line: string): boolean {
  if (!(kind & _INTERNAL)) return false;
  return (kind & _PY) !== 0 || line.indexOf("node_modules") >= 0 || _jvmRaisedIn(line);
}

/**
 * A JDK frame that can say where an error was raised: its API, at the top of a stack
 * (`java.io.FileOutputStream.open0`, `sun.nio.fs.UnixException.translateToIOException`,
 * `java.lang.ProcessBuilder.start`, `java.math.BigDecimal.<init>`). Not reflection or
 * a proxy (`jdk.internal.reflect…`, `java.lang.reflect.Method.invoke`, `$Proxy12`,
 * `GeneratedMethodAccessor`), threads and executors: call plumbing. Other libraries'
 * frames (Spring, Hibernate, JUnit) stay hidden: their top frames are mostly plumbing.
 */
function _jvmRaisedIn(line: string): boolean {
  if (line.charCodeAt(line.length - 1) !== 41 /* ) */) return false;
  const paren = line.lastIndexOf("(");
  if (paren < 0) return false;
  if (line.indexOf(".java:", paren) < 0 && !line.startsWith("(Native Method)", paren)) return false;
  // The qualified name, after `at ` and a module prefix (`java.base/`).
  let b = line.indexOf("at ") + 3;
  const slash = line.lastIndexOf("/", paren);
  if (slash >= b) b = slash + 1;
  let jdk = false;
  for (const p of _JDK_API) if (line.startsWith(p, b)) jdk = true;
  if (!jdk) return false;
  for (const p of _JDK_PLUMBING) if (line.startsWith(p, b)) return false;
  return line.indexOf("reflect.", b) < 0 && line.indexOf("$Proxy", b) < 0 &&
    line.indexOf("MethodAccessor", b) < 0;
}

/** Packages of the JDK, whose frames at the top of a stack say where it was raised. */
const _JDK_API = ["java.", "javax.", "sun.", "jdk.", "com.sun."];
/** JDK packages of call plumbing (threads, executors, servlets), never where raised. */
const _JDK_PLUMBING = [
  "java.lang.Thread.",
  "java.util.concurrent.",
  "javax.servlet.",
  "jdk.internal.reflect.",
];

/**
 * Options of {@linkcode reduceStackGroup}.
 *
 * @example Hiding vendored frames, keeping every app frame
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, type StackReduceOptions } from "./stack_reduce.ts";
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
  /**
   * Whether a group that starts with frames starts at the top of its stack (the
   * line before it was the exception, not a frame), so that its first library
   * frames say where the error was raised (default false: such a group is taken
   * for the rest of a stack).
   */
  framesFirstAtTop?: boolean;
  /**
   * Show internal library frames too, hiding none (default false): for the trace a
   * log's failure is read from, shown whole. `maxStackFrames` still applies to
   * application frames.
   */
  showInternal?: boolean;
}

/**
 * The result of {@linkcode reduceStackGroup}. Exact accounting:
 * `input.length === kept + hidden + collapsed` and `lines.length === kept + markers`.
 *
 * @example Exact accounting of a reduction
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup, type StackReduction } from "./stack_reduce.ts";
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
 * the rest with one `[... K more application stack frames ...]` marker (K frames), when
 * K is at least {@linkcode fewestCollapsedFrames} (otherwise the run is kept whole).
 * The frames nearest the error are the first of a run, except in Python tracebacks
 * (most recent call last), where the last are kept. A run is the frames between two
 * non-frame lines; hidden frames do not break it.
 *
 * Library frames that say where the error was raised stay: Python library frames,
 * JavaScript `node_modules` frames and JDK API frames (`java.io.FileOutputStream.open0`;
 * not reflection, threads or executors) nearest the error, before a run's first
 * application frame (after its last one in a Python traceback), at most
 * `maxStackFrames` of them (10 when it is 0): an assertion library, a parser, an
 * HTTP client, a driver. Library frames between and below application frames are
 * the runner's plumbing, and runtime machinery (Rust panicking, Go runtime,
 * `node:` core, JVM frameworks) is never evidence: both are hidden.
 *
 * @example A Spring exception whose first frame is a framework frame
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceStackGroup } from "./stack_reduce.ts";
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

  const units0 = frameUnits(lines, extra);
  const uStart = units0.start;
  const uEnd = units0.end;
  const uKind = units0.kind;
  const frames = units0.frames;

  if (frames === 0) {
    return { lines, kept: n, hidden: 0, collapsed: 0, markers: 0, actions: undefined };
  }

  // Pass 2: runs of frame units between message units.
  const markersOn = opts.internalMarkers ?? true;
  const framesFirstAtTop = opts.framesFirstAtTop ?? false;
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
    let python = true;
    for (; v < units && uKind[v] !== _MSG; v++) {
      const k = uKind[v];
      if (!(k & _INTERNAL)) app++;
      if (!(k & _PY)) python = false;
    }
    // Application frames with index in [cutFrom, cutTo) are collapsed.
    let cutFrom = app;
    let cutTo = app;
    if (max > 0 && app - max >= fewestCollapsedFrames(max)) {
      if (python) {
        cutFrom = 0;
        cutTo = app - max;
      } else {
        cutFrom = max;
      }
    }
    // Where the error was raised: the library frames nearest the error, before the
    // run's first application frame (after its last one in Python), at most
    // `maxStackFrames` of them, stay: units [topFrom, topTo).
    const top = max > 0 ? max : DEFAULT_MAX_STACK_FRAMES;
    let topFrom = v;
    let topTo = v;
    // A traceback's top is its last frames, right above the exception line.
    const atTop = u > 0 || python || framesFirstAtTop;
    if (atTop && python) {
      while (
        topFrom > u && _raisedIn(uKind[topFrom - 1], lines[uStart[topFrom - 1]]) &&
        v - topFrom < top
      ) topFrom--;
    } else if (atTop) {
      topFrom = topTo = u;
      while (topTo < v && _raisedIn(uKind[topTo], lines[uStart[topTo]]) && topTo - u < top) topTo++;
    }
    if (opts.showInternal) {
      topFrom = u;
      topTo = v;
    }
    let internalHidden = 0;
    for (let w = u; w < v; w++) {
      if ((uKind[w] & _INTERNAL) && (w < topFrom || w >= topTo)) internalHidden++;
    }
    // Only under a kept line (exception, `Caused by:`): a group that starts with
    // frames (a split group, a lone frame) gets no marker. It stands where the
    // hidden frames start.
    let marker = app === 0 && internalHidden > 0 && markersOn && u > 0;
    let a = 0;
    for (let w = u; w < v; w++) {
      const s = uStart[w];
      const e = uEnd[w];
      if ((uKind[w] & _INTERNAL) && (w < topFrom || w >= topTo)) {
        if (marker) {
          out.push(`[... ${internalHidden} internal frames hidden ...]`);
          markers++;
          marker = false;
        }
        actions.fill(STACK_HIDE, s, e);
        hidden += e - s;
      } else if (!(uKind[w] & _INTERNAL) && a >= cutFrom && a < cutTo) {
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
        if (!(uKind[w] & _INTERNAL)) a++;
      }
    }
    u = v;
  }
  if (hidden === 0 && collapsed === 0) {
    return { lines, kept: n, hidden: 0, collapsed: 0, markers: 0, actions: undefined };
  }
  return { lines: out, kept, hidden, collapsed, markers, actions };
}
