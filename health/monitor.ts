/**
 * The monitor: keeps every check's state (thresholded status, history) and runs probe
 * rounds, on demand (`/health` asks; one round in flight shared by every caller, reused for
 * `server.cache`) or in the background on a schedule (`interval`: jittered, never
 * overlapping), and reports state changes.
 *
 * @module
 */

import { CheckState, type LastFailure } from "./check_state.ts";
import type { CheckConfig, HealthConfig } from "./config.ts";
import type { History } from "./history.ts";
import { type Dialer, probeAll, type ProbeResult } from "./probe.ts";
import { ProbeStats } from "./stats.ts";

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
  /** When the status last changed (the first result counts). */
  since?: Date;
  /** How many of the latest results in a row had the latest result's outcome. */
  consecutive?: number;
  /** The latest failed probe, also while the check is still (or again) healthy. */
  lastFailure?: LastFailure;
  /** When the latest probe of this check finished. */
  checkedAt?: Date;
  /** The recent results (live: it keeps recording after the report is made). */
  history?: History;
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
  /** When the round finished (with several schedules: the oldest of their latest rounds). */
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
  /** The result that changed it (the last of the `failure_threshold` or `success_threshold` in a row). */
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
  /** Random numbers in [0, 1) for the jitter of background rounds; default `Math.random`. */
  random?: () => number;
  /** Called after every background round that took longer than its interval. */
  onOverrun?: (overrun: Overrun) => void;
}

/**
 * A background round that did not finish within its interval; the next round starts when it
 * ends (rounds never overlap).
 *
 * @example Hearing about a slow round
 * ```ts
 * import assert from "node:assert/strict";
 * import { Monitor, type Overrun } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("server: { interval: 100ms, timeout: 100ms }\nchecks:\n  - { host: 127.0.0.1, port: 1 }\n");
 * const overruns: Overrun[] = [];
 * const dial = () => new Promise<void>((resolve) => setTimeout(resolve, 150));
 * const monitor = new Monitor({ config, dial, onOverrun: (o) => overruns.push(o) });
 * monitor.start();
 * await new Promise((resolve) => setTimeout(resolve, 200));
 * monitor.stop();
 * assert.ok(overruns[0].intervalMs === 100 && overruns[0].durationMs >= 100 && overruns[0].checks === 1);
 * ```
 */
export interface Overrun {
  /** The schedule's interval in milliseconds. */
  intervalMs: number;
  /** How long the round took, in milliseconds. */
  durationMs: number;
  /** How many checks the round probed. */
  checks: number;
}

/**
 * Probes the configured checks, on demand or on a schedule, and keeps their state.
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
 *
 * @example Background rounds
 * ```ts
 * import assert from "node:assert/strict";
 * import { Monitor } from "./monitor.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("server: { interval: 100ms, timeout: 50ms }\nchecks:\n  - { host: 127.0.0.1, port: 1 }\n");
 * const monitor = new Monitor({ dial: () => Promise.resolve(), config });
 * monitor.start();
 * await new Promise((resolve) => setTimeout(resolve, 250));
 * const rounds = monitor.rounds;
 * await monitor.check(); // answered from the latest round, no probe
 * monitor.stop();
 * assert.ok(rounds >= 2 && monitor.rounds === rounds);
 * ```
 */
export class Monitor {
  #dial: Dialer;
  #gen: _Generation;
  #onChange?: (change: StateChange) => void;
  #onOverrun?: (overrun: Overrun) => void;
  #random: () => number;
  #rounds = 0;
  #running = false;
  #version = 0;
  #cached?: { gen: _Generation; version: number; report: Report; promise: Promise<Report> };
  #stats = new ProbeStats();
  #draining?: Promise<void>;

  /** Create a monitor; nothing is probed until {@linkcode Monitor.check} or {@linkcode Monitor.start}. */
  constructor(options: MonitorOptions) {
    this.#dial = options.dial;
    this.#onChange = options.onChange;
    this.#onOverrun = options.onOverrun;
    this.#random = options.random ?? Math.random;
    this.#gen = _generation(options.config, new Map());
  }

  /** The current configuration. */
  get config(): HealthConfig {
    return this.#gen.config;
  }

  /** How many probe rounds have started. */
  get rounds(): number {
    return this.#rounds;
  }

  /** How many probe rounds have finished (a cheap way to tell whether a call waited for one). */
  get finished(): number {
    return this.#version;
  }

  /** Probe counters since start, for `/metrics`. */
  get stats(): ProbeStats {
    return this.#stats;
  }

  /** The latest state of every check of the current configuration, once each has a result. */
  get last(): Report | undefined {
    const gen = this.#gen;
    return gen.groups.every((g) => g.finishedAt !== undefined) ? this.#report(gen) : undefined;
  }

  /**
   * Replace the configuration (e.g. on reload). A check whose name, host and port did not
   * change keeps its status, history and threshold counts; a round already running
   * finishes for its callers. Background rounds, if started, move to the new schedule once
   * the running rounds have finished.
   */
  setConfig(config: HealthConfig): void {
    const old = this.#gen;
    for (const g of old.groups) {
      g.retired = true;
      clearTimeout(g.timer);
    }
    const gen = _generation(config, old.states);
    this.#gen = gen;
    this.#stats.keepOnly(new Set(config.checks.map((c) => c.name)));
    // Rounds of the new configuration start once the old ones are done: never two probes
    // of a check at once.
    const inflight = old.groups.map((g) => g.inflight).filter((p) => p !== undefined);
    const draining = inflight.length > 0 ? Promise.all(inflight).then(() => {}) : undefined;
    this.#draining = draining;
    draining?.then(() => {
      if (this.#draining === draining) this.#draining = undefined;
    });
    if (this.#running) this.#startGroups(gen);
  }

  /** Start background rounds for every check with an `interval`; the first runs at once. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#startGroups(this.#gen);
  }

  /** Stop background rounds (a round in flight finishes). */
  stop(): void {
    this.#running = false;
    for (const g of this.#gen.groups) clearTimeout(g.timer);
  }

  /**
   * The health of every check. Checks on a schedule answer from their latest round (the
   * first round is awaited); on-demand checks join the round in flight, or reuse the last
   * one while it is younger than `server.cache`, or start a new round.
   */
  check(): Promise<Report> {
    const gen = this.#gen;
    let waits: Promise<void>[] | undefined;
    const cacheMs = gen.config.server.cacheMs;
    for (const g of gen.groups) {
      if (g.inflight !== undefined) {
        if (g.intervalMs === 0 || g.finishedAt === undefined) (waits ??= []).push(g.inflight);
      } else if (g.finishedAt === undefined) {
        (waits ??= []).push(this.#round(g));
      } else if (
        g.intervalMs === 0 && !(cacheMs > 0 && Date.now() - g.finishedAt.getTime() < cacheMs)
      ) {
        (waits ??= []).push(this.#round(g));
      }
    }
    if (waits === undefined) {
      this.#report(gen);
      return this.#cached!.promise;
    }
    return Promise.all(waits).then(() => this.#report(gen));
  }

  #startGroups(gen: _Generation) {
    if (!this.#running || gen !== this.#gen) return;
    for (const g of gen.groups) {
      if (g.intervalMs === 0) continue;
      clearTimeout(g.timer);
      g.loop = {}; // a loop left from before a stop() and start() sees it is not current
      this.#schedule(g, 0, g.loop);
    }
  }

  // One background round of `g` after `delay` ms, then the next: it starts 90–100 % of the
  // interval after this one started (jittered, so that instances and schedules drift
  // apart, never later than the interval), or right after this one if it overran.
  #schedule(g: _Group, delay: number, loop: object) {
    g.timer = setTimeout(async () => {
      g.timer = undefined;
      if (!this.#running || g.retired || g.loop !== loop) return;
      const start = performance.now();
      await (g.inflight ?? this.#round(g));
      if (!this.#running || g.retired || g.loop !== loop) return;
      const took = performance.now() - start;
      if (took > g.intervalMs) {
        this.#onOverrun?.({
          intervalMs: g.intervalMs,
          durationMs: Math.round(took),
          checks: g.checks.length,
        });
      }
      const next = g.intervalMs * (1 - _JITTER * this.#random());
      this.#schedule(g, Math.max(0, next - took), loop);
    }, delay);
  }

  #round(g: _Group): Promise<void> {
    if (g.inflight !== undefined) return g.inflight;
    this.#rounds++;
    const start = performance.now();
    const concurrency = this.#gen.config.server.concurrency;
    const probing = this.#draining === undefined
      ? probeAll(this.#dial, g.checks, concurrency)
      : this.#draining.then(() => probeAll(this.#dial, g.checks, concurrency));
    const round = probing.then((results) => {
      const at = new Date();
      for (let i = 0; i < results.length; i++) {
        this.#record(g.checks[i], g.states[i], results[i], at);
      }
      g.finishedAt = at;
      g.durationMs = Math.round((performance.now() - start) * 100) / 100;
      this.#version++;
    }).finally(() => {
      if (g.inflight === round) g.inflight = undefined;
    });
    g.inflight = round;
    return round;
  }

  #record(check: CheckConfig, state: CheckState, result: ProbeResult, at: Date) {
    const from = state.status;
    const changed = state.record(
      result,
      at,
      check.failureThreshold ?? 1,
      check.successThreshold ?? 1,
    );
    this.#stats.probe(check.name, result);
    if (!changed) return;
    if (from !== undefined) this.#stats.change(check.name);
    if (!(from === undefined && result.status === "healthy")) {
      this.#onChange?.({ check, from, result });
    }
  }

  // The report of `gen` as of the latest round; one object per round (bodies are cached
  // per report).
  #report(gen: _Generation): Report {
    const c = this.#cached;
    if (c !== undefined && c.gen === gen && c.version === this.#version) return c.report;
    let finishedAt: Date | undefined;
    let durationMs = 0;
    for (const g of gen.groups) {
      if (g.finishedAt && (finishedAt === undefined || g.finishedAt < finishedAt)) {
        finishedAt = g.finishedAt;
      }
      durationMs = Math.max(durationMs, g.durationMs);
    }
    const report: Report = {
      checks: gen.entries.map(({ check, state }) => _checkReport(check, state)),
      finishedAt: finishedAt ?? new Date(),
      durationMs,
    };
    this.#cached = { gen, version: this.#version, report, promise: Promise.resolve(report) };
    return report;
  }
}

// Jitter: a background round starts up to 10 % early.
const _JITTER = 0.1;

interface _Group {
  /** 0: on demand. */
  intervalMs: number;
  checks: CheckConfig[];
  states: CheckState[];
  inflight?: Promise<void>;
  finishedAt?: Date;
  durationMs: number;
  timer?: ReturnType<typeof setTimeout>;
  /** The current background loop (a fresh object per start). */
  loop?: object;
  retired: boolean;
}

interface _Generation {
  config: HealthConfig;
  entries: { check: CheckConfig; state: CheckState }[];
  groups: _Group[];
  /** By {@linkcode _key}. */
  states: Map<string, CheckState>;
}

// Checks keep their state across reloads while name, host and port stay the same.
function _key(c: CheckConfig): string {
  return `${c.name}\0${c.host}\0${c.port}`;
}

function _generation(config: HealthConfig, previous: Map<string, CheckState>): _Generation {
  const states = new Map<string, CheckState>();
  const byInterval = new Map<number, _Group>();
  const entries = config.checks.map((check) => {
    const key = _key(check);
    const state = previous.get(key) ?? new CheckState();
    states.set(key, state);
    const ms = check.intervalMs ?? 0;
    let g = byInterval.get(ms);
    if (g === undefined) {
      g = { intervalMs: ms, checks: [], states: [], durationMs: 0, retired: false };
      byInterval.set(ms, g);
    }
    g.checks.push(check);
    g.states.push(state);
    return { check, state };
  });
  // A schedule whose checks all kept a result answers from it until its first new round.
  for (const g of byInterval.values()) {
    if (g.intervalMs > 0 && g.states.every((s) => s.checkedAt !== undefined)) {
      let oldest = Infinity;
      for (const s of g.states) oldest = Math.min(oldest, s.checkedAt!.getTime());
      g.finishedAt = new Date(oldest);
    }
  }
  return { config, entries, groups: [...byInterval.values()], states };
}

function _checkReport(check: CheckConfig, state: CheckState): CheckReport {
  const last = state.last ?? { status: "unhealthy", latencyMs: 0 };
  const status = state.status ?? last.status;
  const report: CheckReport = {
    check,
    status,
    latencyMs: last.latencyMs,
    since: state.since,
    consecutive: state.consecutive,
    lastFailure: state.lastFailure,
    checkedAt: state.checkedAt,
    history: state.history,
  };
  if (status === "unhealthy") {
    const f = last.status === "unhealthy" ? last : state.lastFailure;
    report.error = f?.error;
    report.message = f?.message;
  }
  return report;
}
