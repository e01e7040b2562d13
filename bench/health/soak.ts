// porthealth soak with faults, on 127.0.0.1: a CLI (bench/health/soak.sh, `deno task soak`) and
// a module (`soak()`, which tests/health/soak.test.ts runs for 10 s).
//
//   deno run -A bench/health/soak.ts [--seconds 60] [--mode faults|ulimit|both]
//     [--checks 1000] [--connections 256] [--ulimit 256] [--ulimit-checks 200]
//     [--load wrk|fetch] [--slow 8] [--port 18990] [--program serve.ts]
//
// The parts: soak_targets.ts (the listeners, their own process), soak_clients.ts (the load),
// soak_proc.ts (child processes and /proc).
//
// Targets (their own process, so that their accept loops do not compete with the
// measurements): most checks point at stable listeners; 50 sit on 5 listeners that cycle
// open → closed → silent (listening, accept queue full, SYNs dropped) → open every 8 s,
// staggered; 10 hang (a silent port for the whole run), 10 are `.invalid` names (DNS fails),
// 10 refused. Halfway through, the config file is rewritten (the refused checks dropped, 10
// new open ones added, the timeout changed) and porthealth gets SIGHUP.
//
// Load: a mix of /health, /live, /metrics and / over `connections` keep-alive connections
// (with wrk: one wrk per path, half the connections on /health, a quarter on /live, an eighth
// each on /metrics and /; with fetch: that many loops cycling through the paths, every other
// /health request revalidating with If-None-Match), plus `slow` clients that ask for /health
// and read the answer one byte a second. /health is polled every 500 ms to check that every
// flapping check follows its listener (in rounds that were not starved: where every stable
// open check was healthy) and that the reload took.
//
// A failed request is any answer that is not deliberate: a socket error (connect, read, write,
// timeout), a status other than 200/503/304 (with wrk: a non-2xx/3xx answer on /live, /metrics
// or /, which are always 200, and every ERROR line porthealth logged, since a /health answer
// that is neither 200 nor 503 is a logged failure), a slow client cut off.
// faults: porthealth as `deno task serve` runs it, 1,000 checks, 256 connections.
// ulimit: the same under `ulimit -n 256` with 200 checks and 64 connections (256 cannot fit
// in 256 files); open descriptors must not grow: counted idle before the load and again
// once it has stopped.

import { buildPorthealth, serveV8Flags } from "../../scripts/serve_task.ts";
import {
  DNS,
  FLAP_LISTENERS,
  FLAP_PER_LISTENER,
  type FlapState,
  HANG,
  REFUSED,
} from "./soak_targets.ts";
import { fdCount, Proc, procStatus } from "./soak_proc.ts";
import { fetchLoad, parseWrk, PATHS, slowClient } from "./soak_clients.ts";

const TARGETS = new URL("./soak_targets.ts", import.meta.url).pathname;
const DENO = Deno.execPath();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Options of {@linkcode soak}. */
export interface SoakOptions {
  mode: "faults" | "ulimit";
  seconds: number;
  checks?: number;
  connections?: number;
  /** `wrk` (the benchmark) or `fetch` (in this process: the test; no wrk needed). */
  load?: "wrk" | "fetch";
  /** With fetch: each connection waits this long between its requests; default 0. */
  paceMs?: number;
  slow?: number;
  ulimit?: number;
  port?: number;
  /** How long each flapping listener stays open, closed or silent; default 8 s. */
  flapMs?: number;
  /** The program to run: the serve task's bundle (built once) unless given. */
  program?: string;
  /** Print the report as it goes (the CLI); the test keeps it in `lines`. */
  print?: boolean;
}

/** What {@linkcode soak} found. */
export interface SoakResult {
  ok: boolean;
  /** Why not ok, one line each. */
  problems: string[];
  /** The report. */
  lines: string[];
  failed: number;
  answered: number;
  statuses: Record<string, number>;
  fdsBefore: number;
  fdsAfter: number;
  fdsMax: number;
  rssAt10: number;
  rssEnd: number;
  peak: number;
}

let _bundle: Promise<string> | undefined;

/** Run one soak scenario; resolves with what it found (never throws for a failed check). */
export async function soak(options: SoakOptions): Promise<SoakResult> {
  const { mode, seconds } = options;
  const checks = options.checks ?? (mode === "ulimit" ? 200 : 1000);
  const conns = options.connections ?? (mode === "ulimit" ? 64 : 256);
  const load = options.load ?? "wrk";
  const nSlow = options.slow ?? 8;
  const limit = options.ulimit ?? 256;
  const port = options.port ?? 18990;
  // a status is compared with its listener only when the listener did not change in the 5 s
  // before its round finished (on demand a round of 1,000 checks under load takes ~3 s)
  const flapMs = options.flapMs ?? 8000;
  const lines: string[] = [];
  const problems: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    if (options.print) console.log(line);
  };
  const tmp = Deno.makeTempDirSync({ prefix: "porthealth-soak-" });
  const cfg = `${tmp}/config.yaml`;
  const statePath = `${tmp}/flaps.jsonl`;
  const targetsProc = new Proc(DENO, [
    "run",
    "-A",
    TARGETS,
    "--out",
    cfg,
    "--state",
    statePath,
    "--checks",
    String(checks),
    "--port",
    String(port),
    "--flap-ms",
    String(flapMs),
  ]);
  let ph: Proc | undefined;
  try {
    for (let i = 0; !targetsProc.out.includes("ready"); i++) {
      if (i > 600) throw new Error(`the targets did not start: ${targetsProc.err}`);
      await sleep(50);
    }
    const program = options.program ?? await (_bundle ??= buildPorthealth(
      `${Deno.makeTempDirSync({ prefix: "porthealth-soak-bundle-" })}/porthealth.js`,
    ));
    const serve = [DENO, "run", "-A", serveV8Flags(), program, "--config", cfg];
    ph = mode === "ulimit"
      ? new Proc("bash", ["-c", `ulimit -n ${limit} && exec "$0" "$@"`, ...serve])
      : new Proc(serve[0], serve.slice(1));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0;; i++) {
      try {
        const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
        await r.body?.cancel();
        if (r.status === 200 || r.status === 503) break;
      } catch { /* not yet */ }
      if (i > 300) throw new Error(`porthealth did not start:\n${ph.out}\n${ph.err}`);
      await sleep(100);
    }
    const pid = ph.child.pid;
    await sleep(500);
    const fdsBefore = fdCount(pid);
    const t0 = Date.now();
    const until = t0 + seconds * 1000;
    say(
      `== soak ${mode}: ${seconds} s, ${checks} checks (${
        FLAP_LISTENERS * FLAP_PER_LISTENER
      } on ${FLAP_LISTENERS} listeners cycling open/closed/silent every ${
        flapMs / 1000
      } s, ${HANG} hanging, ${DNS} .invalid, ${REFUSED} refused; a reload halfway), ${conns} connections over ${
        PATHS.join(" ")
      } (${load}), ${nSlow} clients reading 1 byte/s${
        mode === "ulimit" ? `, ulimit -n ${limit}` : ""
      }; load average ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
    );

    // samplers
    let running = true;
    const mem: { t: number; rss: number; fds: number }[] = [];
    const memLoop = (async () => {
      while (running) {
        const s = procStatus(pid);
        if (s) mem.push({ t: (Date.now() - t0) / 1000, rss: s.rss, fds: fdCount(pid) });
        await sleep(1000);
      }
    })();
    type Poll = {
      start: number;
      end: number;
      at: number;
      code: number;
      checks?: Record<string, string>;
    };
    const polls: Poll[] = [];
    const pollClient = Deno.createHttpClient({});
    const pollLoop = (async () => {
      while (running) {
        const start = Date.now();
        try {
          const r = await fetch(`${base}/health`, {
            client: pollClient,
            signal: AbortSignal.timeout(10_000),
          });
          const body = await r.json();
          const checks: Record<string, string> = {};
          for (const c of body.checks ?? []) {
            checks[c.name] = c.status === "healthy" ? "healthy" : String(c.error ?? c.status);
          }
          const at = Date.parse(body.checked_at);
          polls.push({ start, end: Date.now(), at, code: r.status, checks });
        } catch (err) {
          polls.push({ start, end: Date.now(), at: 0, code: 0, checks: { _error: String(err) } });
        }
        await sleep(500);
      }
    })();
    // the reload, halfway
    let reloadAt = 0;
    const reload = (async () => {
      await sleep((seconds * 1000) / 2);
      Deno.writeTextFileSync(cfg, Deno.readTextFileSync(`${cfg}.reload`));
      reloadAt = Date.now();
      ph!.child.kill("SIGHUP");
    })();
    const slow = Promise.all(Array.from({ length: nSlow }, () => slowClient(port, until)));

    const statuses = new Map<string, number>();
    let failed = 0;
    let answered = 0;
    if (load === "wrk") {
      const share = { "/health": 4, "/live": 2, "/metrics": 1, "/": 1 };
      const wrks = PATHS.map((p) => {
        const c = Math.max(1, Math.round((conns * share[p]) / 8));
        return {
          path: p,
          c,
          proc: new Proc("wrk", [
            "-t1",
            `-c${c}`,
            `-d${seconds}s`,
            "--latency",
            "--timeout",
            "10s",
            `${base}${p}`,
          ]),
        };
      });
      await Promise.all(wrks.map((w) => w.proc.wait()));
      for (const w of wrks) {
        const r = parseWrk(w.proc.out);
        answered += r.requests;
        failed += r.socket + (w.path === "/health" ? 0 : r.non2xx);
        statuses.set(`${w.path} non-2xx/3xx`, r.non2xx);
        say(
          `   wrk -t1 -c${w.c} ${w.path}: ${r.requests} answers, ${
            r.rps.toFixed(0)
          } req/s, p50 ${r.p50} p99 ${r.p99}; ${r.non2xx} non-2xx/3xx${
            w.path === "/health" ? " (503s: checks are down)" : ""
          }; ${r.socket} socket errors`,
        );
      }
    } else {
      const r = await fetchLoad(base, conns, until, statuses, options.paceMs);
      failed += r.errors;
      for (const [k, v] of statuses) {
        answered += v;
        const status = Number(k.split(" ")[1]);
        if (status !== 200 && status !== 503 && status !== 304) failed += v;
        if (status === 503 && !k.startsWith("/health")) failed += v;
      }
      say(
        `   fetch ×${conns}: ${answered} answers (${
          [...statuses].sort().map(([k, v]) => `${k}: ${v}`).join(", ")
        }); ${r.errors} failed${r.firstError ? ` (first: ${r.firstError})` : ""}`,
      );
    }
    const slowProblems = (await slow).filter((x) => x !== undefined);
    failed += slowProblems.length;
    say(
      `   ${nSlow} slow clients: ${
        nSlow - slowProblems.length
      } read their answer to the end of the run${
        slowProblems.length ? `; ${slowProblems.join("; ")}` : ""
      }`,
    );
    await reload;
    running = false;
    await Promise.all([memLoop, pollLoop]);
    pollClient.close();
    // descriptors once the load has stopped: every client is gone, the poller's connection
    // may stay; what porthealth holds then is what it will hold idle
    let fdsAfter = fdCount(pid);
    for (let i = 0; i < 50 && fdsAfter > fdsBefore; i++) {
      await sleep(100);
      fdsAfter = fdCount(pid);
    }
    const alive = procStatus(pid) !== undefined;
    const peak = procStatus(pid)?.hwm ?? NaN;

    ph.kill("SIGTERM");
    const stopAt = Date.now();
    const timer = setTimeout(() => ph?.kill("SIGKILL"), 15_000);
    const code = await ph.wait();
    clearTimeout(timer);
    const stopMs = Date.now() - stopAt;
    const logLines = ph.out.split("\n");
    const errors = logLines.filter((x) => / ERROR /.test(x));
    if (load === "wrk") failed += errors.length;

    // flapping checks against their listener's state when their round finished, where the
    // listener did not change in the 5 s before (while the round may have been probing)
    const allFlaps = Deno.readTextFileSync(statePath).trim().split("\n").map((x) =>
      JSON.parse(x)
    ) as { t: number; port: number; state: FlapState }[];
    const stateAt = (p: number, t: number) => {
      let s: FlapState | undefined;
      for (const f of allFlaps) if (f.port === p && f.t <= t) s = f.state;
      return s;
    };
    let compared = 0, mismatched = 0, bad = 0;
    const samples: string[] = [];
    let lateSeen = false, refusedAfter = false;
    const groups = new Map<string, Map<string, number>>();
    let starvedPolls = 0;
    for (const p of polls) {
      if (!p.checks || p.code === 0) {
        bad++;
        continue;
      }
      if (reloadAt && p.start > reloadAt + 3000) {
        if ("late-0" in p.checks) lateSeen = true;
        if ("refused-0" in p.checks) refusedAfter = true;
      }
      // a round where a stable open check timed out was starved (porthealth's event loop
      // saw the connects too late): its flapping statuses say nothing about flapping
      const starved = Object.entries(p.checks).some(([n, st]) =>
        (n.startsWith("open-") || n.startsWith("late-")) && st !== "healthy"
      );
      if (starved) starvedPolls++;
      for (const [name, st] of Object.entries(p.checks)) {
        const g = name.split("-")[0];
        const m = groups.get(g) ?? new Map<string, number>();
        m.set(st, (m.get(st) ?? 0) + 1);
        groups.set(g, m);
        if (!name.startsWith("flap-") || starved) continue;
        const lp = Number(name.split("-")[1]);
        if (allFlaps.some((f) => f.port === lp && f.t >= p.at - 5000 && f.t <= p.at + 50)) {
          continue;
        }
        const s = stateAt(lp, p.at);
        if (s === undefined) continue;
        compared++;
        const want = s === "open" ? "healthy" : s === "closed" ? "refused" : "timeout";
        if (st !== want) {
          mismatched++;
          if (samples.length < 3) {
            const last = allFlaps.filter((f) => f.port === lp && f.t <= p.at).pop();
            samples.push(
              `${name} ${st}, listener ${s} since ${((p.at - (last?.t ?? 0)) / 1000).toFixed(1)} s`,
            );
          }
        }
      }
    }
    const toggles = allFlaps.filter((f) => f.t >= t0 && f.t <= until).length;
    say(
      `   /health polled ${polls.length}× (${bad} failed, ${starvedPolls} from a starved round: a stable open check timed out); ${toggles} listener changes; ${compared} flapping statuses compared away from a change, ${mismatched} wrong${
        samples.length ? ` (${samples.join("; ")})` : ""
      }; reload ${
        logLines.some((x) => / reload /.test(x) && /configuration reloaded/.test(x))
          ? "logged"
          : "NOT logged"
      }, new checks ${lateSeen ? "seen" : "NOT seen"}, dropped checks ${
        refusedAfter ? "STILL THERE" : "gone"
      }`,
    );
    say(
      `   statuses seen per group: ${
        [...groups].map(([g, m]) => `${g}: ${[...m].map(([k, v]) => `${k} ${v}`).join(", ")}`)
          .join(" | ")
      }`,
    );
    const rssAt = (t: number) => mem.find((s) => s.t >= t)?.rss ?? NaN;
    const rssAt10 = rssAt(Math.min(10, seconds / 2));
    const rssEnd = mem[mem.length - 1]?.rss ?? NaN;
    const fdsMax = Math.max(...mem.map((s) => s.fds));
    const every = Math.max(1, Math.round(mem.length / 12));
    say(
      `   RSS at ${Math.min(10, seconds / 2)} s ${rssAt10.toFixed(1)} MiB, at the end ${
        rssEnd.toFixed(1)
      } (${(rssEnd / rssAt10).toFixed(2)}×), peak (VmHWM) ${peak.toFixed(1)}; every ${every} s: ${
        mem.filter((_, i) => i % every === 0).map((s) => s.rss.toFixed(0)).join(" ")
      }`,
    );
    say(
      `   open files: ${fdsBefore} idle before the load, max ${fdsMax} under it, ${fdsAfter} once it stopped`,
    );
    say(
      `   porthealth: ${alive ? "alive" : "DEAD"} at the end; exit ${code} ${
        stopMs < 15_000 ? `${stopMs} ms` : "(killed)"
      } after SIGTERM; ${errors.length} ERROR lines${
        errors.length ? ` (first: ${errors[0].slice(25, 200)})` : ""
      }${ph.err.trim() ? `; stderr: ${ph.err.trim().split("\n")[0].slice(0, 200)}` : ""}`,
    );
    if (!alive) problems.push("porthealth died");
    if (code !== 0) problems.push(`porthealth exited ${code} after SIGTERM`);
    if (failed > 0) problems.push(`${failed} failed requests`);
    if (bad > 0) problems.push(`${bad} failed /health polls`);
    if (mismatched > 0) problems.push(`${mismatched} flapping statuses wrong: ${samples}`);
    if (!lateSeen || refusedAfter) problems.push("the reload did not take");
    if (fdsAfter > fdsBefore + 2) {
      problems.push(`open files grew from ${fdsBefore} to ${fdsAfter}`);
    }
    say(`   verdict: ${problems.length === 0 ? "PASS" : `FAIL (${problems.join("; ")})`}`);
    return {
      ok: problems.length === 0,
      problems,
      lines,
      failed,
      answered,
      statuses: Object.fromEntries(statuses),
      fdsBefore,
      fdsAfter,
      fdsMax,
      rssAt10,
      rssEnd,
      peak,
    };
  } finally {
    ph?.kill("SIGKILL");
    targetsProc.kill("SIGTERM");
    await targetsProc.wait();
    if (ph) await ph.wait();
    Deno.removeSync(tmp, { recursive: true });
  }
}

if (import.meta.main) {
  const args = new Map<string, string>();
  for (let i = 0; i < Deno.args.length; i++) {
    const a = Deno.args[i];
    if (!a.startsWith("--")) continue;
    const next = Deno.args[i + 1];
    if (next === undefined || next.startsWith("--")) args.set(a.slice(2), "true");
    else args.set(a.slice(2), Deno.args[++i]);
  }
  const num = (k: string) => args.has(k) ? Number(args.get(k)) : undefined;
  {
    const minutes = args.get("minutes");
    const seconds = minutes !== undefined ? Number(minutes) * 60 : num("seconds") ?? 60;
    const mode = args.get("mode") ?? "both";
    const modes = mode === "both" ? ["faults", "ulimit"] as const : [mode as "faults" | "ulimit"];
    console.log(
      `porthealth soak: ${Deno.build.os}, ${navigator.hardwareConcurrency} cores, deno ${Deno.version.deno}`,
    );
    let ok = true;
    for (const m of modes) {
      const r = await soak({
        mode: m,
        seconds,
        checks: m === "ulimit" ? num("ulimit-checks") : num("checks"),
        connections: m === "ulimit" ? num("ulimit-connections") : num("connections"),
        load: (args.get("load") as "wrk" | "fetch" | undefined) ?? "wrk",
        slow: num("slow"),
        ulimit: num("ulimit"),
        port: num("port"),
        program: args.get("program"),
        print: true,
      });
      ok = r.ok && ok;
    }
    Deno.exit(ok ? 0 : 1);
  }
}
