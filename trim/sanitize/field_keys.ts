/**
 * Secret fields, the key names: which keys name a secret (the tables: key endings,
 * vendor names, custom auth headers, calls that take a secret), and the one function
 * that classifies a key by them (`keyKind`, memoised: logs repeat the same few keys).
 * Knowledge as data: a key format is added here, not in the scanners.
 *
 * @module
 */

// Keys whose value is secret, by their normalized ending (lower case, no `_`, `-`, `.`).
const _SECRET_KEY_END_RE =
  /(?:password|passwd|passphrase|pwd|secret|token|apikey|accesskey|secretkey|privatekey|authorization|credentials?|cookie|sessionid|sessid|signature|sonarlogin|authkey|masterkey|encryptionkey|signingkey|accountkey|sastoken|sharedkey|requirepass|masterauth|storepass|keypass|secretkeybase|licensekey|hmackey|appkey|subscriptionkey|consumerkey|sessionkey|storagekey|enckey|adminkey|serverkey|writekey|servicerolekey|ingestkey|restkey|jwtkey|botkey|authident|functionskey|stripekey|mnemonic|seedphrase|recoveryphrase|backupphrase|secretphrase|walletseed|seedwords|recoverywords|contribsyscom)$/;

/** Calls that take a secret: `setPassword("x")`, `withApiKey('x')` (not `Token("x")`). */
export const SECRET_CALL_RE: RegExp =
  /(?:password|passwd|passphrase|apikey|secretkey|accesskey|privatekey|authtoken|apitoken|accesstoken|clientsecret)$/;

/**
 * Constructors and calls of a user and a password: `new NetworkCredential("u", "x")`,
 * `HTTPBasicAuth('u', 'x')`, `UsernamePasswordCredentials("u", "x")`,
 * `login('admin', 'x')`, `page.signIn("u", "x")`, `client.authenticate("u", "x")`,
 * `.auth('u', 'x')` (the name lower-cased, without `_`).
 */
export const CREDENTIAL_CALL_RE: RegExp =
  /(?:credentials?|basicauth|passwordauthentication|login|logon|signin|authenticate|^auth)$/;

/** Last characters of secret key names (see `_SECRET_KEY_END_RE`), a cheap first filter. */
export const KEY_LAST: Uint8Array = new Uint8Array(128);
for (const ch of "desntylhrwyDESNTYLHRWY") KEY_LAST[ch.charCodeAt(0)] = 1;

/**
 * `name` or `key`: a key whose value names the `value` beside it
 * (`{"name": "DB_PASSWORD", "value": "x"}`, `<add key="ApiToken" value="x"/>`).
 */
export function isNameKey(key: string): boolean {
  return key === "name" || key === "Name" || key === "key" || key === "Key";
}

/** `value`: the key a {@linkcode isNameKey} key names. */
export function isValueKey(key: string | undefined): boolean {
  return key === "value" || key === "Value";
}

export const KEY_PLAIN = 0;

export const KEY_SECRET = 1;

export const KEY_HEADER = 2;

export const KEY_BEARER = 3;

/** `sig` (Azure SAS signatures): secret when the value is long (a signal number is not). */
export const KEY_SIG = 4;

/**
 * A key naming a vendor whose tokens have no format of their own (`ASANA_CLIENT_ID`,
 * `DISCORD_CLIENT_ID`, `SUMO_ACCESS_ID`): secret when the value reads as a token.
 */
export const KEY_VENDOR = 5;

/**
 * Vendors whose ids and keys are known by the key that names them (gitleaks' keyword
 * rules): a key ending in the vendor's name, or naming it and ending in a client, app,
 * access, API or account id, a key, a secret or a token.
 */
const _VENDOR_NAMES: readonly string[] = [
  "adafruit",
  "adobe",
  "airtable",
  "algolia",
  "alibaba",
  "asana",
  "atlassian",
  "beamer",
  "bitbucket",
  "bittrex",
  "meraki",
  "cloudflare",
  "codecov",
  "cohere",
  "coinbase",
  "confluent",
  "contentful",
  "datadog",
  "discord",
  "droneci",
  "dropbox",
  "etsy",
  "facebook",
  "fastly",
  "finicity",
  "finnhub",
  "flickr",
  "freshbooks",
  "gitter",
  "gocardless",
  "heroku",
  "hubspot",
  "intercom",
  "jfrog",
  "artifactory",
  "kraken",
  "kucoin",
  "launchdarkly",
  "linkedin",
  "mailchimp",
  "mailgun",
  "mapbox",
  "mattermost",
  "messagebird",
  "netlify",
  "newrelic",
  "nytimes",
  "okta",
  "plaid",
  "privateai",
  "rapidapi",
  "sendbird",
  "sentry",
  "sidekiq",
  "snyk",
  "squarespace",
  "sumo",
  "telegram",
  "travis",
  "twitch",
  "twitter",
  "typeform",
  "yandex",
  "zendesk",
];

const _VENDOR_NAME_RE = new RegExp(_VENDOR_NAMES.join("|"));

/** How a vendor's key ends: its name, or a client, app, access, API or account id, a key… */
const _VENDOR_KEY_END_RE = new RegExp(
  `(?:clientid|appid|accessid|apiid|accountid|key|secret|token|${_VENDOR_NAMES.join("|")})$`,
);

/**
 * The last two letters (lower case) of the vendor names: a key that ends in one of
 * them is looked at (`ASANA=x`, `kucoin: x`), though its last letter is none of
 * {@linkcode KEY_LAST}'s.
 */
const _VENDOR_LAST_TWO = new Uint8Array(26 * 26);
for (const v of _VENDOR_NAMES) {
  _VENDOR_LAST_TWO[(v.charCodeAt(v.length - 2) - 97) * 26 + v.charCodeAt(v.length - 1) - 97] = 1;
}

/**
 * Whether the key whose last character is at `j` may end in a vendor's name (two
 * characters compared, nothing allocated).
 */
export function mayEndInVendorName(s: string, j: number): boolean {
  if (j < 1) return false;
  const a = (s.charCodeAt(j - 1) | 32) - 97;
  const b = (s.charCodeAt(j) | 32) - 97;
  return a >= 0 && a < 26 && b >= 0 && b < 26 && _VENDOR_LAST_TWO[a * 26 + b] === 1;
}

/** Whether a key names a vendor whose tokens have no format of their own (`ASANA`). */
export function isVendorKeyName(key: string): boolean {
  return keyKind(key) === KEY_VENDOR;
}

/** Key names seen recently and their kind: logs repeat the same few keys endlessly. */
const _keyKinds = new Map<string, number>();

const _KEY_CACHE_LIMIT = 1024;

/** Whether a key name (`API_TOKEN`, `github.token`, `_authToken`) names a secret. */
export function isSecretKeyName(key: string): boolean {
  const kind = keyKind(key);
  return kind === KEY_SECRET || kind === KEY_HEADER;
}

/**
 * Custom auth headers: `X-Honeycomb-Team`, `X-Key`, `X-<name>-Key` (`X-Api-Key`,
 * `X-Service-Key`); the `-Token`, `-Secret`, `-Auth` shapes end like any secret key.
 * Not the keys that name a cache entry, a request or a partition.
 */
const _X_HEADER_SECRET_RE =
  /^x-(?:honeycomb-team|(?!(?:cache|idempotency|partition|routing|sort|object|request|public|primary|foreign|dedup|dedupe|lookup|group|message|event|trace|correlation|s3)-key$)(?:[a-z0-9]{1,32}-){0,3}key)$/;

/** nginx's directives that pass a request on (`proxy_pass http://app;`): no password. */
const _PASS_TO_RE = /^(?:proxy|fastcgi|uwsgi|scgi|grpc|memcached)_pass$/;

/**
 * Words after a secret key that keep it one (`LINEAR_CLIENT_SECRET_VALUE`,
 * `API_TOKEN_PROD`, `sonarTokenValue`, `password_new`): each ends in a letter of
 * {@linkcode KEY_LAST} (the cheap filter before a key is read), none names a count, a
 * type or a test (`token_count`, `token_type`, `password_test` stay plain).
 */
const _KEY_QUALIFIERS =
  "value|val|str|raw|plain|plaintext|encoded|prod|production|live|current|new|old";

/** A qualifier after `_`, `-` or `.` (any case), or a capitalized one (camelCase). */
const _KEY_QUALIFIER_RE = new RegExp(
  `(?:[-_.](?:${_KEY_QUALIFIERS}|${_KEY_QUALIFIERS.toUpperCase()})|(?<=[a-z])(?:${
    _KEY_QUALIFIERS.replace(/(^|\|)([a-z])/g, (_, b, c) => b + c.toUpperCase())
  }))$`,
);

/** Whether a key name is plain, a secret field, a header whose value is secret, or Bearer. */
export function keyKind(key: string): number {
  let kind = _keyKinds.get(key);
  if (kind !== undefined) return kind;
  kind = _keyKindOf(key);
  if (kind === KEY_PLAIN) {
    // A secret key and a qualifier: the key's kind (a header's name is a secret's key).
    const q = _KEY_QUALIFIER_RE.exec(key);
    if (q !== null && q.index >= 3) {
      const base = keyKind(key.slice(0, q.index));
      if (base === KEY_SECRET || base === KEY_HEADER) kind = KEY_SECRET;
      else if (base === KEY_VENDOR) kind = KEY_VENDOR;
    }
  }
  if (_keyKinds.size >= _KEY_CACHE_LIMIT) _keyKinds.clear();
  _keyKinds.set(key, kind);
  return kind;
}

/** {@linkcode keyKind} without its memo and qualifiers. */
function _keyKindOf(key: string): number {
  let kind: number;
  const norm = key.toLowerCase().replace(/[-_.]/g, "");
  const lowerKey = key.toLowerCase();
  if (norm === "bearer" || norm === "basic") kind = KEY_BEARER;
  else if (_PASS_TO_RE.test(lowerKey)) kind = KEY_PLAIN; // nginx: proxy_pass http://…
  else if (norm === "sig") kind = KEY_SIG;
  else if (
    norm === "authorization" || norm === "proxyauthorization" || norm === "cookie" ||
    norm === "setcookie"
  ) kind = KEY_HEADER;
  else if (
    _SECRET_KEY_END_RE.test(norm) ||
    /(?:^|[-_.])(?:pass|auth|pw|pat|salt|creds?)$/.test(lowerKey) ||
    /[a-z](?:Pass|Auth|Pw|Pat|Salt)$/.test(key) ||
    _X_HEADER_SECRET_RE.test(lowerKey)
  ) kind = KEY_SECRET;
  else if (_VENDOR_KEY_END_RE.test(norm) && _VENDOR_NAME_RE.test(norm)) kind = KEY_VENDOR;
  else kind = KEY_PLAIN;
  return kind;
}

/**
 * Keys of a wallet's seed words (their value is several words): `mnemonic`,
 * `seed phrase`, `SEED_PHRASE` (not `passphrase`, whose value is one word).
 */
export const SEED_KEY_RE: RegExp =
  /(?:mnemonic|(?:seed|recovery|backup|secret|mnemonic)[-_ .]?(?:phrase|words))$/i;
