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

import { type CliRuntime, runCli } from "./cli/run.ts";

export { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from "./cli/run.ts";

/** The Deno runtime of the command (the flags and messages are in `cli/run.ts`). */
function _denoRuntime(): CliRuntime {
  const enc = new TextEncoder();
  return {
    stdin: () => Deno.stdin.readable,
    stdout: () => Deno.stdout.writable,
    openInput: async (path) => {
      const file = await Deno.open(path);
      const size = (await file.stat()).size;
      return { readable: file.readable, size };
    },
    openOutput: async (path) =>
      (await Deno.open(path, { write: true, create: true, truncate: true })).writable,
    realPath: (path) => Deno.realPath(path),
    exists: async (path) => {
      try {
        await Deno.stat(path);
        return true;
      } catch {
        return false;
      }
    },
    env: (name) => Deno.env.get(name),
    stderrIsTerminal: () => Deno.stderr.isTerminal(),
    writeStderr: (text) => {
      Deno.stderr.writeSync(enc.encode(text));
    },
    onInterrupt: (listener) => {
      Deno.addSignalListener("SIGINT", listener);
      return () => Deno.removeSignalListener("SIGINT", listener);
    },
    isBrokenPipe: (e) => e instanceof Deno.errors.BrokenPipe,
    errorReason: (e) => {
      if (e instanceof Deno.errors.NotFound) return "no such file or directory";
      if (e instanceof Deno.errors.PermissionDenied) return "permission denied";
      if (e instanceof Deno.errors.IsADirectory) return "is a directory";
      return undefined;
    },
  };
}

/**
 * Runs the command with `argv`; resolves with the exit code.
 *
 * @example Printing the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT_OK, main } from "./cli.ts";
 * const code = await main(["--version"]); // prints "trimlog <version>"
 * assert.ok(code === EXIT_OK);
 * ```
 */
export function main(argv: string[]): Promise<number> {
  return runCli(argv, _denoRuntime());
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
