/**
 * The built-in log-source catalog: every category with its sources and their
 * marker strings, plus alias names for a few sources.
 *
 * The data lives in three files by category group (`source_catalog_dev.ts`,
 * `source_catalog_ops.ts`, `source_catalog_data.ts`); this module joins them.
 *
 * @module
 */

import { CATALOG_DEV, type SourceEntry } from "./catalog_dev.ts";
import { CATALOG_OPS } from "./catalog_ops.ts";
import { CATALOG_DATA } from "./catalog_data.ts";

export type { SourceEntry };

/**
 * The whole catalog: category name to its `[source, markers]` entries. Each source
 * appears in exactly one category.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SOURCE_CATALOG } from "./catalog.ts";
 * const categories = Object.keys(SOURCE_CATALOG);
 * assert.ok(categories.includes("databases"));
 * ```
 */
export const SOURCE_CATALOG: Readonly<Record<string, readonly SourceEntry[]>> = {
  ...CATALOG_DEV,
  ...CATALOG_OPS,
  ...CATALOG_DATA,
};

/**
 * Alternative names users may look for, mapped to the catalog name reported by
 * detection. Supercomputer logs of the Loghub corpus are named after the machine:
 * `bgl` is IBM Blue Gene/L (alias `blue-gene`), `hpc` is the Los Alamos HPC cluster
 * (alias `lanl-hpc`), `thunderbird` is the Sandia Thunderbird supercomputer (the
 * Mozilla mail client is `mozilla-thunderbird`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOG_SOURCE_ALIASES } from "./catalog.ts";
 * assert.ok(LOG_SOURCE_ALIASES["blue-gene"] === "bgl");
 * ```
 */
export const LOG_SOURCE_ALIASES: Readonly<Record<string, string>> = {
  "blue-gene": "bgl",
  "bluegene-l": "bgl",
  "lanl-hpc": "hpc",
  "sandia-thunderbird": "thunderbird",
  "apache": "apache-httpd",
  "httpd": "apache-httpd",
  "ssh": "openssh",
  "sshd": "openssh",
  "mac": "macos",
  "osx": "macos",
  "nodejs": "node",
  "golang": "go",
  "postgres": "postgresql",
  "k8s": "kubernetes",
  "yarn-hadoop": "hadoop",
  "mapreduce": "hadoop",
  "gh-actions": "github-actions",
  "windows-cbs": "windows",
};
