/**
 * The `porthealth` program over an injected {@linkcode Runtime}: flags, config loading and
 * `--check-config`; the running service (listener, reload on SIGHUP, graceful shutdown on
 * SIGINT/SIGTERM) is `service.ts`. `serve.ts` (Deno) and `adapters/node/health.ts` (Node,
 * Bun) supply the runtime.
 *
 * @module
 */

import { type Args, parseArgs, USAGE, UsageError } from "./args.ts";
import { describeConfig, type HealthConfig, parseConfig } from "./config.ts";
import { LoadError, loadErrorLines, readProblem } from "./problems.ts";
import { EXIT, type Runtime } from "./runtime.ts";
import { runService } from "./service.ts";
import { VERSION } from "./version.ts";

export {
  concurrencyForFileLimit,
  EXIT,
  type Listening,
  type ListenOptions,
  type Runtime,
  type Signal,
} from "./runtime.ts";

/**
 * Run porthealth until shut down; resolves with the exit code.
 *
 * @example Printing the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./main.ts";
 * const out: string[] = [];
 * const code = await main({
 *   args: ["--version"],
 *   readTextFile: () => Promise.reject(new Error("unused")),
 *   env: () => undefined,
 *   dial: () => Promise.resolve(),
 *   listen: () => Promise.reject(new Error("unused")),
 *   onSignal: () => {},
 *   stdout: (line) => out.push(line),
 *   stderr: () => {},
 * });
 * assert.ok(code === 0 && out[0].startsWith("porthealth "));
 * ```
 */
export async function main(rt: Runtime): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(rt.args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    rt.stderr(`porthealth: ${err.message} (see porthealth --help)`);
    return EXIT.CONFIG;
  }
  if (args.help) {
    rt.stdout(USAGE);
    return EXIT.OK;
  }
  if (args.version) {
    rt.stdout(`porthealth ${VERSION}`);
    return EXIT.OK;
  }
  const load = () => _loadConfig(rt, args);
  let config: HealthConfig;
  try {
    config = await load();
  } catch (err) {
    for (const line of loadErrorLines(err)) rt.stderr(`porthealth: ${line}`);
    return EXIT.CONFIG;
  }
  if (args.checkConfig) {
    rt.stdout(`porthealth: ${args.config} is valid`);
    rt.stdout(describeConfig(config));
    return EXIT.OK;
  }
  return runService(rt, args, config, load);
}

// The file named by --config, validated: a one-line LoadError when it cannot be read, a
// ConfigError when it is invalid.
async function _loadConfig(rt: Runtime, args: Args): Promise<HealthConfig> {
  let text: string;
  try {
    text = await rt.readTextFile(args.config);
  } catch (err) {
    throw new LoadError(readProblem(args.config, args.configGiven, err));
  }
  return parseConfig(text, { file: args.config, env: rt.env });
}
