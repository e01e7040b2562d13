/**
 * Test helper: a generator of real-format secrets embedded in realistic log lines,
 * and the leak check used by the hardening tests.
 *
 * Every case is one secret of one {@linkcode SECRET_KINDS kind}, written the way real
 * tools write it, inside a realistic line (timestamps, levels, JSON lines, logfmt,
 * stack frames, CI lines, shell commands, YAML, Python reprs) at the start, middle or
 * end, wrapped in quotes, brackets, commas or punctuation. A PEM key spans lines.
 *
 * The secret *value* of a case, the text that must never reach the output (neither
 * whole nor any 8+ character fragment), is defined per kind in `values`: the random
 * body of a prefixed token (not its public prefix such as `ghp_`), the password (not
 * the user name or the key name), every base64 line of a PEM body, the whole JWT, the
 * Basic credentials, the session id of a cookie, and so on. Bodies are drawn from a
 * seeded generator over the real alphabet of each format, so they have the entropy of
 * real secrets and an 8-character fragment cannot collide with ordinary text.
 *
 * @module
 */

import fc from "fast-check";
import { Rng as Mulberry32 } from "../../scripts/gen_log/rng.ts";

/** One generated secret, embedded in one or more log lines. */
export interface SecretCase {
  /** The kind (one of {@linkcode SECRET_KINDS}). */
  kind: string;
  /** The log lines holding the secret (several for PEM blocks and stack traces). */
  lines: string[];
  /** The secret values: none of them, and no 8+ character fragment, may be output. */
  values: string[];
}

/** A deterministic generator of random bodies (the project's one mulberry32, `scripts/gen_log/rng.ts`). */
export class Rng {
  #r: Mulberry32;
  constructor(seed: number) {
    this.#r = new Mulberry32(seed >>> 0 || 1);
  }
  /** A float in [0, 1). */
  next(): number {
    return this.#r.next();
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return this.#r.range(lo, hi);
  }
  /** One element. */
  pick<T>(xs: readonly T[]): T {
    return this.#r.pick(xs);
  }
  /** `n` characters of `alphabet`. */
  str(alphabet: string, n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = "0123456789abcdef";
const B64 = ALNUM + "+/";
const B64URL = ALNUM + "-_";
const BASE32 = UPPER + "234567";
/** Characters real passwords use that still end where a log value ends. */
const PASSWORD = ALNUM + "!@#$%^*-_+=.~";

function b64(s: string): string {
  return btoa(s);
}

function b64url(s: string): string {
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A random body with at least one digit, one upper and one lower letter (like real ones). */
function mixed(r: Rng, alphabet: string, n: number): string {
  for (;;) {
    const s = r.str(alphabet, n);
    if (/\d/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s)) return s;
  }
}

/** A secret in its written form (`text`, one line unless `block`), and its secret values. */
interface _Unit {
  text: string;
  values: string[];
  /** Multi-line form (PEM): written as its own lines. */
  block?: string[];
}

const PASSWORD_KEYS = [
  "password",
  "passwd",
  "pwd",
  "pass",
  "DB_PASSWORD",
  "MYSQL_ROOT_PASSWORD",
  "db_pass",
  "adminPassword",
  "PGPASSWORD",
  "passphrase",
  "userPass",
  "root_pw",
  "smtp.password",
  "redis-password",
];

const API_KEYS = [
  "api_key",
  "apiKey",
  "API-KEY",
  "x-api-key",
  "access_token",
  "accessToken",
  "auth_token",
  "client_secret",
  "clientSecret",
  "secret_key",
  "private_token",
  "refresh_token",
  "SENTRY_AUTH_TOKEN",
  "DD_API_KEY",
  "app_secret",
  "webhook_secret",
  "signing_key",
  "encryption_key",
  "credentials",
  "session_token",
];

/** How a key and its value are written: `k=v`, `k: v`, JSON, YAML, CLI flags … */
function keyed(r: Rng, key: string, value: string): string {
  const flagKey = key.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase().replace(/[_.]/g, "-");
  switch (r.int(0, 11)) {
    case 0:
      return `${key}=${value}`;
    case 1:
      return `${key}: ${value}`;
    case 2:
      return `"${key}": "${value}"`;
    case 3:
      return `"${key}":"${value}"`;
    case 4:
      return `'${key}': '${value}'`; // Python repr
    case 5:
      return `--${flagKey} ${value}`;
    case 6:
      return `--${flagKey}=${value}`;
    case 7:
      return `${key}="${value}"`;
    case 8:
      return `${key} = ${value}`;
    case 9:
      return `${key}='${value}'`;
    case 10:
      return `${key}:${value}`;
    default:
      return `\\"${key}\\":\\"${value}\\"`; // JSON escaped inside a JSON string
  }
}

function pemBody(r: Rng, lines: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(r.str(B64, i === lines - 1 ? r.int(8, 64) : 64));
  return out;
}

function jwt(r: Rng): string {
  const header = b64url(
    JSON.stringify({ alg: r.pick(["HS256", "RS256", "ES256"]), typ: "JWT", kid: r.str(HEX, 8) }),
  );
  const payload = b64url(
    JSON.stringify({ sub: r.str(ALNUM, 12), iat: r.int(1e9, 2e9), scope: r.str(LOWER, 8) }),
  );
  return `${header}.${payload}.${r.str(B64URL, 43)}`;
}

/** Every kind: a builder of its written form and values. */
const KINDS: Record<string, (r: Rng) => _Unit> = {
  "aws-access-key-id": (r) => {
    const body = r.str(BASE32, 16);
    const id = r.pick(["AKIA", "ASIA"]) + body;
    const text = r.pick([id, keyed(r, r.pick(["aws_access_key_id", "AccessKeyId"]), id)]);
    return { text, values: [body] };
  },
  "aws-secret-access-key": (r) => {
    const v = mixed(r, B64, 40);
    return {
      text: keyed(
        r,
        r.pick(["aws_secret_access_key", "AWS_SECRET_ACCESS_KEY", "SecretAccessKey", "secretKey"]),
        v,
      ),
      values: [v],
    };
  },
  "aws-session-token": (r) => {
    const v = "IQoJb3JpZ2luX2Vj" + r.str(B64, r.int(180, 400));
    return {
      text: keyed(r, r.pick(["aws_session_token", "SessionToken", "AWS_SESSION_TOKEN"]), v),
      values: [v.slice(16)],
    };
  },
  "gcp-api-key": (r) => {
    const body = r.str(B64URL, 35);
    return { text: r.pick(["AIza" + body, `key=AIza${body}`]), values: [body] };
  },
  "gcp-service-account-key": (r) => {
    const body = pemBody(r, r.int(3, 8));
    const pem = `-----BEGIN PRIVATE KEY-----\\n${body.join("\\n")}\\n-----END PRIVATE KEY-----\\n`;
    return { text: `"private_key": "${pem}"`, values: body };
  },
  "azure-storage-key": (r) => {
    const v = b64(r.str(ALNUM, 64));
    return {
      text: `DefaultEndpointsProtocol=https;AccountName=acct${
        r.int(1, 99)
      };AccountKey=${v};EndpointSuffix=core.windows.net`,
      values: [v],
    };
  },
  "azure-sas": (r) => {
    const sig = encodeURIComponent(b64(r.str(ALNUM, 32)));
    return {
      text:
        `https://acct.blob.core.windows.net/c/b.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=${sig}`,
      values: [sig],
    };
  },
  "azure-client-secret": (r) => {
    const v = r.str(ALNUM, 3) + "8Q~" + r.str(ALNUM + "~._-", 34);
    return { text: keyed(r, r.pick(["AZURE_CLIENT_SECRET", "client_secret"]), v), values: [v] };
  },
  "github-token": (r) => {
    const body = mixed(r, ALNUM, 36);
    return { text: r.pick(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) + body, values: [body] };
  },
  "github-fine-grained-pat": (r) => {
    const body = r.str(ALNUM, 22) + "_" + r.str(ALNUM, 59);
    return { text: "github_pat_" + body, values: [body] };
  },
  "gitlab-token": (r) => {
    const body = mixed(r, B64URL, 20);
    return { text: r.pick(["glpat-", "glptt-", "gldt-"]) + body, values: [body] };
  },
  "npm-token": (r) => {
    const body = mixed(r, ALNUM, 36);
    return {
      text: r.pick([`npm_${body}`, `//registry.npmjs.org/:_authToken=npm_${body}`]),
      values: [body],
    };
  },
  "pypi-token": (r) => {
    const body = r.str(B64URL, r.int(60, 160));
    return { text: "pypi-AgEIcHlwaS5vcmc" + body, values: [body] };
  },
  "docker-pat": (r) => {
    const body = r.str(B64URL, 27);
    return {
      text: r.pick([`dckr_pat_${body}`, `docker login -u ci -p dckr_pat_${body}`]),
      values: [body],
    };
  },
  "slack-token": (r) => {
    const body = `${r.str(DIGITS, 12)}-${r.str(DIGITS, 13)}-${mixed(r, ALNUM, 24)}`;
    return { text: r.pick(["xoxb-", "xoxp-", "xoxa-", "xoxe-", "xoxr-"]) + body, values: [body] };
  },
  "slack-webhook": (r) => {
    const path = `T${r.str(UPPER + DIGITS, 10)}/B${r.str(UPPER + DIGITS, 10)}/${
      mixed(r, ALNUM, 24)
    }`;
    return { text: `https://hooks.slack.com/services/${path}`, values: [path] };
  },
  "discord-webhook": (r) => {
    const path = `${r.str(DIGITS, 18)}/${mixed(r, B64URL, 68)}`;
    return {
      text: `https://${r.pick(["discord.com", "discordapp.com"])}/api/webhooks/${path}`,
      values: [path],
    };
  },
  "discord-bot-token": (r) => {
    const t = `${r.pick(["M", "N", "O"])}${r.str(B64URL, 25)}.${r.str(B64URL, 6)}.${
      r.str(B64URL, 38)
    }`;
    return { text: r.pick([t, `Bot ${t}`]), values: [t.slice(1)] };
  },
  "telegram-bot-token": (r) => {
    const t = `${r.int(100000000, 9999999999)}:AA${r.str(B64URL, 33)}`;
    return {
      text: r.pick([t, `https://api.telegram.org/bot${t}/sendMessage`]),
      values: [t.slice(t.indexOf(":") + 3)],
    };
  },
  "stripe-key": (r) => {
    const body = mixed(r, ALNUM, r.int(24, 99));
    return {
      text: r.pick(["sk_live_", "rk_live_", "sk_test_", "whsec_"]) + body,
      values: [body],
    };
  },
  "twilio-api-key": (r) => {
    const body = r.str(HEX, 32);
    return { text: r.pick([`SK${body}`, keyed(r, "TWILIO_AUTH_TOKEN", body)]), values: [body] };
  },
  "sendgrid-key": (r) => {
    const body = `${r.str(B64URL, 22)}.${r.str(B64URL, 43)}`;
    return { text: `SG.${body}`, values: [body] };
  },
  "openai-key": (r) => {
    const body = mixed(r, B64URL, r.int(40, 120));
    return { text: r.pick(["sk-proj-", "sk-ant-api03-", "sk-"]) + body, values: [body] };
  },
  "huggingface-token": (r) => {
    const body = mixed(r, ALNUM, 34);
    return { text: `hf_${body}`, values: [body] };
  },
  "shopify-token": (r) => {
    const body = r.str(HEX, 32);
    return { text: r.pick(["shpat_", "shpss_", "shpca_", "shppa_"]) + body, values: [body] };
  },
  jwt: (r) => {
    const t = jwt(r);
    return { text: r.pick([t, `id_token=${t}`, `"jwt": "${t}"`]), values: [t] };
  },
  "pem-private-key": (r) => {
    const label = r.pick([
      "RSA PRIVATE KEY",
      "EC PRIVATE KEY",
      "PRIVATE KEY",
      "OPENSSH PRIVATE KEY",
      "ENCRYPTED PRIVATE KEY",
      "DSA PRIVATE KEY",
      "PGP PRIVATE KEY BLOCK",
    ]);
    const body = pemBody(r, r.int(2, 26));
    const head = label.startsWith("PGP")
      ? ["Version: GnuPG v2", "Comment: ci key", ""]
      : label === "RSA PRIVATE KEY" && r.int(0, 3) === 0
      ? ["Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC," + r.str(HEX.toUpperCase(), 32), ""]
      : [];
    const block = [
      `-----BEGIN ${label}-----`,
      ...head,
      ...body,
      ...(label.startsWith("PGP") ? ["=" + r.str(B64, 4)] : []),
      `-----END ${label}-----`,
    ];
    return { text: block[0], block, values: body };
  },
  "url-password": (r) => {
    const pass = mixed(r, ALNUM + "-._~!$*", r.int(10, 32));
    const scheme = r.pick([
      "postgres",
      "postgresql",
      "mysql",
      "mongodb+srv",
      "redis",
      "amqp",
      "https",
      "ftp",
    ]);
    const user = r.pick(["app", "admin", "ci-bot", "svc_orders", ""]);
    return {
      text: `${scheme}://${user}:${pass}@db-${r.int(1, 9)}.internal.example.com:${
        r.int(1000, 9999)
      }/app`,
      values: [pass],
    };
  },
  "password-field": (r) => {
    const v = mixed(r, PASSWORD, r.int(12, 32));
    return { text: keyed(r, r.pick(PASSWORD_KEYS), v), values: [v] };
  },
  "password-cli-flag": (r) => {
    const v = mixed(r, ALNUM + "-_.@", r.int(12, 28));
    const flag = r.pick(["--password", "--db-password", "--token", "--api-key", "--secret"]);
    return {
      text: r.pick([
        `${flag} ${v}`,
        `${flag}=${v}`,
        `mysql -h db -u root ${flag} ${v}`,
        `${flag} "${v}"`,
      ]),
      values: [v],
    };
  },
  "authorization-basic": (r) => {
    const cred = b64(`${r.pick(["ci", "admin", "deploy"])}:${mixed(r, ALNUM, r.int(12, 24))}`);
    return {
      text: r.pick([
        `Authorization: Basic ${cred}`,
        `authorization: basic ${cred}`,
        `-H "Authorization: Basic ${cred}"`,
        `"Authorization": "Basic ${cred}"`,
        `Proxy-Authorization: Basic ${cred}`,
      ]),
      values: [cred],
    };
  },
  "authorization-bearer": (r) => {
    const tok = mixed(r, B64URL + ".", r.int(24, 64));
    return {
      text: r.pick([
        `Authorization: Bearer ${tok}`,
        `-H 'Authorization: Bearer ${tok}'`,
        `"authorization":"Bearer ${tok}"`,
        `Bearer ${tok}`,
        `headers={'Authorization': 'Bearer ${tok}'}`,
      ]),
      values: [tok],
    };
  },
  cookie: (r) => {
    const sid = mixed(r, ALNUM + "%-_", r.int(20, 48));
    const name = r.pick(["JSESSIONID", "sessionid", "connect.sid", "PHPSESSID", "_session_id"]);
    return {
      text: r.pick([
        `Cookie: ${name}=${sid}; theme=dark`,
        `Set-Cookie: ${name}=${sid}; Path=/; HttpOnly; Secure`,
        `set-cookie: ${name}=${sid}`,
        `"cookie": "${name}=${sid}"`,
        `sessionid=${sid}`,
        `session_id: ${sid}`,
      ]),
      values: [sid],
    };
  },
  "generic-api-key": (r) => {
    const v = mixed(r, r.pick([ALNUM, HEX + "ABCDEF", B64URL]), r.int(20, 64));
    return { text: keyed(r, r.pick(API_KEYS), v), values: [v] };
  },
};

/** The kinds of secrets generated. */
export const SECRET_KINDS: readonly string[] = Object.keys(KINDS);

/** Realistic line shapes; `{S}` is where the secret goes. */
const TEMPLATES: readonly string[] = [
  "{S}",
  "{S} rejected by upstream",
  "2024-05-14T09:12:03.441Z ERROR [api] request failed: {S}",
  "2024-05-14 09:12:03,570 WARN  [main] c.a.Config - loaded {S} from env",
  "[ERROR] deploy failed ({S}) after 3 retries",
  "[INFO] using {S}",
  'time=2024-05-14T09:12:03Z level=error msg="auth failed" {S} attempt=2',
  'level=warn msg="token check: {S}" component=auth',
  '{"level":"error","ts":"2024-05-14T09:12:03Z","msg":"auth failed","detail":"{S}"}',
  '{"level":"info","msg":"config","env":{"X":"{S}"},"n":1}',
  "##[error]Process completed with exit code 1: {S}",
  "2024-05-14T09:12:03.4412345Z + curl -sf {S} https://api.example.com/v1",
  "Step 4/9 : RUN {S} && npm ci",
  "npm ERR! 401 Unauthorized - GET https://registry.npmjs.org/pkg - {S}",
  "Error: connect ECONNREFUSED while using {S}",
  "java.lang.IllegalStateException: bad credentials {S}",
  "Traceback: ValueError: invalid {S}",
  "    conn = connect({S})",
  "    at Client.login (/app/src/client.js:42:13) {S}",
  "E0514 09:12:03.441  1 reflector.go:138] failed {S}",
  "  {S}",
  "export {S}",
  "FATAL: {S}, giving up",
  "panic: auth: {S}",
  "warning: {S}; continuing",
];

/** Wrappers around the secret: quotes, brackets, commas and punctuation. */
const WRAPS: readonly [string, string][] = [
  ["", ""],
  ["", ""],
  ['"', '"'],
  ["'", "'"],
  ["(", ")"],
  ["[", "]"],
  ["{", "}"],
  ["<", ">"],
  ["", ","],
  ["", "."],
  ["", ";"],
  ["", "!"],
  [", ", ","],
  ["=", ""],
];

/** Prefixes of every line of a PEM block as logs print them. */
const PEM_PREFIXES = ["", "    ", "2024-05-14T09:12:03.4412345Z ", "app_1  | ", "\t"];

/** Lines that follow a case as a stack trace (so multiline groups and frames are exercised). */
const FRAMES = [
  "    at Client.login (/app/src/client.js:42:13)",
  "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
  "\tat com.acme.auth.Login.run(Login.java:88)",
  "\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:897)",
  '  File "/app/auth.py", line 12, in login',
];

/** Builds one case from its choices and the seed of its random bodies. */
export function buildCase(
  kind: string,
  seed: number,
  template: number,
  wrap: number,
  frames: number,
): SecretCase {
  const r = new Rng(seed);
  const unit = KINDS[kind](r);
  const [open, close] = WRAPS[wrap % WRAPS.length];
  if (unit.block !== undefined) {
    const prefix = PEM_PREFIXES[template % PEM_PREFIXES.length];
    const lead = template % 3 === 0 ? "" : r.pick(["key: ", "writing ", "SSH_KEY="]);
    const lines = unit.block.map((l, i) => (i === 0 ? prefix + lead + l : prefix + l));
    return { kind, lines, values: unit.values };
  }
  let tpl = TEMPLATES[template % TEMPLATES.length];
  // A JSON template holds the secret inside a JSON string: escape it as JSON does.
  let text = open + unit.text + close;
  if (tpl.includes('"{S}"')) text = JSON.stringify(text).slice(1, -1);
  tpl = tpl.replace("{S}", () => text);
  const lines = [tpl];
  for (let i = 0; i < frames; i++) lines.push(FRAMES[(seed + i) % FRAMES.length]);
  return { kind, lines, values: unit.values };
}

/** A fast-check arbitrary of secret cases (every kind, template, wrapper and position). */
export const secretCase: fc.Arbitrary<SecretCase> = fc
  .tuple(
    fc.constantFrom(...SECRET_KINDS),
    fc.noBias(fc.integer({ min: 1, max: 0x7fffffff })),
    fc.nat({ max: 1000 }),
    fc.nat({ max: 1000 }),
    fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 3 }),
    }),
  )
  .map(([kind, seed, template, wrap, frames]) => buildCase(kind, seed, template, wrap, frames));

/** Every kind in every template and wrapper, deterministically (a fixed corpus). */
export function secretCorpus(seed = 1, perKind = 8): SecretCase[] {
  const r = new Rng(seed);
  const out: SecretCase[] = [];
  for (const kind of SECRET_KINDS) {
    for (let i = 0; i < perKind; i++) {
      out.push(buildCase(kind, r.int(1, 0x7fffffff), r.int(0, 1000), r.int(0, 1000), i % 4));
    }
  }
  return out;
}

/** Ordinary log lines mixed between the cases (errors, noise, repeats, JSON). */
export const FILLER: readonly string[] = [
  "2024-05-14T09:12:03.441Z INFO  [worker] heartbeat ok",
  "[DEBUG] cache warm",
  "[INFO] GET /health 200 in 3ms",
  "ERROR db timeout after 30s",
  "[WARN] connection timeout to db-1",
  "retry attempt=1 id=7",
  "retry attempt=2 id=8",
  "Processed batch 17 in 4ms",
  "Processed batch 18 in 5ms",
  '{"level":"info","msg":"tick","n":1}',
  '{"level":"error","msg":"boom","code":500}',
  "java.lang.IllegalStateException: boom",
  "\tat com.acme.A.run(A.java:3)",
  "Traceback (most recent call last):",
  '  File "/app/main.py", line 3, in <module>',
  "ValueError: bad",
  "",
  "Done in 3.2s",
];

/** The 8-character windows of a value (the whole value when shorter). */
export function fragmentsOf(value: string, size = 8): string[] {
  if (value.length <= size) return [value];
  const out: string[] = [];
  for (let i = 0; i + size <= value.length; i++) out.push(value.slice(i, i + size));
  return out;
}

/**
 * The first leak of any case's values in `output`: a value or an 8-character fragment
 * of one that appears in the output, with the case it came from; undefined when none.
 */
export function findLeak(
  output: string,
  cases: readonly SecretCase[],
): { kind: string; fragment: string; value: string; lines: string[] } | undefined {
  const grams = new Set<string>();
  for (let i = 0; i + 8 <= output.length; i++) grams.add(output.slice(i, i + 8));
  for (const c of cases) {
    for (const v of c.values) {
      for (const f of fragmentsOf(v)) {
        if (f.length < 8 ? output.includes(f) : grams.has(f)) {
          return { kind: c.kind, fragment: f, value: v, lines: c.lines };
        }
      }
    }
  }
  return undefined;
}
