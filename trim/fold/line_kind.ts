/**
 * What a kept line is for the fold across the stream (`stream.ts`), and the hash
 * remembered templates are kept as.
 *
 * @module
 */

import { LineCategory, signalCategory } from "../classify/category.ts";
import { lineSignal } from "../classify/score.ts";
import { inferSeverity } from "../classify/severity.ts";

/**
 * The kinds of lines: plain (a server's log line: folds by template across the stream),
 * failure (folds by numbers only), structure (a line of a multi-line record: folds with
 * the line before it only), blank, own (a CI log's own line: no level, no syslog
 * header; folds with the line before it only).
 */
export const FoldLineKind = {
  PLAIN: 0,
  FAILURE: 1,
  STRUCTURE: 2,
  BLANK: 3,
  OWN: 4,
} as const;

/**
 * What a line is for folding: blank; structure (indented: a line of a multi-line
 * record such as a stack frame or an object dump; or no level and a stack signal);
 * failure (an `error`/`fatal` level; or no level and an error, fatal or diagnostic
 * signal); plain (another level, or a syslog header `host sshd[24200]:`, a diagnostic
 * too); else own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FoldLineKind, foldLineKind } from "./line_kind.ts";
 * assert.ok(foldLineKind("ERROR db down") === FoldLineKind.FAILURE);
 * assert.ok(foldLineKind("\tat com.acme.A.run(A.java:3)") === FoldLineKind.STRUCTURE);
 * assert.ok(foldLineKind("WARN Got exception while serving blk_1") === FoldLineKind.PLAIN);
 * assert.ok(foldLineKind("  ") === FoldLineKind.BLANK);
 * assert.ok(foldLineKind("LabSZ sshd[24200]: Invalid user admin") === FoldLineKind.PLAIN);
 * assert.ok(foldLineKind("src/module0.py   12   3   90%") === FoldLineKind.OWN);
 * ```
 */
export function foldLineKind(line: string): number {
  if (isBlankLine(line)) return FoldLineKind.BLANK;
  const c0 = line.charCodeAt(0);
  if (c0 === 32 || c0 === 9) return FoldLineKind.STRUCTURE;
  const level = inferSeverity(line);
  if (level !== undefined) {
    return level === "error" || level === "fatal" ? FoldLineKind.FAILURE : FoldLineKind.PLAIN;
  }
  const category = signalCategory(lineSignal(line));
  if (category >= LineCategory.DIAGNOSTIC) {
    // A daemon's diagnostic (`sshd[24200]: Invalid user admin`) repeats per connection.
    return category === LineCategory.DIAGNOSTIC && _hasSyslogHeader(line)
      ? FoldLineKind.PLAIN
      : FoldLineKind.FAILURE;
  }
  if (category === LineCategory.STACK) return FoldLineKind.STRUCTURE;
  return _hasSyslogHeader(line) ? FoldLineKind.PLAIN : FoldLineKind.OWN;
}

/**
 * A 53-bit hash of a text (two 32-bit FNV-1a style hashes with different primes):
 * remembered templates are kept as such numbers, so memory does not grow with line
 * length. Two different texts share a key with a chance of about 2^-53 per pair.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textKey } from "./line_kind.ts";
 * assert.ok(textKey("a b") === textKey("a b") && textKey("a b") !== textKey("a c"));
 * assert.ok(Number.isSafeInteger(textKey("x".repeat(1000))));
 * ```
 */
export function textKey(s: string): number {
  let a = 0x811c9dc5 ^ s.length;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/**
 * Whether a line is empty or only white space (space, tab, vertical tab, form feed,
 * carriage return, no-break space).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBlankLine } from "./line_kind.ts";
 * assert.ok(isBlankLine(" \t") && !isBlankLine(" x"));
 * ```
 */
export function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 11 && c !== 12 && c !== 13 && c !== 0xa0) return false;
  }
  return true;
}

/** Line shapes: cheap to tell, known before a line is placed. */
export const LineShape = {
  OTHER: 0,
  /** Starts with a space or a tab: a line of a record (a frame, an object dump). */
  INDENTED: 1,
  BLANK: 2,
} as const;

/**
 * The shape of a line (one of {@linkcode LineShape}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineShape, lineShape } from "./line_kind.ts";
 * assert.ok(lineShape("\tat A.run(A.java:3)") === LineShape.INDENTED);
 * assert.ok(lineShape(" ") === LineShape.BLANK && lineShape("x") === LineShape.OTHER);
 * ```
 */
export function lineShape(line: string): number {
  const c0 = line.charCodeAt(0);
  if (c0 > 32 && c0 !== 0xa0) return LineShape.OTHER;
  if (isBlankLine(line)) return LineShape.BLANK;
  return c0 === 32 || c0 === 9 ? LineShape.INDENTED : LineShape.OTHER;
}

/**
 * Whether a line has an `error` or `fatal` level.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasErrorLevel } from "./line_kind.ts";
 * assert.ok(hasErrorLevel("time=1 level=ERROR msg=x") && !hasErrorLevel("level=INFO msg=x"));
 * ```
 */
export function hasErrorLevel(line: string): boolean {
  const level = inferSeverity(line);
  return level === "error" || level === "fatal";
}

/** A syslog header (`host sshd[24200]: …`, `combo sshd(pam_unix)[19939]: …`). */
function _hasSyslogHeader(line: string): boolean {
  const at = line.indexOf("]: ");
  return at > 0 && at < 200 && _SYSLOG_HEADER.test(line);
}

/** A syslog header after up to 8 leading fields: `program[pid]: `, `prog(module)[pid]: `. */
const _SYSLOG_HEADER = /^(?:\S+ ){0,8}[\w.()\/-]+\[\d+\]: /;
