/**
 * Log-source detection: which tools, services and runtimes wrote a log.
 *
 * Every source of the built-in catalog (`trim/sources/catalog.ts`) has marker
 * strings taken from what the tool really prints. All markers are matched in one
 * pass over the text by an Aho-Corasick automaton, built lazily on first use.
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

export { LOG_SOURCE_ALIASES };

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
// Multi-marker matcher (Aho-Corasick)
// ---------------------------------------------------------------------------

/** Trie nodes up to this depth get complete transition rows (a DFA). */
const _DENSE_DEPTH = 3;

/**
 * One-pass matcher over a fixed list of markers (an Aho-Corasick automaton).
 * Counts every occurrence of every marker, overlapping ones included: the same
 * counts as scanning the text once per marker with `indexOf`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMarkerMatcher, type MarkerMatcher } from "./detector.ts";
 * const m: MarkerMatcher = createMarkerMatcher(["aa"]);
 * assert.ok(m.count("aaaa")[0] === 3);
 * ```
 */
export interface MarkerMatcher {
  /** The markers, in the order of the count array. */
  readonly markers: readonly string[];
  /**
   * Adds the occurrences of each marker in `text[start, end)` to `counts`
   * (allocated when omitted; `counts[i]` belongs to `markers[i]`) and returns it.
   */
  count(text: string, counts?: Uint32Array, start?: number, end?: number): Uint32Array;
}

/**
 * Builds a {@linkcode MarkerMatcher} for `markers` (case-sensitive; empty markers
 * never match; duplicates are counted for each copy).
 *
 * Shallow trie nodes get complete transition rows, deeper ones a compact child list
 * plus a failure link, which keeps the automaton small for thousands of markers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMarkerMatcher } from "./detector.ts";
 * const m = createMarkerMatcher(["he", "she", "hers"]);
 * assert.ok([...m.count("ushers")].join() === "1,1,1");
 * ```
 */
export function createMarkerMatcher(markers: readonly string[]): MarkerMatcher {
  return new _AhoCorasick(markers);
}

/** The typed arrays of a built automaton (nodes are numbered in BFS order). */
interface _Automaton {
  /** Code unit to character class (0 = in no marker). */
  cls: Uint16Array;
  /** Number of classes, class 0 included. */
  k: number;
  /** Nodes `[0, dense)` have complete transition rows in `delta`. */
  dense: number;
  delta: Int32Array;
  /** The children of node `v` are the nodes `childStart[v] .. childEnd[v] - 1`. */
  childStart: Int32Array;
  childEnd: Int32Array;
  /** Class of the edge into each node. */
  edgeCls: Uint16Array;
  fail: Int32Array;
  /** Unique-marker id ending at the node, or -1. */
  term: Int32Array;
  /** Next node on the failure chain that ends a marker, or 0. */
  dict: Int32Array;
  /** 1 when a marker ends at the node or on its failure chain. */
  hasOut: Uint8Array;
}

/**
 * Builds the automaton. The markers are sorted and the trie is built level by
 * level, which numbers nodes in BFS order with each node's children contiguous, so
 * no hash table or renumbering is needed.
 */
function _buildAutomaton(unique: readonly string[]): _Automaton {
  const cls = new Uint16Array(65536);
  let k = 1;
  let total = 1;
  for (const m of unique) {
    total += m.length;
    for (let i = 0; i < m.length; i++) {
      const c = m.charCodeAt(i);
      if (cls[c] === 0) cls[c] = k++;
    }
  }
  const active = Int32Array.from(unique.keys())
    .sort((x, y) => (unique[x] < unique[y] ? -1 : unique[x] > unique[y] ? 1 : 0));
  const nodeOf = new Int32Array(unique.length); // current node of each marker
  const parent = new Int32Array(total);
  const edgeCls = new Uint16Array(total);
  const childStart = new Int32Array(total);
  const childEnd = new Int32Array(total);
  const term = new Int32Array(total).fill(-1);
  let n = 1;
  let dense = 1;
  for (let d = 0, live = active.length; live > 0; d++) {
    let lastParent = -1;
    let lastCls = -1;
    let lastChild = 0;
    let kept = 0;
    for (let j = 0; j < live; j++) {
      const id = active[j];
      const m = unique[id];
      const p = nodeOf[id];
      const c = cls[m.charCodeAt(d)];
      if (p !== lastParent || c !== lastCls) {
        lastChild = n++;
        parent[lastChild] = p;
        edgeCls[lastChild] = c;
        if (p !== lastParent) childStart[p] = lastChild;
        childEnd[p] = lastChild + 1;
        lastParent = p;
        lastCls = c;
      }
      nodeOf[id] = lastChild;
      if (m.length === d + 1) term[lastChild] = id;
      else active[kept++] = id;
    }
    live = kept;
    if (d + 1 <= _DENSE_DEPTH) dense = n;
  }

  // Failure and dictionary links and dense rows, in BFS order (a failure target
  // is always shallower, hence already done).
  const fail = new Int32Array(n);
  const dict = new Int32Array(n);
  const hasOut = new Uint8Array(n);
  const delta = new Int32Array(dense * k);
  const a: _Automaton = {
    cls,
    k,
    dense,
    delta,
    childStart: childStart.subarray(0, n),
    childEnd: childEnd.subarray(0, n),
    edgeCls: edgeCls.subarray(0, n),
    fail,
    term: term.subarray(0, n),
    dict,
    hasOut,
  };
  for (let v = 0; v < n; v++) {
    if (v > 0) {
      const p = parent[v];
      const f = p === 0 ? 0 : _next(a, fail[p], edgeCls[v]);
      fail[v] = f;
      dict[v] = term[f] >= 0 ? f : dict[f];
      hasOut[v] = term[v] >= 0 || dict[v] !== 0 ? 1 : 0;
    }
    if (v < dense) {
      const row = v * k;
      if (v > 0) delta.copyWithin(row, fail[v] * k, fail[v] * k + k);
      for (let w = childStart[v]; w < childEnd[v]; w++) delta[row + edgeCls[w]] = w;
    }
  }
  return a;
}

/** The automaton's transition from state `s` on class `c` (c > 0). */
function _next(a: _Automaton, s: number, c: number): number {
  for (;;) {
    if (s < a.dense) return a.delta[s * a.k + c];
    for (let w = a.childStart[s], end = a.childEnd[s]; w < end; w++) {
      if (a.edgeCls[w] === c) return w;
    }
    s = a.fail[s];
  }
}

class _AhoCorasick implements MarkerMatcher {
  readonly markers: readonly string[];
  readonly #a: _Automaton;
  /** Unique-marker id to the indexes of `markers` holding it. */
  readonly #uniqueToIndexes: number[][];
  readonly #identity: boolean;

  constructor(markers: readonly string[]) {
    this.markers = Object.freeze([...markers]);
    const uniqueIds = new Map<string, number>();
    const uniqueToIndexes: number[][] = [];
    const unique: string[] = [];
    markers.forEach((m, i) => {
      if (m.length === 0) return;
      let id = uniqueIds.get(m);
      if (id === undefined) {
        id = unique.length;
        uniqueIds.set(m, id);
        unique.push(m);
        uniqueToIndexes.push([]);
      }
      uniqueToIndexes[id].push(i);
    });
    this.#uniqueToIndexes = uniqueToIndexes;
    this.#identity = unique.length === markers.length;
    this.#a = _buildAutomaton(unique);
  }

  count(text: string, counts?: Uint32Array, start = 0, end = text.length): Uint32Array {
    const out = counts ?? new Uint32Array(this.markers.length);
    const unique = this.#identity ? out : new Uint32Array(this.#uniqueToIndexes.length);
    const { cls, k, dense, delta, childStart, childEnd, edgeCls, fail, hasOut, term, dict } =
      this.#a;
    if (end > text.length) end = text.length;
    let s = 0;
    for (let i = start < 0 ? 0 : start; i < end; i++) {
      const c = cls[text.charCodeAt(i)];
      if (c === 0) {
        s = 0;
        continue;
      }
      if (s < dense) {
        s = delta[s * k + c];
      } else {
        for (;;) {
          let next = -1;
          for (let w = childStart[s], stop = childEnd[s]; w < stop; w++) {
            if (edgeCls[w] === c) {
              next = w;
              break;
            }
          }
          if (next >= 0) {
            s = next;
            break;
          }
          s = fail[s];
          if (s < dense) {
            s = delta[s * k + c];
            break;
          }
        }
      }
      if (hasOut[s] === 1) {
        let t = term[s] >= 0 ? s : dict[s];
        while (t !== 0) {
          unique[term[t]]++;
          t = dict[t];
        }
      }
    }
    if (!this.#identity) {
      const map = this.#uniqueToIndexes;
      for (let u = 0; u < unique.length; u++) {
        if (unique[u] === 0) continue;
        for (const i of map[u]) out[i] += unique[u];
      }
    }
    return out;
  }
}

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
