import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../mod.ts";
import { BANNERS, Banners } from "../../../trim/select/sections.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

// What a Travis runner prints before the build, after carriage returns are resolved
// (its `travis_fold:start:system_info` marker is written before a `\r`).
const SYSTEM_INFO = [
  "Worker information",
  "hostname: 078ec63b@1.production-1-worker-org-gce-rxdx",
  "Build system information",
  "Build language: cpp",
  "Sudo version 1.8.9p5",
  "Authentication timestamp timeout: 15.0 minutes",
  "Allow some information gathering to give useful error messages",
  "Require fully-qualified hostnames in the sudoers file",
  "\tthe USA under License Exception TSU of the U.S. Export",
  "\tAdministration Regulations (section 740.13(e)) of 6 June 2002.",
  "",
  "docker stop/waiting",
];

test("Travis system information: from its header to the build's first command", () => {
  const t = new Banners();
  const lines = [
    "Build system informations", // not the header
    ...SYSTEM_INFO.slice(2),
    "$ git clone --depth=50 https://github.com/acme/app.git acme/app",
    "Allow some information gathering to give useful error messages",
  ];
  assert.deepEqual(
    lines.map((l) => t.next(l)),
    [false, ...SYSTEM_INFO.slice(2).map(() => true), false, false],
  );
  // A header that is never followed by a command is given up after a bound.
  const u = new Banners();
  u.next("Build system information");
  let taken = 0;
  const max = BANNERS.find((b) => b.name === "Travis CI")!.max;
  for (let i = 0; i < max + 10; i++) if (u.next(`line ${i}`)) taken++;
  assert.equal(taken, max);
});

test("Travis system information: its banners are noise, an error in it is not", async () => {
  const build = Array.from({ length: 60 }, (_, i) => `compiling unit ${i}`);
  const input = [
    ...SYSTEM_INFO,
    "E: Unable to locate package libfoo-dev",
    "$ git clone --depth=50 https://github.com/acme/app.git acme/app",
    ...build,
    "make: *** [Makefile:12: all] Error 2",
    'The command "make" exited with 2.',
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(!output.includes("useful error messages"), output);
  assert.ok(!output.includes("License Exception"), output);
  assert.ok(!output.includes("timestamp timeout"), output);
  assert.ok(output.includes("E: Unable to locate package libfoo-dev"), output);
  assert.ok(output.includes("make: *** [Makefile:12: all] Error 2"), output);
});

test("Gradle's welcome banner: from `Welcome to Gradle` to its release notes link", async () => {
  const banner = [
    "Welcome to Gradle 8.5!",
    "",
    "Here are the highlights of this release:",
    " - Support for running on Java 21",
    " - Faster first use with Kotlin DSL",
    " - Improved error and warning messages",
    "",
    "For more details see https://docs.gradle.org/8.5/release-notes.html",
  ];
  const t = new Banners();
  assert.deepEqual(
    [...banner, "", "Starting a Gradle Daemon"].map((l) => t.next(l)),
    [...banner.map(() => true), false, false],
  );
  const input = [
    "+ ./gradlew --no-daemon clean build",
    ...banner,
    ...Array.from({ length: 40 }, (_, i) => `> Task :module${i}:compileJava`),
    "OrderExportTest > exportsOneRowPerOrder() FAILED",
    "    org.opentest4j.AssertionFailedError: expected: <3> but was: <2>",
    "BUILD FAILED in 1m 47s",
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(!output.includes("Improved error and warning messages"), output);
  assert.ok(output.includes("AssertionFailedError: expected: <3> but was: <2>"), output);
});

test("jest: a passing suite's listing is noise, a failing suite's is not", async () => {
  const passing = [
    "PASS src/lib/__tests__/errors.test.ts (8.912 s)",
    "  Errors",
    "    #apply()",
    "      ✓ handles missing address (119 ms)",
    "      ✓ rejects invalid payload",
    "    #removeMany",
    "      ✓ emits timeouts (11 ms)",
    "",
  ];
  const t = new Banners();
  assert.deepEqual(
    [...passing, "FAIL src/services/__tests__/pricing.test.ts", "  Pricing"].map((l) => t.next(l)),
    [...passing.map(() => true), false, false],
  );
  const input = [
    "> jest --verbose",
    ...Array.from(
      { length: 30 },
      (_, i) => `PASS src/m${i}.test.ts\n  Errors ${i}\n    ✓ maps code ${i}`,
    ),
    "FAIL src/services/__tests__/pricing.test.ts",
    "  Pricing",
    "    ✕ applies percentage discount (24 ms)",
    "  ● Pricing › applies percentage discount",
    "    expect(received).toBe(expected) // Object.is equality",
    "Tests:       1 failed, 30 passed, 31 total",
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(!/Errors \d/.test(output), output);
  assert.ok(output.includes("✕ applies percentage discount"), output);
  assert.ok(output.includes("expect(received).toBe(expected)"), output);
});

test("RSpec: pending examples are noise, error words and all; the failures after them are not", async () => {
  const pending = [
    "Pending: (Failures listed here are expected and do not affect your suite's status)",
    "",
    "  1) Invoice#overdue? handles timezone errors",
    "     # Not yet implemented: raises TimeoutError on DST",
    "     # ./spec/models/invoice_spec.rb:44",
    "",
  ];
  const t = new Banners();
  assert.deepEqual(
    [...pending, "Failures:"].map((l) => t.next(l)),
    [...pending.map(() => true), false],
  );
  const input = [
    "$ bundle exec rspec",
    ...Array.from({ length: 40 }, () => ".".repeat(80)),
    ...pending,
    "Failures:",
    "",
    "  1) Order#total applies discount for invalid coupons",
    "     Failure/Error: expect(order.total).to eq(90)",
    "       expected: 90",
    "            got: 100",
    "148 examples, 1 failure, 1 pending",
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  assert.ok(!output.includes("TimeoutError on DST"), output);
  assert.ok(!output.includes("Pending:"), output);
  assert.ok(!output.includes(".........."), output);
  assert.ok(output.includes("Failure/Error: expect(order.total).to eq(90)"), output);
  assert.ok(output.includes("got: 100"), output);
});
