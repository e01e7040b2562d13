/**
 * Rules for Travis CI's lines: its cache steps (casher).
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Travis CI. */
export const TRAVIS_RULES: readonly Rule[] = [
  {
    id: "travis/cache-setup",
    marks: "cache-step",
    cues: [" build cache"],
    pattern: "(?:store|setting up) build cache$",
    match: ["store build cache", "setting up build cache"],
    noMatch: ["failed to store build cache"],
  },
  {
    id: "travis/cache-download-attempt",
    marks: "cache-step",
    cues: ["attempting to download cache archive"],
    pattern: "attempting to download cache archive$",
    match: ["attempting to download cache archive"],
    noMatch: ["attempting to download cache archive failed"],
  },
  {
    id: "travis/cache-found",
    marks: "cache-step",
    cues: ["found cache", "could not download cache"],
    pattern: "(?:found|could not download) cache$",
    match: ["found cache", "could not download cache"],
    noMatch: ["found cache but it is corrupt"],
  },
  {
    id: "travis/cache-archive",
    marks: "cache-step",
    cues: ["/cache-"],
    pattern: "(?:fetching|uploading) \\S+\\/cache-\\S*\\.tgz$",
    match: ["fetching master/cache-linux-trusty-1a2b--python-3.6.tgz"],
    noMatch: ["fetching master/cache.tgz"],
  },
  {
    id: "travis/uploading-archive",
    marks: "cache-step",
    cues: ["uploading archive"],
    pattern: "uploading archive$",
    match: ["uploading archive"],
    noMatch: ["uploading archive failed"],
  },
  {
    id: "travis/cache-adding",
    marks: "cache-step",
    cues: [" to cache"],
    pattern: "adding \\S+ to cache$",
    match: ["adding /home/travis/.m2 to cache"],
    noMatch: ["adding /home/travis/.m2 to cache failed"],
  },
  {
    id: "travis/cache-uploaded",
    marks: "cache-step",
    cues: ["cache uploaded"],
    pattern: "cache uploaded$",
    match: ["cache uploaded"],
    noMatch: ["cache uploaded partially"],
  },
  {
    id: "travis/cache-unchanged",
    marks: "cache-step",
    cues: ["nothing changed"],
    pattern: "nothing changed(?:, not updating cache)?$",
    match: ["nothing changed", "nothing changed, not updating cache"],
    noMatch: ["nothing changed, but x"],
  },
  {
    id: "travis/cache-changed",
    marks: "cache-step",
    cues: ["change"],
    pattern: "changes? detected(?:, packing new archive$| \\(content changed, )",
    match: [
      "changes detected, packing new archive",
      "change detected (content changed, file is created)",
    ],
    noMatch: ["changes detected"],
  },
];
