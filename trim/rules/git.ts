/**
 * Rules for git's lines: clones, fetches, checkouts, submodules.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** git. */
export const GIT_RULES: readonly Rule[] = [
  {
    id: "git/already-up-to-date",
    marks: "chatter",
    cues: ["Already up to date"],
    pattern: "Already up to date",
    match: ["Already up to date."],
    noMatch: ["Your branch is behind 'origin/main'"],
  },
  {
    id: "git/cloning",
    marks: "chatter",
    cues: ["Cloning into"],
    pattern: "Cloning into",
    match: ["Cloning into 'app'..."],
    noMatch: ["fatal: could not read from remote repository"],
  },
  {
    id: "git/remote-progress",
    marks: "chatter",
    cues: ["remote: "],
    pattern: "remote: (?:Enumerating|Counting|Compressing|Total)",
    match: ["remote: Enumerating objects: 1520, done.", "remote: Total 1520 (delta 12)"],
    noMatch: ["remote: Repository not found."],
  },
  {
    id: "git/receiving",
    marks: "chatter",
    cues: ["Receiving objects"],
    pattern: "Receiving objects",
    match: ["Receiving objects: 100% (1520/1520), 2.31 MiB | 8.12 MiB/s, done."],
    noMatch: ["error: RPC failed; curl 18 transfer closed"],
  },
  {
    id: "git/resolving-deltas",
    marks: "chatter",
    cues: ["Resolving deltas"],
    pattern: "Resolving deltas",
    match: ["Resolving deltas: 100% (812/812), done."],
    noMatch: ["fatal: index-pack failed"],
  },
  {
    id: "git/updating-files",
    marks: "chatter",
    cues: ["Updating files"],
    pattern: "Updating files",
    match: ["Updating files: 100% (420/420), done."],
    noMatch: ["error: unable to update files"],
  },
  {
    id: "git/unpacking-objects",
    marks: "chatter",
    cues: ["Unpacking objects"],
    pattern: "Unpacking objects",
    match: ["Unpacking objects: 100% (3/3), 1.02 KiB | 1.02 MiB/s, done."],
    noMatch: ["fatal: unpack-objects failed"],
  },
  {
    id: "git/head",
    marks: "chatter",
    cues: ["HEAD is now at"],
    pattern: "HEAD is now at",
    match: ["HEAD is now at 1a2b3c4 Fix the build"],
    noMatch: ["HEAD detached at 1a2b3c4"],
  },
  {
    id: "git/switched",
    marks: "chatter",
    cues: ["Switched to "],
    pattern: "Switched to (?:a new )?branch",
    match: ["Switched to a new branch 'main'", "Switched to branch 'dev'"],
    noMatch: ["Switched to tag v1"],
  },
  {
    id: "git/note-switching",
    marks: "chatter",
    cues: ["Note: switching to"],
    pattern: "Note: switching to",
    match: ["Note: switching to '1a2b3c4'."],
    noMatch: ["Note: checking out '1a2b3c4'."],
  },
  {
    id: "git/from",
    marks: "chatter",
    cues: ["From http"],
    pattern: "From https?:",
    match: ["From https://github.com/acme/app"],
    noMatch: ["From git@github.com:acme/app"],
  },
  {
    id: "git/branch",
    marks: "chatter",
    cues: ["* branch "],
    pattern: "\\* branch ",
    match: [" * branch            main       -> FETCH_HEAD"],
    noMatch: ["* main"],
  },
  {
    id: "git/new-ref",
    marks: "chatter",
    cues: ["* [new "],
    pattern: "\\* \\[new (?:branch|tag)\\]",
    match: [" * [new branch]      main       -> origin/main", " * [new tag]         v1.2.0"],
    noMatch: [" ! [rejected]        main -> main (fetch first)"],
  },
  {
    id: "git/submodule",
    marks: "chatter",
    cues: ["Submodule "],
    pattern: "Submodule ",
    match: [
      "Submodule 'vendor/lib' (https://github.com/acme/lib) registered for path 'vendor/lib'",
    ],
    noMatch: ["fatal: No url found for submodule path 'vendor/lib'"],
  },
  {
    id: "git/entering",
    marks: "chatter",
    cues: ["Entering '"],
    pattern: "Entering '",
    match: ["Entering 'vendor/lib'"],
    noMatch: ["Entering directory '/work'"],
  },
  {
    id: "git/checking-out",
    marks: "chatter",
    cues: ["Checking out files"],
    pattern: "Checking out files",
    match: ["Checking out files: 100% (420/420), done."],
    noMatch: ["error: pathspec 'x' did not match any file(s) known to git"],
  },
];
