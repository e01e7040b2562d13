/**
 * The baseline (`baseline` option, `--baseline FILE`): the log of a passing run of
 * the same job. Each of its lines is masked like the output and reduced to a
 * template (every run of digits the same), and select drops a line of the failing
 * run whose template the passing run also printed, unless it carries failure
 * evidence (an error or fatal line). Such a line can still be shown as context of
 * an error, so the failure region stays whole, and the closing lines of the log
 * stay too.
 *
 * Memory is bounded: templates are kept as 32-bit hashes, at most
 * {@linkcode BASELINE_MAX_TEMPLATES}; a longer baseline's later templates are not
 * used.
 *
 * @module
 */

import { runnerPrefixLength } from "../runner_prefix.ts";
import { hashLine } from "../classify/hash.ts";
import { toStoppableReadable, type TrimInput } from "../io.ts";
import { LineSplitter } from "../lines.ts";

/** Most distinct templates remembered from a baseline. */
export const BASELINE_MAX_TEMPLATES = 200_000;

/**
 * The template key of a masked line: every run of digits becomes one `0`, so lines
 * that differ only in counts, durations, sizes or line numbers share a key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baselineKey } from "./baseline.ts";
 * assert.ok(baselineKey("Downloaded 12 MB in 340ms") === baselineKey("Downloaded 7 MB in 95ms"));
 * assert.ok(baselineKey("Tests: 2 failed") !== baselineKey("Tests: 2 passed"));
 * ```
 */
export function baselineKey(masked: string): number {
  let out = "";
  let from = 0;
  let i = 0;
  const n = masked.length;
  while (i < n) {
    const c = masked.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      out += masked.slice(from, i) + "0";
      while (i < n && masked.charCodeAt(i) >= 48 && masked.charCodeAt(i) <= 57) i++;
      from = i;
    } else i++;
  }
  return hashLine(from === 0 ? masked : out + masked.slice(from));
}

/** The templates of a passing run's log. */
export class BaselineTemplates {
  #keys = new Set<number>();
  #lines = 0;

  /** Lines read from the baseline. */
  get lines(): number {
    return this.#lines;
  }

  /** Distinct templates remembered. */
  get size(): number {
    return this.#keys.size;
  }

  /** Adds a masked baseline line. */
  add(masked: string): void {
    this.#lines++;
    if (this.#keys.size < BASELINE_MAX_TEMPLATES) this.#keys.add(baselineKey(masked));
  }

  /**
   * Whether the baseline printed a line of the template of `masked`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { BaselineTemplates } from "./baseline.ts";
   * const b = new BaselineTemplates();
   * b.add("npm http fetch GET 200 /a.tgz 11ms");
   * assert.ok(b.has("npm http fetch GET 200 /a.tgz 630ms") && !b.has("npm ERR! 404"));
   * ```
   */
  has(masked: string): boolean {
    return this.#keys.has(baselineKey(masked));
  }
}

/**
 * Reads a baseline log (a stream or async iterable of chunks), splitting it as the
 * pipeline splits a log and masking each line with `mask`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadBaseline } from "./baseline.ts";
 * const b = await loadBaseline(ReadableStream.from(["ok 1\nok 2\n"]), (l) => l);
 * assert.ok(b.lines === 2 && b.size === 1);
 * ```
 */
export async function loadBaseline(
  input: TrimInput,
  mask: (line: string) => string,
): Promise<BaselineTemplates> {
  const templates = new BaselineTemplates();
  const splitter = new LineSplitter();
  const lines: string[] = [];
  const take = () => {
    // As select reads the failing run's lines: without a runner prefix.
    for (const l of lines) {
      const n = runnerPrefixLength(l);
      templates.add(mask(n === 0 ? l : l.slice(n)));
    }
    lines.length = 0;
  };
  for await (const chunk of toStoppableReadable(input, {})) {
    splitter.push(chunk, lines);
    take();
  }
  splitter.flush(lines);
  take();
  return templates;
}
