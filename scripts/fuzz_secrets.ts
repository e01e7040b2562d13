/**
 * A leak hunt for the masker, wider than the property tests: random passwords with
 * every printable symbol (quoted as a shell or the format would quote them) in
 *
 * - `args`: every credential template of `tests/_helpers/secrets_forms.ts` (flags,
 *   netrc, `set`/`config`, `user:pass@host`, `echo … | --password-stdin` …), printed
 *   the ways logs print commands (bash's trace, a CI step, `[command]`, JSON);
 * - `fields`: 25 secret key names in 20 syntaxes (`k=v`, `k: v`, JSON, XML, a
 *   connection string, `-Dk=v`, `--k v`, a URL query, Ruby, `.env` …) inside log lines.
 *
 * A case leaks when 6 characters of its password (4 of them letters or digits) are
 * still in `sanitizeLine`'s output. Prints each kind's first leaks and the counts; a
 * handful of leaks is expected (a password whose symbols make a value look like two,
 * such as `a}]b` in the middle of a prose line).
 *
 * ```sh
 * npx -y deno@2.9.6 run -A scripts/fuzz_secrets.ts [args|fields] [--seed 1] [--cases 50000]
 * ```
 *
 * @module
 */

import { sanitizeLine } from "../trim/sanitize.ts";
import { CREDENTIAL_TEMPLATES } from "../tests/_helpers/secrets_forms.ts";

const flag = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(name);
  const v = i >= 0 ? Number(Deno.args[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) {
    console.error(`fuzz_secrets: ${name} takes a whole number`);
    Deno.exit(2);
  }
  return v;
};
const mode = Deno.args.find((a) => a === "args" || a === "fields") ?? "args";
const cases = flag("--cases", 50_000);
let seed = flag("--seed", 1) * 7919 + 17;
const rnd = (n: number) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function password(symbols: string, every: number): string {
  let p = "";
  const len = 10 + rnd(18);
  for (let i = 0; i < len; i++) {
    p += rnd(every) === 0 ? symbols[rnd(symbols.length)] : ALNUM[rnd(ALNUM.length)];
  }
  return p.trim();
}

/** A shell word for `p`: bare when it can be, else single-quoted as bash prints it. */
function shellWord(p: string): string {
  if (/^[A-Za-z0-9@%^*_+=.,:/~!#-]+$/.test(p) && !/^[-~#]/.test(p)) return p;
  return `'${p.replaceAll("'", "'\\''")}'`;
}

const COMMAND_WRAPS: ((c: string) => string)[] = [
  (c) => c,
  (c) => `$ ${c}`,
  (c) => `+ ${c}`,
  (c) => `Step 4/9 : RUN ${c}`,
  (c) => `[ERROR] command failed (exit 1): ${c}`,
  (c) => `2024-05-14T09:12:03.4412345Z ${c}`,
  (c) => `{"level":"info","msg":"exec","cmd":${JSON.stringify(c)}}`,
  (c) => `  - run: ${c}`,
  (c) => `[command]${c}`,
  (c) => `##[group]Run ${c}`,
  (c) => `Executing: ${c}`,
  (c) => `  ${c} \\`,
];

const KEYS = [
  "password",
  "passwd",
  "pwd",
  "secret",
  "token",
  "api_key",
  "apiKey",
  "access_token",
  "client_secret",
  "auth_token",
  "AWS_SECRET_ACCESS_KEY",
  "DB_PASSWORD",
  "x-api-key",
  "X-Auth-Token",
  "private_key",
  "refresh_token",
  "session_token",
  "MYSQL_PWD",
  "PGPASSWORD",
  "secretKey",
  "db.password",
  "spring.datasource.password",
  "sasl.jaas.password",
  "requirepass",
  "bind_pw",
];
const dq = (v: string) => v.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
const FIELD_FORMS: ((k: string, v: string) => string)[] = [
  (k, v) => `${k}=${v}`,
  (k, v) => `${k}: ${v}`,
  (k, v) => `"${k}": "${dq(v)}"`,
  (k, v) => `'${k}': '${v.replaceAll("'", "\\'")}'`,
  (k, v) => `export ${k}=${JSON.stringify(v)}`,
  (k, v) => `export ${k}='${v.replaceAll("'", "'\\''")}'`,
  (k, v) => `<${k}>${v.replaceAll("&", "&amp;").replaceAll("<", "&lt;")}</${k}>`,
  (k, v) => `${k}="${v.replaceAll('"', "&quot;")}"`,
  (k, v) => `Server=db;User Id=sa;${k}=${v.replaceAll(";", "")};`,
  (k, v) => `-D${k}=${v}`,
  (k, v) => `--${k}=${v}`,
  (k, v) => `--${k} ${v}`,
  (k, v) => `"${k}" => "${dq(v)}"`,
  (k, v) => `:${k} => '${v.replaceAll("'", "\\'")}'`,
  (k, v) => `${k} = "${dq(v)}"`,
  (k, v) => `https://api.example.com/v1/items?limit=10&${k}=${encodeURIComponent(v)}&page=2`,
  (k, v) => `  ${k}: "${dq(v)}"`,
  (k, v) => `${k}:${v}`,
  (k, v) => `env ${k}=${v} ./run.sh`,
  (k, v) => `{"env":{"${k}":"${dq(v)}"}}`,
];
const LINE_WRAPS: ((c: string) => string)[] = [
  (c) => c,
  (c) => `2024-05-14T09:12:03.441Z INFO config loaded ${c}`,
  (c) => `[ERROR] ${c} rejected`,
  (c) => `DEBUG request: ${c} (retry 2)`,
  (c) => `{"level":"debug","msg":${JSON.stringify(c)}}`,
];

function leaks(out: string, secrets: readonly string[]): boolean {
  for (const p of secrets) {
    for (let i = 0; i + 6 <= p.length; i++) {
      const w = p.slice(i, i + 6);
      if (/[A-Za-z0-9]{4}/.test(w) && out.includes(w)) return true;
    }
  }
  return false;
}

const byKind = new Map<string, number>();
let total = 0;
let leaked = 0;
for (let n = 0; n < cases; n++) {
  let kind: string;
  let line: string;
  let p: string;
  if (mode === "args") {
    const t = CREDENTIAL_TEMPLATES[rnd(CREDENTIAL_TEMPLATES.length)];
    p = password("!@#$%^&*()-_+=[]{};:,.<>/?~|`'\"\\ ", 4);
    // A slot the template quotes itself takes the value as JSON writes it.
    const word = t.includes('"{P}"') ? JSON.stringify(p).slice(1, -1) : shellWord(p);
    kind = t;
    line = COMMAND_WRAPS[rnd(COMMAND_WRAPS.length)](t.replaceAll("{P}", () => word));
    // A template's own text is not the password's (a window of it may match).
    if (p.length < 8) continue;
  } else {
    const k = KEYS[rnd(KEYS.length)];
    const f = rnd(FIELD_FORMS.length);
    p = password("!@#$%^&*()-_+=[]{};:,.<>/?~|`", 5);
    kind = `form ${f}: ${FIELD_FORMS[f]("KEY", "VALUE")}`;
    line = LINE_WRAPS[rnd(LINE_WRAPS.length)](FIELD_FORMS[f](k, p));
  }
  total++;
  const out = sanitizeLine(line);
  if (!leaks(out, [p, encodeURIComponent(p)])) continue;
  leaked++;
  const seen = byKind.get(kind) ?? 0;
  byKind.set(kind, seen + 1);
  if (seen < Number(Deno.env.get("FUZZ_SHOW") ?? 2)) {
    console.log(`LEAK ${JSON.stringify(line)}\n  -> ${JSON.stringify(out)}`);
  }
}
console.log(`\n${mode}: ${total} cases, ${leaked} leaked (${(100 * leaked / total).toFixed(2)} %)`);
for (const [kind, n] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`${String(n).padStart(6)}  ${kind}`);
}
