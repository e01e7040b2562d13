/**
 * Several logs at once (`trimlog a.log b.log.gz`, a zip archive): each reduced on its
 * own, under one shared token budget, and printed under a header
 * (`== build / 4_Run tests ==`), or as Markdown sections.
 *
 * With `ci: true` (a GitHub Actions log archive) the steps that failed
 * (`##[error]`, a non-zero `Process completed with exit code N`) are the point:
 * they are printed whole (reduced) and take the budget first; a passing step is one
 * line, `✓ build / 2_Checkout (412 lines)`, and a job whose steps all passed is one
 * line, `✓ lint (6 steps, 90 lines)`.
 *
 * @module
 */

import { TrimError } from "./errors.ts";
import { FailureScan } from "./inputs/gha.ts";
import { type MarkdownSection, renderMarkdown } from "./markdown.ts";
import { processWithTap, TextCollector, type TrimInput, type TrimOutput } from "./process.ts";
import { toWritable } from "./io.ts";
import { emptyStats, savingsOf } from "./run.ts";
import { summaryLine } from "./summary.ts";
import { estimateTokens } from "./tokens.ts";
import type { TrimOptions, TrimResult, TrimSection, TrimStats } from "./types.ts";

/**
 * One log among several.
 *
 * @example A log of your own, opened when its turn comes
 * ```ts
 * import assert from "node:assert/strict";
 * import { processSections, type SectionSource } from "./sections.ts";
 * const source: SectionSource = { name: "api.log", open: () => ReadableStream.from(["ERROR x\n"]) };
 * const result = await processSections([source], new WritableStream());
 * assert.ok(result.sections?.[0].name === "api.log");
 * ```
 */
export interface SectionSource {
  /** What the header shows: a file name, or `job / N_step`. */
  name: string;
  /** The job (a CI archive). */
  job?: string;
  /** The step, `N_name` (a CI archive). */
  step?: string;
  /** Opens the log (called again when the budget is shared out). */
  open(): TrimInput | Promise<TrimInput>;
}

/**
 * How {@linkcode processSections} treats its sources.
 *
 * @example A CI step that passed is one line
 * ```ts
 * import assert from "node:assert/strict";
 * import { processSections, type SectionsMode } from "./sections.ts";
 * let out = "";
 * const mode: SectionsMode = { ci: true, format: "text" };
 * await processSections([
 *   { name: "build / 1_Lint", job: "build", step: "1_Lint", open: () => ReadableStream.from(["ok\n"]) },
 *   { name: "build / 2_Test", job: "build", step: "2_Test", open: () => ReadableStream.from(["##[error]boom\n"]) },
 * ], { write: (c: Uint8Array) => (out += new TextDecoder().decode(c)) }, {}, mode);
 * assert.ok(out === "✓ build / 1_Lint (1 line)\n== build / 2_Test ==\n##[error]boom\n");
 * ```
 */
export interface SectionsMode {
  /** A CI log archive: failing steps first and whole, passing ones in one line. */
  ci?: boolean;
  /** `text` (headers) or `markdown`. */
  format?: "text" | "markdown";
}

interface _Done {
  source: SectionSource;
  section: TrimSection;
  text?: string;
}

/**
 * Reduces each source, writes them all to `output` (headers and reduced logs, or
 * Markdown) and resolves with the total, its `sections` one per source. With
 * `maxTokens` the budget is shared: each section (with `ci`, each failing step, in
 * order) gets what the ones before it left. A source that fails to read (a corrupt
 * stream) ends the run: what was reduced so far is written, then the error is thrown.
 *
 * @example Two logs, one header each
 * ```ts
 * import assert from "node:assert/strict";
 * import { processSections } from "./sections.ts";
 * let out = "";
 * const result = await processSections([
 *   { name: "a.log", open: () => ReadableStream.from(["ERROR a\n"]) },
 *   { name: "b.log", open: () => ReadableStream.from(["ERROR b\n"]) },
 * ], { write: (c: Uint8Array) => (out += new TextDecoder().decode(c)) });
 * assert.ok(out === "== a.log ==\nERROR a\n== b.log ==\nERROR b\n");
 * assert.ok(result.sections?.length === 2 && result.stats.inputLines === 2);
 * ```
 */
export async function processSections(
  sources: readonly SectionSource[],
  output: TrimOutput,
  options: TrimOptions = {},
  mode: SectionsMode = {},
): Promise<TrimResult> {
  const done: _Done[] = [];
  const budget = options.maxTokens;
  let left = budget;
  const base: TrimOptions = { ...options, outputFormat: _textFormat(options) };
  // A baseline stream is read once and given to every section afresh.
  const baseline = await _sharedBaseline(options.baseline);
  let failure: unknown;
  try {
    for (const source of sources) {
      const ci = _ci(source, mode);
      const scan = ci ? new FailureScan() : undefined;
      const text = new TextCollector();
      // A plain log takes its share of the budget now; CI steps after the scan.
      const own = left === undefined ? {} : { maxTokens: ci ? undefined : Math.max(1, left) };
      const entry: _Done = { source, section: _section(source, undefined) };
      done.push(entry);
      try {
        const result = await processWithTap(
          await source.open(),
          text,
          { ...base, ...own, baseline: baseline?.() },
          scan && ((lines) => scan.lines(lines)),
        );
        entry.section = _section(source, result, scan?.failed);
      } catch (e) {
        throw _named(e, source);
      } finally {
        entry.text = text.text();
      }
      if (!ci && left !== undefined) left -= entry.section.result?.outputTokens ?? 0;
      if (ci && !entry.section.failed) entry.text = undefined; // one line will do
    }
    if (budget !== undefined) {
      // The failing steps share the budget, in order.
      for (const entry of done.filter((d) => _ci(d.source, mode) && d.section.failed)) {
        const text = new TextCollector();
        const result = await processWithTap(await entry.source.open(), text, {
          ...base,
          maxTokens: Math.max(1, left!),
          baseline: baseline?.(),
        }, undefined).catch((e) => {
          throw _named(e, entry.source);
        });
        entry.section = _section(entry.source, result, true);
        entry.text = text.text();
        left! -= result.outputTokens;
      }
    }
  } catch (e) {
    failure = e;
  }
  const total = _total(done, mode);
  const rendered = mode.format === "markdown"
    ? renderMarkdown(_markdown(done, mode), summaryLine(total))
    : _text(done, mode);
  const w = toWritable(output).getWriter();
  const write = async () => {
    await w.write(new TextEncoder().encode(rendered));
    await w.close();
  };
  if (failure !== undefined) {
    await write().catch(() => {});
    throw failure;
  }
  await write();
  return total;
}

function _ci(source: SectionSource, mode: SectionsMode): boolean {
  return mode.ci === true && source.job !== undefined;
}

/** A reading error with the source's name in front (a corrupt member names itself). */
function _named(e: unknown, source: SectionSource): unknown {
  if (e instanceof TrimError && (e.code === "CORRUPT_INPUT" || e.code === "UNSAFE_ARCHIVE")) {
    return new TrimError(e.code, `${source.name}: ${e.message}`, { cause: e });
  }
  return e;
}

/** A function giving a fresh copy of the baseline for each section (none: undefined). */
async function _sharedBaseline(
  b: TrimOptions["baseline"],
): Promise<(() => TrimOptions["baseline"]) | undefined> {
  if (b === undefined) return undefined;
  if (typeof b === "string") return () => b; // refused where it is used, as for one log
  const chunks: (Uint8Array | string)[] = [];
  for await (const c of (b instanceof ReadableStream ? b : ReadableStream.from(b))) chunks.push(c);
  return () => ReadableStream.from(chunks);
}

function _textFormat(options: TrimOptions): TrimOptions["outputFormat"] {
  return options.outputFormat === "markdown" ? "text" : options.outputFormat;
}

function _section(source: SectionSource, result?: TrimResult, failed?: boolean): TrimSection {
  const s: TrimSection = { name: source.name };
  if (source.job !== undefined) s.job = source.job;
  if (source.step !== undefined) s.step = source.step;
  if (failed !== undefined) s.failed = failed;
  if (result !== undefined) s.result = result;
  return s;
}

/** The one line of a passing step. */
function _stepLine(d: _Done): string {
  return `✓ ${d.source.name} (${_lines(d.section.result?.stats.inputLines ?? 0)})`;
}

function _lines(n: number): string {
  return `${n.toLocaleString("en-US")} line${n === 1 ? "" : "s"}`;
}

/** Runs of sections by job (consecutive sources of the same job). */
function _byJob(done: readonly _Done[]): _Done[][] {
  const groups: _Done[][] = [];
  for (const d of done) {
    const last = groups.at(-1);
    if (last && d.source.job !== undefined && last[0].source.job === d.source.job) last.push(d);
    else groups.push([d]);
  }
  return groups;
}

/** A job whose steps all passed, in one line (undefined: it has a failing step). */
function _passedJob(group: readonly _Done[], mode: SectionsMode): string | undefined {
  if (!_ci(group[0].source, mode) || group.some((d) => d.section.failed)) {
    return undefined;
  }
  if (group.length === 1 && group[0].source.step === undefined) return undefined;
  const lines = group.reduce((n, d) => n + (d.section.result?.stats.inputLines ?? 0), 0);
  const steps = `${group.length} step${group.length === 1 ? "" : "s"}`;
  // The job as its steps' names show it (with the archive's name when there are several inputs).
  const first = group[0].source;
  const job = first.step ? first.name.slice(0, -(first.step.length + 3)) : first.name;
  return `✓ ${job} (${steps}, ${_lines(lines)})`;
}

function _text(done: readonly _Done[], mode: SectionsMode): string {
  const out: string[] = [];
  for (const group of _byJob(done)) {
    const job = _passedJob(group, mode);
    if (job !== undefined) {
      out.push(`${job}\n`);
      continue;
    }
    for (const d of group) {
      if (d.text === undefined) {
        out.push(`${_stepLine(d)}\n`);
        continue;
      }
      out.push(`== ${d.source.name} ==\n`, d.text);
      if (d.text !== "" && !d.text.endsWith("\n")) out.push("\n");
    }
  }
  return out.join("");
}

function _markdown(done: readonly _Done[], mode: SectionsMode): MarkdownSection[] {
  const out: MarkdownSection[] = [];
  for (const group of _byJob(done)) {
    const job = _passedJob(group, mode);
    if (job !== undefined) {
      out.push({ title: group[0].source.job!, line: job });
      continue;
    }
    for (const d of group) {
      if (d.text === undefined) out.push({ title: d.source.name, line: _stepLine(d) });
      else out.push({ title: d.source.name, text: d.text, result: d.section.result });
    }
  }
  return out;
}

/** The whole run's result: the sections' counters summed, a one-line section's output its line. */
function _total(done: readonly _Done[], mode: SectionsMode): TrimResult {
  const stats: TrimStats = emptyStats();
  let inputTokens = 0;
  let outputTokens = 0;
  let timedOut = false;
  const formats: string[] = [];
  const sources: string[] = [];
  for (const d of done) {
    const r = d.section.result;
    if (r === undefined) continue;
    const oneLine = _ci(d.source, mode) && d.text === undefined;
    for (const k of Object.keys(stats) as (keyof TrimStats)[]) {
      if (oneLine && k.startsWith("output")) continue;
      stats[k] = (stats[k] ?? 0) + (r.stats[k] ?? 0);
    }
    if (r.stats.truncatedLines) {
      stats.truncatedLines = (stats.truncatedLines ?? 0) + r.stats.truncatedLines;
    }
    inputTokens += r.inputTokens;
    if (oneLine) {
      const line = _stepLine(d);
      stats.outputLines += 1;
      stats.outputWords += line.split(" ").length;
      stats.outputBytes += new TextEncoder().encode(line).length + 1;
      outputTokens += Math.round(estimateTokens(line));
    } else {
      outputTokens += r.outputTokens;
      if (r.detectedFormat) formats.push(r.detectedFormat);
      for (const s of r.detectedSources ?? []) if (!sources.includes(s)) sources.push(s);
    }
    timedOut ||= r.timedOut === true;
  }
  const result: TrimResult = {
    stats,
    inputTokens,
    outputTokens,
    ...savingsOf(inputTokens, outputTokens),
  };
  if (formats.length) result.detectedFormat = formats[0];
  if (sources.length) result.detectedSources = sources.slice(0, 3);
  if (timedOut) result.timedOut = true;
  result.sections = done.map((d) => d.section);
  return result;
}
