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
import { commandOutput, hasGnuTime, measure, ROOT, type RunResult } from "./measure.ts";
import { type BenchReport, find, fmt, formatReport, ratio, type TargetCheck } from "./report.ts";

export type { RunResult } from "./measure.ts";
export { type BenchReport, table, type TargetCheck } from "./report.ts";

/** The peer tool, pinned. */
export const PEER = "logstrip@1.12.0";

const OUT = `${ROOT}/bench/out`;

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
    console.log(formatReport(report, ROOT));
  }
  return f.has("strict") && targets.some((t) => t.pass === false) ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
