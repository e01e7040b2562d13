/**
 * The body of a located error: an error that ends in `:` at a source location
 * (`src/X.hs:38:10: error:`) announces an indented message (GHC's `Locations
 * searched:` list, an expected/actual type pair). The message is shown whole without
 * using up the error's after-window, and the lines before it (a parallel build's
 * progress) are waited through.
 *
 * @module
 */

import { firstVisible } from "./sections.ts";
import { startsWithLocation } from "./final_window.ts";

/** Lines a located error ending in `:` waits for its indented message. */
export const BODY_WAIT = 4;
/** Indented lines of that message shown at most without using up the after-window. */
export const BODY_LINES = 24;

const _COLON = 58;

/**
 * Tracks the located error last kept and its message.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LocatedBody } from "./located_body.ts";
 * const body = new LocatedBody();
 * body.kept("src/X.hs:38:10: error:");
 * assert.ok(body.take("[2 of 9] Compiling Y", 0)); // waited through
 * assert.ok(body.take("    Not in scope: foo", 4)); // the message
 * assert.ok(!body.take("next", 0)); // its end: the after-window counts again
 * ```
 */
export class LocatedBody {
  /** Lines still waited through for the message. */
  #wait = 0;
  /** Lines of the message still shown free. */
  #left = 0;

  /** A hard line was kept: a located error ending in `:` starts a wait. */
  kept(line: string): void {
    if ((this.#wait > 0 || this.#left > 0) && firstVisible(line) > 0) {
      // A line of the located error's indented message (`Failed to load …`).
      if (this.#wait > 0) this.#left = BODY_LINES;
      this.#wait = 0;
    } else {
      this.#wait = line.charCodeAt(line.length - 1) === _COLON && startsWithLocation(line)
        ? BODY_WAIT
        : 0;
      this.#left = 0;
    }
  }

  /**
   * A context line after the error (first visible character at `indent`): whether it
   * is shown without using up the after-window.
   */
  take(line: string, indent: number): boolean {
    const indented = indent > 0 && indent < line.length;
    if (this.#wait > 0) {
      if (!indented) {
        this.#wait--;
        return true;
      }
      this.#wait = 0;
      this.#left = BODY_LINES;
    }
    if (this.#left > 0) {
      if (indented) {
        this.#left--;
        return true;
      }
      this.#left = 0;
    }
    return false;
  }

  /** The next CI step started: no message follows. */
  reset(): void {
    this.#wait = 0;
    this.#left = 0;
  }
}
