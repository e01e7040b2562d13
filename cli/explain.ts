/**
 * `--explain`: every input line with its decision, reason and score, in input
 * order, for a person asking why a line vanished. It is the pipeline itself with
 * decisions recorded: the lines are the pipeline's own (split as it splits them,
 * seen through its line tap) and are shown through the run's masker, custom
 * `sanitize` rules included, so nothing appears here in clear that the reduced log
 * masks (a value named on the line before, `- name: DB_PASSWORD` then `value: x`,
 * too); the lines of a private-key block show as `[REDACTED PRIVATE KEY]`, lines
 * longer than `maxLineLength` as `[TRUNCATED]` (as the reduced log has them), binary
 * lines (dropped as noise) as `[binary data, N characters]`.
 *
 * Decisions arrive out of order (a dropped line is decided before an earlier
 * kept line leaves the fold stage), so the writer holds lines until their turn;
 * it holds only the lines between the oldest undecided one and the newest.
 *
 * @module
 */

import { isBinaryLine } from "../trim/classify/binary.ts";
import { describeDecision } from "../trim/decision.ts";
import { stripAnsi } from "../trim/sanitize/line.ts";
import { NamedSecretValues } from "../trim/sanitize/named_values.ts";
import { TRUNCATED } from "../trim/stages/truncate.ts";
import type { TrimLineDecision } from "../trim/types.ts";

const _KEY_BLOCK = "[REDACTED PRIVATE KEY]";

/**
 * One explain line: line number, action, reason, score, the decision in words (the
 * block or budget that decided it: `kept: failure block`, `kept: end of failing
 * step`, `dropped: budget`), then the sanitized line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatExplainLine } from "./explain.ts";
 * const text = formatExplainLine(
 *   { lineNumber: 12, action: "drop", reason: "noise", score: 5 },
 *   "[INFO] tick",
 * );
 * assert.ok(text === "    12  drop  noise               5  dropped: noise             [INFO] tick");
 * ```
 */
export function formatExplainLine(d: TrimLineDecision, line: string): string {
  return `${String(d.lineNumber).padStart(6)}  ${d.action.padEnd(4)}  ${d.reason.padEnd(17)} ${
    String(d.score).padStart(3)
  }  ${describeDecision(d.action, d.reason).padEnd(26)} ${line}`;
}

/**
 * Pairs input lines (in order) with their decisions (in any order) and writes
 * explain lines in input order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplainWriter } from "./explain.ts";
 * const out: string[] = [];
 * const w = new ExplainWriter((s) => out.push(s));
 * w.lines(["ERROR boom token=ghp_abcdefghijklmnopqrstuvwxyz0123456789", "tick"], (l) => l.replace(/ghp_\w+/, "[REDACTED]"));
 * w.decide({ lineNumber: 2, action: "drop", reason: "noise", score: 5 });
 * w.decide({ lineNumber: 1, action: "keep", reason: "error", score: 80 });
 * w.flush();
 * assert.ok(out.length === 2 && out[0].endsWith("ERROR boom token=[REDACTED]") && out[1].includes("noise"));
 * ```
 */
export class ExplainWriter {
  #write: (text: string) => void;
  #mask: (line: string) => string = (line) => line;
  #maxLineLength: number | undefined;
  #next = 1;
  #lines: string[] = [];
  #head = 0;
  #decisions = new Map<number, TrimLineDecision>();
  /** The two-line rule the key-block stage applies: the run's masker sees one line. */
  #named = new NamedSecretValues();

  /**
   * Creates a writer.
   *
   * @param write receives each explain line (without a newline).
   * @param maxLineLength the run's option: longer lines are shown as `[TRUNCATED]`.
   */
  constructor(write: (text: string) => void, maxLineLength?: number) {
    this.#write = write;
    this.#maxLineLength = maxLineLength;
  }

  /** The next input lines, as the pipeline split them, and the run's masker. */
  lines(raw: readonly string[], mask: (line: string) => string): void {
    this.#mask = mask;
    for (const line of raw) this.#lines.push(line);
    this.#drain();
  }

  /** A decision (from `onDecision`). */
  decide(d: TrimLineDecision): void {
    this.#decisions.set(d.lineNumber, d);
    this.#drain();
  }

  /** End: lines without a decision (none, normally) are written as `?`. */
  flush(): void {
    this.#drain();
    while (this.#head < this.#lines.length) {
      const d = this.#decisions.get(this.#next) ??
        { lineNumber: this.#next, action: "drop", reason: "?", score: 0 };
      this.#decisions.delete(this.#next);
      this.#emit(d);
    }
  }

  #drain(): void {
    for (;;) {
      if (this.#head >= this.#lines.length) break;
      const d = this.#decisions.get(this.#next);
      if (d === undefined) break;
      this.#decisions.delete(this.#next);
      this.#emit(d);
    }
    if (this.#head > 4096 && this.#head * 2 > this.#lines.length) {
      this.#lines = this.#lines.slice(this.#head);
      this.#head = 0;
    }
  }

  #emit(d: TrimLineDecision): void {
    const raw = this.#lines[this.#head];
    this.#lines[this.#head++] = "";
    this.#next++;
    // The lines a key block swallowed show as the block does.
    let text: string;
    if (d.reason === "secret-block") text = _KEY_BLOCK;
    else if (d.reason === "noise" && isBinaryLine(raw)) {
      text = `[binary data, ${raw.length} characters]`;
    } else {
      // As the key-block stage sees it: colour codes gone, a value named on the line
      // before masked.
      const seen = this.#named.line(raw.indexOf("\x1b") < 0 ? raw : stripAnsi(raw));
      if (this.#maxLineLength !== undefined && raw.length > this.#maxLineLength) text = TRUNCATED;
      else text = this.#mask(seen);
    }
    this.#write(formatExplainLine(d, text));
  }
}
