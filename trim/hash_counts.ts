/**
 * {@linkcode HashCounts}: how often each 32-bit hash was seen, in two typed arrays
 * instead of a `Map<number, number>`.
 *
 * The selector's "seen before" maps (repeat dampening, message templates, errors
 * shown) hold up to 50,000 hashes each on a long log. As a `Map`, a hash above
 * 2^30 is a heap number of its own, and a full map costs 2.1 MiB of the heap
 * (measured: `Deno.memoryUsage().heapUsed` around 50,000 inserts), traced by every
 * full collection, plus a second table while it grows. Here the same entries cost
 * 5 bytes a slot (a `Uint32Array` of keys, a `Uint8Array` of counts, at most half
 * full): 640 KiB at 50,000 entries, outside the traced heap.
 *
 * Exact, not approximate: every key is stored whole (open addressing, linear
 * probing), so a lookup answers as the `Map` did. A count saturates at 255; the
 * callers read a count up to 16 at most (a penalty is capped at 100 points from the
 * 16th occurrence on), so a saturated count reads the same.
 *
 * @module
 */

/** The largest count held; a higher one reads as this. */
export const HASH_COUNT_MAX = 255;

/** Slots of a new table (a power of two). */
const _INITIAL_SLOTS = 1024;

/**
 * Counts of 32-bit hashes (unsigned integers, as `hashLine` returns them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HashCounts } from "./hash_counts.ts";
 * const c = new HashCounts();
 * assert.ok(c.get(0xdeadbeef) === 0);
 * c.set(0xdeadbeef, 2);
 * c.set(7, 1);
 * assert.ok(c.get(0xdeadbeef) === 2 && c.get(7) === 1);
 * assert.equal(c.size, 2);
 * c.clear();
 * assert.ok(c.get(7) === 0);
 * assert.equal(c.size, 0);
 * ```
 */
export class HashCounts {
  #keys = new Uint32Array(_INITIAL_SLOTS);
  /** 0: an empty slot; otherwise the count of the key in the same slot. */
  #counts = new Uint8Array(_INITIAL_SLOTS);
  #shift = 32 - Math.log2(_INITIAL_SLOTS);
  #size = 0;

  /** Keys held. */
  get size(): number {
    return this.#size;
  }

  /** How often `key` was counted (0: not held). */
  get(key: number): number {
    const keys = this.#keys;
    const counts = this.#counts;
    const mask = keys.length - 1;
    for (let i = this.#slot(key);; i = (i + 1) & mask) {
      const n = counts[i];
      if (n === 0 || keys[i] === key) return n;
    }
  }

  /** Sets the count of `key` (1 or more; above {@linkcode HASH_COUNT_MAX} it saturates). */
  set(key: number, count: number): void {
    const keys = this.#keys;
    const counts = this.#counts;
    const mask = keys.length - 1;
    let i = this.#slot(key);
    while (counts[i] !== 0 && keys[i] !== key) i = (i + 1) & mask;
    if (counts[i] === 0) {
      if (2 * (this.#size + 1) > keys.length) {
        this.#grow();
        return this.set(key, count);
      }
      this.#size++;
      keys[i] = key;
    }
    counts[i] = count > HASH_COUNT_MAX ? HASH_COUNT_MAX : count;
  }

  /** Forgets every key (the slots stay allocated: a full table is what the bound allows). */
  clear(): void {
    if (this.#size === 0) return;
    this.#counts.fill(0);
    this.#size = 0;
  }

  /** The home slot of `key` (Fibonacci hashing: the high bits of a multiplicative mix). */
  #slot(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.#shift;
  }

  #grow(): void {
    const oldKeys = this.#keys;
    const oldCounts = this.#counts;
    const slots = oldKeys.length * 2;
    this.#keys = new Uint32Array(slots);
    this.#counts = new Uint8Array(slots);
    this.#shift--;
    const keys = this.#keys;
    const counts = this.#counts;
    const mask = slots - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const n = oldCounts[j];
      if (n === 0) continue;
      let i = this.#slot(oldKeys[j]);
      while (counts[i] !== 0) i = (i + 1) & mask;
      keys[i] = oldKeys[j];
      counts[i] = n;
    }
  }
}
