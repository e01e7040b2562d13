/**
 * `trimlog run [options] -- CMD [ARGS…]`: runs CMD (no shell), merges its standard
 * output and error line by line in arrival order, streams the reduced log to
 * standard output while CMD runs, keeps the raw log in a file, ends with one line
 * `[trimlog] full log: PATH (N lines, M tokens)` and exits with CMD's exit status
 * (128 + N when signal N ended it). Ctrl-C is passed on to CMD.
 *
 * @module
 */

import { errorCommand, locateErrors } from "../trim/ci/annotations.ts";
import { stepSummary } from "../trim/ci/step_summary.ts";
import { processWithTap, TextCollector } from "../trim/process.ts";
import { TrimError } from "../trim/errors.ts";
import type { TrimOptions } from "../trim/types.ts";
import { parseCommandLine, UsageError } from "./args.ts";

/** How a child process ended. */
export interface ChildStatus {
  /** Its exit code (when it exited). */
  code: number;
  /** The signal that ended it, by name (`SIGTERM`), if one did. */
  signal?: string;
}

/** A running child process, from {@linkcode CommandRuntime.spawn}. */
export interface ChildProcess {
  /** Its standard output. */
  stdout: ReadableStream<Uint8Array>;
  /** Its standard error. */
  stderr: ReadableStream<Uint8Array>;
  /** Resolves when it has ended. */
  status: Promise<ChildStatus>;
  /** Sends it a signal. */
  kill(signal: "SIGINT" | "SIGTERM"): void;
}

/** What `trimlog run` needs from its runtime, beyond the command's. */
export interface CommandRuntime {
  /**
   * Starts `cmd` with `args`, without a shell, standard input inherited. Throws an
   * error whose {@linkcode CommandRuntime.spawnFailure} is `not-found` or
   * `not-executable` when it cannot be started.
   */
  spawn(cmd: string, args: readonly string[]): ChildProcess;
  /** Why a spawn failed: `not-found`, `not-executable`, or `undefined` (another reason). */
  spawnFailure(error: unknown): "not-found" | "not-executable" | undefined;
  /** Creates a new file for the raw log in the system's temporary folder. */
  createTempLog(): Promise<{ path: string; writable: WritableStream<Uint8Array> }>;
  /** Creates or truncates FILE for writing. */
  openOutput(path: string): Promise<WritableStream<Uint8Array>>;
  /** Opens FILE for reading (`--baseline FILE`). */
  openInput(
    path: string,
  ): Promise<{ readable: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> }>;
  /** Standard output. */
  stdout(): WritableStream<Uint8Array>;
  /** Calls `listener` on SIGINT until the returned function is called. */
  onInterrupt(listener: () => void): () => void;
  /** A short reason for a file system error, if known. */
  errorReason(error: unknown): string | undefined;
  /** Looks up an environment variable (`GITHUB_ACTIONS`, `GITHUB_STEP_SUMMARY`). */
  env?(name: string): string | undefined;
  /** Appends text to FILE, creating it (the job summary). */
  appendText?(path: string, text: string): Promise<void>;
}

/** At most this many `::error` annotations per run (GitHub shows 10 per step). */
export const MAX_ANNOTATIONS = 10;

/**
 * Opens `--baseline FILE` (a path in `options.baseline`) as a stream, in place;
 * resolves with the message to print when it cannot be read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openBaseline } from "./run_command.ts";
 * const options = { baseline: "pass.log" as string | ReadableStream<Uint8Array> };
 * const rt = {
 *   openInput: () => Promise.reject(new Error("gone")),
 *   errorReason: () => "no such file or directory",
 * };
 * assert.ok((await openBaseline(options, rt)) === "cannot read the baseline pass.log: no such file or directory");
 * ```
 */
export async function openBaseline(
  options: { baseline?: TrimOptions["baseline"] },
  rt: Pick<CommandRuntime, "openInput" | "errorReason">,
): Promise<string | undefined> {
  if (typeof options.baseline !== "string") return undefined;
  const path = options.baseline;
  try {
    options.baseline = (await rt.openInput(path)).readable;
    return undefined;
  } catch (e) {
    return `cannot read the baseline ${path}: ${rt.errorReason(e) ?? _message(e)}`;
  }
}

/** Exit code when CMD cannot be found (as a shell says). */
export const EXIT_NOT_FOUND = 127;
/** Exit code when CMD cannot be executed (as a shell says). */
export const EXIT_NOT_EXECUTABLE = 126;

const _SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGILL: 4,
  SIGTRAP: 5,
  SIGABRT: 6,
  SIGBUS: 7,
  SIGFPE: 8,
  SIGKILL: 9,
  SIGUSR1: 10,
  SIGSEGV: 11,
  SIGUSR2: 12,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
};

/**
 * The exit status `trimlog run` ends with: CMD's code, or 128 + N for signal N.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exitStatusOf } from "./run_command.ts";
 * assert.ok(exitStatusOf({ code: 3 }) === 3);
 * assert.ok(exitStatusOf({ code: 143, signal: "SIGTERM" }) === 143);
 * ```
 */
export function exitStatusOf(status: ChildStatus): number {
  if (status.signal !== undefined) return 128 + (_SIGNALS[status.signal] ?? 0);
  return status.code;
}

/** A line held back longer than this is passed on cut, so memory stays bounded. */
export const MERGE_MAX_PARTIAL = 1024 * 1024;

/**
 * Merges two byte streams line by line, in arrival order: a stream's bytes are passed
 * on up to its last newline; the rest waits for the next chunk of that stream (or
 * its end), so lines of the two never mix. A partial line longer than
 * {@linkcode MERGE_MAX_PARTIAL} is passed on as it is; a stream's last line without a
 * newline gets one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeLines } from "./run_command.ts";
 * const enc = new TextEncoder();
 * const out = mergeLines(
 *   ReadableStream.from([enc.encode("out 1\nout "), enc.encode("2\n")]),
 *   ReadableStream.from([enc.encode("err 1\n")]),
 * );
 * const text = await new Response(out).text();
 * assert.ok(text.split("\n").sort().join("|") === "|err 1|out 1|out 2");
 * ```
 */
export function mergeLines(
  a: ReadableStream<Uint8Array>,
  b: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const out = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    let partial: Uint8Array[] = [];
    let held = 0;
    const flushPartial = () => {
      for (const p of partial) controller.enqueue(p);
      partial = [];
      held = 0;
    };
    for await (const chunk of stream) {
      const nl = chunk.lastIndexOf(10);
      if (nl < 0) {
        partial.push(chunk);
        held += chunk.byteLength;
        if (held > MERGE_MAX_PARTIAL) flushPartial();
        continue;
      }
      flushPartial();
      controller.enqueue(chunk.subarray(0, nl + 1));
      if (nl + 1 < chunk.byteLength) {
        const rest = chunk.slice(nl + 1);
        partial.push(rest);
        held = rest.byteLength;
      }
    }
    // A last line without a newline gets one, so it is not glued to the other
    // stream's next line.
    if (held > 0) {
      flushPartial();
      controller.enqueue(_NEWLINE);
    }
  };
  Promise.all([pump(a), pump(b)]).then(() => controller.close(), (e) => controller.error(e));
  return out;
}

const _NEWLINE = new Uint8Array([10]);

/** The words of `trimlog run`: trim options and `--raw FILE` before `--`, CMD after. */
interface _RunArgs {
  argv: string[];
  raw: string | undefined;
  /** `--no-ci-summary`: no job summary, no annotations under GitHub Actions. */
  noCi: boolean;
  cmd: string;
  args: string[];
}

function _splitArgs(argv: readonly string[]): _RunArgs {
  const dash = argv.indexOf("--");
  if (dash < 0 || dash === argv.length - 1) {
    throw new UsageError(
      "run: put the command after --: trimlog run [options] -- CMD [ARGS...]",
    );
  }
  const before = argv.slice(0, dash);
  let raw: string | undefined;
  let noCi = false;
  const rest: string[] = [];
  for (let i = 0; i < before.length; i++) {
    const w = before[i];
    if (w === "--no-ci-summary") noCi = true;
    else if (w === "--raw") {
      if (i + 1 >= before.length) throw new UsageError("--raw needs a value");
      raw = before[++i];
    } else if (w.startsWith("--raw=")) raw = w.slice(6);
    else rest.push(w);
  }
  return { argv: rest, raw, noCi, cmd: argv[dash + 1], args: argv.slice(dash + 2) };
}

/**
 * Runs `trimlog run` with `argv` (the words after `run`); resolves with the exit
 * status (CMD's, or 2 for a usage error, 127 when CMD is not found, 126 when it
 * cannot be executed, 1 when the raw log cannot be written).
 *
 * @example A usage error
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./run_command.ts";
 * const unused = () => {
 *   throw new Error("unused");
 * };
 * const code = await runCommand(["make"], {
 *   spawn: unused, spawnFailure: unused, createTempLog: unused, openOutput: unused, openInput: unused,
 *   stdout: unused, onInterrupt: unused, errorReason: unused,
 * }); // trimlog: run: put the command after --: …
 * assert.ok(code === 2);
 * ```
 */
export async function runCommand(argv: readonly string[], rt: CommandRuntime): Promise<number> {
  const err = (msg: string) => console.error(`trimlog: ${msg}`);
  let words: _RunArgs;
  let options;
  try {
    words = _splitArgs(argv);
    const parsed = parseCommandLine(words.argv);
    if (typeof parsed === "string" || parsed.file !== undefined || parsed.output !== undefined) {
      throw new UsageError(
        "run: only trim options go before --; the input is CMD's output and the reduced log " +
          "goes to standard output",
      );
    }
    if (parsed.explain || parsed.json) {
      throw new UsageError("run: --explain and --json read a file; use them on the raw log");
    }
    options = parsed.options;
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return 2;
  }
  const failed = await openBaseline(options, rt);
  if (failed !== undefined) {
    err(failed);
    return 1;
  }
  let raw: { path: string; writable: WritableStream<Uint8Array> };
  try {
    raw = words.raw === undefined
      ? await rt.createTempLog()
      : { path: words.raw, writable: await rt.openOutput(words.raw) };
  } catch (e) {
    err(`cannot write the raw log ${words.raw ?? ""}: ${rt.errorReason(e) ?? _message(e)}`);
    return 1;
  }
  let child: ChildProcess;
  try {
    child = rt.spawn(words.cmd, words.args);
  } catch (e) {
    await raw.writable.close().catch(() => {});
    const why = rt.spawnFailure(e);
    if (why === "not-found") {
      err(`cannot run ${words.cmd}: command not found`);
      return EXIT_NOT_FOUND;
    }
    err(`cannot run ${words.cmd}: ${why === "not-executable" ? "permission denied" : _message(e)}`);
    return EXIT_NOT_EXECUTABLE;
  }
  // Ctrl-C goes to CMD; trimlog goes on reading until CMD has ended.
  const offInterrupt = rt.onInterrupt(() => child.kill("SIGINT"));
  try {
    const rawWriter = raw.writable.getWriter();
    const keepRaw = new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        await rawWriter.write(chunk);
        controller.enqueue(chunk);
      },
      async flush() {
        await rawWriter.close();
      },
    });
    const merged = mergeLines(child.stdout, child.stderr).pipeThrough(keepRaw);
    // Standard output stays open after the reduced log: the pointer line ends it.
    const stdout = rt.stdout().getWriter();
    // Under GitHub Actions the reduced log is also kept for the summary and annotations.
    const ci = !words.noCi && rt.env?.("GITHUB_ACTIONS") === "true";
    const kept = ci ? new TextCollector() : undefined;
    const sink = new WritableStream<Uint8Array>({
      write: (chunk) => {
        kept?.write(chunk);
        return stdout.write(chunk);
      },
    });
    const result = await processWithTap(merged, sink, { ...options }, undefined);
    let status: ChildStatus;
    try {
      status = await child.status;
    } catch (e) {
      // A runtime that reports a failed start only when the child ends (Node).
      const why = rt.spawnFailure(e);
      if (why === undefined) throw e;
      err(
        `cannot run ${words.cmd}: ${
          why === "not-found" ? "command not found" : "permission denied"
        }`,
      );
      return why === "not-found" ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE;
    }
    if (kept) {
      await _reportToGithub(rt, {
        command: _label(words.cmd, words.args),
        status: exitStatusOf(status),
        text: kept.text(),
        result,
        rawPath: raw.path,
      }, err);
    }
    const n = result.stats.inputLines;
    console.log(
      `[trimlog] full log: ${raw.path} (${n.toLocaleString("en-US")} line${n === 1 ? "" : "s"}, ${
        result.inputTokens.toLocaleString("en-US")
      } tokens)`,
    );
    return exitStatusOf(status);
  } catch (e) {
    child.kill("SIGTERM");
    err(e instanceof TrimError ? e.message : `run: ${_message(e)}`);
    return 1;
  } finally {
    offInterrupt();
  }
}

/** The command as its author wrote it: a shell's `-c` script, else CMD and its words. */
function _label(cmd: string, args: readonly string[]): string {
  const c = args.indexOf("-c");
  if (/(?:^|\/)(?:ba|z|da)?sh$/.test(cmd) && c >= 0 && c === args.length - 2) {
    const [first, ...more] = args[c + 1].trim().split("\n");
    return more.length ? `${first} …` : first;
  }
  return [cmd, ...args].join(" ");
}

/**
 * Under GitHub Actions: `::error` annotations for the located errors of a failed
 * command (at most {@linkcode MAX_ANNOTATIONS}) on standard output, and the job
 * summary appended to `$GITHUB_STEP_SUMMARY` (a failure in Markdown, a pass in one
 * line). A summary that cannot be written is a warning, not a failure.
 */
async function _reportToGithub(
  rt: CommandRuntime,
  run: Parameters<typeof stepSummary>[0],
  warn: (msg: string) => void,
): Promise<void> {
  if (run.status !== 0) {
    const errors = locateErrors(run.text.split("\n"), {
      workspace: rt.env?.("GITHUB_WORKSPACE"),
      max: MAX_ANNOTATIONS,
    });
    for (const e of errors) console.log(errorCommand(e));
  }
  const path = rt.env?.("GITHUB_STEP_SUMMARY");
  if (!path || !rt.appendText) return;
  try {
    await rt.appendText(path, stepSummary(run));
  } catch (e) {
    warn(`cannot write the job summary ${path}: ${rt.errorReason(e) ?? _message(e)}`);
  }
}

function _message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0];
}
