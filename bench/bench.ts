/**
 * Benchmark of the trim CLI against a bare Deno passthrough and the peer tool `logstrip`.
 *
 * In one run, sequentially, file → file:
 *
 * 1. trimlog: `deno run -A <flags> cli.ts --no-telemetry INPUT -o OUTPUT` (default options;
 *    skipped if `cli.ts` does not exist yet);
 * 2. passthrough: `deno run -A <flags> bench/passthrough.ts INPUT OUTPUT` (speed of light);
 * 3. peer: `npx -y logstrip@1.12.0 INPUT -o OUTPUT`;
 *
 * where `<flags>` are the `--v8-flags` of deno.json's `trim` task (how the CLI ships).
 * trimlog and the passthrough run `--pairs N` times, interleaved (trimlog, passthrough,
 * trimlog, …): the report gives median MB/s and the median of the per-pair ratios. With
 * `--peer-mb M` the peer (slow) runs on the first M MB of the input only, and trimlog
 * once more on that same prefix.
 *
 * Inputs (`--input`): `generated` (default; `scripts/gen_log.ts`, `--mb`, `--seed`) or
 * `loghub` (the 16 Loghub 2k logs of `../shared/corpora/loghub` in name order ×23, built by
 * `scripts/bench_input.ts`; defaults `--pairs 3 --peer-mb 20`, plus the CI-log section:
 * `examples/ci-failure.log` repeated to `--ci-mb 50`). Inputs are cached in `bench/out/`.
 *
 * Each tool is first warmed up once on a small input (5 MB generated, or one copy of the
 * Loghub logs) so npx/deno caches do not distort timing. Per run: wall seconds, MB/s (1 MB =
 * 10^6 bytes of input), peak RSS, CPU seconds and output size (see `measure.ts`).
 *
 * ```sh
 * deno run -A bench/bench.ts [--input generated|loghub] [--mb 100] [--seed 42]
 *   [--corpus DIR] [--copies 23] [--pairs N] [--peer-mb M] [--skip-peer]
 *   [--ci] [--skip-ci] [--ci-mb 50] [--rss-scaling] [--big-mb 1000]
 *   [--json] [--timeout 900] [--strict] [--cli cli.ts] [--out-dir bench/out]
 * ```
 *
 * Exit codes: 0 done; 1 a target failed and `--strict` was given; 2 bad flags; 3 the
 * Loghub corpus is absent (`--input loghub`). Every run writes its full report as JSON to
 * `<out-dir>/last-run.json`. `--cli PATH` measures another entry point (relative to the
 * repository root) in the trimlog row, e.g. `--cli bench/passthrough.ts` to self-test.
 *
 * @module
 */

import { parseFlags } from "../scripts/gen_log.ts";
import {
  CorpusMissingError,
  DEFAULT_LOGHUB_DIR,
  EXIT_NO_CORPUS,
  LOGHUB_COPIES,
  loghubSources,
} from "../scripts/bench_input.ts";
import { type BenchInput, ciInput, generatedInput, loghubInput, prefixInput } from "./inputs.ts";
import { commandOutput, hasGnuTime, measure, ROOT, type RunResult } from "./measure.ts";
import { type BenchReport, fmt, formatReport, ratio, type Section } from "./report.ts";
import { pairRatio, summarize, type ToolSummary } from "./summary.ts";
import { targetsFor } from "./targets.ts";

export type { RunResult } from "./measure.ts";
export { type BenchReport, table, type TargetCheck } from "./report.ts";

/** The peer tool, pinned. */
export const PEER = "logstrip@1.12.0";

const USAGE = `usage: deno run -A bench/bench.ts [--input generated|loghub] [--mb 100] [--seed 42]
  [--corpus DIR] [--copies 23] [--pairs N] [--peer-mb M] [--skip-peer]
  [--ci] [--skip-ci] [--ci-mb 50] [--rss-scaling] [--big-mb 1000]
  [--json] [--timeout 900] [--strict] [--cli cli.ts] [--out-dir bench/out]`;

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

interface Tool {
  name: string;
  /** Command for input/output. */
  cmd: (input: string, output: string) => string[];
  /** Why it is not run, if so. */
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

async function tools(skipPeer: boolean, cli: string): Promise<Record<string, Tool>> {
  const deno = Deno.execPath();
  const cliMissing = !(await exists(`${ROOT}/${cli}`));
  const flags = await v8Flags();
  const trimlog: Tool = {
    name: "trimlog",
    cmd: (i, o) => [deno, "run", "-A", ...flags, cli, "--no-telemetry", i, "-o", o],
    skip: cliMissing ? `${cli} not found (CLI not yet landed)` : undefined,
  };
  return {
    trimlog,
    trimlogPrefix: { ...trimlog, name: "trimlog-prefix" },
    passthrough: {
      name: "passthrough",
      cmd: (i, o) => [deno, "run", "-A", ...flags, "bench/passthrough.ts", i, o],
    },
    logstrip: {
      name: "logstrip",
      cmd: (i, o) => ["npx", "-y", PEER, i, "-o", o],
      skip: skipPeer ? "--skip-peer" : undefined,
    },
  };
}

/** What every measured command shares. */
interface Ctx {
  outDir: string;
  timeoutS: number;
  gnuTime: boolean;
}

async function runOne(
  ctx: Ctx,
  t: Tool,
  input: BenchInput,
  tag: string,
  pair?: number,
): Promise<RunResult> {
  if (t.skip) return { name: t.name, status: "skipped", reason: t.skip, inputBytes: input.bytes };
  log(`  ${t.name}${pair ? ` #${pair}` : ""} (${tag}) ...`);
  const output = `${ctx.outDir}/out-${t.name}-${tag}.log`;
  const r = await measure({
    name: t.name,
    cmd: t.cmd(input.path, output),
    input: input.path,
    output,
    timeoutS: ctx.timeoutS,
    gnuTime: ctx.gnuTime,
  });
  if (pair) r.pair = pair;
  log(
    `    ${r.status}: ${fmt(r.wallS, 2)} s, ${fmt(r.mbPerS, 1)} MB/s, ` +
      `${fmt(r.peakRssMiB, 1)} MiB${r.reason ? ` (${r.reason})` : ""}`,
  );
  if (r.stderrTail) log(r.stderrTail.replace(/^/gm, "    | "));
  // Sanity: the passthrough writes exactly the input minus the CR of each CRLF line.
  if (r.name === "passthrough" && r.status === "ok") {
    const want = input.bytes - input.crlfLines;
    if (r.outputBytes !== want) {
      log(`warning: passthrough wrote ${r.outputBytes} bytes, not ${want}`);
    }
  }
  return r;
}

/** trimlog and passthrough, `pairs` times interleaved (no `pair` index when 1). */
async function pairedRuns(
  ctx: Ctx,
  list: Tool[],
  input: BenchInput,
  tag: string,
  pairs: number,
): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (let p = 1; p <= pairs; p++) {
    for (const t of list) out.push(await runOne(ctx, t, input, tag, pairs > 1 ? p : undefined));
    if (list.every((t) => t.skip)) break;
  }
  return out;
}

/** The input file's name without directory and `.log`: the tag of its output files. */
function baseName(i: BenchInput): string {
  return i.path.replace(/^.*\//, "").replace(/\.log$/, "");
}

function summaries(runs: RunResult[], names: string[]): ToolSummary[] {
  return names.map((n) => summarize(runs, n)).filter((s): s is ToolSummary => s !== undefined);
}

/** The positive number of flag `name`, its default, or a thrown message. */
function num(f: Map<string, string>, name: string, dflt: number, integer = false): number {
  const v = f.has(name) ? Number(f.get(name)) : dflt;
  if (!(v > 0) || (integer && !Number.isInteger(v))) {
    throw new RangeError(`--${name} must be a ${integer ? "whole number" : "number"} > 0`);
  }
  return v;
}

async function main(): Promise<number> {
  const f = parseFlags(Deno.args);
  if (f.has("help")) {
    console.log(USAGE);
    return 0;
  }
  const kind = f.get("input") ?? "generated";
  let mb, seed, timeoutS, pairs, copies, ciMb, bigMb, peerMb;
  try {
    if (kind !== "generated" && kind !== "loghub") {
      throw new RangeError(`--input must be generated or loghub, not ${JSON.stringify(kind)}`);
    }
    const loghub = kind === "loghub";
    mb = num(f, "mb", 100);
    seed = Number(f.get("seed") ?? 42);
    if (!Number.isInteger(seed)) throw new RangeError("--seed must be an integer");
    timeoutS = num(f, "timeout", 900);
    pairs = num(f, "pairs", loghub ? 3 : 1, true);
    copies = num(f, "copies", LOGHUB_COPIES, true);
    ciMb = num(f, "ci-mb", 50);
    bigMb = num(f, "big-mb", 1000);
    peerMb = f.has("peer-mb") || loghub ? num(f, "peer-mb", 20) : undefined;
  } catch (e) {
    log(`bench: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const corpus = f.get("corpus") ?? DEFAULT_LOGHUB_DIR;
  if (kind === "loghub") {
    try {
      await loghubSources(corpus);
    } catch (e) {
      if (!(e instanceof CorpusMissingError)) throw e;
      log(`bench: ${e.message}`);
      return EXIT_NO_CORPUS;
    }
  }
  const outDir = f.get("out-dir") ?? `${ROOT}/bench/out`;
  await Deno.mkdir(outDir, { recursive: true });

  const gnuTime = await hasGnuTime();
  if (!gnuTime) {
    log("note: GNU time not found at /usr/bin/time (Debian package `time`); peak RSS comes");
    log("      from polling /proc VmHWM every 50 ms instead.");
  }
  const ctx: Ctx = { outDir, timeoutS, gnuTime };
  const t = await tools(f.has("skip-peer"), f.get("cli") ?? "cli.ts");
  const pair = [t.trimlog, t.passthrough];
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
    load1: (await Deno.readTextFile("/proc/loadavg").catch(() => "-")).split(" ")[0],
  };

  const lh = { dir: corpus, outDir, log };
  // Warm-up on a small input: fills npx / deno caches, not reported in the table.
  const small = kind === "loghub"
    ? await loghubInput({ ...lh, copies: 1 })
    : await generatedInput(outDir, 5, seed, log);
  log(`warm-up (${fmt(small.bytes / 1e6, 1)} MB) ...`);
  const warmup: RunResult[] = [];
  for (const x of [t.trimlog, t.passthrough, t.logstrip]) {
    warmup.push(await runOne(ctx, x, small, "warmup"));
  }

  const input = kind === "loghub"
    ? await loghubInput({ ...lh, copies })
    : await generatedInput(outDir, mb, seed, log);
  const tag = baseName(input);
  log(`measuring on ${input.path} (${input.bytes} bytes, ${pairs} pair(s)) ...`);
  const runs = await pairedRuns(ctx, pair, input, tag, pairs);
  const peerInput = peerMb === undefined || t.logstrip.skip
    ? input
    : await prefixInput(input, peerMb, outDir);
  if (peerInput !== input) log(`peer on ${peerInput.path} (${peerInput.bytes} bytes) ...`);
  runs.push(await runOne(ctx, t.logstrip, peerInput, `${tag}-peer`));
  if (peerInput !== input && !t.logstrip.skip) {
    runs.push(await runOne(ctx, t.trimlogPrefix, peerInput, `${tag}-peer`));
  }

  const s = summaries(runs, ["trimlog", "passthrough", "logstrip", "trimlog-prefix"]);
  const get = (n: string) => s.find((x) => x.name === n);
  const tr = get("trimlog"), pt = get("passthrough"), ls = get("logstrip");
  const ratios: Record<string, number | null> = {
    trimlogVsLogstrip: ratio(tr?.mbPerS, ls?.mbPerS),
    trimlogVsPassthrough: pairRatio(runs, "trimlog", "passthrough"),
    logstripVsPassthrough: ratio(ls?.mbPerS, pt?.mbPerS),
    trimlogVsLogstripCpu: ratio(tr?.cpuMbPerS, ls?.cpuMbPerS),
    trimlogVsPassthroughCpu: ratio(tr?.cpuMbPerS, pt?.cpuMbPerS),
  };
  if (peerInput !== input) {
    ratios.trimlogVsLogstripSameBytes = ratio(get("trimlog-prefix")?.mbPerS, ls?.mbPerS);
  }
  const options = { input: kind, pairs, peerMb: peerMb ?? "whole input", copies, seed };
  const report: BenchReport = {
    machine,
    options,
    input,
    ...(peerInput !== input ? { peerInput } : {}),
    warmup,
    runs,
    summaries: s,
    ratios,
    targets: [],
  };

  if (f.has("ci") || (kind === "loghub" && !f.has("skip-ci"))) {
    const ci = await ciInput(outDir, ciMb, log);
    log(`CI log: ${ci.path} (${ci.bytes} bytes) ...`);
    const ciRuns = await pairedRuns(ctx, pair, ci, baseName(ci), pairs);
    const cs = summaries(ciRuns, ["trimlog", "passthrough"]);
    report.ci = {
      input: ci,
      runs: ciRuns,
      summaries: cs,
      ratios: {
        trimlogVsPassthrough: pairRatio(ciRuns, "trimlog", "passthrough"),
        trimlogVsPassthroughCpu: ratio(cs[0]?.cpuMbPerS, cs[1]?.cpuMbPerS),
      },
    } satisfies Section;
  }

  if (f.has("rss-scaling")) {
    if (t.trimlog.skip) {
      log(`rss-scaling: trimlog skipped (${t.trimlog.skip})`);
      report.rssScaling = {
        runs: [{ name: "trimlog", status: "skipped", reason: t.trimlog.skip, inputBytes: 0 }],
        ratio: null,
      };
    } else {
      const big = kind === "loghub"
        ? await loghubInput({ ...lh, mb: bigMb })
        : await generatedInput(outDir, bigMb, seed, log);
      log(`rss-scaling on ${big.path} ...`);
      const bigTag = baseName(big);
      const bigRuns = await pairedRuns(ctx, pair, big, bigTag, 1);
      for (const x of pair) {
        await Deno.remove(`${outDir}/out-${x.name}-${bigTag}.log`).catch(() => {});
      }
      const r = ratio(summarize(bigRuns, "trimlog")?.peakRssMiB, tr?.peakRssMiB);
      report.rssScaling = { input: big, runs: bigRuns, ratio: r };
    }
  }
  report.targets = targetsFor(kind, report);

  const text = JSON.stringify(report, null, 2);
  await Deno.writeTextFile(`${outDir}/last-run.json`, text + "\n");
  console.log(f.has("json") ? text : formatReport(report, ROOT));
  return f.has("strict") && report.targets.some((x) => x.pass === false) ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
