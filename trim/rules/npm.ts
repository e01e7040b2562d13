/**
 * Rules for npm's, pnpm's and yarn's install lines: what was added, audited, funded;
 * npm's fetches, timings and deprecation notices (known noise).
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** npm, pnpm and yarn. */
export const NPM_RULES: readonly Rule[] = [
  {
    id: "npm/added",
    marks: "chatter",
    cues: ["added "],
    pattern: "added \\d+ packages?",
    match: ["added 1287 packages, and audited 1288 packages in 32s", "added 1 package in 2s"],
    noMatch: ["added packages failed"],
  },
  {
    id: "npm/removed",
    marks: "chatter",
    cues: ["removed "],
    pattern: "removed \\d+ packages?",
    match: ["removed 3 packages in 1s"],
    noMatch: ["removed node_modules"],
  },
  {
    id: "npm/changed",
    marks: "chatter",
    cues: ["changed "],
    pattern: "changed \\d+ packages?",
    match: ["changed 12 packages in 4s"],
    noMatch: ["changed: [web1]"],
  },
  {
    id: "npm/up-to-date",
    marks: "chatter",
    cues: ["up to date"],
    pattern: "up to date",
    match: ["up to date, audited 1288 packages in 3s"],
    noMatch: ["not up to date"],
  },
  {
    id: "npm/audited",
    marks: "chatter",
    cues: ["audited "],
    pattern: "audited \\d+ packages?",
    match: ["audited 1288 packages in 3s"],
    noMatch: ["audited: failed"],
  },
  {
    id: "npm/no-vulnerabilities",
    marks: "chatter",
    cues: ["found 0 vulnerabilities"],
    pattern: "found 0 vulnerabilities",
    match: ["found 0 vulnerabilities"],
    noMatch: ["found 3 vulnerabilities (1 moderate, 2 high)"],
  },
  {
    id: "npm/funding",
    marks: "chatter",
    cues: [" looking for funding"],
    pattern: "\\d+ packages? (?:are|is) looking for funding",
    match: ["214 packages are looking for funding", "1 package is looking for funding"],
    noMatch: ["packages are looking for funding"],
  },
  {
    id: "npm/fund",
    marks: "chatter",
    cues: ["run `npm fund`"],
    pattern: "run `npm fund`",
    match: ["  run `npm fund` for details"],
    noMatch: ["npm ERR! could not run npm fund"],
  },
  {
    id: "npm/pnpm-progress",
    marks: "chatter",
    cues: ["Progress: resolved"],
    pattern: "Progress: resolved",
    match: ["Progress: resolved 812, reused 790, downloaded 22, added 812, done"],
    noMatch: ["ERR_PNPM_FETCH_404 Progress failed"],
  },
  {
    id: "npm/pnpm-packages",
    marks: "chatter",
    cues: ["Packages: +"],
    pattern: "Packages: \\+",
    match: ["Packages: +812"],
    noMatch: ["Packages: -3"],
  },
  {
    id: "npm/pnpm-lockfile",
    marks: "chatter",
    cues: ["Lockfile is up to date"],
    pattern: "Lockfile is up to date",
    match: ["Lockfile is up to date, resolution step is skipped"],
    noMatch: ["ERR_PNPM_OUTDATED_LOCKFILE Cannot install with frozen-lockfile"],
  },
  {
    id: "npm/yarn-done",
    marks: "chatter",
    cues: ["Done in "],
    pattern: "Done in \\d",
    match: ["Done in 12.34s."],
    noMatch: ["Done in time"],
  },
  {
    id: "npm/noise",
    marks: "noise",
    cues: ["npm "],
    indent: [0, 0],
    pattern: "npm (?:http fetch [A-Z]+ [23]\\d\\d |timing |(?:warn|WARN) deprecated )",
    match: [
      "npm http fetch GET 200 https://registry.npmjs.org/http-errors/-/http-errors-2.0.0.tgz 11ms (cache hit)",
      "npm http fetch GET 304 https://registry.npmjs.org/abort-controller 5ms (cache revalidated)",
      "npm timing reify:loadTrees Completed in 1203ms",
      "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.",
      "npm WARN deprecated request@2.88.2: request has been deprecated",
    ],
    noMatch: ["npm http fetch GET 404 https://registry.npmjs.org/nope 11ms", "npm ERR! code E404"],
  },
];
