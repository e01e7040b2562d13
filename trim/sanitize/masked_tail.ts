/**
 * A masked password's tail: `user:[REDACTED]@host` is right only when a host follows
 * the `@`. A password may hold an `@` itself (`deploy:k4.g9I+m8r@k8VC.yWSR3IopQ-Z`); a
 * rule that cut it at that `@` left the rest in clear. Whatever rule masked the part
 * before, text after `[REDACTED]@` that is no host name is the password's too, and is
 * masked to the end of its word.
 *
 * A host: an IPv4 address, or labels of letters, digits and inner `-` (at most 63
 * characters each, none of random mixed case like `rNeLsloG76Z`), the last of a dotted
 * name a top-level domain (letters of one case, or `xn--…`); then the end, a space, a
 * quote, a closing mark, a path, or a `:` with a port or a path (`gitlab:group/repo.git`).
 *
 * @module
 */

import { isRandomRun } from "./entropy.ts";

const _MASK_AT = "[REDACTED]@";

/**
 * Masks what follows `[REDACTED]@` to the end of its word when it is no host.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maskNonHostTail } from "./masked_tail.ts";
 * assert.equal(
 *   maskNonHostTail("using credentials deploy:[REDACTED]@k8VC.yWSR3IopQ-Z for upload"),
 *   "using credentials deploy:[REDACTED] for upload",
 * );
 * assert.equal(maskNonHostTail("ci:[REDACTED]@db-1.example.com:5432"), "ci:[REDACTED]@db-1.example.com:5432");
 * ```
 */
export function maskNonHostTail(s: string): string {
  let out = "";
  let copied = 0;
  for (let at = s.indexOf(_MASK_AT); at >= 0;) {
    const hs = at + _MASK_AT.length;
    if (_hostAt(s, hs)) {
      at = s.indexOf(_MASK_AT, hs);
      continue;
    }
    // The `@` and the tail go into the placeholder.
    const we = _wordEnd(s, hs);
    out += s.slice(copied, hs - 1);
    copied = we;
    at = s.indexOf(_MASK_AT, we);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** Whether a host name (see the module doc) starts at `i`. */
function _hostAt(s: string, i: number): boolean {
  let e = i;
  while (e < s.length && e - i <= 253 && _isHostChar(s.charCodeAt(e))) e++;
  if (e === i) return _endsHost(s, i);
  let host = s.slice(i, e);
  // A sentence's full stop after the name.
  if (host.endsWith(".") && (e === s.length || _isSpace(s.charCodeAt(e)))) {
    host = host.slice(0, -1);
  }
  if (!_validName(host)) return false;
  if (e >= s.length) return true;
  const c = s.charCodeAt(e);
  if (c === 58) return _PORT_OR_PATH_RE.test(s.slice(e, e + 256)); // :
  return _endsHost(s, e);
}

/** Letters, digits, `.` and `-`. */
function _isHostChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 46 || c === 45;
}

function _isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * What may follow a host name: the end, a space, a quote, a path, a closing mark, a
 * backslash (an escape inside a JSON string: `host.org\\n`).
 */
function _endsHost(s: string, e: number): boolean {
  if (e >= s.length) return true;
  return _AFTER_HOST.indexOf(s[e]) >= 0;
}

const _AFTER_HOST = " \t\"'`/)]}>,;?#|\\";

/** A port or a path after the host's `:`, then the word's end. */
const _PORT_OR_PATH_RE = /^:(?:\d{1,5}(?![^\s/"'`,;)\]}])|[\w./~-]+(?![^\s"'`,;)\]}]))/;

/** IPv4, or labels with a top-level domain last (or one label alone). */
function _validName(host: string): boolean {
  if (_IPV4_RE.test(host)) return true;
  const labels = host.split(".");
  for (const l of labels) if (!_LABEL_RE.test(l) || _isRandomLabel(l)) return false;
  if (labels.length === 1) return true;
  return _TLD_RE.test(labels[labels.length - 1]);
}

/**
 * A label of random mixed case (`rNeLsloG76Z`): hosts are named in words or one case, so
 * after `[REDACTED]@` it is more of the password (`deploy:f!q3sHTHDr.i@rNeLsloG76Z.tk`).
 */
function _isRandomLabel(l: string): boolean {
  return l.length >= 8 && /[a-z]/.test(l) && /[A-Z]/.test(l) && isRandomRun(l, 8, false);
}

const _IPV4_RE = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const _LABEL_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const _TLD_RE = /^(?:[a-z]{2,63}|[A-Z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The end of the word at `i`: whitespace or a quote. */
function _wordEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 34 || c === 39 || c === 96) break;
    i++;
  }
  return i;
}
