/**
 * The sanitizer: masks secrets and volatile values in one line.
 *
 * | Pattern | Replacement |
 * |---|---|
 * | UUID | `[ID]` (`[ID:<last N>]` with preserveIdSuffix N) |
 * | ISO, log4j, syslog, Apache, CLF, compact and other timestamps | `[TIME]` |
 * | IPv4 address, with port | `[IP]`, `[IP]:[PORT]` |
 * | code-hosting, chat, registry, payment and cloud tokens by prefix | `[REDACTED]` |
 * | JWT (`eyJ…`) | `[JWT]` |
 * | connection-string password | `scheme://user:[REDACTED]@host` |
 * | `Authorization:` / `Cookie:` header values | `[REDACTED]` |
 * | secret fields (`password=`, `token: …`, `"api_key": "…"`, `--password x`) | value becomes `[REDACTED]` |
 * | PEM private key on one line | `[REDACTED PRIVATE KEY]` |
 * | ARN account id | `[ACCOUNT]` |
 * | long hexadecimal or mixed alphanumeric hashes | `[HASH]` (`[ID:<last N>]`) |
 * | HTTP status codes in an HTTP context | `[2xx]`, `[4xx]`, `[5xx]` … |
 * | ANSI escapes | removed |
 *
 * Every step sits behind a cheap character pre-check, and no expression can
 * backtrack super-linearly: quantifiers over open-ended classes are bounded or
 * anchored by a literal.
 *
 * @module
 */

// deno-lint-ignore no-control-regex
const _ANSI_RE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)?|[@-Z\\-_])/g;

const _PEM_INLINE_RE =
  /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----|[\s\S]*$)/g;

const _PREFIXED_TOKEN_RE = new RegExp(
  [
    String.raw`\bgh[pousr]_[A-Za-z0-9]{20,255}`,
    String.raw`\bgithub_pat_[A-Za-z0-9_]{20,255}`,
    String.raw`\bglpat-[A-Za-z0-9_-]{20,255}`,
    String.raw`\bxox[abposre]-[A-Za-z0-9-]{10,255}`,
    String.raw`\bxapp-[A-Za-z0-9-]{10,255}`,
    String.raw`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b`,
    String.raw`\bnpm_[A-Za-z0-9]{36}\b`,
    String.raw`\bpypi-[A-Za-z0-9_-]{32,255}`,
    String.raw`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,255}`,
    String.raw`\bwhsec_[A-Za-z0-9]{20,255}`,
    String.raw`\bAIza[0-9A-Za-z_-]{35}\b`,
    String.raw`\bSG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,64}`,
    String.raw`\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{32,255}`,
    String.raw`\bdop_v1_[a-f0-9]{64}\b`,
    String.raw`\bhf_[A-Za-z0-9]{30,64}\b`,
  ].join("|"),
  "g",
);

const _WEBHOOK_RE =
  /(hooks\.slack\.com\/(?:services|workflows|triggers)\/|discord(?:app)?\.com\/api\/webhooks\/)[A-Za-z0-9/_-]{1,256}/g;

const _JWT_RE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

const _URL_PASSWORD_RE = /:\/\/([^\s:/@]{0,256}):([^\s@/]{1,256})@/g;

const _ARN_RE = /\b(arn:aws[a-z-]{0,20}:[a-z0-9-]{0,40}:[a-z0-9-]{0,40}:)\d{12}(?=:)/g;

const _SECRET_KEYWORD_RE = /pass|pwd|token|secret|key|auth|bearer|cookie|credential|session|sig/gi;

// Keys whose value is secret, by their normalized ending (lower case, no `_`, `-`, `.`).
const _SECRET_KEY_END_RE =
  /(?:password|passwd|passphrase|pwd|secret|token|apikey|accesskey|secretkey|privatekey|authorization|credentials?|cookie|sessionid|sessid|signature|authkey|masterkey|encryptionkey|signingkey|accountkey|sastoken|sharedkey)$/;

const _TIME_RE = new RegExp(
  [
    // BGL: 2005-06-03-15.42.50.675872
    String.raw`\b\d{4}-\d{2}-\d{2}-\d{2}\.\d{2}\.\d{2}\.\d{1,6}\b`,
    // ISO 8601 / RFC 3339 / log4j: 2024-01-15T10:30:00.123Z, 2015-10-18 18:05:27,570
    String
      .raw`\b\d{4}-[01]\d-[0-3]\d(?:[T ][0-2]\d:[0-5]\d(?::[0-5]\d)?(?:[.,]\d{1,9})?(?:Z\b|\s?UTC\b|[+-][0-2]\d:?[0-5]\d\b)?)?(?![\d-])`,
    // HealthApp: 20171223-22:15:29:606
    String.raw`\b\d{8}-\d{1,2}:\d{1,2}:\d{1,2}(?::\d{1,3})?\b`,
    // Apache error log: [Sun Dec 04 04:47:44 2005]
    String
      .raw`\[(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d [0-2]\d:[0-5]\d:[0-5]\d(?:\.\d{1,9})? \d{4}\]`,
    // syslog / ctime: Jun 14 15:16:01, Sun Dec 04 04:47:44 2005
    String
      .raw`\b(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? )?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}\d{1,2},? (?:\d{4} )?[0-2]\d:[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?: \d{4}\b)?`,
    // CLF: 10/Oct/2000:13:55:36 -0700
    String
      .raw`\b\d{2}\/(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\/\d{4}:[0-2]\d:[0-5]\d:[0-5]\d(?: [+-]\d{4})?`,
    // Spark / US dates with time: 17/06/09 20:10:40, 06/09/2017 20:10:40
    String.raw`\b\d{2}\/\d{2}\/\d{2,4}[ T][0-2]\d:[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?\b`,
    // Android: 03-17 16:13:38.811
    String.raw`\b[01]\d-[0-3]\d [0-2]\d:[0-5]\d:[0-5]\d\.\d{3}\b`,
    // Dotted dates: 2005.11.09
    String.raw`\b(?:19|20)\d{2}\.[01]\d\.[0-3]\d\b(?!\.\d)`,
    // Compact at line start (HDFS): 081109 213907
    String.raw`^\d{6} \d{6}\b`,
    // A bare time of day: 15:16:01.123 (not line:col, not MAC addresses)
    String.raw`(?<![\d:.])\b[0-2]?\d:[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?\b(?!:\d)`,
  ].join("|"),
  "g",
);

const _UUID_RE = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

const _IPV4_RE =
  /(?<![\w.])(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(?![\w]|\.\d)(:\d{1,5}\b)?/g;

const _HASH_RE = /\b[A-Za-z0-9]{16,}\b/g;

const _HTTP_STATUS_RE =
  /(\bHTTP\/\d(?:\.\d)?"?\s{1,4}|\bHTTP\s{1,4}|\b(?:[Ss]tatus(?:[ _-]?[Cc]ode)?|STATUS|http[_-]?[Ss]tatus|HTTP[_-]STATUS|[Rr]esponse[ _-]?[Cc]ode)["']?\s{0,4}[:=]?\s{0,4}["']?)([1-5])\d\d\b/g;

const _HAS_DIGIT_RE = /\d/;

/**
 * Masks secrets and volatile values in one line (see the module table).
 *
 * @param line one log line (no newline).
 * @param preserveIdSuffix keep the last N (1-16) characters of masked UUIDs and
 *   hashes as `[ID:<suffix>]`; 0 (default) masks them fully.
 *
 * @example Masking volatile values but not ordinary text
 * ```ts
 * import { sanitizeLine } from "./sanitize.ts";
 * const out = sanitizeLine(
 *   "2024-05-14T09:12:03.441Z ERROR req=3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f from 10.0.4.17:5432 timed out after 15.000s",
 * );
 * console.assert(out === "[TIME] ERROR req=[ID] from [IP]:[PORT] timed out after 15.000s");
 * ```
 */
export function sanitizeLine(line: string, preserveIdSuffix = 0): string {
  if (line.length === 0) return line;
  let s = line;
  const esc = s.indexOf("\x1b");
  if (esc >= 0) s = s.replace(_ANSI_RE, "");
  if (s.indexOf("PRIVATE KEY-----") >= 0) s = s.replace(_PEM_INLINE_RE, "[REDACTED PRIVATE KEY]");
  if (s.length < 8) return s;

  // Secrets first, so their characters cannot be taken for other patterns.
  s = s.replace(_PREFIXED_TOKEN_RE, "[REDACTED]");
  if (s.indexOf("hooks") >= 0 || s.indexOf("webhooks") >= 0) {
    s = s.replace(_WEBHOOK_RE, "$1[REDACTED]");
  }
  if (s.indexOf("eyJ") >= 0) s = s.replace(_JWT_RE, "[JWT]");
  if (s.indexOf("://") >= 0 && s.indexOf("@") >= 0) {
    s = s.replace(_URL_PASSWORD_RE, _maskUrlPassword);
  }
  _SECRET_KEYWORD_RE.lastIndex = 0;
  if (_SECRET_KEYWORD_RE.test(s)) s = _maskSecretFields(s);

  if (!_HAS_DIGIT_RE.test(s)) return s;
  if (s.indexOf("arn:") >= 0) s = s.replace(_ARN_RE, "$1[ACCOUNT]");
  s = s.replace(_TIME_RE, "[TIME]");
  if (s.indexOf("-") >= 0) {
    s = preserveIdSuffix > 0
      ? s.replace(_UUID_RE, (m) => `[ID:${m.slice(-_suffix(preserveIdSuffix))}]`)
      : s.replace(_UUID_RE, "[ID]");
  }
  if (s.indexOf(".") >= 0) s = s.replace(_IPV4_RE, _maskIp);
  if (s.length >= 16) {
    s = s.replace(_HASH_RE, (m) => _isHash(m) ? _maskHash(m, preserveIdSuffix) : m);
  }
  if (_mayHaveStatus(s)) s = s.replace(_HTTP_STATUS_RE, "$1[$2xx]");
  return s;
}

function _suffix(n: number): number {
  return Math.max(0, Math.min(16, Math.floor(n)));
}

function _maskHash(m: string, preserveIdSuffix: number): string {
  return preserveIdSuffix > 0 ? `[ID:${m.slice(-_suffix(preserveIdSuffix))}]` : "[HASH]";
}

function _mayHaveStatus(s: string): boolean {
  return s.indexOf("HTTP") >= 0 || s.indexOf("tatus") >= 0 || s.indexOf("STATUS") >= 0 ||
    s.indexOf("esponse") >= 0;
}

function _maskUrlPassword(m: string, user: string, pass: string): string {
  if (pass === "[REDACTED]" || /^\d{1,5}$/.test(pass)) return m; // host:port, not user:pass
  return `://${user}:[REDACTED]@`;
}

function _maskIp(m: string, port: string | undefined, offset: number, s: string): string {
  // Four-part version numbers stay: "Version=4.0.0.0", "v1.2.3.4", "version 10.0.0.1".
  const before = s.slice(Math.max(0, offset - 9), offset).toLowerCase();
  if (/(?:version[=: ]?|\bv|ver[=: ])$/.test(before)) return m;
  return port ? "[IP]:[PORT]" : "[IP]";
}

/**
 * Whether a 16+ character alphanumeric word is a hash: hexadecimal with both
 * digits and letters, or a mixed-case alphanumeric token with digits (24+ chars).
 * Identifiers such as `AbstractAutowireCapableBeanFactory` have no digits and stay.
 */
function _isHash(w: string): boolean {
  let digits = 0, upper = 0, lower = 0, hexLetters = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c <= 57) digits++;
    else if (c <= 90) {
      upper++;
      if (c <= 70) hexLetters++;
    } else {
      lower++;
      if (c <= 102) hexLetters++;
    }
  }
  if (digits === 0) return false;
  if (hexLetters === upper + lower) return hexLetters > 0 && (upper === 0 || lower === 0);
  if (w.length >= 24 && upper > 0 && lower > 0) return digits >= 2;
  return w.length >= 32 && digits >= 4;
}

const _ID_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45 || c === 46
  ) _ID_CHAR[c] = 1;
}

function _isIdChar(c: number): boolean {
  return c < 128 && _ID_CHAR[c] === 1;
}

/**
 * Masks the values of secret fields: `password=x`, `token: x`, `"api_key": "x"`,
 * `--password x`, `Authorization: Bearer x`, `Cookie: a=b`, `Bearer x`.
 * Scans keyword hits only; all the rest is plain character walking.
 */
function _maskSecretFields(s: string): string {
  let out = "";
  let copied = 0; // s[0, copied) has been copied to out
  let from = 0;
  _SECRET_KEYWORD_RE.lastIndex = 0;
  while (true) {
    _SECRET_KEYWORD_RE.lastIndex = from;
    const hit = _SECRET_KEYWORD_RE.exec(s);
    if (hit === null) break;
    // Expand the hit to the whole key.
    let ks = hit.index;
    while (ks > 0 && _isIdChar(s.charCodeAt(ks - 1))) ks--;
    let ke = hit.index + hit[0].length;
    while (ke < s.length && _isIdChar(s.charCodeAt(ke))) ke++;
    from = ke;
    if (ks < copied) continue;
    const key = s.slice(ks, ke);
    const masked = _maskAfterKey(s, ks, key, ke);
    if (masked === undefined) continue;
    const [vs, ve] = masked;
    out += s.slice(copied, vs) + "[REDACTED]";
    copied = ve;
    from = ve;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** Returns the [start, end) of the value to mask after a key, or undefined. */
function _maskAfterKey(
  s: string,
  ks: number,
  key: string,
  ke: number,
): [number, number] | undefined {
  const norm = key.toLowerCase().replace(/[-_.]/g, "");
  const lowerKey = key.toLowerCase();
  if (norm === "bearer" || norm === "basic") {
    // "Bearer <token>" anywhere.
    if (s.charCodeAt(ke) !== 32) return undefined;
    const vs = ke + 1;
    const ve = _tokenEnd(s, vs);
    return ve - vs >= 8 && s.slice(vs, ve) !== "[REDACTED]" ? [vs, ve] : undefined;
  }
  const header = norm === "authorization" || norm === "proxyauthorization" || norm === "cookie" ||
    norm === "setcookie";
  const secret = header || _SECRET_KEY_END_RE.test(norm) ||
    /(?:^|[-_.])(?:pass|auth|pw)$/.test(lowerKey) || /[a-z](?:Pass|Auth|Pw)$/.test(key);
  if (!secret) return undefined;
  let i = ke;
  const quotedKey = ks > 0 && (s[ks - 1] === '"' || s[ks - 1] === "'");
  if (quotedKey && s[i] === s[ks - 1]) i++;
  let j = i;
  while (j < s.length && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9)) j++;
  const sep = s[j];
  let vs: number;
  if (sep === "=" || sep === ":") {
    vs = j + 1;
    if (sep === "=" && s[vs] === ">") vs++; // Ruby hash rocket
    if (sep === ":" && s[vs] === ":") return undefined; // Rust/C++ paths: token::Kind
    while (vs < s.length && (s.charCodeAt(vs) === 32 || s.charCodeAt(vs) === 9)) vs++;
  } else if (
    j === i + 1 && ks >= 2 && s[ks - 1] === "-" && (s[ks - 2] === "-" || s[ks - 2] === " ")
  ) {
    vs = j; // CLI flag: --password value
  } else return undefined;
  if (vs >= s.length) return undefined;
  const q = s[vs];
  let ve: number;
  if (q === '"' || q === "'") {
    vs++;
    ve = vs;
    while (ve < s.length && s[ve] !== q) ve += s[ve] === "\\" ? 2 : 1;
    ve = Math.min(ve, s.length);
  } else if (header) {
    ve = s.length;
    // A quoted header value ends at the quote that closes it.
    const close = s.indexOf('"', vs);
    if (close >= 0 && quotedKey) ve = close;
  } else {
    ve = _tokenEnd(s, vs);
  }
  if (ve <= vs) return undefined;
  const value = s.slice(vs, ve);
  if (!_isSecretValue(value, sep === ":" && q !== '"' && q !== "'")) return undefined;
  return [vs, ve];
}

/** End of an unquoted value: whitespace and `,;&)]}"'<>` end it. */
function _tokenEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (
      c === 32 || c === 9 || c === 44 || c === 59 || c === 38 || c === 41 || c === 93 ||
      c === 125 || c === 34 || c === 39 || c === 60 || c === 62
    ) break;
    i++;
  }
  return i;
}

const _PLACEHOLDER_RE =
  /^(?:\[[A-Z_:0-9 ]*\]|\*+|x{3,}|<[^>]*>|null|none|nil|undefined|true|false|\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|%[sd]|\{\{.*\}\}|\(?(?:redacted|hidden|masked|sensitive|not set|empty)\)?)$/i;

/**
 * Whether a value after a secret key should be masked. After a bare `key:` (prose
 * such as "invalid token: expired") it must look like a secret: a digit, a symbol or
 * 12+ characters.
 */
function _isSecretValue(value: string, prose: boolean): boolean {
  if (_PLACEHOLDER_RE.test(value)) return false;
  if (!prose) return true;
  return value.length >= 12 || /[\d!@#$%^&*+=/~]/.test(value);
}

/**
 * The sanitize stage for a stream: masks each line with {@linkcode sanitizeLine} and
 * folds multi-line PEM private-key blocks into one `[REDACTED PRIVATE KEY]` line.
 *
 * Lines swallowed by a key block are reported to `onSwallowed` (the pipeline counts
 * them as dropped).
 *
 * @example
 * ```ts
 * import { SecretBlockSanitizer } from "./sanitize.ts";
 * const s = new SecretBlockSanitizer(0, () => {});
 * const out = s.process([
 *   "key:", "-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA7", "-----END RSA PRIVATE KEY-----", "done",
 * ]);
 * console.assert(out.join("|") === "key:|[REDACTED PRIVATE KEY]|done");
 * ```
 */
export class SecretBlockSanitizer {
  #inBlock = false;
  #blockLines = 0;
  #suffix: number;
  #onSwallowed: (count: number) => void;
  #extra: ((line: string) => string) | undefined;

  /**
   * @param preserveIdSuffix as for {@linkcode sanitizeLine}.
   * @param onSwallowed called with the number of lines swallowed by key blocks.
   * @param extra extra per-line rewriting applied after the built-in rules (custom rules).
   */
  constructor(
    preserveIdSuffix: number,
    onSwallowed: (count: number) => void,
    extra?: (line: string) => string,
  ) {
    this.#suffix = preserveIdSuffix;
    this.#onSwallowed = onSwallowed;
    this.#extra = extra;
  }

  /** Sanitizes a batch; returns the output batch (the same array, rewritten in place). */
  process(batch: string[]): string[] {
    let w = 0;
    let swallowed = 0;
    for (let r = 0; r < batch.length; r++) {
      const line = batch[r];
      if (this.#inBlock) {
        if (this.#blockLines < _PEM_MAX_LINES && _isPemBody(line)) {
          swallowed++;
          this.#blockLines++;
          if (line.indexOf("-----END") >= 0) this.#inBlock = false;
          continue;
        }
        this.#inBlock = false;
      }
      if (line.indexOf("-----BEGIN") >= 0 && line.indexOf("PRIVATE KEY-----") >= 0) {
        const inline = sanitizeLine(line, this.#suffix);
        if (inline.indexOf("-----END") < 0 && line.indexOf("-----END") < 0) {
          this.#inBlock = true;
          this.#blockLines = 0;
        }
        batch[w++] = this.#extra ? this.#extra(inline) : inline;
        continue;
      }
      const s = sanitizeLine(line, this.#suffix);
      batch[w++] = this.#extra ? this.#extra(s) : s;
    }
    batch.length = w;
    if (swallowed) this.#onSwallowed(swallowed);
    return batch;
  }
}

/** A key block longer than this is not a key: the block ends. */
const _PEM_MAX_LINES = 400;

/** A line inside a PEM block: base64 body, headers, blank, or the END line. */
function _isPemBody(line: string): boolean {
  const t = line.trim();
  if (t.length === 0) return true;
  if (t.startsWith("-----END")) return true;
  if (/^(?:Proc-Type|DEK-Info|Comment):/.test(t)) return true;
  return /^[A-Za-z0-9+/=]{1,128}$/.test(t) || /^[A-Za-z0-9+/=]{1,128}\\n/.test(t);
}
