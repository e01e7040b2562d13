/**
 * The command line of `trimlog`: flags parsed as `node:util` `parseArgs` does
 * (`parse_flags.ts`, which spares the command Node's compatibility layer). The trim
 * options' flags, their values and ranges come from the option table
 * (`trim/options.ts`); the command's own flags from `help.ts`.
 *
 * @module
 */

import { maskSecretsIn } from "../trim/errors.ts";
import { OPTIONS, type OptionSpec } from "../trim/options.ts";
import type { TrimOptions } from "../trim/types.ts";
import { COMMAND_FLAGS_AFTER, COMMAND_FLAGS_BEFORE } from "./help.ts";
import { type FlagSpec, parseFlags } from "./parse_flags.ts";

/**
 * A usage error: exit code 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCommandLine, UsageError } from "./args.ts";
 * assert.throws(() => parseCommandLine(["--bogus"]), UsageError);
 * ```
 */
export class UsageError extends Error {
  /** A message for people; a secret it quotes (a flag's bad value) is masked. */
  constructor(message: string) {
    super(maskSecretsIn(message));
  }
}

/** What the command line asks for. */
export interface CommandLine {
  /** The (first) input FILE (undefined: standard input). */
  file: string | undefined;
  /** Every input FILE, in order (empty: standard input). */
  files: string[];
  /** `-o FILE`. */
  output: string | undefined;
  /** `--stats`. */
  stats: boolean;
  /** `--json`. */
  json: boolean;
  /** The trim options the flags set. */
  options: TrimOptions;
  /** `--config PATH`. */
  configPath: string | undefined;
  /** `--no-config`. */
  noConfig: boolean;
  /** `--no-telemetry`. */
  noTelemetry: boolean;
  /** `--explain`. */
  explain: boolean;
}

/**
 * The table of every flag of the command, by long name (what `parseArgs` of
 * `node:util` takes as `options`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandFlags } from "./args.ts";
 * assert.deepEqual(commandFlags().output, { type: "string", short: "o" });
 * ```
 */
export function commandFlags(): Record<string, FlagSpec> {
  const flags: Record<string, FlagSpec> = {};
  for (const f of [...COMMAND_FLAGS_BEFORE, ...COMMAND_FLAGS_AFTER]) {
    flags[f.flag] = f.short ? { type: f.type, short: f.short } : { type: f.type };
  }
  for (const o of OPTIONS) {
    if (o.cli === undefined) continue;
    const type = o.cli.arg === undefined ? "boolean" : "string";
    flags[o.cli.flag] = o.cli.short ? { type, short: o.cli.short } : { type };
  }
  return flags;
}

/**
 * Parses the command line (without the program name): what to do, or `help`,
 * `version`, `telemetry-summary`. Throws {@linkcode UsageError} naming the flag and
 * what it accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCommandLine } from "./args.ts";
 * const c = parseCommandLine(["-a", "low", "--sample", "20", "build.log"]);
 * assert.ok(typeof c === "object" && c.file === "build.log");
 * assert.deepEqual(c.options, { aggressiveness: "low", sampleSize: 20 });
 * assert.throws(() => parseCommandLine(["--sample=-3"]), /--sample: "-3" is not a whole number >= 0/);
 * ```
 */
export function parseCommandLine(
  argv: readonly string[],
): CommandLine | "help" | "version" | "telemetry-summary" {
  let parsed;
  try {
    parsed = parseFlags(argv, commandFlags());
  } catch (e) {
    throw new UsageError(_describeParseError(e));
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (v.help) return "help";
  if (v.version) return "version";
  if (v["telemetry-summary"]) return "telemetry-summary";
  if (v.config !== undefined && v["no-config"]) {
    throw new UsageError("--config and --no-config cannot be combined");
  }
  if (parsed.positionals.length > 1 && parsed.positionals.includes("-")) {
    throw new UsageError("standard input (-) cannot be one of several input FILEs");
  }
  const options: Record<string, unknown> = {};
  for (const o of OPTIONS) {
    const raw = o.cli === undefined ? undefined : v[o.cli.flag];
    if (raw !== undefined && raw !== false) options[o.name] = _value(o, raw);
  }
  if (v.format !== undefined) {
    // --format is --output-format's short name: one option, one list of values.
    const spec = OPTIONS.find((o) => o.name === "outputFormat")!;
    const format = _value({ ...spec, cli: { ...spec.cli!, flag: "format" } }, v.format);
    if (options.outputFormat !== undefined && options.outputFormat !== format) {
      throw new UsageError("--format and --output-format name different formats");
    }
    options.outputFormat = format;
  }
  if (v.explain && options.outputFormat === "markdown") {
    throw new UsageError("--explain and --format markdown cannot be combined");
  }
  if (v.explain && parsed.positionals.length > 1) {
    throw new UsageError("--explain reads one input FILE, got several");
  }
  if (v.explain && v.json) {
    throw new UsageError("--explain and --json cannot be combined");
  }
  if (v.json && v.output === undefined) {
    throw new UsageError("--json prints the result on stdout, so it needs -o FILE for the log");
  }
  const file = parsed.positionals[0];
  return {
    file: file === "-" ? undefined : file,
    files: parsed.positionals.filter((f) => f !== "-"),
    output: v.output as string | undefined,
    stats: v.stats === true,
    json: v.json === true,
    options: options as TrimOptions,
    configPath: v.config as string | undefined,
    noConfig: v["no-config"] === true,
    noTelemetry: v["no-telemetry"] === true,
    explain: v.explain === true,
  };
}

/** The option value of a flag's raw value. */
function _value(o: OptionSpec, raw: string | boolean): unknown {
  const flag = `--${o.cli!.flag}`;
  // A switch: a `--no-…` flag turns its option off, any other turns it on.
  if (typeof raw === "boolean") return !o.cli!.flag.startsWith("no-");
  switch (o.kind) {
    case "enum":
      if (!o.values!.includes(raw)) {
        throw new UsageError(`${flag}: "${raw}" is not one of ${o.values!.join(", ")}`);
      }
      return raw;
    case "count":
      return _int(flag, raw, o.cli!.min ?? o.min ?? 0, o.max);
    case "regexp":
      return _regex(flag, raw);
    default:
      return raw;
  }
}

function _regex(flag: string, raw: string): RegExp {
  try {
    return new RegExp(raw);
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    throw new UsageError(`${flag}: invalid regular expression ${JSON.stringify(raw)}: ${why}`);
  }
}

function _int(flag: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${flag}: "${raw}" is not a whole number ${range}`);
  }
  return n;
}

function _describeParseError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const unknown = msg.match(/Unknown option '([^']+)'/);
  if (unknown) return `unknown flag ${unknown[1]} (see --help)`;
  const missing = msg.match(/Option '([^']+?)(?: <value>)?' argument missing/);
  if (missing) return `${missing[1].replace(/^-\w, /, "")} needs a value`;
  const noValue = msg.match(/Option '([^']+)' does not take an argument/);
  if (noValue) return `${noValue[1]} does not take a value`;
  const dash = msg.match(/Option '([^']+)' argument is ambiguous/);
  if (dash) {
    const flag = dash[1];
    const form = flag.startsWith("--") ? `${flag}=-…` : `${flag}-…`;
    return `${flag} needs a value; one starting with "-" is written ${form}`;
  }
  return msg.split("\n")[0];
}
