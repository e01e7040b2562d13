/**
 * Known noise of .NET's test verdicts (vstest): `Passed`, `Skipped`: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** .NET. */
export const DOTNET_RULES: readonly Rule[] = [
  {
    id: "dotnet/verdict",
    marks: "noise",
    cues: ["Passed ", "Skipped "],
    whole: true,
    pattern: "^\\s*(?:Passed|Skipped) \\S.* \\[(?:< )?\\d+(?:\\.\\d+)? m?s\\]$",
    match: [
      "  Passed Acme.Tests.OrderTests.Rejects_invalid_payload [12 ms]",
      '  Passed Acme.Tests.Parser.Fails_on(input: "a b") [< 1 ms]',
      "  Skipped Acme.Tests.OrderTests.Slow_timeout [1 s]",
    ],
    noMatch: ["  Failed Acme.Tests.OrderTests.Rejects_invalid_payload [12 ms]", "  Passed 3 of 4"],
  },
];
