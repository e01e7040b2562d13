// The corpus and the judge of tests/health/fuzz.test.ts: valid porthealth configs, the
// mutations applied to them (seeded), and what an answer to a mutated config must be.

import {
  ConfigError,
  describeConfig,
  type HealthConfig,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
  parseConfig,
} from "../../health/config.ts";
import { Rng as Mulberry32 } from "../../scripts/gen_log/rng.ts";

export const SECRET = "Zq9-s3cret";
export const ENV_SECRET = "Env-Pw-77";

export const BASES = [
  `# porthealth
server:
  name: edge-1
  host: 127.0.0.1
  port: 0
  timeout: 2s
  cache: 1s
  concurrency: 64
auth:
  enabled: true
  username: ops
  password: ${SECRET}
checks:
  - name: db
    host: 127.0.0.1
    port: 5432
    description: primary database
    timeout: 500ms
  - { name: cache, host: "::1", port: 6379 }
  - host: localhost
    port: 8080
`,
  `server: { host: "::", port: "9000", timeout: 1500ms }
auth: { enabled: false, username: u, password_env: PH_PW }
checks: [{ host: "[::1]", port: 22, name: ssh }, { host: db.internal, port: 5432, timeout: 1m30s }]
`,
  `checks:
  - host: 10.0.0.1
    port: 443
`,
  `auth:
  enabled: true
  username: ops
  password_env: PH_PW
checks:
  - host: a.example
    port: 1
    name: "a"
    description: >
      folded
      text
  - host: b.example
    port: 65535
    name: 'b'
`,
];

export const SCALARS = [
  "0",
  "-1",
  "65536",
  "65535",
  "1e400",
  "-1e400",
  ".inf",
  "-.inf",
  ".nan",
  "0x1F",
  "0o17",
  "0b101",
  "1_000",
  "99999999999999999999999",
  "3.14",
  "-0",
  "~",
  "null",
  "true",
  "false",
  "yes",
  '""',
  "''",
  "' '",
  "[]",
  "{}",
  "[1, 2]",
  "{a: 1}",
  "2s",
  "0s",
  "500ms",
  "-5s",
  "1.5.3s",
  "1e9h",
  "5 m",
  "1m30s",
  "10000h",
  "0.0001ms",
  '"☃.example"',
  '"\\u0000"',
  '"a\\nb"',
  '"\\ud800"',
  '"a:b"',
  '"[::1]"',
  '"::1"',
  '"[::1"',
  "host name",
  "!!binary aGk=",
  "!!set {a}",
  "!!omap [a: 1]",
  "!!pairs [a: 1]",
  "!!timestamp 2001-12-14",
  "!!float 1",
  '!!int "x"',
  "!!map {}",
  "!foo bar",
  "!<tag:yaml.org,2002:str> x",
  "*nope",
  "&anc value",
  "2001-12-14",
  "|\n      multi\n      line",
  ">-\n      folded",
  "@reserved",
  "`tick",
  "%percent",
  "'unterminated",
  '"unterminated',
  "a #comment",
  "\u202Eevil",
  "💥",
  "\t",
];

export const KEYS = [
  "server",
  "auth",
  "checks",
  "name",
  "host",
  "port",
  "timeout",
  "cache",
  "concurrency",
  "enabled",
  "username",
  "password",
  "password_env",
  "description",
  "sever",
  "Port",
  "hots",
  "<<",
  "__proto__",
  "constructor",
  "toString",
  "? complex",
  "[a]",
  "{a: 1}",
  "~",
  "123",
  "true",
  "ключ",
  '""',
  "*nope",
  "&k key",
  "x".repeat(300),
];

export const TOKENS = [
  ": ",
  "- ",
  "{",
  "}",
  "[",
  "]",
  ",",
  "&a ",
  "*a",
  "!!str ",
  "!!binary ",
  "!foo ",
  "? ",
  "|\n",
  ">\n",
  "'",
  '"',
  "#",
  "\t",
  "\n",
  "  ",
  "\n---\n",
  "\n...\n",
  "%YAML 1.1\n",
  "%TAG ! tag:x,2000:\n",
  "<<: ",
  "\u0000",
  "\uFEFF",
  "\u202E",
  "\r",
  "\r\n",
  "💥",
  "ß",
  "\\",
  "%",
  "@",
  "`",
  "\u2028",
  "\ud800",
];

export type Rng = () => number;

/** The project's one mulberry32 (`scripts/gen_log/rng.ts`), as a function. */
export function mulberry32(seed: number): Rng {
  const rng = new Mulberry32(seed);
  return () => rng.next();
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
export const int = (rng: Rng, n: number) => Math.floor(rng() * n);

export function lines(t: string): string[] {
  return t.split("\n");
}

export function billionLaughs(levels: number, width: number): string {
  let s = `l0: &l0 [${Array(width).fill('"lol"').join(", ")}]\n`;
  for (let i = 1; i <= levels; i++) {
    s += `l${i}: &l${i} [${Array(width).fill(`*l${i - 1}`).join(", ")}]\n`;
  }
  return s;
}

/** Mutation operators: each takes the text and returns a mutated text. */
export const OPS: [string, number, (t: string, rng: Rng) => string][] = [
  ["flip", 8, (t, rng) => {
    const i = int(rng, t.length + 1);
    return t.slice(0, i) + pick(rng, TOKENS) + t.slice(i + 1);
  }],
  ["insert", 6, (t, rng) => {
    const i = int(rng, t.length + 1);
    return t.slice(0, i) + pick(rng, TOKENS) + t.slice(i);
  }],
  ["delete", 4, (t, rng) => {
    const i = int(rng, t.length + 1);
    return t.slice(0, i) + t.slice(i + 1 + int(rng, 20));
  }],
  ["byte", 3, (t, rng) => {
    const i = int(rng, t.length + 1);
    return t.slice(0, i) + String.fromCharCode(int(rng, 0x10000)) + t.slice(i + 1);
  }],
  ["dupLine", 4, (t, rng) => {
    const ls = lines(t);
    const i = int(rng, ls.length);
    ls.splice(i, 0, ls[i]);
    return ls.join("\n");
  }],
  ["dropLine", 4, (t, rng) => {
    const ls = lines(t);
    ls.splice(int(rng, ls.length), 1);
    return ls.join("\n");
  }],
  ["swapLines", 2, (t, rng) => {
    const ls = lines(t);
    const i = int(rng, ls.length), j = int(rng, ls.length);
    [ls[i], ls[j]] = [ls[j], ls[i]];
    return ls.join("\n");
  }],
  ["reindent", 4, (t, rng) => {
    const ls = lines(t);
    const i = int(rng, ls.length);
    const body = ls[i].trimStart();
    const ind = ls[i].length - body.length;
    const d = int(rng, 9) - 4;
    ls[i] = (rng() < 0.15 ? "\t" : " ".repeat(Math.max(0, ind + d))) + body;
    return ls.join("\n");
  }],
  ["value", 14, (t, rng) => {
    // a block `key: value` or one flow `key: value` pair
    const re = /([\w<>]{1,20}): ?([^,{}\[\]\n]{0,80})/g;
    const ms = [...t.matchAll(re)];
    if (ms.length === 0) return t;
    const m = pick(rng, ms);
    const at = m.index! + m[1].length + 2;
    return t.slice(0, at) + pick(rng, SCALARS) + t.slice(at + m[2].length - 1 + 1);
  }],
  ["renameKey", 8, (t, rng) => {
    const ms = [...t.matchAll(/([\w<>]{1,20}):/g)];
    if (ms.length === 0) return t;
    const m = pick(rng, ms);
    return t.slice(0, m.index!) + pick(rng, KEYS) + t.slice(m.index! + m[1].length);
  }],
  ["deep", 1, (t, rng) => {
    const d = pick(rng, [5, 50, 500, 1000]);
    const v = rng() < 0.5 ? "[".repeat(d) + "]".repeat(d) : "{a: ".repeat(d) + "1" + "}".repeat(d);
    return t.replace(/(port|host|checks|server): ?[^\n,}]*/, `$1: ${v}`);
  }],
  ["deepBlock", 1, (t, rng) => {
    const d = pick(rng, [20, 200, 400]);
    const nest = Array.from({ length: d }, (_, i) => `${" ".repeat(2 * i + 2)}k${i}:`).join("\n");
    return t.replace(/^server:.*$/m, `server:\n${nest} 1`);
  }],
  ["aliasBomb", 1, (t, rng) => {
    const levels = pick(rng, [3, 9, 12]);
    const target = pick(rng, ["checks", "host", "name", "description", "server", "port"]);
    return billionLaughs(levels, 10) +
      t.replace(new RegExp(`${target}: ?[^\\n,}]*`), `${target}: *l${levels}`);
  }],
  ["alias", 4, (t, rng) => {
    // anchor one value and alias it from another key (valid YAML when the anchor comes first)
    const ms = [...t.matchAll(/(\w{1,20}): ?([^,{}\[\]\n]{1,80})/g)];
    if (ms.length < 2) return t;
    const a = pick(rng, ms), b = pick(rng, ms);
    const name = pick(rng, ["x", "x", "y", "nope"]);
    const first = a.index! < b.index! ? a : b, second = first === a ? b : a;
    const s1 = first.index! + first[1].length + 2;
    const s2 = second.index! + second[1].length + 2;
    return t.slice(0, s1) + `&x ` + t.slice(s1, s2) + `*${name}` +
      t.slice(s2 + second[2].length - 1 + 1);
  }],
  ["mergeKey", 1, (t) =>
    "base: &base { host: 127.0.0.1, port: 1 }\n" +
    t.replace(/- (\{ )?name: /, "- $1<<: *base\n    name: ")],
  ["hugeScalar", 1, (t, rng) => {
    const big = "x".repeat(pick(rng, [1000, 20_000]));
    return t.replace(/(name|description|host|username): ?[^\n,}]*/, `$1: ${big}`);
  }],
  ["manyChecks", 1, (t, rng) => {
    const n = pick(rng, [10, 100, 300]);
    const more = Array.from({ length: n }, (_, i) => `  - { host: h${i % 7}, port: ${i + 1} }`);
    return t.replace(/^checks:.*$/m, "checks:\n" + more.join("\n"));
  }],
  ["truncate", 2, (t, rng) => t.slice(0, int(rng, t.length))],
  [
    "garbage",
    1,
    (_t, rng) =>
      Array.from({ length: int(rng, 400) }, () => String.fromCharCode(int(rng, 256))).join(""),
  ],
  ["multiDoc", 1, (t) => t + "---\n" + t],
];

export const OP_TABLE = OPS.flatMap((op) => Array(op[1]).fill(op));

export function mutate(rng: Rng): { text: string; ops: string[] } {
  let text = pick(rng, BASES);
  const ops: string[] = [];
  const n = 1 + int(rng, 4);
  for (let i = 0; i < n; i++) {
    const [name, , fn] = pick(rng, OP_TABLE);
    ops.push(name);
    text = fn(text, rng);
  }
  return { text, ops };
}

export const ENV = (k: string) => (k === "PH_PW" ? ENV_SECRET : undefined);
export const STACK = /^\s+at |\bat .*:\d+:\d+/m;
export const WHOLE_DOC = /^(YAML syntax|the file is empty|expected a map)/;
export const KNOWN_PATH =
  /^(server(\.(name|host|port|timeout|cache|concurrency))?|auth(\.(enabled|username|password|password_env))?|checks(\[\d+\](\.(name|host|port|description|timeout))?)?)$/;

/** Parses `text` and checks the outcome; a problem description, or whether it was accepted. */
export function judge(text: string, file = "fuzz.yaml"): string | boolean {
  let config: HealthConfig;
  const t0 = performance.now();
  try {
    config = parseConfig(text, { file, env: ENV });
  } catch (err) {
    const ms = performance.now() - t0;
    if (!(err instanceof ConfigError)) {
      return `threw ${(err as Error)?.name}: ${(err as Error)?.message}\n${(err as Error)?.stack}`;
    }
    if (ms > 5000) return `took ${ms.toFixed(0)} ms to reject`;
    const ls = err.lines();
    if (ls.length === 0 || err.issues.length !== ls.length) return "no problem lines";
    if (err.message !== ls.join("\n")) return "message is not the problem lines";
    const nLines = text.split(/\r\n|\r|\n/).length;
    for (const [i, l] of ls.entries()) {
      const issue = err.issues[i];
      if (/[\r\n\u2028\u2029]/.test(l)) return `a problem line spans lines: ${JSON.stringify(l)}`;
      if (STACK.test(l)) return `stack trace in ${JSON.stringify(l)}`;
      if (l.includes("[object ")) return `unformatted object in ${JSON.stringify(l)}`;
      if (l.length > 400) return `a problem line of ${l.length} chars: ${l.slice(0, 200)}…`;
      if (!l.startsWith(`${file}:`)) return `line does not start with the file: ${l}`;
      if (issue.line === undefined) return `no YAML line: ${l}`;
      if (issue.line < 1 || issue.line > nLines + 1) return `line ${issue.line} out of range: ${l}`;
      if (issue.path === "") {
        if (!WHOLE_DOC.test(issue.message)) return `no key path: ${l}`;
      } else if (!issue.message.startsWith("unknown key") && !KNOWN_PATH.test(issue.path)) {
        return `odd key path ${JSON.stringify(issue.path)}: ${l}`;
      }
      if (/^auth\.password/.test(issue.path) && (l.includes(SECRET) || l.includes(ENV_SECRET))) {
        return `secret in ${l}`;
      }
      if (/maximum call stack/i.test(l)) return `raw stack overflow message: ${l}`;
      if (/parseAllDocuments|YAML\.\w+\(/.test(l)) return `library API in message: ${l}`;
    }
    return false;
  }
  const ms = performance.now() - t0;
  if (ms > 5000) return `took ${ms.toFixed(0)} ms to accept`;
  const s = config.server;
  const inRange = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;
  if (!inRange(s.port, 0, 65535)) return `server.port ${s.port}`;
  if (!inRange(s.timeoutMs, MIN_TIMEOUT_MS, MAX_TIMEOUT_MS) && !(s.timeoutMs >= 1)) {
    return `server.timeout ${s.timeoutMs}`;
  }
  if (!(s.timeoutMs >= MIN_TIMEOUT_MS && s.timeoutMs <= MAX_TIMEOUT_MS)) {
    return `server.timeout ${s.timeoutMs}`;
  }
  if (!(s.cacheMs >= 0 && s.cacheMs <= 3_600_000)) return `server.cache ${s.cacheMs}`;
  if (!inRange(s.concurrency, 1, 65535)) return `server.concurrency ${s.concurrency}`;
  if (typeof s.host !== "string" || s.host.trim() === "") return `server.host ${s.host}`;
  if (typeof s.name !== "string" || s.name.trim() === "") return `server.name ${s.name}`;
  const a = config.auth;
  if (typeof a.enabled !== "boolean") return `auth.enabled ${a.enabled}`;
  if (typeof a.username !== "string" || a.username.includes(":")) return `auth.username`;
  if (typeof a.password !== "string") return "auth.password";
  if (config.checks.length === 0) return "no checks";
  const names = new Set<string>();
  for (const c of config.checks) {
    if (names.has(c.name)) return `duplicate name ${c.name}`;
    names.add(c.name);
    if (typeof c.name !== "string" || c.name === "") return `check name ${c.name}`;
    if (typeof c.host !== "string" || c.host.trim() === "" || /[\s/?#@]/.test(c.host)) {
      return `check host ${JSON.stringify(c.host)}`;
    }
    // deno-lint-ignore no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(c.host)) return `control character in host`;
    if (!inRange(c.port, 1, 65535)) return `check port ${c.port}`;
    if (!(c.timeoutMs >= MIN_TIMEOUT_MS && c.timeoutMs <= MAX_TIMEOUT_MS)) {
      return `check timeout ${c.timeoutMs}`;
    }
    if (typeof c.description !== "string") return "description";
  }
  // the summary never shows the password (unless the file also uses it as another value)
  const summary = describeConfig(config);
  const shown = JSON.stringify({ ...config, auth: { ...a, password: "" } });
  for (const secret of [SECRET, ENV_SECRET]) {
    if (summary.includes(secret) && !shown.includes(secret)) return "secret in summary";
  }
  return true;
}
