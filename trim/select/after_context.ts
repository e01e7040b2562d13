/**
 * The context after an error: how many lines after it are still shown (adaptive by
 * error density, or `contextAfter`), a located error's message
 * ({@linkcode LocatedBody}), a unified-diff hunk that follows a test failure, and the
 * next CI step's title, which ends the window.
 *
 * @module
 */

import { diffLine } from "../classify/diff.ts";
import { AdaptiveAfter } from "./context.ts";
import { isStepStart } from "./final_window.ts";
import { LocatedBody } from "./located_body.ts";

/** Lines after an error within which a unified-diff hunk is looked for. */
export const DIFF_AFTER_ERROR = 20;
/** Changed lines of one hunk shown at most. */
export const HUNK_LINES = 200;

const _HUNK_HEADER = 2;
const _HUNK_END = 0;
const _CHANGED = 1;

/**
 * The after-window of the last error shown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AfterContext } from "./after_context.ts";
 * const after = new AfterContext(2, false);
 * after.left = after.open(10);
 * after.take("next", 0);
 * assert.ok(after.left === 1);
 * assert.ok(after.diff("@@ -1,2 +1,2 @@", 11) === false && after.diff("- old", 12));
 * ```
 */
export class AfterContext {
  /** Lines after the error still shown as its context. */
  left = 0;
  /** The located error's message. */
  readonly body: LocatedBody = new LocatedBody();
  #adaptive: AdaptiveAfter | undefined;
  #contextAfter: number;
  /** Input position of the last error (for diff hunks after a test failure). */
  #lastTrigger = -1e9;
  /** Changed lines left in a unified-diff hunk that follows an error. */
  #hunkLeft = 0;

  /**
   * @param contextAfter the after-window of an ordinary error.
   * @param adaptive size it by error density ({@linkcode AdaptiveAfter}).
   */
  constructor(contextAfter: number, adaptive: boolean) {
    this.#contextAfter = contextAfter;
    if (adaptive) this.#adaptive = new AdaptiveAfter(contextAfter);
  }

  /** An error shown at input position `pos`: the length of its after-window. */
  open(pos: number): number {
    this.#lastTrigger = pos;
    return this.#adaptive ? this.#adaptive.next(pos) : this.#contextAfter;
  }

  /** Whether `line`, at `pos`, is a changed line of a diff hunk after an error. */
  diff(line: string, pos: number): boolean {
    if (this.#hunkLeft > 0 || pos - this.#lastTrigger <= DIFF_AFTER_ERROR) {
      const d = diffLine(line);
      if (d === _HUNK_HEADER) this.#hunkLeft = HUNK_LINES;
      else if (d === _HUNK_END) this.#hunkLeft = 0;
      if (d === _CHANGED && this.#hunkLeft > 0) {
        this.#hunkLeft--;
        return true;
      }
    }
    return false;
  }

  /**
   * The next CI step (`##[group]Run …`, `Post job cleanup.`): its title is the last
   * line of an error's context, its work is not.
   */
  step(line: string): void {
    if (this.left > 0 && isStepStart(line)) {
      this.left = 1;
      this.body.reset();
    }
  }

  /** A context line shown after the error: it uses up the window unless it is the body. */
  take(line: string, indent: number): void {
    if (!this.body.take(line, indent)) this.left--;
  }
}
