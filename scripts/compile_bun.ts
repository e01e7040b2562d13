/**
 * Builds the single executables `porthealth` and `trimlog` with Bun
 * (`deno task compile:bun`), offline apart from the npm registry.
 *
 * Both are the npm package's bins, so they run the same sources through the same Node
 * edges (`adapters/node/health.ts`, `adapters/node/cli.ts`) that `npx trimlog` runs:
 *
 * 1. `scripts/build_npm.ts` builds the package into a staging directory;
 * 2. `npm install --omit=dev` there fetches its dependencies (yaml) from the npm registry;
 * 3. `bun build --compile` bundles each bin with Bun's runtime into one file in `dist/`,
 *    without Bun's start-up loading of `.env` and `bunfig.toml` from the working directory.
 *
 * Bun comes from the npm registry too (`npx -y bun@1.4.5`, {@linkcode BUN}), so nothing
 * else is downloaded. The executables are for the building machine's platform (Bun's
 * `--target` for other platforms downloads their runtime from GitHub, so it is not offered).
 * `deno task compile` (`deno compile`) is the other path: it needs Deno's runtime download.
 *
 * Usage:
 *   deno run -A scripts/compile_bun.ts [--out DIR] [--npm-dir DIR]
 *     --out DIR       where the executables go (default: dist)
 *     --npm-dir DIR   build the npm package there and keep it (default: a temporary directory)
 *
 * Exit codes: 0 built, 1 a step failed (its output is shown), 2 bad arguments.
 *
 * @module
 */

import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BuildError, buildNpm, NPM_BINS } from "./build_npm.ts";

/**
 * Runtime flags each executable carries: porthealth runs as a long-lived sidecar, where
 * memory counts more than peak speed, so it runs with Bun's `--smol` (a smaller heap,
 * collected more often; bench/health/README.md has the figures).
 */
export const COMPILE_EXEC_ARGV: Readonly<Record<string, readonly string[]>> = {
  porthealth: ["--smol"],
};

/** The Bun release the executables are built with, as npx installs it. */
export const BUN = "bun@1.4.5";

/** A step of the build failed; the message names it and carries its output. */
export class CompileError extends Error {
  /** Builds the error. */
  constructor(message: string) {
    super(message);
    this.name = "CompileError";
  }
}

/** Options of {@linkcode compileBun}. */
export interface CompileOptions {
  /** The repository root (with deno.json); default: the parent of `scripts/`. */
  root?: string;
  /** Where the executables go; default `<root>/dist`. */
  outDir?: string;
  /** Build the npm package here and keep it; default: a temporary directory, removed. */
  npmDir?: string;
  /** The Bun executable; default: the one `npx -y bun@1.4.5` installs ({@linkcode bunPath}). */
  bun?: string;
}

/** One executable built. */
export interface Executable {
  /** The command: `porthealth` or `trimlog`. */
  command: string;
  /** Its absolute path. */
  path: string;
  /** Its size in bytes. */
  bytes: number;
}

/** What {@linkcode compileBun} built. */
export interface CompileSummary {
  /** The executables, in {@linkcode NPM_BINS} order. */
  executables: Executable[];
  /** The Bun executable used. */
  bun: string;
  /** Milliseconds per step: `npm` (build and install), `compile` (both executables). */
  ms: { npm: number; compile: number };
}

/** Runs a command; throws a {@linkcode CompileError} with its output when it fails. */
async function _run(what: string, cmd: string, args: string[], cwd: string): Promise<string> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(cmd, {
      args,
      cwd,
      stdin: "null",
      env: { NO_COLOR: "1", npm_config_update_notifier: "false" },
    }).output();
  } catch (e) {
    throw new CompileError(`${what}: cannot run ${cmd}: ${e instanceof Error ? e.message : e}`);
  }
  const dec = new TextDecoder();
  if (!out.success) {
    const output = (dec.decode(out.stdout) + dec.decode(out.stderr)).trim().slice(-4000);
    throw new CompileError(
      `${what} failed (exit ${out.code}): ${cmd} ${args.join(" ")}\n${output}`,
    );
  }
  return dec.decode(out.stdout);
}

/**
 * The path of the Bun executable that `npx -y bun@1.4.5` installs (from the npm
 * registry, into npx's cache; at once when already there). Throws a
 * {@linkcode CompileError} when Bun cannot be installed.
 *
 * @example
 * ```ts ignore
 * import { bunPath } from "./compile_bun.ts";
 * console.log(await bunPath()); // ~/.npm/_npx/…/node_modules/bun/bin/bun.exe
 * ```
 */
export async function bunPath(cwd: string = Deno.cwd()): Promise<string> {
  const out = await _run(
    `installing Bun (npx -y ${BUN})`,
    "npx",
    ["-y", BUN, "-e", "console.log(process.execPath)"],
    cwd,
  );
  const path = out.trim().split("\n").pop() ?? "";
  if (!path) throw new CompileError(`npx -y ${BUN} did not print its executable's path`);
  return path;
}

/**
 * Builds `porthealth` and `trimlog` into `outDir` (see the module documentation).
 *
 * @example
 * ```ts ignore
 * import { compileBun } from "./compile_bun.ts";
 * const { executables } = await compileBun({ outDir: "/tmp/bin" });
 * console.log(executables.map((e) => e.path)); // ["/tmp/bin/trimlog", "/tmp/bin/porthealth"]
 * ```
 */
export async function compileBun(options: CompileOptions = {}): Promise<CompileSummary> {
  const root = resolve(options.root ?? fileURLToPath(new URL("..", import.meta.url)));
  const outDir = resolve(root, options.outDir ?? "dist");
  const bun = options.bun ?? await bunPath(root);
  const staging = options.npmDir === undefined
    ? await Deno.makeTempDir({ prefix: "trimlog-compile-" })
    : undefined;
  const npmDir = staging ? join(staging, "npm") : resolve(root, options.npmDir!);
  try {
    const t0 = performance.now();
    await buildNpm({ root, outDir: npmDir });
    await _run("npm install (the package's dependencies)", "npm", [
      "install",
      "--omit=dev",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--prefer-offline",
    ], npmDir);
    const t1 = performance.now();
    await Deno.mkdir(outDir, { recursive: true });
    const executables = await Promise.all(
      Object.keys(NPM_BINS).map(async (command) => {
        const path = join(outDir, command);
        await _run(`bun build --compile (${command})`, bun, [
          "build",
          "--compile",
          // By default Bun's executables read .env and bunfig.toml from the working
          // directory at start; these commands take their settings only from flags,
          // files named on the command line and the real environment, as on Deno.
          "--no-compile-autoload-dotenv",
          "--no-compile-autoload-bunfig",
          ...(COMPILE_EXEC_ARGV[command] ?? []).map((a) => `--compile-exec-argv=${a}`),
          join(npmDir, "bin", `${command}.js`),
          "--outfile",
          path,
        ], npmDir);
        return { command, path, bytes: (await Deno.stat(path)).size };
      }),
    );
    return {
      executables,
      bun,
      ms: { npm: Math.round(t1 - t0), compile: Math.round(performance.now() - t1) },
    };
  } finally {
    if (staging) await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}

const _USAGE = "usage: compile_bun.ts [--out DIR] [--npm-dir DIR]";

if (import.meta.main) {
  const options: CompileOptions = {};
  const args = [...Deno.args];
  while (args.length) {
    const arg = args.shift()!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    if (flag !== "--out" && flag !== "--npm-dir") {
      console.error(`compile_bun: unknown argument ${arg} (${_USAGE})`);
      Deno.exit(2);
    }
    const value = inline ?? args.shift();
    if (!value) {
      console.error(`compile_bun: ${flag} needs a directory (${_USAGE})`);
      Deno.exit(2);
    }
    if (flag === "--out") options.outDir = resolve(value);
    else options.npmDir = resolve(value);
  }
  try {
    const r = await compileBun(options);
    const mb = (n: number) => (n / 1e6).toFixed(1);
    for (const e of r.executables) {
      console.log(`compile_bun: ${relative(Deno.cwd(), e.path) || e.path} (${mb(e.bytes)} MB)`);
    }
    console.log(
      `compile_bun: npm package ${r.ms.npm} ms, bun build --compile ${r.ms.compile} ms (${BUN})`,
    );
  } catch (e) {
    if (!(e instanceof CompileError || e instanceof BuildError)) throw e;
    console.error(`compile_bun: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
