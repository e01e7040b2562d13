/**
 * A bounded set of 32-bit keys (hashes) in one typed array: open addressing, linear
 * probing, grown by doubling while at most half full. Its memory is 4 bytes a slot, at
 * most `8 × max` bytes for `max` keys (a `Set` of numbers takes several times that, and
 * boxes keys above 2^31); once `max` keys are held, further keys are not added.
 *
 * @module
 */

/** Slots of a new set. */
const _INITIAL_SLOTS = 1024;

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
  #slots = new Uint32Array(_INITIAL_SLOTS);
  #size = 0;
  /** Key 0 marks an empty slot: it is held apart. */
  #zero = false;
  #max: number;

  /** @param max the most keys held. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Keys held. */
  get size(): number {
    return this.#size;
  }

  /** Adds `key` (taken as an unsigned 32-bit integer) unless the set is full. */
  add(key: number): void {
    key >>>= 0;
    if (this.#size >= this.#max) return;
    if (key === 0) {
      if (!this.#zero) this.#size++;
      this.#zero = true;
      return;
    }
    if ((this.#size + 1) * 2 > this.#slots.length) this.#grow();
    if (_insert(this.#slots, key)) this.#size++;
  }

  /** Whether `key` is held. */
  has(key: number): boolean {
    key >>>= 0;
    if (key === 0) return this.#zero;
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let i = _home(key, mask);; i = (i + 1) & mask) {
      const s = slots[i];
      if (s === key) return true;
      if (s === 0) return false;
    }
  }

  #grow(): void {
    const old = this.#slots;
    const slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i++) if (old[i] !== 0) _insert(slots, old[i]);
    this.#slots = slots;
  }
}

/** The first slot tried for `key` (its bits mixed, so that close hashes spread). */
function _home(key: number, mask: number): number {
  return (Math.imul(key, 0x9e3779b1) >>> 16 ^ key) & mask;
}

/** Puts `key` (not 0) in `slots`; false when it was there. */
function _insert(slots: Uint32Array, key: number): boolean {
  const mask = slots.length - 1;
  for (let i = _home(key, mask);; i = (i + 1) & mask) {
    const s = slots[i];
    if (s === key) return false;
    if (s === 0) {
      slots[i] = key;
      return true;
    }
  }
}
