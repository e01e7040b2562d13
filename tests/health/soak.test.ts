// The soak with faults of bench/health/soak.ts, 10 s, as a test: porthealth as `deno task serve`
// runs it, under `ulimit -n 256` with 200 checks whose targets flap (open, closed, silent), a
// config reload halfway, a mix of /health, /live, /metrics and / over 24 keep-alive connections
// (fetch in this process, no wrk needed; each connection waits 20 ms between requests) and 4
// clients reading one byte a second. It asserts on correctness only, never on timing: every
// answer deliberate (200, 503 or 304), every flapping check following its listener, the reload
// taken, no descriptor left behind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { soak } from "../../bench/health/soak.ts";
import { freePort } from "../_helpers/health.ts";

test("soak: 10 s of faults under ulimit -n 256, no failed request, no descriptor growth", async () => {
  const r = await soak({
    mode: "ulimit",
    seconds: 10,
    checks: 200,
    connections: 24,
    paceMs: 20, // a steady load, not all the machine can take: other test files run beside it
    slow: 4,
    load: "fetch",
    port: freePort(),
  });
  const report = r.lines.join("\n");
  assert.ok(r.answered > 100, `only ${r.answered} answers\n${report}`);
  assert.equal(r.failed, 0, report);
  for (const key of Object.keys(r.statuses)) {
    assert.match(key, /^(?:\/health (?:200|503|304)|\/(?:live|metrics)? (?:200|304))$/, report);
  }
  assert.ok(r.fdsAfter <= r.fdsBefore + 2, report);
  assert.deepEqual(r.problems, [], report);
  console.log(report);
});
