/**
 * Log-source detection: which tools, services and runtimes wrote a log.
 *
 * Every source of the built-in catalog (`trim/sources/catalog.ts`) has marker
 * strings taken from what the tool really prints. All markers are matched in one
 * pass over the text by an Aho-Corasick automaton (`automaton.ts`), built lazily
 * on first use.
 *
 * **Case sensitivity:** matching is case-sensitive. Markers are verbatim output
 * (`npm ERR!`, `[INFO] BUILD FAILURE`, `org.apache.hadoop.`), and the case is part
 * of what makes them specific; a source that prints a name in two spellings lists
 * both. Custom markers are matched the same way.
 *
 * **Ranking:** a source's evidence is the sum, over its distinct markers found, of
 * `specificity × (1 + ½·log2(hits))`, where specificity grows with marker length
 * (`min(1, 0.25 + length / 20)`) and is divided among the sources sharing a marker.
 * Distinct markers therefore count most, repetition counts logarithmically, and
 * long markers weigh more than short ones. Ties are broken by name.
 *
 * @module
 */

import { LOG_SOURCE_ALIASES, SOURCE_CATALOG } from "./catalog.ts";
import { createMarkerMatcher, type MarkerMatcher } from "./automaton.ts";

export { LOG_SOURCE_ALIASES };
export { createMarkerMatcher, type MarkerMatcher } from "./automaton.ts";

/**
 * A custom log source: a name and its literal, case-sensitive markers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectLogSources, type LogSourceSignature } from "./detector.ts";
 * const acme: LogSourceSignature = { name: "acme", markers: ["[acme-agent]"] };
 * assert.ok(detectLogSources("[acme-agent] up", [acme])[0] === "acme");
 * ```
 */
export interface LogSourceSignature {
  /** The name reported by detection. */
  name: string;
  /** Literal markers specific to the source. */
  markers: readonly string[];
}

/**
 * Pairs of source name and marker strings, in catalog order. Used by
 * {@linkcode detectLogSources} and the streaming {@linkcode createSourceDetector}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOG_SOURCE_SIGNATURES } from "./detector.ts";
 * const npm = LOG_SOURCE_SIGNATURES.find(([name]) => name === "npm");
 * assert.ok(npm?.[1].includes("npm ERR!"));
 * ```
 */
export const LOG_SOURCE_SIGNATURES: ReadonlyArray<readonly [string, readonly string[]]> = Object
  .freeze(Object.values(SOURCE_CATALOG).flat());

/**
 * Names of all built-in log sources (tools, services, runtimes), in catalog order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KNOWN_LOG_SOURCES } from "./detector.ts";
 * assert.ok(KNOWN_LOG_SOURCES.includes("kubernetes"));
 * ```
 */
export const KNOWN_LOG_SOURCES: readonly string[] = Object.freeze(
  LOG_SOURCE_SIGNATURES.map(([name]) => name),
);

/**
 * Category name to the names of its sources. Every source is in exactly one category.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOG_SOURCE_CATEGORIES } from "./detector.ts";
 * assert.ok(LOG_SOURCE_CATEGORIES["databases"].includes("postgresql"));
 * ```
 */
export const LOG_SOURCE_CATEGORIES: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries(
    Object.entries(SOURCE_CATALOG).map(([category, entries]) => [
      category,
      Object.freeze(entries.map(([name]) => name)),
    ]),
  ),
);

// ---------------------------------------------------------------------------
// Detection and ranking
// ---------------------------------------------------------------------------

/** A set of sources compiled for matching: one matcher over all their markers. */
interface _SourceIndex {
  matcher: MarkerMatcher;
  /** Source names, in first-seen order. */
  names: string[];
  /** For each source, the indexes of its markers in `matcher.markers`. */
  markersOf: number[][];
  /** Weight of each marker (specificity divided by the number of sources sharing it). */
  weight: Float64Array;
}

let _builtinIndex: _SourceIndex | undefined;
const _extraIndexes = new WeakMap<ReadonlyArray<LogSourceSignature>, _SourceIndex>();

/** Specificity of a marker: longer markers are more specific. */
function _specificity(marker: string): number {
  return Math.min(1, 0.25 + marker.length / 20);
}

function _compileIndex(
  entries: ReadonlyArray<readonly [string, readonly string[]]>,
): _SourceIndex {
  const names: string[] = [];
  const byName = new Map<string, Set<string>>();
  for (const [name, markers] of entries) {
    let set = byName.get(name);
    if (set === undefined) {
      set = new Set();
      byName.set(name, set);
      names.push(name);
    }
    for (const m of markers) if (m.length > 0) set.add(m);
  }
  const markerIds = new Map<string, number>();
  const markers: string[] = [];
  const sharing: number[] = [];
  const markersOf = names.map((name) => {
    const ids: number[] = [];
    for (const m of byName.get(name)!) {
      let id = markerIds.get(m);
      if (id === undefined) {
        id = markers.length;
        markerIds.set(m, id);
        markers.push(m);
        sharing.push(0);
      }
      sharing[id]++;
      ids.push(id);
    }
    return ids;
  });
  const weight = new Float64Array(markers.length);
  for (let i = 0; i < markers.length; i++) weight[i] = _specificity(markers[i]) / sharing[i];
  return { matcher: createMarkerMatcher(markers), names, markersOf, weight };
}

/** The built-in index, compiled on first use. */
function _builtin(): _SourceIndex {
  return _builtinIndex ??= _compileIndex(LOG_SOURCE_SIGNATURES);
}

/**
 * The index of built-in plus extra sources. Extra markers go into their own small
 * matcher; sources of the same name are merged.
 */
function _withExtra(extra: ReadonlyArray<LogSourceSignature>): _SourceIndex {
  let index = _extraIndexes.get(extra);
  if (index === undefined) {
    index = _compileIndex(extra.map((s) => [s.name, s.markers] as const));
    _extraIndexes.set(extra, index);
  }
  return index;
}

/** Evidence score of every source of `index` given marker `counts`. */
function _scores(index: _SourceIndex, counts: Uint32Array, into: Map<string, number>): void {
  const { names, markersOf, weight } = index;
  for (let s = 0; s < names.length; s++) {
    let score = 0;
    for (const id of markersOf[s]) {
      const c = counts[id];
      if (c !== 0) score += weight[id] * (1 + 0.5 * Math.log2(c));
    }
    if (score > 0) into.set(names[s], (into.get(names[s]) ?? 0) + score);
  }
}

/** Names sorted by score (descending), ties by name; at most `limit`. */
function _rank(scores: Map<string, number>, limit = Infinity): string[] {
  return [...scores]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([name]) => name);
}

/**
 * Detects which log sources wrote `text`, best first.
 *
 * Runs one pass of the marker automaton over the whole text (case-sensitive) and
 * ranks sources by evidence: distinct markers found, their hit counts (log-scaled)
 * and their specificity. `extra` adds custom sources; an extra source with a
 * built-in name adds markers to it. Deterministic; ties are broken by name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectLogSources } from "./detector.ts";
 * const log = "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree";
 * assert.ok(detectLogSources(log)[0] === "npm");
 * const custom = detectLogSources("[acme-agent] boot", [{ name: "acme", markers: ["[acme-agent]"] }]);
 * assert.ok(custom[0] === "acme");
 * ```
 */
export function detectLogSources(
  text: string,
  extra?: ReadonlyArray<LogSourceSignature>,
): string[] {
  const scores = new Map<string, number>();
  const builtin = _builtin();
  _scores(builtin, builtin.matcher.count(text), scores);
  if (extra !== undefined && extra.length > 0) {
    const index = _withExtra(extra);
    _scores(index, index.matcher.count(text), scores);
  }
  return _rank(scores);
}

// ---------------------------------------------------------------------------
// Streaming detection
// ---------------------------------------------------------------------------

/** Lines scanned in full before sampling starts. */
const _FULL_SCAN_LINES = 1024;
/** Largest sampling stride (one line in this many) for long streams. */
const _MAX_STRIDE = 128;
/** Characters of a line scanned at most (markers sit near the start of lines). */
const _MAX_SCAN_CHARS = 4096;

/**
 * Streaming log-source detector; see {@linkcode createSourceDetector}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSourceDetector, type SourceDetector } from "./detector.ts";
 * const detector: SourceDetector = createSourceDetector();
 * detector.observe("Terraform has been successfully initialized!");
 * assert.ok(detector.ranked(1)[0] === "terraform" && detector.lines === 1);
 * ```
 */
export interface SourceDetector {
  /** Feeds one line (without its line terminator). */
  observe(line: string): void;
  /** Detected source names so far, best first (at most `limit`). */
  ranked(limit?: number): string[];
  /** Number of lines observed (sampled or not). */
  readonly lines: number;
}

/**
 * Creates a streaming source detector for a log read line by line.
 *
 * Sampling keeps it cheap on large logs: the first 1,024 lines are scanned in full,
 * then one line in 2, 4, 8 … (doubling each time the line count doubles, at most
 * one in 128), and at most the first 4,096 characters of a line. A 100 MB log of
 * 650,000 lines is thus matched on about 8,700 lines. The sample depends
 * only on line numbers, so results are deterministic. Ranking is the same as
 * {@linkcode detectLogSources}; the marker automaton is built on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSourceDetector } from "./detector.ts";
 * const detector = createSourceDetector();
 * for (const line of ["Running with gitlab-runner 16.4.0", "ERROR: Job failed: exit code 1"]) {
 *   detector.observe(line);
 * }
 * assert.ok(detector.ranked(3)[0] === "gitlab-ci");
 * ```
 */
export function createSourceDetector(
  extra?: ReadonlyArray<LogSourceSignature>,
): SourceDetector {
  return new _StreamingSourceDetector(extra);
}

class _StreamingSourceDetector implements SourceDetector {
  #lines = 0;
  #mask = 0;
  #nextBoundary = _FULL_SCAN_LINES;
  readonly #extra: ReadonlyArray<LogSourceSignature> | undefined;
  #builtin: _SourceIndex | undefined;
  #builtinCounts: Uint32Array | undefined;
  #extraIndex: _SourceIndex | undefined;
  #extraCounts: Uint32Array | undefined;

  constructor(extra?: ReadonlyArray<LogSourceSignature>) {
    this.#extra = extra !== undefined && extra.length > 0 ? extra : undefined;
  }

  get lines(): number {
    return this.#lines;
  }

  observe(line: string): void {
    const n = this.#lines++;
    if (n >= this.#nextBoundary) {
      // Entering [boundary, 2 * boundary): halve the sampling rate.
      this.#nextBoundary *= 2;
      if (this.#mask + 1 < _MAX_STRIDE) this.#mask = this.#mask * 2 + 1;
    }
    if ((n & this.#mask) !== 0) return;
    const end = line.length < _MAX_SCAN_CHARS ? line.length : _MAX_SCAN_CHARS;
    if (this.#builtin === undefined) this._init();
    this.#builtin!.matcher.count(line, this.#builtinCounts, 0, end);
    if (this.#extraIndex !== undefined) {
      this.#extraIndex.matcher.count(line, this.#extraCounts, 0, end);
    }
  }

  ranked(limit?: number): string[] {
    if (this.#builtin === undefined) return [];
    const scores = new Map<string, number>();
    _scores(this.#builtin, this.#builtinCounts!, scores);
    if (this.#extraIndex !== undefined) _scores(this.#extraIndex, this.#extraCounts!, scores);
    return _rank(scores, limit);
  }

  private _init(): void {
    this.#builtin = _builtin();
    this.#builtinCounts = new Uint32Array(this.#builtin.matcher.markers.length);
    if (this.#extra !== undefined) {
      this.#extraIndex = _withExtra(this.#extra);
      this.#extraCounts = new Uint32Array(this.#extraIndex.matcher.markers.length);
    }
  }
}
