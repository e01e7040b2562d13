/**
 * Validation of a parsed porthealth configuration: each section read into its typed form,
 * every problem collected (never only the first), sorted by line.
 *
 * @module
 */

import { MAX_CREDENTIALS_BYTES } from "./auth.ts";
import {
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
  type ServerConfig,
} from "./config_schema.ts";
import {
  type Add,
  clean,
  deref,
  entries,
  type Node,
  quote,
  readDuration,
  readInt,
  readPort,
  readString,
  section,
  show,
  UNPRINTABLE,
  valueOf,
  type YamlRoot,
} from "./config_yaml.ts";
import { isMap, isSeq } from "yaml";
import { formatDuration } from "./duration.ts";

const _MAX_CACHE_MS = 3_600_000;
const _KEYS = {
  root: ["server", "auth", "checks"],
  server: [
    "name",
    "host",
    "port",
    "timeout",
    "cache",
    "concurrency",
    "interval",
    "failure_threshold",
    "success_threshold",
  ],
  auth: ["enabled", "username", "password", "password_env"],
  check: [
    "name",
    "host",
    "port",
    "description",
    "timeout",
    "interval",
    "failure_threshold",
    "success_threshold",
  ],
};

/**
 * Validate a parsed document into a {@linkcode HealthConfig}; throws a
 * {@linkcode ConfigError} listing every problem.
 */
export function validateConfig(
  doc: YamlRoot,
  file: string,
  env: (name: string) => string | undefined,
): HealthConfig {
  const issues: ConfigIssue[] = [];
  const add: Add = (path, node, message) =>
    issues.push({ path: clean(path, 80), line: doc.lineOf(node), message });
  const top = entries(doc.root, "", _KEYS.root, add);
  const server = _server(section(top.get("server"), "server", _KEYS.server, add), add);
  const auth = _auth(section(top.get("auth"), "auth", _KEYS.auth, add), add, env);
  const checks = _checks(top.get("checks"), doc, server, add);
  if (issues.length > 0) {
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    throw new ConfigError(file, issues);
  }
  return { server, auth, checks };
}

/** Whether `host` can name a target or a bind address (brackets balanced, no spaces …). */
export function validHost(host: string): boolean {
  if (host.trim() === "" || /[\s/?#@]/.test(host) || UNPRINTABLE.test(host)) return false;
  if (host.startsWith("[") !== host.endsWith("]")) return false;
  return true;
}

/** `host` without the brackets of an IPv6 literal. */
export function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function _server(srv: Map<string, Node> | undefined, add: Add): ServerConfig {
  const server: ServerConfig = {
    name: "porthealth",
    host: "0.0.0.0",
    port: DEFAULT_PORT,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    cacheMs: 0,
    concurrency: DEFAULT_CONCURRENCY,
    intervalMs: 0,
    failureThreshold: 1,
    successThreshold: 1,
  };
  if (!srv) return server;
  const name = readString(srv.get("name"), "server.name", add, false);
  if (name !== undefined) server.name = name;
  const host = readString(srv.get("host"), "server.host", add, false);
  if (host !== undefined && !validHost(host)) {
    add("server.host", srv.get("host"), `is not a valid address: ${quote(host)}`);
  } else if (host !== undefined) server.host = unbracket(host);
  const port = readPort(srv.get("port"), "server.port", add, true);
  if (port !== undefined) server.port = port;
  const timeout = readDuration(
    srv.get("timeout"),
    "server.timeout",
    add,
    MIN_TIMEOUT_MS,
    MAX_TIMEOUT_MS,
  );
  if (timeout !== undefined) server.timeoutMs = timeout;
  const cache = readDuration(srv.get("cache"), "server.cache", add, 0, _MAX_CACHE_MS);
  if (cache !== undefined) server.cacheMs = cache;
  const conc = readInt(srv.get("concurrency"), "server.concurrency", add, 1, 65535);
  if (conc !== undefined) server.concurrency = conc;
  const interval = _interval(srv, "server", server.timeoutMs, add);
  if (interval !== undefined) server.intervalMs = interval;
  const thresholds = _thresholds(srv, "server", add);
  if (thresholds.failure !== undefined) server.failureThreshold = thresholds.failure;
  if (thresholds.success !== undefined) server.successThreshold = thresholds.success;
  return server;
}

function _auth(
  au: Map<string, Node> | undefined,
  add: Add,
  env: (name: string) => string | undefined,
): AuthConfig {
  const auth: AuthConfig = { enabled: false, username: "", password: "" };
  if (!au) return auth;
  const en = au.get("enabled");
  if (en !== undefined && valueOf(en) !== null) {
    if (typeof valueOf(en) !== "boolean") {
      add("auth.enabled", en, `must be true or false, got ${show(en)}`);
    } else auth.enabled = valueOf(en) as boolean;
  }
  const user = readString(au.get("username"), "auth.username", add, true);
  if (user !== undefined) {
    if (user.includes(":")) add("auth.username", au.get("username"), "must not contain ':'");
    else auth.username = user;
  }
  const pw = readString(au.get("password"), "auth.password", add, true, true);
  const pwEnv = readString(au.get("password_env"), "auth.password_env", add, false);
  if (pw !== undefined && pwEnv !== undefined) {
    add(
      "auth.password_env",
      au.get("password_env"),
      "set either auth.password or auth.password_env, not both",
    );
  } else if (pw !== undefined) {
    auth.password = pw;
  } else if (pwEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(pwEnv)) {
    // not echoed: a common mistake is to write the password itself here
    add(
      "auth.password_env",
      au.get("password_env"),
      "must name an environment variable (letters, digits and _), not hold the password",
    );
  } else if (pwEnv !== undefined) {
    const v = env(pwEnv);
    if (v === undefined || v === "") {
      if (auth.enabled) {
        add(
          "auth.password_env",
          au.get("password_env"),
          `environment variable ${pwEnv} is not set or empty`,
        );
      }
    } else auth.password = v;
  }
  if (auth.enabled) {
    if (auth.username === "" && user === undefined) {
      add("auth.username", en, "auth.enabled is true but no username is set");
    }
    if (auth.password === "" && pw === undefined && pwEnv === undefined) {
      add("auth.password", en, "auth.enabled is true but neither password nor password_env is set");
    }
    const size = new TextEncoder().encode(`${auth.username}:${auth.password}`).length;
    if (size > MAX_CREDENTIALS_BYTES) {
      add(
        pwEnv !== undefined ? "auth.password_env" : "auth.password",
        au.get(pwEnv !== undefined ? "password_env" : "password") ?? en,
        `username and password together must be at most ${MAX_CREDENTIALS_BYTES} bytes, got ${size}`,
      );
    }
  }
  return auth;
}

const _NO_CHECKS = "no checks configured (expected a list of { host, port, name, description })";

function _checks(cn: Node, doc: YamlRoot, server: ServerConfig, add: Add): CheckConfig[] {
  const checks: CheckConfig[] = [];
  if (cn === undefined || valueOf(cn) === null) {
    add("checks", cn ?? doc.root, _NO_CHECKS);
    return checks;
  }
  if (!isSeq(cn)) {
    add("checks", cn, `must be a list of checks, got ${show(cn)}`);
    return checks;
  }
  if (cn.items.length === 0) {
    add("checks", cn, _NO_CHECKS);
    return checks;
  }
  const seen = new Map<string, number | undefined>();
  cn.items.forEach((raw: Node, i: number) => {
    const check = _check(deref(raw), `checks[${i}]`, server, add);
    if (check === undefined) return;
    const { config, nameNode } = check;
    if (seen.has(config.name)) {
      const first = seen.get(config.name);
      add(
        `checks[${i}].name`,
        nameNode,
        `duplicate check name ${quote(config.name)} (first used${
          first ? ` on line ${first}` : ""
        })`,
      );
      return;
    }
    seen.set(config.name, doc.lineOf(nameNode));
    checks.push(config);
  });
  return checks;
}

function _check(
  item: Node,
  p: string,
  server: ServerConfig,
  add: Add,
): { config: CheckConfig; nameNode: Node } | undefined {
  if (!isMap(item)) {
    add(p, item, `must be a map with host and port, got ${show(item)}`);
    return undefined;
  }
  const m = entries(item, p, _KEYS.check, add);
  const host = readString(m.get("host"), `${p}.host`, add, false);
  if (m.get("host") === undefined) add(`${p}.host`, item, "is required");
  else if (host !== undefined && !validHost(host)) {
    add(`${p}.host`, m.get("host"), `is not a valid hostname or IP address: ${quote(host)}`);
  }
  const port = readPort(m.get("port"), `${p}.port`, add, false);
  if (m.get("port") === undefined) add(`${p}.port`, item, "is required");
  const name = readString(m.get("name"), `${p}.name`, add, false);
  const description = readString(m.get("description"), `${p}.description`, add, true) ?? "";
  const timeout = readDuration(
    m.get("timeout"),
    `${p}.timeout`,
    add,
    MIN_TIMEOUT_MS,
    MAX_TIMEOUT_MS,
  );
  const timeoutMs = timeout ?? server.timeoutMs;
  const interval = _interval(m, p, timeoutMs, add, server.intervalMs);
  const thresholds = _thresholds(m, p, add);
  if (host === undefined || port === undefined || !validHost(host)) return undefined;
  const config: CheckConfig = {
    name: name ?? `${host}:${port}`,
    host,
    port,
    description,
    timeoutMs,
  };
  // present only when they differ from the defaults (on demand, 1, 1)
  const intervalMs = interval ?? server.intervalMs;
  if (intervalMs > 0) config.intervalMs = intervalMs;
  const failure = thresholds.failure ?? server.failureThreshold;
  if (failure !== 1) config.failureThreshold = failure;
  const success = thresholds.success ?? server.successThreshold;
  if (success !== 1) config.successThreshold = success;
  return {
    config,
    nameNode: m.get("name") ?? item,
  };
}

// `interval` of a section: 100ms–1h, never shorter than the timeout in force (a round could
// still be probing when the next one is due). `inherited` is the server's interval that a
// check without its own falls back to; it is held against the check's own timeout.
function _interval(
  m: Map<string, Node>,
  p: string,
  timeoutMs: number,
  add: Add,
  inherited = 0,
): number | undefined {
  const node = m.get("interval");
  const ms = readDuration(node, `${p}.interval`, add, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
  const why = "a round could still be probing when the next is due";
  if (ms !== undefined && ms < timeoutMs) {
    add(
      `${p}.interval`,
      node,
      `${formatDuration(ms)} is shorter than the timeout ${
        formatDuration(timeoutMs)
      }: ${why}; raise the interval or lower the timeout`,
    );
    return undefined;
  }
  if (node === undefined && inherited > 0 && inherited < timeoutMs) {
    add(
      `${p}.timeout`,
      m.get("timeout"),
      `${formatDuration(timeoutMs)} is longer than server.interval ${
        formatDuration(inherited)
      }: ${why}; lower the timeout or give the check its own interval`,
    );
  }
  return ms;
}

function _thresholds(
  m: Map<string, Node>,
  p: string,
  add: Add,
): { failure?: number; success?: number } {
  const read = (key: string) => {
    const node = m.get(key);
    if (node === undefined) return undefined;
    const v = valueOf(node);
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > MAX_THRESHOLD) {
      add(
        `${p}.${key}`,
        node,
        `must be an integer from 1 to ${MAX_THRESHOLD} (results in a row before the check flips), got ${
          show(node)
        }`,
      );
      return undefined;
    }
    return v;
  };
  return { failure: read("failure_threshold"), success: read("success_threshold") };
}
