import { test } from "node:test";
import assert from "node:assert/strict";
import {
  KNOWN_LOG_SOURCES,
  LOG_SOURCE_ALIASES,
  LOG_SOURCE_CATEGORIES,
  LOG_SOURCE_SIGNATURES,
} from "../../../trim/sources/detector.ts";

test("the catalog has at least 705 sources in at least 30 categories", () => {
  assert.ok(KNOWN_LOG_SOURCES.length >= 705, `${KNOWN_LOG_SOURCES.length} sources`);
  assert.ok(Object.keys(LOG_SOURCE_CATEGORIES).length >= 30);
});

test("source names are unique, lower-case kebab-case, and each is in exactly one category", () => {
  assert.equal(new Set(KNOWN_LOG_SOURCES).size, KNOWN_LOG_SOURCES.length);
  for (const name of KNOWN_LOG_SOURCES) assert.match(name, /^[a-z0-9]+(?:-[a-z0-9]+)*$/, name);
  const seen = new Map<string, string>();
  for (const [category, names] of Object.entries(LOG_SOURCE_CATEGORIES)) {
    assert.ok(names.length > 0, category);
    for (const name of names) {
      assert.ok(!seen.has(name), `${name} in ${seen.get(name)} and ${category}`);
      seen.set(name, category);
    }
  }
  assert.deepEqual([...seen.keys()].sort(), [...KNOWN_LOG_SOURCES].sort());
  assert.deepEqual(LOG_SOURCE_SIGNATURES.map(([name]) => name), [...KNOWN_LOG_SOURCES]);
});

test("the categories asked for by the specification are present", () => {
  const required = [
    "languages and runtimes",
    "build tools",
    "package managers",
    "test frameworks",
    "linters and formatters",
    "compilers",
    "CI systems",
    "containers and orchestration",
    "cloud CLIs",
    "infrastructure as code",
    "databases",
    "message brokers",
    "web servers and proxies",
    "observability",
    "security scanners",
    "OS, init and kernel",
    "mobile",
    "game engines",
    "ML frameworks",
    "data and ETL",
    "version control",
    "identity",
    "CDN and DNS",
    "storage",
    "serverless",
    "networking",
    "HPC schedulers",
    "front-end tooling",
    "mail",
    "SaaS SDKs",
    "distributed systems",
  ];
  for (const c of required) assert.ok(c in LOG_SOURCE_CATEGORIES, c);
});

test("the 16 Loghub systems are catalog sources", () => {
  const loghub = [
    "hdfs",
    "hadoop",
    "spark",
    "bgl",
    "android",
    "openssh",
    "apache-httpd",
    "hpc",
    "healthapp",
    "linux",
    "macos",
    "openstack",
    "proxifier",
    "thunderbird",
    "windows",
    "zookeeper",
  ];
  for (const name of loghub) assert.ok(KNOWN_LOG_SOURCES.includes(name), name);
  assert.ok(LOG_SOURCE_CATEGORIES["distributed systems"].includes("kafka"));
});

test("aliases point to catalog sources and do not shadow them", () => {
  for (const [alias, name] of Object.entries(LOG_SOURCE_ALIASES)) {
    assert.ok(KNOWN_LOG_SOURCES.includes(name), `${alias} -> ${name}`);
    assert.ok(!KNOWN_LOG_SOURCES.includes(alias), alias);
  }
});

/** Words too common in logs to identify any tool on their own. */
const GENERIC = new Set([
  "error",
  "errors",
  "err",
  "warn",
  "warning",
  "info",
  "debug",
  "trace",
  "fatal",
  "critical",
  "notice",
  "severe",
  "exception",
  "failed",
  "failure",
  "fail",
  "success",
  "succeeded",
  "ok",
  "pass",
  "passed",
  "done",
  "at",
  "in",
  "from",
  "caused by",
  "traceback",
  "stack trace",
  "started",
  "starting",
  "stopped",
  "stopping",
  "running",
  "finished",
  "complete",
  "completed",
  "timeout",
  "timed out",
  "connection",
  "connection refused",
  "user",
  "root",
  "server",
  "client",
  "request",
  "response",
  "version",
  "http",
  "https",
  "localhost",
  "true",
  "false",
  "null",
  "undefined",
  "main",
  "test",
  "tests",
  "build",
  "install",
  "installing",
  "downloading",
  "loading",
  "line",
  "file",
  "status",
  "total",
  "summary",
  "found",
  "collecting",
  "executed",
  "duration",
  "expected",
  "received",
  "generated",
  "configuring",
]);

test("marker hygiene: specific, non-generic, single-line, no duplicates across sources", () => {
  const owner = new Map<string, string>();
  const problems: string[] = [];
  for (const [name, markers] of LOG_SOURCE_SIGNATURES) {
    if (markers.length === 0) problems.push(`${name}: no markers`);
    if (new Set(markers).size !== markers.length) problems.push(`${name}: duplicate marker`);
    for (const m of markers) {
      // A generic word alone, in plain level brackets or with a colon: "[ERROR]", "error:".
      const bare = /^[[(<]?\s*([^[\]()<>:]*?)\s*[\])>]?:?$/.exec(m.trim().toLowerCase());
      if (m.length < 4) problems.push(`${name}: too short ${JSON.stringify(m)}`);
      if (m.trim().length < 3) problems.push(`${name}: blank-ish ${JSON.stringify(m)}`);
      if (/[\r\n]/.test(m)) problems.push(`${name}: multi-line ${JSON.stringify(m)}`);
      if (bare !== null && GENERIC.has(bare[1])) {
        problems.push(`${name}: generic ${JSON.stringify(m)}`);
      }
      const other = owner.get(m);
      if (other !== undefined && other !== name) {
        problems.push(`${JSON.stringify(m)} in ${other} and ${name}`);
      }
      owner.set(m, name);
    }
  }
  assert.deepEqual(problems, []);
});

test("most sources have several markers", () => {
  const single = LOG_SOURCE_SIGNATURES.filter(([, m]) => m.length < 2).map(([n]) => n);
  assert.ok(single.length <= KNOWN_LOG_SOURCES.length * 0.02, single.join(", "));
});
