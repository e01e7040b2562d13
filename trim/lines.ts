/**
 * Lines from a byte or text stream, and their byte length: the low pieces that the
 * split stage (`stages/split.ts`), the baseline reader, the multiline grouper and the
 * MCP tools share. {@linkcode LineSplitter} handles `\n`, `\r\n` and lone-`\r`
 * progress-bar rewrites (only the final state of such a line is kept), invalid UTF-8
 * (replaced by U+FFFD), and overlong lines, which are cut while streaming so memory
 * stays bounded.
 *
 * @module
 */

import { AsciiLineMeter, type LineMeter } from "./tokens.ts";

/** Lines longer than this many characters are cut while streaming, with or without `maxLineLength`. */
export const HARD_MAX_LINE_CHARS: number = 1024 * 1024;

/**
 * How far back from the cut of an overlong line its last, partial word is looked for
 * (see {@linkcode cleanCut}).
 */
export const CUT_WORD_MAX = 4096;

/** The part of an overlong line beyond its cut is metered in blocks of this size. */
const _DISCARD_BLOCK = 65536;

/** What a line cut at the hard cap ends with (when it is kept rather than truncated). */
export const CUT_SUFFIX = " [TRUNCATED]";

/** Receives every raw line (before `\r` resolution) and every raw byte count, for input statistics. */
export interface SplitObserver {
  /** Called with each complete raw line, and with the discarded parts of overlong lines. */
  rawText(text: string): void;
  /** Called once per complete line. */
  line(): void;
  /** Called with the byte length of each input chunk. */
  bytes(n: number): void;
  /**
   * When set, complete lines are metered here directly (and counted in
   * `LineSplitter.lines`) instead of through `rawText` and `line`: no call per line.
   */
  meter?: LineMeter;
}

/**
 * A pure, incremental line splitter: push chunks, collect completed lines.
 *
 * @example Splitting chunks with CRLF and a progress bar
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineSplitter } from "./lines.ts";
 * const s = new LineSplitter();
 * const out: string[] = [];
 * s.push("a\r\nprogress 10%\rprogress 100%\nb", out);
 * s.flush(out);
 * assert.ok(out.join("|") === "a|progress 100%|b");
 * ```
 */
export class LineSplitter {
  #decoder = new TextDecoder("utf-8");
  /** The current line while it is at most `limit` characters long (raw, `\r` included). */
  #partial = "";
  /** Whether the current line has grown beyond `limit` (see {@linkcode LineSplitter.#grow}). */
  #long = false;
  /** Of a long line: its first `limit + 1` raw characters, metered when the line ends. */
  #head = "";
  /** Of a long line: the rewrite being read (text after its last `\r`), first `limit + 1` chars. */
  #seg = "";
  /** Of a long line: the last non-empty rewrite before `#seg`, first `limit + 1` chars. */
  #prev = "";
  #limit: number;
  #clean: boolean;
  /** Beyond the cut of the current overlong line, not metered yet (< `_DISCARD_BLOCK`). */
  #discarded = "";
  #observer: SplitObserver | undefined;
  #meter: LineMeter | undefined;
  /**
   * With the built-in estimate, the ASCII lines of byte input are metered before
   * decoding (see {@linkcode AsciiLineMeter}); undefined from the first text chunk on
   * (its lines, and the one open, are metered from their text).
   */
  #bytes: AsciiLineMeter | undefined;
  #lines = 0;

  /**
   * @param limit lines longer than this are cut while streaming (they end up longer
   *   than `limit`, so a `maxLineLength` of `limit` still recognizes them).
   * @param observer optional input-statistics observer.
   * @param clean whether a cut line is kept (no `maxLineLength`): it then loses its
   *   last, partial word and ends with {@linkcode CUT_SUFFIX} (see {@linkcode cleanCut});
   *   by default, when no `limit` is given. Otherwise a cut line is its first `limit + 1`
   *   characters, for the truncate stage to replace.
   */
  constructor(
    limit: number = HARD_MAX_LINE_CHARS,
    observer?: SplitObserver,
    clean: boolean = limit >= HARD_MAX_LINE_CHARS,
  ) {
    this.#limit = Math.max(1, Math.min(limit, HARD_MAX_LINE_CHARS));
    this.#clean = clean;
    this.#observer = observer;
    this.#meter = observer?.meter;
    const meter = this.#meter;
    this.#bytes = meter?.builtIn ? new AsciiLineMeter(meter, this.#limit) : undefined;
  }

  /** Push a chunk; completed lines are appended to `out`. */
  push(chunk: Uint8Array | string, out: string[]): void {
    let text: string;
    if (typeof chunk === "string") {
      text = chunk;
      this.#observer?.bytes(utf8Length(chunk));
      this.#bytes = undefined;
    } else {
      this.#bytes?.push(chunk);
      text = this.#decoder.decode(chunk, { stream: true });
      this.#observer?.bytes(chunk.byteLength);
    }
    this.#take(text, out);
  }

  /** End of input: the last line (if any) is appended to `out`. */
  flush(out: string[]): void {
    this.#bytes?.end();
    const rest = this.#decoder.decode();
    if (rest) this.#take(rest, out);
    if (this.#long || this.#partial.length > 0) this.#endLine(out);
  }

  #take(text: string, out: string[]): void {
    let start = 0;
    let nl = text.indexOf("\n");
    while (nl >= 0) {
      if (this.#long || this.#partial.length > 0 || nl - start > this.#limit) {
        this.#grow(text.slice(start, nl));
        this.#endLine(out);
      } else {
        this.#emit(text.slice(start, nl), out);
      }
      start = nl + 1;
      nl = text.indexOf("\n", start);
    }
    if (start < text.length) this.#grow(start === 0 ? text : text.slice(start));
  }

  /**
   * Add a piece of the current line. Up to `limit` characters it is kept whole. Beyond,
   * the line is long, and two things are kept apart so that neither depends on where
   * chunks split the line: what is metered (its first `limit + 1` raw characters, then
   * fixed-size blocks, see {@linkcode LineSplitter.#discard}), and what is shown: the
   * final `\r` rewrite, as for any line, of which at most `limit + 1` characters are kept.
   */
  #grow(piece: string): void {
    if (!this.#long) {
      const p = this.#partial.length === 0 ? piece : this.#partial + piece;
      if (p.length <= this.#limit) {
        this.#partial = p;
        return;
      }
      this.#long = true;
      this.#partial = "";
      this.#head = p.slice(0, this.#limit + 1);
      this.#discard(p.slice(this.#limit + 1));
      this.#seg = "";
      this.#prev = "";
      this.#rewrites(p);
      return;
    }
    this.#discard(piece);
    this.#rewrites(piece);
  }

  /** Follow the `\r` rewrites of a long line through `text`. */
  #rewrites(text: string): void {
    let from = 0;
    let cr = text.indexOf("\r");
    while (cr >= 0) {
      this.#segAppend(text, from, cr);
      if (this.#seg.length > 0) this.#prev = this.#seg;
      this.#seg = "";
      from = cr + 1;
      cr = text.indexOf("\r", from);
    }
    this.#segAppend(text, from, text.length);
  }

  #segAppend(text: string, from: number, to: number): void {
    const room = this.#limit + 1 - this.#seg.length;
    if (to <= from || room <= 0) return;
    this.#seg += to - from > room ? text.slice(from, from + room) : text.slice(from, to);
  }

  /** The line built up by {@linkcode LineSplitter.#grow} ended. */
  #endLine(out: string[]): void {
    if (!this.#long) {
      const line = this.#partial;
      this.#partial = "";
      this.#emit(line, out);
      return;
    }
    // A long line: meter its head, show its final rewrite (cut when still too long).
    const shown = this.#seg.length > 0 ? this.#seg : this.#prev;
    const head = this.#head;
    this.#long = false;
    this.#head = this.#seg = this.#prev = "";
    this.#meterLine(head);
    out.push(shown.length > this.#limit && this.#clean ? cleanCut(shown) : shown);
  }

  /**
   * The part of an overlong line beyond the cut: metered in blocks of fixed size from
   * the cut, so the input statistics do not depend on where chunks split the line.
   */
  #discard(text: string): void {
    if (this.#observer === undefined) return;
    let pending = this.#discarded.length === 0 ? text : this.#discarded + text;
    while (pending.length >= _DISCARD_BLOCK) {
      this.#observer.rawText(pending.slice(0, _DISCARD_BLOCK));
      pending = pending.slice(_DISCARD_BLOCK);
    }
    this.#discarded = pending;
  }

  /** Meter one complete line (its raw text, or the head of a long one) and count it. */
  #meterLine(raw: string): void {
    const meter = this.#meter;
    if (meter !== undefined) {
      const bytes = this.#bytes;
      if (bytes === undefined || bytes.left(this.#lines)) meter.add(raw);
      this.#lines++;
    } else if (this.#observer !== undefined) {
      this.#observer.rawText(raw);
      this.#observer.line();
    }
    if (this.#discarded.length > 0) {
      this.#observer?.rawText(this.#discarded);
      this.#discarded = "";
    }
  }

  /** A line of at most `limit` characters: metered as read, shown with `\r` resolved. */
  #emit(raw: string, out: string[]): void {
    this.#meterLine(raw);
    // A CRLF line's only `\r` is its last character: cut without a second scan.
    const cr = raw.indexOf("\r");
    out.push(
      cr < 0 ? raw : cr === raw.length - 1 ? raw.slice(0, cr) : resolveCarriageReturns(raw),
    );
  }

  /** Lines completed so far (counted here when a meter is attached). */
  get lines(): number {
    return this.#lines;
  }
}

/**
 * A line cut at the hard cap, made safe to keep: its last word, which the cut may
 * have split (a token or password whose rest no longer matches its masking rule), is
 * dropped, and {@linkcode CUT_SUFFIX} marks the cut. The word is what follows the last
 * space, tab or `"',;<>()[]{}` in the last {@linkcode CUT_WORD_MAX} characters; when
 * there is none, those characters go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cleanCut } from "./lines.ts";
 * assert.ok(cleanCut("ERROR token ghp_abcdef") === "ERROR token [TRUNCATED]");
 * ```
 */
export function cleanCut(line: string): string {
  const stop = Math.max(0, line.length - CUT_WORD_MAX);
  let i = line.length;
  while (i > stop && !_endsWord(line.charCodeAt(i - 1))) i--;
  return line.slice(0, i).trimEnd() + CUT_SUFFIX;
}

function _endsWord(c: number): boolean {
  return c === 32 || c === 9 || c === 34 || c === 39 || c === 44 || c === 59 || c === 60 ||
    c === 62 || c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125;
}

/**
 * The final visible state of a line rewritten with lone `\r` (progress bars):
 * the last non-empty `\r`-separated segment. A trailing `\r` (from `\r\n`) is ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCarriageReturns } from "./lines.ts";
 * assert.ok(resolveCarriageReturns("10%\r50%\r100%\r") === "100%");
 * ```
 */
export function resolveCarriageReturns(line: string): string {
  let end = line.length;
  while (end > 0) {
    const cr = line.lastIndexOf("\r", end - 1);
    if (cr < 0) return line.slice(0, end);
    if (cr < end - 1) return line.slice(cr + 1, end);
    end = cr;
  }
  return "";
}

/**
 * UTF-8 byte length of a string without encoding it (a lone surrogate counts 3
 * bytes, as TextEncoder writes U+FFFD for it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { utf8Length } from "./lines.ts";
 * assert.ok(utf8Length("héllo 错") === 10);
 * ```
 */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 2;
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}
