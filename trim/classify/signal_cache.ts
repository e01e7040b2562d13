/**
 * {@linkcode lineSignal} once per distinct line seen lately: a log that repeats its lines
 * (a retry loop, a test suite run per matrix entry, a CI job's log printed again) is
 * classified once per line, not once per occurrence.
 *
 * Keyed by the line itself, not by a template. A template key (digit runs generalised)
 * was measured and set aside: on the first 20 MB of the Loghub logs ×23, the key that
 * provably keeps what the rules read of a number (its first digit, its length, its
 * zeros) is shared by 42 % of the lines only, and computing it in JavaScript (one pass
 * over the line to hash it, one to confirm a hit) costs about as much as the rules
 * themselves (≈ 1 µs a line; the rules are mostly native scans behind cheap
 * pre-checks). A looser key (every digit alike, 82 % shared) is wrong on lines the
 * rules read by value: `exit code 0` / `exit code 1`, pino's `"level":30` /
 * `"level":50`, npm's `GET 200` / `GET 404`.
 *
 * A cache that does not hit costs more than it saves (a lookup, a copy of the line, an
 * entry: ≈ 0.4 µs a line, measured on the same Loghub lines), so this one is adaptive
 * ({@linkcode LineMemo}): it stands aside while fewer than 1 in 8 lookups hit.
 *
 * Bounded: two generations of {@linkcode SIGNAL_CACHE_LINES} lines of at most
 * {@linkcode SIGNAL_CACHE_MAX_LENGTH} characters, held as strings of their own (not
 * slices of a decoded chunk).
 *
 * @module
 */

import { LineMemo } from "../bounded_cache.ts";
import type { LineSignal } from "./category.ts";
import { lineSignal } from "./score.ts";

/** Lines of one generation of the cache (two generations are held). */
export const SIGNAL_CACHE_LINES = 2048;
/** Longer lines are classified each time (the cache's memory stays small). */
export const SIGNAL_CACHE_MAX_LENGTH = 512;
/**
 * {@linkcode lineSignal} through a bounded cache of the lines seen lately.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SignalCache } from "./signal_cache.ts";
 * import { lineSignal } from "./score.ts";
 * const c = new SignalCache(true);
 * for (const line of ["exit code 0", "exit code 1", "[INFO] took 35 ms"]) {
 *   assert.ok(c.signal(line) === lineSignal(line));
 *   assert.ok(c.signal(line) === lineSignal(line)); // a hit
 * }
 * ```
 */
export class SignalCache {
  #memo: LineMemo<LineSignal>;
  #multilingual: boolean;

  /** @param multilingual as {@linkcode lineSignal}'s. */
  constructor(multilingual: boolean) {
    this.#multilingual = multilingual;
    this.#memo = new LineMemo(
      (line) => lineSignal(line, multilingual),
      SIGNAL_CACHE_LINES,
      SIGNAL_CACHE_MAX_LENGTH,
      true,
    );
  }

  /** The signal of `line`: {@linkcode lineSignal}`(line, multilingual)`. */
  signal(line: string): LineSignal {
    // Standing aside, the rules run from here (a call the compiler can inline).
    return this.#memo.skip() ? lineSignal(line, this.#multilingual) : this.#memo.get(line);
  }
}
