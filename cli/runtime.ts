/**
 * What the `trimlog` command needs from its runtime ({@linkcode CliRuntime}): the Deno
 * runtime (`adapters/deno/cli.ts`) and the Node and Bun one (`adapters/node/cli.ts`)
 * supply it, so the command in `cli/` reaches no runtime and no adapter itself.
 *
 * @module
 */

import type { TelemetryStore } from "../trim/telemetry.ts";
import type { TrimCustomConfig, TrimResult } from "../trim/types.ts";
import type { CommandRuntime } from "./run_command.ts";

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
 * What `runCli` (`run.ts`) needs from its runtime. Everything else (flags, messages,
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
  /** Appends text to FILE, creating it (`trimlog run`'s GitHub job summary). */
  appendText?(path: string, text: string): Promise<void>;
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
  /** Starts a command without a shell (`trimlog run`); see {@linkcode CommandRuntime}. */
  spawn: CommandRuntime["spawn"];
  /** Why a spawn failed (`trimlog run`). */
  spawnFailure: CommandRuntime["spawnFailure"];
  /** A new file for the raw log in the system's temporary folder (`trimlog run`). */
  createTempLog: CommandRuntime["createTempLog"];
  /** The `.trim.yml` loader, loaded on first use (only when there is a config). */
  configFiles(): Promise<CliConfigFiles>;
  /** The local telemetry store, loaded on first use. */
  telemetryFiles(): Promise<CliTelemetryFiles>;
}

/** Reads the custom rules file (`adapters/node/config_file.ts` on Deno, Node and Bun). */
export interface CliConfigFiles {
  /** `configPath`, or `.trim.yml` in the working directory; `undefined` when there is none. */
  loadTrimConfig(opts: { configPath?: string }): Promise<{ config: TrimCustomConfig } | undefined>;
}

/** The telemetry store on disk (`adapters/node/telemetry_fs.ts` on Deno, Node and Bun). */
export interface CliTelemetryFiles {
  /** Reads the store; warnings (a corrupt store moved aside) go to `onWarning`. */
  loadTelemetry(opts: { onWarning: (message: string) => void }): Promise<TelemetryStore>;
  /** Where the store is. */
  telemetryFilePath(): string;
  /** Records a run; a failure is a warning, never an error. */
  tryRecordTelemetry(
    result: TrimResult,
    opts: { onWarning: (message: string) => void },
  ): Promise<unknown>;
}
