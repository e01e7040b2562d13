/**
 * Run as a program (`deno run -A tests/_helpers/starved_probes.ts`): probes an open local port
 * and a target that never answers while the event loop is starved, and prints the counts as
 * JSON. A program, not a test body, because the test runner's own event loop turns hid the bug
 * this guards (connects seen only after the deadline's extra turn) that `deno run` shows.
 *
 * @module
 */
import { type Dialer, probe } from "../../health/probe.ts";
import { dial, openListener } from "./health.ts";

const never: Dialer = (_h, _p, signal) =>
  new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));

const open = openListener();
let healthy = 0, timedOut = 0;
const silent: { error?: string; latencyMs: number }[] = [];
for (let round = 0; round < 6; round++) {
  const probes = Array.from(
    { length: 50 },
    () => probe(dial, { host: "127.0.0.1", port: open.port, timeoutMs: 50 }),
  );
  const quiet = probe(never, { host: "127.0.0.1", port: 1, timeoutMs: 50 });
  // busy for three timeouts: the connects and the deadlines are all seen late, together
  const t = performance.now();
  while (performance.now() - t < 150) { /* the event loop is starved */ }
  for (const r of await Promise.all(probes)) r.status === "healthy" ? healthy++ : timedOut++;
  const q = await quiet;
  silent.push({ error: q.error, latencyMs: q.latencyMs });
}
await open.close();
console.log(JSON.stringify({ healthy, timedOut, silent }));
