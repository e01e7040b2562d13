// Runs the trimlog command (cli.ts) in a child Deno, bytes in, text out; and a temporary folder.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));

/** What a run of the command gave. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `trimlog ARGS` with `input` on standard input (telemetry off). */
export function runTrimlog(args: string[], input?: Uint8Array | string): CliRun {
  const r = spawnSync(process.execPath, ["run", "-A", "--quiet", CLI, ...args], {
    input,
    env: { ...process.env, TRIM_TELEMETRY: "0", NO_COLOR: "1" },
  });
  const error = r.error ? `\n(runTrimlog: ${r.error.message})` : "";
  return {
    code: r.status ?? -1,
    stdout: r.stdout?.toString() ?? "",
    stderr: (r.stderr?.toString() ?? "") + error,
  };
}

/** Calls `fn` with a new temporary folder, removed afterwards. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}
