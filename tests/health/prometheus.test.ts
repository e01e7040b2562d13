// /metrics against the real thing: `promtool check metrics` lints the exposition, and a real
// Prometheus (Debian's `prometheus` package; .ci/run installs it) scrapes porthealth and
// answers queries about the series through its HTTP API.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createHandler } from "../../health/handler.ts";
import { parseConfig } from "../../health/config.ts";
import { Monitor } from "../../health/monitor.ts";
import { dial, freePort, openListener, sleep } from "../_helpers/health.ts";

const PROMETHEUS = "/usr/bin/prometheus";
const PROMTOOL = "/usr/bin/promtool";

function need(path: string) {
  assert.ok(
    existsSync(path),
    `${path} not found: install Debian's prometheus (apt-get install -y prometheus) to run this test`,
  );
}

function serving(interval: string) {
  const open = openListener();
  const closed = freePort();
  const config = parseConfig(`server: { interval: ${interval}, timeout: 100ms }
checks:
  - { host: 127.0.0.1, port: ${open.port}, name: open }
  - { host: 127.0.0.1, port: ${closed}, name: 'closed "q"' }
`);
  const monitor = new Monitor({ config, dial });
  monitor.start();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createHandler({ monitor }),
  );
  return {
    port: server.addr.port,
    async close() {
      monitor.stop();
      await server.shutdown();
      await open.close();
    },
  };
}

test("metrics: promtool check metrics passes; counters and histogram agree; no float noise", async () => {
  need(PROMTOOL);
  const ph = await serving("200ms");
  try {
    await sleep(700);
    const text = await (await fetch(`http://127.0.0.1:${ph.port}/metrics`)).text();
    const tool = new Deno.Command(PROMTOOL, {
      args: ["check", "metrics"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = tool.stdin.getWriter();
    await writer.write(new TextEncoder().encode(text));
    await writer.close();
    const out = await tool.output();
    const said = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, said);
    assert.equal(said.trim(), "");

    const samples = text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    for (const line of samples) {
      const value = line.slice(line.lastIndexOf(" ") + 1);
      // integers or decimals of at most 6 places (microseconds): no 0.0009699999999999999
      assert.match(value, /^-?\d+(\.\d{1,6})?$/, line);
    }
    const num = (re: RegExp) => Number(re.exec(text)?.[1]);
    const ok = num(/^porthealth_probes_total\{name="open",result="healthy"\} (\d+)$/m);
    const bad = num(/^porthealth_probes_total\{name="closed \\"q\\"",result="unhealthy"\} (\d+)$/m);
    assert.ok(ok >= 3 && bad >= 3, `${ok} ${bad}`);
    const count = num(/^porthealth_probe_duration_seconds_count (\d+)$/m);
    assert.equal(count, ok + bad);
    assert.equal(num(/^porthealth_probe_duration_seconds_bucket\{le="\+Inf"\} (\d+)$/m), count);
    const buckets = [
      ...text.matchAll(/^porthealth_probe_duration_seconds_bucket\{le="[^"]+"\} (\d+)$/gm),
    ]
      .map((m) => Number(m[1]));
    assert.ok(buckets.every((b, i) => i === 0 || b >= buckets[i - 1]), "buckets not cumulative");
  } finally {
    await ph.close();
  }
});

test("metrics: a real Prometheus scrapes /metrics and returns the series through its API", async () => {
  need(PROMETHEUS);
  const ph = await serving("250ms");
  const dir = Deno.makeTempDirSync({ prefix: "porthealth-prometheus-" });
  const web = freePort();
  Deno.writeTextFileSync(
    `${dir}/prometheus.yml`,
    `global: { scrape_interval: 1s, evaluation_interval: 1s }
scrape_configs:
  - job_name: porthealth
    static_configs:
      - targets: ["127.0.0.1:${ph.port}"]
`,
  );
  const prom = new Deno.Command(PROMETHEUS, {
    args: [
      `--config.file=${dir}/prometheus.yml`,
      `--storage.tsdb.path=${dir}/data`,
      `--web.listen-address=127.0.0.1:${web}`,
    ],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const log: string[] = [];
  const reading = (async () => {
    for await (const chunk of prom.stderr.pipeThrough(new TextDecoderStream())) log.push(chunk);
  })();
  const query = async (q: string) => {
    const res = await fetch(`http://127.0.0.1:${web}/api/v1/query?query=${encodeURIComponent(q)}`);
    const body = await res.json();
    return body.status === "success" ? body.data.result : [];
  };
  try {
    let probes: { metric: Record<string, string>; value: [number, string] }[] = [];
    const t0 = performance.now();
    while (performance.now() - t0 < 30_000) {
      try {
        probes = await query('porthealth_probes_total{name="open",result="healthy"}');
        if (probes.length > 0 && Number(probes[0].value[1]) > 0) break;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    assert.equal(
      probes.length,
      1,
      `no series after 30 s; prometheus said:\n${log.join("").slice(-2000)}`,
    );
    assert.equal(probes[0].metric.job, "porthealth");
    assert.ok(Number(probes[0].value[1]) >= 1);
    const up = await query("porthealth_check_up");
    const byName = Object.fromEntries(
      up.map((
        s: { metric: Record<string, string>; value: [number, string] },
      ) => [s.metric.name, s.value[1]]),
    );
    assert.deepEqual(byName, { open: "1", 'closed "q"': "0" });
    const hist = await query("porthealth_probe_duration_seconds_count");
    assert.ok(Number(hist[0]?.value[1]) >= 2, JSON.stringify(hist));
    const targets = await (await fetch(`http://127.0.0.1:${web}/api/v1/targets`)).json();
    assert.equal(targets.data.activeTargets[0].health, "up", JSON.stringify(targets.data));
  } finally {
    prom.kill("SIGTERM");
    await prom.status;
    await reading;
    await ph.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
