/**
 * The sanitizer of one line: masks secrets and volatile values in one line.
 *
 * | Pattern | Replacement |
 * |---|---|
 * | UUID | `[ID]` (`[ID:<last N>]` with preserveIdSuffix N) |
 * | ISO, log4j, syslog, Apache, CLF, compact and other timestamps | `[TIME]` |
 * | IPv4 address, with port | `[IP]`, `[IP]:[PORT]` |
 * | vendor tokens by prefix, wherever they stand (the table in `vendors.ts`) | `[REDACTED]` |
 * | JWT (`eyJ…`) | `[JWT]` |
 * | connection-string password | `scheme://user:[REDACTED]@host` |
 * | the rest of a password after its `@` when no host follows (`masked_tail.ts`) | `[REDACTED]` |
 * | a random-looking URL user without a password (a token in a clone URL) | `scheme://[REDACTED]@host` |
 * | URL-encoded random runs (`%2B`, `%2F`, `%3D` escapes; `entropy.ts`) | `[REDACTED]` |
 * | `Authorization:` / `Cookie:` header values | `[REDACTED]` |
 * | secret fields (`password=`, `token: …`, `"api_key": "…"`, `--password x`) | value becomes `[REDACTED]` |
 * | credentials in argument position (`mysql -pX`, `curl -u u:X`, netrc, `set KEY X`; `args.ts`) | the password becomes `[REDACTED]` |
 * | PEM private key on one line, base64-encoded PEM private key (`keys.ts`) | `[REDACTED PRIVATE KEY]` |
 * | random-looking runs of 20+ base64/base62 characters (`entropy.ts`) | `[REDACTED]` |
 * | short random passwords printed bare, 8-19 characters (`short_passwords.ts`) | `[REDACTED]` |
 * | ARN account id | `[ACCOUNT]` |
 * | long hexadecimal or mixed alphanumeric hashes | `[HASH]` (`[ID:<last N>]`) |
 * | HTTP status codes in an HTTP context | `[2xx]`, `[4xx]`, `[5xx]` … |
 * | ANSI escapes | removed |
 *
 * The order matters: secrets first (keys, vendor tokens, JWTs, webhooks, URL passwords,
 * fields, arguments), then timestamps and UUIDs, then the entropy rule, then hashes,
 * IPs and statuses.
 *
 * Every step sits behind a cheap character pre-check, and no expression can
 * backtrack super-linearly: quantifiers over open-ended classes are bounded or
 * anchored by a literal.
 *
 * @module
 */

import { maskArgCredentials } from "./args.ts";
import { hasLongRun } from "./chars.ts";
import {
  hasEntropyRun,
  isRandomRun,
  maskHighEntropy,
  maskPercentEncodedTokens,
} from "./entropy.ts";
import { maskEncodedKeys, maskInlineKeys } from "./keys.ts";
import { maskSecretFields } from "./fields.ts";
import { maskNonHostTail } from "./masked_tail.ts";
import { maskShortPasswords } from "./short_passwords.ts";
import { maskSqlInsertSecrets } from "./sql_values.ts";
import { maskVendorTokens, WEBHOOK_RE } from "./vendors.ts";
import { maskVolatileIds, maskVolatileRest } from "./volatile.ts";

// deno-lint-ignore no-control-regex
const _ANSI_RE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)?|[@-Z\\-_])/g;

const _JWT_RE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/**
 * A URL's `user:password@`. The password runs to the last `@` before the host's `/`
 * (an unencoded `@`, `?` or `#` in it, `P@ss#w0rd`), not past a quote or `,` (a JSON
 * field after the URL); the user may hold an `@` too (`me@x.com`).
 */
const _URL_PASSWORD_RE = /:\/\/([^\s:/"'`,?#]{0,256}):([^\s/"'`,]{1,256})@/g;

/**
 * A URL's `user:password@` with a `/` in the password (base64 has them:
 * `postgres://app:ab3/Cd9e@db`), which `_URL_PASSWORD_RE` stops at: no `@` in either
 * part; `host:5000/image@sha256:…` (a port) and `git@host:org/repo@v1` (a user with an
 * `@`) are not passwords.
 */
const _URL_SLASH_PASSWORD_RE =
  /:\/\/([^\s:/"'`,?#@]{1,256}):([^\s/"'`,@]{1,256}\/[^\s"'`,@]{0,256})@/g;

/**
 * A URL's user without a password: `https://TOKEN@github.com` is how a token is put in
 * a clone URL. Masked when it reads as random (`isRandomRun`, 16+ characters, digits
 * not needed); `git@`, `jenkins@` and organisation names stay.
 */
const _URL_TOKEN_USER_RE = /:\/\/([A-Za-z0-9_-]{16,256})@/g;

const _HAS_DIGIT_RE = /\d/;

/**
 * Removes ANSI escape sequences (colours, cursor moves, OSC titles).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripAnsi } from "../sanitize.ts";
 * assert.ok(stripAnsi("\x1b[31mERROR\x1b[0m x") === "ERROR x");
 * ```
 */
export function stripAnsi(line: string): string {
  return line.replace(_ANSI_RE, "");
}

/**
 * Masks secrets and volatile values in one line (see the module table).
 *
 * @param line one log line (no newline).
 * @param preserveIdSuffix keep the last N (1-16) characters of masked UUIDs and
 *   hashes as `[ID:<suffix>]`; 0 (default) masks them fully.
 *
 * @example Masking volatile values but not ordinary text
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeLine } from "../sanitize.ts";
 * const out = sanitizeLine(
 *   "2024-05-14T09:12:03.441Z ERROR req=3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f from 10.0.4.17:5432 timed out after 15.000s",
 * );
 * assert.ok(out === "[TIME] ERROR req=[ID] from [IP]:[PORT] timed out after 15.000s");
 * ```
 */
export function sanitizeLine(line: string, preserveIdSuffix = 0): string {
  if (line.length === 0) return line;
  let s = line;
  const esc = s.indexOf("\x1b");
  if (esc >= 0) s = s.replace(_ANSI_RE, "");
  if (s.indexOf("PRIVATE KEY") >= 0) s = maskInlineKeys(s);
  if (s.indexOf("LS0tLS1CRUdJTi") >= 0) s = maskEncodedKeys(s);
  if (s.length < 8) return s;

  // Every prefixed token, JWT, UUID and hash holds a run of 16+ `[A-Za-z0-9_-]`.
  const longRun = hasLongRun(s);

  // Secrets first, so their characters cannot be taken for other patterns. A webhook
  // URL's whole path is its secret: masked before a token inside it (`hf_…`) cuts it.
  if (s.indexOf("hook") >= 0) s = s.replace(WEBHOOK_RE, "$1[REDACTED]");
  if (longRun) {
    s = maskVendorTokens(s);
    if (s.indexOf("eyJ") >= 0) s = s.replace(_JWT_RE, "[JWT]");
  }
  if (s.indexOf("://") >= 0 && s.indexOf("@") >= 0) {
    s = s.replace(_URL_PASSWORD_RE, _maskUrlPassword);
    s = s.replace(_URL_SLASH_PASSWORD_RE, _maskUrlPassword);
    s = s.replace(_URL_TOKEN_USER_RE, _maskUrlTokenUser);
  }
  s = maskSecretFields(s);
  s = maskArgCredentials(s);
  // A password cut at an `@` it holds: the text after `[REDACTED]@` that is no host.
  if (s.indexOf("[REDACTED]@") >= 0) s = maskNonHostTail(s);
  s = maskSqlInsertSecrets(s);
  s = maskPercentEncodedTokens(s);

  if (!_HAS_DIGIT_RE.test(s)) return s;
  // Unknown formats: long random-looking runs the rules above left (hashes excepted,
  // which the hash rule masks as [HASH]).
  s = maskVolatileIds(s, preserveIdSuffix, longRun);
  if (longRun || hasEntropyRun(s)) s = maskHighEntropy(s, preserveIdSuffix > 0);
  // Short random passwords printed bare (8-19 characters, split by their symbols).
  s = maskShortPasswords(s);
  return maskVolatileRest(s, preserveIdSuffix, longRun);
}

function _maskUrlPassword(m: string, user: string, pass: string): string {
  // host:port (`host:5000/image@sha256:…` too), not user:pass
  if (pass === "[REDACTED]" || /^\d{1,5}(?:\/|$)/.test(pass)) return m;
  // A random user is half of the credential (`https://<id>:<secret>@gems.contribsys.com`).
  if (isRandomRun(user, 8, true)) return "://[REDACTED]@";
  return `://${user}:[REDACTED]@`;
}

function _maskUrlTokenUser(m: string, user: string): string {
  return isRandomRun(user, 16, false) ? "://[REDACTED]@" : m;
}
