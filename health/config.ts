/**
 * The porthealth configuration: YAML text in, a validated {@linkcode HealthConfig} out.
 *
 * Validation is strict: unknown keys, wrong types, out-of-range ports and durations,
 * empty hosts, duplicate check names, no checks, and `auth.enabled` without both a
 * username and a password are all reported at once, one line per problem, each naming
 * the file, the YAML line and the key path.
 *
 * @module
 */

import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { formatDuration, parseDuration } from "./duration.ts";

/** One monitored TCP target. */
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
}

/** The `server` section. */
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
}

/** The `auth` section, with the password already resolved. */
export interface AuthConfig {
  /** Whether HTTP Basic authentication is required on every endpoint. */
  enabled: boolean;
  /** The user name (empty when auth is disabled and none is given). */
  username: string;
  /** The password, from `auth.password` or the variable named by `auth.password_env`. */
  password: string;
}

/** A validated porthealth configuration. */
export interface HealthConfig {
  /** Listener and probing settings. */
  server: ServerConfig;
  /** Basic authentication. */
  auth: AuthConfig;
  /** The monitored targets, in config order; never empty. */
  checks: CheckConfig[];
}

/** One validation problem. */
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
 * import { ConfigError, parseConfig } from "./config.ts";
 * try {
 *   parseConfig("checks: []\n", { file: "a.yaml" });
 * } catch (err) {
 *   console.assert(err instanceof ConfigError);
 *   console.assert((err as ConfigError).lines()[0].startsWith("a.yaml:1: checks:"));
 * }
 * ```
 */
export class ConfigError extends Error {
  /** The file the problems are in, as given. */
  readonly file: string;
  /** Every problem found. */
  readonly issues: readonly ConfigIssue[];
  /** Create an error for `file` listing `issues`. */
  constructor(file: string, issues: readonly ConfigIssue[]) {
    super(issues.map((i) => _formatIssue(file, i)).join("\n"));
    this.name = "ConfigError";
    this.file = file;
    this.issues = issues;
  }
  /** One line per problem: `file:line: key.path: message`. */
  lines(): string[] {
    return this.issues.map((i) => _formatIssue(this.file, i));
  }
}

/** Options of {@linkcode parseConfig}. */
export interface ParseConfigOptions {
  /** File name used in messages; default `config.yaml`. */
  file?: string;
  /** Environment lookup for `auth.password_env`; default: nothing is set. */
  env?: (name: string) => string | undefined;
}

/** Default listen port. */
export const DEFAULT_PORT = 8888;
/** Default per-check connect timeout in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 2000;
/** Most sockets in flight by default. */
export const DEFAULT_CONCURRENCY = 512;
/** Smallest accepted timeout in milliseconds. */
export const MIN_TIMEOUT_MS = 1;
/** Largest accepted timeout in milliseconds (5 minutes). */
export const MAX_TIMEOUT_MS = 300_000;

const _MAX_CACHE_MS = 3_600_000;
const _KEYS = {
  root: ["server", "auth", "checks"],
  server: ["name", "host", "port", "timeout", "cache", "concurrency"],
  auth: ["enabled", "username", "password", "password_env"],
  check: ["name", "host", "port", "description", "timeout"],
};

// deno-lint-ignore no-explicit-any
type _Node = any;

/**
 * Parse and validate YAML configuration text. Throws a {@linkcode ConfigError} listing every
 * problem.
 *
 * @example A minimal config
 * ```ts
 * import { parseConfig } from "./config.ts";
 * const cfg = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * console.assert(cfg.server.port === 8888 && cfg.server.timeoutMs === 2000);
 * console.assert(cfg.checks[0].name === "db" && cfg.checks[0].timeoutMs === 2000);
 * ```
 */
export function parseConfig(text: string, options: ParseConfigOptions = {}): HealthConfig {
  const file = options.file ?? "config.yaml";
  const env = options.env ?? (() => undefined);
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  const issues: ConfigIssue[] = [];
  const lineOf = (node: _Node | undefined): number | undefined => {
    const start = node?.range?.[0];
    return typeof start === "number" ? lc.linePos(start).line : undefined;
  };
  const add = (path: string, node: _Node | undefined, message: string) =>
    issues.push({ path, line: lineOf(node), message });

  for (const e of doc.errors) {
    const line = e.linePos?.[0]?.line ?? lc.linePos(e.pos[0]).line;
    issues.push({ path: "", line, message: `YAML syntax: ${e.message.split("\n")[0]}` });
  }
  if (issues.length > 0) throw new ConfigError(file, issues);

  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) {
    throw new ConfigError(file, [{
      path: "",
      line: 1,
      message: "the file is empty (expected a map with server, auth and checks)",
    }]);
  }
  if (!isMap(root)) {
    add("", root, "expected a map with the keys server, auth and checks");
    throw new ConfigError(file, issues);
  }
  const top = _entries(root, "", _KEYS.root, add);

  // server
  const server: ServerConfig = {
    name: "porthealth",
    host: "0.0.0.0",
    port: DEFAULT_PORT,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    cacheMs: 0,
    concurrency: DEFAULT_CONCURRENCY,
  };
  const srv = _section(top.get("server"), "server", _KEYS.server, add);
  if (srv) {
    const name = _string(srv.get("name"), "server.name", add, false);
    if (name !== undefined) server.name = name;
    const host = _string(srv.get("host"), "server.host", add, false);
    if (host !== undefined) server.host = _unbracket(host);
    const port = _port(srv.get("port"), "server.port", add, true);
    if (port !== undefined) server.port = port;
    const timeout = _duration(
      srv.get("timeout"),
      "server.timeout",
      add,
      MIN_TIMEOUT_MS,
      MAX_TIMEOUT_MS,
    );
    if (timeout !== undefined) server.timeoutMs = timeout;
    const cache = _duration(srv.get("cache"), "server.cache", add, 0, _MAX_CACHE_MS);
    if (cache !== undefined) server.cacheMs = cache;
    const conc = _int(srv.get("concurrency"), "server.concurrency", add, 1, 65535);
    if (conc !== undefined) server.concurrency = conc;
  }

  // auth
  const auth: AuthConfig = { enabled: false, username: "", password: "" };
  const au = _section(top.get("auth"), "auth", _KEYS.auth, add);
  if (au) {
    const en = au.get("enabled");
    if (en !== undefined && _value(en) !== null) {
      if (typeof _value(en) !== "boolean") {
        add("auth.enabled", en, `must be true or false, got ${_show(en)}`);
      } else auth.enabled = _value(en) as boolean;
    }
    const user = _string(au.get("username"), "auth.username", add, true);
    if (user !== undefined) {
      if (user.includes(":")) add("auth.username", au.get("username"), "must not contain ':'");
      else auth.username = user;
    }
    const pw = _string(au.get("password"), "auth.password", add, true);
    const pwEnv = _string(au.get("password_env"), "auth.password_env", add, false);
    if (pw !== undefined && pwEnv !== undefined) {
      add(
        "auth.password_env",
        au.get("password_env"),
        "set either auth.password or auth.password_env, not both",
      );
    } else if (pw !== undefined) {
      auth.password = pw;
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
        add(
          "auth.password",
          en,
          "auth.enabled is true but neither password nor password_env is set",
        );
      }
    }
  }

  // checks
  const checks: CheckConfig[] = [];
  const cn = top.get("checks");
  if (cn === undefined || _value(cn) === null) {
    add(
      "checks",
      cn ?? root,
      "no checks configured (expected a list of { host, port, name, description })",
    );
  } else if (!isSeq(cn)) {
    add("checks", cn, `must be a list of checks, got ${_show(cn)}`);
  } else if (cn.items.length === 0) {
    add(
      "checks",
      cn,
      "no checks configured (expected a list of { host, port, name, description })",
    );
  } else {
    const seen = new Map<string, number | undefined>();
    cn.items.forEach((item: _Node, i: number) => {
      const p = `checks[${i}]`;
      if (!isMap(item)) {
        add(p, item, `must be a map with host and port, got ${_show(item)}`);
        return;
      }
      const m = _entries(item, p, _KEYS.check, add);
      const host = _string(m.get("host"), `${p}.host`, add, false);
      if (m.get("host") === undefined) add(`${p}.host`, item, "is required");
      else if (host !== undefined && !_validHost(host)) {
        add(
          `${p}.host`,
          m.get("host"),
          `is not a valid hostname or IP address: ${JSON.stringify(host)}`,
        );
      }
      const port = _port(m.get("port"), `${p}.port`, add, false);
      if (m.get("port") === undefined) add(`${p}.port`, item, "is required");
      const name = _string(m.get("name"), `${p}.name`, add, false);
      const description = _string(m.get("description"), `${p}.description`, add, true) ?? "";
      const timeout = _duration(
        m.get("timeout"),
        `${p}.timeout`,
        add,
        MIN_TIMEOUT_MS,
        MAX_TIMEOUT_MS,
      );
      if (host === undefined || port === undefined || !_validHost(host)) return;
      const finalName = name ?? `${host}:${port}`;
      const line = lineOf(m.get("name") ?? item);
      if (seen.has(finalName)) {
        const first = seen.get(finalName);
        add(
          `${p}.name`,
          m.get("name") ?? item,
          `duplicate check name ${JSON.stringify(finalName)} (first used${
            first ? ` on line ${first}` : ""
          })`,
        );
        return;
      }
      seen.set(finalName, line);
      checks.push({
        name: finalName,
        host,
        port,
        description,
        timeoutMs: timeout ?? server.timeoutMs,
      });
    });
  }

  if (issues.length > 0) {
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    throw new ConfigError(file, issues);
  }
  return { server, auth, checks };
}

/**
 * A multi-line, secret-free summary of a config, as printed by `--check-config`.
 *
 * @example Summarising
 * ```ts
 * import { describeConfig, parseConfig } from "./config.ts";
 * const cfg = parseConfig("checks:\n  - { host: ::1, port: 22 }\n");
 * console.assert(describeConfig(cfg).includes("1 check"));
 * ```
 */
export function describeConfig(config: HealthConfig): string {
  const s = config.server;
  const n = config.checks.length;
  const lines = [
    `listen ${_hostPort(s.host, s.port)}, timeout ${formatDuration(s.timeoutMs)}, cache ${
      formatDuration(s.cacheMs)
    }, concurrency ${s.concurrency}`,
    `auth ${config.auth.enabled ? `on (user ${config.auth.username})` : "off"}`,
    `${n} check${n === 1 ? "" : "s"}:`,
  ];
  for (const c of config.checks) {
    lines.push(`  ${c.name}  ${_hostPort(c.host, c.port)}  timeout ${formatDuration(c.timeoutMs)}`);
  }
  return lines.join("\n");
}

function _hostPort(host: string, port: number): string {
  const h = _unbracket(host);
  return h.includes(":") ? `[${h}]:${port}` : `${h}:${port}`;
}

function _unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function _validHost(host: string): boolean {
  if (host.trim() === "" || /[\s/?#@]/.test(host)) return false;
  if (host.startsWith("[") !== host.endsWith("]")) return false;
  return true;
}

function _formatIssue(file: string, i: ConfigIssue): string {
  const where = i.line !== undefined ? `${file}:${i.line}` : file;
  return `${where}: ${i.path ? `${i.path}: ` : ""}${i.message}`;
}

type _Add = (path: string, node: _Node | undefined, message: string) => void;

function _value(node: _Node): unknown {
  return isScalar(node) ? node.value : node;
}

function _show(node: _Node): string {
  if (node === undefined || node === null) return "nothing";
  if (isMap(node)) return "a map";
  if (isSeq(node)) return "a list";
  const v = isScalar(node) ? node.value : node;
  if (v === null) return "nothing";
  return `${typeof v} ${JSON.stringify(v)}`;
}

function _entries(map: _Node, path: string, known: string[], add: _Add): Map<string, _Node> {
  const out = new Map<string, _Node>();
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? pair.key.value : pair.key;
    const where = path ? `${path}.${String(key)}` : String(key);
    if (typeof key !== "string" || !known.includes(key)) {
      const guess = typeof key === "string" ? _closest(key, known) : undefined;
      add(
        where,
        pair.key,
        `unknown key${guess ? ` (did you mean ${guess}?)` : ""}; known keys: ${known.join(", ")}`,
      );
      continue;
    }
    out.set(key, pair.value ?? null);
  }
  return out;
}

function _section(node: _Node, path: string, known: string[], add: _Add) {
  if (node === undefined || node === null || _value(node) === null) return undefined;
  if (!isMap(node)) {
    add(path, node, `must be a map, got ${_show(node)}`);
    return undefined;
  }
  return _entries(node, path, known, add);
}

function _string(node: _Node, path: string, add: _Add, allowEmpty: boolean): string | undefined {
  if (node === undefined) return undefined;
  const v = _value(node);
  if (typeof v !== "string") {
    add(path, node, `must be a string, got ${_show(node)}`);
    return undefined;
  }
  if (!allowEmpty && v.trim() === "") {
    add(path, node, "must not be empty");
    return undefined;
  }
  return v;
}

function _int(node: _Node, path: string, add: _Add, min: number, max: number) {
  if (node === undefined) return undefined;
  const v = _value(node);
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    add(path, node, `must be an integer from ${min} to ${max}, got ${_show(node)}`);
    return undefined;
  }
  return v;
}

function _port(node: _Node, path: string, add: _Add, listen: boolean): number | undefined {
  if (node === undefined) return undefined;
  let v = _value(node);
  if (listen && typeof v === "string" && /^\d+$/.test(v.trim())) v = Number(v.trim());
  const min = listen ? 0 : 1;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > 65535) {
    add(path, node, `must be a port number from ${min} to 65535, got ${_show(node)}`);
    return undefined;
  }
  return v;
}

function _duration(node: _Node, path: string, add: _Add, min: number, max: number) {
  if (node === undefined) return undefined;
  const v = _value(node);
  if (typeof v !== "string" && v !== 0) {
    add(path, node, `must be a duration string such as 500ms, 2s or 1m, got ${_show(node)}`);
    return undefined;
  }
  let ms: number;
  try {
    ms = parseDuration(String(v));
  } catch (err) {
    add(path, node, (err as Error).message);
    return undefined;
  }
  if (ms < min || ms > max) {
    add(path, node, `must be from ${formatDuration(min)} to ${formatDuration(max)}, got ${v}`);
    return undefined;
  }
  return ms;
}

function _closest(word: string, options: string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const o of options) {
    const d = _distance(word.toLowerCase(), o);
    if (d < bestD) [best, bestD] = [o, d];
  }
  return best;
}

function _distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}
