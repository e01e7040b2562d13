/**
 * Known noise of Jenkins' pipeline steps (not a stage's start, which names where a failure is): never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Jenkins. */
export const JENKINS_RULES: readonly Rule[] = [
  {
    id: "jenkins/pipeline-step",
    marks: "noise",
    cues: ["[Pipeline] "],
    indent: [0, 0],
    pattern: "\\[Pipeline\\] (?!\\{ \\()",
    match: ["[Pipeline] timeout", "[Pipeline] // stage", "[Pipeline] }", "[Pipeline] error"],
    noMatch: ["[Pipeline] { (Build)"],
  },
];
