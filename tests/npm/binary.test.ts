// The single executables of `deno task compile:bun` (scripts/compile_bun.ts), built once per
// test run into a temporary directory (tests/npm/_binary.ts), then run as a user runs them
// and compared with the Deno entries (cli.ts, serve.ts) on the same inputs: here the build
// and --version, trimlog in binary_trim.ts, porthealth in binary_health.ts. Skipped, with
// the reason, only when Bun cannot be installed from the npm registry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { built, exec, SKIP, TMP, VERSION } from "./_binary.ts";
import { trimTests } from "./binary_trim.ts";
import { healthTests } from "./binary_health.ts";

test("compile:bun builds porthealth and trimlog: executables with Bun's runtime inside", {
  skip: SKIP,
}, async () => {
  const b = await built();
  for (const command of ["porthealth", "trimlog"]) {
    const path = `${TMP}/bin/${command}`;
    const info = await Deno.stat(path);
    assert.ok(info.isFile && (info.mode! & 0o111) === 0o111, `${path} is not executable`);
    assert.ok(info.size > 50e6, `${path}: ${info.size} bytes, too small to hold a runtime`);
    const magic = (await Deno.readFile(path)).subarray(0, 4);
    if (Deno.build.os === "linux") assert.deepEqual([...magic], [0x7f, 0x45, 0x4c, 0x46]);
    assert.match(b.stdout, new RegExp(`${command} \\(\\d+\\.\\d MB\\)`));
  }
  assert.match(b.stdout, /npm package \d+ ms, bun build --compile \d+ ms/);
});

test("--version of each prints the project version", { skip: SKIP }, async () => {
  const b = await built();
  for (const [bin, name] of [[b.porthealth, "porthealth"], [b.trimlog, "trimlog"]]) {
    const r = await exec(bin, ["--version"]);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, `${name} ${VERSION}\n`, ""]);
  }
});

trimTests();
healthTests();
