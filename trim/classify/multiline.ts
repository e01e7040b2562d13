/**
 * Multiline records: which physical lines continue the current logical record
 * (stack frames, `Caused by:` chains, Python tracebacks, goroutine dumps, Rust
 * backtraces). The grouper that turns a stream of lines into bounded groups is in
 * `multiline_grouper.ts`.
 *
 * Detection is a small state machine in a {@linkcode ContinuationContext}: most
 * lines are decided by their first non-blank characters; only lines that look like
 * a record boundary are looked at further. No regular expression runs per line.
 *
 * @module
 */

import { isStackFrame } from "./stack.ts";
import { TrimError } from "../errors.ts";
import { endsWithChar } from "./line_shape.ts";
import type { MultilineMode } from "../types.ts";

/**
 * The mutable state of continuation detection for one stream, created by
 * {@linkcode createContinuationContext} and advanced by {@linkcode isContinuationLine}.
 * Feed it every line of the stream, in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createContinuationContext, isContinuationLine } from "./multiline.ts";
 * const ctx = createContinuationContext("python");
 * assert.ok(!isContinuationLine("Traceback (most recent call last):", ctx));
 * assert.ok(isContinuationLine('  File "app.py", line 2, in <module>', ctx));
 * ctx.reset();
 * assert.ok(ctx.mode === "python");
 * ```
 */
export class ContinuationContext {
  /** The multiline mode this context detects. */
  readonly mode: MultilineMode;
  /** Internal: the rule families of the mode (bit set). */
  readonly _rules: number;
  /** Internal: what kind of record the previous lines are in. */
  _state: number = _S_NONE;
  /** Internal: one blank line was seen in a record that may go on after it. */
  _afterBlank: boolean = false;

  /** Creates a context; prefer {@linkcode createContinuationContext}. */
  constructor(mode: MultilineMode) {
    const rules = _MODE_RULES[mode];
    if (rules === undefined || !Object.hasOwn(_MODE_RULES, mode)) {
      throw new TrimError("INVALID_OPTION", `unknown multiline mode: ${String(mode)}`);
    }
    this.mode = mode;
    this._rules = rules;
  }

  /** Forgets the current record (start of a new stream). */
  reset(): void {
    this._state = _S_NONE;
    this._afterBlank = false;
  }
}

/**
 * Creates the continuation state for a multiline mode: `auto` recognizes every
 * runtime, `python`, `node`, `java`, `go` and `rust` only their own records, `off`
 * nothing. Throws `TrimError` `INVALID_OPTION` for an unknown mode.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createContinuationContext, isContinuationLine } from "./multiline.ts";
 * const off = createContinuationContext("off");
 * assert.ok(!isContinuationLine("\tat a.B.c(B.java:1)", off));
 * ```
 */
export function createContinuationContext(mode: MultilineMode): ContinuationContext {
  return new ContinuationContext(mode);
}

/**
 * Whether `line` continues the current logical record (so it joins the previous
 * line's group). Call it once per line, in order: the context remembers the record
 * it is in. Recognized, per mode:
 *
 * - java: `\tat …`, `Caused by: …` and the indented lines of its message
 *   (`  Detail: …`), `\t... 42 more`, `... N common frames omitted`, `Suppressed: …`,
 *   .NET `---> ` and `--- End of …`;
 * - python: after `Traceback (most recent call last):`, the `  File "…"` lines, the code
 *   lines under them, and the final `ValueError: …` line; a chained traceback
 *   (`During handling of the above exception…`, `The above exception was the direct
 *   cause…`) continues the record across its blank lines when grouped by
 *   {@linkcode MultilineGrouper};
 * - node: `    at …`, `    at async …`, `    ... N lines matching cause stack trace ...`,
 *   the `{ code: 'E…', … }` property tail up to its closing `}`, `Node.js vX` after a blank;
 * - go: after `panic:`/`fatal error:`, `[signal …]` and (after a blank) the first
 *   `goroutine N [running]:` block; in a goroutine block the function lines,
 *   `\t/path/file.go:12 +0x1d` lines and `created by …`. Each further goroutine
 *   starts its own group, so identical goroutines can fold;
 * - rust: after `thread '…' panicked at …`, the message lines, `stack backtrace:`,
 *   `   0: std::…` and `             at /rustc/…` lines, `note: run with RUST_BACKTRACE=1`;
 *   after `Error: …`, anyhow's `Caused by:` list.
 *
 * A blank line never continues a record by itself; it returns false. A record
 * header (the exception line, `Traceback …`, `panic: …`) returns false: it starts
 * the group its continuation lines join.
 *
 * @example A Java trace
 * ```ts
 * import assert from "node:assert/strict";
 * import { createContinuationContext, isContinuationLine } from "./multiline.ts";
 * const ctx = createContinuationContext("auto");
 * const trace = [
 *   "java.lang.IllegalStateException: boom",
 *   "\tat com.acme.A.run(A.java:3)",
 *   "Caused by: java.io.IOException: closed",
 *   "\t... 4 more",
 *   "12:00:01 INFO next request",
 * ];
 * const flags = trace.map((l) => isContinuationLine(l, ctx));
 * assert.ok(flags.join() === "false,true,true,true,false");
 * ```
 */
export function isContinuationLine(line: string, context: ContinuationContext): boolean {
  const rules = context._rules;
  if (rules === 0) return false;
  const len = line.length;
  let i = 0;
  let c = 0;
  while (i < len && ((c = line.charCodeAt(i)) === 32 || c === 9)) i++;
  if (i === len) return _onBlank(context, rules);
  let state = context._state;
  if (state >= _S_BRIDGE) {
    const next = _bridgeState(line, i, state, rules);
    if (next >= 0) {
      context._state = next;
      context._afterBlank = false;
      return true;
    }
  }
  if (context._afterBlank) {
    context._afterBlank = false;
    state = context._state = _S_NONE;
  }
  return i === 0
    ? _column0(line, c, state, context, rules)
    : _indented(line, i, c, state, context, rules);
}

const _R_JAVA = 1;
const _R_NODE = 2;
const _R_PY = 4;
const _R_GO = 8;
const _R_RUST = 16;

const _MODE_RULES: Record<MultilineMode, number> = {
  auto: _R_JAVA | _R_NODE | _R_PY | _R_GO | _R_RUST,
  java: _R_JAVA,
  node: _R_NODE,
  python: _R_PY,
  go: _R_GO,
  rust: _R_RUST,
  off: 0,
};

/** No record. */
const _S_NONE = 0;
/** Inside a Node `{ … }` property tail. */
const _S_NODE_TAIL = 1;
/** After a Python `File` line without a `Traceback` header. */
const _S_PY_FRAMES = 2;
/** Inside a Python traceback: the next column-0 `Name: …` line ends it. */
const _S_PY_TB = 3;
/** Inside a Python exception-group traceback (no column-0 exception line). */
const _S_PY_TBG = 4;
/** Inside a goroutine stack. */
const _S_GO_STACK = 5;
/** After a Rust `thread '…' panicked at …:` header: the message line follows. */
const _S_RUST_MSG1 = 6;
/** In a Rust panic, after its message. */
const _S_RUST_MSG = 7;
/** In a Rust backtrace. */
const _S_RUST_BT = 8;
/** After `Caused by:` (its message lines, anyhow's numbered causes may follow). */
const _S_CAUSE = 9;
/** States from here on have bridge lines (see {@link _bridgeState}); a blank line may be held. */
const _S_BRIDGE = 10;
/** After `at` frames and the like (Java, Node, .NET): `Node.js vX` may follow. */
const _S_AT = 10;
/** After a Python exception line: a chain connector may follow. */
const _S_PY_AFTER = 11;
/** After a chain connector: a `Traceback` may follow. */
const _S_PY_CHAIN = 12;
/** After Go `panic:`/`fatal error:`: the first goroutine may follow. */
const _S_GO_PANIC = 13;
/** After a column-0 `Error: …` (Rust main returning an error): `Caused by:` may follow. */
const _S_ERR = 14;

/** A blank line: ends the record, or is noted when the record may go on after it. */
function _onBlank(ctx: ContinuationContext, rules: number): boolean {
  const s = ctx._state;
  if (
    !ctx._afterBlank && s >= _S_BRIDGE &&
    (s !== _S_AT || (rules & _R_NODE) !== 0) && (s !== _S_ERR || (rules & _R_RUST) !== 0)
  ) {
    ctx._afterBlank = true;
  } else {
    ctx._state = _S_NONE;
    ctx._afterBlank = false;
  }
  return false;
}

/**
 * Bridge lines continue a record directly or across one blank line (Python prints a
 * blank line around `During handling…`; log shippers often drop blank lines). Returns
 * the state after `line`, or -1 when it is not a bridge line of `state`.
 */
function _bridgeState(line: string, i: number, state: number, rules: number): number {
  switch (state) {
    case _S_PY_AFTER:
      return i === 0 &&
          (line.startsWith("During handling of the above exception") ||
            line.startsWith("The above exception was the direct cause"))
        ? _S_PY_CHAIN
        : -1;
    case _S_PY_CHAIN:
      if (i === 0 && line.startsWith("Traceback (most recent call last):")) return _S_PY_TB;
      return line.startsWith("+ Exception Group Traceback", i) ? _S_PY_TBG : -1;
    case _S_GO_PANIC:
      return i === 0 && (_isGoroutineHeader(line) || line.startsWith("runtime stack:"))
        ? _S_GO_STACK
        : -1;
    case _S_AT:
      return i === 0 && (rules & _R_NODE) !== 0 && line.startsWith("Node.js v") ? _S_NONE : -1;
    case _S_ERR:
      return i === 0 && line.startsWith("Caused by:") ? _S_CAUSE : -1;
  }
  return -1;
}

/** A line starting with a space or a tab. */
function _indented(
  line: string,
  i: number,
  c: number,
  state: number,
  ctx: ContinuationContext,
  rules: number,
): boolean {
  switch (state) {
    case _S_PY_TB:
    case _S_PY_TBG:
    case _S_PY_FRAMES:
    case _S_NODE_TAIL:
    case _S_RUST_MSG:
    case _S_RUST_BT:
      return true;
    case _S_GO_PANIC:
    case _S_GO_STACK:
      if (line.charCodeAt(0) === 9) return true;
      break;
    case _S_CAUSE:
      // The rest of a multi-line cause message (`  Detail: …`), anyhow's `    0: …` list.
      if (c !== 97 /* a */ && c !== 46 /* . */) return true;
      break;
  }
  switch (c) {
    case 97: /* a */
      if ((rules & (_R_JAVA | _R_NODE | _R_RUST)) !== 0 && isStackFrame(line)) {
        ctx._state = (rules & _R_NODE) !== 0 && endsWithChar(123, line) ? _S_NODE_TAIL : _S_AT;
        return true;
      }
      break;
    case 70: /* F */
      if ((rules & _R_PY) !== 0 && line.startsWith('File "', i)) {
        ctx._state = _S_PY_FRAMES;
        return true;
      }
      break;
    case 46: /* . */
      if ((rules & (_R_JAVA | _R_NODE)) !== 0 && line.startsWith("... ", i)) {
        const d = line.charCodeAt(i + 4);
        if (d >= 48 && d <= 57) {
          ctx._state = _S_AT;
          return true;
        }
      }
      break;
    case 67: /* C */
      if ((rules & (_R_JAVA | _R_RUST)) !== 0 && line.startsWith("Caused by:", i)) {
        ctx._state = _S_CAUSE;
        return true;
      }
      break;
    case 83: /* S */
      if ((rules & _R_JAVA) !== 0 && line.startsWith("Suppressed: ", i)) {
        ctx._state = _S_AT;
        return true;
      }
      break;
    case 45: /* - */
      if (
        (rules & _R_JAVA) !== 0 &&
        (line.startsWith("---> ", i) || line.startsWith("--- End of ", i))
      ) {
        ctx._state = _S_AT;
        return true;
      }
      break;
    case 43: /* + */
      if ((rules & _R_PY) !== 0 && line.startsWith("+ Exception Group Traceback", i)) {
        ctx._state = _S_PY_TBG;
        return false;
      }
      break;
    default:
      if (c >= 48 && c <= 57) {
        if ((rules & _R_RUST) !== 0 && isStackFrame(line)) {
          ctx._state = _S_RUST_BT;
          return true;
        }
      } else if ((rules & _R_GO) !== 0 && line.charCodeAt(0) === 9 && isStackFrame(line)) {
        ctx._state = _S_GO_STACK;
        return true;
      }
  }
  ctx._state = _S_NONE;
  return false;
}

/** A line starting at column 0 with the character `c`. */
function _column0(
  line: string,
  c: number,
  state: number,
  ctx: ContinuationContext,
  rules: number,
): boolean {
  switch (state) {
    case _S_PY_TB:
      if (_isPyExceptionLine(line)) {
        ctx._state = _S_PY_AFTER;
        return true;
      }
      break;
    case _S_RUST_MSG1:
      ctx._state = _S_RUST_MSG;
      return true;
    case _S_RUST_MSG:
    case _S_RUST_BT:
      if (c === 110 /* n */ && line.startsWith("note: ")) return true;
      if (c === 115 /* s */ && line.startsWith("stack backtrace:")) {
        ctx._state = _S_RUST_BT;
        return true;
      }
      break;
    case _S_GO_PANIC:
      if (
        (c === 91 /* [ */ && line.startsWith("[signal ")) ||
        (c === 112 /* p */ && line.startsWith("panic: "))
      ) {
        return true;
      }
      break;
    case _S_GO_STACK:
      if (
        _isGoFunctionLine(line, c) ||
        (c === 99 /* c */ && line.startsWith("created by ")) ||
        (c === 46 /* . */ && line.startsWith("...additional frames elided..."))
      ) {
        return true;
      }
      break;
    case _S_AT:
      if (c === 123 /* { */ && (rules & _R_NODE) !== 0) {
        ctx._state = endsWithChar(125, line) ? _S_AT : _S_NODE_TAIL;
        return true;
      }
      break;
    case _S_NODE_TAIL:
      if (c === 125 /* } */) {
        ctx._state = _S_AT;
        return true;
      }
      break;
  }
  // Stateless continuations, then record headers (which return false).
  let next = _S_NONE;
  switch (c) {
    case 67: /* C */
      if ((rules & (_R_JAVA | _R_RUST)) !== 0 && line.startsWith("Caused by:")) {
        ctx._state = _S_CAUSE;
        return true;
      }
      break;
    case 97: /* a */
      if ((rules & (_R_JAVA | _R_NODE)) !== 0 && isStackFrame(line)) {
        ctx._state = _S_AT;
        return true;
      }
      break;
    case 110: /* n */
      if (
        (rules & _R_RUST) !== 0 && line.startsWith("note: ") && line.includes("RUST_BACKTRACE")
      ) {
        ctx._state = _S_RUST_MSG;
        return true;
      }
      break;
    case 84: /* T */
      if ((rules & _R_PY) !== 0 && line.startsWith("Traceback (most recent call last):")) {
        next = _S_PY_TB;
      }
      break;
    case 112: /* p */
      if ((rules & _R_GO) !== 0 && line.startsWith("panic: ")) next = _S_GO_PANIC;
      break;
    case 102: /* f */
      if ((rules & _R_GO) !== 0 && line.startsWith("fatal error: ")) next = _S_GO_PANIC;
      break;
    case 103: /* g */
      if ((rules & _R_GO) !== 0 && _isGoroutineHeader(line)) next = _S_GO_STACK;
      break;
    case 116: /* t */
      if (
        (rules & _R_RUST) !== 0 && line.startsWith("thread '") && line.includes("' panicked at ")
      ) {
        next = endsWithChar(58, line) ? _S_RUST_MSG1 : _S_RUST_MSG;
      }
      break;
    case 115: /* s */
      if ((rules & _R_RUST) !== 0 && line.startsWith("stack backtrace:")) next = _S_RUST_BT;
      break;
    case 69: /* E */
      if ((rules & _R_RUST) !== 0 && line.startsWith("Error: ")) next = _S_ERR;
      break;
  }
  ctx._state = next;
  return false;
}

/** `goroutine 123 [status]:` */
function _isGoroutineHeader(line: string): boolean {
  if (!line.startsWith("goroutine ")) return false;
  const d = line.charCodeAt(10);
  return d >= 48 && d <= 57 && line.indexOf(" [", 11) > 0;
}

/** A column-0 Go function line in a goroutine stack: `main.main()`, `pkg.(*T).M(0x1, …)`. */
function _isGoFunctionLine(line: string, c: number): boolean {
  // Identifier start (letters, `_`) or non-ASCII; `(` after it; `)` at the end.
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127)) return false;
  return endsWithChar(41, line) /* ) */ && line.indexOf("(") > 0;
}

/** A column-0 Python exception line: `ValueError: …`, `pkg.errors.Bad: …`, `KeyboardInterrupt`. */
function _isPyExceptionLine(line: string): boolean {
  const len = line.length;
  let i = 0;
  for (; i < len; i++) {
    const c = line.charCodeAt(i);
    if (
      !((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 ||
        (i > 0 && c >= 48 && c <= 57))
    ) {
      break;
    }
  }
  if (i === 0) return false;
  if (i === len) return true;
  return line.charCodeAt(i) === 58; /* : */
}
