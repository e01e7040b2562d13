/**
 * Rules for Debian's apt and dpkg lines: package lists, unpacking, setting up;
 * debconf's frontend fallbacks without a terminal (known noise).
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
  {
    id: "apt/debconf",
    marks: "noise",
    cues: ["debconf: ", "dpkg-preconfigure: "],
    indent: [0, 0],
    pattern:
      "(?:debconf: (?:unable to initialize frontend: |falling back to frontend: |delaying package configuration, since apt-utils|\\((?:TERM is not set|No usable dialog-like program|Dialog frontend |Can't locate Term\\/ReadLine\\.pm|This frontend requires a controlling tty))|dpkg-preconfigure: unable to re-open stdin)",
    match: [
      "debconf: unable to initialize frontend: Dialog",
      "debconf: (TERM is not set, so the dialog frontend is not usable.)",
      "debconf: delaying package configuration, since apt-utils is not installed",
      "dpkg-preconfigure: unable to re-open stdin: No such file or directory",
    ],
    noMatch: [
      'debconf: DbDriver "config": /var/cache/debconf/config.dat is locked by another process',
    ],
  },
];
