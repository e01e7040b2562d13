// porthealth as a single executable (see binary.test.ts): config errors, the endpoints and
// Basic auth against serve.ts, graceful shutdown, and the deployment examples.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openListener, silentListener, sleep } from "../_helpers/health.ts";
import { parse, parseAllDocuments, stringify } from "yaml";
import { built, deno, exec, Proc, ROOT, SKIP, TMP, VERSION, withCwd } from "./_binary.ts";

/** Porthealth configs whose rejection must match serve.ts's exactly. */
const BAD_CONFIGS: Array<{ args: string[]; file?: string }> = [
  {
    args: ["--config", "bad.yaml"],
    file: "server:\n  port: 70000\n  tmeout: 1s\nchecks:\n  - { host: 127.0.0.1, prt: 1 }\n",
  },
  { args: ["--config", "syntax.yaml"], file: "checks: [ { host: a\n" },
  { args: ["--config", "empty.yaml"], file: "server: { port: 0 }\n" },
  { args: ["--config", "missing.yaml"] },
  { args: ["--config"] },
  { args: ["--bogus"] },
  { args: ["--config", "ok.yaml", "--check-config"], file: "checks: [{ host: db, port: 5432 }]\n" },
  // The password variable is unset: a .env file in the working directory must not set it.
  {
    args: ["--config", "auth.yaml", "--check-config"],
    file: "auth: { enabled: true, username: u, password_env: PH_DOTENV }\n" +
      "checks: [{ host: db, port: 5432 }]\n",
  },
];

/** Registers the porthealth tests. */
export function healthTests(): void {
  test("porthealth: a bad config or flag exits 2 with the same message as serve.ts", {
    skip: SKIP,
  }, async () => {
    const b = await built();
    await withCwd(TMP, "bad", async (cwd) => {
      await Deno.writeTextFile(`${cwd}/.env`, "PH_DOTENV=from-dotenv\n");
      for (const c of BAD_CONFIGS) {
        if (c.file) await Deno.writeTextFile(`${cwd}/${c.args[1]}`, c.file);
        const bin = await exec(b.porthealth, c.args, { cwd });
        const ref = await exec(deno("serve.ts")[0], [...deno("serve.ts").slice(1), ...c.args], {
          cwd,
        });
        const what = `porthealth ${c.args.join(" ")}`;
        assert.deepEqual(
          [bin.code, bin.stdout, bin.stderr],
          [ref.code, ref.stdout, ref.stderr],
          what,
        );
        const ok = c.args[1] === "ok.yaml";
        assert.equal(bin.code, ok ? 0 : 2, `${what}: ${bin.stderr}`);
        if (!ok) assert.match(bin.stderr, /^porthealth: /);
      }
    });
  });

  /** A response reduced to what must not differ between two porthealth processes. */
  async function snapshot(res: Response) {
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(k)) headers[k] = v;
    });
    const norm = (s: string) =>
      s.replace(/nonce-[A-Za-z0-9+/=]+|nonce="[^"]*"/g, "nonce")
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME")
        .replace(/:\d{4,5}\b/g, ":PORT").replace(/port="\d+"/g, 'port="PORT"')
        .replace(/\d+\.\d+ ms/g, "N ms")
        .replace(/(latency_seconds\{[^}]*\}|round_duration_seconds) [\d.e-]+/g, "$1 N")
        // How the probes' durations fall into the buckets is timing, not behaviour.
        .replace(/(duration_seconds_(?:bucket\{[^}]*\}|sum)) [\d.e-]+/g, "$1 N");
    headers["content-security-policy"] &&= norm(headers["content-security-policy"]);
    // Entity tags name one body of one process; their form must not differ.
    headers["etag"] &&= headers["etag"].replace(/^"[\w-]+?(\.gz)?"$/, '"TAG$1"');
    // fetch asked for gzip: the compressed length follows the times in the body.
    if (headers["content-encoding"] === "gzip" && headers["content-length"]) {
      headers["content-length"] = "(gzip length)";
    }
    const text = await res.text();
    // Its length follows the latencies' digits; what must hold is that it is right.
    const length = new TextEncoder().encode(text).length;
    if (headers["content-length"] === String(length)) headers["content-length"] = "(body length)";
    let body: unknown = norm(text);
    if (headers["content-type"]?.startsWith("application/json")) {
      // Times and durations differ between two servers; their type must not.
      const times = ["timestamp", "checked_at", "since", "at"];
      body = JSON.parse(
        text,
        (k, v) =>
          k === "latency_ms" || k === "age_ms"
            ? typeof v
            : k === "port"
            ? 0
            : times.includes(k)
            ? (assert.match(String(v), /^\d{4}-\d\d-\d\dT/), "TIME")
            : v,
      );
    }
    return { status: res.status, headers, body };
  }

  test(
    "porthealth: /health 200 and 503 with every field, /live, /, /metrics, Basic auth; as serve.ts",
    {
      skip: SKIP,
    },
    async () => {
      const b = await built();
      const target = openListener();
      const auth = { authorization: `Basic ${btoa("ops:s3cret")}` };
      const config = (port: number) =>
        `server: { host: 127.0.0.1, port: 0, name: shop, timeout: 1s }
auth: { enabled: true, username: ops, password_env: PH_PASSWORD }
checks:
  - { name: db, host: 127.0.0.1, port: ${port}, description: Primary database }
  - { name: cache, host: 127.0.0.1, port: ${target.port}, timeout: 500ms }
`;
      const path = `${TMP}/serve.yaml`;
      await Deno.writeTextFile(path, config(target.port));
      const env = { PH_PASSWORD: "s3cret" };
      const procs = [new Proc(b.porthealth, ["--config", path], { env })];
      procs.push(
        new Proc(deno("serve.ts")[0], [...deno("serve.ts").slice(1), "--config", path], { env }),
      );
      try {
        const bases = await Promise.all(procs.map(async (p) => {
          const m = await p.waitFor(/INFO start .* listen=(127\.0\.0\.1:\d+)/);
          assert.match(m[0], /checks=2 timeout=1s .*auth=on/);
          return `http://${m[1]}`;
        }));
        const get = (path: string, headers: Record<string, string> = auth) =>
          Promise.all(
            bases.map(async (base) => await snapshot(await fetch(base + path, { headers }))),
          );
        const same = async (path: string, headers?: Record<string, string>) => {
          const [bin, ref] = await get(path, headers);
          assert.deepEqual(bin, ref, `${path}: the binary differs from serve.ts`);
          return bin;
        };

        let health = await same("/health");
        assert.equal(health.status, 200);
        assert.deepEqual(health.body, {
          status: "healthy",
          message: "all 2 checks are healthy",
          checks: [
            {
              name: "db",
              host: "127.0.0.1",
              port: 0,
              description: "Primary database",
              status: "healthy",
              latency_ms: "number",
              since: "TIME",
              consecutive: 1,
            },
            {
              name: "cache",
              host: "127.0.0.1",
              port: 0,
              description: "",
              status: "healthy",
              latency_ms: "number",
              since: "TIME",
              consecutive: 1,
            },
          ],
          timestamp: "TIME",
          version: VERSION,
          checked_at: "TIME",
          age_ms: "number",
        });
        assert.deepEqual(await same("/live"), await same("/live"));
        assert.equal((await same("/live")).body, "OK");
        const page = await same("/");
        assert.equal(page.status, 200);
        assert.match(String(page.body), /<title>shop — porthealth<\/title>/);
        let metrics = await same("/metrics");
        assert.match(String(metrics.body), /porthealth_check_up\{name="db",[^}]*\} 1\n/);

        await target.close();
        health = await same("/health");
        assert.equal(health.status, 503);
        const checks = (health.body as { checks: Record<string, unknown>[] }).checks;
        assert.deepEqual(checks.map((c) => [c.status, c.error, c.message]), [
          ["unhealthy", "refused", "connection refused"],
          ["unhealthy", "refused", "connection refused"],
        ]);
        metrics = await same("/metrics");
        assert.match(
          String(metrics.body),
          /porthealth_check_error\{name="cache",.*error="refused"\} 1/,
        );
        await same("/nope");

        for (const path of ["/health", "/live", "/", "/metrics"]) {
          const wrong: Record<string, string>[] = [{}, {
            authorization: `Basic ${btoa("ops:wrong")}`,
          }];
          for (const headers of wrong) {
            const denied = await same(path, headers);
            assert.equal(denied.status, 401, path);
            assert.match(denied.headers["www-authenticate"], /^Basic realm="porthealth"/);
          }
        }
      } finally {
        await target.close();
        for (const p of procs) p.stop();
        await Promise.all(procs.map((p) => p.finish(10_000)));
      }
    },
  );

  // One silent port (slow to set up on a busy machine) for the three shutdown tests.
  let _quiet: Awaited<ReturnType<typeof silentListener>> | undefined;
  globalThis.addEventListener("unload", () => void _quiet?.close());
  const quiet = async () => _quiet ??= await silentListener();
  const SHUTDOWNS: Array<[string, Deno.Signal]> = [
    ["porthealth", "SIGTERM"],
    ["porthealth", "SIGINT"],
    ["the npm bin on Node", "SIGTERM"],
  ];
  for (const [program, signal] of SHUTDOWNS) {
    test(
      `${program}: ${signal} ends it within a second: in-flight request answered, idle connections closed`,
      {
        skip: SKIP,
      },
      async () => {
        const b = await built();
        const silent = await quiet();
        const path = `${TMP}/shutdown-${program.length}-${signal}.yaml`;
        await Deno.writeTextFile(
          path,
          `server: { host: 127.0.0.1, port: 0 }\nchecks:\n  - { host: 127.0.0.1, port: ${silent.port}, name: quiet, timeout: 400ms }\n`,
        );
        const [cmd, ...args] = program === "porthealth"
          ? [b.porthealth]
          : ["node", `${b.npm}/bin/porthealth.js`];
        const p = new Proc(cmd, [...args, "--config", path]);
        const conns: Deno.Conn[] = [];
        try {
          const port = Number((await p.waitFor(/listen=127\.0\.0\.1:(\d+)/))[1]);
          const connect = async (send: string) => {
            const c = await Deno.connect({ hostname: "127.0.0.1", port });
            conns.push(c);
            if (send) await c.write(new TextEncoder().encode(send));
            return c;
          };
          // Connected and silent (Bun does not even accept it: TCP_DEFER_ACCEPT), and a
          // request still arriving: neither may hold the shutdown up.
          await connect("");
          const arriving = await connect("GET /live HTTP/1.1\r\nHost: x\r\n");
          const keepAlive = await connect("GET /live HTTP/1.1\r\nHost: x\r\n\r\n");
          const buf = new Uint8Array(4096);
          const n = await keepAlive.read(buf);
          assert.match(new TextDecoder().decode(buf.subarray(0, n ?? 0)), /^HTTP\/1\.1 200/);
          const inflight = fetch(`http://127.0.0.1:${port}/health`);
          await sleep(150);
          const t0 = performance.now();
          p.kill(signal);
          const res = await inflight;
          const answered = performance.now();
          assert.equal(res.status, 503);
          assert.equal((await res.json()).checks[0].error, "timeout");
          const r = await p.finish(10_000);
          // The in-flight request's round ends 250 ms after the signal; after its answer
          // nothing may hold the process (the idle connections above would, for 10-60 s).
          const ms = performance.now() - answered;
          assert.deepEqual([r.code, r.signal, r.err], [0, null, ""]);
          assert.ok(ms < 1000, `${signal}: exited ${ms.toFixed(0)} ms after the last answer`);
          assert.ok(answered - t0 < 5000, "the in-flight request was answered");
          assert.match(r.out, new RegExp(`INFO shutdown ${signal} received[^]*INFO stopped`));
          for (const c of [arriving, keepAlive]) {
            assert.equal(await c.read(buf).catch(() => null), null, "the connection is closed");
          }
        } finally {
          for (const c of conns) c.close();
          p.stop();
        }
      },
    );
  }

  test("examples/deploy: the Kubernetes probes and the systemd unit work with the binary", {
    skip: SKIP,
  }, async () => {
    const b = await built();
    const docs = parseAllDocuments(
      await Deno.readTextFile(`${ROOT}/examples/deploy/kubernetes.yaml`),
    )
      .map((d) => d.toJS());
    const kind = (k: string) => docs.find((d) => d.kind === k);
    const container = kind("Deployment").spec.template.spec.containers[0];
    const config = parse(kind("ConfigMap").data["config.yaml"]);
    const mount = container.volumeMounts[0].mountPath;
    assert.deepEqual(container.args.slice(0, 2), ["--config", `${mount}/config.yaml`]);
    assert.equal(container.ports[0].containerPort, config.server.port);
    const { livenessProbe: live, readinessProbe: ready } = container;
    assert.deepEqual([live.httpGet.path, ready.httpGet.path], ["/live", "/health"]);
    assert.equal(live.httpGet.port, container.ports[0].name);
    const password = kind("Secret").stringData.password;
    assert.equal(container.env[0].name, config.auth.password_env);
    const header = `Basic ${btoa(`${config.auth.username}:${password}`)}`;
    for (const probe of [live, ready]) assert.equal(probe.httpGet.httpHeaders[0].value, header);

    // The ConfigMap's config on a free local port, its checks pointed at a listener, no
    // cache (so that the next request sees the listener closed).
    const target = openListener();
    config.server = { ...config.server, host: "127.0.0.1", port: 0, cache: 0 };
    for (const c of config.checks) Object.assign(c, { host: "127.0.0.1", port: target.port });
    const path = `${TMP}/k8s.yaml`;
    await Deno.writeTextFile(path, stringify(config));
    const p = new Proc(b.porthealth, ["--config", path, ...container.args.slice(2)], {
      env: { [container.env[0].name]: password },
    });
    try {
      const m = await p.waitFor(/"listen":"(127\.0\.0\.1:\d+)"/);
      const probe = (get: { path: string }) =>
        fetch(`http://${m[1]}${get.path}`, { headers: { authorization: header } });
      let res = await probe(live.httpGet);
      assert.deepEqual([res.status, await res.text()], [200, "OK"]);
      res = await probe(ready.httpGet);
      assert.equal(res.status, 200);
      assert.equal((await res.json()).status, "healthy");
      await target.close();
      res = await probe(ready.httpGet);
      assert.equal(res.status, 503, "readiness fails when a checked port is down");
      await res.body?.cancel();
    } finally {
      await target.close();
      p.stop();
      await p.finish();
    }

    // systemd: ExecStartPre validates the config the way ExecStart runs the binary.
    const unit = await Deno.readTextFile(`${ROOT}/examples/deploy/porthealth.service`);
    const line = (key: string) => unit.match(new RegExp(`^${key}=(.*)$`, "m"))?.[1] ?? "";
    const [pre, start] = [line("ExecStartPre").split(" "), line("ExecStart").split(" ")];
    assert.equal(pre[0], start[0]);
    assert.equal(line("RestartPreventExitStatus"), "2");
    const swap = (w: string) => w === pre[0] ? b.porthealth : w.endsWith(".yaml") ? path : w;
    // The unit's EnvironmentFile= sets the password for ExecStartPre and ExecStart alike.
    const env = { [config.auth.password_env]: password };
    const check = await exec(b.porthealth, pre.slice(1).map(swap), { env });
    assert.equal(check.code, 0, check.stderr);
    const bad = `${TMP}/bad-unit.yaml`;
    await Deno.writeTextFile(bad, "checks: []\n");
    const rejected = await exec(
      b.porthealth,
      pre.slice(1).map((w) => swap(w) === path ? bad : swap(w)),
      { env },
    );
    assert.equal(rejected.code, 2, "a bad config stops the unit without a restart loop");
  });
}
