// serve.ts as a subprocess, queried over HTTP: start-up, errors, SIGHUP reload, SIGTERM. Every
// test runs twice: on the source, and on the bundle that `deno task serve` and `deno task
// compile` run (deno.json's build:porthealth task, built here into a temporary directory).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { freePort, openListener, silentListener, sleep } from "../_helpers/health.ts";
import { buildPorthealth } from "../../scripts/serve_task.ts";

const SERVE = fileURLToPath(new URL("../../serve.ts", import.meta.url));

let _bundle: Promise<string> | undefined;

/** The bundle of `deno task serve`, built once into a temporary directory. */
function bundle(): Promise<string> {
  return _bundle ??= buildPorthealth(
    `${Deno.makeTempDirSync({ prefix: "porthealth-bundle-" })}/porthealth.js`,
  );
}

const PROGRAMS: [string, () => Promise<string>][] = [
  ["serve", () => Promise.resolve(SERVE)],
  ["serve (bundle)", bundle],
];

class Proc {
  child: Deno.ChildProcess;
  out = "";
  err = "";
  status: Promise<Deno.CommandStatus>;
  #done: Promise<void>[] = [];
  constructor(program: string, args: string[], env: Record<string, string> = {}) {
    this.child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-check", program, ...args],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1", ...env },
    }).spawn();
    this.#done.push(this.#pump(this.child.stdout, (s) => this.out += s));
    this.#done.push(this.#pump(this.child.stderr, (s) => this.err += s));
    this.status = this.child.status;
  }
  async #pump(stream: ReadableStream<Uint8Array>, add: (s: string) => void) {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) add(chunk);
  }
  async waitFor(re: RegExp, ms = 15_000): Promise<RegExpMatchArray> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const m = this.out.match(re);
      if (m) return m;
      await sleep(20);
    }
    throw new Error(`timed out waiting for ${re}\nstdout:\n${this.out}\nstderr:\n${this.err}`);
  }
  async finish(): Promise<{ code: number; out: string; err: string }> {
    const { code } = await this.status;
    await Promise.all(this.#done);
    return { code, out: this.out, err: this.err };
  }
}

function writeConfig(yaml: string): string {
  const path = Deno.makeTempFileSync({ prefix: "porthealth-", suffix: ".yaml" });
  Deno.writeTextFileSync(path, yaml);
  return path;
}

test("serve (bundle): no npm: or node: imports left, so Deno's Node layer stays unloaded", async () => {
  const code = Deno.readTextFileSync(await bundle());
  assert.doesNotMatch(code, /\bfrom\s*["'](?:npm|node|jsr):/);
  assert.doesNotMatch(code, /\bimport\(\s*["'](?:npm|node|jsr):/);
  assert.doesNotMatch(code, /\brequire\(/);
});

for (const [name, program] of PROGRAMS) {
  const proc = async (args: string[], env?: Record<string, string>) =>
    new Proc(await program(), args, env);
  const run = async (args: string[], env?: Record<string, string>) =>
    await (await proc(args, env)).finish();

  test(`${name}: --version, --help and bad flags`, async () => {
    const v = await run(["--version"]);
    assert.equal(v.code, 0);
    assert.match(v.out, /^porthealth \d+\.\d+\.\d+\n$/);
    const h = await run(["--help"]);
    assert.equal(h.code, 0);
    assert.match(h.out, /--config <path>/);
    const bad = await run(["--frobnicate"]);
    assert.equal(bad.code, 2);
    assert.equal(bad.err, "porthealth: unknown flag --frobnicate (see porthealth --help)\n");
    const fmt = await run(["--log-format", "xml"]);
    assert.equal(fmt.code, 2);
    assert.match(fmt.err, /^porthealth: --log-format must be text or json, got "xml"/);
  });

  test(`${name}: a missing config names the path and suggests --config`, async () => {
    const r = await run([]);
    assert.equal(r.code, 2);
    assert.equal(
      r.err,
      "porthealth: config file /etc/porthealth/config.yaml not found; pass --config <path> to use another file\n",
    );
    const r2 = await run(["--config", "/nonexistent/x.yaml"]);
    assert.equal(r2.code, 2);
    assert.equal(r2.err, "porthealth: config file /nonexistent/x.yaml not found\n");
  });

  test(`${name}: an invalid config gives one line per problem and exit 2`, async () => {
    const path = writeConfig("server:\n  port: 99999\nchecks:\n  - { host: '', port: 0 }\n");
    try {
      const r = await run(["--config", path]);
      assert.equal(r.code, 2);
      const lines = r.err.trimEnd().split("\n");
      assert.deepEqual(lines, [
        `porthealth: ${path}:2: server.port: must be a port number from 0 to 65535, got number 99999`,
        `porthealth: ${path}:4: checks[0].host: must not be empty`,
        `porthealth: ${path}:4: checks[0].port: must be a port number from 1 to 65535, got number 0`,
      ]);
      const c = await run(["--check-config", "--config", path]);
      assert.equal(c.code, 2);
    } finally {
      Deno.removeSync(path);
    }
  });

  test(`${name}: --check-config prints a summary without secrets`, async () => {
    const path = writeConfig(
      "auth: { enabled: true, username: ops, password_env: PH_PW }\nchecks:\n  - { host: 127.0.0.1, port: 22, name: ssh }\n",
    );
    try {
      const r = await run(["--check-config", "--config", path], { PH_PW: "topsecret" });
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, /is valid/);
      assert.ok(r.out.includes("1 check:\n  ssh  127.0.0.1:22  timeout 2s"), r.out);
      assert.ok(!r.out.includes("topsecret"));
    } finally {
      Deno.removeSync(path);
    }
  });

  test(`${name}: a listen port in use is one line and exit 1`, async () => {
    const busy = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const path = writeConfig(
      `server: { host: 127.0.0.1, port: ${busy.addr.port} }\nchecks: [{ host: 127.0.0.1, port: 1 }]\n`,
    );
    try {
      const r = await run(["--config", path]);
      assert.equal(r.code, 1);
      assert.equal(
        r.err,
        `porthealth: cannot listen on 127.0.0.1:${busy.addr.port}: the address is already in use (another porthealth instance?); stop that process or choose another server.port\n`,
      );
    } finally {
      busy.close();
      Deno.removeSync(path);
    }
  });

  test(`${name}: runs, flips 200/503, reloads on SIGHUP, keeps the old config on a bad reload, stops on SIGTERM`, async () => {
    const target = openListener();
    const targetPort = target.port;
    const path = writeConfig(
      `server: { host: 127.0.0.1, port: 0, timeout: 1s }\nchecks:\n  - { host: 127.0.0.1, port: ${targetPort}, name: svc }\n`,
    );
    const p = await proc(["--config", path]);
    let reopened: ReturnType<typeof openListener> | undefined;
    try {
      const m = await p.waitFor(/ INFO start .* listen=127\.0\.0\.1:(\d+)/);
      assert.match(m[0], /checks=1 timeout=1s .*auth=off/);
      assert.ok(m[0].includes(`config=${path}`));
      const base = `http://127.0.0.1:${m[1]}`;

      let res = await fetch(`${base}/health`);
      assert.equal(res.status, 200);
      await res.body?.cancel();
      res = await fetch(`${base}/live`);
      assert.equal(await res.text(), "OK");

      await target.close();
      res = await fetch(`${base}/health`);
      assert.equal(res.status, 503);
      await res.body?.cancel();
      await p.waitFor(
        /WARN check check svc is unhealthy: connection refused .*from=healthy to=unhealthy error=refused/,
      );
      reopened = openListener(targetPort);
      res = await fetch(`${base}/health`);
      assert.equal(res.status, 200);
      await res.body?.cancel();
      await p.waitFor(/INFO check check svc is healthy .*from=unhealthy to=healthy/);

      // reload with an extra check
      const closed = freePort();
      Deno.writeTextFileSync(
        path,
        `server: { host: 127.0.0.1, port: 0, timeout: 1s }\nchecks:\n  - { host: 127.0.0.1, port: ${targetPort}, name: svc }\n  - { host: 127.0.0.1, port: ${closed}, name: extra }\n`,
      );
      p.child.kill("SIGHUP");
      await p.waitFor(/INFO reload configuration reloaded .*checks=2/);
      res = await fetch(`${base}/health`);
      assert.equal(res.status, 503);
      assert.deepEqual((await res.json()).checks.map((c: { name: string }) => c.name), [
        "svc",
        "extra",
      ]);

      // an invalid config is rejected and the old one kept
      Deno.writeTextFileSync(path, "checks: []\n");
      p.child.kill("SIGHUP");
      await p.waitFor(
        /ERROR reload_failed configuration rejected, keeping the previous one: .*checks: no checks configured/,
      );
      res = await fetch(`${base}/health`);
      assert.equal((await res.json()).checks.length, 2);

      // SIGTERM: exits 0
      p.child.kill("SIGTERM");
      const r = await p.finish();
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, /INFO shutdown SIGTERM received/);
      assert.match(r.out, /INFO stopped/);
      assert.equal(r.err, "");
    } finally {
      await target.close();
      await reopened?.close();
      try {
        p.child.kill("SIGKILL");
      } catch { /* exited */ }
      await p.finish();
      Deno.removeSync(path);
    }
  });

  test(`${name}: server.interval probes in the background; SIGHUP keeps the history of unchanged checks`, async () => {
    const target = openListener();
    const closed = freePort();
    const yaml = (extra: string) =>
      `server: { host: 127.0.0.1, port: 0, timeout: 200ms, interval: 250ms, failure_threshold: 2 }
checks:
  - { host: 127.0.0.1, port: ${target.port}, name: svc }
  - { host: 127.0.0.1, port: ${closed}, name: gone }
${extra}`;
    const path = writeConfig(yaml(""));
    const p = await proc(["--config", path]);
    try {
      const m = await p.waitFor(/ INFO start .* listen=127\.0\.0\.1:(\d+)/);
      assert.match(m[0], /interval=250ms/);
      const base = `http://127.0.0.1:${m[1]}`;
      await sleep(1200);
      const history = async () => {
        const res = await fetch(`${base}/health?history=1`);
        assert.equal(res.status, 503);
        return (await res.json()).checks;
      };
      const before = await history();
      assert.ok(before[0].history.length >= 3, before[0].history);
      assert.match(before[1].history, /^0+$/);
      assert.equal(before[1].error, "refused");

      Deno.writeTextFileSync(
        path,
        yaml(`  - { host: 127.0.0.1, port: ${target.port}, name: new }\n`),
      );
      p.child.kill("SIGHUP");
      await p.waitFor(/INFO reload configuration reloaded .*checks=3 .*interval=250ms/);
      const after = await history();
      assert.ok(
        after[0].history.startsWith(before[0].history),
        `${before[0].history} → ${after[0].history}`,
      );
      assert.equal(after[0].since, before[0].since);
      assert.ok(after[1].history.startsWith(before[1].history));
      assert.ok(after[2].history.length <= 2, after[2].history);
      p.child.kill("SIGTERM");
      assert.equal((await p.finish()).code, 0);
    } finally {
      try {
        p.child.kill("SIGKILL");
      } catch {
        // exited
      }
      await p.finish();
      await target.close();
      Deno.removeSync(path);
    }
  });

  test(`${name}: SIGTERM lets an in-flight request finish; JSON logs; auth`, async () => {
    const silent = await silentListener();
    const path = writeConfig(`server: { host: 127.0.0.1, port: 0, timeout: 1500ms }
auth: { enabled: true, username: ops, password_env: PH_PW }
checks:
  - { host: 127.0.0.1, port: ${silent.port}, name: quiet }
`);
    const p = await proc(["--config", path, "--log-format", "json"], { PH_PW: "pw-123" });
    try {
      const m = await p.waitFor(/"event":"start".*"listen":"127\.0\.0\.1:(\d+)"/);
      const base = `http://127.0.0.1:${m[1]}`;
      const start = JSON.parse(p.out.split("\n")[0]);
      assert.equal(start.auth, "on");
      assert.equal(start.level, "info");

      let res = await fetch(`${base}/live`);
      assert.equal(res.status, 401);
      await res.body?.cancel();

      const auth = { authorization: `Basic ${btoa("ops:pw-123")}` };
      const inflight = fetch(`${base}/health`, { headers: auth });
      await sleep(300);
      const t0 = performance.now();
      p.child.kill("SIGTERM");
      res = await inflight;
      assert.equal(res.status, 503);
      assert.equal((await res.json()).checks[0].error, "timeout");
      const r = await p.finish();
      assert.ok(performance.now() - t0 < 10_000);
      assert.equal(r.code, 0, r.err);
      const lines = r.out.trimEnd().split("\n").map((l) => JSON.parse(l));
      assert.deepEqual(lines.map((l) => l.event), ["start", "shutdown", "check", "stopped"]);
      assert.ok(!r.out.includes("pw-123"));
    } finally {
      await silent.close();
      try {
        p.child.kill("SIGKILL");
      } catch { /* exited */ }
      await p.finish();
      Deno.removeSync(path);
    }
  });
}
