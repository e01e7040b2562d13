/**
 * The porthealth configuration: YAML text in, a validated {@linkcode HealthConfig} out.
 *
 * Validation is strict: unknown keys, wrong types, out-of-range ports and durations,
 * empty hosts, duplicate check names, no checks, and `auth.enabled` without both a
 * username and a password are all reported at once, one line per problem, each naming
 * the file, the YAML line and the key path.
 *
 * The schema (types, defaults, {@linkcode ConfigError}) is in `config_schema.ts`, the
 * validation in `config_validate.ts`, the hardened YAML reading in `config_yaml.ts`.
 *
 * @module
 */

import { formatDuration } from "./duration.ts";
import { ConfigError, type HealthConfig, type ParseConfigOptions } from "./config_schema.ts";
import { readDocument, TOO_DEEP } from "./config_yaml.ts";
import { unbracket, validateConfig } from "./config_validate.ts";

export {
  type AuthConfig,
  type CheckConfig,
  ConfigError,
  type ConfigIssue,
  DEFAULT_CONCURRENCY,
  DEFAULT_PORT,
  DEFAULT_TIMEOUT_MS,
  type HealthConfig,
  MAX_INTERVAL_MS,
  MAX_THRESHOLD,
  MAX_TIMEOUT_MS,
  MIN_INTERVAL_MS,
  MIN_TIMEOUT_MS,
  type ParseConfigOptions,
  type ServerConfig,
} from "./config_schema.ts";

/**
 * Parse and validate YAML configuration text. Throws a {@linkcode ConfigError} listing every
 * problem.
 *
 * @example A minimal config
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfig } from "./config.ts";
 * const cfg = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * assert.ok(cfg.server.port === 8888 && cfg.server.timeoutMs === 2000);
 * assert.ok(cfg.checks[0].name === "db" && cfg.checks[0].timeoutMs === 2000);
 * ```
 */
export function parseConfig(text: string, options: ParseConfigOptions = {}): HealthConfig {
  const file = options.file ?? "config.yaml";
  const env = options.env ?? (() => undefined);
  try {
    return validateConfig(readDocument(text, file), file, env);
  } catch (err) {
    // Deep nesting the composer accepted can still exhaust the stack further on.
    if (err instanceof RangeError) throw new ConfigError(file, [TOO_DEEP]);
    throw err;
  }
}

/**
 * A multi-line, secret-free summary of a config, as printed by `--check-config`.
 *
 * @example Summarising
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeConfig, parseConfig } from "./config.ts";
 * const cfg = parseConfig("checks:\n  - { host: ::1, port: 22 }\n");
 * assert.ok(describeConfig(cfg).includes("1 check"));
 * ```
 */
export function describeConfig(config: HealthConfig): string {
  const s = config.server;
  const n = config.checks.length;
  const lines = [
    `listen ${_hostPort(s.host, s.port)}, timeout ${formatDuration(s.timeoutMs)}, cache ${
      formatDuration(s.cacheMs)
    }, concurrency ${s.concurrency}`,
    `interval ${
      s.intervalMs > 0 ? formatDuration(s.intervalMs) : "none (probe on demand)"
    }, failure_threshold ${s.failureThreshold}, success_threshold ${s.successThreshold}`,
    `auth ${config.auth.enabled ? `on (user ${config.auth.username})` : "off"}`,
    `${n} check${n === 1 ? "" : "s"}:`,
  ];
  for (const c of config.checks) {
    let every = c.intervalMs ? `  every ${formatDuration(c.intervalMs)}` : "";
    const f = c.failureThreshold ?? 1;
    const ok = c.successThreshold ?? 1;
    if (f !== s.failureThreshold) every += `  failure_threshold ${f}`;
    if (ok !== s.successThreshold) every += `  success_threshold ${ok}`;
    lines.push(
      `  ${c.name}  ${_hostPort(c.host, c.port)}  timeout ${formatDuration(c.timeoutMs)}${every}`,
    );
  }
  return lines.join("\n");
}

function _hostPort(host: string, port: number): string {
  const h = unbracket(host);
  return h.includes(":") ? `[${h}]:${port}` : `${h}:${port}`;
}
