/**
 * Values of generated log lines: the simulated clock and its timestamp styles,
 * ids, addresses, amounts, template filling and the line prefixes of the
 * logback and Node styles.
 *
 * @module
 */

import { ALNUM, HEX, LOGGERS_JAVA, NODE_MODULES, THREADS_JAVA } from "./data.ts";
import type { Rng } from "./rng.ts";

/**
 * The values of the log model (see `events.ts`): a simulated clock, request ids
 * and line prefixes, all drawn from one seeded {@linkcode Rng}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./rng.ts";
 * import { LogValues } from "./values.ts";
 * const v = new LogValues(new Rng(1));
 * assert.match(v.logbackTs(), /^2025-03-14 08:00:00\.000$/);
 * assert.match(v.uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-4/);
 * ```
 */
export class LogValues {
  /** The random source. */
  r: Rng;
  /** The simulated clock (ms since the epoch). */
  t = Date.UTC(2025, 2, 14, 8, 0, 0, 0);
  /** Recent request ids, reused across lines. */
  reqIds: string[] = [];
  constructor(r: Rng) {
    this.r = r;
  }

  tick(maxMs = 40): void {
    this.t += this.r.int(maxMs + 1);
  }
  iso(): string {
    return new Date(this.t).toISOString();
  }
  /** `2025-03-14 08:00:00.123` (logback default). */
  logbackTs(): string {
    const s = this.iso();
    return s.slice(0, 10) + " " + s.slice(11, 23);
  }
  /** GitHub Actions raw-log prefix: 7 fractional digits. */
  ghaTs(): string {
    const s = this.iso();
    return s.slice(0, 23) + String(this.r.int(10000)).padStart(4, "0") + "Z";
  }
  clf(): string {
    const d = new Date(this.t);
    const mon = [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ];
    const p = (n: number) => String(n).padStart(2, "0");
    return `${p(d.getUTCDate())}/${mon[d.getUTCMonth()]}/${d.getUTCFullYear()}:${
      p(d.getUTCHours())
    }:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
  }
  str(alphabet: string, n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[this.r.int(alphabet.length)];
    return s;
  }
  uuid(): string {
    const h = this.str(HEX, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${
      h.slice(20, 32)
    }`;
  }
  /** A request id, often reused from recent requests (request lifecycles span lines). */
  reqId(): string {
    if (this.reqIds.length > 0 && this.r.chance(0.55)) return this.r.pick(this.reqIds);
    const id = this.uuid();
    this.reqIds.push(id);
    if (this.reqIds.length > 64) this.reqIds.shift();
    return id;
  }
  ip(): string {
    const r = this.r;
    switch (r.int(5)) {
      case 0:
        return `10.${r.int(256)}.${r.int(256)}.${r.range(1, 254)}`;
      case 1:
        return `172.${r.range(16, 31)}.${r.int(256)}.${r.range(1, 254)}`;
      case 2:
        return `192.168.${r.int(256)}.${r.range(1, 254)}`;
      case 3:
        return `203.0.113.${r.range(1, 254)}`;
      default:
        return `198.51.100.${r.range(1, 254)}`;
    }
  }
  ipPort(): string {
    if (this.r.chance(0.05)) return `[2001:db8::${this.str(HEX, 4)}]:${this.r.range(1024, 65535)}`;
    return `${this.ip()}:${this.r.pick([443, 5432, 6379, 8080, 9092, this.r.range(1024, 65535)])}`;
  }
  amount(): string {
    return (this.r.range(100, 500000) / 100).toFixed(2);
  }
  fill(tpl: string): string {
    return tpl
      .replace("{n}", String(this.r.range(12, 1800)))
      .replace("{c}", String(this.r.range(3, 80)))
      .replace("{id}", String(this.r.range(1000, 99999)))
      .replace("{ipport}", this.ipPort())
      .replace("{sku}", "SKU-" + this.str(ALNUM, 8))
      .replace("{hash}", this.str(HEX, 8));
  }
  level(l: string): string {
    return l.padStart(5, " ");
  }
  logback(level: string, msg: string): string {
    const r = this.r;
    return `${this.logbackTs()} ${this.level(level)} ${r.range(1, 9) * 1000 + 711} --- [${
      r.pick(THREADS_JAVA).padStart(15, " ").slice(-15)
    }] ${r.pick(LOGGERS_JAVA).padEnd(40, " ")} : ${msg}`;
  }
  nodeLine(level: string, msg: string): string {
    return `${this.iso()} ${level.toLowerCase()} [${this.r.pick(NODE_MODULES)}] ${msg}`;
  }
  prefixed(level: string, msg: string): string {
    return this.r.chance(0.6) ? this.logback(level, msg) : this.nodeLine(level, msg);
  }
}
