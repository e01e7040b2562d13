/**
 * The `trimlog` command: reduce a log file or standard input.
 *
 * ```sh
 * trimlog [options] [FILE|-]
 * ```
 *
 * Exit codes: 0 success; 1 runtime failure (one message on stderr); 2 usage error
 * (the message names the flag and its valid values); 130 interrupted (partial output
 * flushed).
 *
 * @module
 */

import { parseArgs } from "node:util";
import { loadTrimConfig } from "./adapters/config_file.ts";
import { assertDistinctOutput } from "./adapters/file.ts";
import { loadTelemetry, telemetryFilePath, tryRecordTelemetry } from "./adapters/telemetry_fs.ts";
import { mergeTrimConfigs } from "./trim/config.ts";
import { formatTelemetrySummary, telemetryDisabled } from "./trim/telemetry.ts";
import { TrimError } from "./trim/errors.ts";
import { processLogStream } from "./trim/process.ts";
import type { Aggressiveness, TrimOptions, TrimResult } from "./trim/types.ts";
import { VERSION } from "./trim/version.ts";

/** Exit code: success. */
export const EXIT_OK = 0;
/** Exit code: runtime failure (unreadable file, write error). */
export const EXIT_FAILURE = 1;
/** Exit code: usage error (unknown flag, bad value). */
export const EXIT_USAGE = 2;
/** Exit code: interrupted by SIGINT; partial output was flushed. */
export const EXIT_INTERRUPTED = 130;

const _HELP = `trimlog ${VERSION} — reduce a log for people and LLMs

Usage: trimlog [options] [FILE|-]

Reads FILE (or standard input when FILE is - or absent), masks secrets and volatile
values, folds repeats into [xN] lines and writes the reduced log to standard output.

Options:
  -o, --output FILE            write the reduced log to FILE instead of stdout
      --stats                  print a one-line summary to stderr
      --json                   print the result as JSON on stdout (needs -o)
  -a, --aggressiveness LEVEL   low | medium | high | aggressive | auto (default auto)
      --max-line-length N      lines longer than N characters become [TRUNCATED]
      --preserve-id-suffix N   keep the last N (0-16) characters of masked ids/hashes
      --no-dedupe              do not fold repeats into [xN] lines
      --config PATH            custom rules from PATH (default: ./.trim.yml when present)
      --no-config              ignore any .trim.yml
      --no-telemetry           do not record this run's savings (also TRIM_TELEMETRY=0)
      --telemetry-summary      print the local savings summary and exit
  -h, --help                   show this help
  -V, --version                show the version

Telemetry: each run's token savings are recorded locally in ~/.trim/telemetry.json
(or $TRIM_TELEMETRY_DIR/telemetry.json). Nothing is ever sent anywhere.

Exit codes: 0 ok, 1 runtime failure, 2 usage error or invalid config, 130 interrupted.
`;

const _LEVELS = ["low", "medium", "high", "aggressive", "auto"];

/** A usage error: exit code 2. */
class _UsageError extends Error {}

interface _Parsed {
  file: string | undefined;
  output: string | undefined;
  stats: boolean;
  json: boolean;
  options: TrimOptions;
  configPath: string | undefined;
  noConfig: boolean;
  noTelemetry: boolean;
}

function _parse(argv: string[]): _Parsed | "help" | "version" | "telemetry-summary" {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: "string", short: "o" },
        stats: { type: "boolean" },
        json: { type: "boolean" },
        aggressiveness: { type: "string", short: "a" },
        "max-line-length": { type: "string" },
        "preserve-id-suffix": { type: "string" },
        "no-dedupe": { type: "boolean" },
        config: { type: "string" },
        "no-config": { type: "boolean" },
        "no-telemetry": { type: "boolean" },
        "telemetry-summary": { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "V" },
      },
    });
  } catch (e) {
    throw new _UsageError(_describeParseError(e));
  }
  const v = parsed.values;
  if (v.help) return "help";
  if (v.version) return "version";
  if (v["telemetry-summary"]) return "telemetry-summary";
  if (v.config !== undefined && v["no-config"]) {
    throw new _UsageError("--config and --no-config cannot be combined");
  }
  if (parsed.positionals.length > 1) {
    throw new _UsageError(
      `expected at most one input FILE, got ${parsed.positionals.length}: ${
        parsed.positionals.join(" ")
      }`,
    );
  }
  const options: TrimOptions = {};
  if (v.aggressiveness !== undefined) {
    if (!_LEVELS.includes(v.aggressiveness)) {
      throw new _UsageError(
        `--aggressiveness: "${v.aggressiveness}" is not one of ${_LEVELS.join(", ")}`,
      );
    }
    options.aggressiveness = v.aggressiveness as Aggressiveness;
  }
  if (v["max-line-length"] !== undefined) {
    options.maxLineLength = _int("--max-line-length", v["max-line-length"], 1);
  }
  if (v["preserve-id-suffix"] !== undefined) {
    options.preserveIdSuffix = _int("--preserve-id-suffix", v["preserve-id-suffix"], 0, 16);
  }
  if (v["no-dedupe"]) options.dedupe = false;
  if (v.json && v.output === undefined) {
    throw new _UsageError("--json prints the result on stdout, so it needs -o FILE for the log");
  }
  const file = parsed.positionals[0];
  return {
    file: file === "-" ? undefined : file,
    output: v.output,
    stats: v.stats ?? false,
    json: v.json ?? false,
    options,
    configPath: v.config,
    noConfig: v["no-config"] ?? false,
    noTelemetry: v["no-telemetry"] ?? false,
  };
}

function _int(flag: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new _UsageError(`${flag}: "${raw}" is not a whole number ${range}`);
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
  return msg.split("\n")[0];
}

/** A one-line summary for `--stats`. */
function _summary(r: TrimResult): string {
  const s = r.stats;
  const f = (n: number) => n.toLocaleString("en-US");
  let line = `trimlog: ${f(s.inputLines)} → ${f(s.outputLines)} lines, ${f(r.inputTokens)} → ${
    f(r.outputTokens)
  } tokens (${r.savingsPercent}% saved)`;
  if (r.detectedFormat) line += `, format ${r.detectedFormat}`;
  if (r.detectedSources?.length) line += `, sources ${r.detectedSources.slice(0, 3).join(", ")}`;
  if (r.timedOut) line += ", timed out (partial)";
  return line;
}

/** Counts bytes through an input and prints a progress line on a terminal. */
async function* _withProgress(
  input: AsyncIterable<Uint8Array>,
  total: number,
): AsyncGenerator<Uint8Array> {
  let seen = 0;
  let last = 0;
  const enc = new TextEncoder();
  const mb = (n: number) => (n / 1048576).toFixed(0);
  for await (const chunk of input) {
    seen += chunk.byteLength;
    const now = Date.now();
    if (now - last > 250) {
      last = now;
      Deno.stderr.writeSync(
        enc.encode(
          `\rtrimlog: ${mb(seen)} / ${mb(total)} MB (${Math.floor((seen / total) * 100)}%)`,
        ),
      );
    }
    yield chunk;
  }
  Deno.stderr.writeSync(enc.encode("\r\x1b[K"));
}

/** Runs the command with `argv`; resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  const err = (msg: string) => console.error(`trimlog: ${msg}`);
  let parsed: ReturnType<typeof _parse>;
  try {
    parsed = _parse(argv);
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return EXIT_USAGE;
  }
  if (parsed === "help") {
    console.log(_HELP);
    return EXIT_OK;
  }
  if (parsed === "version") {
    console.log(`trimlog ${VERSION}`);
    return EXIT_OK;
  }
  if (parsed === "telemetry-summary") {
    try {
      console.log(formatTelemetrySummary(await loadTelemetry({ onWarning: err })));
      console.log(`Store: ${telemetryFilePath()}`);
      return EXIT_OK;
    } catch (e) {
      err(_reason(e));
      return EXIT_FAILURE;
    }
  }
  const { file, output } = parsed;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  Deno.addSignalListener("SIGINT", onSigint);
  let outFile: Deno.FsFile | undefined;
  try {
    const loaded = parsed.noConfig ? undefined : await loadTrimConfig({
      configPath: parsed.configPath,
    });
    if (loaded) parsed.options.config = mergeTrimConfigs(loaded.config);
    let input: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> = Deno.stdin.readable;
    if (file !== undefined) {
      let inFile: Deno.FsFile;
      try {
        inFile = await Deno.open(file);
      } catch (e) {
        err(`cannot read ${file}: ${_reason(e)}`);
        return EXIT_FAILURE;
      }
      const size = (await inFile.stat()).size;
      input = inFile.readable;
      if (size > 50 * 1024 * 1024 && Deno.stderr.isTerminal()) {
        input = _withProgress(inFile.readable, size);
      }
    }
    if (output !== undefined) {
      if (file !== undefined) await assertDistinctOutput(file, output);
      try {
        outFile = await Deno.open(output, { write: true, create: true, truncate: true });
      } catch (e) {
        err(`cannot write ${output}: ${_reason(e)}`);
        return EXIT_FAILURE;
      }
    }
    const sink = outFile ? outFile.writable : Deno.stdout.writable;
    const result = await processLogStream(input, sink, {
      ...parsed.options,
      signal: controller.signal,
    });
    const full: TrimResult = output !== undefined ? { ...result, outputPath: output } : result;
    if (parsed.stats) console.error(_summary(full));
    if (parsed.json) console.log(JSON.stringify(full, null, 2));
    if (!parsed.noTelemetry && !telemetryDisabled(Deno.env)) {
      await tryRecordTelemetry(full, { onWarning: err });
    }
    return EXIT_OK;
  } catch (e) {
    if (e instanceof TrimError) {
      if (e.code === "ABORTED") {
        err("interrupted; partial output was flushed");
        return EXIT_INTERRUPTED;
      }
      err(e.message);
      return e.code === "SAME_INPUT_OUTPUT" || e.code === "INVALID_OPTION" ||
          e.code === "INVALID_CONFIG"
        ? EXIT_USAGE
        : EXIT_FAILURE;
    }
    if (e instanceof Deno.errors.BrokenPipe) return EXIT_OK; // reader went away (| head)
    err(_reason(e));
    return EXIT_FAILURE;
  } finally {
    Deno.removeSignalListener("SIGINT", onSigint);
  }
}

function _reason(e: unknown): string {
  if (e instanceof Deno.errors.NotFound) return "no such file or directory";
  if (e instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (e instanceof Deno.errors.IsADirectory) return "is a directory";
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0];
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
