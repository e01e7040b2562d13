/**
 * The timestamps stage: when most lines of a log start with a timestamp (a CI
 * runner's `2024-05-14T09:12:03.1234567Z `, a logger's `2024-05-14 09:12:03,123 `,
 * `[09:12:03] `, syslog's `May 14 09:12:03 `), that leading timestamp is cut from
 * every line that has it, before anything classifies the lines.
 *
 * The sanitizer masks every timestamp as `[TIME]`, so a leading one carries no
 * information in the output, costs about two tokens a line, and hides the line's
 * real start from the anchored patterns of classification (stack frames, passing
 * tests, chatter, restatements). Times inside a line stay (masked).
 *
 * The decision is a vote over the first {@linkcode TIMESTAMP_SAMPLE_SIZE} non-blank
 * lines: the form that more than half of them start with wins, and only that form
 * is cut (with the one space or tab after it). Lines are held until the vote is
 * decided, which is as soon as a form has a majority of the sample or none can
 * reach one any more (at most the sample's lines). Each form is one character
 * check before an anchored, linear expression.
 *
 * It runs after detect (which reads the timestamps: GitHub Actions is recognized
 * by its own) and before everything else.
 *
 * @module
 */

import type { Batch } from "../batch.ts";
import { LineSplitter } from "../lines.ts";
import { ownString } from "../own_string.ts";

/**
 * Non-blank lines in the vote on a leading timestamp (50).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TIMESTAMP_SAMPLE_SIZE } from "./timestamps.ts";
 * assert.ok(TIMESTAMP_SAMPLE_SIZE === 50);
 * ```
 */
export const TIMESTAMP_SAMPLE_SIZE = 50;

/**
 * A leading timestamp form: `iso` (`2024-05-14T09:12:03.1234567Z`,
 * `2024-05-14 09:12:03,123`, with an optional zone), `bracketed` (`[09:12:03]`,
 * `[2024-05-14 09:12:03.123]`), `syslog` (`May 14 09:12:03`), `clock`
 * (`09:12:03.123`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TIMESTAMP_FORMS, type TimestampForm } from "./timestamps.ts";
 * const form: TimestampForm = "syslog";
 * assert.ok(TIMESTAMP_FORMS.includes(form));
 * ```
 */
export type TimestampForm = "iso" | "bracketed" | "syslog" | "clock";

/**
 * The forms, in the order of their index in a vote.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TIMESTAMP_FORMS } from "./timestamps.ts";
 * assert.ok(TIMESTAMP_FORMS[0] === "iso");
 * ```
 */
export const TIMESTAMP_FORMS: readonly TimestampForm[] = ["iso", "bracketed", "syslog", "clock"];

const _ISO =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2}| ?UTC)?(?=[ \t]|$)/;
const _BRACKETED =
  /^\[(?:\d{4}-\d{2}-\d{2}[T ])?\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?\](?=[ \t]|$)/;
const _SYSLOG =
  /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?=[ \t]|$)/;
const _CLOCK = /^\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?=[ \t]|$)/;

function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The form of the timestamp `line` starts with (its index in
 * {@linkcode TIMESTAMP_FORMS}), or -1. One or two character checks first; an
 * expression runs only on lines that pass them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { leadingTimestampForm, TIMESTAMP_FORMS } from "./timestamps.ts";
 * const form = leadingTimestampForm("2024-05-14T09:12:03.1234567Z ##[group]Run npm ci");
 * assert.ok(TIMESTAMP_FORMS[form] === "iso");
 * assert.ok(leadingTimestampForm("ERROR at 2024-05-14 09:12:03") === -1);
 * ```
 */
export function leadingTimestampForm(line: string): number {
  const c0 = line.charCodeAt(0);
  if (_isDigit(c0)) {
    const c2 = line.charCodeAt(2);
    if (c2 === 58) return _CLOCK.test(line) ? 3 : -1; // `09:`
    if (line.charCodeAt(4) === 45) return _ISO.test(line) ? 0 : -1; // `2024-`
    return -1;
  }
  if (c0 === 91) return _isDigit(line.charCodeAt(1)) && _BRACKETED.test(line) ? 1 : -1; // `[`
  if (c0 >= 65 && c0 <= 83 && line.charCodeAt(3) === 32) return _SYSLOG.test(line) ? 2 : -1;
  return -1;
}

/**
 * How many leading characters of `line` to cut for a timestamp of form `form` (an
 * index in {@linkcode TIMESTAMP_FORMS}): the timestamp and the one space or tab after
 * it; 0 when the line does not start with that form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { leadingTimestampLength } from "./timestamps.ts";
 * const line = "2024-05-14T09:12:03.1234567Z       at f (src/a.ts:1:2)";
 * assert.ok(line.slice(leadingTimestampLength(line, 0)) === "      at f (src/a.ts:1:2)");
 * assert.ok(leadingTimestampLength("[09:12:03] done", 0) === 0);
 * ```
 */
export function leadingTimestampLength(line: string, form: number): number {
  const c0 = line.charCodeAt(0);
  let re: RegExp;
  switch (form) {
    case 0:
      if (!_isDigit(c0) || line.charCodeAt(4) !== 45) return 0;
      re = _ISO;
      break;
    case 1:
      if (c0 !== 91) return 0;
      re = _BRACKETED;
      break;
    case 2:
      if (line.charCodeAt(3) !== 32) return 0;
      re = _SYSLOG;
      break;
    case 3:
      if (line.charCodeAt(2) !== 58) return 0;
      re = _CLOCK;
      break;
    default:
      return 0;
  }
  const m = re.exec(line);
  if (m === null) return 0;
  const n = m[0].length;
  const next = line.charCodeAt(n);
  return next === 32 || next === 9 ? n + 1 : n;
}

/**
 * The vote on a leading timestamp over the first `sampleSize` non-blank lines.
 * `decided` turns true as soon as the outcome cannot change; `form` is then the
 * winning form's index in {@linkcode TIMESTAMP_FORMS}, or -1 (nothing to cut).
 * {@linkcode TimestampVote.finish} decides on the lines seen (end of input).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TimestampVote } from "./timestamps.ts";
 * const vote = new TimestampVote(4);
 * vote.observe("[09:12:03] start");
 * vote.observe("");
 * vote.observe("[09:12:04] build");
 * assert.ok(!vote.decided);
 * vote.observe("[09:12:05] test");
 * assert.ok(vote.decided && vote.form === 1);
 * ```
 */
export class TimestampVote {
  /** Whether the outcome is known. */
  decided = false;
  /** The winning form's index, or -1 (meaningful once `decided`). */
  form = -1;
  readonly #sampleSize: number;
  readonly #counts = [0, 0, 0, 0];
  #seen = 0;

  /** A vote over the first `sampleSize` non-blank lines (at least 1). */
  constructor(sampleSize: number = TIMESTAMP_SAMPLE_SIZE) {
    this.#sampleSize = Math.max(1, sampleSize);
  }

  /** Counts one line (blank lines do not vote); no-op once decided. */
  observe(line: string): void {
    if (this.decided || _isBlank(line)) return;
    this.#seen++;
    const f = leadingTimestampForm(line);
    const counts = this.#counts;
    if (f >= 0 && ++counts[f] * 2 > this.#sampleSize) {
      this.form = f;
      this.decided = true;
      return;
    }
    // No form can win any more: the best count plus every line left is no majority.
    const left = this.#sampleSize - this.#seen;
    const best = Math.max(counts[0], counts[1], counts[2], counts[3]);
    if ((best + left) * 2 <= this.#sampleSize) this.decided = true;
  }

  /** Decides on the lines seen so far (a majority of them), at the end of input. */
  finish(): void {
    if (this.decided) return;
    this.decided = true;
    const counts = this.#counts;
    for (let f = 0; f < counts.length; f++) {
      if (counts[f] * 2 > this.#seen) this.form = f;
    }
  }
}

function _isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/**
 * Cuts the leading timestamp of form `form` from every line of `lines` that starts
 * with it, in place; returns how many lines changed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripLeadingTimestamps } from "./timestamps.ts";
 * const lines = ["May 14 09:12:03 web nginx: started", "  continued"];
 * assert.ok(stripLeadingTimestamps(lines, 2) === 1);
 * assert.deepEqual(lines, ["web nginx: started", "  continued"]);
 * ```
 */
export function stripLeadingTimestamps(lines: string[], form: number): number {
  let changed = 0;
  for (let i = 0; i < lines.length; i++) {
    const n = leadingTimestampLength(lines[i], form);
    if (n > 0) {
      lines[i] = ownString(lines[i].slice(n)); // a held slice would keep its chunk alive
      changed++;
    }
  }
  return changed;
}

/**
 * Creates the timestamps stage: batches are held until the vote is decided, then
 * passed on with the winning form cut, in place (the other fields stay as they are:
 * a cut changes no line's place).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTimestampStage } from "./timestamps.ts";
 * const out: string[] = [];
 * await ReadableStream.from([
 *   { lines: ["2024-05-14T09:12:03.1234567Z npm ci"] },
 *   { lines: ["2024-05-14T09:12:04.1234567Z ##[error]Process completed with exit code 1.", "plain"] },
 * ]).pipeThrough(createTimestampStage(3))
 *   .pipeTo(new WritableStream({ write(b) { out.push(...b.lines); } }));
 * assert.deepEqual(out, ["npm ci", "##[error]Process completed with exit code 1.", "plain"]);
 * ```
 */
export function createTimestampStage(
  sampleSize: number = TIMESTAMP_SAMPLE_SIZE,
): TransformStream<Batch, Batch> {
  const vote = new TimestampVote(sampleSize);
  let held: Batch[] = [];
  const pass = (batch: Batch, controller: TransformStreamDefaultController<Batch>) => {
    if (batch.lines.length === 0) return;
    if (vote.form >= 0) stripLeadingTimestamps(batch.lines, vote.form);
    controller.enqueue(batch);
  };
  const release = (controller: TransformStreamDefaultController<Batch>) => {
    for (const b of held) pass(b, controller);
    held = [];
  };
  return new TransformStream<Batch, Batch>({
    transform(batch, controller) {
      if (!vote.decided) {
        const lines = batch.lines;
        for (let i = 0; i < lines.length && !vote.decided; i++) vote.observe(lines[i]);
        if (!vote.decided) {
          held.push(batch);
          return;
        }
        release(controller);
      }
      pass(batch, controller);
    },
    flush(controller) {
      vote.finish();
      release(controller);
    },
  });
}

/**
 * The lines of a text stream with the timestamps its own vote cuts, cut: what the
 * timestamps stage does, for a log read outside the pipeline (a baseline, whose lines
 * are compared with the failing run's lines after this stage). Yields newline-ended
 * lines, a chunk at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linesWithoutTimestamps } from "./timestamps.ts";
 * let text = "";
 * const input = ReadableStream.from(["[09:12:03] npm ci\n[09:12:04] ", "npm test\n"]);
 * for await (const chunk of linesWithoutTimestamps(input)) text += chunk;
 * assert.ok(text === "npm ci\nnpm test\n");
 * ```
 */
export async function* linesWithoutTimestamps(
  input: ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string>,
  sampleSize: number = TIMESTAMP_SAMPLE_SIZE,
): AsyncGenerator<string> {
  const vote = new TimestampVote(sampleSize);
  const splitter = new LineSplitter();
  let held: string[] = [];
  const lines: string[] = [];
  const text = (batch: string[]) => {
    if (vote.form >= 0) stripLeadingTimestamps(batch, vote.form);
    return batch.length === 0 ? "" : batch.join("\n") + "\n";
  };
  for await (const chunk of input) {
    splitter.push(chunk, lines);
    if (!vote.decided) {
      for (let i = 0; i < lines.length && !vote.decided; i++) vote.observe(lines[i]);
      held.push(...lines);
      lines.length = 0;
      if (!vote.decided) continue;
      const out = text(held);
      held = [];
      if (out) yield out;
      continue;
    }
    const out = text(lines);
    lines.length = 0;
    if (out) yield out;
  }
  splitter.flush(lines);
  for (const l of lines) vote.observe(l);
  vote.finish();
  held.push(...lines);
  const out = text(held);
  if (out) yield out;
}
