// Background rounds (server.interval), thresholds, history and reload state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHandler } from "../../health/handler.ts";
import { ConfigError, parseConfig } from "../../health/config.ts";
import { Monitor, type Overrun, type StateChange } from "../../health/monitor.ts";
import { History } from "../../health/history.ts";
import type { Dialer } from "../../health/probe.ts";
import { dial, openListener, sleep } from "../_helpers/health.ts";

const get = (path: string) => new Request(`http://localhost${path}`);

/** A dialer that records, per port, how many dials are in flight at most and when each started. */
function tracing(inner: Dialer, delayMs = 0) {
  const inflight = new Map<number, number>();
  const starts: number[] = [];
  const startsByPort = new Map<number, number[]>();
  let maxInflight = 0;
  let dials = 0;
  const d: Dialer = async (h, p, s) => {
    dials++;
    starts.push(performance.now());
    startsByPort.set(p, [...(startsByPort.get(p) ?? []), performance.now()]);
    const n = (inflight.get(p) ?? 0) + 1;
    inflight.set(p, n);
    maxInflight = Math.max(maxInflight, n);
    try {
      if (delayMs > 0) await sleep(delayMs);
      await inner(h, p, s);
    } finally {
      inflight.set(p, (inflight.get(p) ?? 1) - 1);
    }
  };
  return { d, starts, startsByPort, max: () => maxInflight, dials: () => dials };
}

test("interval: rounds run in the background; /health answers from the latest without probing", async () => {
  const t = tracing(() => Promise.resolve());
  const config = parseConfig(
    "server: { interval: 200ms, timeout: 100ms }\nchecks: [{ host: h, port: 1 }, { host: h, port: 2 }]\n",
  );
  const monitor = new Monitor({ config, dial: t.d });
  const handler = createHandler({ monitor });
  monitor.start();
  try {
    await sleep(700);
    const rounds = monitor.rounds;
    assert.ok(rounds >= 3 && rounds <= 5, `${rounds} rounds in 700 ms at 200ms`);
    const dials = t.dials();
    for (let i = 0; i < 50; i++) {
      const res = await handler(get("/health"));
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.ok(body.age_ms >= 0 && body.age_ms < 300, `age ${body.age_ms}`);
      assert.equal(Date.parse(body.checked_at) + body.age_ms, Date.parse(body.timestamp));
    }
    assert.equal(t.dials(), dials, "a /health request probed");
  } finally {
    monitor.stop();
  }
});

test("interval: jittered starts 90-100 % of the interval apart; never overlapping", async () => {
  for (const r of [0, 0.999]) {
    const t = tracing(() => Promise.resolve(), 20);
    const config = parseConfig(
      "server: { interval: 200ms, timeout: 100ms }\nchecks: [{ host: h, port: 1 }]\n",
    );
    const monitor = new Monitor({ config, dial: t.d, random: () => r });
    monitor.start();
    await sleep(1100);
    monitor.stop();
    await sleep(50);
    const gaps = t.starts.slice(1).map((s, i) => s - t.starts[i]);
    assert.ok(gaps.length >= 4, `${gaps.length} gaps`);
    const want = 200 * (1 - 0.1 * r);
    // A round that starts late (a busy machine) is followed by a shorter gap: the cadence
    // holds. So no gap is longer than `want` plus a delay or shorter than half of it, and
    // over the whole run the rounds are `want` apart.
    for (const g of gaps) assert.ok(g >= want / 2 && g <= want + 60, `gap ${g} ms, want ~${want}`);
    const mean = (t.starts[t.starts.length - 1] - t.starts[0]) / gaps.length;
    assert.ok(mean >= want - 5 && mean <= want + 30, `mean gap ${mean} ms, want ~${want}`);
    assert.equal(t.max(), 1);
  }
});

test("interval: a round longer than its interval delays the next one; no overlap", async () => {
  // three checks of 80 ms one at a time: a round takes ~240 ms, the interval is 100 ms
  const t = tracing(() => Promise.resolve(), 80);
  const overruns: Overrun[] = [];
  const config = parseConfig(
    "server: { interval: 100ms, timeout: 100ms, concurrency: 1 }\nchecks: [{ host: h, port: 1 }, { host: h, port: 2 }, { host: h, port: 3 }]\n",
  );
  const monitor = new Monitor({ config, dial: t.d, onOverrun: (o) => overruns.push(o) });
  monitor.start();
  await sleep(1000);
  monitor.stop();
  await sleep(300);
  assert.equal(t.max(), 1);
  const starts = t.startsByPort.get(1)!;
  const gaps = starts.slice(1).map((s, i) => s - starts[i]);
  assert.ok(gaps.length >= 2, `${gaps.length} gaps`);
  for (const g of gaps) assert.ok(g >= 235, `gap ${g} ms`);
  assert.ok(overruns.length >= 2, `${overruns.length} overruns`);
  assert.ok(overruns.every((o) => o.durationMs >= 235 && o.intervalMs === 100 && o.checks === 3));
});

test("thresholds: with interval 500ms and failure_threshold 3, a closed port turns 503 after ~3 rounds", async () => {
  const l = openListener();
  const port = l.port;
  const changes: StateChange[] = [];
  const config = parseConfig(
    `server: { interval: 500ms, timeout: 200ms, failure_threshold: 3, success_threshold: 2 }
checks:
  - { host: 127.0.0.1, port: ${port}, name: svc }
`,
  );
  const monitor = new Monitor({ config, dial, onChange: (c) => changes.push(c) });
  const handler = createHandler({ monitor });
  monitor.start();
  try {
    await sleep(100);
    let body = await (await handler(get("/health"))).json();
    assert.equal(body.status, "healthy");
    const up = Date.parse(body.checks[0].since);
    assert.ok(Number.isFinite(up));
    await l.close();
    const closed = performance.now();
    let seen503 = -1;
    let sawFailureWhileHealthy = false;
    while (performance.now() - closed < 4000) {
      const res = await handler(get("/health"));
      body = await res.json();
      const c = body.checks[0];
      if (res.status === 200 && c.last_failure) {
        sawFailureWhileHealthy = true;
        assert.equal(c.last_failure.error, "refused");
        assert.ok(c.consecutive >= 1 && c.consecutive < 3);
        assert.equal(Date.parse(c.since), up);
      }
      if (res.status === 503) {
        seen503 = performance.now() - closed;
        assert.equal(c.consecutive, 3);
        assert.equal(c.error, "refused");
        assert.ok(Date.parse(c.since) > up);
        break;
      }
      await sleep(50);
    }
    assert.ok(sawFailureWhileHealthy, "the failure was never reported while still healthy");
    assert.ok(seen503 >= 900 && seen503 <= 2600, `503 after ${seen503} ms`);
    console.log(
      `failure_threshold 3 at interval 500ms: 503 ${Math.round(seen503)} ms after the close`,
    );
    assert.deepEqual(changes.map((c) => c.result.status), ["unhealthy"]);

    // success_threshold 2: the first success after reopening does not flip it back
    const again = openListener(port);
    try {
      let firstSuccess = false;
      let healthyAfter = -1;
      const t0 = performance.now();
      while (performance.now() - t0 < 4000) {
        const res = await handler(get("/health?history=1"));
        const c = (await res.json()).checks[0];
        if (c.history.endsWith("01")) {
          firstSuccess = true;
          assert.equal(res.status, 503, "flipped on the first success");
          assert.equal(c.consecutive, 1);
        }
        if (res.status === 200) {
          assert.ok(c.history.endsWith("011"), c.history);
          healthyAfter = performance.now() - t0;
          break;
        }
        await sleep(50);
      }
      assert.ok(firstSuccess, "never saw the first success");
      assert.ok(healthyAfter > 0 && healthyAfter < 2000, `healthy after ${healthyAfter} ms`);
      assert.deepEqual(changes.map((c) => c.result.status), ["unhealthy", "healthy"]);
    } finally {
      await again.close();
    }
  } finally {
    monitor.stop();
    await l.close();
  }
});

test("history: ?history=1 gives the last results, uptime and checked_at; the ring keeps 100", async () => {
  let ok = true;
  const config = parseConfig("checks: [{ host: h, port: 1, name: a }]\n");
  const monitor = new Monitor({
    config,
    dial: () =>
      ok
        ? Promise.resolve()
        : Promise.reject(Object.assign(new Error("x"), { code: "ECONNREFUSED" })),
  });
  const handler = createHandler({ monitor });
  for (let i = 0; i < 130; i++) {
    ok = i % 4 !== 0;
    await monitor.check();
  }
  const body = await (await handler(get("/health?history=1"))).json();
  const c = body.checks[0];
  assert.equal(c.history.length, 100);
  assert.match(c.history, /^[01]+$/);
  // on demand, the request itself runs one more (healthy) round: rounds 31..129 and that one
  const want = Array.from({ length: 99 }, (_, i) => ((i + 31) % 4 === 0 ? "0" : "1")).join("");
  assert.equal(c.history, want + "1");
  assert.equal(c.uptime, 0.75);
  assert.ok(Date.parse(c.checked_at) <= Date.parse(body.timestamp));
  const plain = await (await handler(get("/health"))).json();
  assert.equal(plain.checks[0].history, undefined);

  const h = new History(3);
  assert.equal(h.uptime(), undefined);
  for (const v of [false, true, true, true]) h.push(v);
  assert.equal(h.toString(), "111");
  assert.equal(h.uptime(), 1);
});

test("reload: unchanged checks keep history and threshold state; changed ones start over", async () => {
  let down = false;
  const d: Dialer = (_h, port) =>
    down && port === 1
      ? Promise.reject(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))
      : Promise.resolve();
  const yaml = (extra: string) =>
    `server: { failure_threshold: 3 }\nchecks:\n  - { host: h, port: 1, name: a }\n  - { host: h, port: 2, name: b }\n${extra}`;
  const monitor = new Monitor({ config: parseConfig(yaml("")), dial: d });
  for (let i = 0; i < 3; i++) await monitor.check();
  down = true;
  await monitor.check();
  await monitor.check();
  let r = await monitor.check();
  assert.equal(r.checks[0].status, "unhealthy"); // third failure
  down = false;
  await monitor.check(); // a healthy again (success_threshold 1)
  down = true;
  await monitor.check(); // one failure: still healthy, consecutive 1
  const since = r.checks[0].since;

  monitor.setConfig(parseConfig(yaml("  - { host: h, port: 3, name: c }\n")));
  assert.ok(monitor.last === undefined); // c has no result yet
  await monitor.check(); // a: second failure in a row, still healthy
  r = await monitor.check(); // third: unhealthy
  const a = r.checks[0];
  assert.equal(a.status, "unhealthy");
  assert.equal(a.history?.toString(), "11100010" + "00");
  assert.ok(since !== undefined && a.since !== since && a.since!.getTime() >= since.getTime());
  assert.equal(r.checks[2].history?.toString(), "11");

  // b moves to another port: new state
  monitor.setConfig(
    parseConfig("checks:\n  - { host: h, port: 1, name: a }\n  - { host: h, port: 9, name: b }\n"),
  );
  r = await monitor.check();
  assert.equal(r.checks[0].history?.length, 11);
  assert.equal(r.checks[1].history?.toString(), "1");
});

test("reload with interval: answers at once from the kept state, then keeps its schedule", async () => {
  const t = tracing(() => Promise.resolve());
  const yaml =
    "server: { interval: 200ms, timeout: 100ms }\nchecks: [{ host: h, port: 1, name: a }]\n";
  const monitor = new Monitor({ config: parseConfig(yaml), dial: t.d });
  monitor.start();
  try {
    await sleep(450);
    const before = (await monitor.check()).checks[0].history!.length;
    monitor.setConfig(parseConfig(yaml.replace("200ms", "300ms")));
    assert.ok(monitor.last !== undefined, "the unchanged check lost its result");
    await sleep(700);
    const after = (await monitor.check()).checks[0].history!.length;
    assert.ok(after >= before + 2 && after <= before + 4, `${before} → ${after}`);
    assert.equal(t.max(), 1);
  } finally {
    monitor.stop();
  }
});

function issues(yaml: string): string[] {
  try {
    parseConfig(yaml, { file: "c.yaml" });
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.lines();
  }
  assert.fail("expected the config to be rejected");
}

test("config: interval and thresholds are validated with file:line: key", () => {
  const c = parseConfig(`server: { interval: 10s, timeout: 2s, failure_threshold: 3 }
checks:
  - { host: a, port: 1 }
  - { host: b, port: 1, interval: 500ms, timeout: 200ms, success_threshold: 2, failure_threshold: 1 }
`);
  assert.equal(c.server.intervalMs, 10_000);
  assert.equal(c.server.failureThreshold, 3);
  assert.equal(c.server.successThreshold, 1);
  assert.deepEqual(
    [c.checks[0].intervalMs, c.checks[0].failureThreshold, c.checks[0].successThreshold],
    [10_000, 3, undefined],
  );
  assert.deepEqual(
    [c.checks[1].intervalMs, c.checks[1].failureThreshold, c.checks[1].successThreshold],
    [500, undefined, 2],
  );
  assert.deepEqual(
    issues(`server: { interval: 1s, timeout: 2s, failure_threshold: 0 }
checks:
  - { host: a, port: 1, success_threshold: -1, interval: 50ms }
  - { host: b, port: 1, failure_treshold: 2 }
`),
    [
      "c.yaml:1: server.interval: 1s is shorter than the timeout 2s: a round could still be probing when the next is due; raise the interval or lower the timeout",
      "c.yaml:1: server.failure_threshold: must be an integer from 1 to 100 (results in a row before the check flips), got number 0",
      "c.yaml:3: checks[0].interval: must be from 100ms to 1h, got 50ms",
      "c.yaml:3: checks[0].success_threshold: must be an integer from 1 to 100 (results in a row before the check flips), got number -1",
      "c.yaml:4: checks[1].failure_treshold: unknown key (did you mean failure_threshold?); known keys: name, host, port, description, timeout, interval, failure_threshold, success_threshold",
    ],
  );
  assert.deepEqual(
    issues(
      "server: { interval: 1s, timeout: 1s }\nchecks:\n  - { host: a, port: 1, timeout: 5s }\n",
    ),
    [
      "c.yaml:3: checks[0].timeout: 5s is longer than server.interval 1s: a round could still be probing when the next is due; lower the timeout or give the check its own interval",
    ],
  );
  assert.match(
    issues("server: { intervl: 1s }\nchecks: [{ host: a, port: 1 }]\n")[0],
    /^c\.yaml:1: server\.intervl: unknown key \(did you mean interval\?\)/,
  );
  assert.match(
    issues("server: { success_threshold: 1.5 }\nchecks: [{ host: a, port: 1 }]\n")[0],
    /^c\.yaml:1: server\.success_threshold: must be an integer from 1 to 100/,
  );
});
