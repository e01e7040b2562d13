/**
 * Command-line flags of the `porthealth` executable.
 *
 * @module
 */

import type { LogFormat } from "./log.ts";

/**
 * The default configuration file.
 *
 * @example Without --config
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_CONFIG_PATH, parseArgs } from "./args.ts";
 * const args = parseArgs([]);
 * assert.ok(args.config === DEFAULT_CONFIG_PATH && !args.configGiven);
 * ```
 */
export const DEFAULT_CONFIG_PATH = "/etc/porthealth/config.yaml";

/**
 * Parsed command-line flags.
 *
 * @example Reading parsed flags
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Args, parseArgs } from "./args.ts";
 * const args: Args = parseArgs(["--config", "/srv/porthealth.yaml", "--log-format=json"]);
 * assert.ok(args.config === "/srv/porthealth.yaml" && args.configGiven && args.logFormat === "json");
 * assert.ok(!args.checkConfig && !args.version && !args.help);
 * ```
 */
export interface Args {
  /** `--config <path>`; default {@linkcode DEFAULT_CONFIG_PATH}. */
  config: string;
  /** Whether `--config` was given. */
  configGiven: boolean;
  /** `--check-config`: validate, print a summary, exit. */
  checkConfig: boolean;
  /** `--version`. */
  version: boolean;
  /** `--help` / `-h`. */
  help: boolean;
  /** `--log-format text|json`; default `text`. */
  logFormat: LogFormat;
}

/**
 * A flag that could not be understood; exit code 2.
 *
 * @example Rejecting an unknown flag
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs, UsageError } from "./args.ts";
 * let error: unknown;
 * try {
 *   parseArgs(["--verbose"]);
 * } catch (err) {
 *   error = err;
 * }
 * assert.ok(error instanceof UsageError); // porthealth prints it and exits with 2
 * ```
 */
export class UsageError extends Error {
  /** Create a usage error with a one-line message. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * The `--help` text.
 *
 * @example Answering --help
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs, USAGE } from "./args.ts";
 * const out: string[] = [];
 * if (parseArgs(["-h"]).help) out.push(USAGE);
 * assert.ok(out[0].startsWith("Usage: porthealth") && out[0].includes("--check-config"));
 * ```
 */
export const USAGE: string = `Usage: porthealth [--config <path>] [--log-format text|json]
       porthealth --check-config [--config <path>]
       porthealth --version | --help

TCP port health-check HTTP service.

Options:
  --config <path>        configuration file (default ${DEFAULT_CONFIG_PATH})
  --check-config         validate the configuration, print a summary, and exit
  --log-format <format>  text (default) or json: one JSON object per line
  --version              print the version and exit
  -h, --help             print this help and exit

Endpoints: /health (JSON, 200 or 503), /live (OK), / (status page), /metrics (Prometheus).
Signals: SIGHUP reloads the configuration, SIGINT/SIGTERM shut down gracefully.
Exit codes: 0 ok, 1 runtime failure (e.g. listen port in use), 2 bad flags or configuration.`;

/**
 * Parse flags; `--flag=value` and `--flag value` are both accepted. Throws
 * {@linkcode UsageError} on anything unknown.
 *
 * @example Parsing flags
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * const args = parseArgs(["--config", "a.yaml", "--log-format=json"]);
 * assert.ok(args.config === "a.yaml" && args.logFormat === "json");
 * ```
 */
export function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    config: DEFAULT_CONFIG_PATH,
    configGiven: false,
    checkConfig: false,
    version: false,
    help: false,
    logFormat: "text",
  };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i];
    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    const value = () => {
      if (eq > 0) return raw.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--config": {
        const v = value();
        if (v === "") throw new UsageError("--config needs a path");
        args.config = v;
        args.configGiven = true;
        break;
      }
      case "--log-format": {
        const v = value();
        if (v !== "text" && v !== "json") {
          throw new UsageError(`--log-format must be text or json, got ${JSON.stringify(v)}`);
        }
        args.logFormat = v;
        break;
      }
      case "--check-config":
      case "--version":
      case "--help":
      case "-h":
        if (eq > 0) throw new UsageError(`${flag} takes no value`);
        if (flag === "--check-config") args.checkConfig = true;
        else if (flag === "--version") args.version = true;
        else args.help = true;
        break;
      default:
        throw new UsageError(
          raw.startsWith("-")
            ? `unknown flag ${raw}`
            : `unexpected argument ${JSON.stringify(raw)}`,
        );
    }
  }
  return args;
}
