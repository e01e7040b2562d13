import { test } from "node:test";
import process from "node:process";
import assert from "node:assert/strict";
import { scoreLineRelevance } from "../../../trim/classify/score.ts";
import { inferSeverity } from "../../../trim/classify/severity.ts";

/** A realistic mix: CI runner, package managers, containers, app logs (JSON, logfmt, logback), traces. */
export const MIXED_LINES: readonly string[] = [
  "[TIME] INFO  [main] com.example.Server - Started server on port 8080 in 1234 ms",
  "[TIME] INFO  [http-nio-8080-exec-1] c.e.api.UserController - GET /api/v1/users/[ID] [2xx] 12ms",
  "[TIME] INFO  [http-nio-8080-exec-2] c.e.api.OrderController - POST /api/v1/orders [2xx] 48ms",
  "[TIME] DEBUG [pool-1-thread-3] c.e.cache.RedisCache - cache hit key=user:[ID] ttl=300",
  "[TIME] DEBUG [pool-1-thread-4] c.e.db.Pool - acquired connection id=17 active=12 idle=38",
  "[TIME] INFO  [scheduler-1] c.e.jobs.Cleanup - removed 42 expired sessions",
  '{"level":30,"time":1700000000000,"pid":1234,"hostname":"web-1","reqId":"req-1","msg":"request completed","responseTime":12}',
  '{"level":30,"time":1700000000001,"pid":1234,"hostname":"web-1","reqId":"req-2","msg":"incoming request","url":"/healthz"}',
  '{"level":"info","ts":"[TIME]","caller":"server/handler.go:88","msg":"handled request","path":"/api/items","status":[2xx]}',
  '{"level":"debug","ts":"[TIME]","caller":"cache/lru.go:41","msg":"evicted entry","key":"item:[ID]"}',
  'time=[TIME] level=info msg="listening" addr=[IP]:[PORT] service=gateway',
  'time=[TIME] level=info msg="upstream healthy" upstream=orders latency_ms=4',
  '[IP] - - [TIME] "GET /static/app.js HTTP/1.1" [2xx] 5123 "-" "Mozilla/5.0 (X11; Linux x86_64)"',
  '[IP] - - [TIME] "GET /api/v1/products?page=2 HTTP/1.1" [2xx] 20417 "-" "curl/8.4.0"',
  "Processing item 1234 of 5000 for tenant acme-corp in region eu-west-1 with batch size 100",
  "Run npm ci --no-audit --no-fund",
  "  Downloading requests-2.31.0-py3-none-any.whl (62 kB)",
  "Collecting urllib3<3,>=1.21.1",
  "added 1234 packages, and audited 1235 packages in 12s",
  "   Compiling serde v1.0.188",
  "   Compiling tokio v1.32.0",
  "Step 5/12 : RUN npm ci --production",
  " ---> Running in [HASH]",
  "[HASH]: Pull complete",
  "Receiving objects: 100% (1234/1234), 2.34 MiB | 12.00 MiB/s, done.",
  "",
  "> app@1.0.0 test",
  "> jest --ci",
  " PASS  src/utils/format.test.ts",
  "  ✓ formats currency (3 ms)",
  "  ✓ formats dates in UTC (1 ms)",
  "Test Suites: 12 passed, 12 total",
  "make[1]: Entering directory '/build/src'",
  "gcc -O2 -Wall -c main.c -o main.o",
  "[TIME] WARN  [main] c.e.config.Loader - property 'cache.size' is deprecated, use 'cache.maxEntries'",
  "[TIME] WARN  [pool-1-thread-9] c.e.db.Pool - connection pool nearly exhausted active=48 max=50",
  "[TIME] ERROR [http-nio-8080-exec-7] c.e.api.OrderController - Database query failed: timeout after 30000ms",
  "java.sql.SQLTimeoutException: Query timed out",
  "\tat com.example.db.OrderRepository.find(OrderRepository.java:88)",
  "\tat com.example.api.OrderController.get(OrderController.java:42)",
  "\t... 42 more",
  "    at Object.<anonymous> (/app/src/index.js:12:5)",
  "    at Module._compile (node:internal/modules/cjs/loader:1105:14)",
  "Traceback (most recent call last):",
  '  File "/app/worker.py", line 88, in run',
  "    result = handler(payload)",
  "KeyError: 'customer_id'",
  "src/main.rs:12:5: error[E0308]: mismatched types",
  "npm ERR! code ERESOLVE",
  "##[error]Process completed with exit code 1.",
  "Warning: Back-off restarting failed container api in pod api-7d9f",
  "[TIME] INFO  [main] c.e.Application - Shutdown hook registered, graceful timeout 30s",
  "[TIME] INFO  [kafka-consumer-1] c.e.events.Consumer - committed offsets partition=3 offset=99812",
  "[TIME] INFO  [kafka-consumer-2] c.e.events.Consumer - committed offsets partition=4 offset=99877",
  "I1121 12:00:00.123456       1 controller.go:116] syncing deployment default/api",
  "I1121 12:00:00.223456       1 reflector.go:255] Listing and watching *v1.Pod from pkg/informers",
  "2024/01/01 12:00:00 http: request served in 1.2ms",
  "Nov 21 12:00:00 host systemd[1]: Started Daily apt download activities.",
  "Nov 21 12:00:01 host sshd[2231]: Accepted publickey for deploy from [IP] port 52311 ssh2",
  "    environment: production",
  "    replicas: 3",
];

function _measure(fn: (line: string) => number, targetBytes: number) {
  let bytes = 0;
  for (const l of MIXED_LINES) bytes += l.length + 1;
  const reps = Math.ceil(targetBytes / bytes);
  for (let r = 0; r < 200; r++) for (const l of MIXED_LINES) fn(l); // warm-up
  let sink = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let r = 0; r < reps; r++) {
    for (let i = 0; i < MIXED_LINES.length; i++) sink += fn(MIXED_LINES[i]);
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const mb = (bytes * reps) / 1e6;
  return { mb, wallMs, wall: mb / (wallMs / 1000), cpu: mb / (cpuMs / 1000), sink };
}

test("scoreLineRelevance throughput over a realistic mix (reports MB/s)", () => {
  const m = _measure((l) => scoreLineRelevance(l, "high"), 50e6);
  console.log(
    `scoreLineRelevance: ${m.mb.toFixed(1)} MB in ${m.wallMs.toFixed(0)} ms = ${
      m.wall.toFixed(0)
    } MB/s wall, ${m.cpu.toFixed(0)} MB/s per CPU second`,
  );
  assert.ok(m.sink > 0);
  // A ratio measured in the same run, not an absolute speed (machines and load vary):
  // scoring must stay within 40x of one plain full-line pass (it is ~7x here).
  const base = _measure((l) => l.toUpperCase().length, 20e6);
  console.log(`baseline toUpperCase: ${base.cpu.toFixed(0)} MB/s per CPU second`);
  assert.ok(m.cpu * 40 > base.cpu, `${m.cpu.toFixed(0)} vs baseline ${base.cpu.toFixed(0)} MB/s`);
});

test("inferSeverity throughput (reports MB/s)", () => {
  const m = _measure((l) => (inferSeverity(l) === undefined ? 0 : 1), 20e6);
  console.log(
    `inferSeverity: ${m.wall.toFixed(0)} MB/s wall, ${m.cpu.toFixed(0)} MB/s per CPU second`,
  );
  assert.ok(m.sink > 0);
  const base = _measure((l) => l.toUpperCase().length, 20e6);
  assert.ok(m.cpu * 10 > base.cpu, `${m.cpu.toFixed(0)} vs baseline ${base.cpu.toFixed(0)} MB/s`);
});
