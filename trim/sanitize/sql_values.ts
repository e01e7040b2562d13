/**
 * SQL inserts: `INSERT INTO users (email, password) VALUES ('a@b.c', 'hunter2')`. The
 * value in the place of a secret column (`password`, `api_token`, `secret_key` …, the
 * key names of `fields.ts`) is masked, in each row of a multi-row insert. A value is a
 * quoted literal (`'x'`, `"x"`, `''` escapes a quote), or a bare one up to `,` or `)`
 * (a number, `NULL`, `$1` and `?` stay: placeholders are not secrets).
 *
 * Cue: `VALUES` or `values` after a `(` on the line; linear, one pass over the lists.
 *
 * @module
 */

import { applySpans } from "./chars.ts";
import { isSecretKeyName } from "./fields.ts";

/** The column names of `(a, b, "c")`, starting at the `(` at `open`; and where `)` is. */
function _columns(s: string, open: number): [string[], number] | undefined {
  const names: string[] = [];
  let i = open + 1;
  while (i < s.length) {
    while (s.charCodeAt(i) === 32) i++;
    let c = s.charCodeAt(i);
    const quoted = c === 34 || c === 96 || c === 91; // `"`, backtick, `[`
    if (quoted) i++;
    const start = i;
    while (i < s.length) {
      c = s.charCodeAt(i);
      if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95)) {
        break;
      }
      i++;
    }
    if (i === start || names.length > 200) return undefined;
    names.push(s.slice(start, i));
    if (quoted) i++;
    while (s.charCodeAt(i) === 32) i++;
    c = s.charCodeAt(i);
    if (c === 41) return [names, i]; // `)`
    if (c !== 44) return undefined;
    i++;
  }
  return undefined;
}

/** The end of the value starting at `i` (after a quoted literal's quote), or -1. */
function _valueEnd(s: string, i: number): number {
  const q = s.charCodeAt(i);
  if (q === 39 || q === 34) {
    for (let j = i + 1; j < s.length; j++) {
      if (s.charCodeAt(j) === q) {
        if (s.charCodeAt(j + 1) === q) {
          j++; // `''`
          continue;
        }
        return j + 1;
      }
    }
    return -1;
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) return j;
      depth--;
    } else if (c === 44 && depth === 0) return j;
  }
  return -1;
}

/** A bare value that is not a secret: a number, `NULL`, `DEFAULT`, a bind placeholder. */
const _NOT_SECRET =
  /^(?:-?\d+(?:\.\d+)?|NULL|null|DEFAULT|default|TRUE|FALSE|true|false|\?|\$\d+|:\w+|%s|@\w+)$/;

/**
 * Spans (`[start, end]` pairs) of the values in secret columns of an SQL insert on
 * `s`, or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sqlInsertSecretSpans } from "./sql_values.ts";
 * const s = "INSERT INTO users (email, password) VALUES ('a@b.c', 'hunter2')";
 * const [a, b] = sqlInsertSecretSpans(s)!;
 * assert.ok(s.slice(a, b) === "hunter2");
 * assert.ok(sqlInsertSecretSpans("INSERT INTO t (id, name) VALUES (1, 'x')") === undefined);
 * ```
 */
export function sqlInsertSecretSpans(s: string): number[] | undefined {
  let v = s.indexOf("VALUES");
  if (v === -1) v = s.indexOf("values");
  if (v === -1) return undefined;
  const close = s.lastIndexOf(")", v);
  if (close === -1) return undefined;
  const open = s.lastIndexOf("(", close);
  if (open === -1) return undefined;
  const cols = _columns(s, open);
  if (cols === undefined || cols[1] !== close) return undefined;
  const names = cols[0];
  const secret: boolean[] = names.map((n) => isSecretKeyName(n));
  if (!secret.includes(true)) return undefined;
  let spans: number[] | undefined;
  let i = v + 6;
  // Each row: `(v1, v2, …)`, separated by commas.
  for (let row = 0; row < 10_000; row++) {
    while (s.charCodeAt(i) === 32) i++;
    if (s.charCodeAt(i) !== 40) break;
    i++;
    for (let k = 0; k < names.length; k++) {
      while (s.charCodeAt(i) === 32) i++;
      const end = _valueEnd(s, i);
      if (end === -1) return spans;
      if (secret[k]) {
        const q = s.charCodeAt(i);
        const quoted = q === 39 || q === 34;
        const a = quoted ? i + 1 : i;
        const b = quoted ? end - 1 : end;
        let e = b;
        while (e > a && s.charCodeAt(e - 1) === 32) e--;
        if (e > a && (quoted || !_NOT_SECRET.test(s.slice(a, e)))) (spans ??= []).push(a, e);
      }
      i = end;
      while (s.charCodeAt(i) === 32) i++;
      const c = s.charCodeAt(i);
      if (c === 44) i++;
      else if (c === 41) break;
      else return spans;
    }
    while (s.charCodeAt(i) === 32) i++;
    if (s.charCodeAt(i) !== 41) return spans;
    i++;
    while (s.charCodeAt(i) === 32) i++;
    if (s.charCodeAt(i) !== 44) break;
    i++;
  }
  return spans;
}

/** `VALUES` or `values`: the cue of {@linkcode maskSqlInsertSecrets}. */
const _CUE = /VALUES|values/;

/**
 * `s` with the values in an SQL insert's secret columns masked as `[REDACTED]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maskSqlInsertSecrets } from "./sql_values.ts";
 * assert.ok(
 *   maskSqlInsertSecrets("INSERT INTO users (email, password) VALUES ('a@b.c', 'hunter2')") ===
 *     "INSERT INTO users (email, password) VALUES ('a@b.c', '[REDACTED]')",
 * );
 * ```
 */
export function maskSqlInsertSecrets(s: string): string {
  if (!_CUE.test(s)) return s;
  const spans = sqlInsertSecretSpans(s);
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}
