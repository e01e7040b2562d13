/**
 * Accuracy check of log-source detection (and, with `--bench`, a throughput
 * measurement of the streaming detectors).
 *
 * Accuracy: for every log whose true source is known, is the true source the top
 * result, and is it in the top 3? Inputs:
 * - the Loghub corpus (`/work/shared/corpora/loghub/*_2k.log`, or the directory given
 *   with `--loghub <dir>`), skipped when absent;
 * - the lead's CI example logs (`examples/ci-failure.log`);
 * - the fixtures `tests/fixtures/sources/<source>[.<n>].log`, named after their source.
 *
 * Usage:
 *   deno run -A scripts/check_sources.ts [--loghub <dir>] [--verbose] [--min 0.9]
 *   deno run -A scripts/check_sources.ts --bench [--mb 100]
 *
 * Exits 1 when the top-3 rate is under `--min` (default 0.9).
 *
 * @module
 */

import process from "node:process";
import {
  createMarkerMatcher,
  createSourceDetector,
  detectLogSources,
  LOG_SOURCE_SIGNATURES,
} from "../trim/sources/detector.ts";
import { createFormatDetector } from "../trim/classify/format.ts";

/** Loghub system name to the catalog name of its source. */
const LOGHUB_SOURCES: Record<string, string> = {
  HDFS: "hdfs",
  Hadoop: "hadoop",
  Spark: "spark",
  BGL: "bgl",
  Android: "android",
  OpenSSH: "openssh",
  Apache: "apache-httpd",
  HPC: "hpc",
  HealthApp: "healthapp",
  Linux: "linux",
  Mac: "macos",
  OpenStack: "openstack",
  Proxifier: "proxifier",
  Thunderbird: "thunderbird",
  Windows: "windows",
  Zookeeper: "zookeeper",
};

/** The lead's CI example logs (repository-relative path to true source). */
const CI_EXAMPLES: Record<string, string> = {
  "examples/ci-failure.log": "github-actions",
};

interface Case {
  group: string;
  label: string;
  expected: string;
  text: string;
}

function arg(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function loadCases(): Promise<Case[]> {
  const cases: Case[] = [];
  const loghub = arg("--loghub") ?? "/work/shared/corpora/loghub";
  if (await exists(loghub)) {
    for (const [system, expected] of Object.entries(LOGHUB_SOURCES)) {
      const path = `${loghub}/${system}_2k.log`;
      if (!(await exists(path))) continue;
      cases.push({ group: "loghub", label: system, expected, text: await Deno.readTextFile(path) });
    }
  } else {
    console.log(`(loghub corpus not found at ${loghub}; skipped)`);
  }
  // The lead's CI example logs with a known source.
  for (const [file, expected] of Object.entries(CI_EXAMPLES)) {
    const url = new URL(`../${file}`, import.meta.url);
    if (await exists(url.pathname)) {
      cases.push({ group: "ci", label: file, expected, text: await Deno.readTextFile(url) });
    }
  }
  const fixtures = new URL("../tests/fixtures/sources/", import.meta.url);
  const names: string[] = [];
  for await (const entry of Deno.readDir(fixtures)) {
    if (entry.isFile && entry.name.endsWith(".log")) names.push(entry.name);
  }
  for (const name of names.sort()) {
    cases.push({
      group: "fixtures",
      label: name,
      expected: name.split(".")[0],
      text: await Deno.readTextFile(new URL(name, fixtures)),
    });
  }
  return cases;
}

async function accuracy(): Promise<number> {
  const verbose = Deno.args.includes("--verbose");
  const min = Number(arg("--min") ?? 0.9);
  const cases = await loadCases();
  const groups = new Map<string, { n: number; top1: number; top3: number }>();
  const misses: string[] = [];
  for (const c of cases) {
    const ranked = detectLogSources(c.text);
    const pos = ranked.indexOf(c.expected);
    const g = groups.get(c.group) ?? { n: 0, top1: 0, top3: 0 };
    g.n++;
    if (pos === 0) g.top1++;
    if (pos >= 0 && pos < 3) g.top3++;
    groups.set(c.group, g);
    const line =
      `${pos === 0 ? "ok  " : pos > 0 && pos < 3 ? "top3" : "MISS"} ${c.group}/${c.label}` +
      ` expected=${c.expected} got=${ranked.slice(0, 3).join(",") || "-"}`;
    if (pos < 0 || pos >= 3) misses.push(line);
    if (verbose) console.log(line);
  }
  let n = 0;
  let top3 = 0;
  for (const [group, g] of groups) {
    n += g.n;
    top3 += g.top3;
    console.log(
      `${group.padEnd(9)} n=${g.n}  top-1 ${(100 * g.top1 / g.n).toFixed(1)}%  ` +
        `top-3 ${(100 * g.top3 / g.n).toFixed(1)}%`,
    );
  }
  const rate = n === 0 ? 0 : top3 / n;
  console.log(`all       n=${n}  top-3 ${(100 * rate).toFixed(1)}%`);
  for (const m of misses) console.log(m);
  return rate >= min ? 0 : 1;
}

/** Flattened copy, so timings do not measure rope-string access. */
function flat(s: string): string {
  return JSON.parse(JSON.stringify(s));
}

/** CPU seconds of this process (user + system); steadier than wall time on a busy host. */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Synthetic log of about `mb` MB built by `pick(i)` for line i (strings flattened). */
function synth(mb: number, pick: (i: number) => string): { lines: string[]; bytes: number } {
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * 1e6; i++) {
    const line = flat(pick(i));
    lines.push(line);
    bytes += line.length + 1;
  }
  return { lines, bytes };
}

/** A service log: Spring Boot lines, a Java stack trace every 200 lines, plain lines. */
function typicalLine(i: number): string {
  const k = i % 200;
  if (k < 12 && k > 0) {
    return k === 1
      ? "java.lang.IllegalStateException: order 42 not found"
      : `\tat com.example.orders.OrderService.load(OrderService.java:${k + 40})`;
  }
  if (k % 17 === 0) return `  processed batch ${i} in ${i % 97} ms`;
  return `2024-05-02T10:11:${String(i % 60).padStart(2, "0")}.345Z  INFO 1 --- [nio-8080-exec-${
    i % 8
  }] c.e.orders.OrderController : GET /orders/${i} status=200 ms=${i % 50}`;
}

/** Worst case: nine formats interleaved line by line. */
const MIXED = [
  "2024-05-02T10:11:12.345Z  INFO 1 --- [           main] c.e.orders.OrdersApplication : Started",
  '{"level":"info","ts":"2024-05-02T10:11:12Z","msg":"request done","status":200,"ms":12}',
  "May  2 10:11:12 web-1 sshd[2201]: Accepted publickey for deploy from 10.0.0.5 port 51234",
  "    at Object.<anonymous> (/app/src/server.js:42:17)",
  "npm ERR! code ELIFECYCLE",
  "2024/05/02 10:11:12 [error] 29#29: *1027 connect() failed (111: Connection refused)",
  "[INFO] --- maven-compiler-plugin:3.11.0:compile (default-compile) @ orders ---",
  'level=warn ts=2024-05-02T10:11:12Z caller=main.go:42 msg="slow request" ms=812',
  "plain message without any structure at all, just words and numbers 12345",
];

function bench(): number {
  const mb = Number(arg("--mb") ?? 100);
  let t0 = performance.now();
  const markers = LOG_SOURCE_SIGNATURES.reduce((n, [, m]) => n + m.length, 0);
  detectLogSources("");
  console.log(
    `automaton build, cold (${markers} markers): ${(performance.now() - t0).toFixed(1)} ms`,
  );
  t0 = performance.now();
  createMarkerMatcher(LOG_SOURCE_SIGNATURES.flatMap(([, m]) => m));
  console.log(`automaton build, warm: ${(performance.now() - t0).toFixed(1)} ms`);
  for (
    const [label, pick] of [
      ["typical (one format + traces)", typicalLine],
      ["worst case (9 formats interleaved)", (i: number) => `${MIXED[i % MIXED.length]} #${i}`],
    ] as const
  ) {
    const { lines, bytes } = synth(mb, pick);
    console.log(`== ${label}: ${(bytes / 1e6).toFixed(1)} MB, ${lines.length} lines`);
    const run = (name: string, fn: () => void): number => {
      let best = Infinity;
      for (let r = 0; r < 3; r++) {
        const c0 = cpuSeconds();
        fn();
        best = Math.min(best, cpuSeconds() - c0);
      }
      console.log(`  ${name.padEnd(30)} ${(bytes / 1e6 / best).toFixed(0).padStart(6)} MB/s (CPU)`);
      return best;
    };
    let sink = 0;
    const base = run("baseline: iterate lines", () => {
      for (const l of lines) sink += l.length;
    });
    const fmt = run("format detector", () => {
      const d = createFormatDetector();
      for (const l of lines) d.observe(l);
      sink += d.format?.length ?? 0;
    });
    const src = run("source detector", () => {
      const d = createSourceDetector();
      for (const l of lines) d.observe(l);
      sink += d.ranked(5).length;
    });
    const pipeline = bytes / 100e6; // seconds a 100 MB/s pipeline spends on this input
    const pct = (s: number) => `${(100 * Math.max(0, s - base) / pipeline).toFixed(1)}%`;
    console.log(
      `  added to a 100 MB/s pipeline: format ${pct(fmt)}, sources ${pct(src)},` +
        ` both ${(100 * Math.max(0, fmt + src - 2 * base) / pipeline).toFixed(1)}%`,
    );
    if (sink < 0) console.log(sink);
  }
  return 0;
}

if (import.meta.main) {
  Deno.exit(Deno.args.includes("--bench") ? bench() : await accuracy());
}
