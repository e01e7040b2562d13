/**
 * Rules for Python's packaging lines (pip): collecting, installing, built wheels.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** pip. */
export const PYTHON_RULES: readonly Rule[] = [
  {
    id: "python/collecting",
    marks: "chatter",
    cues: ["Collecting"],
    pattern: "Collecting",
    match: ["Collecting requests==2.31.0", "  Collecting idna<4,>=2.5"],
    noMatch: ["ERROR: Could not find a version that satisfies the requirement x"],
  },
  {
    id: "python/using-cached",
    marks: "chatter",
    cues: ["Using cached"],
    pattern: "Using cached",
    match: ["  Using cached requests-2.31.0-py3-none-any.whl (62 kB)"],
    noMatch: ["Not using cached wheel"],
  },
  {
    id: "python/requirement-satisfied",
    marks: "chatter",
    cues: ["Requirement already satisfied"],
    pattern: "Requirement already satisfied",
    match: ["Requirement already satisfied: pip in /usr/lib/python3/dist-packages (23.0)"],
    noMatch: ["ERROR: Requirement not satisfied: x"],
  },
  {
    id: "python/installing",
    marks: "chatter",
    cues: ["Installing"],
    pattern: "Installing",
    match: ["Installing collected packages: urllib3, idna, requests"],
    noMatch: ["Error Installing collected packages"],
  },
  {
    id: "python/successfully",
    marks: "chatter",
    cues: ["Successfully "],
    pattern: "Successfully (?:installed|built|tagged)",
    match: [
      "Successfully installed idna-3.6 requests-2.31.0",
      "Successfully built 5e6f7a8b9c0d",
      "Successfully tagged app:latest",
    ],
    noMatch: ["Successfully failed", "Not Successfully installed"],
  },
];
