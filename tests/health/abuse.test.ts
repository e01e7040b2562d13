// HTTP abuse against the real serve.ts on 127.0.0.1, over raw TCP sockets: malformed request
// lines, huge headers, slow clients that trickle bytes, hundreds of idle connections and bad
// Authorization headers, while /live is polled on fresh connections. The server must stay
// up, answer /live quickly, and keep its RSS flat.
//
// What Deno.serve (Deno 2.9) does on its own, before porthealth's handler sees anything:
// malformed request lines, bad header syntax, a 100 KB URI or header, 10,000 headers, a bad
// Content-Length and Content-Length with Transfer-Encoding all get "400 Bad Request"; a bad
// chunked body closes the connection. It has no header-read or idle timeout: idle and
// trickling connections are held until the client goes away, so the open-file limit is the
// only bound; see the last test for what happens when they exhaust it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { type OpenListener, openListener, sleep } from "../_helpers/health.ts";
import {
  abuseRound,
  authRequest,
  controlServer,
  dec,
  enc,
  exchange,
  GOOD,
  liveOnce,
  LivePoller,
  SECONDS,
  Server,
  trickle,
  writeAll,
} from "../_helpers/health_abuse.ts";

test("abuse: malformed requests, huge headers, slow and idle clients, bad auth: up, /live < 50 ms, RSS flat", async () => {
  const target: OpenListener = openListener();
  const server = new Server(`server: { host: 127.0.0.1, port: 0, timeout: 1s }
auth: { enabled: true, username: ops, password: s3cret }
checks:
  - { host: 127.0.0.1, port: ${target.port}, name: svc }
`);
  const idle: Deno.Conn[] = [];
  let slow: ReturnType<typeof trickle> | undefined;
  let control: Awaited<ReturnType<typeof controlServer>> | undefined;
  try {
    await server.ready();
    const port = server.port;
    // warm-up: JIT, buffers, one round of everything
    for (let i = 0; i < 200; i++) assert.ok((await liveOnce(port)).ok);
    assert.deepEqual(await abuseRound(port), []);
    const before = server.memory();

    control = await controlServer();
    const poller = new LivePoller(port, control.port);
    // 500 idle connections that never send a byte, 50 that finished a keep-alive request
    // and stay open, 50 slow clients trickling a header forever
    for (let i = 0; i < 500; i++) idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    for (let i = 0; i < 50; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port });
      await writeAll(
        c,
        enc.encode(`GET /live HTTP/1.1\r\nHost: x\r\nAuthorization: ${GOOD}\r\n\r\n`),
      );
      const buf = new Uint8Array(1024);
      assert.match(dec.decode(buf.subarray(0, (await c.read(buf)) ?? 0)), /^HTTP\/1\.1 200 /);
      idle.push(c);
    }
    slow = trickle(port, 50);
    await sleep(500);

    // a round every 200 ms for 8 s (ABUSE_SECONDS); RSS after each
    const rss: number[] = [];
    const t0 = Date.now();
    for (let round = 1; Date.now() - t0 < SECONDS * 1000; round++) {
      assert.deepEqual(await abuseRound(port), [], `round ${round}`);
      rss.push(server.memory().rss);
      await sleep(200);
    }
    const first = rss[Math.min(1, rss.length - 1)]; // after warm-up rounds
    const last = server.memory();
    const { live, control: ctl } = await poller.stop();

    // everything held is still there: the server did not drop idle or slow clients
    assert.ok(server.alive(), "the server is running");
    const health = await exchange(port, authRequest(GOOD, "/health"));
    assert.equal(health.status, "200");
    await slow.close();
    for (const c of idle) c.close();
    idle.length = 0;
    const after = server.memory();

    console.log(
      `abuse: ${rss.length} rounds in ${SECONDS} s with 600 idle/slow clients held; /live polled ${live.n}x: p50 ${
        live.p50.toFixed(1)
      } ms, p99 ${live.p99.toFixed(1)} ms, max ${live.max.toFixed(1)} ms (control: p50 ${
        ctl.p50.toFixed(1)
      }, p99 ${ctl.p99.toFixed(1)}, max ${ctl.max.toFixed(1)}; load ${Deno.loadavg()[0]}); RSS ${
        before.rss.toFixed(1)
      } MB before, ${first.toFixed(1)} after round 2, ${last.rss.toFixed(1)} at the end (min ${
        Math.min(...rss).toFixed(1)
      }, max ${Math.max(...rss).toFixed(1)}), ${
        after.rss.toFixed(1)
      } after the clients left; peak ${last.hwm.toFixed(1)} MB`,
    );
    if (Deno.env.get("ABUSE_SECONDS")) {
      console.log(`RSS per round: ${rss.map((r) => r.toFixed(0))}`);
    }
    assert.deepEqual(poller.failures, [], "every /live poll answered 200 OK");
    assert.ok(live.n >= 50, `${live.n} polls`);
    // the contract: /live answers within 50 ms. p99 of all polls; the max is reported (a
    // single scheduling hiccup on this shared 2-core machine is not the server's), but must
    // stay well below a second.
    // The contract: /live answers within 50 ms. Asserted on the p99 of all polls (the max is
    // reported; a single scheduling hiccup on this shared machine is not the server's). When
    // other work overloads the machine, the unabused control server is slow too; then the
    // abuse may add at most 25 ms to the p99 the control sees.
    const loadNote = `control p99 ${ctl.p99.toFixed(1)} ms, load ${Deno.loadavg()[0]}`;
    assert.ok(live.p50 < 50, `/live p50 ${live.p50.toFixed(1)} ms (${loadNote})`);
    assert.ok(
      live.p99 < 50 || live.p99 < ctl.p99 + 25,
      `/live p99 ${live.p99.toFixed(1)} ms (${loadNote})`,
    );
    assert.ok(live.max < 1000, `/live max ${live.max.toFixed(1)} ms`);
    assert.ok(rss.length >= 4, `${rss.length} rounds`);
    assert.ok(last.rss - first < 20, `RSS grew ${(last.rss - first).toFixed(1)} MB: ${rss}`);

    const r = await server.stop();
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.err, /Uncaught|panicked|internal error/);
    assert.doesNotMatch(r.out, /ERROR/);
  } finally {
    await control?.stop();
    await slow?.close();
    for (const c of idle) c.close();
    if (server.alive()) await server.stop();
    await target.close();
  }
});

test("abuse: idle clients exhausting `ulimit -n 128` do not kill the server; it recovers", async () => {
  const target = openListener();
  const server = new Server(
    `server: { host: 127.0.0.1, port: 0, timeout: 1s }
checks:
  - { host: 127.0.0.1, port: ${target.port}, name: svc }
`,
    128,
  );
  const idle: Deno.Conn[] = [];
  try {
    await server.ready();
    const port = server.port;
    // the probe concurrency is lowered to fit the limit (silently: 1 check is below it)
    assert.match(server.out, / INFO start .* concurrency=48 /);
    assert.doesNotMatch(server.out, /WARN concurrency/);
    // 300 idle connections: more than the server has descriptors. Deno.serve's accept fails
    // with EMFILE, which ends its accept loop; serve.ts closes the held connections and
    // listens again instead of dying.
    for (let i = 0; i < 300; i++) {
      try {
        idle.push(
          await Deno.connect({ hostname: "127.0.0.1", port, signal: AbortSignal.timeout(1000) }),
        );
      } catch {
        await sleep(20); // refused while the listener restarts
      }
    }
    await sleep(300);
    assert.ok(server.alive(), `the server died:\n${server.err}`);
    let ok = 0;
    for (let i = 0; i < 20; i++) if ((await liveOnce(port)).ok) ok++;
    assert.ok(ok > 0, "/live answers while idle clients keep coming");
    for (const c of idle) c.close();
    idle.length = 0;
    await sleep(300);
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await liveOnce(port);
      assert.ok(r.ok, r.what);
      samples.push(r.ms);
    }
    samples.sort((a, b) => a - b);
    assert.ok(samples[Math.floor(samples.length * 0.9)] < 50, `/live p90 ${samples}`);
    const res = await exchange(port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    assert.equal(res.status, "200");
    const r = await server.stop();
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /ERROR listener the listener failed: .*Too many open files.*listening again/,
    );
    assert.doesNotMatch(r.err, /Uncaught|panicked/);
  } finally {
    for (const c of idle) c.close();
    if (server.alive()) await server.stop();
    await target.close();
  }
});
