/**
 * Rules for GitLab's runner lines: its cache steps.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** GitLab CI's runner. */
export const GITLAB_RULES: readonly Rule[] = [
  {
    id: "gitlab/cache-check",
    marks: "cache-step",
    cues: ["Checking cache for", "Creating cache"],
    pattern: "(?:Checking cache for|Creating cache) \\S+\\.\\.\\.$",
    match: ["Checking cache for default-1...", "Creating cache default-1..."],
    noMatch: ["Checking cache for default-1... failed"],
  },
  {
    id: "gitlab/cache-created",
    marks: "cache-step",
    cues: ["Created cache"],
    pattern: "Created cache$",
    match: ["Created cache"],
    noMatch: ["Created cache archive failed"],
  },
  {
    id: "gitlab/cache-restoring",
    marks: "cache-step",
    cues: ["Restoring cache"],
    pattern: "Restoring cache$",
    match: ["Restoring cache"],
    noMatch: ["Restoring cache failed"],
  },
  {
    id: "gitlab/cache-saving",
    marks: "cache-step",
    cues: ["Saving cache for "],
    pattern: "Saving cache for (?:successful|failed) job$",
    match: ["Saving cache for successful job", "Saving cache for failed job"],
    noMatch: ["Saving cache for job"],
  },
  {
    id: "gitlab/cache-extracted",
    marks: "cache-step",
    cues: ["Successfully extracted cache"],
    pattern: "Successfully extracted cache$",
    match: ["Successfully extracted cache"],
    noMatch: ["Successfully extracted cache, 2 files skipped"],
  },
  {
    id: "gitlab/cache-transfer",
    marks: "cache-step",
    cues: ["cache.zip"],
    pattern: "(?:Downloading|Uploading) cache\\.zip (?:from|to) https?:\\/\\/",
    match: ["Downloading cache.zip from https://storage.googleapis.com/runners-cache/x"],
    noMatch: ["Uploading artifacts.zip to https://gitlab.com/x"],
  },
  {
    id: "gitlab/cache-extract-failed",
    marks: "cache-step",
    cues: ["WARNING: Failed to extract cache"],
    pattern: "WARNING: Failed to extract cache$",
    match: ["WARNING: Failed to extract cache"],
    noMatch: ["ERROR: Failed to extract cache"],
  },
  {
    id: "gitlab/cache-no-url",
    marks: "cache-step",
    cues: ["No URL provided, cache will not be "],
    pattern: "No URL provided, cache will not be ",
    match: ["No URL provided, cache will not be downloaded from shared cache server."],
    noMatch: ["No URL provided"],
  },
  {
    id: "gitlab/cache-policy",
    marks: "cache-step",
    cues: ["Not uploading cache "],
    pattern: "Not uploading cache \\S+ due to policy$",
    match: ["Not uploading cache default-1 due to policy"],
    noMatch: ["Not uploading cache default-1 due to an error"],
  },
];
