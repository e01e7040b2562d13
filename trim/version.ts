/**
 * The version of trimlog (kept equal to deno.json's `version` by a test).
 *
 * @module
 */

/** The version of trimlog and porthealth. */
export const VERSION = "0.1.0";
