/**
 * Measuring one command of the benchmark: wall time, CPU seconds and peak RSS
 * (GNU time `%M` when `/usr/bin/time` exists, else the largest VmHWM polled
 * from `/proc` for the process and its descendants), the summed RSS of the
 * whole tree, the output size and the machine load before the run.
 *
 * @module
 */

/** Outcome of one measured command. */
export interface RunResult {
  /** `trimlog`, `passthrough` or `logstrip`. */
  name: string;
  /** `ok`, `skipped` (not run), `failed` (non-zero exit) or `timeout` (killed). */
  status: "ok" | "skipped" | "failed" | "timeout";
  /** Why it was skipped or failed. */
  reason?: string;
  /** The command line run. */
  command?: string[];
  /** Input size in bytes. */
  inputBytes: number;
  /** Which interleaved pair (1, 2, …) the run belongs to, when tools ran in pairs. */
  pair?: number;
  /** Wall-clock seconds, spawn to exit. */
  wallS?: number;
  /** Input MB (10^6 bytes) per wall second. */
  mbPerS?: number;
  /** Peak RSS in MiB: GNU time `%M`, or the largest VmHWM seen when GNU time is missing. */
  peakRssMiB?: number;
  /** Largest per-process VmHWM seen by polling `/proc` (cross-check of `peakRssMiB`). */
  polledHwmMiB?: number;
  /** Largest sampled sum of VmRSS over the whole process tree, MiB. */
  treeRssMiB?: number;
  /** User + system CPU seconds (GNU time only). */
  cpuS?: number;
  /** Output file size in bytes. */
  outputBytes?: number;
  /** 1-minute load average just before the run (the machine is shared). */
  load1?: number;
  /** Process exit code. */
  exitCode?: number;
  /** Last lines of stderr, when the run failed. */
  stderrTail?: string;
}

/** The repository root: measured commands run from here. */
export const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const GNU_TIME = "/usr/bin/time";

/**
 * Whether GNU time is installed at `/usr/bin/time` (Debian package `time`) and
 * reports a peak RSS with `-f %M`.
 *
 * @example
 * ```ts
 * import { hasGnuTime } from "./measure.ts";
 * console.log(`GNU time: ${await hasGnuTime()}`);
 * ```
 */
export async function hasGnuTime(): Promise<boolean> {
  try {
    const o = await new Deno.Command(GNU_TIME, {
      args: ["-f", "%M", "true"],
      stdout: "null",
      stderr: "piped",
    }).output();
    return o.success && /^\d+\s*$/.test(new TextDecoder().decode(o.stderr));
  } catch {
    return false;
  }
}

/**
 * The trimmed standard output of a command, or `unavailable` when it cannot run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandOutput } from "./measure.ts";
 * assert.equal(await commandOutput("echo", ["hi"]), "hi");
 * ```
 */
export async function commandOutput(cmd: string, args: string[]): Promise<string> {
  try {
    const o = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "null" }).output();
    return new TextDecoder().decode(o.stdout).trim();
  } catch {
    return "unavailable";
  }
}

/** The 1-minute load average, or NaN where `/proc/loadavg` is missing. */
function load1(): number {
  try {
    return Number(Deno.readTextFileSync("/proc/loadavg").split(" ")[0]);
  } catch {
    return NaN;
  }
}

/** Direct children of `pid` (all its threads), via `/proc/<pid>/task/<tid>/children`. */
function childPids(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const t of Deno.readDirSync(`/proc/${pid}/task`)) {
      try {
        const s = Deno.readTextFileSync(`/proc/${pid}/task/${t.name}/children`).trim();
        if (s) { for (const c of s.split(/\s+/)) out.push(Number(c)); }
      } catch {
        // thread exited
      }
    }
  } catch {
    // process exited
  }
  return out;
}

/** `pid` and all its descendants. */
function treePids(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childPids(all[i]));
  return all;
}

/** VmRSS and VmHWM of a process, in KiB. */
function memKiB(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/status`);
    const rss = /VmRSS:\s+(\d+)/.exec(s), hwm = /VmHWM:\s+(\d+)/.exec(s);
    if (!rss || !hwm) return undefined;
    return { rss: Number(rss[1]), hwm: Number(hwm[1]) };
  } catch {
    return undefined;
  }
}

/** What {@linkcode measure} runs. */
export interface MeasureOpts {
  /** The row name (`trimlog`, `passthrough`, `logstrip`). */
  name: string;
  /** The command line. */
  cmd: string[];
  /** The input file (its size gives MB/s). */
  input: string;
  /** The output file the command writes (removed first). */
  output: string;
  /** Seconds before the process tree is killed. */
  timeoutS: number;
  /** Run under GNU time (see {@linkcode hasGnuTime}). */
  gnuTime: boolean;
}

/**
 * Run one command under GNU time (if present) while polling /proc for memory.
 *
 * @example Copying a file
 * ```ts
 * import assert from "node:assert/strict";
 * import { measure } from "./measure.ts";
 * const input = await Deno.makeTempFile();
 * await Deno.writeTextFile(input, "x\n".repeat(1000));
 * const output = `${input}.out`;
 * const r = await measure({ name: "cp", cmd: ["cp", input, output], input, output, timeoutS: 60, gnuTime: false });
 * assert.ok(r.status === "ok" && r.outputBytes === 2000);
 * await Deno.remove(input);
 * await Deno.remove(output);
 * ```
 */
export async function measure(o: MeasureOpts): Promise<RunResult> {
  const inputBytes = (await Deno.stat(o.input)).size;
  await Deno.remove(o.output).catch(() => {});
  const timeFile = await Deno.makeTempFile({ prefix: "trimlog-bench-time-" });
  const argv = o.gnuTime ? [GNU_TIME, "-f", "%e %M %U %S", "-o", timeFile, "--", ...o.cmd] : o.cmd;
  const res: RunResult = { name: o.name, status: "ok", command: o.cmd, inputBytes, load1: load1() };
  const t0 = performance.now();
  const child = new Deno.Command(argv[0], {
    args: argv.slice(1),
    cwd: ROOT,
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();

  // Memory polling of the process tree (the GNU time wrapper itself excluded).
  let peakTree = 0;
  const hwm = new Map<number, number>();
  const sample = () => {
    const pids = treePids(child.pid);
    let sum = 0;
    for (const p of o.gnuTime ? pids.slice(1) : pids) {
      const m = memKiB(p);
      if (!m) continue;
      sum += m.rss;
      hwm.set(p, Math.max(hwm.get(p) ?? 0, m.hwm));
    }
    peakTree = Math.max(peakTree, sum);
  };
  const poll = setInterval(sample, 50);
  let timedOut = false;
  const killer = setTimeout(() => {
    timedOut = true;
    for (const p of treePids(child.pid).reverse()) {
      try {
        Deno.kill(p, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }, o.timeoutS * 1000);

  // Keep only the tail of stderr.
  let tail = "";
  const dec = new TextDecoder();
  for await (const chunk of child.stderr) {
    tail = (tail + dec.decode(chunk, { stream: true })).slice(-4000);
  }
  const status = await child.status;
  const wall = (performance.now() - t0) / 1000;
  clearInterval(poll);
  clearTimeout(killer);

  res.exitCode = status.code;
  res.wallS = wall;
  res.mbPerS = inputBytes / 1e6 / wall;
  const maxHwm = Math.max(0, ...hwm.values());
  res.polledHwmMiB = maxHwm / 1024;
  res.treeRssMiB = peakTree / 1024;
  res.peakRssMiB = res.polledHwmMiB;
  if (o.gnuTime) {
    const lines = (await Deno.readTextFile(timeFile)).trim().split("\n");
    const m = /^([\d.]+) (\d+) ([\d.]+) ([\d.]+)$/.exec(lines[lines.length - 1] ?? "");
    if (m) {
      res.peakRssMiB = Number(m[2]) / 1024;
      res.cpuS = Number(m[3]) + Number(m[4]);
    }
  }
  await Deno.remove(timeFile).catch(() => {});
  try {
    res.outputBytes = (await Deno.stat(o.output)).size;
  } catch {
    // no output
  }
  if (timedOut) {
    res.status = "timeout";
    res.reason = `killed after ${o.timeoutS} s`;
  } else if (!status.success) {
    res.status = "failed";
    res.reason = `exit code ${status.code}${status.signal ? ` (${status.signal})` : ""}`;
  } else if (res.outputBytes === undefined) {
    res.status = "failed";
    res.reason = "no output file written";
  }
  if (res.status !== "ok") {
    res.stderrTail = tail.split("\n").slice(-15).join("\n");
    delete res.mbPerS;
  }
  return res;
}
