/**
 * The last results of one check in a fixed-size ring buffer: one byte per result, so 10,000
 * checks hold their last 100 results in about 1 MB.
 *
 * @module
 */

/**
 * How many results a {@linkcode History} keeps.
 *
 * @example The window of the uptime figure
 * ```ts
 * import assert from "node:assert/strict";
 * import { History, HISTORY_SIZE } from "./history.ts";
 * const h = new History();
 * for (let i = 0; i < HISTORY_SIZE + 5; i++) h.push(true);
 * assert.ok(h.length === HISTORY_SIZE);
 * ```
 */
export const HISTORY_SIZE = 100;

/**
 * A ring buffer of healthy/unhealthy results, oldest first.
 *
 * @example Recording and reading
 * ```ts
 * import assert from "node:assert/strict";
 * import { History } from "./history.ts";
 * const h = new History(4);
 * for (const ok of [true, true, false, true, false]) h.push(ok);
 * assert.ok(h.toString() === "1010" && h.uptime() === 0.5);
 * ```
 */
export class History {
  #ring: Uint8Array;
  #next = 0;
  #length = 0;
  #healthy = 0;

  /** An empty history of at most `size` results (default {@linkcode HISTORY_SIZE}). */
  constructor(size: number = HISTORY_SIZE) {
    this.#ring = new Uint8Array(size);
  }

  /** How many results are held. */
  get length(): number {
    return this.#length;
  }

  /** Add one result, dropping the oldest when full. */
  push(healthy: boolean): void {
    const size = this.#ring.length;
    if (this.#length === size) {
      if (this.#ring[this.#next] === 1) this.#healthy--;
    } else this.#length++;
    this.#ring[this.#next] = healthy ? 1 : 0;
    if (healthy) this.#healthy++;
    this.#next = (this.#next + 1) % size;
  }

  /** The share of healthy results, 0–1; `undefined` while empty. */
  uptime(): number | undefined {
    return this.#length === 0 ? undefined : this.#healthy / this.#length;
  }

  /** The results oldest first, `1` healthy and `0` unhealthy. */
  toString(): string {
    const size = this.#ring.length;
    const start = (this.#next - this.#length + size) % size;
    let out = "";
    for (let i = 0; i < this.#length; i++) out += this.#ring[(start + i) % size] === 1 ? "1" : "0";
    return out;
  }
}
