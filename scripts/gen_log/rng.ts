/**
 * Seeded randomness of the log generator.
 *
 * @module
 */

/**
 * A small, fast, seeded PRNG (mulberry32): the only source of randomness of the
 * generator, so a seed gives the same log on every run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./rng.ts";
 * const a = new Rng(42), b = new Rng(42);
 * assert.equal(a.next(), b.next());
 * assert.ok(a.range(3, 5) >= 3);
 * ```
 */
export class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  /** An element of `a`. */
  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Heavy-tailed length in [lo, hi]: mostly short, sometimes long. */
  runLength(lo: number, hi: number): number {
    const u = this.next();
    return Math.min(hi, lo + Math.floor((hi - lo) * u * u * u));
  }
}
