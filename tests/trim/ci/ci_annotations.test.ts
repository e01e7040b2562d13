import { test } from "node:test";
import assert from "node:assert/strict";
import { errorCommand, locateErrors } from "../../../trim/ci/annotations.ts";

test("annotations: compiler, test runner and Python locations; frames take the message above", () => {
  const found = locateErrors([
    "src/lib/retry.ts:20:33 - error TS7006: Parameter 'x' implicitly has an 'any' type.",
    "Traceback (most recent call last):",
    '  File "/work/repo/app/models.py", line 88, in save',
    "ValueError: price must be positive",
    "ERROR: pkg/db/pool_test.go:57: connection refused",
    "    --> src/main.rs:3:5",
  ], { workspace: "/work/repo" });
  assert.deepEqual(found.map((f) => `${f.file}:${f.line}:${f.col ?? ""}`), [
    "src/lib/retry.ts:20:33",
    "app/models.py:88:",
    "pkg/db/pool_test.go:57:",
    "src/main.rs:3:5",
  ]);
  assert.equal(found[1].message, "ValueError: price must be positive");
  assert.equal(found[3].message, "ERROR: pkg/db/pool_test.go:57: connection refused");
});

test("annotations: no URL, no dependency frame, no version number, no located INFO line; at most max", () => {
  const none = locateErrors([
    "ERROR fetching https://registry.npmjs.org:443/x.tgz failed",
    "Error: boom",
    "    at run (node_modules/jest-circus/build/run.js:12:3)",
    "    at node:internal/process/task_queues:95:5",
    "ERROR upgrade to 1.2.3:45 failed",
    "INFO wrote dist/app.js:10",
  ]);
  assert.deepEqual(none, []);
  const many = Array.from({ length: 30 }, (_, i) => `src/f${i}.ts:${i + 1}:1 error: bad`);
  assert.equal(locateErrors(many).length, 10);
  assert.equal(locateErrors(many, { max: 3 }).length, 3);
  assert.equal(locateErrors([...many, ...many]).length, 10, "one per file and line");
});

test("annotations: a long line without a location is cheap", () => {
  const long = "ERROR " + "a/b.c".repeat(20000);
  const t = performance.now();
  assert.deepEqual(locateErrors([long, "ERROR " + "x".repeat(1_000_000) + ":1"]), []);
  assert.ok(performance.now() - t < 2000);
});

test("annotations: the workflow command escapes what would end it", () => {
  assert.equal(
    errorCommand({ file: "src/a:b,c.ts", line: 4, message: "50% done\r\nthen ::error::" }),
    "::error file=src/a%3Ab%2Cc.ts,line=4::50%25 done%0D%0Athen ::error::",
  );
});
