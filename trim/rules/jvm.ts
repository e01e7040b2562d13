/**
 * Known noise of Maven, Surefire and Gradle: a test class that passed, task progress, downloads from
 * a repository, the wrapper's download progress: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Maven, Surefire, Gradle. */
export const JVM_RULES: readonly Rule[] = [
  {
    id: "surefire/class-ok",
    marks: "noise",
    cues: ["Tests run: ", "[INFO] Tests run: "],
    indent: [0, 0],
    whole: true,
    pattern:
      "^(?:\\[INFO\\] )?Tests run: \\d+, Failures: 0, Errors: 0, Skipped: \\d+, Time elapsed: [\\d.,]+ s(?:ec)? --? in \\S+$",
    match: [
      "[INFO] Tests run: 25, Failures: 0, Errors: 0, Skipped: 1, Time elapsed: 0.801 s -- in com.acme.ErrorCodeTest",
      "Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.05 sec - in com.acme.FailoverTest",
    ],
    noMatch: [
      "[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.05 s <<< FAILURE! -- in com.acme.FailoverTest",
      "Tests run: 3, Failures: 1, Errors: 0, Skipped: 0",
    ],
  },
  {
    id: "gradle/task",
    marks: "noise",
    cues: ["> Task :"],
    indent: [0, 0],
    notEnds: " FAILED",
    pattern: "> Task :",
    match: ["> Task :search:compileKotlin FROM-CACHE", "> Task :search:processResources"],
    noMatch: ["> Task :app:test FAILED"],
  },
  {
    id: "maven/download",
    marks: "noise",
    cues: ["Download", "[INFO] Download"],
    indent: [0, 0],
    whole: true,
    pattern: "^(?:\\[INFO\\] )?Download(?:(?:ing|ed)(?: from [\\w.-]+)?:?)? https?:\\/\\/",
    match: [
      "[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/x/error-api/1.0/error-api-1.0.pom",
      "Downloaded: https://repo.maven.apache.org/maven2/org/x/y/1.0/y-1.0.pom (3 KB at 10.2 KB/sec)",
      "Download https://repo.maven.apache.org/maven2/com/x/timeout-util/1.2/timeout-util-1.2.jar",
      "Downloading https://services.gradle.org/distributions/gradle-8.5-bin.zip",
    ],
    noMatch: [
      "[ERROR] Failed to download https://repo.maven.apache.org/x.jar",
      "Download failed: https://x",
    ],
  },
  {
    id: "gradle/wrapper-progress",
    marks: "noise",
    cues: ["..."],
    indent: [0, 0],
    whole: true,
    pattern: "^\\.{3,}\\d{1,3}%",
    match: ["...........10%............20%...........30%............40%...........50%"],
    noMatch: ["... 10 errors", "..10%"],
  },
];
