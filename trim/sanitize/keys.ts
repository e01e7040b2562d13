/**
 * Private-key material on one line: a PEM or PGP block written inline (escaped
 * newlines in JSON: `"private_key": "-----BEGIN PRIVATE KEY-----\nMII…"`, or cut off
 * before its END line) and a base64-encoded PEM private key (Kubernetes secret data,
 * `tls.key: LS0tLS1CRUdJTi…`) become `[REDACTED PRIVATE KEY]`. Multi-line blocks are
 * folded by `blocks.ts`.
 *
 * @module
 */

/** A PEM or PGP private key on one line, to its END marker or to the end of the line. */
const _PEM_INLINE_RE =
  /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|[\s\S]*$)/g;

/** `-----BEGIN` in base64, at any of the three alignments a PEM file starts at 0. */
const _B64_BEGIN = "LS0tLS1CRUdJTi";

/** Masks inline PEM/PGP private keys (the line holds "PRIVATE KEY"). */
export function maskInlineKeys(s: string): string {
  return s.replace(_PEM_INLINE_RE, "[REDACTED PRIVATE KEY]");
}

/**
 * Masks base64-encoded PEM private keys: a run of base64 starting with `LS0tLS1CRUdJTi`
 * whose decoded head names a PRIVATE KEY (a certificate, public, stays).
 */
export function maskEncodedKeys(s: string): string {
  let out = "";
  let copied = 0;
  let i = s.indexOf(_B64_BEGIN);
  while (i >= 0) {
    let e = i;
    while (e < s.length && _isB64(s.charCodeAt(e))) e++;
    let head = "";
    try {
      head = atob(s.slice(i, i + Math.min(80, (e - i) & ~3)));
    } catch {
      head = "";
    }
    if (head.indexOf("PRIVATE KEY") >= 0) {
      out += s.slice(copied, i) + "[REDACTED PRIVATE KEY]";
      copied = e;
    }
    i = s.indexOf(_B64_BEGIN, Math.max(e, i + 1));
  }
  return copied === 0 ? s : out + s.slice(copied);
}

function _isB64(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 ||
    c === 47 || c === 61;
}
