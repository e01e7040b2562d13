/**
 * The `trimlog` command over an injected {@linkcode CliRuntime}: flags, input and
 * output, `--stats`, `--json`, `--explain`, telemetry and exit codes. `cli.ts` supplies
 * the Deno runtime, `adapters/node/cli.ts` the Node and Bun one (the npm bin), so both
 * share one flag parser and behave the same.
 *
 * @example Printing the version with a stub runtime
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CliRuntime, EXIT_OK, runCli } from "./run.ts";
 * const unused = () => {
 *   throw new Error("unused");
 * };
 * const rt: CliRuntime = {
 *   stdin: unused,
 *   stdout: unused,
 *   openInput: unused,
 *   openOutput: unused,
 *   realPath: unused,
 *   exists: () => Promise.resolve(false),
 *   env: () => undefined,
 *   stderrIsTerminal: () => false,
 *   writeStderr: () => {},
 *   onInterrupt: () => () => {},
 *   isBrokenPipe: () => false,
 *   errorReason: () => undefined,
 * };
 * assert.ok((await runCli(["--version"], rt)) === EXIT_OK);
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { assertDistinctOutput } from "../adapters/node/file.ts";
import { mergeTrimConfigs } from "../trim/config/rules.ts";
import { formatTelemetrySummary, telemetryDisabled } from "../trim/telemetry.ts";
import { TrimError } from "../trim/errors.ts";
import { processLogStream } from "../trim/process.ts";
import type {
  Aggressiveness,
  MultilineMode,
  OutputFormat,
  SeverityLevel,
  TrimOptions,
  TrimResult,
} from "../trim/types.ts";
import { ExplainWriter } from "./explain.ts";
import { LineSplitter } from "../trim/stages/split.ts";
import { VERSION } from "../trim/version.ts";

/** A readable byte source: a Web `ReadableStream` or an async iterable (a Node `Readable`). */
export type CliReadable = AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;

/** An input file opened by {@linkcode CliRuntime.openInput}. */
export interface CliInputFile {
  /** The file's bytes. */
  readable: CliReadable;
  /** The file's size in bytes (for the progress line). */
  size: number;
}

/**
 * What {@linkcode runCli} needs from its runtime. Everything else (flags, messages,
 * exit codes) is shared, so the Deno and Node commands behave the same.
 */
export interface CliRuntime {
  /** Standard input; called only when the input is standard input. */
  stdin(): CliReadable;
  /** Standard output for the reduced log; called only without `-o`, closed at the end. */
  stdout(): WritableStream<Uint8Array>;
  /** Opens FILE for reading; rejects with the runtime's error (NotFound / ENOENT …). */
  openInput(path: string): Promise<CliInputFile>;
  /** Creates or truncates FILE for writing; the stream is closed at the end. */
  openOutput(path: string): Promise<WritableStream<Uint8Array>>;
  /** Resolves a path's links; rejects when it does not exist. */
  realPath(path: string): Promise<string>;
  /** Whether something exists at `path`. */
  exists(path: string): Promise<boolean>;
  /** Looks up an environment variable. */
  env(name: string): string | undefined;
  /** Whether standard error is a terminal (large inputs then show a progress line). */
  stderrIsTerminal(): boolean;
  /** Writes text to standard error at once, without a newline (the progress line). */
  writeStderr(text: string): void;
  /** Calls `listener` on SIGINT until the returned function is called. */
  onInterrupt(listener: () => void): () => void;
  /** Whether `error` means the reader of standard output went away (`trimlog x | head`). */
  isBrokenPipe(error: unknown): boolean;
  /** A short reason for a file system error ("no such file or directory"), if known. */
  errorReason(error: unknown): string | undefined;
}

/**
 * Exit code: success.
 *
 * @example A successful run
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT_OK } from "./run.ts";
 * import { main } from "../cli.ts";
 * assert.ok((await main(["--version"])) === EXIT_OK); // prints "trimlog <version>"
 * ```
 */
export const EXIT_OK = 0;
/**
 * Exit code: runtime failure (unreadable file, write error).
 *
 * @example An unreadable input file
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT_FAILURE } from "./run.ts";
 * import { main } from "../cli.ts";
 * const dir = await Deno.makeTempDir();
 * assert.ok((await main([`${dir}/missing.log`])) === EXIT_FAILURE); // one message on stderr
 * await Deno.remove(dir);
 * ```
 */
export const EXIT_FAILURE = 1;
/**
 * Exit code: usage error (unknown flag, bad value).
 *
 * @example A bad flag value
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT_USAGE } from "./run.ts";
 * import { main } from "../cli.ts";
 * assert.ok((await main(["--aggressiveness", "extreme"])) === EXIT_USAGE); // message names the valid values
 * ```
 */
export const EXIT_USAGE = 2;
/**
 * Exit code: interrupted by SIGINT; partial output was flushed.
 *
 * @example The shell convention for SIGINT
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT_INTERRUPTED } from "./run.ts";
 * const SIGINT = 2;
 * assert.ok(EXIT_INTERRUPTED === 128 + SIGINT); // what `trimlog big.log; echo $?` prints after Ctrl-C
 * ```
 */
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
      --severity LEVEL         keep only fatal | error | warn | info | debug | trace and above
                               (lines without a detectable level always pass)
      --include REGEX          keep only lines matching REGEX
      --exclude REGEX          drop lines matching REGEX
      --sample N               keep at most N lines
      --max-tokens N           keep the highest-scoring lines within N tokens
      --dedupe-window N        fold repeats within the last N distinct lines (default 1)
      --collapse-blocks N      collapse repeated blocks of up to N lines
  -m, --multiline MODE         auto | python | node | java | go | rust | off (default off):
                               join stack records before scoring; off still handles
                               stack frames line by line
      --context-before N       lines kept before each error (default 3)
      --context-after N        lines kept after each error (default 2; fixed, not adaptive)
      --max-stack-frames N     application frames kept per trace (default 10; 0 keeps all)
      --format-sample N        leading lines sampled for the format vote (default 50)
      --no-collapse-stacks     do not fold repeated stack traces
      --no-root-cause          keep restatements of earlier errors
      --no-multilingual        no boost for error keywords in other languages
      --no-adaptive-context    fixed after-error context (no sizing by error density)
      --no-template-mining     do not fold lines differing in labelled numbers
      --output-format FORMAT   text | jsonl-preserve (default text)
      --timeout MS             stop reading after MS milliseconds (partial output)
      --explain                instead of the reduced log, print every input line with
                               its decision (keep | fold | drop | hide), reason and score
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
  explain: boolean;
}

function _parse(argv: readonly string[]): _Parsed | "help" | "version" | "telemetry-summary" {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
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
        severity: { type: "string" },
        include: { type: "string" },
        exclude: { type: "string" },
        sample: { type: "string" },
        "max-tokens": { type: "string" },
        "dedupe-window": { type: "string" },
        "collapse-blocks": { type: "string" },
        multiline: { type: "string", short: "m" },
        "context-before": { type: "string" },
        "context-after": { type: "string" },
        "max-stack-frames": { type: "string" },
        "format-sample": { type: "string" },
        "no-collapse-stacks": { type: "boolean" },
        "no-root-cause": { type: "boolean" },
        "no-multilingual": { type: "boolean" },
        "no-adaptive-context": { type: "boolean" },
        "no-template-mining": { type: "boolean" },
        "output-format": { type: "string" },
        timeout: { type: "string" },
        explain: { type: "boolean" },
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
  if (v.severity !== undefined) {
    options.severity = _choice("--severity", v.severity, _SEVERITIES) as SeverityLevel;
  }
  if (v.include !== undefined) options.include = _regex("--include", v.include);
  if (v.exclude !== undefined) options.exclude = _regex("--exclude", v.exclude);
  if (v.multiline !== undefined) {
    options.multiline = _choice("--multiline", v.multiline, _MULTILINE) as MultilineMode;
  }
  if (v["output-format"] !== undefined) {
    options.outputFormat = _choice(
      "--output-format",
      v["output-format"],
      ["text", "jsonl-preserve"],
    ) as OutputFormat;
  }
  const counts = [
    ["sample", "sampleSize", 0],
    ["max-tokens", "maxTokens", 1],
    ["dedupe-window", "dedupeWindow", 1],
    ["collapse-blocks", "collapseBlocks", 2],
    ["context-before", "contextBefore", 0],
    ["context-after", "contextAfter", 0],
    ["max-stack-frames", "maxStackFrames", 0],
    ["format-sample", "formatDetectionSampleSize", 1],
    ["timeout", "timeoutMs", 0],
  ] as const;
  for (const [flag, name, min] of counts) {
    const raw = v[flag];
    if (raw !== undefined) options[name] = _int(`--${flag}`, raw, min);
  }
  if (v["no-collapse-stacks"]) options.collapseRepeatedStacks = false;
  if (v["no-root-cause"]) options.rootCause = false;
  if (v["no-multilingual"]) options.multilingual = false;
  if (v["no-adaptive-context"]) options.adaptiveContext = false;
  if (v["no-template-mining"]) options.templateMining = false;
  if (v.explain && v.json) {
    throw new _UsageError("--explain and --json cannot be combined");
  }
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
    explain: v.explain ?? false,
  };
}

const _SEVERITIES = ["fatal", "error", "warn", "info", "debug", "trace"];
const _MULTILINE = ["auto", "python", "node", "java", "go", "rust", "off"];

function _choice(flag: string, raw: string, values: readonly string[]): string {
  if (!values.includes(raw)) {
    throw new _UsageError(`${flag}: "${raw}" is not one of ${values.join(", ")}`);
  }
  return raw;
}

function _regex(flag: string, raw: string): RegExp {
  try {
    return new RegExp(raw);
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    throw new _UsageError(`${flag}: invalid regular expression ${JSON.stringify(raw)}: ${why}`);
  }
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

/** The `--explain` writer: explain lines to `sink`, buffered in ~64 KiB chunks. */
function _explainer(
  sink: WritableStream<Uint8Array>,
  options: TrimOptions,
): { writer: ExplainWriter; close(): Promise<void> } {
  const out = sink.getWriter();
  const enc = new TextEncoder();
  let pending: string[] = [];
  let chars = 0;
  let chain = Promise.resolve();
  const send = () => {
    const bytes = enc.encode(pending.join(""));
    pending = [];
    chars = 0;
    chain = chain.then(() => out.write(bytes));
  };
  const writer = new ExplainWriter(
    (line) => {
      pending.push(line, "\n");
      chars += line.length + 1;
      if (chars >= 65536) send();
    },
    options.preserveIdSuffix ?? 0,
    options.maxLineLength,
  );
  return {
    writer,
    async close() {
      writer.flush();
      if (pending.length) send();
      await chain;
      await out.close();
    },
  };
}

/** Passes the input through, feeding its lines (split as the pipeline splits them) to `writer`. */
async function* _tee(
  input: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  writer: ExplainWriter,
  maxLineLength: number | undefined,
): AsyncGenerator<Uint8Array> {
  const splitter = new LineSplitter(maxLineLength);
  const lines: string[] = [];
  const feed = () => {
    for (const l of lines) writer.line(l);
    lines.length = 0;
  };
  for await (const chunk of input) {
    splitter.push(chunk, lines);
    feed();
    yield chunk;
  }
  splitter.flush(lines);
  feed();
}

/** Counts bytes through an input and prints a progress line on a terminal. */
async function* _withProgress(
  input: CliReadable,
  total: number,
  write: (text: string) => void,
): AsyncGenerator<Uint8Array> {
  let seen = 0;
  let last = 0;
  const mb = (n: number) => (n / 1048576).toFixed(0);
  for await (const chunk of input) {
    seen += chunk.byteLength;
    const now = Date.now();
    if (now - last > 250) {
      last = now;
      write(`\rtrimlog: ${mb(seen)} / ${mb(total)} MB (${Math.floor((seen / total) * 100)}%)`);
    }
    yield chunk;
  }
  write("\r\x1b[K");
}

/**
 * Runs the `trimlog` command with `argv` (without the program name) on `rt`;
 * resolves with the exit code ({@linkcode EXIT_OK}, {@linkcode EXIT_FAILURE},
 * {@linkcode EXIT_USAGE} or {@linkcode EXIT_INTERRUPTED}). Messages go to
 * `console.error`, help, version and `--json` to `console.log`.
 *
 * @example Usage errors exit 2
 * ```ts ignore
 * import { runCli } from "./run.ts";
 * import { nodeCliRuntime } from "../adapters/node/cli.ts";
 * const code = await runCli(["--bogus"], nodeCliRuntime()); // trimlog: unknown flag --bogus (see --help)
 * console.assert(code === 2);
 * ```
 */
export async function runCli(argv: readonly string[], rt: CliRuntime): Promise<number> {
  const err = (msg: string) => console.error(`trimlog: ${msg}`);
  const reason = (e: unknown) => rt.errorReason(e) ?? _message(e);
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
      const { loadTelemetry, telemetryFilePath } = await import("../adapters/node/telemetry_fs.ts");
      console.log(formatTelemetrySummary(await loadTelemetry({ onWarning: err })));
      console.log(`Store: ${telemetryFilePath()}`);
      return EXIT_OK;
    } catch (e) {
      err(reason(e));
      return EXIT_FAILURE;
    }
  }
  const { file, output } = parsed;
  const controller = new AbortController();
  const offInterrupt = rt.onInterrupt(() => controller.abort());
  try {
    // The config loader (and node:fs under it) is loaded only when there is a config.
    const wantConfig = !parsed.noConfig &&
      (parsed.configPath !== undefined || await rt.exists(".trim.yml"));
    const loaded = !wantConfig
      ? undefined
      : await (await import("../adapters/node/config_file.ts")).loadTrimConfig({
        configPath: parsed.configPath,
      });
    if (loaded) parsed.options.config = mergeTrimConfigs(loaded.config);
    let input: CliReadable;
    if (file === undefined) {
      input = rt.stdin();
    } else {
      let inFile: CliInputFile;
      try {
        inFile = await rt.openInput(file);
      } catch (e) {
        err(`cannot read ${file}: ${reason(e)}`);
        return EXIT_FAILURE;
      }
      input = inFile.readable;
      if (inFile.size > 50 * 1024 * 1024 && rt.stderrIsTerminal()) {
        input = _withProgress(inFile.readable, inFile.size, (text) => rt.writeStderr(text));
      }
    }
    let outFile: WritableStream<Uint8Array> | undefined;
    if (output !== undefined) {
      if (file !== undefined) await assertDistinctOutput(file, output, (p) => rt.realPath(p));
      try {
        outFile = await rt.openOutput(output);
      } catch (e) {
        err(`cannot write ${output}: ${reason(e)}`);
        return EXIT_FAILURE;
      }
    }
    let sink: WritableStream<Uint8Array> = outFile ?? rt.stdout();
    let explainer: { writer: ExplainWriter; close(): Promise<void> } | undefined;
    if (parsed.explain) {
      // The reduced log is discarded; the explanation goes where it would have gone.
      explainer = _explainer(sink, parsed.options);
      input = _tee(input, explainer.writer, parsed.options.maxLineLength);
      sink = new WritableStream();
    }
    const writer = explainer?.writer;
    const result = await processLogStream(input, sink, {
      ...parsed.options,
      signal: controller.signal,
      onDecision: writer ? (d) => writer.decide(d) : undefined,
    });
    if (explainer) await explainer.close();
    const full: TrimResult = output !== undefined ? { ...result, outputPath: output } : result;
    if (parsed.stats) console.error(_summary(full));
    if (parsed.json) console.log(JSON.stringify(full, null, 2));
    if (!parsed.noTelemetry && !telemetryDisabled({ get: (name) => rt.env(name) })) {
      const { tryRecordTelemetry } = await import("../adapters/node/telemetry_fs.ts");
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
    if (rt.isBrokenPipe(e)) return EXIT_OK; // reader went away (| head)
    err(reason(e));
    return EXIT_FAILURE;
  } finally {
    offInterrupt();
  }
}

function _message(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0];
}
