/**
 * Secret values named on the line before: a Kubernetes or ECS environment entry, as
 * `kubectl get -o yaml` and pretty-printed JSON show it, a Hadoop XML property, a PHP
 * `var_dump` member.
 *
 * ```yaml
 * - name: DB_PASSWORD
 *   value: S3cr3t            # masked
 * ```
 *
 * ```json
 * "name": "API_TOKEN",
 * "value": "x9Kq2mZv"        // masked
 * ```
 *
 * ```xml
 * <name>fs.s3a.secret.key</name>
 * <value>x9Kq2mZv</value>    <!-- masked -->
 * ```
 *
 * ```php
 * ["password"]=>
 * string(8) "x9Kq2mZv"         // masked (var_dump)
 * ```
 *
 * And a prompt for a secret, its answer alone on the next line (Elasticsearch's first
 * start, an interactive script's echo):
 *
 * ```text
 * Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):
 *   yMhRV=K*3eQPEL=zCnWC     # masked
 * ```
 *
 * The one-line forms (`{"name": "API_TOKEN", "value": "x"}`,
 * `<name>…</name><value>x</value>`) are `fields.ts`'s.
 *
 * @module
 */

import { isPlaceholderValue, isSecretKeyName } from "./fields.ts";
import { printsSecret } from "./secret_commands.ts";

/**
 * Masks the `value:` line that follows a `name:` line naming a secret. Sees every
 * line in order (one instance per stream); other lines pass unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NamedSecretValues } from "./named_values.ts";
 * const n = new NamedSecretValues();
 * const out = ["- name: DB_PASSWORD", "  value: S3cr3tPw", "- name: LOG_LEVEL", "  value: debug"]
 *   .map((l) => n.line(l));
 * assert.deepEqual(out, ["- name: DB_PASSWORD", "  value: [REDACTED]", "- name: LOG_LEVEL", "  value: debug"]);
 * ```
 */
export class NamedSecretValues {
  #pending = false;
  #prompt = false;

  /** The line, its value masked when the line before named a secret. */
  line(s: string): string {
    const pending = this.#pending;
    this.#pending = false;
    if (this.#prompt) {
      this.#prompt = false;
      const answer = _maskPromptAnswer(s);
      if (answer !== s) return answer;
    }
    // A prompt ends its line with `:` (cheap test first).
    let e = s.length;
    while (e > 0 && s.charCodeAt(e - 1) === 32) e--;
    if (e > 0 && s.charCodeAt(e - 1) === 58 && _PROMPT_RE.test(s)) {
      this.#prompt = true;
      return s;
    }
    let i = 0;
    while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
    const c = s.charCodeAt(i);
    // A shell's echo of a command that prints a secret (`$ argocd admin
    // initial-password`): its answer is on the next line, as a prompt's is.
    if (
      (c === 36 || c === 43 || c === 62 || c === 35 || c === 37 || c === 91 || c === 82) &&
      printsSecret(s)
    ) {
      this.#prompt = true;
      return s;
    }
    // Cheap first test: the entry's lines start with `-`, `n`, `v`, a quote or `<`.
    if (c === 60) return this.#element(s, i, pending);
    if (c === 91 || c === 115) return this.#varDump(s, i, pending);
    if (c !== 45 && c !== 110 && c !== 118 && c !== 34) return s;
    if (pending) {
      _VALUE_RE.lastIndex = i;
      const m = _VALUE_RE.exec(s);
      if (m !== null) return _maskValue(s, _VALUE_RE.lastIndex);
    }
    _NAME_RE.lastIndex = i;
    const m = _NAME_RE.exec(s);
    if (m !== null && isSecretKeyName(m[1])) this.#pending = true;
    return s;
  }

  /** PHP's var_dump: a `string(8) "x"` line after a `["password"]=>` line. */
  #varDump(s: string, i: number, pending: boolean): string {
    if (s.charCodeAt(i) !== 91) {
      if (!pending) return s; // a line starting with `s`: only the value line matters
      _VAR_DUMP_STRING_RE.lastIndex = i;
      if (!_VAR_DUMP_STRING_RE.test(s)) return s;
      const vs = _VAR_DUMP_STRING_RE.lastIndex;
      const ve = s.lastIndexOf('"');
      if (ve <= vs || isPlaceholderValue(s.slice(vs, ve))) return s;
      return s.slice(0, vs) + "[REDACTED]" + s.slice(ve);
    }
    _VAR_DUMP_KEY_RE.lastIndex = i;
    const m = _VAR_DUMP_KEY_RE.exec(s);
    if (m !== null && isSecretKeyName(m[1])) this.#pending = true;
    return s;
  }

  /** Hadoop-style XML: a `<value>` line after a `<name>` line naming a secret. */
  #element(s: string, i: number, pending: boolean): string {
    if (pending && s.startsWith("<value>", i)) {
      const ve = s.indexOf("</value>", i + 7);
      if (ve < 0 || isPlaceholderValue(s.slice(i + 7, ve))) return s;
      return ve === i + 7 ? s : s.slice(0, i + 7) + "[REDACTED]" + s.slice(ve);
    }
    _ELEMENT_NAME_RE.lastIndex = i;
    const m = _ELEMENT_NAME_RE.exec(s);
    if (m !== null && isSecretKeyName(m[1])) this.#pending = true;
    return s;
  }
}

/**
 * A prose prompt for a secret, ending its line: `Enter the database password:`,
 * `Password for the elastic user (…):`, `Your new token is:`; the secret's word next
 * to the colon (not `The following token settings were applied:`), maybe followed by
 * ` for …` or ` of …` (`Enter password of currently logged in user (admin):`). A line
 * of only the word needs ` for …` (`Password for ci:`) or a capital (`Password:`, as
 * `sudo`, `su` and `argocd login` ask): a YAML key alone (`  password:`, a nested block
 * follows) is not one.
 */
const _PROMPT_RE =
  /^[ \t]*(?:[^\s:][^:]{0,120}[ \t](?:[Pp]assword|PASSWORD|[Pp]assphrase|[Ss]ecret|[Tt]oken)(?: is| (?:for|of) [^:]{1,160})?|(?:[Pp]assword|PASSWORD|[Pp]assphrase|[Ss]ecret|[Tt]oken)(?: is| (?:for|of) [^:]{1,160})|Password|PASSWORD|Passphrase|PASSPHRASE):[ \t]*$/;

/** A prompt's answer: one token alone on its line (indent kept). */
const _ANSWER_RE = /^([ \t]*)([^\s:]{6,200})[ \t]*$/;

/** A letter or digit somewhere (not a rule of dashes). */
const _ALNUM_RE = /[A-Za-z0-9]/;

/** Only a word, no digit, symbol or second capital: `Successfully`, `Done.`. */
const _PLAIN_WORD_RE = /^[A-Za-z][a-z]*[.!]?$/;

/** The line with its one token masked, when it reads as a prompt's answer. */
function _maskPromptAnswer(s: string): string {
  const m = _ANSWER_RE.exec(s);
  if (m === null) return s;
  const v = m[2];
  const c = v.charCodeAt(0);
  // Not a tag, a list, a path, a URL or a masked value.
  if (c === 91 || c === 60 || c === 123 || c === 40 || c === 35 || c === 47) return s;
  if (v.indexOf("://") >= 0 || _PLAIN_WORD_RE.test(v) || !_ALNUM_RE.test(v)) return s;
  if (isPlaceholderValue(v)) return s;
  return m[1] + "[REDACTED]";
}

/** `["password"]=>` alone on its line (PHP's var_dump; `:protected` and the like too). */
const _VAR_DUMP_KEY_RE = /\["([A-Za-z_][\w.-]{0,127})"(?::[^\]]{0,128})?\]=>[ \t]*$/y;

/** `string(8) "` (the string follows). */
const _VAR_DUMP_STRING_RE = /string\(\d{1,9}\) "/y;

/** `<name>fs.s3a.secret.key</name>` alone on its line. */
const _ELEMENT_NAME_RE = /<(?:name|key)>([A-Za-z_][\w.-]{0,127})<\/(?:name|key)>[ \t]*$/y;

/** `- name: DB_PASSWORD`, `name: "x_token"`, `"name": "API_TOKEN",` (the whole line). */
const _NAME_RE = /(?:- )?"?name"?[ \t]*:[ \t]*["']?([A-Za-z_][\w.-]{0,127})["']?,?[ \t]*$/y;

/** `value: `, `"value": ` (the value follows). */
const _VALUE_RE = /"?value"?[ \t]*:[ \t]*/y;

/** The line with its value from `vs` masked: inside its quotes, or to the line's end. */
function _maskValue(s: string, vs: number): string {
  let ve = s.length;
  while (ve > vs && (s.charCodeAt(ve - 1) === 32 || s.charCodeAt(ve - 1) === 9)) ve--;
  if (ve > vs && s.charCodeAt(ve - 1) === 44) ve--; // a JSON member's comma
  const q = s.charCodeAt(vs);
  if ((q === 34 || q === 39) && ve - vs >= 2 && s.charCodeAt(ve - 1) === q) {
    vs++;
    ve--;
  }
  if (ve <= vs || isPlaceholderValue(s.slice(vs, ve))) return s;
  return s.slice(0, vs) + "[REDACTED]" + s.slice(ve);
}
