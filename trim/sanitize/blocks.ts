/**
 * Multi-line private-key blocks (PEM, PGP armor) in a stream of lines, and secret
 * values named on the line before (`named_values.ts`).
 *
 * @module
 */

import { isBinaryLine } from "../classify/binary.ts";
import { sanitizeLine, stripAnsi } from "./line.ts";
import { NamedSecretValues } from "./named_values.ts";

/**
 * The sanitize stage for a stream: masks each line with {@linkcode sanitizeLine} and
 * folds multi-line PEM private-key blocks into one `[REDACTED PRIVATE KEY]` line.
 *
 * Lines swallowed by a key block are reported to `onSwallowed` (the pipeline counts
 * them as dropped).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SecretBlockSanitizer } from "../sanitize.ts";
 * const s = new SecretBlockSanitizer(0, () => {});
 * const out = s.process([
 *   "key:", "-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA7", "-----END RSA PRIVATE KEY-----", "done",
 * ]);
 * assert.ok(out.join("|") === "key:|[REDACTED PRIVATE KEY]|done");
 * ```
 */
export class SecretBlockSanitizer {
  #inBlock = false;
  #blockLines = 0;
  /**
   * Where the text of a block line may start: the columns of the words before
   * `-----BEGIN` in the block's first line (a CI timestamp, `app_1  | ` … prefix
   * every line of the block).
   */
  #blockCols: number[] = [];
  #suffix: number;
  #onSwallowed: (count: number) => void;
  #extra: ((line: string) => string) | undefined;
  #blocksOnly: boolean;
  #named = new NamedSecretValues();

  /**
   * @param preserveIdSuffix as for {@linkcode sanitizeLine}.
   * @param onSwallowed called with the number of lines swallowed by key blocks (and,
   *   with `blocksOnly`, binary lines).
   * @param extra extra per-line rewriting applied after the built-in rules (custom rules).
   * @param blocksOnly only fold key blocks (swallow their body lines) and swallow
   *   binary lines ({@linkcode isBinaryLine}); every other line, a block's first line
   *   too, passes as read, to be masked later (the pipeline masks only the lines it
   *   keeps).
   */
  constructor(
    preserveIdSuffix: number,
    onSwallowed: (count: number) => void,
    extra?: (line: string) => string,
    blocksOnly = false,
  ) {
    this.#suffix = preserveIdSuffix;
    this.#onSwallowed = onSwallowed;
    this.#extra = extra;
    this.#blocksOnly = blocksOnly;
  }

  /** Sanitizes a batch; returns the output batch (the same array, rewritten in place). */
  process(batch: string[]): string[] {
    let w = 0;
    let swallowed = 0;
    for (let r = 0; r < batch.length; r++) {
      const line = batch[r];
      if (this.#inBlock) {
        if (this.#blockLines < _PEM_MAX_LINES && _isPemBody(line, this.#blockCols)) {
          swallowed++;
          this.#blockLines++;
          if (line.indexOf("-----END") >= 0) this.#inBlock = false;
          continue;
        }
        this.#inBlock = false;
      }
      const begin = line.indexOf("-----BEGIN");
      if (begin >= 0 && line.indexOf("PRIVATE KEY", begin) >= 0) {
        const inline = sanitizeLine(line, this.#suffix);
        if (inline.indexOf("-----END") < 0 && line.indexOf("-----END") < 0) {
          this.#inBlock = true;
          this.#blockLines = 0;
          this.#blockCols = _wordStarts(line, begin);
        }
        // Blocks only: the line passes as read (masked when kept, truncated if too long).
        if (this.#blocksOnly) batch[w++] = line.indexOf("\x1b") < 0 ? line : stripAnsi(line);
        else batch[w++] = this.#extra ? this.#extra(inline) : inline;
        continue;
      }
      if (this.#blocksOnly) {
        // Binary data (a dump piped in, NUL padding) is no evidence: swallowed too.
        if (isBinaryLine(line)) {
          swallowed++;
          continue;
        }
        // Colour codes go now (cheap): scoring must see the text, not the escapes. A
        // secret's value named on the line before is masked now: select masks each
        // line alone.
        batch[w++] = this.#named.line(line.indexOf("\x1b") < 0 ? line : stripAnsi(line));
        continue;
      }
      const s = sanitizeLine(this.#named.line(line), this.#suffix);
      batch[w++] = this.#extra ? this.#extra(s) : s;
    }
    batch.length = w;
    if (swallowed) this.#onSwallowed(swallowed);
    return batch;
  }
}

/** A key block longer than this is not a key: the block ends. */
const _PEM_MAX_LINES = 400;

/** Columns where words start before `end` (after a space or tab), at most 8. */
function _wordStarts(line: string, end: number): number[] {
  const cols: number[] = [];
  for (let i = 1; i <= end && cols.length < 8; i++) {
    const c = line.charCodeAt(i - 1);
    if ((c === 32 || c === 9) && line.charCodeAt(i) !== 32) cols.push(i);
  }
  if (cols[cols.length - 1] !== end && end > 0) cols.push(end);
  return cols;
}

/**
 * A line inside a PEM (or PGP armor) block: base64 body, headers, blank, or the END
 * line; also behind a line prefix (a CI timestamp, `app_1  | `, a pod name) as wide
 * as one of the word starts `cols` of the first line, or, for body lines, of any
 * width before the last space.
 */
function _isPemBody(line: string, cols: readonly number[]): boolean {
  if (_isPemText(line.trim())) return true;
  for (const col of cols) {
    if (line.length >= col - 1 && _isPemText(line.slice(col).trim())) return true;
  }
  const sp = line.lastIndexOf(" ", line.length - 2);
  if (sp < 0) return false;
  const tail = line.slice(sp + 1);
  return tail.length >= 16 && _isPemText(tail);
}

function _isPemText(t: string): boolean {
  if (t.length === 0) return true;
  if (t.startsWith("-----END")) return true;
  if (/^(?:Proc-Type|DEK-Info|Comment|Version|Hash|Charset):/.test(t)) return true;
  return /^[A-Za-z0-9+/=]{1,128}$/.test(t) || /^[A-Za-z0-9+/=]{1,128}\\n/.test(t);
}
