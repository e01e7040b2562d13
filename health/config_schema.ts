/**
 * The porthealth configuration schema: the validated types, their defaults and limits, and
 * {@linkcode ConfigError}. `config.ts` re-exports all of it; validation is in
 * `config_validate.ts`, the YAML reading in `config_yaml.ts`.
 *
 * @module
 */

/**
 * One monitored TCP target.
 *
 * @example Defaults of a check
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CheckConfig, parseConfig } from "./config.ts";
 * const [check]: CheckConfig[] = parseConfig("checks:\n  - { host: db.internal, port: 5432, timeout: 5s }\n").checks;
 * assert.ok(check.name === "db.internal:5432" && check.timeoutMs === 5000 && check.description === "");
 * ```
 */
export interface CheckConfig {
  /** Display name, unique within a config; defaults to `host:port`. */
  name: string;
  /** Hostname or IP literal as written (IPv6 as `::1` or `[::1]`). */
  host: string;
  /** TCP port, 1–65535. */
  port: number;
  /** Free text; defaults to the empty string. */
  description: string;
  /** Connect timeout in milliseconds; defaults to `server.timeout`. */
  timeoutMs: number;
  /**
   * Milliseconds between background probes of this check (`interval`, else
   * `server.interval`); 0 or absent: probed on demand, when `/health` is asked.
   */
  intervalMs?: number;
  /** Failures in a row before a healthy check turns unhealthy; absent: 1. */
  failureThreshold?: number;
  /** Successes in a row before an unhealthy check turns healthy; absent: 1. */
  successThreshold?: number;
}

/**
 * The `server` section.
 *
 * @example Reading the server section
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfig, type ServerConfig } from "./config.ts";
 * const yaml = "server: { port: 9090, timeout: 3s }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n";
 * const server: ServerConfig = parseConfig(yaml).server;
 * assert.ok(server.port === 9090 && server.timeoutMs === 3000 && server.host === "0.0.0.0");
 * ```
 */
export interface ServerConfig {
  /** Service name shown on the status page; default `porthealth`. */
  name: string;
  /** Bind address; default `0.0.0.0` (all IPv4 interfaces; `::` for dual stack). */
  host: string;
  /** Listen port; default 8888; 0 picks a free port. */
  port: number;
  /** Default connect timeout per check in milliseconds; default 2000 (2s), 1ms–5m. */
  timeoutMs: number;
  /** How long a probe round is reused, in milliseconds; default 0 (probe every request). */
  cacheMs: number;
  /** Most sockets in flight at once during a round; default 512. */
  concurrency: number;
  /**
   * Milliseconds between background probe rounds (`server.interval`); 0 (the default):
   * probe on demand, when `/health` is asked.
   */
  intervalMs: number;
  /** Default failures in a row before a check turns unhealthy; default 1. */
  failureThreshold: number;
  /** Default successes in a row before a check turns healthy again; default 1. */
  successThreshold: number;
}

/**
 * The `auth` section, with the password already resolved.
 *
 * @example A password from the environment
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AuthConfig, parseConfig } from "./config.ts";
 * const yaml = "auth: { enabled: true, username: ops, password_env: PH_PASSWORD }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n";
 * const env = (name: string) => name === "PH_PASSWORD" ? "s3cret" : undefined;
 * const auth: AuthConfig = parseConfig(yaml, { env }).auth;
 * assert.ok(auth.enabled && auth.username === "ops" && auth.password === "s3cret");
 * ```
 */
export interface AuthConfig {
  /** Whether HTTP Basic authentication is required on every endpoint. */
  enabled: boolean;
  /** The user name (empty when auth is disabled and none is given). */
  username: string;
  /** The password, from `auth.password` or the variable named by `auth.password_env`. */
  password: string;
}

/**
 * A validated porthealth configuration.
 *
 * @example Monitoring a parsed configuration
 * ```ts
 * import assert from "node:assert/strict";
 * import { type HealthConfig, parseConfig } from "./config.ts";
 * import { Monitor } from "./monitor.ts";
 * const config: HealthConfig = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * const report = await new Monitor({ config, dial: () => Promise.resolve() }).check();
 * assert.ok(report.checks[0].check === config.checks[0] && report.checks[0].status === "healthy");
 * ```
 */
export interface HealthConfig {
  /** Listener and probing settings. */
  server: ServerConfig;
  /** Basic authentication. */
  auth: AuthConfig;
  /** The monitored targets, in config order; never empty. */
  checks: CheckConfig[];
}

/**
 * One validation problem.
 *
 * @example Where the problem is
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError, type ConfigIssue, parseConfig } from "./config.ts";
 * let issues: readonly ConfigIssue[] = [];
 * try {
 *   parseConfig("checks:\n  - { host: 127.0.0.1, port: 70000 }\n");
 * } catch (err) {
 *   if (err instanceof ConfigError) issues = err.issues;
 * }
 * assert.ok(issues[0].path === "checks[0].port" && issues[0].line === 2);
 * ```
 */
export interface ConfigIssue {
  /** Key path such as `checks[2].port`; empty for the whole document. */
  path: string;
  /** 1-based YAML line, when known. */
  line?: number;
  /** What is wrong, for people. */
  message: string;
}

/**
 * A configuration that could not be used; {@linkcode ConfigError.lines} gives one line per
 * problem.
 *
 * @example Listing the problems
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError, parseConfig } from "./config.ts";
 * assert.throws(
 *   () => parseConfig("checks: []\n", { file: "a.yaml" }),
 *   (err) => err instanceof ConfigError && err.lines()[0].startsWith("a.yaml:1: checks:"),
 * );
 * ```
 */
export class ConfigError extends Error {
  /** The file the problems are in, as given. */
  readonly file: string;
  /** Every problem found. */
  readonly issues: readonly ConfigIssue[];
  /** Create an error for `file` listing `issues`. */
  constructor(file: string, issues: readonly ConfigIssue[]) {
    super(issues.map((i) => formatIssue(file, i)).join("\n"));
    this.name = "ConfigError";
    this.file = file;
    this.issues = issues;
  }
  /** One line per problem: `file:line: key.path: message`. */
  lines(): string[] {
    return this.issues.map((i) => formatIssue(this.file, i));
  }
}

/**
 * Options of {@linkcode parseConfig}.
 *
 * @example Naming the file in messages
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError, parseConfig, type ParseConfigOptions } from "./config.ts";
 * const options: ParseConfigOptions = { file: "/etc/porthealth/config.yaml" };
 * let lines: string[] = [];
 * try {
 *   parseConfig("checks: []\n", options);
 * } catch (err) {
 *   if (err instanceof ConfigError) lines = err.lines();
 * }
 * assert.ok(lines[0].startsWith("/etc/porthealth/config.yaml:1: checks:"));
 * ```
 */
export interface ParseConfigOptions {
  /** File name used in messages; default `config.yaml`. */
  file?: string;
  /** Environment lookup for `auth.password_env`; default: nothing is set. */
  env?: (name: string) => string | undefined;
}

/**
 * Default listen port.
 *
 * @example The listen port when server.port is absent
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PORT, parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n");
 * assert.ok(config.server.port === DEFAULT_PORT);
 * ```
 */
export const DEFAULT_PORT = 8888;
/**
 * Default per-check connect timeout in milliseconds.
 *
 * @example The timeout when server.timeout is absent
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_TIMEOUT_MS, parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n");
 * assert.ok(config.server.timeoutMs === DEFAULT_TIMEOUT_MS && config.checks[0].timeoutMs === DEFAULT_TIMEOUT_MS);
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 2000;
/**
 * Most sockets in flight by default.
 *
 * @example The socket bound when server.concurrency is absent
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_CONCURRENCY, parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n");
 * assert.ok(config.server.concurrency === DEFAULT_CONCURRENCY);
 * ```
 */
export const DEFAULT_CONCURRENCY = 512;
/**
 * Smallest accepted timeout in milliseconds.
 *
 * @example The smallest timeout accepted
 * ```ts
 * import assert from "node:assert/strict";
 * import { MIN_TIMEOUT_MS, parseConfig } from "./config.ts";
 * const config = parseConfig("server: { timeout: 1ms }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n");
 * assert.ok(config.server.timeoutMs === MIN_TIMEOUT_MS);
 * ```
 */
export const MIN_TIMEOUT_MS = 1;
/**
 * Largest accepted timeout in milliseconds (5 minutes).
 *
 * @example A timeout above 5m is rejected
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TIMEOUT_MS, parseConfig } from "./config.ts";
 * const yaml = (timeout: string) => `server: { timeout: ${timeout} }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n`;
 * assert.ok(parseConfig(yaml("5m")).server.timeoutMs === MAX_TIMEOUT_MS);
 * let rejected = false;
 * try {
 *   parseConfig(yaml("6m"));
 * } catch {
 *   rejected = true;
 * }
 * assert.ok(rejected);
 * ```
 */
export const MAX_TIMEOUT_MS = 300_000;

/**
 * Smallest accepted `interval` in milliseconds.
 *
 * @example The shortest interval
 * ```ts
 * import assert from "node:assert/strict";
 * import { MIN_INTERVAL_MS, parseConfig } from "./config.ts";
 * const config = parseConfig("server: { interval: 100ms, timeout: 50ms }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n");
 * assert.ok(config.server.intervalMs === MIN_INTERVAL_MS);
 * ```
 */
export const MIN_INTERVAL_MS = 100;
/**
 * Largest accepted `interval` in milliseconds (1 hour).
 *
 * @example The longest interval
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_INTERVAL_MS, parseConfig } from "./config.ts";
 * const config = parseConfig("server: { interval: 1h }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n");
 * assert.ok(config.server.intervalMs === MAX_INTERVAL_MS);
 * ```
 */
export const MAX_INTERVAL_MS = 3_600_000;
/**
 * Largest accepted `failure_threshold` / `success_threshold`.
 *
 * @example Thresholds from 1 to 100
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_THRESHOLD, parseConfig } from "./config.ts";
 * const config = parseConfig("server: { failure_threshold: 100 }\nchecks:\n  - { host: 127.0.0.1, port: 22 }\n");
 * assert.ok(config.server.failureThreshold === MAX_THRESHOLD && config.checks[0].failureThreshold === 100);
 * ```
 */
export const MAX_THRESHOLD = 100;

/** `file:line: key.path: message`, or without the parts that are unknown. */
export function formatIssue(file: string, i: ConfigIssue): string {
  const where = i.line !== undefined ? `${file}:${i.line}` : file;
  return `${where}: ${i.path ? `${i.path}: ` : ""}${i.message}`;
}
