/**
 * Rules for cargo's and rustc's lines: the build's progress.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** cargo and rustc. */
export const CARGO_RULES: readonly Rule[] = [
  {
    id: "cargo/compiling",
    marks: "chatter",
    cues: ["Compiling"],
    pattern: "Compiling",
    match: ["   Compiling serde v1.0.195", "Compiling src/main.c"],
    noMatch: ["error: could not compile `app`"],
  },
  {
    id: "cargo/checking",
    marks: "chatter",
    cues: ["Checking"],
    pattern: "Checking",
    match: ["    Checking app v0.1.0 (/work/app)"],
    noMatch: ["Error Checking app"],
  },
  {
    id: "cargo/finished",
    marks: "chatter",
    cues: ["Finished"],
    pattern: "Finished",
    match: ["    Finished dev [unoptimized + debuginfo] target(s) in 4.2s"],
    noMatch: ["Build Finished with errors"],
  },
  {
    id: "cargo/fresh",
    marks: "chatter",
    cues: ["Fresh"],
    pattern: "Fresh",
    match: ["       Fresh libc v0.2.152"],
    noMatch: ["Not Fresh libc"],
  },
  {
    id: "cargo/building",
    marks: "chatter",
    cues: ["Building"],
    pattern: "Building",
    match: ["    Building [=====>    ] 12/40: serde", "Building wheels for collected packages"],
    noMatch: ["Error Building x"],
  },
];
