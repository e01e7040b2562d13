// The npm package end to end: scripts/build_npm.ts builds it, `npm pack` packs it, a
// temporary project installs the tarball, then tests/npm/package_suite.mjs runs under
// `node --test` and `bun test` (library output byte for byte against Deno's, both bins
// against the Deno commands), and `tsc` type-checks a consumer (strict, NodeNext,
// skipLibCheck false). Also: the build's refusals, on small module graphs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { BuildError, buildNpm, scanGraph } from "../../scripts/build_npm.ts";
import { processLogStream } from "../../mod.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUN = "bun@1.4.5";
const FIXTURE = "tests/fixtures/ci_build.log";
/** Library options for the byte-for-byte comparison (plus `configPath: rules.yml`). */
const OPTIONS = { multiline: "auto", preserveIdSuffix: 4, maxLineLength: 2000 } as const;
const RULES = `# exercises the yaml dependency of the package
sanitize:
  - { pattern: "runner-\\\\w+", replacement: "[RUNNER]" }
keep: ["Job succeeded"]
`;
const BAD_RULES = "ignore:\n  - ok\nkep:\n  - x\n";
const HEALTH = "checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n";
const HEALTH_BAD = "server:\n  port: 70000\nchecks:\n  - { host: 127.0.0.1, prt: 1 }\n";
const HEALTH_SERVE = "server: { host: 127.0.0.1, port: 0 }\n" +
  "checks:\n  - { host: 127.0.0.1, port: 9, name: discard, timeout: 200ms }\n";
/**
 * The consumer's type check: strict, NodeNext, skipLibCheck false (trimlog's and
 * @types/node's declarations are checked; TypeScript's own lib files are not).
 */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    types: ["node"],
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    noEmit: true,
  },
  files: ["consumer.ts"],
};
const STDIN = "retry id=1\nretry id=2\nERROR boom\n";

/** The trimlog command lines compared between Deno (cli.ts) and the npm bin. */
const CLI_CASES: Array<{ args: string[]; stdin?: string; files?: string[] }> = [
  { args: ["--version"] },
  { args: ["--help"] },
  { args: ["--stats", "--no-telemetry", "--config", "rules.yml", "fixture.log"] },
  { args: ["--explain", "--no-telemetry", "fixture.log"] },
  { args: ["--no-telemetry", "-"], stdin: STDIN },
  { args: ["fixture.log", "-o", "out.log", "--json", "--no-telemetry"], files: ["out.log"] },
  { args: ["--bogus"] },
  { args: ["-a", "wild", "fixture.log"] },
  { args: ["missing.log"] },
  { args: ["."] },
  { args: ["fixture.log", "-o", "fixture.log"] },
  { args: ["--config", "bad.yml", "fixture.log"] },
  { args: ["mcp", "--help"] },
  { args: ["mcp", "--port", "3000"] },
];

/** The porthealth command lines compared between Deno (serve.ts) and the npm bin. */
const HEALTH_CASES: string[][] = [
  ["--version"],
  ["--help"],
  ["--config", "health.yaml", "--check-config"],
  ["--config", "health_bad.yaml", "--check-config"],
  ["--config", "missing.yaml", "--check-config"],
  ["--bogus"],
];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

const ENV = { TRIM_TELEMETRY: "0", NO_COLOR: "1", NO_UPDATE_NOTIFIER: "1" };

async function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; stdin?: string } = {},
): Promise<Run> {
  const started = performance.now();
  const child = new Deno.Command(cmd, {
    args,
    cwd: opts.cwd ?? ROOT,
    env: { ...ENV, npm_config_update_notifier: "false" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  if (opts.stdin) await writer.write(new TextEncoder().encode(opts.stdin));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
    ms: performance.now() - started,
  };
}

/** Runs and asserts exit 0; the failure message carries the command's output. */
async function ok(what: string, cmd: string, args: string[], cwd?: string): Promise<Run> {
  const r = await run(cmd, args, { cwd });
  if (r.code !== 0) {
    assert.fail(
      `${what} failed (exit ${r.code}): ${cmd} ${args.join(" ")}\n` +
        `--- stdout ---\n${r.stdout.slice(-6000)}\n--- stderr ---\n${r.stderr.slice(-6000)}`,
    );
  }
  return r;
}

/** `fn` over `items`, at most `limit` at a time; results in order. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
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

/** Runs `fn` in a fresh temporary directory, removed afterwards. */
async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "trimlog-npm-" });
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function write(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const target = `${dir}/${path}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(target, text);
  }
}

/** The `BuildError` problems of scanning `files` from `entries`. */
async function refusals(
  files: Record<string, string>,
  entries: string[],
  imports: Record<string, string> = {},
): Promise<string[]> {
  return await withTempDir(async (dir) => {
    await write(dir, files);
    try {
      await scanGraph(dir, entries, { imports });
    } catch (e) {
      if (e instanceof BuildError) return [...e.problems];
      throw e;
    }
    return [];
  });
}

test("build_npm: a shipped module using Deno is refused with file:line", async () => {
  const problems = await refusals({
    "mod.ts": 'export * from "./trim/a.ts";\n',
    "trim/a.ts": [
      "// Deno.exit() in a comment is fine",
      "/** JSDoc: `Deno.readTextFile` too. */",
      'export const s: string = "Deno.errors. in a string";',
      "export const key: { Deno: number } = { Deno: 1 };",
      "export function f(): string {",
      "  return Deno.cwd();",
      "}",
      "export type T = Deno.FsFile;",
      "export const g: unknown = globalThis.Deno;",
      "export const h = typeof (globalThis as { Deno?: unknown }).Deno; // feature test: fine",
    ].join("\n"),
  }, ["mod.ts"]);
  assert.deepEqual(problems.map((p) => p.split(";")[0]), [
    "trim/a.ts:6: uses Deno.cwd",
    "trim/a.ts:8: uses Deno.FsFile",
    "trim/a.ts:9: uses globalThis.Deno",
  ]);
  assert.match(problems[0], /belongs in a Deno edge \(cli\.ts, serve\.ts\)/);
});

test("build_npm: inline npm:/jsr: specifiers, Deno edges and unmapped names are refused", async () => {
  const problems = await refusals(
    {
      "mod.ts": [
        'import "./b.ts";',
        'import { parse } from "npm:yaml@2";',
        'export { x } from "jsr:@std/path";',
        'const cli = await import("./cli.ts");',
        'import left from "left-pad";',
        'import { stringify } from "yaml";',
        'import { readFile } from "node:fs/promises";',
        "export { cli, left, parse, readFile, stringify };",
      ].join("\n"),
      "b.ts": 'export type T = typeof import("npm:fast-check");\n',
      "cli.ts": "Deno.exit(0);\n",
    },
    ["mod.ts"],
    { yaml: "npm:yaml@^2.8.1" },
  );
  assert.deepEqual(problems, [
    'mod.ts:2: inline "npm:yaml@2" specifier; import a bare name mapped in deno.json "imports"',
    'mod.ts:3: inline "jsr:@std/path" specifier; import a bare name mapped in deno.json "imports"',
    "mod.ts:4: imports the Deno edge cli.ts, which the npm package does not ship",
    'mod.ts:5: "left-pad" is not in the deno.json import map',
    'b.ts:1: inline "npm:fast-check" specifier; import a bare name mapped in deno.json "imports"',
  ]);
});

test("build_npm: dependencies are the mapped npm packages the graph imports", async () => {
  await withTempDir(async (dir) => {
    await write(dir, {
      "mod.ts": 'export { parse } from "yaml";\nexport * from "./lazy.ts";\n',
      "lazy.ts": 'export const load = () => import("./sub/c.ts");\n',
      "sub/c.ts": 'export { LineCounter } from "yaml";\nexport const c = 1;\n',
      "unused.ts": 'import "fast-check";\n',
    });
    const graph = await scanGraph(dir, ["mod.ts"], {
      imports: { "fast-check": "npm:fast-check@^4.3.0", yaml: "npm:yaml@^2.8.1" },
    });
    assert.deepEqual(graph.modules, ["lazy.ts", "mod.ts", "sub/c.ts"]);
    assert.deepEqual(graph.dependencies, { yaml: "^2.8.1" });
  });
});

/** A minimal repository with the package's four entry points. */
const MINI_REPO: Record<string, string> = {
  "deno.json": JSON.stringify({
    version: "1.2.3",
    license: "MIT",
    imports: { yaml: "npm:yaml@^2.8.1", "fast-check": "npm:fast-check@^4.3.0" },
  }),
  "README.md": "# mini\n",
  "LICENSE": "MIT\n",
  "mod.ts": [
    'export { parse } from "yaml";',
    'export type { Lazy } from "./trim/lazy.ts";',
    "export const CHUNK = 64 * 1024;",
    'export const load = (): Promise<typeof import("./trim/lazy.ts")> => import("./trim/lazy.ts");',
  ].join("\n"),
  "trim/lazy.ts": "export interface Lazy {\n  n: number;\n}\nexport const ONE = 1;\n",
  "health/mod.ts": 'export * from "../trim/lazy.ts";\n',
  "adapters/node/cli.ts":
    "export const runNode = (_: string[]): Promise<number> => Promise.resolve(0);\n",
  "adapters/node/health.ts": 'export { runNode } from "./cli.ts";\n',
};

test("build_npm: package.json, declarations with .js specifiers, bins; deterministic", async () => {
  await withTempDir(async (dir) => {
    await write(dir, MINI_REPO);
    const first = await buildNpm({ root: dir, outDir: `${dir}/npm` });
    const second = await buildNpm({ root: dir, outDir: `${dir}/npm2` });
    assert.deepEqual(first.files, second.files);
    for (const f of first.files) {
      assert.equal(
        await Deno.readTextFile(`${dir}/npm/${f}`),
        await Deno.readTextFile(`${dir}/npm2/${f}`),
        `${f} differs between two builds`,
      );
    }
    assert.deepEqual(first.warnings, [
      "mod.ts:3: CHUNK has no type annotation; declared as number",
    ]);
    const pkg = JSON.parse(await Deno.readTextFile(`${dir}/npm/package.json`));
    assert.equal(pkg.name, "trimlog");
    assert.equal(pkg.version, "1.2.3");
    assert.equal(pkg.type, "module");
    assert.deepEqual(pkg.exports["."], { types: "./esm/mod.d.ts", default: "./esm/mod.js" });
    assert.deepEqual(pkg.exports["./health"], {
      types: "./esm/health/mod.d.ts",
      default: "./esm/health/mod.js",
    });
    assert.deepEqual(pkg.bin, { trimlog: "./bin/trimlog.js", porthealth: "./bin/porthealth.js" });
    assert.deepEqual(pkg.engines, { node: ">=20" });
    assert.deepEqual(pkg.dependencies, { yaml: "^2.8.1" });
    const dts = await Deno.readTextFile(`${dir}/npm/esm/mod.d.ts`);
    assert.match(dts, /from "\.\/trim\/lazy\.js"/);
    assert.match(dts, /typeof import\("\.\/trim\/lazy\.js"\)/);
    assert.match(dts, /CHUNK: number/);
    assert.doesNotMatch(dts, /\.ts"/);
    const js = await Deno.readTextFile(`${dir}/npm/esm/mod.js`);
    assert.match(js, /import\("\.\/trim\/lazy\.js"\)/);
    const bin = await Deno.readTextFile(`${dir}/npm/bin/trimlog.js`);
    assert.match(bin, /^#!\/usr\/bin\/env node\n/);
    assert.match(bin, /from "\.\.\/esm\/adapters\/node\/cli\.js"/);
    assert.equal((await Deno.stat(`${dir}/npm/bin/porthealth.js`)).mode! & 0o111, 0o111);
    assert.equal(await Deno.readTextFile(`${dir}/npm/LICENSE`), "MIT\n");
  });
});

test("build_npm: a declaration that needs the checker is refused; nothing is written", async () => {
  await withTempDir(async (dir) => {
    await write(dir, {
      ...MINI_REPO,
      "trim/lazy.ts": 'import { ONE } from "./one.ts";\nexport const TWO = ONE + ONE;\n',
      "trim/one.ts": "export const ONE = 1;\n",
    });
    await assert.rejects(buildNpm({ root: dir, outDir: `${dir}/npm` }), (e: unknown) => {
      assert.ok(e instanceof BuildError);
      assert.deepEqual(e.problems, [
        "trim/lazy.ts:2: Variable must have an explicit type annotation with --isolatedDeclarations.",
      ]);
      return true;
    });
    await assert.rejects(Deno.stat(`${dir}/npm`), Deno.errors.NotFound);
  });
});

test("npm package: build, pack, install; node --test, bun test and tsc on the installed package", async () => {
  const timings: string[] = [];
  const time = <T extends { ms: number }>(label: string, r: T): T => {
    timings.push(`${label} ${(r.ms / 1000).toFixed(1)}s`);
    return r;
  };
  const started = performance.now();
  await withTempDir(async (tmp) => {
    const config = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
    const tsRange = String(config.imports.typescript).replace(/^npm:typescript@/, "");

    // Build and pack.
    const out = `${tmp}/npm`;
    const build = time(
      "build",
      await ok("build", Deno.execPath(), ["run", "-A", "scripts/build_npm.ts", "--out", out]),
    );
    assert.match(
      build.stdout,
      /dependencies: @modelcontextprotocol\/sdk@\^1\.32\.\d+, fflate@\^0\.8\.\d+, yaml@/,
    );
    const pkg = JSON.parse(await Deno.readTextFile(`${out}/package.json`));
    // yaml for .trim.yml, the MCP SDK for `trimlog mcp`, fflate for zip archives (all
    // loaded on first use).
    assert.deepEqual(Object.keys(pkg.dependencies), [
      "@modelcontextprotocol/sdk",
      "fflate",
      "yaml",
    ]);
    assert.equal(pkg.engines.node, ">=20");
    const pack = time(
      "pack",
      await ok("npm pack", "npm", ["pack", "--json", "--pack-destination", tmp], out),
    );
    const tarball = `${tmp}/${JSON.parse(pack.stdout)[0].filename}`;

    // The consumer project and what Deno makes of the same inputs.
    const project = `${tmp}/project`;
    const fixture = await Deno.readTextFile(`${ROOT}/${FIXTURE}`);
    await write(project, {
      "package.json": JSON.stringify({ name: "consumer", private: true, type: "module" }),
      "fixture.log": fixture,
      "rules.yml": RULES,
      "bad.yml": BAD_RULES,
      "health.yaml": HEALTH,
      "health_bad.yaml": HEALTH_BAD,
      "serve.yaml": HEALTH_SERVE,
      "package.test.mjs": await Deno.readTextFile(`${ROOT}/tests/npm/package_suite.mjs`),
      "consumer.ts": await Deno.readTextFile(`${ROOT}/tests/npm/consumer.ts`),
      "tsconfig.json": JSON.stringify(TSCONFIG, null, 2),
    });
    const install = run("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--no-package-lock",
      tarball,
      `typescript@${tsRange}`,
      "@types/node@20",
    ], { cwd: project });

    const chunks: Uint8Array[] = [];
    const result = await processLogStream(
      ReadableStream.from([new TextEncoder().encode(fixture)]),
      new WritableStream({ write: (c) => void chunks.push(c) }),
      { ...OPTIONS, configPath: `${project}/rules.yml` },
    );
    const expectedOut = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    chunks.reduce((at, c) => (expectedOut.set(c, at), at + c.length), 0);
    await Deno.writeFile(`${project}/expected.out`, expectedOut);
    const deno = (script: string, args: string[], stdin?: string) =>
      run(Deno.execPath(), ["run", "-A", "--quiet", `${ROOT}/${script}`, ...args], {
        cwd: project,
        stdin,
      });
    const cli = await pool(CLI_CASES, 3, async (c) => {
      const r = await deno("cli.ts", c.args, c.stdin);
      const files: Record<string, string> = {};
      for (const f of c.files ?? []) files[f] = await Deno.readTextFile(`${project}/${f}`);
      return { ...c, code: r.code, stdout: r.stdout, stderr: r.stderr, files };
    });
    const porthealth = await pool(HEALTH_CASES, 3, async (args) => {
      const r = await deno("serve.ts", args);
      return { args, code: r.code, stdout: r.stdout, stderr: r.stderr };
    });
    // The cases mean what they say on the Deno side, too.
    assert.deepEqual(cli.map((c) => c.code), [0, 0, 0, 0, 0, 0, 2, 2, 1, 1, 2, 2, 0, 2]);
    assert.deepEqual(porthealth.map((c) => c.code), [0, 0, 0, 2, 2, 2]);
    await Deno.writeTextFile(
      `${project}/expected.json`,
      JSON.stringify({ options: OPTIONS, result, cli, porthealth }, null, 2),
    );

    time(
      "install",
      await install.then((r) => {
        if (r.code !== 0) assert.fail(`npm install failed (exit ${r.code}):\n${r.stderr}`);
        return r;
      }),
    );

    // Node, then Bun (they share the project's files); tsc alongside.
    const tsc = run("node", ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], {
      cwd: project,
    });
    const node = time(
      "node --test",
      await ok(
        "node --test",
        "node",
        ["--test", "--test-reporter=spec", "package.test.mjs"],
        project,
      ),
    );
    const bun = time(
      "bun test",
      await ok(
        "bun test",
        "npx",
        // bun's default per-test timeout (5 s) is short for a loaded machine.
        ["-y", BUN, "test", "--timeout", "60000", "./package.test.mjs"],
        project,
      ),
    );
    const checked = time("tsc", await tsc);
    if (checked.code !== 0) {
      assert.fail(`tsc failed (exit ${checked.code}):\n${checked.stdout}\n${checked.stderr}`);
    }
    // Both runners ran the whole suite (a file that fails to load reports 0 tests).
    assert.match(node.stdout, /^ℹ pass 11$/m);
    assert.match(node.stdout, /^ℹ fail 0$/m);
    assert.match(bun.stderr, /^ 11 pass$/m);
    assert.match(bun.stderr, /^ 0 fail$/m);
  });
  timings.push(`total ${((performance.now() - started) / 1000).toFixed(1)}s`);
  console.log(`npm package: ${timings.join(", ")}`);
});
