/**
 * The monitor: runs probe rounds over the configured checks, shares one in-flight round
 * among concurrent callers (single flight), reuses a fresh-enough round (`server.cache`),
 * and reports state changes.
 *
 * @module
 */

import type { CheckConfig, HealthConfig } from "./config.ts";
import { type Dialer, probeAll, type ProbeResult } from "./probe.ts";

/**
 * A check with its latest probe result.
 *
 * @example A refused check
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CheckReport, Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * const refused = () => Promise.reject(Object.assign(new Error("no"), { code: "ECONNREFUSED" }));
 * const [db]: CheckReport[] = (await new Monitor({ config, dial: refused }).check()).checks;
 * assert.ok(db.check.name === "db" && db.status === "unhealthy" && db.error === "refused");
 * ```
 */
export interface CheckReport extends ProbeResult {
  /** The check as configured. */
  check: CheckConfig;
}

/**
 * The result of one probe round.
 *
 * @example Reading a round
 * ```ts
 * import assert from "node:assert/strict";
 * import { Monitor, type Report } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * const report: Report = await new Monitor({ config, dial: () => Promise.resolve() }).check();
 * assert.ok(report.checks.length === 1 && report.finishedAt instanceof Date && report.durationMs >= 0);
 * ```
 */
export interface Report {
  /** One entry per check, in config order. */
  checks: CheckReport[];
  /** When the round finished. */
  finishedAt: Date;
  /** How long the round took, in milliseconds. */
  durationMs: number;
}

/**
 * A check turning healthy or unhealthy.
 *
 * @example Hearing about a check going down
 * ```ts
 * import assert from "node:assert/strict";
 * import { Monitor, type StateChange } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * const refused = () => Promise.reject(Object.assign(new Error("no"), { code: "ECONNREFUSED" }));
 * const changes: StateChange[] = [];
 * await new Monitor({ config, dial: refused, onChange: (c) => changes.push(c) }).check();
 * assert.ok(changes[0].check.name === "db" && changes[0].from === undefined && changes[0].result.status === "unhealthy");
 * ```
 */
export interface StateChange {
  /** The check. */
  check: CheckConfig;
  /** The previous status; `undefined` on the first round. */
  from: "healthy" | "unhealthy" | undefined;
  /** The result that changed it. */
  result: ProbeResult;
}

/**
 * Options of {@linkcode Monitor}.
 *
 * @example Creating a monitor
 * ```ts
 * import assert from "node:assert/strict";
 * import { Monitor, type MonitorOptions } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const options: MonitorOptions = {
 *   config: parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n"),
 *   dial: () => Promise.resolve(),
 * };
 * const monitor = new Monitor(options);
 * assert.ok((await monitor.check()).checks[0].status === "healthy" && monitor.rounds === 1);
 * ```
 */
export interface MonitorOptions {
  /** How to open a TCP connection. */
  dial: Dialer;
  /** The initial configuration. */
  config: HealthConfig;
  /**
   * Called for every state change: healthy ↔ unhealthy, and a check found unhealthy on its
   * first round.
   */
  onChange?: (change: StateChange) => void;
}

/**
 * Probes the configured checks on demand.
 *
 * @example Single flight
 * ```ts
 * import assert from "node:assert/strict";
 * import { Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * let dials = 0;
 * const dial = () => { dials++; return Promise.resolve(); };
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 1 }\n");
 * const monitor = new Monitor({ dial, config });
 * const [a, b] = await Promise.all([monitor.check(), monitor.check()]);
 * assert.ok(a === b && dials === 1);
 * ```
 */
export class Monitor {
  #dial: Dialer;
  #config: HealthConfig;
  #onChange?: (change: StateChange) => void;
  #inflight?: Promise<Report>;
  #inflightGen = -1;
  #gen = 0;
  #last?: Report;
  #lastGen = -1;
  #states = new Map<string, "healthy" | "unhealthy">();
  #rounds = 0;

  /** Create a monitor; nothing is probed until {@linkcode Monitor.check}. */
  constructor(options: MonitorOptions) {
    this.#dial = options.dial;
    this.#config = options.config;
    this.#onChange = options.onChange;
  }

  /** The current configuration. */
  get config(): HealthConfig {
    return this.#config;
  }

  /** How many probe rounds have started. */
  get rounds(): number {
    return this.#rounds;
  }

  /** The latest finished round for the current configuration, if any. */
  get last(): Report | undefined {
    return this.#lastGen === this.#gen ? this.#last : undefined;
  }

  /**
   * Replace the configuration (e.g. on reload). Later calls to {@linkcode Monitor.check}
   * probe the new checks; a round already running finishes for its callers.
   */
  setConfig(config: HealthConfig): void {
    this.#config = config;
    this.#gen++;
    const names = new Set(config.checks.map((c) => c.name));
    for (const name of [...this.#states.keys()]) if (!names.has(name)) this.#states.delete(name);
  }

  /**
   * The health of every check: joins the round in flight, or serves the last round when it
   * is younger than `server.cache`, or starts a new round.
   */
  check(): Promise<Report> {
    const gen = this.#gen;
    if (this.#inflight && this.#inflightGen === gen) return this.#inflight;
    const cacheMs = this.#config.server.cacheMs;
    if (
      cacheMs > 0 && this.#last && this.#lastGen === gen &&
      Date.now() - this.#last.finishedAt.getTime() < cacheMs
    ) return Promise.resolve(this.#last);
    const round = this.#run(gen).finally(() => {
      if (this.#inflight === round) this.#inflight = undefined;
    });
    this.#inflight = round;
    this.#inflightGen = gen;
    return round;
  }

  async #run(gen: number): Promise<Report> {
    this.#rounds++;
    const config = this.#config;
    const start = performance.now();
    const results = await probeAll(this.#dial, config.checks, config.server.concurrency);
    const report: Report = {
      checks: results.map((r, i) => ({ ...r, check: config.checks[i] })),
      finishedAt: new Date(),
      durationMs: Math.round((performance.now() - start) * 100) / 100,
    };
    if (gen === this.#gen) {
      this.#last = report;
      this.#lastGen = gen;
      for (const c of report.checks) {
        const from = this.#states.get(c.check.name);
        if (from !== c.status && !(from === undefined && c.status === "healthy")) {
          this.#onChange?.({ check: c.check, from, result: c });
        }
        this.#states.set(c.check.name, c.status);
      }
    }
    return report;
  }
}
