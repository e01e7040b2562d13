// The node:http + node:net adapter (the npm bin), exercised under Deno's Node compatibility.
import { test } from "node:test";
import { setImmediate } from "node:timers";
import assert from "node:assert/strict";
import { DIALS_PER_TURN, nodeDial, nodeListen, TurnGate } from "../../adapters/node/health.ts";
import { createHandler } from "../../health/handler.ts";
import { Monitor } from "../../health/monitor.ts";
import { parseConfig } from "../../health/config.ts";
import { probe } from "../../health/probe.ts";
import { freePort, openListener, silentListener } from "../_helpers/health.ts";

test("node adapter: nodeDial outcomes map to the same error kinds", async () => {
  const open = openListener();
  const silent = await silentListener();
  try {
    const t = (host: string, port: number, timeoutMs = 1000) =>
      probe(nodeDial, { host, port, timeoutMs });
    assert.equal((await t("127.0.0.1", open.port)).status, "healthy");
    assert.equal((await t("127.0.0.1", freePort())).error, "refused");
    assert.equal((await t("no-such-host.invalid", 80, 3000)).error, "dns");
    assert.equal((await t("127.0.0.1", silent.port, 200)).error, "timeout");
  } finally {
    await open.close();
    await silent.close();
  }
});

test("node adapter: serves the handler over node:http, HEAD keeps Content-Length", async () => {
  const open = openListener();
  const config = parseConfig(`checks: [{ host: 127.0.0.1, port: ${open.port}, name: a }]\n`);
  const handler = createHandler({ monitor: new Monitor({ dial: nodeDial, config }) });
  const l = await nodeListen({ host: "127.0.0.1", port: 0, handler });
  try {
    const base = `http://${l.address}`;
    let res = await fetch(`${base}/health`);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).status, "healthy");
    res = await fetch(`${base}/health`, { method: "HEAD" });
    assert.equal(res.status, 200);
    assert.ok(Number(res.headers.get("content-length")) > 100);
    assert.equal(await res.text(), "");
    res = await fetch(`${base}/live`, { method: "HEAD" });
    assert.equal(res.headers.get("content-length"), "2");
    assert.equal(await res.text(), "");
    res = await fetch(`${base}/live`);
    assert.equal(await res.text(), "OK");
    res = await fetch(`${base}/x`, { method: "POST" });
    assert.equal(res.status, 404);
    await res.body?.cancel();
  } finally {
    await open.close();
    await l.shutdown();
  }
});

test("node adapter: TurnGate lets `limit` callers through per event-loop turn, in order", async () => {
  const gate = new TurnGate(3);
  const order: number[] = [];
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (let i = 0; i < 8; i++) {
    const wait = gate.enter();
    if (wait === undefined) order.push(i);
    else wait.then(() => order.push(i));
  }
  assert.deepEqual(order, [0, 1, 2]);
  await turn();
  await Promise.resolve();
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
  // this turn's share is used up: a newcomer waits behind the two still waiting
  const late = gate.enter();
  assert.ok(late !== undefined);
  late.then(() => order.push(8));
  await turn();
  await Promise.resolve();
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
});

test("node adapter: more dials than one turn's share all complete", async () => {
  const open = openListener();
  try {
    const n = DIALS_PER_TURN * 3 + 1;
    const results = await Promise.all(
      Array.from(
        { length: n },
        () => probe(nodeDial, { host: "127.0.0.1", port: open.port, timeoutMs: 5000 }),
      ),
    );
    assert.equal(results.filter((r) => r.status === "healthy").length, n);
  } finally {
    await open.close();
  }
});
