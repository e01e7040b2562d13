/**
 * The `trimlog` command on Deno: the runtime (files, standard streams, signals) over
 * the shared command in `cli/`. The root `cli.ts` runs it.
 *
 * @module
 */

import { type CliRuntime, runCli } from "../../cli/run.ts";

/**
 * The Deno runtime of the command (the flags and messages are in `cli/`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoCliRuntime } from "./cli.ts";
 * assert.ok(denoCliRuntime().env("PATH") !== undefined);
 * ```
 */
export function denoCliRuntime(): CliRuntime {
  const enc = new TextEncoder();
  return {
    stdin: () => Deno.stdin.readable,
    stdout: () => Deno.stdout.writable,
    openInput: async (path) => {
      const file = await Deno.open(path);
      const st = await file.stat();
      if (st.isDirectory) {
        // Opening a directory works on Linux; reading it would fail without the path.
        file.close();
        throw new Deno.errors.IsADirectory(path);
      }
      return { readable: file.readable, size: st.size };
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
    appendText: (path, text) => Deno.writeTextFile(path, text, { append: true }),
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
    spawn: (cmd, args) => {
      const child = new Deno.Command(cmd, {
        args: [...args],
        stdin: "inherit",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      return {
        stdout: child.stdout,
        stderr: child.stderr,
        status: child.status.then((s) => ({ code: s.code, signal: s.signal ?? undefined })),
        kill: (signal) => {
          try {
            child.kill(signal);
          } catch {
            // It has ended already.
          }
        },
      };
    },
    spawnFailure: (e) =>
      e instanceof Deno.errors.NotFound
        ? "not-found"
        : e instanceof Deno.errors.PermissionDenied
        ? "not-executable"
        : undefined,
    createTempLog: async () => {
      const path = await Deno.makeTempFile({ prefix: "trimlog-", suffix: ".log" });
      return { path, writable: (await Deno.open(path, { write: true })).writable };
    },
    configFiles: () => import("../node/config_file.ts"),
    telemetryFiles: () => import("../node/telemetry_fs.ts"),
  };
}

/**
 * Runs the command with `argv`; resolves with the exit code.
 *
 * @example Printing the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./cli.ts";
 * import { EXIT_OK } from "../../cli/run.ts";
 * const code = await main(["--version"]); // prints "trimlog <version>"
 * assert.ok(code === EXIT_OK);
 * ```
 */
export function main(argv: string[]): Promise<number> {
  return runCli(argv, denoCliRuntime());
}
