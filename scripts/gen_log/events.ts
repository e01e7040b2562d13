/**
 * Events of the log generator: each one writes a line or a block (application
 * lines, access lines, stack traces, CI output, progress bars, repeated runs,
 * long lines, fake secrets, CRLF blocks), and the mix that draws them by
 * relative frequency.
 *
 * @module
 */

import {
  ALNUM,
  B64,
  DEBUG_MSGS,
  ERROR_MSGS,
  HEX,
  HTTP_PATHS,
  INFO_MSGS,
  INTL_MSGS,
  JAVA_APP_FRAMES,
  JAVA_CAUSES,
  JAVA_EXC,
  JAVA_FW_FRAMES,
  METHODS,
  NODE_APP_FRAMES,
  NODE_ERRS,
  NODE_FW_FRAMES,
  NPM_DEPRECATED,
  REPEATED_PLAIN,
  SERVICES,
  STATUSES,
  TEST_FILES,
  TSC_ERRS,
  UAS,
  WARN_MSGS,
} from "./data.ts";
import { LogValues } from "./values.ts";

/**
 * The log content model: the values of {@linkcode LogValues} plus one method per
 * event.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./rng.ts";
 * import { LogModel } from "./events.ts";
 * const m = new LogModel(new Rng(42));
 * assert.ok(m.javaTrace().includes("\tat "));
 * ```
 */
export class LogModel extends LogValues {
  // ---- events; each returns text without the final line terminator ----

  appInfo(): string {
    const r = this.r;
    const kv = `requestId=${this.reqId()} userId=${r.range(1, 250000)} amount=${this.amount()} ` +
      `currency=${r.pick(["EUR", "USD", "GBP", "PLN"])} latency_ms=${r.range(1, 900)} ` +
      `client=${this.ipPort()}`;
    let msg = `${r.pick(INFO_MSGS)} ${kv}`;
    if (r.chance(0.3)) msg += ` orderId=${this.uuid()} service=${r.pick(SERVICES)}`;
    return this.prefixed("INFO", msg);
  }
  debug(): string {
    const r = this.r;
    const msg = `${r.pick(DEBUG_MSGS)} key=${r.pick(["user", "order", "sku", "session"])}:${
      r.range(1, 99999)
    } requestId=${this.reqId()} ttl=${r.pick([30, 60, 300, 3600])} took_us=${r.range(3, 5000)}`;
    return this.prefixed(r.chance(0.15) ? "TRACE" : "DEBUG", msg);
  }
  access(): string {
    const r = this.r;
    const path = this.fill(r.pick(HTTP_PATHS)).replace("{id}", String(r.range(1, 99999)));
    return `${this.ip()} - - [${this.clf()}] "${r.pick(METHODS)} ${path} HTTP/1.1" ${
      r.pick(STATUSES)
    } ${r.range(0, 48000)} "-" "${r.pick(UAS)}" rt=${
      (r.range(1, 4000) / 1000).toFixed(3)
    } uid=${this.reqId()}`;
  }
  jsonLine(): string {
    const r = this.r;
    const lvl = r.pick([30, 30, 30, 20, 40, 50]);
    return JSON.stringify({
      level: lvl,
      time: this.t,
      pid: r.range(1, 40) * 100 + 17,
      hostname: `${r.pick(SERVICES)}-${this.str(HEX, 10)}-${this.str(ALNUM, 5).toLowerCase()}`,
      reqId: this.reqId(),
      remoteAddress: this.ip(),
      remotePort: r.range(1024, 65535),
      responseTime: Math.round(r.next() * 50000) / 100,
      msg: lvl >= 50 ? r.pick(ERROR_MSGS) : lvl >= 40 ? r.pick(WARN_MSGS) : r.pick(INFO_MSGS),
    });
  }
  warn(): string {
    const r = this.r;
    let msg = `${r.pick(WARN_MSGS)} requestId=${this.reqId()} latency_ms=${r.range(800, 12000)} ` +
      `attempt=${r.range(1, 5)} upstream=${this.ipPort()}`;
    if (r.chance(0.05)) msg += ` detail="${r.pick(INTL_MSGS)}"`;
    return this.prefixed("WARN", msg);
  }
  error(): string {
    const r = this.r;
    let msg = `${r.pick(ERROR_MSGS)} requestId=${this.reqId()} amount=${this.amount()} ` +
      `code=${
        r.pick(["card_declined", "E_TIMEOUT", "E_CONFLICT", "E_UPSTREAM"])
      } peer=${this.ipPort()}`;
    if (r.chance(0.1)) msg += ` detail="${r.pick(INTL_MSGS)}"`;
    return this.prefixed("ERROR", msg);
  }
  javaTrace(): string {
    const r = this.r;
    const exc = this.fill(r.pick(JAVA_EXC));
    const out = [
      this.logback(
        "ERROR",
        `Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception [Request processing failed; nested exception is ${exc}] with root cause requestId=${this.reqId()}`,
      ),
      exc,
    ];
    for (let i = r.range(1, 3); i > 0; i--) out.push(`\tat ${this.fill(r.pick(JAVA_APP_FRAMES))}`);
    const fw = r.range(8, JAVA_FW_FRAMES.length);
    for (let i = 0; i < fw; i++) out.push(`\tat ${this.fill(JAVA_FW_FRAMES[i])}`);
    if (r.chance(0.7)) {
      out.push(`Caused by: ${r.pick(JAVA_CAUSES)}`);
      out.push(`\tat ${this.fill(r.pick(JAVA_APP_FRAMES))}`);
      out.push(`\tat com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181)`);
      out.push(`\t... ${r.range(20, 120)} more`);
    }
    return out.join("\n");
  }
  nodeTrace(): string {
    const r = this.r;
    const err = this.fill(r.pick(NODE_ERRS));
    const out = [this.nodeLine("ERROR", `Unhandled error requestId=${this.reqId()}`), err];
    for (let i = r.range(1, 3); i > 0; i--) {
      out.push(`    at ${this.fill(r.pick(NODE_APP_FRAMES))}`);
    }
    for (let i = r.range(3, 8); i > 0; i--) out.push(`    at ${r.pick(NODE_FW_FRAMES)}`);
    if (r.chance(0.3)) {
      out.push(`    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`);
    }
    return out.join("\n");
  }
  pythonTrace(): string {
    const r = this.r;
    return [
      `${this.logbackTs()} ERROR [celery.worker] Task tasks.sync_inventory[${this.uuid()}] raised unexpected: KeyError('sku')`,
      "Traceback (most recent call last):",
      `  File "/usr/local/lib/python3.12/site-packages/celery/app/trace.py", line 453, in trace_task`,
      "    R = retval = fun(*args, **kwargs)",
      `  File "/app/tasks/inventory.py", line ${r.range(10, 400)}, in sync_inventory`,
      "    sku = item['sku']",
      "KeyError: 'sku'",
    ].join("\n");
  }
  /** A run of identical lines (sometimes with one shared timestamp). */
  repeatedRun(): string {
    const r = this.r;
    const n = r.runLength(3, 400);
    const base = r.pick(REPEATED_PLAIN);
    const line = r.chance(0.4) ? this.prefixed("WARN", base) : base;
    return new Array(n).fill(line).join("\n");
  }
  /** A run of lines differing only in values (metrics / progress counters). */
  kvRun(): string {
    const r = this.r;
    const n = r.runLength(5, 250);
    const withTs = r.chance(0.5);
    const queue = r.pick(["orders", "payments", "emails", "webhooks"]);
    const worker = r.range(1, 16);
    const out: string[] = [];
    let processed = r.range(0, 100000);
    for (let i = 0; i < n; i++) {
      processed += r.range(1, 500);
      const body = `queue stats queue=${queue} worker=${worker} depth=${r.range(0, 5000)} ` +
        `inflight=${r.range(0, 64)} processed=${processed} latency_ms=${r.range(1, 400)}`;
      if (withTs) {
        this.tick(1000);
        out.push(this.prefixed("INFO", body));
      } else out.push(body);
    }
    return out.join("\n");
  }
  /** A long line: a response-body dump, a base64 blob or a huge SQL IN list. */
  longLine(): string {
    const r = this.r;
    const size = r.chance(0.03) ? r.range(100_000, 262_144) : r.runLength(2_000, 60_000);
    switch (r.int(3)) {
      case 0: {
        const items: string[] = [];
        let len = 0;
        while (len < size) {
          const it = `{"id":"${this.uuid()}","sku":"SKU-${this.str(ALNUM, 8)}","qty":${
            r.range(1, 20)
          },"price":${this.amount()}}`;
          items.push(it);
          len += it.length + 1;
        }
        return this.logback("DEBUG", `response body={"items":[${items.join(",")}]}`);
      }
      case 1:
        return this.nodeLine("DEBUG", `attachment payload=${this.str(B64, size)}`);
      default: {
        const ids: string[] = [];
        let len = 0;
        while (len < size) {
          const id = String(r.range(1, 9999999));
          ids.push(id);
          len += id.length + 2;
        }
        return this.logback(
          "DEBUG",
          `executing: select * from orders where id in (${ids.join(", ")}) took_ms=${
            r.range(5, 9000)
          }`,
        );
      }
    }
  }
  /** Fake credentials, as leaked by careless logging. */
  secret(): string {
    const r = this.r;
    switch (r.int(5)) {
      case 0:
        return this.logback(
          "INFO",
          `Connecting to jdbc:postgresql://${this.ip()}:5432/orders?user=app&password=${
            this.str(ALNUM, 16)
          }`,
        );
      case 1:
        return this.nodeLine(
          "DEBUG",
          `outgoing request headers Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${
            this.str(B64, 60)
          }.${this.str(B64, 43)} requestId=${this.reqId()}`,
        );
      case 2:
        return this.prefixed("WARN", `login failed user=admin password=${this.str(ALNUM, 12)}`);
      case 3:
        return `export AWS_SECRET_ACCESS_KEY=${this.str(ALNUM, 40)}`;
      default:
        return this.nodeLine("INFO", `api_key=${this.str(HEX, 32)} tenant=${r.range(1, 999)}`);
    }
  }
  /** A progress bar rewritten with `\r` within one physical line. */
  progress(): string {
    const r = this.r;
    const total = (r.range(50, 900) / 10).toFixed(1);
    const what = r.pick(["Downloading layer", "Uploading artifact", "Extracting", "Pulling"]);
    const name = this.str(HEX, 12);
    const steps = r.range(10, 120);
    const width = 30;
    const frames: string[] = [];
    for (let i = 0; i <= steps; i++) {
      const pct = Math.floor((i / steps) * 100);
      const done = Math.floor((pct / 100) * width);
      frames.push(
        `${what} ${name} [${"=".repeat(done)}${done < width ? ">" : ""}${
          " ".repeat(Math.max(0, width - done - 1))
        }] ${String(pct).padStart(3)}% ${((pct / 100) * Number(total)).toFixed(1)}MB/${total}MB`,
      );
    }
    return frames.join("\r");
  }
  /** A CI block: GitHub Actions prefixes with npm, jest or tsc output. */
  ci(): string {
    const r = this.r;
    const color = r.chance(0.5);
    const c = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
    const out: string[] = [];
    const step = r.int(3);
    const push = (s: string) => {
      this.tick(300);
      out.push(`${this.ghaTs()} ${s}`);
    };
    if (step === 0) {
      push("##[group]Run npm ci");
      push("npm ci --no-audit --no-fund");
      push("##[endgroup]");
      for (let i = r.range(2, NPM_DEPRECATED.length); i > 0; i--) {
        push(`${c("33", "npm WARN")} deprecated ${r.pick(NPM_DEPRECATED)}`);
      }
      if (r.chance(0.15)) {
        push(`${c("31", "npm ERR!")} code ERESOLVE`);
        push(`${c("31", "npm ERR!")} ERESOLVE could not resolve`);
        push(`${c("31", "npm ERR!")} While resolving: @acme/web@2.3.1`);
        push(`${c("31", "npm ERR!")} Found: react@18.3.1`);
        push(
          `${
            c("31", "npm ERR!")
          } A complete log of this run can be found in: /home/runner/.npm/_logs/2025-03-14T08_00_00_000Z-debug-0.log`,
        );
        push(`##[error]Process completed with exit code 1.`);
      } else {
        push(`added ${r.range(400, 2000)} packages in ${r.range(8, 90)}s`);
      }
    } else if (step === 1) {
      push("##[group]Run npx jest --ci");
      push("##[endgroup]");
      let failed = 0, passed = 0;
      for (let i = r.range(3, 12); i > 0; i--) {
        const file = r.pick(TEST_FILES);
        if (r.chance(0.12)) {
          failed++;
          push(`${c("41;30", " FAIL ")} ${file} (${(r.range(200, 9000) / 1000).toFixed(3)} s)`);
          push(`  ${c("31", "●")} OrderService › createOrder › rejects negative amount`);
          push("");
          push(`    expect(received).toBe(expected) // Object.is equality`);
          push("");
          push(`    Expected: ${c("32", "400")}`);
          push(`    Received: ${c("31", "500")}`);
          push("");
          push(`      40 |     const res = await service.create({ amount: -1 });`);
          push(`    ${c("31", ">")} 41 |     expect(res.status).toBe(400);`);
          push(`         |                        ^`);
          push(`      42 |   });`);
          push("");
          push(`      at Object.<anonymous> (${file}:41:24)`);
        } else {
          passed++;
          push(`${c("42;30", " PASS ")} ${file} (${(r.range(200, 9000) / 1000).toFixed(3)} s)`);
        }
      }
      const tf = failed * r.range(1, 3), tp = passed * r.range(5, 40);
      push(
        `Test Suites: ${failed ? c("31", `${failed} failed`) + ", " : ""}${
          c("32", `${passed} passed`)
        }, ${failed + passed} total`,
      );
      push(`Tests:       ${failed ? `${tf} failed, ` : ""}${tp} passed, ${tf + tp} total`);
      push(`Snapshots:   0 total`);
      push(`Time:        ${(r.range(2000, 90000) / 1000).toFixed(3)} s`);
      push(`Ran all test suites.`);
    } else {
      push("##[group]Run npx tsc --noEmit");
      push("##[endgroup]");
      const n = r.range(1, 6);
      for (let i = 0; i < n; i++) {
        const file = r.pick(TEST_FILES).replace(".test", "");
        const line = r.range(1, 400), col = r.range(1, 60);
        if (r.chance(0.5)) push(`${file}(${line},${col}): ${r.pick(TSC_ERRS)}`);
        else {
          push(
            `${c("36", file)}:${c("33", String(line))}:${c("33", String(col))} - ${
              c("31", "error")
            } ${r.pick(TSC_ERRS).slice(6)}`,
          );
          push("");
          push(`${c("7", String(line))} const total: number = order.amount;`);
          push(`${c("7", " ".repeat(String(line).length))} ${" ".repeat(col)}${c("31", "~~~~~")}`);
        }
      }
      push(`Found ${n} errors in ${r.range(1, n)} files.`);
      push(`##[error]Process completed with exit code 2.`);
    }
    return out.join("\n");
  }
  /** A block of CRLF-terminated lines (a Windows build agent). */
  crlfBlock(): string {
    const r = this.r;
    const out: string[] = [];
    for (let i = r.range(3, 30); i > 0; i--) {
      this.tick(200);
      out.push(
        `${this.logbackTs()} INFO  [agent] C:\\agent\\_work\\1\\s> msbuild step=${
          r.range(1, 40)
        } project=Acme.Orders.csproj elapsed_ms=${r.range(1, 9000)}`,
      );
    }
    return out.join("\r\n") + "\r";
  }
}

/**
 * An event: text without the final line terminator.
 *
 * @example
 * ```ts
 * import type { Event } from "./events.ts";
 * const blank: Event = () => "";
 * ```
 */
export type Event = (m: LogModel) => string;

/**
 * Event mix, by relative frequency (not bytes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MIX } from "./events.ts";
 * assert.ok(MIX.every(([weight]) => weight > 0));
 * ```
 */
export const MIX: Array<[number, Event]> = [
  [30, (m) => m.appInfo()],
  [18, (m) => m.debug()],
  [14, (m) => m.access()],
  [6, (m) => m.jsonLine()],
  [5, (m) => m.warn()],
  [2, (m) => m.error()],
  [1.2, (m) => m.javaTrace()],
  [1.2, (m) => m.nodeTrace()],
  [0.2, (m) => m.pythonTrace()],
  [0.5, (m) => m.repeatedRun()],
  [0.6, (m) => m.kvRun()],
  [1.0, (m) => m.ci()],
  [0.4, (m) => m.progress()],
  [0.12, (m) => m.longLine()],
  [0.5, (m) => m.secret()],
  [0.08, (m) => m.crlfBlock()],
  [0.3, () => ""],
];
