/**
 * The blocks of a log the selector tracks across lines (`sections.ts`): pytest's
 * warnings summary and jest's console entries (noise), tools' and runners' banners,
 * and test-runner failure sections (shown whole). One instance per run; the line rules
 * and the record path both feed them.
 *
 * @module
 */

import { Banners, FailureSections, JestConsole, PytestWarnings } from "./sections.ts";

/**
 * The block trackers of one run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NoiseBlocks } from "./noise_blocks.ts";
 * const b = new NoiseBlocks();
 * assert.ok(b.warnings.next("=============== warnings summary ==============="));
 * assert.ok(!b.banners.inside);
 * ```
 */
export class NoiseBlocks {
  /** pytest's warnings summary (`=== warnings summary ===` to `-- Docs:`): noise. */
  readonly warnings: PytestWarnings = new PytestWarnings();
  /** Jest's console entries (`console.log` … under `● Console`): noise. */
  readonly console: JestConsole = new JestConsole();
  /** Banners of tools and CI runners, jest's passing suites: noise. */
  readonly banners: Banners = new Banners();
  /** Test-runner failure sections (pytest, jest, go test), shown whole. */
  readonly sections: FailureSections = new FailureSections();
}
