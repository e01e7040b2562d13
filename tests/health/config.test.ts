import { test } from "node:test";
import assert from "node:assert/strict";
import { ConfigError, describeConfig, parseConfig } from "../../health/config.ts";

const ok = `# comment
server:
  port: "9000"
  host: 127.0.0.1
  timeout: 500ms
  cache: 1s
auth:
  enabled: true
  username: ops
  password_env: PH_PASS
checks:
  - host: localhost
    port: 5432
    name: db
    description: primary
    timeout: 1m
  - { host: "[::1]", port: 22 }
`;

function issues(yaml: string, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(yaml, { file: "c.yaml", env: (k) => env[k] });
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected ConfigError, got ${err}`);
    return err.lines();
  }
  assert.fail("expected the config to be rejected");
}

test("config: a full config parses with defaults applied", () => {
  const c = parseConfig(ok, { env: (k) => (k === "PH_PASS" ? "pw" : undefined) });
  assert.equal(c.server.port, 9000);
  assert.equal(c.server.host, "127.0.0.1");
  assert.equal(c.server.timeoutMs, 500);
  assert.equal(c.server.cacheMs, 1000);
  assert.equal(c.server.concurrency, 512);
  assert.deepEqual(c.auth, { enabled: true, username: "ops", password: "pw" });
  assert.deepEqual(c.checks[0], {
    name: "db",
    host: "localhost",
    port: 5432,
    description: "primary",
    timeoutMs: 60_000,
  });
  assert.deepEqual(c.checks[1], {
    name: "[::1]:22",
    host: "[::1]",
    port: 22,
    description: "",
    timeoutMs: 500,
  });
  assert.match(describeConfig(c), /auth on \(user ops\)/);
  assert.doesNotMatch(describeConfig(c), /pw/);
});

test("config: defaults", () => {
  const c = parseConfig("checks:\n  - { host: 127.0.0.1, port: 1 }\n");
  assert.equal(c.server.port, 8888);
  assert.equal(c.server.host, "0.0.0.0");
  assert.equal(c.server.timeoutMs, 2000);
  assert.equal(c.server.cacheMs, 0);
  assert.equal(c.auth.enabled, false);
  assert.equal(c.server.port, 8888);
  assert.equal(
    parseConfig("server: { port: 8080 }\nchecks: [{ host: a, port: 1 }]").server.port,
    8080,
  );
});

const matrix: [string, string, RegExp][] = [
  [
    "unknown top key",
    "checks: [{ host: a, port: 1 }]\nsevrer: {}\n",
    /^c\.yaml:2: sevrer: unknown key \(did you mean server\?\)/,
  ],
  [
    "unknown server key",
    "server:\n  tiemout: 2s\nchecks: [{ host: a, port: 1 }]\n",
    /^c\.yaml:2: server\.tiemout: unknown key \(did you mean timeout\?\)/,
  ],
  [
    "unknown check key",
    "checks:\n  - host: a\n    port: 1\n    hots: b\n",
    /^c\.yaml:4: checks\[0\]\.hots: unknown key/,
  ],
  [
    "server not a map",
    "server: 8888\nchecks: [{ host: a, port: 1 }]\n",
    /^c\.yaml:1: server: must be a map/,
  ],
  [
    "port too large",
    "checks:\n  - { host: a, port: 70000 }\n",
    /^c\.yaml:2: checks\[0\]\.port: must be a port number from 1 to 65535, got number 70000/,
  ],
  [
    "port zero",
    "checks:\n  - { host: a, port: 0 }\n",
    /checks\[0\]\.port: must be a port number from 1 to 65535/,
  ],
  [
    "port string",
    'checks:\n  - { host: a, port: "80" }\n',
    /checks\[0\]\.port: must be a port number .* got string "80"/,
  ],
  [
    "port float",
    "checks:\n  - { host: a, port: 80.5 }\n",
    /checks\[0\]\.port: must be a port number/,
  ],
  ["port missing", "checks:\n  - { host: a }\n", /^c\.yaml:2: checks\[0\]\.port: is required/],
  ["host missing", "checks:\n  - { port: 1 }\n", /^c\.yaml:2: checks\[0\]\.host: is required/],
  ["host empty", "checks:\n  - { host: '', port: 1 }\n", /checks\[0\]\.host: must not be empty/],
  ["host blank", "checks:\n  - { host: '  ', port: 1 }\n", /checks\[0\]\.host: must not be empty/],
  [
    "host with space",
    "checks:\n  - { host: 'a b', port: 1 }\n",
    /checks\[0\]\.host: is not a valid hostname/,
  ],
  [
    "host number",
    "checks:\n  - { host: 5, port: 1 }\n",
    /checks\[0\]\.host: must be a string, got number 5/,
  ],
  [
    "duplicate names",
    "checks:\n  - { host: a, port: 1, name: x }\n  - { host: b, port: 2, name: x }\n",
    /^c\.yaml:3: checks\[1\]\.name: duplicate check name "x" \(first used on line 2\)/,
  ],
  [
    "duplicate implicit names",
    "checks:\n  - { host: a, port: 1 }\n  - { host: a, port: 1 }\n",
    /duplicate check name "a:1"/,
  ],
  ["no checks key", "server: { port: 1 }\n", /checks: no checks configured/],
  ["empty checks", "checks: []\n", /^c\.yaml:1: checks: no checks configured/],
  ["checks not a list", "checks: { host: a }\n", /checks: must be a list of checks, got a map/],
  ["check not a map", "checks:\n  - a:1\n", /checks\[0\]: must be a map/],
  ["empty file", "", /^c\.yaml:1: the file is empty/],
  ["root a list", "- a\n", /expected a map/],
  ["yaml syntax", "checks:\n  - { host: a, port: 1\n", /^c\.yaml:\d+: YAML syntax:/],
  ["duplicate yaml key", "checks: []\nchecks: []\n", /YAML syntax: Map keys must be unique/],
  [
    "bad duration",
    "server: { timeout: 2 }\nchecks: [{ host: a, port: 1 }]\n",
    /server\.timeout: must be a duration string .* got number 2/,
  ],
  [
    "bad duration unit",
    "server: { timeout: 2x }\nchecks: [{ host: a, port: 1 }]\n",
    /server\.timeout: invalid duration "2x"/,
  ],
  [
    "duration too long",
    "server: { timeout: 6m }\nchecks: [{ host: a, port: 1 }]\n",
    /server\.timeout: must be from 1ms to 5m, got 6m/,
  ],
  [
    "duration zero",
    "server: { timeout: 0 }\nchecks: [{ host: a, port: 1 }]\n",
    /server\.timeout: must be from 1ms to 5m/,
  ],
  [
    "check timeout bad",
    "checks: [{ host: a, port: 1, timeout: soon }]\n",
    /checks\[0\]\.timeout: invalid duration/,
  ],
  [
    "server port bad",
    "server: { port: abc }\nchecks: [{ host: a, port: 1 }]\n",
    /server\.port: must be a port number from 0 to 65535, got string "abc"/,
  ],
  [
    "concurrency",
    "server: { concurrency: 0 }\nchecks: [{ host: a, port: 1 }]\n",
    /server\.concurrency: must be an integer from 1/,
  ],
  [
    "auth.enabled string",
    "auth: { enabled: 'yes' }\nchecks: [{ host: a, port: 1 }]\n",
    /auth\.enabled: must be true or false, got string "yes"/,
  ],
  [
    "auth without username",
    "auth: { enabled: true, password: p }\nchecks: [{ host: a, port: 1 }]\n",
    /auth\.username: auth\.enabled is true but no username is set/,
  ],
  [
    "auth without password",
    "auth: { enabled: true, username: u }\nchecks: [{ host: a, port: 1 }]\n",
    /auth\.password: auth\.enabled is true but neither password nor password_env is set/,
  ],
  [
    "auth password_env unset",
    "auth: { enabled: true, username: u, password_env: NOPE }\nchecks: [{ host: a, port: 1 }]\n",
    /auth\.password_env: environment variable NOPE is not set or empty/,
  ],
  [
    "auth both passwords",
    "auth: { enabled: true, username: u, password: p, password_env: P }\nchecks: [{ host: a, port: 1 }]\n",
    /set either auth\.password or auth\.password_env, not both/,
  ],
  [
    "username with colon",
    "auth: { enabled: true, username: 'a:b', password: p }\nchecks: [{ host: a, port: 1 }]\n",
    /auth\.username: must not contain ':'/,
  ],
];

for (const [name, yaml, want] of matrix) {
  test(`config rejects: ${name}`, () => {
    const lines = issues(yaml);
    assert.ok(lines.some((l) => want.test(l)), `no line matches ${want}:\n${lines.join("\n")}`);
    for (const l of lines) {
      assert.ok(!l.includes("\n"), "one line per problem");
      assert.ok(!/\bat .*:\d+:\d+/.test(l), "no stack trace");
    }
  });
}

test("config: every problem is reported, in line order", () => {
  const lines = issues(
    "server:\n  port: -1\n  timeout: 10\nchecks:\n  - { host: '', port: 0 }\n  - { host: b, port: 99999 }\n",
  );
  assert.equal(lines.length, 5, lines.join("\n"));
  assert.deepEqual(lines.map((l) => Number(l.split(":")[1])), [2, 3, 5, 5, 6]);
});

test("config: the password is read from the environment and never printed", () => {
  const c = parseConfig(
    "auth: { enabled: true, username: u, password_env: PH_SECRET }\nchecks: [{ host: a, port: 1 }]\n",
    { env: (k) => (k === "PH_SECRET" ? "hunter2" : undefined) },
  );
  assert.equal(c.auth.password, "hunter2");
  assert.ok(!describeConfig(c).includes("hunter2"));
});

test("config: the example config in examples/porthealth is valid", () => {
  const text = Deno.readTextFileSync(
    new URL("../../examples/porthealth/config.yaml", import.meta.url),
  );
  const c = parseConfig(text, { env: () => undefined });
  assert.equal(c.checks.length, 4);
  assert.equal(c.checks[2].host, "::1");
});
