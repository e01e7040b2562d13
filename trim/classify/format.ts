/**
 * Log format detection: which runtime or log layout a text is written in.
 *
 * {@linkcode detectLineFormat} (in `line_format.ts`) classifies one line cheaply
 * (dispatch on the first character, then a few anchored patterns).
 * {@linkcode createFormatDetector} turns
 * the per-line answers into a stream's format: the first recognizable line locks the
 * format, a majority vote over the first `sampleSize` (default 50) non-blank lines
 * corrects it, and after the vote 20 consecutive lines of another format re-elect.
 * {@linkcode detectFormat} runs the same detector over a whole text.
 *
 * Lines that are not recognized (plain messages, blank lines) never vote and never
 * break or extend a re-election streak.
 *
 * @module
 */

import { detectLineFormat, type LogFormat } from "./line_format.ts";

export { detectLineFormat, KNOWN_LOG_FORMATS, type LogFormat } from "./line_format.ts";

/**
 * Default number of leading non-blank lines in the format vote (50).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFormatDetector, FORMAT_DETECTION_SAMPLE_SIZE } from "./format.ts";
 * const detector = createFormatDetector(FORMAT_DETECTION_SAMPLE_SIZE * 2);
 * assert.ok(detector.format === undefined);
 * ```
 */
export const FORMAT_DETECTION_SAMPLE_SIZE = 50;

/**
 * Consecutive lines of another format that re-elect the format after the vote (20).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFormatDetector, FORMAT_REELECTION_STREAK } from "./format.ts";
 * const d = createFormatDetector(1);
 * d.observe("goroutine 1 [running]:");
 * for (let i = 0; i < FORMAT_REELECTION_STREAK; i++) d.observe('{"msg":"ok"}');
 * assert.ok(d.format === "json");
 * ```
 */
export const FORMAT_REELECTION_STREAK = 20;

/**
 * Streaming format detector; see {@linkcode createFormatDetector}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFormatDetector, type FormatDetector } from "./format.ts";
 * const detector: FormatDetector = createFormatDetector();
 * detector.observe("level=info msg=started port=8080");
 * assert.ok(detector.format === "logfmt");
 * ```
 */
export interface FormatDetector {
  /** Feeds one line (without its line terminator). */
  observe(line: string): void;
  /** The current format, or `undefined` while no line was recognized. */
  readonly format: LogFormat | undefined;
}

/**
 * Creates a streaming format detector.
 *
 * - The first recognizable line locks the format at once.
 * - While the first `sampleSize` (default 50) non-blank lines are read, the format
 *   is the majority of the recognized ones (ties keep the current format).
 * - After that window, 20 consecutive recognized lines of other formats re-elect
 *   the format (to the most frequent of them); a line of the current format resets
 *   the streak. Unrecognized lines are neutral.
 *
 * Cost: every line is classified for the first 4,096 lines (and the whole vote
 * window). After that, while no streak is running, one line in 16 is probed, so a
 * run of 20 recognized lines of another format always contains a probe. A probe of
 * another format walks back through the skipped lines to the last line of the
 * current format, replays them in order and tracks line by line until the streak
 * ends: such a run re-elects exactly as with every line classified. When streaks
 * keep dying (32 within 1,024 lines: formats interleaved line by line) the probe
 * interval doubles, up to one line in 256, and returns to 16 after a re-election
 * or 64 quiet probes; reading `format` settles the lines not probed yet.
 * Approximation, after line 4,096 only: a streak whose lines are interleaved with
 * unrecognized lines, or that starts while the interval is backed off, may be
 * found late or missed when no probe lands on it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFormatDetector } from "./format.ts";
 * const detector = createFormatDetector();
 * detector.observe("Traceback (most recent call last):");
 * detector.observe('  File "app.py", line 3, in <module>');
 * assert.ok(detector.format === "python");
 * ```
 */
export function createFormatDetector(
  sampleSize: number = FORMAT_DETECTION_SAMPLE_SIZE,
): FormatDetector {
  return new _StreamingFormatDetector(sampleSize);
}

/** Lines classified one by one before probing starts (longer if the vote window is). */
const _EXACT_LINES = 4096;
/** Smallest probe interval (lines; a power of two). */
const _MIN_STRIDE = 16;
/** Largest probe interval, and the number of recent lines kept (a power of two). */
const _RING = 256;
/** Dying streaks within `_DIE_WINDOW` lines that double the probe interval. */
const _DIE_LIMIT = 32;
const _DIE_WINDOW = 1024;
/** Quiet probes (no other format seen) after which the probe interval halves. */
const _QUIET_PROBES = 64;

class _StreamingFormatDetector implements FormatDetector {
  readonly #sampleSize: number;
  #lines = 0;
  /** Lines before this index are accounted for (classified or provably irrelevant). */
  #done = 0;
  #nonBlank = 0;
  #format: LogFormat | undefined;
  readonly #votes = new Map<LogFormat, number>();
  #streak = 0;
  readonly #streakVotes = new Map<LogFormat, number>();
  /** The last `_RING` lines, to settle lines skipped between probes. */
  readonly #ring: string[] = new Array(_RING).fill("");
  #stride = _MIN_STRIDE;
  #quiet = 0;
  #died = 0;
  #dieWindowStart = 0;

  constructor(sampleSize: number) {
    this.#sampleSize = Number.isFinite(sampleSize) && sampleSize > 0 ? Math.floor(sampleSize) : 0;
  }

  get format(): LogFormat | undefined {
    if (this.#done < this.#lines) this._settle(this.#lines);
    return this.#format;
  }

  observe(line: string): void {
    const n = this.#lines++;
    this.#ring[n & (_RING - 1)] = line;
    if (
      n < _EXACT_LINES || this.#streak !== 0 || this.#format === undefined ||
      this.#nonBlank < this.#sampleSize
    ) {
      if (this.#done < n) this._settle(n);
      this._classified(line, detectLineFormat(line), n >= _EXACT_LINES);
      this.#done = n + 1;
      return;
    }
    // Probing: classify one line per interval. A line of the current format
    // settles everything before it; one of another format settles the skipped
    // lines and starts line-by-line tracking.
    if ((n & (this.#stride - 1)) !== this.#stride - 1) return;
    const f = detectLineFormat(line);
    if (f === undefined) return;
    if (f === this.#format) {
      this.#done = n + 1;
      if (++this.#quiet >= _QUIET_PROBES && this.#stride > _MIN_STRIDE) {
        this.#stride >>= 1;
        this.#quiet = 0;
      }
      return;
    }
    this.#quiet = 0;
    this._settle(n);
    this._classified(line, f, true);
    this.#done = n + 1;
  }

  /**
   * Accounts for the unclassified lines `[#done, end)`: walks back from `end - 1`
   * to the last line of the current format (earlier lines cannot be part of a
   * streak) and replays the lines after it in order. Looks back `_RING` lines at most.
   */
  private _settle(end: number): void {
    const from = Math.max(this.#done, end - _RING + 1);
    this.#done = end;
    if (this.#format === undefined || this.#streak !== 0) {
      for (let i = from; i < end; i++) {
        const kept = this.#ring[i & (_RING - 1)];
        this._classified(kept, detectLineFormat(kept), true);
      }
      return;
    }
    const pending: LogFormat[] = [];
    for (let i = end - 1; i >= from; i--) {
      const f = detectLineFormat(this.#ring[i & (_RING - 1)]);
      if (f === undefined) continue;
      if (f === this.#format) break;
      pending.push(f);
    }
    for (let i = pending.length - 1; i >= 0; i--) this._classified("", pending[i], true);
  }

  private _classified(line: string, f: LogFormat | undefined, probing: boolean): void {
    if (f === undefined) {
      if (this.#nonBlank < this.#sampleSize && /\S/.test(line)) this.#nonBlank++;
      return;
    }
    if (this.#nonBlank < this.#sampleSize) {
      this.#nonBlank++;
      this._vote(f);
    } else if (this.#format === undefined) {
      this.#format = f;
    } else if (f === this.#format) {
      if (this.#streak !== 0) {
        this.#streak = 0;
        this.#streakVotes.clear();
        if (probing) this._died();
      }
    } else {
      this._streak(f);
    }
  }

  /** A streak died while probing: many of them mean interleaved formats, so back off. */
  private _died(): void {
    const n = this.#lines;
    if (n - this.#dieWindowStart >= _DIE_WINDOW) {
      this.#dieWindowStart = n;
      this.#died = 0;
    }
    if (++this.#died >= _DIE_LIMIT && this.#stride < _RING) {
      this.#stride <<= 1;
      this.#died = 0;
      this.#dieWindowStart = n;
    }
  }

  private _vote(f: LogFormat): void {
    const votes = this.#votes;
    const n = (votes.get(f) ?? 0) + 1;
    votes.set(f, n);
    if (this.#format === undefined || n > (votes.get(this.#format) ?? 0)) this.#format = f;
  }

  private _streak(f: LogFormat): void {
    const votes = this.#streakVotes;
    votes.set(f, (votes.get(f) ?? 0) + 1);
    if (++this.#streak < FORMAT_REELECTION_STREAK) return;
    let best: LogFormat | undefined;
    let bestVotes = 0;
    for (const [format, n] of votes) {
      if (n > bestVotes) {
        best = format;
        bestVotes = n;
      }
    }
    this.#format = best;
    this.#streak = 0;
    this.#stride = _MIN_STRIDE;
    votes.clear();
  }
}

/**
 * Detects the format of a whole text: the answer of a
 * {@linkcode createFormatDetector} stream detector fed every line of `text`.
 * Recognizes, among others, Python `Traceback` blocks, Node-style `at` frames,
 * Java `Exception in thread`, Go `goroutine` dumps, JSON and logfmt lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectFormat } from "./format.ts";
 * const text = 'panic: runtime error: index out of range\n\ngoroutine 1 [running]:\nmain.main()';
 * assert.ok(detectFormat(text) === "go");
 * assert.ok(detectFormat("just some words") === undefined);
 * ```
 */
export function detectFormat(
  text: string,
  sampleSize: number = FORMAT_DETECTION_SAMPLE_SIZE,
): LogFormat | undefined {
  const detector = createFormatDetector(sampleSize);
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    detector.observe(text.slice(start, stop));
    start = end + 1;
  }
  return detector.format;
}
