// Probes whose timeouts race their connects must not leave sockets open: Deno.connect with a
// signal loses a connection that completes just as the signal aborts (serve.ts, denoDial).
import { test } from "node:test";
import assert from "node:assert/strict";
import { denoDial } from "../../serve.ts";

// Sockets of this process's machine in CLOSE-WAIT towards 127.0.0.1:`port` (/proc/net/tcp:
// state 08; the peer, an accept-and-close listener, closed; our side never did).
function closeWait(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  return Deno.readTextFileSync("/proc/net/tcp").split("\n").filter((line) => {
    const f = line.trim().split(/\s+/);
    return f[2] === `0100007F:${hex}` && f[3] === "08";
  }).length;
}

test("denoDial: connects racing their abort leave no socket behind", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  (async () => {
    try {
      for await (const c of listener) c.close();
    } catch { /* closed */ }
  })();
  try {
    let ok = 0, aborted = 0;
    for (let round = 0; round < 8; round++) {
      await Promise.all(Array.from({ length: 400 }, async (_, i) => {
        const ctl = new AbortController();
        const t = setTimeout(() => ctl.abort(new DOMException("t", "TimeoutError")), i % 40);
        try {
          await denoDial("127.0.0.1", port, ctl.signal);
          ok++;
        } catch {
          aborted++;
        } finally {
          clearTimeout(t);
        }
      }));
    }
    // the connections closed here are gone at once; leaked ones would stay in CLOSE-WAIT
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(aborted > 0, `no connect was aborted (${ok} completed): the race was not run`);
    assert.equal(closeWait(port), 0, `${ok} connected, ${aborted} aborted`);
  } finally {
    listener.close();
  }
});
