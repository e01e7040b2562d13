/**
 * Golden outputs: each realistic fixture reduced with default options must match
 * tests/golden/<name>.out byte for byte. After a deliberate change, regenerate with
 * `UPDATE_GOLDEN=1 deno test -A tests/trim/golden.test.ts` and review the diff.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import process from "node:process";
import { trimTextInline } from "../../trim/process.ts";
import { assertAccounting } from "../_helpers/accounting.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);
const GOLDEN = new URL("../golden/", import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const NAMES = [
  "ci_build",
  "web_server",
  "java_service",
  "python_web",
  "node_trace",
  "npm_jest",
  "pytest",
  "cargo",
  "go_test",
  "maven",
  "gradle",
  "tsc",
  "docker_build",
  "terraform",
  "k8s_events",
  "gha_annotations",
  "java_caused_by",
  "python_in_server",
  "php_run_tests",
  "jenkins_pipeline",
  "ansible_deploy",
  "dotnet_test",
];

for (const name of NAMES) {
  test(`golden: ${name}`, async () => {
    const input = await readFile(new URL(`${name}.log`, FIXTURES), "utf8");
    const { output, result } = await trimTextInline(input);
    assertAccounting(output, result);
    const golden = new URL(`${name}.out`, GOLDEN);
    if (UPDATE) await writeFile(golden, output);
    assert.equal(output, await readFile(golden, "utf8"), `${name}: output differs from golden`);
  });
}
