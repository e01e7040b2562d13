/**
 * The porthealth version, reported in `/health`, `/metrics` and `--version`.
 *
 * @module
 */

/**
 * The version of porthealth: the one version of the project (common/version.ts,
 * kept equal to deno.json's `version` by a test).
 *
 * @example Reading the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { VERSION } from "./version.ts";
 * assert.ok(/^\d+\.\d+\.\d+/.test(VERSION));
 * ```
 */
export { VERSION } from "../common/version.ts";
