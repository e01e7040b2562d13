/**
 * A PostgreSQL password file line (`.pgpass`, `host:port:database:user:password`): the
 * password.
 *
 * @module
 */

import { isDigit } from "./chars.ts";
import { isPlaceholderAt, isPlaceholderValue, skipSpaces } from "./field_values.ts";

/**
 * The password of a PostgreSQL password file line (`.pgpass`:
 * `host:port:database:user:password`), its first `:` at `co`: one word of five fields,
 * the port a number or `*`, the database and the user names, the password last (`\:`
 * escapes a colon in it) and ending the line or a quoted string
 * (`echo "…" >> ~/.pgpass`). Fields of hexadecimal digits alone (an IPv6 address, a
 * MAC) are not such a line.
 */
export function pgpassPassword(s: string, co: number): [number, number] | undefined {
  // The port, then the database and the user: scanned first, without allocating (a
  // time's `10:01:47` fails at its second field).
  let i = co + 1;
  if (s.charCodeAt(i) === 42) i++;
  else {
    if (s.charCodeAt(i) === 48) return undefined; // no port starts with 0
    while (i < s.length && i - co <= 5 && isDigit(s.charCodeAt(i))) i++;
  }
  if (s.charCodeAt(i) !== 58) return undefined;
  let named = false; // a field holds a letter past hexadecimal digits
  for (let field = 2; field < 4; field++) {
    const fs = ++i;
    let letter = false;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 58 || _endsWord(c)) break;
      const l = c | 32;
      if ((l >= 97 && l <= 122) || c === 95 || c === 42) {
        letter = true;
        if (l > 102 || c === 95) named = true;
      }
    }
    // The database and the user are names (`file.c:12:5:…` holds a column there, a
    // time range `sun:00:00-sun:03:00` numbers).
    if (i === fs || !letter || s.charCodeAt(i) !== 58) return undefined;
  }
  const vs = i + 1;
  let ve = vs;
  while (ve < s.length && !_endsWord(s.charCodeAt(ve))) {
    const c = s.charCodeAt(ve);
    if (c === 58) return undefined; // a sixth field
    ve += c === 92 ? 2 : 1;
  }
  if (ve > s.length || ve === vs || isPlaceholderAt(s, vs)) return undefined;
  // The record ends the line (trailing blanks aside) or its quoted string.
  const end = s.charCodeAt(ve);
  if (ve < s.length && end !== 34 && end !== 39 && skipSpaces(s, ve) < s.length) return undefined;
  let ws = co;
  while (ws > 0 && !_endsWord(s.charCodeAt(ws - 1))) ws--;
  if (ws === co) return undefined;
  for (let k = ws; k < co && !named; k++) {
    const l = s.charCodeAt(k) | 32;
    if ((l > 102 && l <= 122) || s.charCodeAt(k) === 95 || s.charCodeAt(k) === 46) named = true;
  }
  if (!named) return undefined;
  return isPlaceholderValue(s.slice(vs, ve)) ? undefined : [vs, ve];
}

/** Whitespace or a quote: ends a `.pgpass` line's word. */
function _endsWord(c: number): boolean {
  return c === 32 || c === 9 || c === 34 || c === 39;
}
