import { test } from "node:test";
import assert from "node:assert/strict";
import {
  createRootCauseTracker,
  isCascadeRestatement,
  isGenuineError,
} from "../../../trim/classify/cascade.ts";

const RESTATEMENTS = [
  "error: aborting due to previous error",
  "error: aborting due to 3 previous errors; 1 warning emitted",
  "error: could not compile `app` due to previous error",
  'error: could not compile `app` (bin "app") due to 2 previous errors',
  "This job was skipped",
  "deploy: skipped because the upstream job failed",
  "make: *** [Makefile:12: all] Error 2",
  "make[1]: *** [src/Makefile:40: main.o] Error 1",
  "1 error generated.",
  "3 errors generated.",
  "ERROR: Job failed: exit code 1",
  "npm ERR! A complete log of this run can be found in:",
  "npm error A complete log of this run can be found in: /root/.npm/_logs/x.log",
  "npm ERR! This is probably not a problem with npm. There is likely additional logging output above.",
  "npm ERR! Failed at the app@1.0.0 test script.",
  "error Command failed with exit code 1.",
  " ELIFECYCLE  Command failed with exit code 1.",
  "[ERROR] -> [Help 1]",
  "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
  "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
  "error: Recipe `test` failed on line 3 with exit code 1",
];

const NOT_RESTATEMENTS = [
  "Found 2 errors in 1 file.",
  "Found 2 errors.",
  "src/main.rs:3:5: error[E0308]: mismatched types",
  "main.c:3:1: error: expected ';' before '}' token",
  "Tests: 1 failed, 3 passed",
  "FAIL\tgithub.com/acme/app\t0.012s",
  'ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
  "npm ERR! code ERESOLVE",
  "TypeError: Cannot read properties of undefined",
  "Process completed with exit code 0.",
  // GitHub Actions: the failing step's exit status (its must-keep line), not a restatement.
  "Error: Process completed with exit code 1.",
  "##[error]Process completed with exit code 2.",
  "",
];

test("cascade restatements are recognized", () => {
  for (const line of RESTATEMENTS) assert.ok(isCascadeRestatement(line), line);
});

test("first-hand errors and useful summaries are not restatements", () => {
  for (const line of NOT_RESTATEMENTS) assert.ok(!isCascadeRestatement(line), line);
});

test("isGenuineError: errors yes, restatements, frames and info no", () => {
  assert.ok(isGenuineError("src/main.rs:3:5: error[E0308]: mismatched types"));
  assert.ok(isGenuineError("TypeError: Cannot read properties of undefined"));
  assert.ok(isGenuineError("panic: runtime error: index out of range"));
  assert.ok(!isGenuineError("error: aborting due to previous error"));
  assert.ok(!isGenuineError("    at main (/app/x.js:1:2)"));
  assert.ok(!isGenuineError("[INFO] all good"));
  assert.ok(!isGenuineError("connection timeout")); // a diagnostic, not an error
});

test("tracker: restatements are redundant only after a genuine error", () => {
  const t = createRootCauseTracker();
  assert.equal(t.seenGenuineError, false);
  assert.equal(t.isRedundant("error: aborting due to previous error"), false);
  assert.equal(t.isRedundant("This job was skipped"), false);
  assert.equal(t.isRedundant("[INFO] compiling"), false);
  assert.equal(t.isRedundant("src/lib.rs:9:1: error[E0425]: cannot find value `x`"), false);
  assert.equal(t.seenGenuineError, true);
  assert.equal(t.isRedundant("error: aborting due to previous error"), true);
  assert.equal(t.isRedundant("error: could not compile `lib` due to previous error"), true);
  assert.equal(t.isRedundant("This job was skipped"), true);
  assert.equal(t.isRedundant("src/lib.rs:12:1: error[E0308]: mismatched types"), false);
});

test("restatement matching is linear on long adversarial lines", () => {
  const long = "error: could not compile `" + "a`".repeat(200_000) + " due to";
  const t0 = performance.now();
  isCascadeRestatement(long);
  isCascadeRestatement("make: *** [" + "[".repeat(500_000));
  isCascadeRestatement(" ".repeat(500_000) + "x");
  assert.ok(performance.now() - t0 < 2000);
});
