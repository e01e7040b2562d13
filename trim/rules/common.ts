/**
 * Rules for lines many tools print alike: downloads and fetches; the verdicts
 * ` ... ok` and ` ... skipped 'reason'` of Deno, cargo and Python's unittest (known noise).
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Downloads and fetches of any tool. */
export const COMMON_RULES: readonly Rule[] = [
  {
    id: "common/downloading",
    marks: "chatter",
    cues: ["Downloading"],
    pattern: "Downloading",
    match: ["Downloading https://repo1.maven.org/x.jar", "a1b2c3d4e5f6: Downloading  12.3MB/40MB"],
    noMatch: ["Error while Downloading x"],
  },
  {
    id: "common/downloaded",
    marks: "chatter",
    cues: ["Downloaded"],
    pattern: "Downloaded",
    match: ["Downloaded from central: https://repo.maven.apache.org/x.pom (2 kB)"],
    noMatch: ["Not Downloaded: x"],
  },
  {
    id: "common/fetching",
    marks: "chatter",
    cues: ["Fetching"],
    pattern: "Fetching",
    match: ["Fetching origin", "  Fetching rake 13.0.6"],
    noMatch: ["Error Fetching origin"],
  },
  {
    id: "common/fetched",
    marks: "chatter",
    cues: ["Fetched"],
    pattern: "Fetched",
    match: ["Fetched 8,254 kB in 2s (4,127 kB/s)"],
    noMatch: ["Not Fetched 8 kB"],
  },
  {
    id: "common/dots-ok",
    marks: "noise",
    cues: ["k", ")"],
    at: "end",
    find: [" ... ok"],
    pattern: " \\.\\.\\. ok(?: \\(\\d+(?:\\.\\d+)? ?[mµn]?s\\))?$",
    match: [
      "test parser::tests::fails_on_error ... ok",
      "error handling ... ok (3ms)",
      "test_connection_refused (tests.test_net.NetTest) ... ok",
    ],
    noMatch: ["test parser::tests::fails_on_error ... FAILED", "waiting ... ok then"],
  },
  {
    id: "common/dots-skipped",
    marks: "noise",
    cues: ["'"],
    at: "end",
    find: [" ... skipped '"],
    pattern: " \\.\\.\\. skipped '.*'$",
    match: ["test_timeout (tests.TestNet) ... skipped 'needs network'"],
    noMatch: ["test_timeout (tests.TestNet) ... ERROR 'x'"],
  },
];
