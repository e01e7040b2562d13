/**
 * Stack traces: the repeat signature of a stack group, and the entry point of
 * the stack helpers: frame recognition and internal frames (`frames.ts`) and
 * stack reduction (`stack_reduce.ts`) are re-exported from here.
 *
 * No regular expression used here can backtrack super-linearly.
 *
 * @module
 */

export { isInternalFrame, isStackFrame } from "./frames.ts";
export {
  DEFAULT_MAX_STACK_FRAMES,
  fewestCollapsedFrames,
  reduceStackGroup,
  STACK_COLLAPSE,
  STACK_HIDE,
  STACK_KEEP,
  type StackReduceOptions,
  type StackReduction,
} from "./stack_reduce.ts";

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
