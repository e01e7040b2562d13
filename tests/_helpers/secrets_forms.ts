/**
 * Test helper: secrets in the forms no key word names (issue #14), written the way
 * tools print them, for the leak tests and the external oracle (secretlint).
 *
 * Formats (each a kind; see {@linkcode FORM_KINDS}):
 * - one kind per vendor token format (`vendor:<name>`), from its written template;
 * - passwords as command-line arguments of widely used clients (glued to a short flag
 *   or after it, after long flags, quoted or not), `-u user:password`, netrc lines,
 *   `user:password@host` without a scheme, `… set <secret key> <value>` commands,
 *   `echo <secret> | … --password-stdin`;
 * - unknown formats: random base62, base64, base64url, lower-case base32 strings;
 * - key material on one line: a base64-encoded PEM (Kubernetes secrets).
 *
 * Standalone tokens are placed in 8 positions: key=value, JSON, YAML, argument, URL,
 * header, prose, multi-line (the token on the line after its label).
 *
 * @module
 */

import fc from "fast-check";
import { Rng, type SecretCase } from "./secrets_gen.ts";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const B64 = ALNUM + "+/";
const B64URL = ALNUM + "-_";
/** Characters of generated passwords (ends where a shell argument ends). */
const PASSWORD = ALNUM + "!@#%^*-_+=.~,:";

const ALPHABETS: Record<string, string> = {
  an: ALNUM,
  hx: "0123456789abcdef",
  b64u: B64URL,
  b64: B64,
  d: DIGITS,
  UD: UPPER + DIGITS,
  ld: LOWER + DIGITS,
  B32: UPPER + "234567",
  AGE: "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
  B32L: LOWER + "234567",
};

/** A random string with every class of its alphabet present (as real tokens have). */
function mixed(r: Rng, alphabet: string, n: number): string {
  const want = [/\d/, /[A-Z]/, /[a-z]/].filter((re) => re.test(alphabet));
  for (;;) {
    const s = r.str(alphabet, n);
    if (n < 8 || want.every((re) => re.test(s))) return s;
  }
}

/**
 * Vendor token formats as written by each vendor: `{alphabet:length}` is a random
 * part. Read from the vendors' documentation and the public gitleaks rule set, and
 * written independently of the sanitizer's patterns.
 */
export const VENDOR_FORMATS: readonly [string, string][] = [
  ["GitHub (classic token)", "ghp_{an:36}"],
  ["GitHub (fine-grained token)", "github_pat_{an:22}_{an:59}"],
  ["GitLab", "glpat-{b64u:20}"],
  ["Docker Hub", "dckr_pat_{b64u:27}"],
  ["Slack", "xoxb-{d:12}-{d:13}-{an:24}"],
  ["Slack (app-level token)", "xapp-1-A{UD:10}-{d:13}-{hx:64}"],
  ["AWS (access key id)", "AKIA{B32:16}"],
  ["npm", "npm_{an:36}"],
  ["PyPI", "pypi-AgEIcHlwaS5vcmc{b64u:70}"],
  ["Stripe", "sk_live_{an:99}"],
  ["Stripe (webhook secret)", "whsec_{an:32}"],
  ["Google (API key)", "AIza{b64u:35}"],
  ["Google (OAuth client secret)", "GOCSPX-{b64u:28}"],
  ["Google (OAuth access token)", "ya29.a0{b64u:120}"],
  ["SendGrid", "SG.{b64u:22}.{b64u:43}"],
  ["Anthropic", "sk-ant-api03-{b64u:93}AA"],
  ["OpenAI", "sk-proj-{b64u:124}"],
  ["DeepSeek", "sk-{hx:32}"],
  ["DigitalOcean", "dop_v1_{hx:64}"],
  ["Hugging Face", "hf_{an:34}"],
  ["Twilio (API key)", "SK{hx:32}"],
  ["Shopify", "shpat_{hx:32}"],
  ["1Password (service account token)", "ops_eyJ{b64:260}"],
  ["1Password (secret key)", "A3-{UD:6}-{UD:11}-{UD:5}-{UD:5}-{UD:5}"],
  ["Adobe (client secret)", "p8e-{an:32}"],
  ["age (secret key)", "AGE-SECRET-KEY-1{AGE:58}"],
  ["Alibaba Cloud", "LTAI{an:20}"],
  ["JFrog Artifactory (API key)", "AKCp{an:69}"],
  ["JFrog Artifactory (reference token)", "cmVmd{an:59}"],
  ["Atlassian (API token)", "ATATT3xFfGF0{b64u:180}"],
  ["Bitbucket (app password)", "ATBB{an:32}"],
  ["Clojars", "CLOJARS_{ld:60}"],
  ["Cloudflare (origin CA key)", "v1.0-{hx:24}-{hx:146}"],
  ["Databricks", "dapi{hx:32}"],
  ["Doppler", "dp.pt.{an:43}"],
  ["Duffel", "duffel_live_{b64u:43}"],
  ["Dynatrace", "dt0c01.{UD:24}.{UD:64}"],
  ["EasyPost", "EZAK{an:54}"],
  ["Flutterwave", "FLWSECK_TEST-{hx:32}-X"],
  ["Frame.io", "fio-u-{b64u:64}"],
  ["Grafana (cloud API token)", "glc_eyJvIjoi{b64:120}"],
  ["Grafana (service account token)", "glsa_{an:32}_{hx:8}"],
  ["HashiCorp Vault", "hvs.{b64u:90}"],
  ["HashiCorp Terraform Cloud", "{an:14}.atlasv1.{b64u:67}"],
  ["Heroku", "HRKU-AA{b64u:58}"],
  ["Linear", "lin_api_{an:40}"],
  ["Mailchimp", "{hx:32}-us14"],
  ["Mailgun", "key-{hx:32}"],
  ["New Relic", "NRAK-{UD:27}"],
  ["Notion", "ntn_{an:46}"],
  ["PlanetScale", "pscale_pw_{b64u:43}"],
  ["Postman", "PMAK-{hx:24}-{hx:34}"],
  ["Prefect", "pnu_{an:36}"],
  ["Pulumi", "pul-{hx:40}"],
  ["ReadMe", "rdme_{ld:70}"],
  ["RubyGems", "rubygems_{hx:48}"],
  ["Scalingo", "tk-us-{b64u:48}"],
  ["Sentry", "sntrys_eyJpYXQiOjE{b64:150}"],
  ["Shippo", "shippo_live_{hx:40}"],
  ["Square", "sq0csp-{b64u:43}"],
  ["Facebook (access token)", "EAAB{an:180}"],
  ["Typeform", "tfp_{b64u:59}"],
  ["Fly.io", "fm2_lJPE{b64:200}"],
  ["Microsoft Entra ID (client secret)", "{an:3}8Q~{an:34}"],
  ["Mapbox (secret token)", "sk.eyJ1{b64u:60}.{b64u:22}"],
  ["Figma", "figd_{b64u:40}"],
  ["Harness", "pat.{b64u:22}.{hx:24}.{an:20}"],
  ["Infracost", "ico-{an:32}"],
  ["Octopus Deploy", "API-{UD:26}"],
  ["OpenShift", "sha256~{b64u:43}"],
  ["Groq", "gsk_{an:52}"],
  ["Perplexity", "pplx-{an:48}"],
  ["xAI", "xai-{an:80}"],
  ["Replicate", "r8_{an:37}"],
  ["Sourcegraph and Segment", "sgp_{hx:16}_{hx:40}"],
  ["Contentful", "CFPAT-{b64u:43}"],
  ["Supabase", "sbp_{hx:40}"],
  ["Buildkite", "bkua_{hx:40}"],
  ["CircleCI", "CCIPAT_{an:22}_{hx:40}"],
  ["Honeycomb", "hcaik_{ld:58}"],
  ["LangSmith", "lsv2_pt_{hx:32}_{hx:10}"],
  ["Pinecone", "pcsk_{an:5}_{an:60}"],
  ["Tailscale", "tskey-auth-{an:12}-{an:32}"],
  ["Netlify", "nfp_{an:36}"],
  ["Render", "rnd_{an:32}"],
  ["Dropbox", "sl.B{b64u:140}"],
  ["NuGet", "oy2{ld:43}"],
  ["SonarQube", "squ_{hx:40}"],
  ["Brevo", "xkeysib-{hx:64}-{an:16}"],
  ["Plaid", "access-production-{hx:8}-{hx:4}-{hx:4}-{hx:4}-{hx:12}"],
  ["Airtable", "pat{an:14}.{hx:64}"],
  ["Asana", "2/{d:16}/{d:16}:{hx:32}"],
  ["Yandex Cloud", "AQVN{b64u:36}"],
  ["ElevenLabs", "sk_{hx:48}"],
  ["Intercom", "dG9rO{b64:54}="],
  ["Discord (bot token)", "M{b64u:25}.{b64u:6}.{b64u:38}"],
  ["Telegram (bot token)", "{d:10}:AA{b64u:33}"],
  ["GoCardless", "live_{b64u:40}"],
];

/** A token of a vendor format: its text and its random parts of 8+ characters. */
export function vendorToken(r: Rng, template: string): { text: string; values: string[] } {
  const values: string[] = [];
  const text = template.replace(/\{(\w+):(\d+)\}/g, (_m, a: string, n: string) => {
    const v = mixed(r, ALPHABETS[a], Number(n));
    if (v.length >= 8) values.push(v);
    return v;
  });
  return { text, values: values.length > 0 ? values : [text] };
}

/** The 8 positions of a standalone token. */
const POSITIONS: readonly ((t: string) => string[])[] = [
  (t) => [`2024-05-14T09:12:03Z INFO sync ctx=prod value=${t} attempt=2`],
  (t) => [`{"level":"error","msg":"upstream rejected","data":"${t}"}`],
  (t) => ["upstream:", `  ref: ${t}`],
  (t) => [`+ ./tool upload --input ${t} --verbose`],
  (t) => [`GET https://api.example.com/v1/cb?state=ok&ref=${t} 200 in 12ms`],
  (t) => [`> X-Upstream-Ref: ${t}`],
  (t) => [`ERROR upstream rejected ${t} during login, retrying`],
  (t) => ["[WARN] the following value was rejected:", `    ${t}`],
];

/** Names of the positions, in the order of `POSITIONS`. */
export const POSITION_NAMES: readonly string[] = [
  "key=value",
  "JSON",
  "YAML",
  "argument",
  "URL",
  "header",
  "prose",
  "multi-line",
];

interface Form {
  lines: string[];
  values: string[];
}

function pw(r: Rng): string {
  return mixed(r, PASSWORD, r.int(12, 28));
}

/** Quoted or not, the way shells and CI logs show arguments. */
function quote(r: Rng, v: string): string {
  return r.pick([v, v, `'${v}'`, `"${v}"`]);
}

/**
 * Argument-position credentials: `{P}` is the password (the only secret value).
 * Tools and flags as documented in `trim/sanitize/args.ts`.
 */
const ARG_TEMPLATES: readonly string[] = [
  "mysql -h db.internal -u root -p{P} app",
  "mysqldump -uroot -p{P} --single-transaction app > dump.sql",
  "mariadb -u app --password={P} -e 'select 1'",
  "mysqladmin -u root -p{P} status",
  "sshpass -p {P} ssh deploy@10.0.0.5 uptime",
  "sshpass -p{P} scp build.tgz ci@host:/srv",
  "docker login -u ci -p {P} registry.example.com",
  "docker login registry.gitlab.com --username ci --password {P}",
  "podman login -u bot -p {P} quay.io",
  "helm registry login ghcr.io -u bot -p {P}",
  "redis-cli -h cache -a {P} ping",
  "mongosh --host db -u admin -p {P} --authenticationDatabase admin",
  "mongodump -u backup -p {P} --out /backup",
  "sqlcmd -S db,1433 -U sa -P {P} -Q 'SELECT 1'",
  "ldapsearch -x -D cn=admin,dc=example,dc=org -w {P} -b dc=example,dc=org",
  "mosquitto_pub -h broker -u sensor -P {P} -t t/1 -m on",
  "zip -P {P} -r backup.zip data/",
  "7z a -p{P} secret.7z data/",
  "az login --service-principal -u http://ci -p {P} --tenant example.org",
  "openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:{P}",
  "openssl rsa -in key.pem -passin pass:{P} -out plain.pem",
  "keytool -importkeystore -srckeystore a.p12 -srcstorepass {P} -destkeystore b.jks",
  "keytool -genkey -alias app -keypass {P} -keystore app.jks",
  "curl -u admin:{P} https://jenkins.example.com/api/json",
  "curl --user ci:{P} -X POST https://nexus.example.com/upload",
  "curl -sS --proxy-user proxy:{P} https://example.com",
  "wget --user=ci --password={P} https://example.com/a.tgz",
  "wget --http-password {P} https://example.com/b.tgz",
  "smbclient //fs/share -U backup%{P}",
  "lftp -u deploy,{P} sftp://files.example.com",
  "htpasswd -bc /etc/nginx/.htpasswd admin {P}",
  "htpasswd -nbB admin {P}",
  "htpasswd -B -C 12 -b /etc/nginx/.htpasswd admin {P}",
  "gh secret set DEPLOY_KEY --body {P}",
  "xfreerdp /v:win01 /u:admin /p:{P}",
  "rabbitmqctl change_password app {P}",
  "rabbitmqctl add_user app {P}",
  "rabbitmqctl -n rabbit@mq-0 add_user app {P}",
  "echo {P} | docker login -u ci --password-stdin",
  "psql --host db --username app --pass {P}",
  "vault login -method=userpass username=ci password={P}",
  "influx -username admin -password {P} -execute 'SHOW DATABASES'",
  "app --db-password {P} --port 8080",
  "app --api-token={P} --verbose",
  "./deploy.sh --secret {P}",
  "./deploy.sh --client-credential {P}",
  "./sign --key {P} --out signed.bin",
  "dotnet nuget add source https://nuget.example.com/v3/index.json -n corp -u ci -p {P}",
  "poetry publish --build -u __token__ -p {P}",
  "ssh-keygen -t ed25519 -N {P} -f deploy_key",
  "security unlock-keychain -p {P} build.keychain",
  "security import dist.p12 -k build.keychain -P {P} -T /usr/bin/codesign",
  "security set-key-partition-list -S apple-tool:,apple: -s -k {P} build.keychain",
  "security add-generic-password -a ci -s deploy -w {P}",
  "echo {P} | sudo -S apt-get install -y jq",
  "printf '%s\\n' {P} | sudo -S -u root make install",
  "mc alias set store https://minio.example.com:9000 ci-access {P}",
];

/** Other credential forms: `{P}` is the secret. */
const CRED_TEMPLATES: readonly string[] = [
  "machine api.github.com login ci password {P}",
  "machine registry.example.com login deploy password {P} account ops",
  "default login anonymous password {P}",
  "git clone ci:{P}@git.example.com/org/repo.git",
  "connecting to admin:{P}@db-1.internal.example.com:5432",
  "using credentials deploy:{P} for upload",
  "npm config set //registry.npmjs.org/:_authToken {P}",
  "yarn config set npmAuthToken {P}",
  "redis-cli CONFIG SET requirepass {P}",
  "aws configure set aws_secret_access_key {P}",
  "git config --global github.token {P}",
  "set -gx API_TOKEN {P}",
  "SET masterauth {P}",
  "kubectl config set-credentials ci --token={P}",
  '{"name": "DB_PASSWORD", "value": "{P}"}',
  'Using password "{P}" for user deploy',
  "login with passphrase {P} failed",
  '<add key="ClearTextPassword" value="{P}" />',
  '<property name="hibernate.connection.password" value="{P}"/>',
  'HttpClient(new NetworkCredential("deploy", "{P}"))',
  'Secret Key: "{P}"',
  'api key = "{P}"',
];

/**
 * Lines a tool prints whole, with a secret (`{P}`): a prompt's answer, PHP's var_dump, a
 * CI command that registers a secret (its value runs to the line's end), Rails' binds.
 */
const PRINTED_TEMPLATES: readonly string[] = [
  "[sudo] password for ci: {P}",
  "Enter passphrase for key '/home/ci/.ssh/id_ed25519': {P}",
  "Your password is: {P}",
  "::add-mask::{P}",
  "##vso[task.setsecret]{P}",
  '  ["password"]=> string(16) "{P}"',
  '  User Load  SELECT 1 LIMIT $2  [["api_token", "{P}"], ["LIMIT", 1]]',
];

/** Where a printed line appears: alone, after a runner's timestamp, indented. */
const PRINTED_WRAPS: readonly ((line: string) => string[])[] = [
  (l) => [l],
  (l) => [`2024-05-14T09:12:03.4412345Z ${l}`],
  (l) => [`    ${l}`],
];

/** Every argument-position and other credential template (`{P}` is the secret). */
export const CREDENTIAL_TEMPLATES: readonly string[] = [...ARG_TEMPLATES, ...CRED_TEMPLATES];

/** Where a credential form is printed: shell traces, CI steps, JSON, YAML, continuation. */
const FORM_WRAPS: readonly ((cmd: string) => string[])[] = [
  (c) => [c],
  (c) => [`$ ${c}`],
  (c) => [`+ ${c}`],
  (c) => [`2024-05-14T09:12:03.4412345Z ${c}`],
  (c) => [`Step 4/9 : RUN ${c}`],
  (c) => [`{"level":"info","msg":"exec","cmd":${JSON.stringify(c)}}`],
  (c) => ["steps:", `  - run: ${c}`],
  (c) => [`[ERROR] command failed (exit 1): ${c}`],
];

function argForm(r: Rng, template: string, wraps = FORM_WRAPS): Form {
  const p = pw(r);
  // A slot the template quotes itself (JSON, prose) takes the value as it is.
  const quoted = /["']\{P\}["']/.test(template);
  const cmd = template.replace("{P}", () => quoted ? p : quote(r, p));
  return { lines: r.pick(wraps)(cmd), values: [p] };
}

/** A base64-encoded PEM private key on one line (Kubernetes secret data). */
function b64Pem(r: Rng): Form {
  const body: string[] = [];
  for (let i = 0; i < r.int(3, 6); i++) body.push(r.str(B64, 64));
  const label = r.pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY"]);
  const pem = `-----BEGIN ${label}-----\n${body.join("\n")}\n-----END ${label}-----\n`;
  const enc = btoa(pem);
  const lines = r.pick([
    [`  tls.key: ${enc}`],
    [`{"data":{"tls.key":"${enc}"}}`],
    ["data:", `  ssh-privatekey: ${enc}`],
  ]);
  // Every 8-character window past the encoded "-----BEGIN …-----" header is secret.
  return { lines, values: [enc.slice(48)] };
}

/** An unknown format: random, no prefix, in one of the alphabets real secrets use. */
function unknown(r: Rng): { text: string; values: string[] } {
  const [alphabet, lo, hi] = r.pick([
    [ALNUM, 20, 48],
    [B64, 24, 88],
    [B64URL, 22, 64],
    [LOWER + "234567", 52, 52],
  ] as [string, number, number][]);
  const v = mixed(r, alphabet, r.int(lo, hi));
  return { text: v, values: [v] };
}

/** Every form kind: a builder of its lines and secret values. */
export const FORM_KINDS: Record<string, (r: Rng) => Form> = {};
for (const [vendor, template] of VENDOR_FORMATS) {
  FORM_KINDS[`vendor:${vendor}`] = (r) => {
    const t = vendorToken(r, template);
    return { lines: r.pick(POSITIONS)(t.text), values: t.values };
  };
}
ARG_TEMPLATES.forEach((t) => {
  FORM_KINDS[`arg:${t.slice(0, t.indexOf(" "))}:${t.indexOf("{P}")}`] = (r) => argForm(r, t);
});
CRED_TEMPLATES.forEach((t) => {
  FORM_KINDS[`cred:${t.slice(0, 24)}`] = (r) => argForm(r, t);
});
PRINTED_TEMPLATES.forEach((t) => {
  FORM_KINDS[`printed:${t.trim().slice(0, 24)}`] = (r) => argForm(r, t, PRINTED_WRAPS);
});
FORM_KINDS["key:base64-pem"] = b64Pem;
FORM_KINDS["entropy:unknown"] = (r) => {
  const t = unknown(r);
  return { lines: r.pick(POSITIONS)(t.text), values: t.values };
};

/** The form kinds. */
export const FORM_KIND_NAMES: readonly string[] = Object.keys(FORM_KINDS);

/** One case of a kind from a seed. */
export function buildFormCase(kind: string, seed: number): SecretCase {
  const f = FORM_KINDS[kind](new Rng(seed));
  return { kind, lines: f.lines, values: f.values };
}

/** Every kind, `perKind` times (a fixed corpus). */
export function formCorpus(seed = 1, perKind = 8): SecretCase[] {
  const r = new Rng(seed);
  const out: SecretCase[] = [];
  for (const kind of FORM_KIND_NAMES) {
    for (let i = 0; i < perKind; i++) out.push(buildFormCase(kind, r.int(1, 0x7fffffff)));
  }
  return out;
}

/** Every standalone format (vendors, unknown) in each of the 8 positions. */
export function positionCorpus(seed = 1): SecretCase[] {
  const r = new Rng(seed);
  const out: SecretCase[] = [];
  const formats: [string, (r: Rng) => { text: string; values: string[] }][] = [
    ...VENDOR_FORMATS.map(([v, t]) =>
      [`vendor:${v}`, (rr: Rng) => vendorToken(rr, t)] as [
        string,
        (r: Rng) => { text: string; values: string[] },
      ]
    ),
    ["entropy:unknown", unknown],
  ];
  for (const [kind, make] of formats) {
    POSITIONS.forEach((pos, i) => {
      const t = make(new Rng(r.int(1, 0x7fffffff)));
      out.push({ kind: `${kind}@${POSITION_NAMES[i]}`, lines: pos(t.text), values: t.values });
    });
  }
  return out;
}

/** A fast-check arbitrary of form cases (every kind, a random seed). */
export const formCase: fc.Arbitrary<SecretCase> = fc
  .tuple(fc.constantFrom(...FORM_KIND_NAMES), fc.noBias(fc.integer({ min: 1, max: 0x7fffffff })))
  .map(([kind, seed]) => buildFormCase(kind, seed));
