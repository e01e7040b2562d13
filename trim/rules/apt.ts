/**
 * Rules for Debian's apt and dpkg lines: package lists, unpacking, setting up.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** apt-get and dpkg. */
export const APT_RULES: readonly Rule[] = [
  {
    id: "apt/unpacking",
    marks: "chatter",
    cues: ["Unpacking"],
    pattern: "Unpacking",
    match: ["Unpacking curl (7.88.1-10+deb12u5) ..."],
    noMatch: ["dpkg: error processing archive x (--unpack):"],
  },
  {
    id: "apt/preparing",
    marks: "chatter",
    cues: ["Preparing to unpack"],
    pattern: "Preparing to unpack",
    match: ["Preparing to unpack .../curl_7.88.1-10+deb12u5_amd64.deb ..."],
    noMatch: ["Error preparing to unpack x"],
  },
  {
    id: "apt/selecting",
    marks: "chatter",
    cues: ["Selecting previously unselected"],
    pattern: "Selecting previously unselected",
    match: ["Selecting previously unselected package curl."],
    noMatch: ["Selecting package curl failed"],
  },
  {
    id: "apt/setting-up",
    marks: "chatter",
    cues: ["Setting up"],
    pattern: "Setting up",
    match: ["Setting up curl (7.88.1-10+deb12u5) ..."],
    noMatch: ["Errors were encountered while Setting up curl"],
  },
  {
    id: "apt/processing-triggers",
    marks: "chatter",
    cues: ["Processing triggers"],
    pattern: "Processing triggers",
    match: ["Processing triggers for libc-bin (2.36-9+deb12u4) ..."],
    noMatch: ["Error Processing triggers for libc-bin"],
  },
  {
    id: "apt/get",
    marks: "chatter",
    cues: ["Get:"],
    pattern: "Get:\\d",
    match: ["Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]"],
    noMatch: ["Get: nothing"],
  },
  {
    id: "apt/hit",
    marks: "chatter",
    cues: ["Hit:"],
    pattern: "Hit:\\d",
    match: ["Hit:2 http://deb.debian.org/debian bookworm-updates InRelease"],
    noMatch: ["Hit: none"],
  },
  {
    id: "apt/ign",
    marks: "chatter",
    cues: ["Ign:"],
    pattern: "Ign:\\d",
    match: ["Ign:3 http://archive.example.org stable InRelease"],
    noMatch: ["Err:3 http://archive.example.org stable InRelease"],
  },
  {
    id: "apt/reading",
    marks: "chatter",
    cues: ["Reading "],
    pattern: "Reading (?:package lists|state information)",
    match: ["Reading package lists... Done", "Reading state information... Done"],
    noMatch: ["Reading config file failed"],
  },
  {
    id: "apt/dependency-tree",
    marks: "chatter",
    cues: ["Building dependency tree"],
    pattern: "Building dependency tree",
    match: ["Building dependency tree... Done"],
    noMatch: ["E: Unable to correct problems, you have held broken packages."],
  },
];
