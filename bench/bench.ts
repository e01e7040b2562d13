/**
 * Benchmark of the trim CLI against a bare Deno passthrough and the peer tool `logstrip`.
 *
 * In one run, sequentially, on the same generated input (file → file):
 *
 * 1. trimlog: `deno run -A <flags> cli.ts --no-telemetry INPUT -o OUTPUT` (default options;
 *    skipped if `cli.ts` does not exist yet);
 * 2. passthrough: `deno run -A <flags> bench/passthrough.ts INPUT OUTPUT` (speed of light);
 *
 * where `<flags>` are the `--v8-flags` of deno.json's `trim` task (how the CLI ships).
 * 3. peer: `npx -y logstrip@1.12.0 INPUT -o OUTPUT`.
 *
 * Each is first warmed up once on a 5 MB input so npx/deno caches do not distort timing.
 * For each run: wall seconds, MB/s (1 MB = 10^6 bytes of input), peak RSS, CPU seconds and
 * output size. Peak RSS comes from GNU time `%M` when `/usr/bin/time` exists (the largest
 * single process of the tree), else from polling `/proc/<pid>/status` VmHWM of the process
 * and its descendants; the summed RSS of the whole tree is sampled from `/proc` either way.
 *
 * ```sh
 * deno run -A bench/bench.ts [--mb 100] [--seed 42] [--skip-peer] [--rss-scaling] [--json]
 *                            [--timeout 900] [--strict] [--cli cli.ts]
 * ```
 *
 * Every run also writes its full report as JSON to `bench/out/last-run.json`.
 * `--cli PATH` measures another entry point (relative to the repository root) in the
 * trimlog row, e.g. `--cli bench/passthrough.ts` to self-test the harness.
 *
 * @module
 */

import { generateLog, type GenResult, parseFlags, readMeta } from "../scripts/gen_log.ts";

/** The peer tool, pinned. */
export const PEER = "logstrip@1.12.0";

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

/** A checked target. */
export interface TargetCheck {
  /** What is checked. */
  name: string;
  /** The threshold, as text. */
  target: string;
  /** Measured value, or `null` when it could not be measured. */
  value: number | null;
  /** `true`/`false`, or `null` when not measurable in this run. */
  pass: boolean | null;
}

/** Everything one benchmark run produced (the `--json` output). */
export interface BenchReport {
  /** Machine facts. */
  machine: Record<string, string | number | boolean>;
  /** The main input. */
  input: GenResult & { path: string };
  /** Warm-up runs on the 5 MB input. */
  warmup: RunResult[];
  /** Measured runs on the main input. */
  runs: RunResult[];
  /** MB/s ratios (wall time) and inverse CPU-second ratios (`...Cpu`). */
  ratios: Record<string, number | null>;
  /** Target checks. */
  targets: TargetCheck[];
  /** `--rss-scaling` results, if requested. */
  rssScaling?: {
    /** The large input; absent when trimlog was skipped. */
    input?: GenResult & { path: string };
    runs: RunResult[];
    ratio: number | null;
  };
}

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const OUT = `${ROOT}/bench/out`;
const GNU_TIME = "/usr/bin/time";

function log(msg: string): void {
  console.error(msg);
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function hasGnuTime(): Promise<boolean> {
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

async function commandOutput(cmd: string, args: string[]): Promise<string> {
  try {
    const o = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "null" }).output();
    return new TextDecoder().decode(o.stdout).trim();
  } catch {
    return "unavailable";
  }
}

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

interface MeasureOpts {
  name: string;
  cmd: string[];
  input: string;
  output: string;
  timeoutS: number;
  gnuTime: boolean;
}

/** Run one command under GNU time (if present) while polling /proc for memory. */
async function measure(o: MeasureOpts): Promise<RunResult> {
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

/** Make sure `bench/out/bench-<mb>mb.log` exists for this seed; generate it if not. */
async function ensureInput(mb: number, seed: number): Promise<GenResult & { path: string }> {
  const path = `${OUT}/bench-${mb}mb.log`;
  const meta = await readMeta(path, mb, seed);
  if (meta) return { ...meta, path };
  log(`generating ${path} (${mb} MB, seed ${seed}) ...`);
  const t0 = performance.now();
  const res = await generateLog({ mb, out: path, seed });
  log(
    `  done: ${res.bytes} bytes, ${res.lines} lines, ${
      ((performance.now() - t0) / 1000).toFixed(1)
    } s`,
  );
  return { ...res, path };
}

interface Tool {
  name: string;
  /** Command for input/output, or a reason to skip. */
  cmd: (input: string, output: string) => string[];
  skip?: string;
}

/**
 * The V8 flags of the `trim` task in deno.json (how the CLI is shipped), used for
 * trimlog and, for a fair comparison, for the passthrough.
 */
async function v8Flags(): Promise<string[]> {
  const deno = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
  const m = /--v8-flags=(\S+)/.exec(deno.tasks?.trim ?? "");
  return m ? [`--v8-flags=${m[1]}`] : [];
}

async function tools(skipPeer: boolean, cli: string): Promise<Tool[]> {
  const deno = Deno.execPath();
  const cliMissing = !(await exists(`${ROOT}/${cli}`));
  const flags = await v8Flags();
  return [
    {
      name: "trimlog",
      cmd: (i, o) => [deno, "run", "-A", ...flags, cli, "--no-telemetry", i, "-o", o],
      skip: cliMissing ? `${cli} not found (CLI not yet landed)` : undefined,
    },
    {
      name: "passthrough",
      cmd: (i, o) => [deno, "run", "-A", ...flags, "bench/passthrough.ts", i, o],
    },
    {
      name: "logstrip",
      cmd: (i, o) => ["npx", "-y", PEER, i, "-o", o],
      skip: skipPeer ? "--skip-peer" : undefined,
    },
  ];
}

async function runAll(
  list: Tool[],
  input: string,
  tag: string,
  timeoutS: number,
  gnuTime: boolean,
): Promise<RunResult[]> {
  const inputBytes = (await Deno.stat(input)).size;
  const out: RunResult[] = [];
  for (const t of list) {
    if (t.skip) {
      out.push({ name: t.name, status: "skipped", reason: t.skip, inputBytes });
      continue;
    }
    log(`  ${t.name} (${tag}) ...`);
    const output = `${OUT}/out-${t.name}-${tag}.log`;
    const r = await measure({
      name: t.name,
      cmd: t.cmd(input, output),
      input,
      output,
      timeoutS,
      gnuTime,
    });
    log(
      `    ${r.status}: ${fmt(r.wallS, 2)} s, ${fmt(r.mbPerS, 1)} MB/s, ` +
        `${fmt(r.peakRssMiB, 1)} MiB${r.reason ? ` (${r.reason})` : ""}`,
    );
    if (r.stderrTail) log(r.stderrTail.replace(/^/gm, "    | "));
    out.push(r);
  }
  return out;
}

function fmt(n: number | null | undefined, digits: number): string {
  return n === undefined || n === null || !Number.isFinite(n) ? "-" : n.toFixed(digits);
}

function find(runs: RunResult[], name: string): RunResult | undefined {
  return runs.find((r) => r.name === name && r.status === "ok");
}

function ratio(a?: number, b?: number): number | null {
  return a !== undefined && b !== undefined && b > 0 ? a / b : null;
}

/** Render runs as a fixed-width text table. */
export function table(runs: RunResult[]): string {
  const head = [
    "tool",
    "status",
    "wall s",
    "MB/s",
    "peak RSS MiB",
    "tree RSS MiB",
    "CPU s",
    "output MB",
    "out/in",
    "load1",
  ];
  const rows = runs.map((r) => [
    r.name,
    r.status,
    fmt(r.wallS, 2),
    fmt(r.mbPerS, 1),
    fmt(r.peakRssMiB, 1),
    fmt(r.treeRssMiB, 1),
    fmt(r.cpuS, 2),
    r.outputBytes === undefined ? "-" : fmt(r.outputBytes / 1e6, 2),
    r.outputBytes === undefined ? "-" : `${fmt((100 * r.outputBytes) / r.inputBytes, 1)}%`,
    fmt(r.load1, 2),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  return [line(head), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)].join("\n");
}

async function main(): Promise<number> {
  const f = parseFlags(Deno.args);
  if (f.has("help")) {
    console.log(
      "usage: deno run -A bench/bench.ts [--mb 100] [--seed 42] [--skip-peer] [--rss-scaling]\n" +
        "                                  [--json] [--timeout 900] [--strict] [--cli cli.ts]",
    );
    return 0;
  }
  const mb = Number(f.get("mb") ?? 100);
  const seed = Number(f.get("seed") ?? 42);
  const timeoutS = Number(f.get("timeout") ?? 900);
  const json = f.has("json");
  if (!(mb > 0) || !Number.isInteger(seed) || !(timeoutS > 0)) {
    log("bench: --mb and --timeout must be > 0, --seed an integer");
    return 2;
  }
  await Deno.mkdir(OUT, { recursive: true });

  const gnuTime = await hasGnuTime();
  if (!gnuTime) {
    log("note: GNU time not found at /usr/bin/time (Debian package `time`); peak RSS comes");
    log("      from polling /proc VmHWM every 50 ms instead.");
  }
  const list = await tools(f.has("skip-peer"), f.get("cli") ?? "cli.ts");
  const machine: Record<string, string | number | boolean> = {
    nproc: await commandOutput("nproc", []),
    cpu: (/model name\s*:\s*(.*)/.exec(await Deno.readTextFile("/proc/cpuinfo").catch(() => "")) ??
      [])[1] ?? "unknown",
    memTotalMiB: Math.round(
      Number(/MemTotal:\s+(\d+)/.exec(await Deno.readTextFile("/proc/meminfo"))?.[1] ?? 0) / 1024,
    ),
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    node: await commandOutput("node", ["--version"]),
    peer: PEER,
    rssSource: gnuTime ? "GNU time %M" : "/proc VmHWM polling",
  };

  // Warm-up on a small input: fills npx / deno caches, not reported in the table.
  log("warm-up (5 MB) ...");
  const small = await ensureInput(5, seed);
  const warmup = await runAll(list, small.path, "warmup", timeoutS, gnuTime);

  const input = await ensureInput(mb, seed);
  log(`measuring on ${input.path} (${input.bytes} bytes) ...`);
  const runs = await runAll(list, input.path, `${mb}mb`, timeoutS, gnuTime);

  // Sanity: the passthrough must write exactly the input minus the CR of each CRLF.
  const pt = find(runs, "passthrough");
  if (pt && pt.outputBytes !== input.bytes - input.crlfLines) {
    log(
      `warning: passthrough wrote ${pt.outputBytes} bytes, expected ${
        input.bytes - input.crlfLines
      }`,
    );
  }

  const tr = find(runs, "trimlog"), ls = find(runs, "logstrip");
  const ratios = {
    trimlogVsLogstrip: ratio(tr?.mbPerS, ls?.mbPerS),
    trimlogVsPassthrough: ratio(tr?.mbPerS, pt?.mbPerS),
    logstripVsPassthrough: ratio(ls?.mbPerS, pt?.mbPerS),
    // CPU-second ratios: less sensitive to other load on a shared machine than wall time.
    trimlogVsLogstripCpu: ratio(ls?.cpuS, tr?.cpuS),
    trimlogVsPassthroughCpu: ratio(pt?.cpuS, tr?.cpuS),
  };
  const targets: TargetCheck[] = [
    {
      name: "trimlog MB/s / logstrip MB/s",
      target: ">= 20",
      value: ratios.trimlogVsLogstrip,
      pass: ratios.trimlogVsLogstrip === null ? null : ratios.trimlogVsLogstrip >= 20,
    },
    {
      name: "trimlog peak RSS MiB",
      target: "<= 80",
      value: tr?.peakRssMiB ?? null,
      pass: tr?.peakRssMiB === undefined ? null : tr.peakRssMiB <= 80,
    },
  ];

  const report: BenchReport = { machine, input, warmup, runs, ratios, targets };

  if (f.has("rss-scaling")) {
    const big = 1000;
    const tlist = list.filter((t) => t.name !== "logstrip");
    if (tlist[0].skip) {
      log(`rss-scaling: trimlog skipped (${tlist[0].skip})`);
      report.rssScaling = {
        runs: [{ name: "trimlog", status: "skipped", reason: tlist[0].skip, inputBytes: 0 }],
        ratio: null,
      };
      targets.push({
        name: `trimlog RSS(${big}MB) / RSS(${mb}MB)`,
        target: "<= 1.1",
        value: null,
        pass: null,
      });
    } else {
      const bigInput = await ensureInput(big, seed);
      log(`rss-scaling on ${bigInput.path} ...`);
      const bigRuns = await runAll(tlist, bigInput.path, `${big}mb`, timeoutS, gnuTime);
      for (const t of tlist) await Deno.remove(`${OUT}/out-${t.name}-${big}mb.log`).catch(() => {});
      const r = ratio(find(bigRuns, "trimlog")?.peakRssMiB, tr?.peakRssMiB);
      report.rssScaling = { input: bigInput, runs: bigRuns, ratio: r };
      targets.push({
        name: `trimlog RSS(${big}MB) / RSS(${mb}MB)`,
        target: "<= 1.1",
        value: r,
        pass: r === null ? null : r <= 1.1,
      });
    }
  }

  const text = JSON.stringify(report, null, 2);
  await Deno.writeTextFile(`${OUT}/last-run.json`, text + "\n");
  if (json) {
    console.log(text);
  } else {
    const out: string[] = [];
    out.push(
      `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.memTotalMiB} MiB RAM, ` +
        `deno ${machine.deno}, node ${machine.node}; peak RSS from ${machine.rssSource}`,
    );
    out.push(
      `input: ${input.path.replace(ROOT + "/", "")}: ${fmt(input.bytes / 1e6, 1)} MB, ` +
        `${input.lines} lines, seed ${input.seed}, fnv1a ${input.fnv1a}`,
    );
    out.push("", table(runs));
    for (const r of runs.filter((r) => r.status !== "ok")) out.push(`  ${r.name}: ${r.reason}`);
    if (report.rssScaling) {
      const p = report.rssScaling.input?.path.replace(ROOT + "/", "") ?? "not generated";
      out.push("", `rss-scaling (${p}):`);
      out.push(table(report.rssScaling.runs));
    }
    out.push("", "ratios (MB/s):");
    out.push(`  trimlog / logstrip     ${fmt(ratios.trimlogVsLogstrip, 1)}`);
    out.push(`  trimlog / passthrough  ${fmt(ratios.trimlogVsPassthrough, 3)}`);
    out.push(`  logstrip / passthrough ${fmt(ratios.logstripVsPassthrough, 4)}`);
    out.push("ratios (CPU seconds, same input; less sensitive to machine load):");
    out.push(`  logstrip CPU / trimlog CPU     ${fmt(ratios.trimlogVsLogstripCpu, 1)}`);
    out.push(`  passthrough CPU / trimlog CPU  ${fmt(ratios.trimlogVsPassthroughCpu, 3)}`);
    out.push("", "targets:");
    for (const t of targets) {
      const verdict = t.pass === null ? "n/a" : t.pass ? "PASS" : "FAIL";
      out.push(`  ${verdict.padEnd(4)}  ${t.name} ${t.target}: ${fmt(t.value, 2)}`);
    }
    console.log(out.join("\n"));
  }
  return f.has("strict") && targets.some((t) => t.pass === false) ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
