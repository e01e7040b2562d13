/**
 * Known noise of TeamCity's service messages that report progress (not `testFailed`, `buildProblem`,
 * `buildStatus`, `message`, `testStdOut`, `testStdErr`): never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** TeamCity. */
export const TEAMCITY_RULES: readonly Rule[] = [
  {
    id: "teamcity/progress",
    marks: "noise",
    cues: ["##teamcity["],
    decides: true,
    pattern:
      "##teamcity\\[(?:test(?:Suite)?(?:Started|Finished) |testIgnored |block(?:Opened|Closed) |progress(?:Message|Start|Finish) |flow(?:Started|Finished)|compilation(?:Started|Finished) |buildStatisticValue |publishArtifacts |importData |setParameter |testMetadata |buildNumber |enteredTheMatrix|testRetrySupport )",
    match: [
      "##teamcity[testStarted name='ErrorTests.rejects_invalid' captureStandardOutput='true']",
      "##teamcity[testFinished name='ErrorTests.rejects_invalid' duration='12']",
      "##teamcity[blockOpened name='Error handling' description='errors']",
      "  ##teamcity[progressMessage 'Running error checks']",
      "##teamcity[testSuiteStarted name='ErrorTests']",
    ],
    noMatch: [
      "##teamcity[testFailed name='ErrorTests.rejects_invalid' message='boom']",
      "##teamcity[buildProblem description='x'] ... ok",
    ],
  },
];
