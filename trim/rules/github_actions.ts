/**
 * Rules for GitHub Actions' lines: the runner's groups and job steps, the cache
 * actions' reports.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** GitHub Actions. */
export const GITHUB_ACTIONS_RULES: readonly Rule[] = [
  {
    id: "github-actions/group",
    marks: "chatter",
    cues: ["##[group]", "##[endgroup]"],
    pattern: "##\\[(?:group|endgroup)\\]",
    match: ["##[group]Run npm ci", "##[endgroup]"],
    noMatch: ["##[error]Process completed with exit code 1."],
  },
  {
    id: "github-actions/group-command",
    marks: "chatter",
    cues: ["::group::", "::endgroup::"],
    pattern: "::(?:group|endgroup)::",
    match: ["::group::Install dependencies", "::endgroup::"],
    noMatch: ["::error file=app.js,line=1::Missing semicolon"],
  },
  {
    id: "github-actions/post-job-cleanup",
    marks: "chatter",
    cues: ["Post job cleanup"],
    pattern: "Post job cleanup",
    match: ["Post job cleanup."],
    noMatch: ["Cleanup failed"],
  },
  {
    id: "github-actions/orphan-processes",
    marks: "chatter",
    cues: ["Cleaning up orphan processes"],
    pattern: "Cleaning up orphan processes",
    match: ["Cleaning up orphan processes"],
    noMatch: ["Terminate orphan process: pid (1234) (node)"],
  },
  {
    id: "github-actions/syncing",
    marks: "chatter",
    cues: ["Syncing repository"],
    pattern: "Syncing repository",
    match: ["Syncing repository: acme/app"],
    noMatch: ["Error: repository not found"],
  },
  {
    id: "github-actions/download-info",
    marks: "chatter",
    cues: ["Getting action download info"],
    pattern: "Getting action download info",
    match: ["Getting action download info"],
    noMatch: ["Error: Unable to resolve action `actions/checkout@v9`"],
  },
  {
    id: "github-actions/download-action",
    marks: "chatter",
    cues: ["Download action repository"],
    pattern: "Download action repository",
    match: [
      "Download action repository 'actions/checkout@v4' (SHA:b4ffde65f46336ab88eb53be808477a3936bae11)",
    ],
    noMatch: ["Failed to download action 'actions/checkout@v4'"],
  },
  {
    id: "github-actions/cache-key",
    marks: "cache-step",
    cues: ["Cache "],
    pattern: "Cache (?:restored from key|saved with key|not found for input keys|Size): ",
    match: [
      "Cache restored from key: node-cache-Linux-x64-npm-1a2b",
      "Cache not found for input keys: node-cache-Linux",
      "Cache Size: ~42 MB (44040192 B)",
    ],
    noMatch: ["Failed to save: Cache service responded with 503"],
  },
  {
    id: "github-actions/cache-done",
    marks: "cache-step",
    cues: ["Cache restored", "Cache saved"],
    pattern: "Cache (?:restored|saved) successfully$",
    match: ["Cache restored successfully", "Cache saved successfully"],
    noMatch: ["Cache restored successfully, but x"],
  },
  {
    id: "github-actions/cache-received",
    marks: "cache-step",
    cues: ["Received "],
    pattern: "Received \\d+ of \\d+ \\([\\d.]+%\\), [\\d.]+ MBs\\/sec$",
    match: ["Received 1048576 of 5242880 (20.0%), 1.0 MBs/sec"],
    noMatch: ["Received 0 of 5242880 (0.0%), 0.0 MBs/sec, then the download failed"],
  },
];
