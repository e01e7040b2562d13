// The npm package, installed from its tarball into a temporary project, under Node
// (`node --test`) and Bun (`bun test`). tests/npm_package.test.ts copies this file into
// the project as package.test.mjs, next to what Deno produced for the same input:
//   fixture.log, rules.yml    the input log and the .trim.yml rules used
//   expected.json             { options, result, cli: [...], porthealth: [...] } from Deno
//   expected.out              the reduced log from Deno's processLogStream, byte for byte
// Plain JavaScript on node:test and node:assert, so both runtimes run it unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import process from "node:process";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { processLogStream, TrimError, trimText, trimTextInline } from "trimlog";
import { createHandler, Monitor, parseConfig } from "trimlog/health";

const DIR = process.cwd();
const RUNTIME = typeof globalThis.Bun === "undefined" ? "node" : "bun";
const EXPECTED = JSON.parse(readFileSync(join(DIR, "expected.json"), "utf8"));
const EXPECTED_OUT = readFileSync(join(DIR, "expected.out"));
const OPTIONS = { ...EXPECTED.options, configPath: join(DIR, "rules.yml") };
const PKG = join(DIR, "node_modules", "trimlog");
const BIN = JSON.parse(readFileSync(join(PKG, "package.json"), "utf8")).bin;
const ENV = { ...process.env, TRIM_TELEMETRY: "0", NO_COLOR: "1" };

/** A result as JSON sees it (the Deno side was serialized the same way). */
const plain = (result) => JSON.parse(JSON.stringify(result));

/** Runs a bin of the package with this runtime (node or bun); resolves with its output. */
function runBin(name, args, input) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(PKG, BIN[name]), ...args], { cwd: DIR, env: ENV });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s) => (stderr += s));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", (error) => resolve({ error, stdout, stderr }));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.on("error", () => {}); // a bin that exits before reading its input
    child.stdin.end(input ?? "");
  });
}

/** `fn` over `items`, at most `limit` at a time; results in order. */
async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

test(`${RUNTIME}: package.json resolves the exports and bins`, () => {
  const require = createRequire(join(DIR, "package.json"));
  const pkg = require("trimlog/package.json");
  assert.equal(pkg.name, "trimlog");
  assert.equal(pkg.type, "module");
  assert.deepEqual(Object.keys(pkg.bin).sort(), ["porthealth", "trimlog"]);
  assert.equal(typeof processLogStream, "function");
  assert.equal(typeof createHandler, "function");
});

test(`${RUNTIME}: processLogStream, Node streams in and out, matches Deno byte for byte`, async () => {
  const outPath = join(DIR, `node-streams-${RUNTIME}.out`);
  const input = createReadStream(join(DIR, "fixture.log"), { highWaterMark: 4096 });
  const output = createWriteStream(outPath);
  const result = await processLogStream(input, output, OPTIONS);
  output.end();
  await finished(output);
  const bytes = await readFile(outPath);
  await rm(outPath);
  assert.ok(
    bytes.equals(EXPECTED_OUT),
    `output differs from Deno's (${bytes.length} bytes vs ${EXPECTED_OUT.length})`,
  );
  assert.deepEqual(plain(result), EXPECTED.result);
});

test(`${RUNTIME}: processLogStream, Web streams in and out, matches Deno byte for byte`, async () => {
  const chunks = [];
  const input = Readable.toWeb(createReadStream(join(DIR, "fixture.log"), { highWaterMark: 1000 }));
  const output = new WritableStream({
    write(chunk) {
      chunks.push(chunk);
    },
  });
  const result = await processLogStream(input, output, OPTIONS);
  const bytes = Buffer.concat(chunks);
  assert.ok(
    bytes.equals(EXPECTED_OUT),
    `output differs from Deno's (${bytes.length} bytes vs ${EXPECTED_OUT.length})`,
  );
  assert.deepEqual(plain(result), EXPECTED.result);
});

test(`${RUNTIME}: trimText gives the same text; bad options throw TrimError`, async () => {
  const text = readFileSync(join(DIR, "fixture.log"), "utf8");
  const { output, result } = await trimText(text, OPTIONS);
  assert.equal(output, EXPECTED_OUT.toString("utf8"));
  assert.equal(result.stats.outputLines, EXPECTED.result.stats.outputLines);
  await assert.rejects(trimText("x\n", { aggressiveness: "wild" }), TrimError);
});

test(`${RUNTIME}: trimlog/health serves /health from the runtime-neutral handler`, async () => {
  const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
  const monitor = new Monitor({ config, dial: () => Promise.resolve() });
  const handler = createHandler({ monitor });
  const res = await handler(new Request("http://localhost/health"));
  assert.equal(res.status, 200);
  assert.equal((await res.json()).status, "healthy");
});

for (const [bin, cases] of [["trimlog", EXPECTED.cli], ["porthealth", EXPECTED.porthealth]]) {
  test(`${RUNTIME}: ${bin} bin: exit code, stdout and stderr as the Deno command`, async () => {
    const runs = await pool(cases, 3, (c) => runBin(bin, c.args, c.stdin));
    for (const [i, c] of cases.entries()) {
      const r = runs[i];
      const what = `${bin} ${c.args.join(" ")}`;
      assert.equal(r.error, undefined, `${what}: ${r.error}`);
      assert.equal(r.code, c.code, `${what}: exit ${r.code}, stderr: ${r.stderr}`);
      assert.equal(r.stderr, c.stderr, `${what}: stderr`);
      assert.equal(r.stdout, c.stdout, `${what}: stdout`);
      for (const [path, content] of Object.entries(c.files ?? {})) {
        assert.equal(await readFile(join(DIR, path), "utf8"), content, `${what}: ${path}`);
      }
    }
  });
}

test(`${RUNTIME}: the installed .bin/trimlog runs through its #!/usr/bin/env node line`, () => {
  const r = spawnSync(join(DIR, "node_modules", ".bin", "trimlog"), ["--version"], {
    cwd: DIR,
    env: ENV,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, EXPECTED.cli.find((c) => c.args[0] === "--version").stdout);
});

test(`${RUNTIME}: trimlog mcp answers the MCP SDK's client (installed as a dependency)`, async () => {
  // Loaded here: the SDK comes with the package, the rest of the suite does not need it.
  const { Client } = await import("@modelcontextprotocol/sdk/client");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(PKG, BIN.trimlog), "mcp"],
    cwd: DIR,
    env: ENV,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (c) => (stderr += c));
  const client = new Client({ name: "package-suite", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["reduce_log", "read_lines", "search_log"]);
    const text = readFileSync(join(DIR, "fixture.log"), "utf8");
    const reduced = await client.callTool({
      name: "reduce_log",
      arguments: { path: "fixture.log", multiline: "auto" },
    });
    const { output } = await trimTextInline(text, { multiline: "auto" });
    assert.equal(reduced.content[0].text, output);
    const lines = await client.callTool({
      name: "read_lines",
      arguments: { path: "fixture.log", from: 1, to: 2 },
    });
    assert.equal(lines.structuredContent.lines.length, 2);
    const bad = await client.callTool({
      name: "search_log",
      arguments: { path: "fixture.log", pattern: "(" },
    });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /^search_log: "pattern" is not a valid regular expression/);
  } finally {
    await client.close();
  }
  assert.equal(stderr, "");
});

/** Spawns a bin with its stdin left open; resolves with its exit code and output. */
function startBin(name, args) {
  const child = spawn(process.execPath, [join(PKG, BIN[name]), ...args], {
    cwd: DIR,
    env: ENV,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (s) => (stdout += s));
  child.stderr.setEncoding("utf8").on("data", (s) => (stderr += s));
  const exited = new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  return { child, exited, out: () => stdout, err: () => stderr };
}

test(`${RUNTIME}: trimlog --timeout ends a run whose stdin stays open`, async () => {
  const run = startBin("trimlog", ["--timeout", "300"]);
  run.child.stdin.write("ERROR first\nERROR first\n");
  const { code, signal } = await run.exited;
  run.child.stdin.destroy();
  assert.equal(signal, null, `killed: ${run.err()}`);
  assert.equal(code, 0, run.err());
  assert.equal(run.out(), "[x2] ERROR first\n");
});

test(`${RUNTIME}: porthealth serves /live and exits 0 on SIGTERM`, async () => {
  const run = startBin("porthealth", ["--config", "serve.yaml"]);
  let address;
  for (let i = 0; i < 600 && !address; i++) {
    address = /listening on http:\/\/([^/\s]+)\//.exec(run.out())?.[1];
    if (!address) await new Promise((r) => setTimeout(r, 50));
  }
  try {
    assert.ok(address, `no listening line; stdout: ${run.out()} stderr: ${run.err()}`);
    const res = await fetch(`http://${address}/live`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), "OK");
  } finally {
    run.child.kill("SIGTERM");
  }
  const { code, signal } = await run.exited;
  assert.equal(signal, null, `did not exit on SIGTERM: ${run.err()}`);
  assert.equal(code, 0, run.err());
});
