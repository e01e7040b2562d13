import { test } from "node:test";
import assert from "node:assert/strict";
import { sanitizeLine, SecretBlockSanitizer } from "../../../trim/sanitize.ts";

// [input, expected] pairs: every pattern of the sanitizer table, positive cases.
const POSITIVE: Array<[string, string]> = [
  // UUID
  ["req 3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f done", "req [ID] done"],
  ["id=3F2B8C1E-9D4A-4E7B-8F3C-1A2B3C4D5E6F", "id=[ID]"],
  // ISO and UTC timestamps, and the forms real logs carry
  ["2024-05-14T09:12:03.4412345Z ##[group]Run npm ci", "[TIME] ##[group]Run npm ci"],
  ["at 2024-05-14T09:12:03+02:00 started", "at [TIME] started"],
  ["2024-05-14 09:12:03 UTC worker up", "[TIME] worker up"],
  ["2015-10-18 18:05:27,570 INFO [main] Hadoop", "[TIME] INFO [main] Hadoop"],
  [
    "Jun 14 15:16:01 combo sshd(pam_unix)[19939]: check pass",
    "[TIME] combo sshd(pam_unix)[19939]: check pass",
  ],
  ["Jul  1 09:00:55 calvisitor kernel[0]: ARPT", "[TIME] calvisitor kernel[0]: ARPT"],
  [
    "[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok",
    "[TIME] [notice] workerEnv.init() ok",
  ],
  [
    '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0"',
    '[IP] - - [[TIME]] "GET / HTTP/1.0"',
  ],
  [
    "081109 213907 35 INFO dfs.DataNode: Receiving block",
    "[TIME] 35 INFO dfs.DataNode: Receiving block",
  ],
  [
    "17/06/09 20:10:40 INFO executor.CoarseGrainedExecutorBackend",
    "[TIME] INFO executor.CoarseGrainedExecutorBackend",
  ],
  ["03-17 16:13:38.811  1702  2395 D WindowManager: x", "[TIME]  1702  2395 D WindowManager: x"],
  [
    "20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged",
    "[TIME]|Step_LSC|30002312|onStandStepChanged",
  ],
  [
    "- 1117838570 2005.06.03 R02-M1-N0 2005-06-03-15.42.50.675872 RAS",
    "- 1117838570 [TIME] R02-M1-N0 [TIME] RAS",
  ],
  ["I1121 12:34:56.789012  1234 main.go:42] ready", "I1121 [TIME]  1234 main.go:42] ready"],
  // IPv4, with port
  ["connect to 10.0.4.17 failed", "connect to [IP] failed"],
  ["upstream 192.168.1.20:8080 timed out", "upstream [IP]:[PORT] timed out"],
  // ODBC's PWD is a password (the shell's PWD holds a path).
  [
    "DRIVER={ODBC};SERVER=db;UID=sa;PWD=Kq9x2LmQ;",
    "DRIVER={ODBC};SERVER=db;UID=sa;PWD=[REDACTED];",
  ],
  // Addresses next to `-` that are not package versions: a range, an HDFS block pool id.
  ["allow 10.0.0.1-10.0.0.9 only", "allow [IP]-[IP] only"],
  [
    "block BP-1347369012-10.190.173.170-1444972147527:blk_1",
    "block BP-1347369012-[IP]-1444972147527:blk_1",
  ],
  [
    "Receiving block src: /10.250.19.102:54106 dest: /10.250.19.102:50010",
    "Receiving block src: /[IP]:[PORT] dest: /[IP]:[PORT]",
  ],
  // code-hosting tokens
  ["GITHUB_TOKEN ghp_abcdefghijklmnopqrstuvwxyz0123456789 set", "GITHUB_TOKEN [REDACTED] set"],
  [
    "using gho_16C7e42F292c6912E7710c838347Ae178B4a and ghs_16C7e42F292c6912E7710c838347Ae178B4a",
    "using [REDACTED] and [REDACTED]",
  ],
  [
    "pat github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV",
    "pat [REDACTED]",
  ],
  ["glpat-xxXXxxXXxxXXxxXXxx12 in url", "[REDACTED] in url"],
  // JWT
  [
    "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok",
    "jwt [JWT] ok",
  ],
  // chat tokens and webhooks
  [
    "slack xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx posted",
    "slack [REDACTED] posted",
  ],
  ["xapp-1-A0123456789-1234567890123-abcdef0123456789abcdef", "[REDACTED]"],
  [
    "POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "POST https://hooks.slack.com/services/[REDACTED]",
  ],
  [
    "https://discord.com/api/webhooks/123456789012345678/abcDEF-ghi_JKL",
    "https://discord.com/api/webhooks/[REDACTED]",
  ],
  // A webhook path holding a vendor-token look-alike (`hf_…`) with a `-` after it.
  [
    "connect([https://discordapp.com/api/webhooks/581902020132809442/hf_haPwIp6Rifn4P8pOVP6M3vyTiymcnjXk5cRo5-txwANjjKBsfpQMvftGuQcArtnIX])",
    "connect([https://discordapp.com/api/webhooks/[REDACTED]])",
  ],
  // connection-string passwords (host kept)
  [
    "DATABASE_URL=postgres://user:s3cr3t-Pass@db.example.com:5432/app",
    "DATABASE_URL=postgres://user:[REDACTED]@db.example.com:5432/app",
  ],
  ["redis://:hunter2@cache:6379/0", "redis://:[REDACTED]@cache:6379/0"],
  // Authorization headers
  ["Authorization: Bearer abc.def.ghi-123456", "Authorization: [REDACTED]"],
  ["authorization: Basic dXNlcjpwYXNzd29yZA==", "authorization: [REDACTED]"],
  [
    '{"Authorization": "Bearer tok_1234567890abcdef", "x": 1}',
    '{"Authorization": "[REDACTED]", "x": 1}',
  ],
  [
    "curl -H 'Authorization: token 0123abc' https://x",
    "curl -H 'Authorization: [REDACTED]' https://x",
  ],
  ["sending Bearer abcdefgh12345678 upstream", "sending Bearer [REDACTED] upstream"],
  // secret fields in k=v, k: v, JSON and CLI forms
  ["login user=bob password=hunter22 ok", "login user=bob password=[REDACTED] ok"],
  [
    "db passwd=abc pwd=xyz DB_PASSWORD=p@ss",
    "db passwd=[REDACTED] pwd=[REDACTED] DB_PASSWORD=[REDACTED]",
  ],
  [
    "token=abc123 api_key=AB-CD apikey=zzz secret=s client_secret=cs access_key=ak",
    "token=[REDACTED] api_key=[REDACTED] apikey=[REDACTED] secret=[REDACTED] client_secret=[REDACTED] access_key=[REDACTED]",
  ],
  ['{"password": "hunter2", "user": "bob"}', '{"password": "[REDACTED]", "user": "bob"}'],
  ['{"api_key":"k-123","n":1}', '{"api_key":"[REDACTED]","n":1}'],
  ["password: hunter22", "password: [REDACTED]"],
  ["NPM_TOKEN: 00000000-aaaa", "NPM_TOKEN: [REDACTED]"],
  ["mysql --password hunter22 -h db", "mysql --password [REDACTED] -h db"],
  ["Cookie: session=abc123; theme=dark", "Cookie: [REDACTED]"],
  ["Set-Cookie: sid=0123456789; Path=/; HttpOnly", "Set-Cookie: [REDACTED]"],
  // cloud access keys
  ["aws_access_key_id AKIAIOSFODNN7EXAMPLE", "aws_access_key_id [REDACTED]"],
  ["temp creds ASIAY34FZKBOKMUTVV7A used", "temp creds [REDACTED] used"],
  // cloud resource-name account ids
  ["assumed arn:aws:iam::123456789012:role/deploy", "assumed arn:aws:iam::[ACCOUNT]:role/deploy"],
  ["arn:aws:s3:eu-west-1:210987654321:bucket", "arn:aws:s3:eu-west-1:[ACCOUNT]:bucket"],
  // long hexadecimal or alphanumeric hashes
  ["HEAD is now at 9fceb02d0ae598e95dc970b74767f19372d61af8 fix", "HEAD is now at [HASH] fix"],
  [
    "digest sha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
    "digest sha256:[HASH]",
  ],
  ["cache key Xk7mP2qR9sT4vW8yZ1aB3cD5eF", "cache key [HASH]"],
  [
    "network rm github_network_f45cbd657aa24fbaa2777658eab2340e",
    "network rm github_network_[HASH]",
  ],
  // HTTP status codes in an HTTP context
  [
    '10.1.1.1 - - "GET /api/orders HTTP/1.1" 503 1234',
    '[IP] - - "GET /api/orders HTTP/1.1" [5xx] 1234',
  ],
  ["request failed status=404 path=/x", "request failed status=[4xx] path=/x"],
  ['{"statusCode":201,"ok":true}', '{"statusCode":[2xx],"ok":true}'],
  ["upstream returned HTTP 502", "upstream returned HTTP [5xx]"],
  ["Response code: 301", "Response code: [3xx]"],
  // ANSI color escapes removed
  ["\x1b[31mERROR\x1b[0m build failed", "ERROR build failed"],
  ["\x1b[1m\x1b[32m✓\x1b[39m\x1b[22m passed", "✓ passed"],
  // PEM key on one line (JSON-escaped)
  [
    '"key": "-----BEGIN RSA PRIVATE KEY-----\\nMIIEow\\n-----END RSA PRIVATE KEY-----" ok',
    '"key": "[REDACTED PRIVATE KEY]" ok',
  ],
];

// Lines that must stay readable: no over-redaction.
const NEGATIVE: string[] = [
  "timed out after 15.000s",
  "Retrying in 5s",
  "got 500 records",
  "processed 404 items in 2.5 seconds",
  // a process's exit status after an HTTP word is not an HTTP class
  "git returned status code 128",
  "ssh: exit status 255",
  "Process exited with status 137",
  "exit code 127",
  "MAC 00:1A:2B:3C:4D:5E link up",
  "mac 00:11:22:33:44:55 link up",
  "android.os.BinderProxy@2bd79ce",
  "java.lang.Object@6d06d69c",
  "node v20.11.1 npm 10.2.4",
  "Version=4.0.0.0, Culture=neutral",
  "Unpacking cmake-data (2.8.12.2-0ubuntu3) ...",
  "PWD=/home/travis/build/acme/app",
  "OLDPWD=~/src",
  '$ docker run -v "$PWD:/mnt" "$name:current" myscript',
  "wired-in package base mapped to base-4.9.0.0",
  "Building text-1.2.3.1-7NKu8DECFYz7UjXy3rfbu5",
  "Unpacking libfoo (4.2.0.1+dfsg-1) ...",
  "src/app.ts:12:34 - error TS2345",
  "main.go:42:7: undefined: foo",
  "at Object.<anonymous> (/app/src/index.js:10:15)",
  "org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory",
  "invalid token: expired",
  "password: required",
  "token_count=512 max_tokens=4096",
  "the password was rejected",
  "key=user:1234 cached",
  "bypass=true",
  "commit 3f2a9c1 by bob",
  "Compiling serde v1.0.197",
  "sessions=12 active",
  "use std::token::Kind;",
  "password=[REDACTED] already",
  "password=${DB_PASSWORD} from env",
];

test("sanitizeLine: every pattern of the table", () => {
  for (const [input, expected] of POSITIVE) {
    assert.equal(sanitizeLine(input), expected, `input: ${input}`);
  }
});

test("sanitizeLine: ordinary text stays readable (no over-redaction)", () => {
  for (const line of NEGATIVE) assert.equal(sanitizeLine(line), line);
});

test("sanitizeLine: postgres password masked, host kept", () => {
  assert.equal(
    sanitizeLine("postgres://user:pw123@db.example.com:5432"),
    "postgres://user:[REDACTED]@db.example.com:5432",
  );
});

test("sanitizeLine: preserveIdSuffix keeps the last N characters of ids and hashes", () => {
  assert.equal(
    sanitizeLine("req 3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f", 4),
    "req [ID:5e6f]",
  );
  assert.equal(
    sanitizeLine("at 9fceb02d0ae598e95dc970b74767f19372d61af8", 6),
    "at [ID:d61af8]",
  );
  assert.equal(sanitizeLine("req 3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f", 0), "req [ID]");
  assert.equal(
    sanitizeLine("x 3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f", 16),
    "x [ID:" + "3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f".slice(-16) + "]",
  );
});

test("sanitizeLine: mask only the secret part and keep the rest", () => {
  const out = sanitizeLine("deploy failed: password=hunter22 for user admin on host web-1");
  assert.equal(out, "deploy failed: password=[REDACTED] for user admin on host web-1");
});

test("sanitizeLine: is idempotent on its own output", () => {
  for (const [input] of POSITIVE) {
    const once = sanitizeLine(input);
    assert.equal(sanitizeLine(once), once, `input: ${input}`);
  }
});

test("SecretBlockSanitizer: a PEM private-key block becomes one redacted line", () => {
  const dropped: number[] = [];
  const s = new SecretBlockSanitizer(0, (n) => dropped.push(n));
  const batch = [
    "writing key file",
    "-----BEGIN OPENSSH PRIVATE KEY-----",
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    "QyNTUxOQAAACDYf3j2ZXhhbXBsZWtleWRhdGFleGFtcGxla2V5ZGF0YQAAAJgAAAAAAAAA",
    "-----END OPENSSH PRIVATE KEY-----",
    "key written",
  ];
  const out = s.process(batch);
  assert.deepEqual(out, ["writing key file", "[REDACTED PRIVATE KEY]", "key written"]);
  assert.deepEqual(dropped, [3]);
});

test("SecretBlockSanitizer: a block split across batches is still swallowed", () => {
  let dropped = 0;
  const s = new SecretBlockSanitizer(0, (n) => (dropped += n));
  const a = s.process(["-----BEGIN PRIVATE KEY-----", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"]);
  const b = s.process(["BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj", "-----END PRIVATE KEY-----", "next"]);
  assert.deepEqual(a, ["[REDACTED PRIVATE KEY]"]);
  assert.deepEqual(b, ["next"]);
  assert.equal(dropped, 3);
});

test("sanitizeLine: adversarial 1 MB lines finish quickly (no super-linear backtracking)", () => {
  const mb = 1024 * 1024;
  const inputs = [
    "a".repeat(mb),
    "1".repeat(mb),
    "1:".repeat(mb / 2),
    "1-".repeat(mb / 2),
    "1.".repeat(mb / 2),
    "a=".repeat(mb / 2),
    "password=".repeat(mb / 9),
    "://".repeat(mb / 3),
    "eyJ".repeat(mb / 3),
    "ghp_".repeat(mb / 4),
    "-".repeat(mb),
    "Authorization: ".repeat(mb / 15),
    "Bearer ".repeat(mb / 7),
    "--password ".repeat(mb / 11),
    "HTTP/1.1 ".repeat(mb / 9),
    "status=".repeat(mb / 7),
    "Jun 14 ".repeat(mb / 7),
    "2024-01-01 ".repeat(mb / 11),
    "\x1b[".repeat(mb / 2),
    "-----BEGIN RSA PRIVATE KEY-----".repeat(mb / 32),
    "0123456789abcdef-".repeat(mb / 17),
  ];
  for (const input of inputs) {
    const t0 = performance.now();
    sanitizeLine(input);
    const ms = performance.now() - t0;
    // Generous bound for a loaded 2-core machine; super-linear cases take minutes.
    assert.ok(ms < 2000, `${JSON.stringify(input.slice(0, 20))}… took ${ms.toFixed(0)} ms`);
  }
});

test("hash rule: CamelCase test names with short numbers stay; random tokens still go", () => {
  assert.equal(
    sanitizeLine("--- FAIL: TestBoundedForkedSync64Fast (0.18s)"),
    "--- FAIL: TestBoundedForkedSync64Fast (0.18s)",
  );
  assert.equal(sanitizeLine("run HTTP2ServerPushTest"), "run HTTP2ServerPushTest");
  assert.equal(sanitizeLine("id aB3dE7fG9hJ2kL4mN6pQ8rS0"), "id [HASH]");
  // A digit run is read one way only: a long one is no backtracking trap (this returns).
  assert.equal(sanitizeLine("Xyz" + "1".repeat(200_000) + "Q"), "[HASH]");
});

test("SQL inserts: the values of secret columns are masked, row by row", () => {
  const cases: [string, string][] = [
    [
      "INSERT INTO users (email, password) VALUES ('a@b.c', 'hunter2')",
      "INSERT INTO users (email, password) VALUES ('a@b.c', '[REDACTED]')",
    ],
    [
      "INSERT INTO \"accounts\" (\"name\", \"api_token\") VALUES ('acme', 'tok_9f8e7d'), ('b', 'tok_2')",
      "INSERT INTO \"accounts\" (\"name\", \"api_token\") VALUES ('acme', '[REDACTED]'), ('b', '[REDACTED]')",
    ],
    [
      "insert into creds (user, secret) values ('it''s', 'p''w')",
      "insert into creds (user, secret) values ('it''s', '[REDACTED]')",
    ],
  ];
  for (const [line, want] of cases) assert.equal(sanitizeLine(line), want, line);
  for (
    const line of [
      "INSERT INTO t (id, name) VALUES (1, 'error')",
      "INSERT INTO creds (user, password) VALUES ($1, $2)",
      "INSERT INTO creds (user, password) VALUES (?, ?)",
      "the ConsumerConfig values: (a, b) are invalid",
    ]
  ) assert.equal(sanitizeLine(line), line);
});
