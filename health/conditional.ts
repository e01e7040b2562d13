/**
 * `If-None-Match` (RFC 9110 §13.1.2): whether a request's entity tags match the current
 * representation's, so that a `GET` or `HEAD` is answered `304 Not Modified`.
 *
 * @module
 */

/**
 * Whether the `If-None-Match` field value `header` matches `etag` (the current
 * representation's strong entity tag, quotes included): `*`, or a list member equal to it by
 * the weak comparison (`W/"x"` matches `"x"`). A missing or empty field matches nothing; a
 * malformed member is skipped, the rest of the list still counts.
 *
 * @example Matching
 * ```ts
 * import assert from "node:assert/strict";
 * import { ifNoneMatch } from "./conditional.ts";
 * assert.ok(ifNoneMatch('"a", W/"b"', '"b"'));
 * assert.ok(ifNoneMatch("*", '"b"'));
 * assert.ok(!ifNoneMatch('"a"', '"b"') && !ifNoneMatch(null, '"b"'));
 * ```
 */
export function ifNoneMatch(header: string | null, etag: string): boolean {
  if (header === null || header === "") return false;
  if (header === etag) return true; // the usual case: the one tag this server sent
  const n = header.length;
  let i = 0;
  while (i < n) {
    // skip separators and whitespace
    let c = header.charCodeAt(i);
    while (i < n && (c === 0x2c || c === 0x20 || c === 0x09)) c = header.charCodeAt(++i);
    if (i >= n) break;
    if (c === 0x2a) { // "*"
      let j = i + 1;
      while (j < n && (header.charCodeAt(j) === 0x20 || header.charCodeAt(j) === 0x09)) j++;
      if (j >= n || header.charCodeAt(j) === 0x2c) return true;
    }
    if (c === 0x57 && header.charCodeAt(i + 1) === 0x2f) i += 2; // W/
    if (header.charCodeAt(i) === 0x22) {
      const end = header.indexOf('"', i + 1);
      if (end < 0) return false;
      if (end - i + 1 === etag.length && header.startsWith(etag, i)) return true;
      i = end + 1;
    }
    // past this member (or a malformed one) to the next comma
    const comma = header.indexOf(",", i);
    if (comma < 0) break;
    i = comma + 1;
  }
  return false;
}
