// Config fuzz: thousands of seeded random mutations of valid porthealth configs. Every one
// must either parse into a config that satisfies the documented ranges, or be rejected with a
// ConfigError: one line per problem, each `file:line: key.path: message`, no stack trace, no
// secret. A sample also goes through main() (exit 0 or 2) and the real serve.ts binary.
//
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> FUZZ_N=<n> deno test -A
// tests/health/fuzz.test.ts (FUZZ_N scales the number of mutations; default 2500).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  ConfigError,
  describeConfig,
  type HealthConfig,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
  parseConfig,
} from "../../health/config.ts";
import { main, type Runtime } from "../../health/main.ts";
import { Rng as Mulberry32 } from "../../scripts/gen_log/rng.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 0x5eed);
const N = Number(Deno.env.get("FUZZ_N") ?? 2500);
const SECRET = "Zq9-s3cret";
const ENV_SECRET = "Env-Pw-77";

const BASES = [
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

const SCALARS = [
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

const KEYS = [
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

const TOKENS = [
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

type Rng = () => number;

/** The project's one mulberry32 (`scripts/gen_log/rng.ts`), as a function. */
function mulberry32(seed: number): Rng {
  const rng = new Mulberry32(seed);
  return () => rng.next();
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, n: number) => Math.floor(rng() * n);

function lines(t: string): string[] {
  return t.split("\n");
}

function billionLaughs(levels: number, width: number): string {
  let s = `l0: &l0 [${Array(width).fill('"lol"').join(", ")}]\n`;
  for (let i = 1; i <= levels; i++) {
    s += `l${i}: &l${i} [${Array(width).fill(`*l${i - 1}`).join(", ")}]\n`;
  }
  return s;
}

/** Mutation operators: each takes the text and returns a mutated text. */
const OPS: [string, number, (t: string, rng: Rng) => string][] = [
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

const OP_TABLE = OPS.flatMap((op) => Array(op[1]).fill(op));

function mutate(rng: Rng): { text: string; ops: string[] } {
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

const ENV = (k: string) => (k === "PH_PW" ? ENV_SECRET : undefined);
const STACK = /^\s+at |\bat .*:\d+:\d+/m;
const WHOLE_DOC = /^(YAML syntax|the file is empty|expected a map)/;
const KNOWN_PATH =
  /^(server(\.(name|host|port|timeout|cache|concurrency))?|auth(\.(enabled|username|password|password_env))?|checks(\[\d+\](\.(name|host|port|description|timeout))?)?)$/;

/** Parses `text` and checks the outcome; a problem description, or whether it was accepted. */
function judge(text: string, file = "fuzz.yaml"): string | boolean {
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

test(`config fuzz: ${N} random mutations parse or give clean per-key errors (seed ${SEED})`, () => {
  const rng = mulberry32(SEED);
  let accepted = 0;
  const failures: string[] = [];
  for (let i = 0; i < N && failures.length < 5; i++) {
    const { text, ops } = mutate(rng);
    let problem: string | boolean;
    try {
      problem = judge(text);
    } catch (err) {
      problem = `judge threw ${err}`;
    }
    if (problem === true) accepted++;
    if (typeof problem === "boolean") continue;
    failures.push(
      `#${i} ops=${ops.join(",")}: ${problem}\n--- input (first 600 chars):\n${
        text.slice(0, 600)
      }\n---`,
    );
  }
  assert.deepEqual(failures, [], `seed ${SEED}:\n${failures.join("\n")}`);
  // the mutations must not all be rejected: some stay valid, most do not
  assert.ok(accepted > N * 0.02 && accepted < N * 0.9, `accepted ${accepted} of ${N}`);
});

test("config fuzz: alias bombs, deep nesting and huge documents are bounded and reported", () => {
  const cases: [string, string, RegExp | null][] = [
    // billion laughs: 10^12 nodes if expanded; aliases are followed one step, never expanded
    [
      "alias bomb as checks",
      billionLaughs(12, 10) + "checks: *l12\n",
      /checks\[0\]: must be a map with host and port, got a list/,
    ],
    [
      "alias bomb as host",
      billionLaughs(12, 10) + "checks: [{ host: *l12, port: 1 }]\n",
      /checks\[0\]\.host: must be a string, got a list/,
    ],
    ["undefined alias", "checks: [{ host: *nope, port: 1 }]\n", /alias \*nope/],
    ["self-referencing alias", "checks: &c [*c]\n", /checks\[0\]: must be a map/],
    ["deep flow", "checks: " + "[".repeat(100_000) + "]".repeat(100_000) + "\n", /nested/],
    ["deep map", "checks: " + "{a: ".repeat(20_000) + "1" + "}".repeat(20_000), /nested/],
    ["deep key", "? " + "[".repeat(1500) + "]".repeat(1500) + "\n: 1\n", null],
    ["multiple documents", "checks: []\n---\nchecks: []\n", /more than one YAML document/],
    [
      "a 1 MB scalar",
      `checks: [{ host: ${"h".repeat(1 << 20)}, port: 1, name: [] }]\n`,
      /checks\[0\]\.name: must be a string, got a list/,
    ],
  ];
  for (const [name, text, want] of cases) {
    const problem = judge(text);
    assert.equal(typeof problem, "boolean", `${name}: ${problem}`);
    let lines: string[] = [];
    try {
      parseConfig(text, { file: "fuzz.yaml" });
    } catch (err) {
      lines = (err as ConfigError).lines();
    }
    if (want) assert.ok(lines.some((l) => want.test(l)), `${name}:\n${lines.join("\n")}`);
    assert.ok(lines.length > 0 && lines.length < 50, `${name}: ${lines.length} lines`);
  }
  // brackets inside quotes and comments are not nesting
  const quoted = parseConfig(
    `checks: [{ host: a, port: 1, description: "${"[".repeat(500)}" }] # ${"{".repeat(500)}\n`,
  );
  assert.equal(quoted.checks[0].description, "[".repeat(500));
  // aliases are ordinary YAML and work where a value is expected
  const c = parseConfig(
    "checks:\n  - { host: &h 127.0.0.1, port: 1, name: a }\n  - { host: *h, port: 2 }\n",
    { file: "fuzz.yaml" },
  );
  assert.deepEqual(c.checks.map((k) => k.host), ["127.0.0.1", "127.0.0.1"]);
});

function fakeRuntime(text: string, out: string[], err: string[]): Runtime {
  return {
    args: ["--check-config", "--config", "fuzz.yaml"],
    readTextFile: () => Promise.resolve(text),
    env: ENV,
    dial: () => Promise.resolve(),
    listen: () => Promise.reject(new Error("listen must not be called")),
    onSignal: () => {},
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
  };
}

test("config fuzz: main() exits 0 or 2 with clean stderr on 400 mutations", async () => {
  const rng = mulberry32(SEED ^ 0xabcdef);
  const codes = new Map<number, number>();
  for (let i = 0; i < 400; i++) {
    const { text, ops } = mutate(rng);
    const out: string[] = [], err: string[] = [];
    const code = await main(fakeRuntime(text, out, err));
    codes.set(code, (codes.get(code) ?? 0) + 1);
    const where = `#${i} ops=${ops.join(",")}`;
    if (code === 0) {
      assert.deepEqual(err, [], where);
      assert.equal(out[0], "porthealth: fuzz.yaml is valid", where);
    } else {
      assert.equal(code, 2, `${where}: exit ${code}\n${err.join("\n")}`);
      assert.ok(err.length > 0, where);
      for (const l of err) {
        assert.match(l, /^porthealth: fuzz\.yaml(:\d+)?: /, where);
        assert.doesNotMatch(l, STACK, where);
      }
    }
  }
  assert.ok((codes.get(0) ?? 0) > 0 && (codes.get(2) ?? 0) > 0, JSON.stringify([...codes]));
});

const SERVE = fileURLToPath(new URL("../../serve.ts", import.meta.url));

test("config fuzz: serve.ts --check-config exits 0 or 2, never a stack trace (24 files)", async () => {
  const rng = mulberry32(SEED ^ 0x1234);
  const dir = Deno.makeTempDirSync({ prefix: "porthealth-fuzz-" });
  const files: [string, string][] = [];
  try {
    for (let i = 0; i < 18; i++) files.push([`m${i}`, mutate(rng).text]);
    files.push(["deep", "checks: " + "[".repeat(200_000) + "]".repeat(200_000) + "\n"]);
    files.push(["bomb", billionLaughs(12, 10) + "checks: *l12\n"]);
    files.push(["garbage", "\u0000\u0001\u00ff\ufffe{[&*!|>'\"%@`"]);
    files.push(["manyChecks", mutate(mulberry32(7)).text + "\n" + "#".repeat(1 << 16)]);
    files.push(["empty", ""]);
    const paths = files.map(([name, text]) => {
      const p = `${dir}/${name}.yaml`;
      Deno.writeTextFileSync(p, text);
      return p;
    });
    const bad = `${dir}/latin1.yaml`;
    Deno.writeFileSync(bad, new Uint8Array([0x63, 0x68, 0x65, 0x63, 0x6b, 0x73, 0x3a, 0xff, 0xfe]));
    paths.push(bad);
    const run = async (path: string) => {
      const o = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "--no-check", SERVE, "--check-config", "--config", path],
        env: { NO_COLOR: "1", PH_PW: ENV_SECRET },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { path, code: o.code, err: new TextDecoder().decode(o.stderr) };
    };
    const results = [];
    for (let i = 0; i < paths.length; i += 6) {
      results.push(...await Promise.all(paths.slice(i, i + 6).map(run)));
    }
    for (const r of results) {
      assert.ok(r.code === 0 || r.code === 2, `${r.path}: exit ${r.code}\n${r.err}`);
      assert.doesNotMatch(r.err, STACK, r.path);
      assert.doesNotMatch(r.err, /internal error|panicked|Uncaught/, r.path);
      if (r.code === 2) {
        for (const l of r.err.trimEnd().split("\n")) assert.match(l, /^porthealth: /, r.path);
      }
    }
    const byName = new Map(results.map((r) => [r.path.replace(/^.*\//, ""), r]));
    assert.match(byName.get("deep.yaml")!.err, /nested/);
    // Deno.readTextFile decodes invalid UTF-8 as U+FFFD rather than failing
    assert.match(byName.get("latin1.yaml")!.err, /not valid UTF-8|YAML syntax|expected a map/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
