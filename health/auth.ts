/**
 * HTTP Basic authentication with a constant-time comparison.
 *
 * @module
 */

/**
 * The challenge sent with every 401 response.
 *
 * @example The challenge of a 401
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHALLENGE } from "./auth.ts";
 * import { createHandler } from "./handler.ts";
 * import { Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("auth: { enabled: true, username: ops, password: s3cret }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n");
 * const res = await createHandler({ monitor: new Monitor({ config, dial: () => Promise.resolve() }) })(new Request("http://localhost/live"));
 * assert.ok(res.status === 401 && res.headers.get("www-authenticate") === CHALLENGE);
 * ```
 */
export const CHALLENGE = 'Basic realm="porthealth", charset="UTF-8"';

const _encoder = new TextEncoder();

/**
 * The longest `user:password` accepted, in UTF-8 bytes (the config refuses longer ones).
 * Longer Authorization headers are refused before any decoding, so a client cannot make
 * every request cost milliseconds of CPU with a huge header (a 60 KB one took ~11 ms).
 *
 * @example A huge header is refused without decoding it
 * ```ts
 * import { checkBasicAuth, MAX_CREDENTIALS_BYTES } from "./auth.ts";
 * const password = "x".repeat(2 * MAX_CREDENTIALS_BYTES);
 * console.assert(!checkBasicAuth("Basic " + btoa(`ops:${password}`), "ops", password));
 * ```
 */
export const MAX_CREDENTIALS_BYTES = 3072;
// base64 of MAX_CREDENTIALS_BYTES, plus room for the scheme and spaces
const _MAX_HEADER = (MAX_CREDENTIALS_BYTES / 3) * 4 + 64;

/**
 * Whether an `Authorization` header carries exactly `username` and `password`. The
 * comparison takes the same time wherever the first difference is, and never throws.
 *
 * @example Checking a header
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkBasicAuth } from "./auth.ts";
 * const header = "Basic " + btoa("ops:s3cret");
 * assert.ok(checkBasicAuth(header, "ops", "s3cret"));
 * assert.ok(!checkBasicAuth(header, "ops", "other"));
 * assert.ok(!checkBasicAuth(null, "ops", "s3cret"));
 * ```
 */
export function checkBasicAuth(
  header: string | null,
  username: string,
  password: string,
): boolean {
  const expected = _encoder.encode(`${username}:${password}`);
  const given = _decode(header);
  if (given === undefined) {
    _equal(expected, expected); // same work on every path
    return false;
  }
  return _equal(given, expected);
}

function _decode(header: string | null): Uint8Array | undefined {
  if (header === null || header.length > _MAX_HEADER) return undefined;
  const m = /^\s*basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (m === null) return undefined;
  try {
    const bin = atob(m[1].replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function _equal(a: Uint8Array, b: Uint8Array): boolean {
  const n = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
