/**
 * A bounded set of 32-bit keys (hashes): a {@linkcode HashCounts} table that stops
 * taking keys once `max` are held. Its memory is 5 bytes a slot, at most `10 × max`
 * bytes for `max` keys (a `Set` of numbers takes several times that, and boxes keys
 * above 2^31).
 *
 * @module
 */

import { HashCounts } from "../hash_counts.ts";

/**
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KeySet } from "./key_set.ts";
 * const s = new KeySet(2);
 * s.add(0);
 * s.add(0xdeadbeef);
 * s.add(7); // full: not added
 * assert.ok(s.has(0) && s.has(0xdeadbeef) && !s.has(7) && s.size === 2);
 * ```
 */
export class KeySet {
  #table = new HashCounts();
  #max: number;

  /** @param max the most keys held. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Keys held. */
  get size(): number {
    return this.#table.size;
  }

  /** Adds `key` (taken as an unsigned 32-bit integer) unless the set is full. */
  add(key: number): void {
    if (this.#table.size < this.#max) this.#table.set(key >>> 0, 1);
  }

  /** Whether `key` is held. */
  has(key: number): boolean {
    return this.#table.get(key >>> 0) !== 0;
  }
}
