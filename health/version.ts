/**
 * The porthealth version, reported in `/health`, `/metrics` and `--version`.
 *
 * @module
 */

/**
 * The version of porthealth. Kept in step with `version` in deno.json.
 *
 * @example Reading the version
 * ```ts
 * import { VERSION } from "./version.ts";
 * console.assert(/^\d+\.\d+\.\d+/.test(VERSION));
 * ```
 */
export const VERSION = "0.1.0";
