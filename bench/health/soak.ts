// porthealth soak and faults under load, on 127.0.0.1. Run through bench/health/soak.sh.
//
//   deno run -A bench/health/soak.ts [--seconds 60] [--mode faults|ulimit|both]
//     [--checks 1000] [--connections 256] [--ulimit 256] [--port 18990]
//
// faults: porthealth with 1,000 checks against listeners this script manages: most stay
//   open, 50 sit on 5 listeners that close and reopen every 6 s (staggered), 10 hang (a
//   listener whose accept queue is full, so SYNs are dropped), 10 are `.invalid` names
//   (DNS fails), 10 are refused. wrk -t2 -c256 hammers /health and wrk -t1 -c8 /live
//   for the whole run; RSS and open descriptors are sampled every second, /health JSON is
//   polled every 500 ms to check that flapping checks flip with their listener and every
//   other check keeps its error category.
// ulimit: the same under `ulimit -n 256` (porthealth lowers server.concurrency to fit)
//   with fewer wrk connections (64 + 4), since 256 connections cannot fit in 256 files.
//
// wrk counts the expected 503s (some checks are always down) as "Non-2xx responses";
// failed requests are wrk's socket errors (connect, read, write, timeout) only.

import { type Acceptor, openAcceptor, silentListener } from "./listeners.ts";
import { buildPorthealth, serveV8Flags } from "../../scripts/serve_task.ts";

const args = new Map<string, string>();
for (let i = 0; i < Deno.args.length; i++) {
  const a = Deno.args[i];
  if (!a.startsWith("--")) continue;
  const next = Deno.args[i + 1];
  if (next === undefined || next.startsWith("--")) args.set(a.slice(2), "true");
  else args.set(a.slice(2), Deno.args[++i]);
}
const num = (k: string, d: number) => Number(args.get(k) ?? d);

const FLAP_LISTENERS = 5;
const FLAP_PER_LISTENER = 10;
const FLAP_MS = 6000;
const HANG = 10;
const DNS = 10;
const REFUSED = 10;
// ~9 checks per listener: with fewer, a busy machine starves the targets' accept loops, their
// accept queues (128) fill up and healthy targets time out
const STABLE_LISTENERS = 100;

// ---------------------------------------------------------------------------------------
// --targets: the listeners, in their own process so their accept loop does not compete
// with the measurements. Prints "ready" once listening; appends every flap to --state.

async function targets() {
  const out = args.get("out")!;
  const statePath = args.get("state")!;
  const checks = num("checks", 1000);
  const port = num("port", 18990);
  const state = await Deno.open(statePath, { write: true, create: true, append: true });
  const enc = new TextEncoder();
  const note = (p: number, open: boolean) =>
    state.writeSync(enc.encode(JSON.stringify({ t: Date.now(), port: p, open }) + "\n"));

  type L = Acceptor;
  const open = openAcceptor;
  const stable: L[] = Array.from({ length: STABLE_LISTENERS }, () => ({ port: 0 }));
  stable.forEach(open);
  const flap: L[] = Array.from({ length: FLAP_LISTENERS }, () => ({ port: 0 }));
  flap.forEach(open);
  for (const l of flap) note(l.port, true);

  // hanging: a listener that never accepts, its queue full (kept open for the whole run)
  const silent = await silentListener();
  const silentPort = silent.port;
  const refusedL = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const refusedPort = (refusedL.addr as Deno.NetAddr).port;
  refusedL.close();

  const nFlap = FLAP_LISTENERS * FLAP_PER_LISTENER;
  const nOpen = checks - nFlap - HANG - DNS - REFUSED;
  const lines = [`server: { host: 127.0.0.1, port: ${port}, timeout: 1s }`, "checks:"];
  for (let i = 0; i < nOpen; i++) {
    lines.push(
      `  - { name: open-${i}, host: 127.0.0.1, port: ${stable[i % STABLE_LISTENERS].port} }`,
    );
  }
  flap.forEach((l) => {
    for (let i = 0; i < FLAP_PER_LISTENER; i++) {
      lines.push(`  - { name: flap-${l.port}-${i}, host: 127.0.0.1, port: ${l.port} }`);
    }
  });
  for (let i = 0; i < HANG; i++) {
    lines.push(`  - { name: hang-${i}, host: 127.0.0.1, port: ${silentPort} }`);
  }
  for (let i = 0; i < DNS; i++) {
    lines.push(`  - { name: dns-${i}, host: h${i}.soak.invalid, port: 80 }`);
  }
  for (let i = 0; i < REFUSED; i++) {
    lines.push(`  - { name: refused-${i}, host: 127.0.0.1, port: ${refusedPort} }`);
  }
  Deno.writeTextFileSync(out, lines.join("\n") + "\n");

  // staggered flapping: listener j toggles every FLAP_MS, offset by j * FLAP_MS / n
  flap.forEach((l, j) => {
    setTimeout(() => {
      let up = true;
      setInterval(() => {
        if (up) {
          l.listener?.close();
          note(l.port, false);
        } else {
          try {
            open(l);
            note(l.port, true);
          } catch {
            return; // port briefly taken: stay down one more period
          }
        }
        up = !up;
      }, FLAP_MS);
    }, (j * FLAP_MS) / FLAP_LISTENERS);
  });
  console.log("ready");
  const stop = () => Deno.exit(0);
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  await new Promise(() => {});
}

// ---------------------------------------------------------------------------------------
// The driver.

const ROOT = new URL("../../", import.meta.url).pathname;
const DENO = Deno.execPath();

// The bundle `deno task serve` runs, built once per soak.
let _bundle: Promise<string> | undefined;
const bundle = () => _bundle ??= buildPorthealth();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Proc {
  child: Deno.ChildProcess;
  out = "";
  err = "";
  done: Promise<void>[];
  constructor(cmd: string, argv: string[]) {
    this.child = new Deno.Command(cmd, {
      args: argv,
      stdout: "piped",
      stderr: "piped",
      cwd: ROOT,
      env: { NO_COLOR: "1" },
    }).spawn();
    const pump = async (s: ReadableStream<Uint8Array>, add: (t: string) => void) => {
      for await (const c of s.pipeThrough(new TextDecoderStream())) add(c);
    };
    this.done = [
      pump(this.child.stdout, (t) => this.out += t),
      pump(this.child.stderr, (t) => this.err += t),
    ];
  }
  async wait(): Promise<number> {
    const { code, signal } = await this.child.status;
    await Promise.all(this.done);
    return signal ? 128 : code;
  }
  kill(sig: Deno.Signal = "SIGTERM") {
    try {
      this.child.kill(sig);
    } catch { /* exited */ }
  }
}

function procStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(s)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

function fdCount(pid: number): number {
  let n = 0;
  try {
    for (const _ of Deno.readDirSync(`/proc/${pid}/fd`)) n++;
  } catch { /* exited */ }
  return n;
}

interface Wrk {
  requests: number;
  seconds: number;
  rps: number;
  p50: string;
  p90: string;
  p99: string;
  max: string;
  non2xx: number;
  socket: { connect: number; read: number; write: number; timeout: number };
  raw: string;
}

function parseWrk(text: string): Wrk {
  const m = (re: RegExp) => re.exec(text);
  const done = m(/(\d+) requests in ([\d.]+)(ms|s|m|h)/);
  const sock = m(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const lat = (p: string) => m(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m"))?.[1] ?? "?";
  return {
    requests: Number(done?.[1] ?? 0),
    seconds: Number(done?.[2] ?? 0) *
      ({ ms: 0.001, s: 1, m: 60, h: 3600 }[done?.[3] ?? "s"] ?? 1),
    rps: Number(m(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: lat("50"),
    p90: lat("90"),
    p99: lat("99"),
    max: m(/Latency\s+\S+\s+\S+\s+(\S+)/)?.[1] ?? "?",
    non2xx: Number(m(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socket: {
      connect: Number(sock?.[1] ?? 0),
      read: Number(sock?.[2] ?? 0),
      write: Number(sock?.[3] ?? 0),
      timeout: Number(sock?.[4] ?? 0),
    },
    raw: text,
  };
}

function slope(points: [number, number][]): number {
  // least squares, per minute
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  let num = 0, den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

type Group = "open" | "flap" | "hang" | "dns" | "refused";
const groupOf = (name: string): Group => name.split("-")[0] as Group;

async function scenario(mode: "faults" | "ulimit", seconds: number) {
  const checks = num("checks", 1000);
  const port = num("port", 18990);
  const limit = num("ulimit", 256);
  const conns = mode === "ulimit" ? num("ulimit-connections", 64) : num("connections", 256);
  const liveConns = mode === "ulimit" ? 4 : 8;
  const tmp = Deno.makeTempDirSync({ prefix: "porthealth-soak-" });
  const cfg = `${tmp}/config.yaml`;
  const statePath = `${tmp}/flaps.jsonl`;
  const self = new URL(import.meta.url).pathname;
  const targetsProc = new Proc(DENO, [
    "run",
    "-A",
    self,
    "--targets",
    "--out",
    cfg,
    "--state",
    statePath,
    "--checks",
    String(checks),
    "--port",
    String(port),
  ]);
  let ph: Proc | undefined;
  try {
    while (!targetsProc.out.includes("ready")) await sleep(50);
    const serve = [
      DENO,
      "run",
      "-A",
      serveV8Flags(),
      await bundle(),
      "--config",
      cfg,
    ];
    ph = mode === "ulimit"
      ? new Proc("bash", ["-c", `ulimit -n ${limit} && exec "$0" "$@"`, ...serve])
      : new Proc(serve[0], serve.slice(1));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0;; i++) {
      try {
        const r = await fetch(`${base}/live`);
        await r.body?.cancel();
        if (r.ok) break;
      } catch { /* not yet */ }
      if (i > 300) throw new Error(`porthealth did not start:\n${ph.out}\n${ph.err}`);
      await sleep(100);
    }
    const pid = ph.child.pid;
    const t0 = Date.now();
    const header = `== soak ${mode}: ${seconds} s, ${checks} checks (${
      checks - FLAP_LISTENERS * FLAP_PER_LISTENER - HANG - DNS - REFUSED
    } open, ${
      FLAP_LISTENERS * FLAP_PER_LISTENER
    } on ${FLAP_LISTENERS} listeners closing/reopening every ${
      FLAP_MS / 1000
    } s, ${HANG} hanging, ${DNS} .invalid, ${REFUSED} refused), server.timeout 1s${
      mode === "ulimit" ? `, ulimit -n ${limit}` : ""
    }`;
    console.log(header);
    console.log(`   load average at start: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`);

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
    type Poll = { start: number; end: number; code: number; checks?: Record<string, string> };
    const polls: Poll[] = [];
    const pollLoop = (async () => {
      while (running) {
        const start = Date.now();
        try {
          const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(8000) });
          const body = await r.json();
          const checks: Record<string, string> = {};
          for (const c of body.checks ?? []) {
            checks[c.name] = c.status === "healthy" ? "healthy" : String(c.error ?? c.status);
          }
          polls.push({ start, end: Date.now(), code: r.status, checks });
        } catch (err) {
          polls.push({ start, end: Date.now(), code: 0, checks: { _error: String(err) } });
        }
        await sleep(500);
      }
    })();

    const wrkArgs = (c: number, t: number, path: string) => [
      `-t${t}`,
      `-c${c}`,
      `-d${seconds}s`,
      "--latency",
      "--timeout",
      "10s",
      `${base}${path}`,
    ];
    const wrkHealth = new Proc("wrk", wrkArgs(conns, 2, "/health"));
    const wrkLive = new Proc("wrk", wrkArgs(liveConns, 1, "/live"));
    await Promise.all([wrkHealth.wait(), wrkLive.wait()]);
    running = false;
    await Promise.all([memLoop, pollLoop]);
    const alive = procStatus(pid) !== undefined;
    const peak = procStatus(pid)?.hwm ?? NaN;

    // stop porthealth
    ph.kill("SIGTERM");
    const stopAt = Date.now();
    const timer = setTimeout(() => ph?.kill("SIGKILL"), 15_000);
    const code = await ph.wait();
    clearTimeout(timer);
    const stopMs = Date.now() - stopAt;

    // ---- report
    const h = parseWrk(wrkHealth.out);
    const l = parseWrk(wrkLive.out);
    const failed = (w: Wrk) => w.socket.connect + w.socket.read + w.socket.write + w.socket.timeout;
    const sock = (w: Wrk) =>
      failed(w) === 0
        ? "0 socket errors"
        : `${
          failed(w)
        } socket errors (connect ${w.socket.connect}, read ${w.socket.read}, write ${w.socket.write}, timeout ${w.socket.timeout})`;
    console.log(
      `   wrk -t2 -c${conns} /health: ${h.requests} requests, ${
        h.rps.toFixed(0)
      } req/s, latency p50 ${h.p50} p90 ${h.p90} p99 ${h.p99} max ${h.max}; ${h.non2xx} × 503 (expected: checks are down); ${
        sock(h)
      }`,
    );
    console.log(
      `   wrk -t1 -c${liveConns} /live:   ${l.requests} requests, ${
        l.rps.toFixed(0)
      } req/s, latency p50 ${l.p50} p90 ${l.p90} p99 ${l.p99} max ${l.max}; ${l.non2xx} non-2xx; ${
        sock(l)
      }`,
    );

    // flips: compare every flapping check with its listener's state at poll time, skipping
    // polls with a toggle from 4 s before the request (it may join a round in flight, and a
    // round takes at least the 1 s timeout of the hanging checks) to its answer
    const flaps = Deno.readTextFileSync(statePath).trim().split("\n").map((x) => JSON.parse(x))
      .filter((x) => x.t >= t0 - 5000) as { t: number; port: number; open: boolean }[];
    const allFlaps = Deno.readTextFileSync(statePath).trim().split("\n").map((x) =>
      JSON.parse(x)
    ) as { t: number; port: number; open: boolean }[];
    const stateAt = (p: number, t: number) => {
      let s: boolean | undefined;
      for (const f of allFlaps) if (f.port === p && f.t <= t) s = f.open;
      return s;
    };
    let compared = 0, mismatched = 0, flipsSeen = 0;
    const mismatchSamples: string[] = [];
    const prev = new Map<string, string>();
    const categories = new Map<Group, Map<string, number>>();
    let bad = 0;
    for (const p of polls) {
      if (!p.checks || p.code === 0) {
        bad++;
        continue;
      }
      for (const [name, st] of Object.entries(p.checks)) {
        const g = groupOf(name);
        const m = categories.get(g) ?? new Map<string, number>();
        m.set(st, (m.get(st) ?? 0) + 1);
        categories.set(g, m);
        if (g !== "flap") continue;
        if (prev.has(name) && prev.get(name) !== st) flipsSeen++;
        prev.set(name, st);
        const lp = Number(name.split("-")[1]);
        const near = allFlaps.some((f) =>
          f.port === lp && f.t >= p.start - 4000 && f.t <= p.end + 100
        );
        if (near) continue;
        const open = stateAt(lp, p.start);
        if (open === undefined) continue;
        compared++;
        const want = open ? "healthy" : "refused";
        if (st !== want) {
          mismatched++;
          if (mismatchSamples.length < 3) {
            mismatchSamples.push(`${name} ${st}, listener ${open ? "open" : "closed"}`);
          }
        }
      }
    }
    const toggles = flaps.filter((f) => f.t >= t0 && f.t <= t0 + seconds * 1000).length;
    console.log(
      `   /health polled ${polls.length}× (${bad} failed); flapping checks: ${toggles} listener toggles, ${flipsSeen} status flips seen, ${compared} statuses compared away from a toggle, ${mismatched} wrong${
        mismatchSamples.length ? ` (${mismatchSamples.join("; ")})` : ""
      }`,
    );
    const cat = [...categories].map(([g, m]) =>
      `${g}: ${[...m].map(([k, v]) => `${k} ${v}`).join(", ")}`
    );
    console.log(`   statuses seen per group: ${cat.join(" | ")}`);

    const warm = mem.filter((s) => s.t >= Math.min(10, seconds / 4));
    const rss = mem.map((s) => s.rss);
    console.log(
      `   RSS: ${rss[0]?.toFixed(1)} MB at start, min ${Math.min(...rss).toFixed(1)}, max ${
        Math.max(...rss).toFixed(1)
      }, end ${rss[rss.length - 1]?.toFixed(1)}, peak (VmHWM) ${peak.toFixed(1)}; slope after ${
        Math.min(10, seconds / 4)
      } s: ${slope(warm.map((s) => [s.t, s.rss])).toFixed(2)} MB/min; open files max ${
        Math.max(...mem.map((s) => s.fds))
      }`,
    );
    const every = Math.max(1, Math.round(mem.length / 12));
    console.log(
      `   RSS every ${every} s: ${
        mem.filter((_, i) => i % every === 0).map((s) => s.rss.toFixed(0)).join(" ")
      } MB`,
    );
    const logLines = ph.out.split("\n");
    const changes = logLines.filter((x) => / check check /.test(x)).length;
    const errors = logLines.filter((x) => / ERROR /.test(x));
    const warns = logLines.filter((x) => / WARN (?!check )/.test(x));
    console.log(
      `   porthealth: ${alive ? "alive" : "DEAD"} at the end; exit ${code} ${
        stopMs < 15_000 ? `${stopMs} ms` : "(killed)"
      } after SIGTERM; ${changes} state changes logged, ${errors.length} ERROR lines${
        errors.length ? ` (first: ${errors[0].slice(25, 200)})` : ""
      }${warns.length ? `; ${warns.map((w) => w.slice(25, 160)).join("; ")}` : ""}${
        ph.err.trim() ? `; stderr: ${ph.err.trim().split("\n")[0].slice(0, 200)}` : ""
      }`,
    );
    const ok = alive && code === 0 && failed(h) === 0 && failed(l) === 0 && mismatched === 0 &&
      bad === 0;
    console.log(`   verdict: ${ok ? "PASS" : "FAIL"}`);
    return ok;
  } finally {
    ph?.kill("SIGKILL");
    targetsProc.kill("SIGTERM");
    await targetsProc.wait();
    if (ph) await ph.wait();
    Deno.removeSync(tmp, { recursive: true });
  }
}

if (args.has("targets")) {
  await targets();
} else {
  const minutes = args.get("minutes");
  const seconds = minutes !== undefined ? Number(minutes) * 60 : num("seconds", 60);
  const mode = args.get("mode") ?? "both";
  const modes = mode === "both" ? ["faults", "ulimit"] as const : [mode as "faults" | "ulimit"];
  console.log(
    `porthealth soak: ${Deno.build.os}, ${navigator.hardwareConcurrency} cores, deno ${Deno.version.deno}`,
  );
  let ok = true;
  for (const m of modes) ok = (await scenario(m, seconds)) && ok;
  Deno.exit(ok ? 0 : 1);
}
