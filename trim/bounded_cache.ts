/**
 * Bounded caches: {@linkcode GenerationalCache}, a map of two generations, and
 * {@linkcode LineMemo}, a pure function of a line memoised in one.
 *
 * A bounded cache of two generations: entries go into the young map; when it is full,
 * it becomes the old one (the previous old one is dropped) and a new young map starts.
 * An entry found in the old map moves back to the young one. At most `2 × limit`
 * entries are held, and what is used often stays, as in an LRU, without an LRU's
 * per-hit bookkeeping.
 *
 * @module
 */

import { ownString } from "./own_string.ts";

/**
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GenerationalCache } from "./bounded_cache.ts";
 * const c = new GenerationalCache<string, number>(2);
 * c.set("a", 1);
 * c.set("b", 2);
 * c.set("c", 3); // "a" and "b" are the old generation now
 * assert.ok(c.get("a") === 1); // found, and young again
 * c.set("d", 4);
 * c.set("e", 5); // "b" was old and unused: gone
 * assert.ok(c.get("b") === undefined && c.get("a") === 1);
 * assert.ok(c.size <= 4);
 * ```
 */
export class GenerationalCache<K, V> {
  #limit: number;
  #young = new Map<K, V>();
  #old = new Map<K, V>();

  /** @param limit entries of one generation (twice this are held at most). */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The value of `key`, if held (an old entry becomes young). */
  get(key: K): V | undefined {
    const v = this.#young.get(key);
    if (v !== undefined) return v;
    const o = this.#old.get(key);
    if (o !== undefined) this.set(key, o);
    return o;
  }

  /** Holds `value` for `key`. */
  set(key: K, value: V): void {
    if (this.#young.size >= this.#limit) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(key, value);
  }

  /** Entries held (both generations; an entry may be counted in both). */
  get size(): number {
    return this.#young.size + this.#old.size;
  }
}

/** Lookups of one probe of an adaptive {@linkcode LineMemo}. */
const _PROBE = 256;
/** Lines computed directly after a probe that hit less than 1 in 8 (then it probes again). */
const _BYPASS = 16384;

/**
 * A pure function of a line, memoised over the lines seen lately: bounded to two
 * generations of `limit` lines of at most `maxLength` characters (longer ones are
 * computed each time), held as strings of their own (a line cut from a decoded chunk
 * would keep the whole chunk alive).
 *
 * `adaptive`: for a function about as cheap as a lookup, a memo that does not hit
 * costs more than it saves (a lookup, a copy of the line, an entry). After 256
 * lookups of which fewer than 1 in 8 hit, the next 16,384 lines are computed directly
 * (what it holds stays), then it probes again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineMemo } from "./bounded_cache.ts";
 * let calls = 0;
 * const m = new LineMemo((line) => (calls++, line.length), 4, 100, false);
 * assert.ok(m.get("abc") === 3 && m.get("abc") === 3 && calls === 1);
 * ```
 */
export class LineMemo<V> {
  #compute: (line: string) => V;
  #cache: GenerationalCache<string, V>;
  #maxLength: number;
  #adaptive: boolean;
  /** Lookups left in this probe (> 0), or lines left to compute directly (< 0). */
  #left = _PROBE;
  #hits = 0;

  constructor(compute: (line: string) => V, limit: number, maxLength: number, adaptive: boolean) {
    this.#compute = compute;
    this.#cache = new GenerationalCache(limit);
    this.#maxLength = maxLength;
    this.#adaptive = adaptive;
  }

  /**
   * Whether the memo stands aside for this line (adaptive, after a probe that hit
   * less): the caller computes it directly. Counts the line.
   */
  skip(): boolean {
    if (this.#left >= 0) return false;
    if (++this.#left === 0) this.#left = _PROBE;
    return true;
  }

  /** `compute(line)`. */
  get(line: string): V {
    if (this.#left < 0 && this.skip()) return this.#compute(line);
    if (line.length > this.#maxLength) return this.#compute(line);
    let v = this.#cache.get(line);
    if (v === undefined) {
      v = this.#compute(line);
      const own = ownString(line);
      // A string value is held as its own too (the line itself when it is unchanged).
      this.#cache.set(own, typeof v === "string" ? (v === line ? own : ownString(v)) as V : v);
    } else this.#hits++;
    if (this.#adaptive && --this.#left === 0) {
      // What it holds stays while it stands aside: the next probe finds the lines that
      // come back from afar (a job's log printed again, a test suite run per matrix entry).
      this.#left = this.#hits * 8 < _PROBE ? -_BYPASS : _PROBE;
      this.#hits = 0;
    }
    return v;
  }
}
