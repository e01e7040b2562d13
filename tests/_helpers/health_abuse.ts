// The tools of tests/health/abuse.test.ts: the real serve.ts in a child process, raw
// HTTP exchanges over TCP, /live timings, the malformed and bad-auth requests, slow clients.

import { fileURLToPath } from "node:url";
import { sleep } from "./health.ts";
import { serveV8Flags } from "../../scripts/serve_task.ts";

export const SERVE = fileURLToPath(new URL("../../serve.ts", import.meta.url));
// the V8 flags of `deno task serve`, so the abuse runs what ships
export const _SERVE_V8_FLAGS = serveV8Flags();
export const GOOD = `Basic ${btoa("ops:s3cret")}`;
export const SECONDS = Number(Deno.env.get("ABUSE_SECONDS") ?? 8);
export const enc = new TextEncoder();
export const dec = new TextDecoder();

export class Server {
  child: Deno.ChildProcess;
  out = "";
  err = "";
  port = 0;
  #pumps: Promise<void>[];
  #path: string;
  constructor(yaml: string, openFiles?: number) {
    this.#path = Deno.makeTempFileSync({ prefix: "porthealth-abuse-", suffix: ".yaml" });
    Deno.writeTextFileSync(this.#path, yaml);
    const deno = [
      Deno.execPath(),
      "run",
      "-A",
      "--no-check",
      _SERVE_V8_FLAGS,
      SERVE,
      "--config",
      this.#path,
    ];
    // `ulimit -n` through bash; exec keeps the pid, so /proc/<pid> is the server itself
    const [cmd, args] = openFiles === undefined
      ? [deno[0], deno.slice(1)]
      : ["bash", ["-c", `ulimit -n ${openFiles} && exec "$0" "$@"`, ...deno]];
    this.child = new Deno.Command(cmd, {
      args,
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    const pump = async (s: ReadableStream<Uint8Array>, add: (t: string) => void) => {
      for await (const chunk of s.pipeThrough(new TextDecoderStream())) add(chunk);
    };
    this.#pumps = [
      pump(this.child.stdout, (t) => this.out += t),
      pump(this.child.stderr, (t) => this.err += t),
    ];
  }
  async ready(): Promise<void> {
    const end = Date.now() + 20_000;
    while (Date.now() < end) {
      const m = this.out.match(/ INFO start .* listen=127\.0\.0\.1:(\d+)/);
      if (m) {
        this.port = Number(m[1]);
        return;
      }
      await sleep(20);
    }
    throw new Error(`no start line\nstdout:\n${this.out}\nstderr:\n${this.err}`);
  }
  /** VmRSS and VmHWM of the server process in MB. */
  memory(): { rss: number; hwm: number } {
    const s = Deno.readTextFileSync(`/proc/${this.child.pid}/status`);
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(s)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
  }
  alive(): boolean {
    try {
      Deno.readTextFileSync(`/proc/${this.child.pid}/status`);
      return !/^State:\s+Z/m.test(Deno.readTextFileSync(`/proc/${this.child.pid}/status`));
    } catch {
      return false;
    }
  }
  async stop(): Promise<{ code: number; out: string; err: string }> {
    try {
      this.child.kill("SIGTERM");
    } catch { /* exited */ }
    const timer = setTimeout(() => {
      try {
        this.child.kill("SIGKILL");
      } catch { /* exited */ }
    }, 10_000);
    const { code } = await this.child.status;
    clearTimeout(timer);
    await Promise.all(this.#pumps);
    Deno.removeSync(this.#path);
    return { code, out: this.out, err: this.err };
  }
}

export async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  let off = 0;
  while (off < bytes.length) off += await conn.write(bytes.subarray(off));
}

/**
 * Send `payload` on a fresh connection and read the response head: the status code, or
 * "closed" when the server closes without answering, or "timeout".
 */
export async function exchange(
  port: number,
  payload: string | Uint8Array,
  ms = 5000,
): Promise<{ status: string; head: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const timer = setTimeout(() => conn.close(), ms);
  let got = "";
  let timedOut = true;
  try {
    // the server may answer (400) and close before a huge payload is written
    await writeAll(conn, typeof payload === "string" ? enc.encode(payload) : payload).catch(
      () => {},
    );
    const buf = new Uint8Array(16384);
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) {
        timedOut = false;
        break;
      }
      got += dec.decode(buf.subarray(0, n));
      if (got.includes("\r\n\r\n")) {
        timedOut = false;
        break;
      }
    }
  } catch {
    // reset by the server, or closed by the timer
    if (got === "") timedOut = false;
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed by the timer */ }
  }
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(got);
  const head = got.split("\r\n\r\n")[0];
  if (m) return { status: m[1], head };
  return { status: timedOut ? "timeout" : "closed", head };
}

/** GET /live with good credentials on a fresh connection; the status and the milliseconds. */
export async function liveOnce(port: number): Promise<{ ok: boolean; ms: number; what: string }> {
  const t0 = performance.now();
  let got = "";
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const timer = setTimeout(() => conn.close(), 5000);
    try {
      await writeAll(
        conn,
        enc.encode(
          `GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${GOOD}\r\nConnection: close\r\n\r\n`,
        ),
      );
      const buf = new Uint8Array(4096);
      for (;;) {
        const n = await conn.read(buf);
        if (n === null) break;
        got += dec.decode(buf.subarray(0, n));
      }
    } finally {
      clearTimeout(timer);
      try {
        conn.close();
      } catch { /* closed */ }
    }
  } catch (err) {
    return { ok: false, ms: performance.now() - t0, what: String(err) };
  }
  const ms = performance.now() - t0;
  const ok = got.startsWith("HTTP/1.1 200 ") && got.endsWith("\r\n\r\nOK");
  return { ok, ms, what: got.split("\r\n")[0] || "nothing" };
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: q(0.5), p99: q(0.99), max: s[s.length - 1] };
}

/**
 * Polls /live every 10 ms until stopped, each time also polling a bare `Deno.serve` "OK"
 * server in another process that nobody abuses: the control shows what the machine's own
 * scheduling costs at that moment (other test suites share these 2 cores).
 */
export class LivePoller {
  samples: number[] = [];
  control: number[] = [];
  failures: string[] = [];
  #stop = false;
  #done: Promise<void>;
  constructor(port: number, controlPort: number) {
    this.#done = (async () => {
      while (!this.#stop) {
        const r = await liveOnce(port);
        this.samples.push(r.ms);
        if (!r.ok) this.failures.push(r.what);
        this.control.push((await liveOnce(controlPort)).ms);
        await sleep(10);
      }
    })();
  }
  async stop() {
    this.#stop = true;
    await this.#done;
    return { live: stats(this.samples), control: stats(this.control) };
  }
}

/** A bare Deno.serve answering "OK" in its own process. */
export async function controlServer() {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      "Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: (a) => console.log(a.port) }, () => new Response('OK'))",
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/\d+\n/.test(text)) text += (await reader.read()).value ?? "";
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  return {
    port: Number(text.trim()),
    async stop() {
      child.kill("SIGKILL");
      await child.status;
    },
  };
}

// Malformed requests: Deno.serve answers 400 (or closes) before the handler runs.
export const MALFORMED: [string, string | Uint8Array][] = [
  ["garbage", "GARBAGE\r\n\r\n"],
  ["no target", "GET\r\n\r\n"],
  ["unknown version", "GET /live HTTP/9.9\r\n\r\n"],
  ["binary", new Uint8Array([0, 1, 2, 255, 13, 10, 13, 10])],
  ["lone CR", "GET /live HTTP/1.1\rHost: x\r\r"],
  ["negative content-length", "GET /live HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"],
  [
    "content-length and chunked",
    "POST /live HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
  ],
  [
    "bad chunk",
    "POST /live HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
  ],
  ["header without colon", "GET /live HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"],
  ["obsolete line folding", "GET /live HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n"],
  ["NUL in a header", "GET /live HTTP/1.1\r\nHost: x\r\nX-N: a\0b\r\n\r\n"],
  ["two Host headers", "GET /live HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"],
  ["bad method token", "G(T /live HTTP/1.1\r\nHost: x\r\n\r\n"],
  ["100 KB method", "A".repeat(100_000) + " /live HTTP/1.1\r\nHost: x\r\n\r\n"],
  ["100 KB URI", `GET /${"a".repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
  ["100 KB header", `GET /live HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(100_000)}\r\n\r\n`],
  ["1 MB header", `GET /live HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(1 << 20)}\r\n\r\n`],
  [
    "10,000 headers",
    `GET /live HTTP/1.1\r\nHost: x\r\n${
      Array.from({ length: 10_000 }, (_, i) => `X-${i}: v`).join("\r\n")
    }\r\n\r\n`,
  ],
];

export function authRequest(value: string | Uint8Array | null, path = "/live"): Uint8Array {
  const head = enc.encode(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
  const auth = value === null
    ? new Uint8Array()
    : typeof value === "string"
    ? enc.encode(`Authorization: ${value}\r\n`)
    : new Uint8Array([...enc.encode("Authorization: "), ...value, 13, 10]);
  return new Uint8Array([...head, ...auth, 13, 10]);
}

export const b64 = (s: string) => btoa(s);
// Authorization variants and the status each gets (with auth enabled).
export const AUTH: [string, string | Uint8Array | null, string][] = [
  ["missing", null, "401"],
  ["wrong scheme", "Bearer b3BzOnMzY3JldA==", "401"],
  ["Digest", 'Digest username="ops", realm="porthealth"', "401"],
  ["scheme only", "Basic", "401"],
  ["bad base64 characters", "Basic !!!!****", "401"],
  ["base64 of length 1 mod 4", "Basic b3BzO", "401"],
  ["only padding", "Basic ====", "401"],
  ["missing colon", `Basic ${b64("opss3cret")}`, "401"],
  ["empty password", `Basic ${b64("ops:")}`, "401"],
  ["empty user", `Basic ${b64(":s3cret")}`, "401"],
  ["wrong password", `Basic ${b64("ops:wrong")}`, "401"],
  ["user in other case", `Basic ${b64("OPS:s3cret")}`, "401"],
  ["trailing NUL", `Basic ${b64("ops:s3cret\0")}`, "401"],
  ["password prefix", `Basic ${b64("ops:s3cre")}`, "401"],
  ["trailing junk", `${GOOD} junk`, "401"],
  ["comma list", `${GOOD}, Basic Zm9vOmJhcg==`, "401"],
  ["non-ASCII bytes", new Uint8Array([0x42, 0x61, 0x73, 0x69, 0x63, 0x20, 0xe9, 0xff]), "401"],
  ["60 KB credentials", `Basic ${b64("ops:" + "x".repeat(45_000))}`, "401"],
  ["lower-case scheme", `basic ${b64("ops:s3cret")}`, "200"],
  ["extra spaces", `Basic    ${b64("ops:s3cret")}`, "200"],
  ["unpadded base64", `Basic ${b64("ops:s3cret").replace(/=+$/, "")}`, "200"],
  ["correct", GOOD, "200"],
];

/** Every case once, `parallel` connections at a time. */
export async function abuseRound(port: number, parallel = 4): Promise<string[]> {
  const wrong: string[] = [];
  const jobs: (() => Promise<void>)[] = [];
  for (const [name, payload] of MALFORMED) {
    jobs.push(() =>
      exchange(port, payload).then((r) => {
        if (!["400", "431", "closed"].includes(r.status)) wrong.push(`${name}: ${r.status}`);
      })
    );
  }
  for (const [name, value, want] of AUTH) {
    jobs.push(() =>
      exchange(port, authRequest(value)).then((r) => {
        if (r.status !== want) wrong.push(`auth ${name}: ${r.status}, expected ${want}`);
        if (want === "401" && !/\r\nwww-authenticate: Basic realm="porthealth"/i.test(r.head)) {
          wrong.push(`auth ${name}: no challenge`);
        }
      })
    );
  }
  // every endpoint, including unknown ones, is behind the credentials
  for (const path of ["/", "/health", "/metrics", "/nope", "/live?x=1"]) {
    jobs.push(() =>
      exchange(port, authRequest(`Basic ${b64("ops:nope")}`, path)).then((r) => {
        if (r.status !== "401") wrong.push(`${path} with wrong credentials: ${r.status}`);
      })
    );
  }
  // 100 pipelined requests on one connection
  jobs.push(() =>
    exchange(
      port,
      `GET /live HTTP/1.1\r\nHost: x\r\nAuthorization: ${GOOD}\r\n\r\n`.repeat(100),
    ).then((r) => {
      if (r.status !== "200") wrong.push(`pipelined: ${r.status}`);
    })
  );
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
  return wrong;
}

/** Connections that send part of a request and then one more header byte every 100 ms. */
export function trickle(port: number, n: number) {
  let stop = false;
  const conns: Deno.Conn[] = [];
  const done = Promise.all(Array.from({ length: n }, async (_, i) => {
    const c = await Deno.connect({ hostname: "127.0.0.1", port });
    conns.push(c);
    try {
      await writeAll(c, enc.encode(`GET /live HTTP/1.1\r\nHost: x\r\nX-Slow-${i}: `));
      while (!stop) {
        await sleep(100);
        await writeAll(c, enc.encode("a"));
      }
    } catch {
      // closed by the server
    }
  }));
  return {
    async close() {
      stop = true;
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      await done;
    },
  };
}
