// Runner prefixes: Docker Compose's `web-1  | ` and Turborepo's `pkg:task: ` are cut
// before classification and written back on the lines kept.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import { trimTextInline } from "../../mod.ts";
import { runnerPrefixLength, RunnerPrefixTracker } from "../../trim/runner_prefix.ts";
import { loadBaseline } from "../../trim/select/baseline.ts";
import { assertAccounting } from "../_helpers/accounting.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);

test("runnerPrefixLength: Compose and Turborepo prefixes", () => {
  const cases: [string, string][] = [
    ["web-1  | Listening on :8080", "web-1  | "],
    ["db_1   | LOG:  database system is ready", "db_1   | "], // Compose v1
    ["postgres-1 | 2024-05-14 09:12:03.123 UTC [1] LOG:  ready", "postgres-1 | "],
    ["web-1  |", "web-1  |"], // a blank line of the service
    ["@acme/web:test: PASS src/a.test.ts", "@acme/web:test: "],
    ["api:build: src/index.ts(3,1): error TS2304: Cannot find name 'x'.", "api:build: "],
    ["@acme/web:test:unit: FAIL src/b.test.ts", "@acme/web:test:unit: "],
    ["packages/web test: PASS src/a.test.ts", "packages/web test: "], // pnpm -r
    ["packages/web test$ jest --ci", "packages/web test$ "],
    ["apps/api test:unit: FAIL x", "apps/api test:unit: "],
    ["#8 12.34 npm warn deprecated inflight@1.0.6", "#8 12.34 "], // BuildKit
    ["#12 0.512 ", "#12 0.512 "],
  ];
  for (const [line, prefix] of cases) {
    assert.equal(line.slice(0, runnerPrefixLength(line)), prefix, line);
  }
});

test("runnerPrefixLength: levels, locations, exceptions and URLs are no prefix", () => {
  for (
    const line of [
      "INFO     | app.main:run:12 - started", // loguru's columns
      "ERROR | payment failed",
      "main.go:12: retrying",
      "localhost:5432: Connection refused",
      "mysql:5.7: Pulling from library/mysql",
      "java.lang.IllegalStateException: boom",
      "Error: Process completed with exit code 1.",
      "ERROR:root:Something failed: timeout",
      "https://example.com/x: 404",
      "  web-1  | indented",
      "| a | b |",
      "12:00:01 | tick",
      "web-1 exited with code 1",
      // pnpm's shape, but a file, a level, a verdict or a preposition
      "src/app.ts error: boom",
      "src/app error: boom",
      "src/lib failed: cannot compile",
      "refs/heads/main is: x",
      "see docs/setup for: more",
      // BuildKit's own lines for a step
      "#8 [build 3/7] RUN npm ci",
      "#8 DONE 12.3s",
      "#1 transferring dockerfile: 1.38kB done",
      "# a comment 1.2 x",
    ]
  ) assert.equal(runnerPrefixLength(line), 0, line);
});

/** The fixture's lines with `prefix` before each. */
async function prefixed(name: string, prefix: (i: number) => string): Promise<string> {
  const text = await readFile(new URL(`${name}.log`, FIXTURES), "utf8");
  return text.split("\n").map((l, i) => l === "" ? l : prefix(i) + l).join("\n");
}

async function keepLines(name: string): Promise<string[]> {
  const text = await readFile(new URL(`${name}.keep.txt`, FIXTURES), "utf8");
  return text.split("\n").filter((l) => l.trim() !== "");
}

test("a jest run under Turborepo keeps what it keeps without the prefix, prefixed", async () => {
  const plain = await trimTextInline(
    await readFile(new URL("npm_jest.log", FIXTURES), "utf8"),
  );
  const { output, result } = await trimTextInline(
    await prefixed("npm_jest", () => "@acme/web:test: "),
  );
  assertAccounting(output, result);
  for (const k of await keepLines("npm_jest")) assert.ok(output.includes(k), k);
  const lines = output.trimEnd().split("\n");
  assert.ok(Math.abs(lines.length - plain.output.trimEnd().split("\n").length) <= 5);
  // Every line taken from the input says which package printed it.
  for (const l of lines) {
    if (!l.startsWith("[") && l.trim() !== "") assert.ok(l.includes("@acme/web:test:"), l);
  }
});

test("a jest run under pnpm's recursive run keeps its must-keep lines, prefixed", async () => {
  const { output, result } = await trimTextInline(
    await prefixed("npm_jest", () => "packages/web test: "),
  );
  assertAccounting(output, result);
  for (const k of await keepLines("npm_jest")) assert.ok(output.includes(k), k);
  // Passing suites are noise under the prefix too.
  assert.ok(!output.includes("PASS src/"), output);
});

test("BuildKit: a step's output is read without `#8 12.34 `, written back as `#8 `", async () => {
  const t = new RunnerPrefixTracker();
  assert.equal(t.next("#8 12.34 npm ci"), "#8 ");
  assert.equal(t.cut, 9);
  const lines = [
    "#8 [build 3/7] RUN apt-get update && apt-get install -y libpq-dev && npm ci",
    "#8 1.204 debconf: unable to initialize frontend: Dialog",
    "#8 1.205 debconf: (TERM is not set, so the dialog frontend is not usable.)",
    ...Array.from(
      { length: 30 },
      (_, i) => `#8 ${(2 + i / 10).toFixed(3)} npm warn deprecated pkg${i}@1.0.0: unsupported`,
    ),
    ...Array.from({ length: 6 }, (_, i) => `#8 ${(6 + i / 10).toFixed(3)} npm error code E401`),
    '#8 6.712 npm error Unable to authenticate, need: Basic realm="GitHub Package Registry"',
    '#8 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
  ];
  const { output, result } = await trimTextInline(
    [...Array.from({ length: 100 }, (_, i) => `step ${i} ok`), ...lines].join("\n") + "\n",
  );
  assertAccounting(output, result);
  assert.ok(!output.includes("deprecated") && !output.includes("debconf"), output);
  assert.ok(output.includes("#8 npm error Unable to authenticate"), output);
  assert.ok(output.includes("[x6] #8 npm error code E401"), output); // one line, times and all
});

test("a go test run interleaved with a database's lines under Compose", async () => {
  const text = await prefixed("go_test", (i) => i % 7 === 3 ? "db-1   | " : "tests-1 | ");
  const { output, result } = await trimTextInline(text);
  assertAccounting(output, result);
  const kept = output.split("\n");
  for (const k of await keepLines("go_test")) {
    assert.ok(kept.some((l) => l.includes(k)), k);
  }
  // Passing tests are noise under the prefix too.
  assert.ok(!output.includes("--- PASS:"), output);
});

test("a secret in a runner prefix is masked", async () => {
  const token = "ghp_26AUcjP8ChZLqewHT8nc1wD3n52owT3o2vCB";
  const input = [
    ...Array.from({ length: 40 }, (_, i) => `${token}  | compiling unit ${i}`),
    `${token}  | ERROR: build failed`,
  ].join("\n") + "\n";
  const { output } = await trimTextInline(input, { aggressiveness: "low" });
  assert.ok(output.includes("ERROR: build failed"), output);
  assert.ok(!output.includes(token), output);
});

test("the baseline's lines are compared without their runner prefix", async () => {
  const templates = await loadBaseline(
    ReadableStream.from(["web-1  | GET /healthz 200\n"]),
    (l) => l,
  );
  assert.ok(templates.has("GET /healthz 200"));
});

test("prefixed input: output is deterministic, accounted, and never throws", async () => {
  const line = fc.tuple(
    fc.constantFrom("web-1  | ", "db-1   | ", "@acme/web:test: ", ""),
    fc.constantFrom(
      "GET / 200",
      "ERROR: connection refused",
      "    at f (src/a.ts:1:2)",
      "PASS src/a.test.ts",
      "FAIL src/b.test.ts",
      "",
      "Traceback (most recent call last):",
      '  File "a.py", line 3, in <module>',
      "ValueError: bad",
    ),
  ).map(([p, b]) => p + b);
  await fc.assert(
    fc.asyncProperty(fc.array(line, { maxLength: 120 }), async (lines) => {
      const text = lines.join("\n") + "\n";
      const a = await trimTextInline(text);
      const b = await trimTextInline(text);
      assert.equal(a.output, b.output);
      assertAccounting(a.output, a.result);
    }),
    propertyParams("runner_prefix#1", { numRuns: 60 }),
  );
});
