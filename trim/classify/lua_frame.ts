/**
 * Lua traceback frames (`stack traceback:` then one frame a line, tab-indented):
 * `[C]: in function 'error'`, `tests/run.lua:42: in main chunk`,
 * `[string "bundle:main.lua"]:120: in function 'main'`.
 *
 * @module
 */

/** What follows `: in ` in a Lua frame. */
const _WHAT = [
  "function",
  "main chunk",
  "upvalue",
  "local",
  "method",
  "field",
  "?",
  "for iterator",
  "metamethod",
];

/**
 * Whether `line`, from its first visible character `i` (at least 1: frames are
 * indented), is a Lua traceback frame: `[C]` or a location ending in `:N`, then
 * `: in function …` (`main chunk`, `upvalue`, `local`, `method`, `field`, `?`).
 * One `indexOf` and short comparisons: no regular expression.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLuaFrame } from "./lua_frame.ts";
 * assert.ok(isLuaFrame("\t[C]: in function 'error'", 1));
 * assert.ok(isLuaFrame("\t/app/tests/run.lua:42: in main chunk", 1));
 * assert.ok(isLuaFrame('\t[string "bundle:main.lua"]:120: in function <[string "bundle:init.lua"]:49>', 1));
 * assert.ok(!isLuaFrame("\tchecked: in function scope", 1));
 * assert.ok(!isLuaFrame("[C]: in function 'error'", 0));
 * ```
 */
export function isLuaFrame(line: string, i: number): boolean {
  if (i === 0) return false;
  const k = line.indexOf(": in ", i);
  if (k < 0) return false;
  if (!(k - i === 3 && line.startsWith("[C]", i))) {
    let d = k;
    while (d > i && _isDigit(line.charCodeAt(d - 1))) d--;
    if (d === k || d - 1 <= i || line.charCodeAt(d - 1) !== 58) return false;
  }
  const w = k + 5;
  for (const what of _WHAT) if (line.startsWith(what, w)) return true;
  return false;
}

function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
