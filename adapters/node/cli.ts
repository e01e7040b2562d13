/**
 * The `trimlog` command for Node.js and Bun: the shared command (`cli/`) over
 * `node:fs` and `process`. This is the npm package's `trimlog` bin; flags, messages
 * and exit codes are those of the Deno command (`cli.ts`).
 *
 * @example Running on Node
 * ```ts ignore
 * import { runNode } from "./cli.ts";
 * process.exitCode = await runNode(process.argv.slice(2));
 * ```
 *
 * @module
 */

import { createReadStream, createWriteStream } from "node:fs";
import { appendFile, open, realpath, stat } from "node:fs/promises";
import process from "node:process";
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { type CliRuntime, runCli } from "../../cli/run.ts";
import { toWritable } from "../../trim/io.ts";

const _REASONS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "is a directory",
};

/**
 * The Node/Bun {@linkcode CliRuntime}.
 *
 * @example Building the runtime
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeCliRuntime } from "./cli.ts";
 * const rt = nodeCliRuntime();
 * assert.ok(rt.errorReason(Object.assign(new Error("x"), { code: "ENOENT" })) === "no such file or directory");
 * ```
 */
export function nodeCliRuntime(): CliRuntime {
  return {
    stdin: () => process.stdin,
    stdout: () => toWritable(process.stdout),
    openInput: async (path) => {
      const handle = await open(path, "r");
      try {
        const st = await handle.stat();
        if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: "EISDIR" });
        return {
          readable: createReadStream("", { fd: handle, highWaterMark: 64 * 1024 }),
          size: st.size,
        };
      } catch (e) {
        await handle.close();
        throw e;
      }
    },
    openOutput: async (path) => {
      const handle = await open(path, "w");
      return toWritable(createWriteStream("", { fd: handle }), { end: true });
    },
    realPath: (path) => realpath(path),
    exists: async (path) => {
      try {
        await stat(path);
        return true;
      } catch {
        return false;
      }
    },
    env: (name) => process.env[name],
    appendText: (path, text) => appendFile(path, text),
    stderrIsTerminal: () => process.stderr.isTTY === true,
    writeStderr: (text) => {
      process.stderr.write(text);
    },
    onInterrupt: (listener) => {
      process.on("SIGINT", listener);
      return () => {
        process.off("SIGINT", listener);
      };
    },
    isBrokenPipe: (e) => _code(e) === "EPIPE",
    errorReason: (e) => _REASONS[_code(e) ?? ""],
    spawn: (cmd, args) => {
      const child = spawn(cmd, [...args], { stdio: ["inherit", "pipe", "pipe"] });
      const status = new Promise<{ code: number; signal?: string }>((resolve, reject) => {
        child.once("error", reject);
        child.once(
          "close",
          (code, signal) => resolve({ code: code ?? 0, signal: signal ?? undefined }),
        );
      });
      // A child that fails to start reports it on status; its pipes just end.
      status.catch(() => {});
      return {
        stdout: Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
        stderr: Readable.toWeb(child.stderr!) as ReadableStream<Uint8Array>,
        status,
        kill: (signal) => void child.kill(signal),
      };
    },
    spawnFailure: (e) =>
      _code(e) === "ENOENT" ? "not-found" : _code(e) === "EACCES" ? "not-executable" : undefined,
    createTempLog: async () => {
      const name = `trimlog-${Date.now()}-${process.pid}-${
        Math.random().toString(36).slice(2, 8)
      }.log`;
      const path = join(tmpdir(), name);
      const handle = await open(path, "wx");
      return { path, writable: toWritable(createWriteStream("", { fd: handle }), { end: true }) };
    },
    configFiles: () => import("./config_file.ts"),
    telemetryFiles: () => import("./telemetry_fs.ts"),
  };
}

function _code(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Runs the `trimlog` command on Node or Bun with `argv` (without the program name);
 * resolves with the exit code. The npm bin sets `process.exitCode` to it. Standard
 * input, when read, is closed at the end, so a run stopped early does not wait for it.
 *
 * @example Printing the version
 * ```ts
 * import assert from "node:assert/strict";
 * import { runNode } from "./cli.ts";
 * assert.ok((await runNode(["--version"])) === 0);
 * ```
 */
export async function runNode(argv: readonly string[]): Promise<number> {
  const rt = nodeCliRuntime();
  let stdinUsed = false;
  const stdin = rt.stdin;
  rt.stdin = () => {
    stdinUsed = true;
    return stdin();
  };
  try {
    return await runCli(argv, rt);
  } finally {
    // A run stopped early (--timeout, Ctrl-C) leaves a read pending on stdin, which
    // would keep Node alive until the writer closes the pipe; the Deno command exits.
    if (stdinUsed) process.stdin.destroy();
  }
}
