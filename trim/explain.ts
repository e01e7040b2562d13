/**
 * `--explain`: every input line with its decision, reason and score, in input
 * order, for a person asking why a line vanished. Lines are shown sanitized
 * (secrets stay masked).
 *
 * Decisions arrive out of order (a dropped line is decided before an earlier
 * kept line leaves the fold stage), so the writer holds lines until their turn;
 * it holds only the lines between the oldest undecided one and the newest.
 *
 * @module
 */

import { sanitizeLine } from "./sanitize.ts";
import type { TrimLineDecision } from "./types.ts";

/**
 * One explain line: line number, action, reason, score, then the sanitized line.
 *
 * @example
 * ```ts
 * import { formatExplainLine } from "./explain.ts";
 * const text = formatExplainLine(
 *   { lineNumber: 12, action: "drop", reason: "noise", score: 5 },
 *   "[INFO] tick",
 * );
 * console.assert(text === "    12  drop  noise               5  [INFO] tick");
 * ```
 */
export function formatExplainLine(d: TrimLineDecision, line: string): string {
  return `${String(d.lineNumber).padStart(6)}  ${d.action.padEnd(4)}  ${d.reason.padEnd(17)} ${
    String(d.score).padStart(3)
  }  ${line}`;
}

/**
 * Pairs input lines (in order) with their decisions (in any order) and writes
 * explain lines in input order.
 *
 * @example
 * ```ts
 * import { ExplainWriter } from "./explain.ts";
 * const out: string[] = [];
 * const w = new ExplainWriter((s) => out.push(s));
 * w.line("ERROR boom");
 * w.line("tick");
 * w.decide({ lineNumber: 2, action: "drop", reason: "noise", score: 5 });
 * w.decide({ lineNumber: 1, action: "keep", reason: "error", score: 80 });
 * w.flush();
 * console.assert(out.length === 2 && out[0].includes("ERROR boom") && out[1].includes("noise"));
 * ```
 */
export class ExplainWriter {
  #write: (text: string) => void;
  #suffix: number;
  #next = 1;
  #lines: string[] = [];
  #head = 0;
  #decisions = new Map<number, TrimLineDecision>();

  /**
   * Creates a writer.
   *
   * @param write receives each explain line (without a newline).
   * @param preserveIdSuffix as for `sanitizeLine` (the run's option).
   */
  constructor(write: (text: string) => void, preserveIdSuffix = 0) {
    this.#write = write;
    this.#suffix = preserveIdSuffix;
  }

  /** The next raw input line. */
  line(raw: string): void {
    this.#lines.push(raw);
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
    this.#write(formatExplainLine(d, sanitizeLine(raw, this.#suffix)));
  }
}
