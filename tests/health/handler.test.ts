import { test } from "node:test";
import assert from "node:assert/strict";
import { createHandler } from "../../health/handler.ts";
import { type HealthConfig, parseConfig } from "../../health/config.ts";
import { Monitor, type StateChange } from "../../health/monitor.ts";
import { serializeHealth } from "../../health/body.ts";
import type { Dialer } from "../../health/probe.ts";
import { VERSION } from "../../health/version.ts";
import { dial, freePort, openListener, silentListener, sleep } from "../_helpers/health.ts";

function setup(yaml: string, d: Dialer = dial, onChange?: (c: StateChange) => void) {
  const config = parseConfig(yaml, { env: () => undefined });
  const monitor = new Monitor({ dial: d, config, onChange });
  return { monitor, handler: createHandler({ monitor }), config };
}

const get = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);
const basic = (u: string, p: string) => ({ authorization: `Basic ${btoa(`${u}:${p}`)}` });

test("handler: /health is 200 while healthy and 503 after the listener closes, and back", async () => {
  const l = openListener();
  const port = l.port;
  const changes: StateChange[] = [];
  const { handler } = setup(
    `server: { timeout: 1s }\nchecks:\n  - { host: 127.0.0.1, port: ${port}, name: svc, description: "the svc" }\n`,
    dial,
    (c) => changes.push(c),
  );
  try {
    let res = await handler(get("/health"));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-cache"); // revalidate with If-None-Match
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    let body = await res.json();
    assert.equal(body.status, "healthy");
    assert.equal(body.version, VERSION);
    assert.match(body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(Object.keys(body.checks[0]).sort(), [
      "consecutive",
      "description",
      "host",
      "latency_ms",
      "name",
      "port",
      "since",
      "status",
    ]);
    assert.equal(body.checks[0].port, port);

    await l.close();
    res = await handler(get("/health"));
    assert.equal(res.status, 503);
    body = await res.json();
    assert.equal(body.status, "unhealthy");
    assert.equal(body.checks[0].error, "refused");
    assert.equal(body.message, "1 of 1 check unhealthy: svc (connection refused)");

    const again = openListener(port);
    try {
      res = await handler(get("/health"));
      assert.equal(res.status, 200);
      await res.body?.cancel();
    } finally {
      await again.close();
    }
    assert.deepEqual(changes.map((c) => `${c.from}->${c.result.status}`), [
      "healthy->unhealthy",
      "unhealthy->healthy",
    ]);
  } finally {
    await l.close();
  }
});

test("handler: the message names every failed check", async () => {
  const open = openListener();
  const closed = freePort();
  const { handler } = setup(`checks:
  - { host: 127.0.0.1, port: ${open.port}, name: web }
  - { host: 127.0.0.1, port: ${closed}, name: db }
  - { host: no-such-host.invalid, port: 5, name: cache }
`);
  try {
    const res = await handler(get("/health"));
    assert.equal(res.status, 503);
    const body = await res.json();
    assert.equal(
      body.message,
      "2 of 3 checks unhealthy: db (connection refused), cache (host name could not be resolved)",
    );
  } finally {
    await open.close();
  }
});

test("handler: /live, HEAD, 404 and 405", async () => {
  const { handler } = setup(`checks: [{ host: 127.0.0.1, port: ${freePort()} }]\n`);
  let res = await handler(get("/live"));
  assert.equal(res.status, 200);
  assert.equal(await res.text(), "OK");
  res = await handler(get("/health", { method: "HEAD" }));
  assert.equal(res.status, 503);
  await res.body?.cancel();
  res = await handler(get("/nope"));
  assert.equal(res.status, 404);
  await res.body?.cancel();
  res = await handler(get("/health/"));
  assert.equal(res.status, 404);
  await res.body?.cancel();
  for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
    for (const path of ["/", "/health", "/live", "/metrics"]) {
      res = await handler(get(path, { method }));
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.equal(res.headers.get("allow"), "GET, HEAD");
      await res.body?.cancel();
    }
  }
});

test("handler: the auth matrix", async () => {
  const { handler } = setup(
    `auth: { enabled: true, username: ops, password: "s3cr:t é" }\nchecks: [{ host: 127.0.0.1, port: ${freePort()} }]\n`,
    () => Promise.resolve(),
  );
  const cases: [string, Record<string, string>, number][] = [
    ["no header", {}, 401],
    ["wrong password", basic("ops", "nope"), 401],
    ["wrong user", basic("opz", "s3cr:t é"), 401],
    ["prefix of password", basic("ops", "s3cr:t"), 401],
    ["password with suffix", basic("ops", "s3cr:t éx"), 401],
    ["empty", basic("", ""), 401],
    ["bearer", { authorization: "Bearer abc" }, 401],
    ["garbage base64", { authorization: "Basic ***" }, 401],
    ["not base64", { authorization: "Basic" }, 401],
  ];
  const utf8 = btoa(String.fromCharCode(...new TextEncoder().encode("ops:s3cr:t é")));
  for (const path of ["/", "/health", "/live", "/metrics", "/nope"]) {
    for (const [name, headers, want] of cases) {
      const res = await handler(get(path, { headers }));
      assert.equal(res.status, want, `${path} ${name}`);
      assert.equal(
        res.headers.get("www-authenticate"),
        'Basic realm="porthealth", charset="UTF-8"',
      );
      const text = await res.text();
      assert.ok(!text.includes("s3cr"), "no credentials in the body");
    }
    const res = await handler(get(path, { headers: { authorization: `basic ${utf8}` } }));
    assert.equal(res.status, path === "/nope" ? 404 : 200, `${path} good credentials`);
    await res.body?.cancel();
  }
});

test("handler: the status page escapes config text and sets a CSP", async () => {
  const { handler } = setup(`server: { name: "<b>Fleet</b>" }
checks:
  - host: 127.0.0.1
    port: ${freePort()}
    name: "<script>alert(1)</script>"
    description: "\\"quoted\\" & 'single' <img src=x onerror=alert(2)>"
`);
  const res = await handler(get("/"));
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  assert.ok(nonce, csp);
  const html = await res.text();
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(
    html.includes("&quot;quoted&quot; &amp; &#39;single&#39; &lt;img src=x onerror=alert(2)&gt;"),
  );
  assert.ok(html.includes("&lt;b&gt;Fleet&lt;/b&gt;"));
  assert.ok(!html.includes("<script>alert"));
  assert.ok(!html.includes("<img"));
  assert.ok(!html.includes("<b>Fleet"));
  assert.equal(html.match(/<script/g)?.length, 1);
  assert.ok(html.includes(`<script nonce="${nonce}">`));
  assert.ok(html.includes('<td class="status">pending</td>'));
});

test("handler: /metrics in Prometheus text format", async () => {
  const open = openListener();
  const { handler } = setup(`checks:
  - { host: 127.0.0.1, port: ${open.port}, name: 'we"b' }
  - { host: "::1", port: ${freePort()}, name: db }
`);
  try {
    const res = await handler(get("/metrics"));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    assert.ok(
      text.includes(`porthealth_check_up{name="we\\"b",host="127.0.0.1",port="${open.port}"} 1`),
    );
    assert.match(text, /porthealth_check_up\{name="db",host="::1",port="\d+"\} 0/);
    assert.match(
      text,
      /porthealth_check_latency_seconds\{name="db",host="::1",port="\d+"\} [\d.e-]+/,
    );
    assert.match(
      text,
      /porthealth_check_error\{name="db",host="::1",port="\d+",error="refused"\} 1/,
    );
    assert.ok(text.includes(`porthealth_build_info{version="${VERSION}"} 1`));
    for (const line of text.trimEnd().split("\n")) {
      assert.match(line, /^(# (HELP|TYPE) \w+ .+|\w+(\{.*\})? -?[\d.e+-]+)$/, line);
    }
  } finally {
    await open.close();
  }
});

test("handler: 100 concurrent /health requests share one probe round (over HTTP)", async () => {
  let dials = 0;
  const slow: Dialer = async (h, p, s) => {
    dials++;
    await sleep(300);
    return dial(h, p, s);
  };
  const open = openListener();
  const { handler, monitor } = setup(
    `checks:\n  - { host: 127.0.0.1, port: ${open.port}, name: a }\n  - { host: 127.0.0.1, port: ${open.port}, name: b }\n`,
    slow,
  );
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  try {
    const url = `http://127.0.0.1:${server.addr.port}/health`;
    const responses = await Promise.all(Array.from({ length: 100 }, () => fetch(url)));
    assert.ok(responses.every((r) => r.status === 200));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    assert.equal(monitor.rounds, 1);
    assert.equal(dials, 2);
    assert.ok(bodies.every((b) => b.checks.length === 2));
    // the next request after the round finished probes again
    const res = await fetch(url);
    await res.body?.cancel();
    assert.equal(monitor.rounds, 2);
  } finally {
    await open.close();
    await server.shutdown();
  }
});

test("body: responses in the same millisecond share one text; each carries its own time", async () => {
  const { monitor } = setup(
    "checks: [{ host: h, port: 1 }, { host: h, port: 2 }]\n",
    () => Promise.resolve(),
  );
  const report = await monitor.check();
  const t = new Date("2026-11-21T10:00:00.123Z");
  const a = serializeHealth(report, "1.0.0", t);
  const b = serializeHealth(report, "1.0.0", new Date(t.getTime()));
  assert.equal(a.text, b.text);
  assert.equal(JSON.parse(a.text).timestamp, "2026-11-21T10:00:00.123Z");
  const c = serializeHealth(report, "1.0.0", new Date(t.getTime() + 1));
  assert.equal(JSON.parse(c.text).timestamp, "2026-11-21T10:00:00.124Z");
  assert.equal(JSON.parse(serializeHealth(report, "2.0.0", t).text).version, "2.0.0");
  // a new round gets its own body even within the same millisecond
  const next = await monitor.check();
  assert.notEqual(next, report);
  assert.equal(JSON.parse(serializeHealth(next, "1.0.0", t).text).checks.length, 2);
  assert.equal(serializeHealth(report, "1.0.0", t).text, a.text);
});

test("monitor: server.cache serves a fresh-enough round", async () => {
  let dials = 0;
  const counting: Dialer = () => {
    dials++;
    return Promise.resolve();
  };
  const { monitor } = setup("server: { cache: 300ms }\nchecks: [{ host: h, port: 1 }]\n", counting);
  const a = await monitor.check();
  const b = await monitor.check();
  assert.equal(a, b);
  assert.equal(dials, 1);
  await sleep(350);
  await monitor.check();
  assert.equal(dials, 2);
});

test("monitor: setConfig switches checks and drops the cached round", async () => {
  const { monitor } = setup(
    "server: { cache: 1m }\nchecks: [{ host: h, port: 1, name: a }]\n",
    () => Promise.resolve(),
  );
  assert.equal((await monitor.check()).checks[0].check.name, "a");
  const next: HealthConfig = parseConfig("checks: [{ host: h, port: 2, name: b }]\n");
  monitor.setConfig(next);
  assert.equal(monitor.last, undefined);
  assert.equal((await monitor.check()).checks[0].check.name, "b");
});

test("handler: a silent check makes /health take about its timeout", async () => {
  const s = await silentListener();
  const { handler } = setup(`checks:
  - { host: 127.0.0.1, port: ${s.port}, name: s1, timeout: 300ms }
  - { host: 127.0.0.1, port: ${s.port}, name: s2, timeout: 300ms }
  - { host: 127.0.0.1, port: ${s.port}, name: s3, timeout: 300ms }
`);
  try {
    const t0 = performance.now();
    const res = await handler(get("/health"));
    const took = performance.now() - t0;
    assert.equal(res.status, 503);
    const body = await res.json();
    assert.deepEqual(body.checks.map((c: { error: string }) => c.error), [
      "timeout",
      "timeout",
      "timeout",
    ]);
    assert.ok(took < 300 + 700, `took ${took} ms`);
  } finally {
    await s.close();
  }
});
