/**
 * Root cause (`rootCause` option): once a genuine error was shown, downstream
 * restatements of it ("aborting due to previous errors", "could not compile",
 * `make: *** [...] Error 2`) are dropped. A restatement that names what failed
 * (a make target, a crate, a recipe) is shown once per distinct text.
 *
 * @module
 */

import { isCascadeRestatement } from "../classify/cascade.ts";
import { LineCategory } from "../classify/score.ts";

const _ERROR_SIG = LineCategory.ERROR << 7;
const _DIAG_SIG = LineCategory.DIAGNOSTIC << 7;

/** Restatements that name what failed (a make target, a crate, a recipe): shown once. */
const _NAMES_TARGET = /\*\*\* \[|could not compile `|Recipe `/;

/** Most distinct target-naming restatements remembered (then the set starts afresh). */
const _RESTATED_LIMIT = 1024;

/**
 * The root-cause state of a stream.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RootCause } from "./root_cause.ts";
 * import { lineSignal } from "../classify/score.ts";
 * const rc = new RootCause();
 * const error = "src/a.rs:3:5: error[E0425]: cannot find value `x` in this scope";
 * const cascade = "error: aborting due to 1 previous error";
 * assert.ok(!rc.redundant(error, lineSignal(error)));
 * assert.ok(rc.redundant(cascade, lineSignal(cascade)));
 * ```
 */
export class RootCause {
  #seen = false;
  #restated = new Set<string>();

  /** Distinct target-naming restatements remembered (bounded). */
  get size(): number {
    return this.#restated.size;
  }

  /** Notes that a genuine error (a record's best signal `sig`) was shown. */
  note(sig: number): void {
    if (!this.#seen && (sig >= _ERROR_SIG || (sig >= _DIAG_SIG && (sig & 127) >= 60))) {
      this.#seen = true;
    }
  }

  /** Whether `line` (signal `sig`) restates an error already shown; notes genuine errors. */
  redundant(line: string, sig: number): boolean {
    if (sig < _DIAG_SIG) return false;
    if (!isCascadeRestatement(line)) {
      if (!this.#seen && (sig >= _ERROR_SIG || (sig & 127) >= 60)) this.#seen = true;
      return false;
    }
    if (!this.#seen) return false;
    if (_NAMES_TARGET.test(line)) {
      if (this.#restated.has(line)) return true;
      if (this.#restated.size >= _RESTATED_LIMIT) this.#restated.clear();
      this.#restated.add(line);
      return false;
    }
    return true;
  }
}
