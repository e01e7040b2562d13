/**
 * The `trimlog` command over an injected {@linkcode CliRuntime}: input and output,
 * `--stats`, `--json`, `--explain`, telemetry and exit codes (flags: `args.ts`, help:
 * `help.ts`, explain: `explain.ts`, progress: `progress.ts`). `cli.ts` supplies
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
 *   spawn: unused,
 *   spawnFailure: () => undefined,
 *   createTempLog: unused,
 *   configFiles: unused,
 *   telemetryFiles: unused,
 * };
 * assert.ok((await runCli(["--version"], rt)) === EXIT_OK);
 * ```
 *
 * @module
 */

import { mergeTrimConfigs } from "../trim/config/rules.ts";
import { formatTelemetrySummary, telemetryDisabled } from "../trim/telemetry.ts";
import { TrimError } from "../trim/errors.ts";
import { processAsMarkdown, processWithTap, type TrimInput } from "../trim/process.ts";
import { assertDistinctOutput } from "../trim/io.ts";
import { processSections, type SectionSource } from "../trim/sections.ts";
import { openInput, sourcesOfZip } from "../trim/inputs/sources.ts";
import { openSources } from "./sources.ts";
import type { TrimOptions, TrimResult } from "../trim/types.ts";
import { VERSION } from "../common/version.ts";
import { parseCommandLine } from "./args.ts";
import { ExplainWriter } from "./explain.ts";
import { helpText } from "./help.ts";
import { withProgress } from "./progress.ts";
import { summaryLine } from "./summary.ts";
import { openBaseline, runCommand } from "./run_command.ts";
import type { CliInputFile, CliReadable, CliRuntime } from "./runtime.ts";

export type { CliInputFile, CliReadable, CliRuntime };

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
 * Exit code: a zip archive was refused as unsafe (a member name leaving the archive,
 * a zip bomb: expansion ratio over 100 or over 1 GiB in all, a member over 512 MiB).
 * Nothing was extracted; one line on stderr says which.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT_UNSAFE_ARCHIVE } from "./run.ts";
 * assert.ok(EXIT_UNSAFE_ARCHIVE === 3);
 * ```
 */
export const EXIT_UNSAFE_ARCHIVE = 3;
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
  if (argv[0] === "mcp") return (await import("./mcp/server.ts")).runMcp(argv.slice(1), rt);
  const err = (msg: string) => console.error(`trimlog: ${msg}`);
  const reason = (e: unknown) => rt.errorReason(e) ?? _message(e);
  if (argv[0] === "run") return await runCommand(argv.slice(1), rt);
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return EXIT_USAGE;
  }
  if (parsed === "help") {
    console.log(helpText());
    return EXIT_OK;
  }
  if (parsed === "version") {
    console.log(`trimlog ${VERSION}`);
    return EXIT_OK;
  }
  if (parsed === "telemetry-summary") {
    try {
      const { loadTelemetry, telemetryFilePath } = await rt.telemetryFiles();
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
    const loaded = !wantConfig ? undefined : await (await rt.configFiles()).loadTrimConfig({
      configPath: parsed.configPath,
    });
    if (loaded) parsed.options.config = mergeTrimConfigs(loaded.config);
    const noBaseline = await openBaseline(parsed.options, rt);
    if (noBaseline !== undefined) {
      err(noBaseline);
      return EXIT_FAILURE;
    }
    // Several FILEs, or one zip archive: sections; else one log, streamed.
    let input: TrimInput | undefined;
    let sections: { sources: SectionSource[]; ci: boolean } | undefined;
    if (parsed.files.length > 1) {
      const opened = await openSources(parsed.files, rt);
      if (typeof opened === "string") {
        err(opened);
        return EXIT_FAILURE;
      }
      sections = opened;
    } else {
      let readable: CliReadable;
      if (file === undefined) {
        readable = rt.stdin();
      } else {
        let inFile: CliInputFile;
        try {
          inFile = await rt.openInput(file);
        } catch (e) {
          err(`cannot read ${file}: ${reason(e)}`);
          return EXIT_FAILURE;
        }
        readable = inFile.readable;
        if (inFile.size > 50 * 1024 * 1024 && rt.stderrIsTerminal()) {
          readable = withProgress(inFile.readable, inFile.size, (text) => rt.writeStderr(text));
        }
      }
      const opened = await openInput(readable as TrimInput);
      if ("zip" in opened) {
        if (parsed.explain) {
          err("--explain reads one log, not a zip archive");
          return EXIT_USAGE;
        }
        sections = await sourcesOfZip(opened.zip);
      } else {
        input = opened.stream;
      }
    }
    let outFile: WritableStream<Uint8Array> | undefined;
    if (output !== undefined) {
      for (const f of parsed.files) await assertDistinctOutput(f, output, (p) => rt.realPath(p));
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
      sink = new WritableStream();
    }
    const writer = explainer?.writer;
    const runOptions: TrimOptions = {
      ...parsed.options,
      signal: controller.signal,
      onDecision: writer ? (d) => writer.decide(d) : undefined,
    };
    const tap = writer &&
      ((lines: readonly string[], mask: (l: string) => string) => writer.lines(lines, mask));
    const format = parsed.options.outputFormat === "markdown" ? "markdown" : "text";
    const result = sections !== undefined
      ? await processSections(sections.sources, sink, runOptions, { ci: sections.ci, format })
      : format === "markdown"
      ? await processAsMarkdown(input!, sink, runOptions, file ?? "standard input", tap)
      : await processWithTap(input!, sink, runOptions, tap);
    if (explainer) await explainer.close();
    const full: TrimResult = output !== undefined ? { ...result, outputPath: output } : result;
    if (parsed.stats) console.error(summaryLine(full));
    if (parsed.json) console.log(JSON.stringify(full, null, 2));
    if (!parsed.noTelemetry && !telemetryDisabled({ get: (name) => rt.env(name) })) {
      const { tryRecordTelemetry } = await rt.telemetryFiles();
      await tryRecordTelemetry(full, { onWarning: err });
    }
    return EXIT_OK;
  } catch (e) {
    if (e instanceof TrimError) {
      if (e.code === "ABORTED") {
        err("interrupted; partial output was flushed");
        return EXIT_INTERRUPTED;
      }
      if (e.code === "CORRUPT_INPUT" || e.code === "UNSAFE_ARCHIVE") {
        const where = parsed.files.length > 1 ? "" : `${file ?? "standard input"}: `;
        err(`${where}${e.message}`);
        return e.code === "UNSAFE_ARCHIVE" ? EXIT_UNSAFE_ARCHIVE : EXIT_FAILURE;
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
