import { test } from "node:test";
import assert from "node:assert/strict";
import { formatDuration, parseDuration } from "../../health/duration.ts";
import { checkBasicAuth } from "../../health/auth.ts";
import { createLogger } from "../../health/log.ts";
import { parseArgs, UsageError } from "../../health/args.ts";
import { EXIT, main, type Runtime, type Signal } from "../../health/main.ts";
import { escapeHtml } from "../../health/page.ts";

test("duration: parse and format", () => {
  const cases: [string, number][] = [
    ["1ms", 1],
    ["500ms", 500],
    ["2s", 2000],
    ["1.5s", 1500],
    ["1m", 60_000],
    ["1m30s", 90_000],
    ["1h", 3_600_000],
    [" 2s ", 2000],
    ["0", 0],
  ];
  for (const [s, ms] of cases) assert.equal(parseDuration(s), ms, s);
  for (const bad of ["", "2", "s", "2 s", "-1s", "2sec", "1d", "1m 30s", "abc", "0s0"]) {
    assert.throws(() => parseDuration(bad), RangeError, bad);
  }
  assert.equal(formatDuration(500), "500ms");
  assert.equal(formatDuration(60_000), "1m");
  assert.equal(formatDuration(0), "0");
});

test("auth: basic credentials", () => {
  const h = (s: string) => `Basic ${btoa(s)}`;
  assert.ok(checkBasicAuth(h("u:p"), "u", "p"));
  assert.ok(checkBasicAuth(h("u:p:q"), "u", "p:q"));
  assert.ok(checkBasicAuth(`bAsIc   ${btoa("u:p")}`, "u", "p"));
  assert.ok(!checkBasicAuth(h("u:p"), "u", "P"));
  assert.ok(!checkBasicAuth(h("u:"), "u", "p"));
  assert.ok(!checkBasicAuth(h("u"), "u", "p"));
  assert.ok(!checkBasicAuth("Basic !!", "u", "p"));
  assert.ok(!checkBasicAuth("", "u", "p"));
  assert.ok(!checkBasicAuth(null, "u", "p"));
});

test("log: text and json lines", () => {
  const lines: string[] = [];
  const now = () => new Date("2025-01-02T03:04:05.000Z");
  createLogger("text", (l) => lines.push(l), now).log("warn", "check", "a\nb", {
    name: "x y",
    port: 1,
    skip: undefined,
  });
  createLogger("json", (l) => lines.push(l), now).log("info", "start", "hi", { n: 2 });
  assert.equal(lines[0], '2025-01-02T03:04:05.000Z WARN check a b name="x y" port=1');
  assert.deepEqual(JSON.parse(lines[1]), {
    time: "2025-01-02T03:04:05.000Z",
    level: "info",
    event: "start",
    msg: "hi",
    n: 2,
  });
});

test("args: flags", () => {
  assert.equal(parseArgs([]).config, "/etc/porthealth/config.yaml");
  assert.equal(parseArgs(["--config=x.yaml"]).config, "x.yaml");
  assert.equal(parseArgs(["--check-config"]).checkConfig, true);
  assert.equal(parseArgs(["-h"]).help, true);
  for (
    const bad of [["--config"], ["--config", "--version"], ["x"], ["--version=1"], [
      "--log-format=yaml",
    ]]
  ) {
    assert.throws(() => parseArgs(bad), UsageError, bad.join(" "));
  }
});

test("page: escapeHtml", () => {
  assert.equal(escapeHtml(`<>&"'`), "&lt;&gt;&amp;&quot;&#39;");
});

function fakeRuntime(files: Record<string, string>, listenError?: unknown) {
  const out: string[] = [];
  const err: string[] = [];
  const signals = new Map<Signal, () => void>();
  const rt: Runtime = {
    args: ["--config", "c.yaml"],
    readTextFile: (p) =>
      p in files
        ? Promise.resolve(files[p])
        : Promise.reject(Object.assign(new Error("nope"), { code: "ENOENT" })),
    env: () => undefined,
    dial: () => Promise.resolve(),
    listen: () =>
      listenError
        ? Promise.reject(listenError)
        : Promise.resolve({ address: "127.0.0.1:8888", shutdown: () => Promise.resolve() }),
    onSignal: (s, fn) => signals.set(s, fn),
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
  };
  return { rt, out, err, signals };
}

test("main: ports below 1025 without privilege get an explanation and exit 1", async () => {
  const { rt, err } = fakeRuntime(
    { "c.yaml": "server: { port: 80 }\nchecks: [{ host: a, port: 1 }]\n" },
    Object.assign(new Error("Permission denied (os error 13)"), { name: "PermissionDenied" }),
  );
  assert.equal(await main(rt), EXIT.RUNTIME);
  assert.deepEqual(err, [
    "porthealth: cannot listen on 0.0.0.0:80: ports below 1025 need root or CAP_NET_BIND_SERVICE (setcap cap_net_bind_service=+ep, or AmbientCapabilities= in the systemd unit); or choose a server.port above 1024",
  ]);
});

test("main: an unknown bind address is explained", async () => {
  const { rt, err } = fakeRuntime(
    { "c.yaml": "server: { host: 10.9.9.9 }\nchecks: [{ host: a, port: 1 }]\n" },
    Object.assign(new Error("x"), { code: "EADDRNOTAVAIL" }),
  );
  assert.equal(await main(rt), EXIT.RUNTIME);
  assert.match(err[0], /server\.host 10\.9\.9\.9 is not an address of this machine/);
});

test("main: reload keeps the listen address and logs the change; SIGINT stops", async () => {
  const files: Record<string, string> = {
    "c.yaml": "checks: [{ host: a, port: 1 }]\n",
  };
  const { rt, out, signals } = fakeRuntime(files);
  const done = main(rt);
  while (!signals.has("SIGINT")) await new Promise((r) => setTimeout(r, 5));
  files["c.yaml"] =
    "server: { port: 9999 }\nchecks: [{ host: a, port: 1 }, { host: b, port: 2 }]\n";
  signals.get("SIGHUP")!();
  while (!out.some((l) => l.includes("configuration reloaded"))) {
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.ok(
    out.some((l) => /WARN reload server\.host\/server\.port changes need a restart/.test(l)),
  );
  signals.get("SIGINT")!();
  assert.equal(await done, EXIT.OK);
  assert.ok(out.at(-1)!.includes("stopped"));
});
