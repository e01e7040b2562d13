/**
 * Known noise of Pester (PowerShell): block headers and passing tests: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Pester. */
export const PESTER_RULES: readonly Rule[] = [
  {
    id: "pester/passed",
    marks: "noise",
    cues: ["[+] "],
    indent: [0, 16],
    pattern: "\\[\\+\\] ",
    tail: " \\d+(?:\\.\\d+)?m?s$",
    match: [
      "    [+] throws an error when the path is missing 35ms",
      "      [+] returns the parse error 1.2s",
    ],
    noMatch: ["    [-] throws an error when the path is missing 35ms", "[+] added a file"],
  },
  {
    id: "pester/describing",
    marks: "noise",
    cues: ["Describing "],
    indent: [0, 8],
    pattern: "Describing [^\\x00-\\x20]",
    match: ["  Describing Negative Parsing Tests", "Describing Get-Planet"],
    noMatch: ["Describing  two spaces", "          Describing deep"],
  },
  {
    id: "pester/context",
    marks: "noise",
    cues: ["Context "],
    indent: [0, 8],
    pattern: "Context [^\\x00-\\x20:]",
    match: ["    Context Parse error expected: <<class foo {>>"],
    noMatch: ["Context : a key", "Context: the key"],
  },
];
