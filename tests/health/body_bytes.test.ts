import { test } from "node:test";
import assert from "node:assert/strict";
import { createHandler } from "../../health/handler.ts";
import { parseConfig } from "../../health/config.ts";
import { Monitor } from "../../health/monitor.ts";
import { serializeHealth } from "../../health/body.ts";
import type { Dialer } from "../../health/probe.ts";
import { VERSION } from "../../health/version.ts";
import { dial, openListener, sleep } from "../_helpers/health.ts";

const decoder = new TextDecoder();

// The exact text a response should carry: the round's body, made at its own timestamp.
function expected(monitor: Monitor, raw: string, history = false): string {
  const { timestamp } = JSON.parse(raw);
  return serializeHealth(monitor.last!, VERSION, new Date(timestamp), { history }).text;
}

test("body: one text per round and body, the same bytes for every request of the round", async () => {
  const config = parseConfig(
    'checks:\n  - { host: 127.0.0.1, port: 1, name: "db", description: "Größe ✓ \\"quoted\\"" }\n',
  );
  const refused: Dialer = () =>
    Promise.reject(Object.assign(new Error("no"), { code: "ECONNREFUSED" }));
  const monitor = new Monitor({ config, dial: refused });
  const handler = createHandler({ monitor, shareBodies: true });
  for (const path of ["/health", "/health?history=1"]) {
    const a = await handler(new Request(`http://localhost${path}`));
    const raw = await a.text();
    assert.equal(a.status, 503);
    assert.equal(JSON.parse(raw).checks[0].description, 'Größe ✓ "quoted"');
    assert.equal(raw, expected(monitor, raw, path.includes("history")));
  }
  // on demand, every request is a new round: a new body and a new tag
  const a = await handler(new Request("http://localhost/health"));
  const b = await handler(new Request("http://localhost/health"));
  assert.notEqual(a.headers.get("etag"), b.headers.get("etag"));
  assert.equal(monitor.rounds, 4);
  await a.body?.cancel();
  await b.body?.cancel();
});

test("handler: /health bodies over HTTP, waiting for a round or not, with exact Content-Length", async () => {
  const open = openListener();
  const slow: Dialer = async (h, p, s) => {
    await sleep(100);
    return dial(h, p, s);
  };
  const checks = Array.from(
    { length: 50 },
    (_, i) => `  - { host: 127.0.0.1, port: ${open.port}, name: "c${i}", description: "é${i}" }\n`,
  ).join("");
  for (const cache of ["", "server: { cache: 1h }\n"]) {
    const config = parseConfig(`${cache}checks:\n${checks}`, { env: () => undefined });
    const monitor = new Monitor({ config, dial: slow });
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      createHandler({ monitor, shareBodies: true }),
    );
    try {
      const url = `http://127.0.0.1:${server.addr.port}/health`;
      // 20 requests wait for one round and are answered together from one shared head
      const identity = { headers: { "accept-encoding": "identity" } };
      const waiting = await Promise.all(Array.from({ length: 20 }, () => fetch(url, identity)));
      const raws = await Promise.all(waiting.map(async (r) => {
        assert.equal(r.status, 200);
        assert.match(r.headers.get("content-type") ?? "", /^application\/json/);
        const bytes = new Uint8Array(await r.arrayBuffer());
        assert.equal(Number(r.headers.get("content-length")), bytes.byteLength);
        return decoder.decode(bytes);
      }));
      assert.equal(monitor.rounds, 1);
      for (const raw of raws) assert.equal(raw, expected(monitor, raw));
      assert.equal(new Set(raws).size, 1, "one round, one body");
      // with a cache the next requests are answered from that round (a string body)
      const res = await fetch(`${url}?history=1`, identity);
      const raw = await res.text();
      assert.equal(monitor.rounds, cache ? 1 : 2);
      assert.equal(Number(res.headers.get("content-length")), new TextEncoder().encode(raw).length);
      assert.equal(raw, expected(monitor, raw, true));
      const head = await fetch(url, { method: "HEAD", ...identity });
      assert.equal(head.status, 200);
      assert.ok(Number(head.headers.get("content-length")) > 50 * 100);
      assert.equal(await head.text(), "");
    } finally {
      await server.shutdown();
    }
  }
  await open.close();
});
