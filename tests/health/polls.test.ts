// Cheap repeated polls over the real HTTP stack (Deno.serve and the node:http adapter of the
// npm bin), with fetch and curl: one body per round with a strong ETag, 304 for a matching
// If-None-Match, gzip compressed once per round, HEAD without a body on every route.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHandler } from "../../health/handler.ts";
import { parseConfig } from "../../health/config.ts";
import { Monitor } from "../../health/monitor.ts";
import { nodeListen } from "../../adapters/node/health.ts";
import { dial, openListener, sleep } from "../_helpers/health.ts";

type Host = (
  handler: (r: Request) => Response | Promise<Response>,
) => Promise<{ base: string; close: () => Promise<void> }>;

const HOSTS: [string, Host, { rawAnswers?: boolean }][] = [
  ["Deno.serve", (handler) => {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      handler,
    );
    return Promise.resolve({
      base: `http://127.0.0.1:${server.addr.port}`,
      close: () => server.shutdown(),
    });
  }, {}],
  ["node:http", async (handler) => {
    const l = await nodeListen({ host: "127.0.0.1", port: 0, handler });
    return { base: `http://${l.address}`, close: () => l.shutdown() };
  }, {}],
  // as the npm bin runs it: the handler's raw answers, sent without reading the Response
  ["node:http, raw answers", async (handler) => {
    const l = await nodeListen({ host: "127.0.0.1", port: 0, handler });
    return { base: `http://${l.address}`, close: () => l.shutdown() };
  }, { rawAnswers: true }],
];

const IDENTITY = { "accept-encoding": "identity" };

interface Curl {
  status: number;
  headers: Map<string, string>;
  body: Uint8Array;
}

// curl, headers and body apart; `args` before the URL (e.g. ["-I"], ["-H", "…"]).
async function curl(url: string, ...args: string[]): Promise<Curl> {
  const dir = Deno.makeTempDirSync({ prefix: "porthealth-curl-" });
  try {
    const out = await new Deno.Command("curl", {
      args: ["-s", "-D", `${dir}/h`, "-o", `${dir}/b`, "-w", "%{size_download}", ...args, url],
    }).output();
    // with -I curl writes the headers to -o too: the body is what it downloaded after them
    const downloaded = Number(new TextDecoder().decode(out.stdout));
    assert.equal(out.code, 0, `curl ${args.join(" ")} ${url}: exit ${out.code}`);
    const lines = Deno.readTextFileSync(`${dir}/h`).trim().split(/\r?\n/);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const at = line.indexOf(":");
      headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
    }
    let body = new Uint8Array();
    try {
      body = Deno.readFileSync(`${dir}/b`);
    } catch { /* no body written */ }
    if (downloaded === 0) body = new Uint8Array();
    return { status: Number(lines[0].split(" ")[1]), headers, body };
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

// curl asking for gzip and revalidating with `etag`.
function curlGzipIf(url: string, etag: string | undefined): Promise<Curl> {
  return curl(url, "-H", "Accept-Encoding: gzip", "-H", `If-None-Match: ${etag}`);
}

async function gunzip(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

// A monitor with 40 open checks (a body worth compressing): on a 300 ms schedule, or (`held`)
// on demand with one round kept for an hour, so that every request of a test gets that round
// however slow the machine is.
function scheduled(port: number, held = false) {
  const checks = Array.from(
    { length: 40 },
    (_, i) => `  - { host: 127.0.0.1, port: ${port}, name: "c${i}" }\n`,
  ).join("");
  const server = held
    ? "server: { cache: 1h, timeout: 300ms }"
    : "server: { interval: 300ms, timeout: 300ms }";
  const config = parseConfig(`${server}\nchecks:\n${checks}`);
  return new Monitor({ config, dial });
}

// The next round's report, once the monitor has finished another round.
async function nextRound(monitor: Monitor): Promise<void> {
  const n = monitor.finished;
  for (let i = 0; i < 500 && monitor.finished === n; i++) await sleep(10);
  assert.ok(monitor.finished > n, "no new round within 5 s");
}

for (const [name, host, extra] of HOSTS) {
  test(`polls (${name}): ETag per round, 304 for If-None-Match, a new body after the next round`, async () => {
    const open = openListener();
    const monitor = scheduled(open.port);
    monitor.start();
    const { base, close } = await host(createHandler({ monitor, shareBodies: true, ...extra }));
    try {
      const url = `${base}/health`;
      await monitor.check();
      let res = await fetch(url, { headers: IDENTITY });
      const text = await res.text();
      const etag = res.headers.get("etag") ?? "";
      assert.equal(res.status, 200);
      assert.match(etag, /^"[\w.-]+"$/, "a strong entity tag");
      assert.equal(res.headers.get("cache-control"), "no-cache");
      assert.equal(res.headers.get("vary"), "Accept-Encoding");
      assert.equal(
        Number(res.headers.get("content-length")),
        new TextEncoder().encode(text).length,
      );

      // the same round: the same bytes and tag, and 304 to every form of a match
      const round = monitor.finished;
      const again = await fetch(url, { headers: IDENTITY });
      assert.equal(await again.text(), text);
      assert.equal(again.headers.get("etag"), etag);
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, `W/"x",W/${etag} , "y"`, "*"]) {
        res = await fetch(url, { headers: { ...IDENTITY, "if-none-match": inm } });
        if (monitor.finished !== round) break; // a round in between: the tag moved on
        assert.equal(res.status, 304, `If-None-Match: ${inm}`);
        assert.equal(res.headers.get("etag"), etag);
        assert.equal(res.headers.get("cache-control"), "no-cache");
        assert.equal(res.headers.get("vary"), "Accept-Encoding");
        assert.equal(await res.text(), "");
      }
      for (const inm of ['"nope"', etag.slice(0, -2) + '"', "", `"${etag}"`]) {
        res = await fetch(url, { headers: { ...IDENTITY, "if-none-match": inm } });
        assert.equal(res.status, 200, `If-None-Match: ${inm}`);
        await res.body?.cancel();
      }
      // curl too: a 304 without a body
      const c = await curl(url, "-H", `If-None-Match: ${etag}`);
      if (monitor.finished === round) {
        assert.equal(c.status, 304);
        assert.equal(c.body.length, 0);
        assert.equal(c.headers.get("etag"), etag);
        assert.equal(c.headers.has("content-length"), false);
      }

      // the next round: a new body and tag; the old tag gets the whole new body
      await nextRound(monitor);
      res = await fetch(url, { headers: { ...IDENTITY, "if-none-match": etag } });
      assert.equal(res.status, 200);
      const next = await res.text();
      assert.notEqual(res.headers.get("etag"), etag);
      assert.notEqual(next, text);
      assert.notEqual(JSON.parse(next).checked_at, JSON.parse(text).checked_at);
      // the body's timestamp: when the round's body was made, at or after its round
      const body = JSON.parse(next);
      assert.equal(Date.parse(body.checked_at) + body.age_ms, Date.parse(body.timestamp));
    } finally {
      monitor.stop();
      await close();
      await open.close();
    }
  });

  test(`polls (${name}): gzip compressed once per round, its own ETag, q=0 and identity honoured`, async () => {
    const open = openListener();
    const monitor = scheduled(open.port, true);
    monitor.start();
    const { base, close } = await host(createHandler({ monitor, shareBodies: true, ...extra }));
    try {
      const url = `${base}/health`;
      await monitor.check();
      for (let attempt = 0;; attempt++) {
        const round = monitor.finished;
        const plain = await curl(url);
        const packed = await curl(url, "-H", "Accept-Encoding: gzip");
        const packed2 = await curl(url, "-H", "Accept-Encoding: br;q=1, gzip;q=0.8");
        const head = await curl(url, "-I", "-H", "Accept-Encoding: gzip");
        const notModified = await curlGzipIf(url, packed.headers.get("etag"));
        const wrongTag = await curlGzipIf(url, plain.headers.get("etag"));
        if (monitor.finished !== round) {
          assert.ok(attempt < 5, "rounds kept finishing in between");
          continue;
        }
        const text = new TextDecoder().decode(plain.body);
        assert.equal(plain.headers.get("content-encoding"), undefined);
        assert.equal(packed.status, 200);
        assert.equal(packed.headers.get("content-encoding"), "gzip");
        assert.equal(packed.headers.get("vary"), "Accept-Encoding");
        assert.deepEqual([packed.body[0], packed.body[1]], [0x1f, 0x8b]);
        assert.ok(packed.body.length * 3 < plain.body.length, "compressed");
        assert.equal(Number(packed.headers.get("content-length")), packed.body.length);
        assert.equal(await gunzip(packed.body), text);
        assert.equal(packed.headers.get("etag"), plain.headers.get("etag")!.slice(0, -1) + '.gz"');
        // compressed once: the same bytes for every request of the round
        assert.deepEqual(packed2.body, packed.body);
        assert.equal(head.status, 200);
        assert.equal(head.body.length, 0);
        assert.equal(head.headers.get("content-encoding"), "gzip");
        assert.equal(head.headers.get("content-length"), String(packed.body.length));
        assert.equal(notModified.status, 304);
        assert.equal(notModified.body.length, 0);
        // the identity's tag does not name the gzip bytes
        assert.equal(wrongTag.status, 200);
        assert.equal(wrongTag.headers.get("content-encoding"), "gzip");
        break;
      }
      for (
        const ae of ["gzip;q=0", "identity", "br", "gzip;q=0.5, identity", "*;q=0, identity", ""]
      ) {
        const res = await fetch(url, { headers: { "accept-encoding": ae } });
        assert.equal(res.headers.get("content-encoding"), null, `Accept-Encoding: ${ae}`);
        assert.equal((await res.json()).checks.length, 40);
      }
      for (const ae of ["gzip", "GZIP;q=0.9", "x-gzip", "*", "gzip;q=1, identity;q=0.5"]) {
        const c = await curl(url, "-H", `Accept-Encoding: ${ae}`);
        assert.equal(c.headers.get("content-encoding"), "gzip", `Accept-Encoding: ${ae}`);
        assert.equal(JSON.parse(await gunzip(c.body)).checks.length, 40);
      }
      // fetch decompresses on its own
      const res = await fetch(url);
      assert.equal((await res.json()).checks.length, 40);
    } finally {
      monitor.stop();
      await close();
      await open.close();
    }
  });

  test(`polls (${name}): HEAD on every route: the GET's headers, no body; 503 ignores If-None-Match`, async () => {
    const open = openListener();
    const closed = openListener();
    const closedPort = closed.port;
    await closed.close();
    const config = parseConfig(
      // one round for all (cache): GET and HEAD of /metrics answer the same round
      `server: { cache: 1m }\nchecks:\n  - { host: 127.0.0.1, port: ${open.port}, name: up }\n  - { host: 127.0.0.1, port: ${closedPort}, name: down }\n`,
    );
    const monitor = new Monitor({ config, dial });
    const { base, close } = await host(createHandler({ monitor, shareBodies: true, ...extra }));
    try {
      for (
        const [path, status] of [["/", 200], ["/live", 200], ["/metrics", 200], ["/nope", 404]] as [
          string,
          number,
        ][]
      ) {
        const get = await curl(`${base}${path}`);
        const head = await curl(`${base}${path}`, "-I");
        assert.equal(head.status, status, `HEAD ${path}`);
        assert.equal(head.body.length, 0, `HEAD ${path} has no body`);
        assert.equal(head.headers.get("content-type"), get.headers.get("content-type"));
        assert.equal(Number(head.headers.get("content-length")), get.body.length, path);
      }
      // /health is 503 here: answered whole, whatever the preconditions (RFC 9110 §13.2.1)
      const first = await curl(`${base}/health`, "-I");
      assert.equal(first.status, 503);
      assert.equal(first.body.length, 0);
      assert.ok(Number(first.headers.get("content-length")) > 100);
      const res = await fetch(`${base}/health`, { headers: { "if-none-match": "*" } });
      assert.equal(res.status, 503);
      assert.equal((await res.json()).status, "unhealthy");
    } finally {
      await close();
      await open.close();
    }
  });
}

test("polls: /metrics answers from its round with an ETag and gzip (Prometheus asks for gzip)", async () => {
  const open = openListener();
  const monitor = scheduled(open.port, true);
  monitor.start();
  const { base, close } = await HOSTS[0][1](createHandler({ monitor }));
  try {
    await monitor.check();
    for (let attempt = 0;; attempt++) {
      const round = monitor.finished;
      const a = await curl(`${base}/metrics`, "-H", "Accept-Encoding: gzip");
      const b = await curlGzipIf(`${base}/metrics`, a.headers.get("etag"));
      if (monitor.finished !== round) {
        assert.ok(attempt < 5, "rounds kept finishing in between");
        continue;
      }
      assert.equal(a.headers.get("content-encoding"), "gzip");
      assert.match(await gunzip(a.body), /^porthealth_check_up\{name="c0"/m);
      assert.equal(b.status, 304);
      break;
    }
  } finally {
    monitor.stop();
    await close();
    await open.close();
  }
});
