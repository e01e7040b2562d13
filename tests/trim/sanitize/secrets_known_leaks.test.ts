/**
 * Issue #36, item 5: the leaks the project listed as known. Short random passwords
 * printed bare or split by their symbols, credentials passed to a login call, custom
 * auth headers, a password on the line after the command or prompt that asked for
 * it. Each form is masked; the ordinary text next to each rule stays (no
 * over-redaction).
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../trim/process.ts";
import { sanitizeLine } from "../../../trim/sanitize.ts";
import { NamedSecretValues } from "../../../trim/sanitize/named_values.ts";
import { maskShortPasswords } from "../../../trim/sanitize/short_passwords.ts";
import { printsSecret, SECRET_PRINTING_COMMANDS } from "../../../trim/sanitize/secret_commands.ts";

/** Each line is masked, and its secret (the second element) is gone. */
function assertMasked(cases: readonly (readonly [string, string])[]): void {
  for (const [line, secret] of cases) {
    const out = sanitizeLine(line);
    assert.ok(!out.includes(secret), `${line} -> ${out}`);
    assert.ok(out.includes("[REDACTED]"), `${line} -> ${out}`);
  }
}

function assertUnchanged(lines: readonly string[]): void {
  for (const line of lines) assert.equal(sanitizeLine(line), line);
}

test("short passwords: printed bare or split by symbols, masked", () => {
  assertMasked([
    ["Kq8!zL2m@x9Qw", "zL2m"],
    ["generated: aZ3$kL9!", "aZ3$kL9!"],
    ["created user deploy with Q3xT$7pW!9zL", "7pW"],
    ["  initial: 'p#4Rt&9wLm'", "4Rt"],
    ['{"generated":"Hy7*Lp2^qZ"}', "Lp2"],
    ["Xk3vQ9pL2mWz", "Xk3vQ9pL2mWz"],
    ["admin / Tq9Wz4Lk2Mx7", "Tq9Wz4Lk2Mx7"],
    ["Kq8-zL2m_x9Qw", "zL2m"],
  ]);
});

test("short passwords: words, versions, identifiers, paths and addresses stay", () => {
  assertUnchanged([
    "Summer2024! is the theme",
    "installed React@18 and Vue@3",
    "TestMT940Parse passed",
    "getUserById2 returned null",
    "BZ2_bzDecompressInit failed",
    "see issue #1234 and PR #99",
    "mail ops@example.com",
    "a[i]!=b[j] && x.Y == 3",
    "C#/.NET 8 build",
    "HTTP/1.1 GET /v2/Items?id=7",
    "O(n^2) complexity",
    "k8s@v1.28.3 ready",
    "Node.js v20.11.1 (npm 10.2.4)",
    "x86_64-pc-linux-gnu",
    "checkout@v4 setup-node@v4",
    "build#4521 finished",
    "ETA 0h12m30s",
    "UTF-8 ISO-8859-1 Win-1252",
    // Found by the over-redaction audit (scripts/mask_audit.ts): names with symbols.
    "FooClassTest#foo1Test",
    "[warn]    * Similarly, calling `_1$mcI$sp` on a non-specialized `Tuple2` unboxes",
    "at Outer$Inner$1.run(Outer.java:12)",
  ]);
  // The rule alone: digits only, one class, short.
  for (const w of ["12345678", "abcdefgh12", "ABCDEF12", "Ab1!", "password1!"]) {
    assert.equal(maskShortPasswords(`x ${w} y`), `x ${w} y`);
  }
});

test("function calls: a user and a password passed to a login call", () => {
  assertMasked([
    ["login('admin', 'x9Kq!2pL')", "x9Kq!2pL"],
    ["expect(login('admin', 'hunter2')).toBe(true)", "hunter2"],
    ['await page.signIn("qa@example.com", "Tr0ub4dor&3")', "Tr0ub4dor&3"],
    ["client.authenticate('deploy', 'correct horse')", "correct horse"],
    ["sign_in('bob', 'bobpass1')", "bobpass1"],
    ["request.get(url).auth('user', 'pa55word')", "pa55word"],
    ["ftp.login('anonymous', 'guest-pass')", "guest-pass"],
  ]);
  // The user stays; one argument, a placeholder or nothing is no password.
  assert.equal(sanitizeLine("login('admin', 'x')"), "login('admin', '[REDACTED]')");
  assertUnchanged([
    "login('admin')",
    "Login('', '')",
    "test_login('admin', '***')",
    "print('hello', 'world')",
    "plugin('a', 'b')",
    "loginButton('submit', 'primary')",
    "it('should login', async () => {",
    "describe('login', () => {",
  ]);
});

test("headers: custom auth headers, any key of the X-…-Token/Key/Secret/Auth shape", () => {
  assertMasked([
    ["X-Honeycomb-Team: Kq8zL2mP0q", "Kq8zL2mP0q"],
    ["curl -H 'X-Honeycomb-Team: Kq8zL2mP0q' https://api.honeycomb.io/1/events", "Kq8zL2mP0q"],
    ['{"x-honeycomb-team": "Kq8zL2mP0q"}', "Kq8zL2mP0q"],
    ["X-Api-Key: Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["X-Key: Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["X-Service-Key: Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["X-Partner-Token: Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["X-Client-Secret: Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["X-Bot-Auth: Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["--header X-Api-Key:Zx9Qw2Er7Ty", "Zx9Qw2Er7Ty"],
    ["headers={'X-Custom-Key': 'Zx9Qw2Er7Ty'}", "Zx9Qw2Er7Ty"],
  ]);
  assertUnchanged([
    "X-Request-Id: 12345",
    "X-Cache-Key: /assets/app.js",
    "X-Idempotency-Key: order-42",
    "X-RateLimit-Remaining: 4999",
    "X-Token-Count: 42",
    "X-Secret-Name: db-creds",
    "X-Team: platform",
    "X-Honeycomb-Dataset: prod",
  ]);
});

test("next line: the password a prompt or a command printed", () => {
  const run = (lines: string[]) => {
    const n = new NamedSecretValues();
    return lines.map((l) => n.line(l));
  };
  const masked = [
    ["$ argocd admin initial-password -n argocd", "Xk3vQ9pL2mWz7RtY"],
    ["+ argocd admin initial-password -n argocd", "xk3vq9pl2mwz7rty"],
    ["*** Enter password of currently logged in user (admin):", "Xk3vQ9pL"],
    ["*** Enter new password for user admin:", "N3wP4ss!"],
    ["Password:", "hunter2x"],
    ["$ aws ecr get-login-password --region eu-west-1", "eyJwYXlsb2FkIjoiZ3h"],
    [
      "$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d",
      "cGFzc3dvcmQ",
    ],
    ["$ openssl rand -hex 16", "8f3c1a2b9d4e7f60"],
    ["$ sudo cat /var/jenkins_home/secrets/initialAdminPassword", "a1b2c3d4e5f6"],
  ];
  for (const [command, secret] of masked) {
    assert.deepEqual(run([command, secret]), [command, "[REDACTED]"], command);
  }
  // Not the answer: a sentence, a word, another command, a YAML key's block.
  for (
    const pair of [
      ["$ argocd admin initial-password -n argocd", "FATA[0000] secrets not found"],
      ["$ argocd app list", "guestbook"],
      ["Password:", "Login Succeeded"],
      ["Password:", "Authenticated"],
      ["  password:", "    x9Kq2mZv"],
      ["see argocd admin initial-password in the docs", "Xk3vQ9pL2mWz7RtY"],
      ["+ openssl rand -hex 16", "+ echo done"],
    ]
  ) assert.deepEqual(run(pair), pair);
  assert.ok(SECRET_PRINTING_COMMANDS.length >= 20);
  assert.ok(!printsSecret("$ argocd account update-password --help"));
});

test("next line: through the pipeline, at every aggressiveness", async () => {
  const text = [
    "$ argocd admin initial-password -n argocd",
    "Xk3vQ9pL2mWz7RtY",
    "",
    " This password must be only used for first time login.",
    "Password:",
    "hunter2x",
    "ERROR login failed",
  ].join("\n") + "\n";
  for (const aggressiveness of ["low", "medium", "high", "aggressive"] as const) {
    for (const keep of [true, false]) {
      const { output } = await trimTextInline(text, {
        aggressiveness,
        ...(keep ? { config: { keep: ["."] } } : {}),
      });
      assert.ok(!output.includes("Xk3vQ9pL2mWz7RtY"), output);
      assert.ok(!output.includes("hunter2x"), output);
    }
  }
});

test("over-redaction audit (scripts/mask_audit.ts): the wrongly masked classes it found stay", () => {
  assertUnchanged([
    "\tat org.junit.runners.BlockJUnit4ClassRunner$1.evaluate(BlockJUnit4ClassRunner.java:100)",
    "Error while instrumenting class com/steadystate/css/parser/SACParserCSS3TokenManager.",
    "[INFO] Checking unresolved references to org.codehaus.mojo.signature:java18:1.0",
    "g++ -DU_STATIC_IMPLEMENTATION -DU_COMMON_IMPLEMENTATION -DU_I18N_IMPLEMENTATION -c x.cpp",
    "FATAL ciod: Error creating node map from file /p/gb2/welcome3/32k_128x256x1_8x4x4",
    "$ export S3_SECRET=[secure]",
    "  server-password: GITHUB_TOKEN",
    "TRAVIS_TIMER_ID=013f1bdb",
    "Variants to next generation from: 2-->IDs: (1(f=1.0), 37(f=1.7976931348623157E308), )",
    "++date -u +%s%N",
    "Read out cached package applicability for package: Package_for_KB2607047~amd64~~6.1.1.1, x",
  ]);
  assert.equal(sanitizeLine("sha 1.e3b0c44298fc1c149afbf4c8996fb924"), "sha 1.[HASH]");
  assert.equal(
    sanitizeLine("-rw-r--r-- 1 travis root 12335 ./packages/stm/2.5.0.0/stm-2.5.0.0.tar.gz"),
    "-rw-r--r-- 1 travis root 12335 ./packages/stm/2.5.0.0/stm-2.5.0.0.tar.gz",
  );
  // What the guards must not let through.
  assertMasked([
    ["  server-password: Kq8zL2mP0qWx", "Kq8zL2mP0qWx"],
    ["signature: Kq8zL2mP0qWx7Rt5Yv3N", "Kq8zL2mP0qWx7Rt5Yv3N"],
    ["ASANA_CLIENT_ID=1234567890123456", "1234567890123456"],
  ]);
});

test("gitleaks' separators: make's ?=, ::= and :::=, backquoted values, a vendor's name as the key", () => {
  const v = "k2v9x7q4m1z8p3a7";
  for (const sep of ["?=", " ?= ", "::=", ":::=", " ::= "]) {
    for (const key of ["SENDGRID_API_KEY", "x.ADAFRUIT-token", "discord_secret"]) {
      assertMasked([[`${key}${sep}${v}`, v], [`${key}${sep}"${v}"`, v]]);
    }
  }
  assertMasked([
    ["api_key=`k2v9x7q4m1z8p3a7`", v],
    ["twitter=k2v9x7q4m1z8p3a7", v],
    ["TWITTER: 'k2v9x7q4m1z8p3a7'", v],
  ]);
  assertUnchanged([
    "CFLAGS ?= -O2 -g",
    "std::string token::Kind = x",
    "expr ::= term '+' expr",
    "twitter=@trimlog",
    "twitter: enabled",
    "run `make test` again",
  ]);
});

test("gitleaks' keyword rules: words after the key word (`airtable_api_key_value ' > v`)", () => {
  const v = "k2v9x7q4m1z8p3a7";
  // A secret or vendor key with a qualifier (`…_VALUE`, `…_PROD`, `…Value`, `password_new`).
  for (
    const key of [
      "airtable_api_key_value",
      "SENDBIRD_TOKEN_PROD",
      "linear_client_secret_value",
      "LOB_API_KEY_VALUE",
      "sonarTokenValue",
      "API_TOKEN_PROD",
      "password_new",
      "bundle_enterprise__contribsys__com_value",
    ]
  ) {
    for (const sep of ["=", ": ", " = ", " ' > ", " > ", ", ", " := "]) {
      assertMasked([[`${key}${sep}${v}`, v]]);
    }
  }
  // Words that name no value (a count, a type, a test, a description) and a qualifier
  // alone stay.
  assertUnchanged([
    "token_count=42",
    "token_type=bearer",
    "password_test: passed",
    "airtable_key_description=not set",
    "sentry_token_count=42",
    "value=k2v9x7q4m1z8p3a7",
    "my_value=k2v9x7q4m1z8p3a7",
  ]);
});
