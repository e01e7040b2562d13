/**
 * Multi-marker matching: an Aho-Corasick automaton that counts every occurrence
 * of every marker of a fixed list in one pass over a text. Source detection
 * (`detector.ts`) matches all catalog markers with it.
 *
 * @module
 */

const _DENSE_DEPTH = 3;

/**
 * One-pass matcher over a fixed list of markers (an Aho-Corasick automaton).
 * Counts every occurrence of every marker, overlapping ones included: the same
 * counts as scanning the text once per marker with `indexOf`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMarkerMatcher, type MarkerMatcher } from "./automaton.ts";
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
 * import { createMarkerMatcher } from "./automaton.ts";
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
