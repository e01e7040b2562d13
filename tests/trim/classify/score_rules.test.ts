import { test } from "node:test";
import assert from "node:assert/strict";
import {
  isHardSignal,
  LineCategory,
  lineSignal,
  scoreForLevel,
  scoreLineRelevance,
  shouldKeepLine,
  signalCategory,
} from "../../../trim/classify/score.ts";
import { SCORE_KEEP_THRESHOLD } from "../../../trim/constants.ts";
import type { EffectiveAggressiveness } from "../../../trim/types.ts";

const LEVELS: EffectiveAggressiveness[] = ["low", "medium", "high", "aggressive"];
const keptAt = (line: string, level: EffectiveAggressiveness) =>
  scoreLineRelevance(line, level) >= SCORE_KEEP_THRESHOLD;
const keptEverywhere = (line: string) => {
  for (const level of LEVELS) assert.ok(keptAt(line, level), `${level}: ${line}`);
};

test("spec: an error line such as a database timeout scores >= 40 at high", () => {
  assert.ok(scoreLineRelevance("[ERROR] database query timeout after 30000ms", "high") >= 40);
  assert.ok(scoreLineRelevance("ERROR: could not connect to database: timeout", "high") >= 40);
});

test("spec: a warning about a connection timeout scores >= 40 at aggressive", () => {
  assert.ok(scoreLineRelevance("[WARN] connection timeout to redis, retrying", "aggressive") >= 40);
  assert.ok(scoreLineRelevance("WARNING: Connection timed out", "aggressive") >= 40);
});

test("points: a warning at a source location is a warning whatever its words", () => {
  for (
    const line of [
      "[warn] /build/src/reflect/api/Names.scala:104:40: Variable class undefined in comment",
      '[warn] /build/src/Universe.scala:237:9: Could not find any member to link for "x".',
      "[WARNING] /src/main/java/A.java:[12,5] unable to resolve the deprecated symbol",
    ]
  ) assert.ok(!isHardSignal(lineSignal(line)), line);
  // A warning about an event stays a diagnostic; an error at a location is an error.
  for (
    const line of [
      "[WARN] connection to db:5432 timed out, retrying",
      "[warn] /build/src/A.scala:12:5: exception in macro expansion: java.lang.NullPointerException",
      "src/a.c:12:5: error: cannot find 'f'",
    ]
  ) assert.ok(isHardSignal(lineSignal(line)), line);
});

test("spec: a plain container-runtime start line scores 0, a failure >= 40", () => {
  for (
    const line of [
      "Started container web",
      "Container app-db-1  Started",
      "Normal  Started  12s  kubelet  Started container nginx",
      "Creating container api ... done",
    ]
  ) {
    for (const level of LEVELS) {
      assert.equal(scoreLineRelevance(line, level), 0, `${level}: ${line}`);
    }
  }
  for (
    const line of [
      "Last State: Terminated Reason: OOMKilled",
      "Warning  BackOff  kubelet  Back-off restarting failed container",
      "pod/api-7d9f CrashLoopBackOff",
      "Error response from daemon: driver failed programming external connectivity",
      "container web exited with code 137",
      "ImagePullBackOff",
    ]
  ) keptEverywhere(line);
});

test("points: error and fatal lines, JSON severity fields", () => {
  for (
    const line of [
      "[ERROR] boom",
      "2024-01-01 12:00:00 FATAL out of disk",
      "CRITICAL: disk failure",
      '{"level":"error","msg":"payment declined"}',
      '{"severity":"ERROR","message":"quota"}',
      '{"lvl":50,"msg":"db down"}',
      '{"level":60,"msg":"bye"}',
      'time=[TIME] level=error msg="boom"',
    ]
  ) keptEverywhere(line);
  assert.equal(signalCategory(lineSignal('{"level":60,"msg":"bye"}')), LineCategory.FATAL);
});

test("points: scanner findings (CVE/GHSA ids with severity)", () => {
  keptEverywhere("libssl3  CVE-2023-0286  HIGH  3.0.2-0ubuntu1.7  Fixed");
  keptEverywhere("GHSA-jfh8-c2jp-5v3q  critical  log4j-core  Remote code execution");
  keptEverywhere("lodash  CVE-2021-23337  MEDIUM  4.17.20");
  // A bare id (changelog) is notable, not hard.
  assert.ok(!isHardSignal(lineSignal("Fixes CVE-2021-23337 in the changelog")));
  assert.ok(scoreLineRelevance("Fixes CVE-2021-23337 in the changelog", "medium") >= 40);
});

test("points: package-manager errors", () => {
  for (
    const line of [
      "npm ERR! code ERESOLVE",
      "npm error code E404",
      "npm ERR! ERESOLVE unable to resolve dependency tree",
      "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io",
      "ERROR: No matching distribution found for torch==9.9",
      'error: could not compile `app` (bin "app") due to 2 previous errors',
      "[INFO] BUILD FAILURE",
      "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin",
      "FAILURE: Build failed with an exception.",
      "BUILD FAILED in 12s",
      "gyp ERR! build error",
    ]
  ) keptEverywhere(line);
});

test("points: compiler diagnostics", () => {
  keptEverywhere("src/main.c:12:5: error: expected ';' before '}' token");
  keptEverywhere("src/app.ts(12,7): error TS2345: Argument of type 'string' is not assignable");
  keptEverywhere("error[E0308]: mismatched types");
  keptEverywhere("src/app.ts:3:1 - error TS2304: Cannot find name 'x'.");
});

test("points: test failures", () => {
  for (
    const line of [
      "FAIL src/cart.test.ts",
      "AssertionError: expected 2 to equal 3",
      "--- FAIL: TestCheckout (0.01s)",
      "  ✕ adds items to the cart (5 ms)",
      "FAILED tests/test_cart.py::test_total - assert 3 == 2",
      "Tests: 1 failed, 12 passed, 13 total",
      "[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0",
      "not ok 3 - adds numbers",
    ]
  ) keptEverywhere(line);
});

test("points: CI annotations and exit codes (exit code 0 is not a failure)", () => {
  keptEverywhere("##[error]Process completed with exit code 1.");
  keptEverywhere("::error file=src/a.ts,line=3::Unexpected any");
  keptEverywhere("Process exited with exit code 1");
  keptEverywhere("worker exited with 137");
  keptEverywhere("command failed: exit status 2");
  for (const line of ["Process exited with exit code 0", "exit code 0", "exited with code 0"]) {
    assert.ok(!isHardSignal(lineSignal(line)), line);
    assert.ok(!keptAt(line, "high"), line);
  }
});

test("points: diagnostic keywords", () => {
  for (
    const line of [
      "dial tcp [IP]:[PORT]: connect: connection refused",
      "open /etc/app.conf: permission denied",
      "request timeout after 30s",
      "panic: runtime error: invalid memory address",
      "Segmentation fault (core dumped)",
      "UnhandledPromiseRejection: boom",
      "fatal: not a git repository",
      "java.lang.IllegalStateException: closed",
      "Traceback (most recent call last):",
      "upload failed, giving up",
      "thread 'main' panicked at src/main.rs:4:5",
      "bash: line 169: pom.bak9.xml: No space left on device",
      "write /var/lib/docker/tmp/x: no space left on device",
    ]
  ) keptEverywhere(line);
});

test("points: stack frames", () => {
  for (
    const line of [
      "    at handler (/app/src/api.js:12:5)",
      "at x (file:1:2)",
      '  File "x.py", line 3, in <module>',
      "\tat com.x.Y(Y.java:1)",
      "main.go:12 +0x1d",
      "\t/go/src/app/main.go:12 +0x1d",
      "main.main()",
      "   at src/main.rs:1:2",
      "  12: std::panicking::begin_panic",
      "Caused by: java.io.IOException: Broken pipe",
      "\t... 12 more",
      "goroutine 1 [running]:",
    ]
  ) {
    keptEverywhere(line);
    assert.ok(isHardSignal(lineSignal(line)), line);
  }
});

test("levels: low keeps INFO/DEBUG; medium drops INFO/DEBUG/TRACE keeps WARN", () => {
  for (
    const line of ["[INFO] server listening on :8080", "[DEBUG] cache miss", "[TRACE] enter f"]
  ) {
    assert.ok(keptAt(line, "low"), line);
    assert.ok(!keptAt(line, "medium"), line);
    assert.ok(!keptAt(line, "high"), line);
    assert.ok(!keptAt(line, "aggressive"), line);
  }
  assert.ok(keptAt("[WARN] cache is cold", "medium"));
  assert.ok(keptAt("[WARN] cache is cold", "low"));
});

test("levels: high drops pure warnings, keeps warnings with a diagnostic keyword", () => {
  assert.ok(!keptAt("[WARN] cache is cold", "high"));
  assert.ok(!keptAt("WARNING: deprecated option --foo", "high"));
  assert.ok(keptAt("[WARN] upstream refused connection", "high"));
  assert.ok(keptAt("[WARN] request timeout, retrying", "high"));
});

test("levels: aggressive keeps only errors, fatals, stack frames and diagnostic keywords", () => {
  assert.ok(!keptAt("[WARN] cache is cold", "aggressive"));
  assert.ok(!keptAt("Processing batch 12 of 40", "aggressive"));
  assert.ok(!keptAt("[INFO] started", "aggressive"));
  assert.ok(keptAt("[ERROR] boom", "aggressive"));
  assert.ok(keptAt("    at f (/a.js:1:2)", "aggressive"));
  assert.ok(keptAt("connection refused", "aggressive"));
});

test("noise scores low at every level except low", () => {
  for (
    const line of [
      "[=====>          ] 45%",
      " 45%|████▌     | 45/100 [00:04<00:05, 10.2it/s]",
      "  Downloading requests-2.31.0-py3-none-any.whl (62 kB)",
      "Downloading https://repo.maven.apache.org/maven2/org/x/1.0/x-1.0.pom",
      "",
      "   ",
      "added 1234 packages, and audited 1235 packages in 12s",
      "   Compiling foo v1.0.0",
      "Cloning into 'repo'...",
      "remote: Counting objects: 100% (12/12), done.",
      "Receiving objects: 100% (1234/1234), 2.34 MiB | 12.00 MiB/s, done.",
      "HEAD is now at 1a2b3c4 Fix the thing",
      "Switched to a new branch 'feature'",
      "[HASH]: Pull complete",
      "------------------------------------------------",
    ]
  ) {
    for (const level of ["medium", "high", "aggressive"] as const) {
      assert.ok(scoreLineRelevance(line, level) < 40, `${level}: ${JSON.stringify(line)}`);
    }
  }
  assert.equal(scoreLineRelevance("", "low"), 0);
});

test("negatives: counted zeros and words inside messages are not errors", () => {
  for (
    const line of [
      "build finished, 0 errors",
      "error_count=0",
      "no errors found",
      "Found 0 errors. Watching for file changes.",
      "Tests: 0 failed, 12 passed",
      "ok=3 changed=1 unreachable=0 failed=0 skipped=0",
      "errors: 0, warnings: 0",
      "ErrorBoundary rendered",
      "non-fatal: cache rebuilt",
      "Processing item 1234 of 5000",
    ]
  ) {
    assert.ok(!isHardSignal(lineSignal(line)), line);
    assert.ok(!keptAt(line, "high"), line);
  }
});

test("a trigger word inside a path is no evidence", () => {
  for (
    const line of [
      "go: downloading github.com/pkg/errors v0.9.1",
      "github.com/ethereum/go-ethereum/vendor/github.com/syndtr/goleveldb/leveldb/errors",
      "./cabal/i386-windows-ghc-8.0.2/mtl-2.2.2/Control/Monad/Error/Class.hi",
      "Compiling src/failures/summary.ts",
    ]
  ) assert.ok(!isHardSignal(lineSignal(line)), line);
  for (
    const line of [
      "open /var/log/app.log: permission denied",
      "src/errors/handler.ts(12,3): error TS2345: bad argument",
      "FAILED: build/errors.o",
    ]
  ) assert.ok(isHardSignal(lineSignal(line)), line);
});

test("a timeout assigned, given a number or set is a setting, not an event", () => {
  for (
    const line of [
      " > git fetch --tags --force -- https://github.com/acme/app.git # timeout=10",
      "Timeout set to expire in 30 min",
      "      timeout: 5000,",
      "      ~ timeout       = 60",
      // pytest's locals under a frame, a keyword argument in a printed call
      "timeout = <requests.packages.urllib3.util.timeout.Timeout object at 0x7f1b45d6d510>",
      "                    timeout=self.timeout,",
      "    client.get(url, timeout=None)",
    ]
  ) assert.ok(!isHardSignal(lineSignal(line)), line);
  for (
    const line of [
      "Error: Timeout of 2000ms exceeded.",
      "request timeout after 30s",
      "connection timed out: 10.0.0.5:5432",
      "level=warn msg=retrying status=timeout",
      "timeout: context deadline exceeded",
      "dial tcp 10.0.0.1:443: i/o timeout",
    ]
  ) assert.ok(isHardSignal(lineSignal(line)), line);
});

test("an INFO tag wins over words; explicit failures override it", () => {
  assert.ok(!isHardSignal(lineSignal("[INFO] retrying after timeout")));
  assert.ok(isHardSignal(lineSignal("[INFO] BUILD FAILURE")));
  assert.ok(
    isHardSignal(
      lineSignal("I1121 12:00:00.000 1 kubelet.go:1] Back-off restarting failed container"),
    ),
  );
});

test("scoreForLevel derives every level from one signal", () => {
  const s = lineSignal("[WARN] cache is cold");
  assert.deepEqual(
    LEVELS.map((l) => scoreForLevel(s, l)),
    LEVELS.map((l) => scoreLineRelevance("[WARN] cache is cold", l)),
  );
  const hard = lineSignal("[ERROR] boom");
  assert.equal(new Set(LEVELS.map((l) => scoreForLevel(hard, l))).size, 1);
});

test("scores stay within 0-100", () => {
  const s = scoreLineRelevance(
    "FATAL [ERROR] panic: segfault Traceback exit code 1 ##[error] npm ERR! FAIL",
    "high",
  );
  assert.ok(s >= 0 && s <= 100);
});

test("multilingual option toggles the keyword boost", () => {
  const line = "Verbindung fehlgeschlagen: Zeitüberschreitung";
  assert.ok(scoreLineRelevance(line, "aggressive") >= 40);
  assert.ok(scoreLineRelevance(line, "aggressive", { multilingual: false }) < 40);
});

test("shouldKeepLine: drops INFO/DEBUG/noise, keeps error/warn/fatal/critical/stack", () => {
  for (
    const line of [
      "[ERROR] boom",
      "[WARN] low disk",
      "FATAL: out of memory",
      "CRITICAL: disk failure",
      "    at f (/a.js:1:2)",
      "Traceback (most recent call last):",
    ]
  ) assert.ok(shouldKeepLine(line), line);
  for (const line of ["[INFO] started", "[DEBUG] x=1", "", "  Downloading x (1 MB)"]) {
    assert.ok(!shouldKeepLine(line), line);
  }
});
