/**
 * HTTP Basic authentication with a constant-time comparison.
 *
 * @module
 */

/** The challenge sent with every 401 response. */
export const CHALLENGE = 'Basic realm="porthealth", charset="UTF-8"';

const _encoder = new TextEncoder();

/**
 * Whether an `Authorization` header carries exactly `username` and `password`. The
 * comparison takes the same time wherever the first difference is, and never throws.
 *
 * @example Checking a header
 * ```ts
 * import { checkBasicAuth } from "./auth.ts";
 * const header = "Basic " + btoa("ops:s3cret");
 * console.assert(checkBasicAuth(header, "ops", "s3cret"));
 * console.assert(!checkBasicAuth(header, "ops", "other"));
 * console.assert(!checkBasicAuth(null, "ops", "s3cret"));
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
  if (header === null) return undefined;
  const m = /^\s*basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (m === null) return undefined;
  try {
    const bin = atob(m[1].replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
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
