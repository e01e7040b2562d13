/**
 * The one version of the project, trimlog and porthealth (kept equal to deno.json's `version` by a test).
 *
 * @module
 */

/**
 * The version of trimlog and porthealth.
 *
 * @example Checking the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { VERSION } from "./version.ts";
 * const [major, minor, patch] = VERSION.split(".").map(Number);
 * assert.ok([major, minor, patch].every(Number.isInteger));
 * ```
 */
export const VERSION = "0.1.0";
