import { test } from "node:test";
import assert from "node:assert/strict";
import {
  compareSeverity,
  inferSeverity,
  parseSeverityLevel,
  passesSeverityFilter,
  SEVERITY_LEVELS,
} from "../../../trim/classify/severity.ts";
import { TrimError } from "../../../trim/errors.ts";
import type { SeverityLevel } from "../../../trim/types.ts";

test("parseSeverityLevel: levels and aliases, case-insensitive", () => {
  const cases: Array<[string, SeverityLevel]> = [
    ["fatal", "fatal"],
    ["CRITICAL", "fatal"],
    ["crit", "fatal"],
    ["Emerg", "fatal"],
    ["alert", "fatal"],
    ["error", "error"],
    ["ERR", "error"],
    ["warn", "warn"],
    ["Warning", "warn"],
    ["info", "info"],
    ["notice", "info"],
    ["debug", "debug"],
    ["trace", "trace"],
    ["verbose", "trace"],
    [" warn ", "warn"],
  ];
  for (const [input, level] of cases) assert.equal(parseSeverityLevel(input), level, input);
});

test("parseSeverityLevel: invalid values throw INVALID_OPTION naming the valid values", () => {
  for (const bad of ["", "loud", "constructor", "__proto__", "warnings"]) {
    assert.throws(() => parseSeverityLevel(bad), (e: unknown) => {
      assert.ok(e instanceof TrimError);
      assert.equal(e.code, "INVALID_OPTION");
      for (const level of SEVERITY_LEVELS) assert.ok(e.message.includes(level));
      return true;
    });
  }
  assert.throws(() => parseSeverityLevel(42 as unknown as string), TrimError);
});

test("inferSeverity: tags, abbreviations and level fields", () => {
  const cases: Array<[string, SeverityLevel | undefined]> = [
    ["[ERROR] boom", "error"],
    ["2024-01-01 12:00:00.123 ERROR 1 --- [main] c.e.App : boom", "error"],
    ["12:00:00.000 [main] WARN  c.e.App - slow", "warn"],
    ["level=error msg=boom", "error"],
    ['time="x" level=warning msg="slow"', "warn"],
    ['{"level":"error","msg":"x"}', "error"],
    ['{"severity":"ERROR","message":"x"}', "error"],
    ['{"msg":"ERROR in the message","level":"info"}', "info"],
    ['{"lvl":50,"msg":"x"}', "error"],
    ['{"level":30,"msg":"x"}', "info"],
    ['{"level":60,"msg":"x"}', "fatal"],
    ['{"level":40,"msg":"x"}', "warn"],
    ['{"level":20,"msg":"x"}', "debug"],
    ['{"level":10,"msg":"x"}', "trace"],
    ['{"@l":"Warning","@m":"x"}', "warn"],
    ["lvl=eror msg=x", "error"],
    ["ERR! something", "error"],
    ["npm ERR! code ELIFECYCLE", "error"],
    ["CRIT disk failure", "fatal"],
    ["EMERG kernel panic", "fatal"],
    ["ALERT: raid degraded", "fatal"],
    ["SEV2 incident opened", "error"],
    ["SEV1 outage", "fatal"],
    ["FATAL: out of memory", "fatal"],
    ["CRITICAL:root:db gone", "fatal"],
    ["WARNING:root:slow", "warn"],
    ["E/AndroidRuntime( 1234): FATAL EXCEPTION: main", "error"],
    ["W/ActivityManager(  512): Slow operation", "warn"],
    ["01-15 10:00:00.123  1234  1234 E AndroidRuntime: FATAL EXCEPTION: main", "error"],
    ["01-15 10:00:00.123  1234  1234 I ActivityManager: Start proc", "info"],
    ["W1121 12:00:00.000000    1 reflector.go:324] watch closed", "warn"],
    ["I0101 00:00:00.000000    1 main.go:12] starting", "info"],
    ["E0101 00:00:00.000000    1 main.go:12] failed", "error"],
    ["F0101 00:00:00.000000    1 main.go:12] fatal", "fatal"],
    ["error: failed to push some refs", "error"],
    ["warning: unused variable `x`", "warn"],
    ["fatal: not a git repository", "fatal"],
    ["[info] compiling", "info"],
    ["<Warn> low disk", "warn"],
    ["##[warning]Node 16 is deprecated", "warn"],
    ["::error file=a.ts::boom", "error"],
    ["[DEBUG] x=1", "debug"],
    ["TRACE enter f", "trace"],
    ["NOTICE: reloading", "info"],
    ["VERBOSE: details", "trace"],
    ["SEVERE: java.util.logging message", "error"],
  ];
  for (const [line, level] of cases) assert.equal(inferSeverity(line), level, line);
});

test("inferSeverity: no false severity from words inside messages", () => {
  for (
    const line of [
      "error_count=0",
      "build finished, 0 errors",
      "no errors found",
      "Processed 12 records",
      "DEBUG=1 npm test",
      "the ERRORS list is empty",
      "ERR_CONNECTION_REFUSED while fetching",
      "",
      "ok",
      "INFORMATION_SCHEMA.tables scanned",
    ]
  ) {
    assert.ok(!["error", "fatal", "debug"].includes(inferSeverity(line) ?? ""), line);
  }
  assert.equal(inferSeverity("error_count=0"), undefined);
  assert.equal(inferSeverity("no errors found"), undefined);
  assert.equal(inferSeverity("build finished, 0 errors"), undefined);
});

test("passesSeverityFilter: the spec table, row by row", () => {
  const lines: Record<string, string> = {
    FATAL: "FATAL boom",
    CRITICAL: "CRITICAL boom",
    EMERG: "EMERG boom",
    ALERT: "ALERT boom",
    ERROR: "ERROR boom",
    ERR: "ERR boom",
    SEV2: "SEV2 boom",
    WARN: "WARN boom",
    WARNING: "WARNING boom",
    INFO: "INFO boom",
    DEBUG: "DEBUG boom",
    TRACE: "TRACE boom",
  };
  const passes: Record<SeverityLevel, string[]> = {
    fatal: ["FATAL", "CRITICAL", "EMERG", "ALERT"],
    error: ["FATAL", "CRITICAL", "EMERG", "ALERT", "ERROR", "ERR", "SEV2"],
    warn: ["FATAL", "CRITICAL", "EMERG", "ALERT", "ERROR", "ERR", "SEV2", "WARN", "WARNING"],
    info: [
      "FATAL",
      "CRITICAL",
      "EMERG",
      "ALERT",
      "ERROR",
      "ERR",
      "SEV2",
      "WARN",
      "WARNING",
      "INFO",
    ],
    debug: [
      "FATAL",
      "CRITICAL",
      "EMERG",
      "ALERT",
      "ERROR",
      "ERR",
      "SEV2",
      "WARN",
      "WARNING",
      "INFO",
      "DEBUG",
    ],
    trace: Object.keys(lines),
  };
  for (const severity of SEVERITY_LEVELS) {
    for (const [tag, line] of Object.entries(lines)) {
      assert.equal(
        passesSeverityFilter(line, severity),
        passes[severity].includes(tag),
        `${severity} / ${tag}`,
      );
    }
  }
});

test("passesSeverityFilter: lines with no detectable severity always pass", () => {
  for (const severity of SEVERITY_LEVELS) {
    assert.ok(passesSeverityFilter("plain line without level", severity));
    assert.ok(passesSeverityFilter("", severity));
  }
});

test("passesSeverityFilter: an invalid severity throws INVALID_OPTION", () => {
  assert.throws(
    () => passesSeverityFilter("x", "loud" as SeverityLevel),
    (e: unknown) => e instanceof TrimError && e.code === "INVALID_OPTION",
  );
});

test("compareSeverity orders most severe first", () => {
  const sorted = [...SEVERITY_LEVELS].reverse().sort(compareSeverity);
  assert.deepEqual(sorted, [...SEVERITY_LEVELS]);
});
