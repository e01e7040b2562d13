/**
 * Probe deadlines with one timer per timeout value instead of one per probe.
 *
 * Probes with the same timeout expire in the order they started, so each timeout value keeps a
 * first-in, first-out queue and a single timer for the oldest pending deadline. A round of
 * 1,000 checks then arms one timer instead of 1,000 (each `setTimeout`/`clearTimeout` pair cost
 * about a fifth of a loopback probe's JavaScript time), and no timer is left once every probe
 * has settled.
 *
 * @module
 */

/** A registered deadline: `expired` once its callback ran, `settled` once it no longer can. */
export interface Deadline {
  /** When it expires, on the `performance.now()` clock. */
  readonly at: number;
  /** True once it expired or was settled. */
  readonly done: boolean;
}

interface _Entry extends Deadline {
  at: number;
  done: boolean;
  onExpire: () => void;
}

/**
 * Deadlines that all last `ms` milliseconds from when they are added.
 *
 * @example Expiring one deadline, settling another
 * ```ts
 * import assert from "node:assert/strict";
 * import { DeadlineQueue } from "./deadlines.ts";
 * const queue = new DeadlineQueue(20);
 * let expired = 0;
 * const a = queue.add(() => expired++);
 * const b = queue.add(() => expired++);
 * queue.settle(b); // b finished in time
 * await new Promise((r) => setTimeout(r, 60));
 * assert.ok(a.done && b.done && expired === 1 && queue.pending === 0);
 * ```
 */
export class DeadlineQueue {
  readonly #ms: number;
  #entries: _Entry[] = [];
  #head = 0;
  #pending = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #expiring = false;

  /** A queue whose deadlines are `ms` milliseconds after {@linkcode DeadlineQueue.add}. */
  constructor(ms: number) {
    this.#ms = ms;
  }

  /** How many deadlines have neither expired nor been settled. */
  get pending(): number {
    return this.#pending;
  }

  /** Register a deadline `ms` from now; `onExpire` runs then unless it is settled first. */
  add(onExpire: () => void): Deadline {
    const entry: _Entry = { at: performance.now() + this.#ms, done: false, onExpire };
    this.#entries.push(entry);
    this.#pending++;
    if (this.#timer === undefined && !this.#expiring) this.#arm();
    return entry;
  }

  /** The work finished in time: the deadline will not expire. Idempotent. */
  settle(deadline: Deadline): void {
    const entry = deadline as _Entry;
    if (entry.done) return;
    entry.done = true;
    if (--this.#pending === 0 && !this.#expiring) this.#reset();
  }

  #arm(): void {
    while (this.#head < this.#entries.length && this.#entries[this.#head].done) this.#head++;
    const next = this.#entries[this.#head];
    if (next === undefined) return this.#reset();
    this.#timer = setTimeout(this.#expire, Math.max(0, next.at - performance.now()));
  }

  #expire = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    const entries = this.#entries;
    this.#expiring = true; // callbacks may add or settle; arm once, below
    try {
      while (this.#head < entries.length) {
        const entry = entries[this.#head];
        if (!entry.done) {
          if (entry.at > now) break;
          entry.done = true;
          this.#pending--;
          entry.onExpire();
        }
        this.#head++;
      }
    } finally {
      this.#expiring = false;
    }
    if (this.#pending === 0) return this.#reset();
    if (this.#head > 1024 && this.#head * 2 > entries.length) {
      this.#entries = entries.slice(this.#head);
      this.#head = 0;
    }
    this.#arm();
  };

  #reset(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#entries = [];
    this.#head = 0;
  }
}
