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

import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  Scalar,
} from "yaml";
import { MAX_CREDENTIALS_BYTES } from "./auth.ts";
import { formatDuration, parseDuration } from "./duration.ts";

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
  const deep = _tooDeepFlow(text);
  if (deep !== undefined) {
    throw new ConfigError(file, [{
      ..._TOO_DEEP,
      line: deep,
      message: `${_TOO_DEEP.message} (more than ${_MAX_FLOW_DEPTH} levels of [ ] or { })`,
    }]);
  }
  const lc = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    // The composer catches its own stack overflows; this is the last resort for the lexer.
    if (err instanceof RangeError) throw new ConfigError(file, [_TOO_DEEP]);
    throw err;
  }
  try {
    return _validate(doc, lc, file, env);
  } catch (err) {
    // Deep nesting the composer accepted can still exhaust the stack further on.
    if (err instanceof RangeError) throw new ConfigError(file, [_TOO_DEEP]);
    throw err;
  }
}

const _TOO_DEEP: ConfigIssue = {
  path: "",
  line: 1,
  message: "YAML syntax: the document is nested too deeply",
};
const _MAX_SYNTAX_ISSUES = 20;
const _MAX_FLOW_DEPTH = 100;

// The yaml composer recurses per level and only notices a stack overflow after seconds on
// 100,000 nested brackets; a config needs a handful of levels. A quick scan of flow brackets
// outside quotes and comments (quotes are taken to end at a line end, so an apostrophe in
// plain text cannot hide what follows); the 1-based line where the limit is passed.
function _tooDeepFlow(text: string): number | undefined {
  let depth = 0;
  let line = 1;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
      quote = "";
      continue;
    }
    if (quote !== "") {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      const end = text.indexOf("\n", i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === "[" || c === "{") {
      if (++depth > _MAX_FLOW_DEPTH) return line;
    } else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return undefined;
}

function _syntaxMessage(e: { code?: string; message: string }): string {
  if (e.code === "RESOURCE_EXHAUSTION") return "the document is nested too deeply";
  if (e.code === "MULTIPLE_DOCS") {
    return "the file holds more than one YAML document (a second --- or ...); write one";
  }
  return _clean(e.message.split("\n")[0], 200);
}

function _validate(
  // deno-lint-ignore no-explicit-any
  doc: any,
  lc: LineCounter,
  file: string,
  env: (name: string) => string | undefined,
): HealthConfig {
  const issues: ConfigIssue[] = [];
  const lineOf = (node: _Node | undefined): number | undefined => {
    const start = (node?.range ?? node?.key?.range ?? node?.value?.range)?.[0];
    return typeof start === "number" ? lc.linePos(start).line : undefined;
  };
  const add = (path: string, node: _Node | undefined, message: string) =>
    issues.push({ path: _clean(path, 80), line: lineOf(node), message });

  const reported = new Set<string>();
  for (const e of doc.errors) {
    const message = `YAML syntax: ${_syntaxMessage(e)}`;
    const line = e.linePos?.[0]?.line ?? lc.linePos(e.pos[0]).line;
    if (reported.has(`${line}\0${message}`)) continue;
    reported.add(`${line}\0${message}`);
    if (issues.length === _MAX_SYNTAX_ISSUES) {
      issues.push({ path: "", line, message: "YAML syntax: more errors follow (not shown)" });
      break;
    }
    issues.push({ path: "", line, message });
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
  _resolveAliases(doc);

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
    if (host !== undefined && !_validHost(host)) {
      add("server.host", srv.get("host"), `is not a valid address: ${_quote(host)}`);
    } else if (host !== undefined) server.host = _unbracket(host);
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
    const pw = _string(au.get("password"), "auth.password", add, true, true);
    const pwEnv = _string(au.get("password_env"), "auth.password_env", add, false);
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
        add(
          "auth.password",
          en,
          "auth.enabled is true but neither password nor password_env is set",
        );
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
    cn.items.forEach((raw: _Node, i: number) => {
      const p = `checks[${i}]`;
      const item = _deref(raw);
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
          `is not a valid hostname or IP address: ${_quote(host)}`,
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
          `duplicate check name ${_quote(finalName)} (first used${
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
  if (host.trim() === "" || /[\s/?#@]/.test(host) || _UNPRINTABLE.test(host)) return false;
  if (host.startsWith("[") !== host.endsWith("]")) return false;
  return true;
}

function _formatIssue(file: string, i: ConfigIssue): string {
  const where = i.line !== undefined ? `${file}:${i.line}` : file;
  return `${where}: ${i.path ? `${i.path}: ` : ""}${i.message}`;
}

type _Add = (path: string, node: _Node | undefined, message: string) => void;

// Control characters, line and paragraph separators, and bidirectional overrides: never
// part of a host, and escaped whenever a value from the file is quoted in a message.
// deno-lint-ignore no-control-regex
const _UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// deno-lint-ignore no-control-regex
const _UNPRINTABLE_G = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text from the file made safe for a one-line message: escaped and at most `max` chars. */
function _clean(s: string, max: number): string {
  let out = s.replace(
    _UNPRINTABLE_G,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  if (out.length > max) {
    out = out.slice(0, /[\ud800-\udbff]/.test(out[max - 1]) ? max - 1 : max) + "…";
  }
  return out;
}

function _quote(s: string): string {
  return _clean(JSON.stringify(s), 80);
}

// Alias targets: every alias points at the last node with its anchor before it (YAML 1.2).
// Aliases are followed one step where a value is read, never expanded, so alias bombs
// ("billion laughs") cost nothing.
const _targets = new WeakMap<object, _Node>();

function _resolveAliases(doc: _Node) {
  const anchors = new Map<string, _Node>();
  const stack: _Node[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || node === undefined) continue;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target !== undefined) _targets.set(node, target);
      continue;
    }
    if (isPair(node)) {
      stack.push(node.value, node.key);
      continue;
    }
    if (typeof node.anchor === "string" && node.anchor !== "") anchors.set(node.anchor, node);
    if (isCollection(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
}

/** The node an alias stands for; an alias without an anchor before it stays an alias. */
function _deref(node: _Node): _Node {
  return isAlias(node) ? (_targets.get(node) ?? node) : node;
}

function _value(node: _Node): unknown {
  return isScalar(node) ? node.value : node;
}

function _show(node: _Node, secret = false): string {
  if (node === undefined || node === null) return "nothing";
  if (isAlias(node)) {
    const name = _clean(node.source, 40);
    return `the alias *${name}, which has no &${name} anchor before it`;
  }
  if (isMap(node)) return "a map";
  if (isSeq(node)) return "a list";
  const v = isScalar(node) ? node.value : node;
  if (v === null || v === undefined) return "nothing";
  switch (typeof v) {
    case "string":
      return secret ? "a string" : `string ${_quote(v)}`;
    case "number":
    case "bigint":
    case "boolean":
      return secret ? `a ${typeof v}` : `${typeof v} ${String(v)}`;
    case "symbol":
      return "a merge key (<<)";
  }
  if (v instanceof Uint8Array) return "binary data";
  if (v instanceof Date) return "a date";
  return `a ${typeof v}`;
}

function _entries(map: _Node, path: string, known: string[], add: _Add): Map<string, _Node> {
  const out = new Map<string, _Node>();
  for (const pair of map.items) {
    const k = _deref(pair.key);
    const key = isScalar(k) ? k.value : k;
    const shown = typeof key === "string"
      ? (key === "" ? '""' : key)
      : isMap(key)
      ? "<a map as key>"
      : isSeq(key)
      ? "<a list as key>"
      : isAlias(key)
      ? `*${key.source}`
      : typeof key === "symbol"
      ? "<<"
      : String(key);
    const where = path ? `${path}.${shown}` : shown;
    if (typeof key !== "string" || !known.includes(key)) {
      const guess = typeof key === "string" && key.length < 40 ? _closest(key, known) : undefined;
      const merge = shown === "<<" ? " (merge keys are not supported; write the keys out)" : "";
      add(
        where,
        pair.key ?? pair,
        `unknown key${merge}${guess ? ` (did you mean ${guess}?)` : ""}; known keys: ${
          known.join(", ")
        }`,
      );
      continue;
    }
    // `key:` with no value: a null scalar that still knows its line
    out.set(key, _deref(pair.value) ?? Object.assign(new Scalar(null), { range: k?.range }));
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

function _string(
  node: _Node,
  path: string,
  add: _Add,
  allowEmpty: boolean,
  secret = false,
): string | undefined {
  if (node === undefined) return undefined;
  const v = _value(node);
  if (typeof v !== "string") {
    add(
      path,
      node,
      `must be a string${secret ? " (quote it)" : ""}, got ${_show(node, secret)}`,
    );
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
  } catch {
    add(
      path,
      node,
      `invalid duration ${
        _quote(String(v))
      } (expected a number with a unit: ms, s, m or h, e.g. 500ms, 2s, 1m)`,
    );
    return undefined;
  }
  if (!(ms >= min && ms <= max)) {
    add(
      path,
      node,
      `must be from ${formatDuration(min)} to ${formatDuration(max)}, got ${_clean(String(v), 40)}`,
    );
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
