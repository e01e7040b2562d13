/**
 * How trimlog covers each rule of gitleaks' default rule table (`config/gitleaks.toml`
 * of the public gitleaks repository, MIT), read as a specification of token formats:
 * one row per rule id, saying what masks it and giving our own example in the rule's
 * format (its prefix, length and alphabet), generated deterministically from the row's
 * template. The examples are random characters in the right shape: no real secret.
 *
 * The plain list of rule ids is `tests/fixtures/gitleaks_rule_ids.txt`; the test
 * (`tests/trim/secrets_gitleaks.test.ts`) holds this table complete against it and puts
 * every example in realistic log positions.
 *
 * Templates: literal text, and `{X:n}` for n random characters of alphabet X:
 *
 * | X | alphabet |
 * |---|---|
 * | `h` | `0-9a-f` |
 * | `H` | `0-9A-F` |
 * | `d` | `0-9` |
 * | `L` | `A-Za-z` |
 * | `a` | `a-z0-9` |
 * | `A` | `A-Z0-9` |
 * | `b` | `A-Za-z0-9` |
 * | `w` | `A-Za-z0-9_-` |
 * | `B` | `A-Za-z0-9+/` |
 * | `z` | `A-Z2-7` (base32) |
 * | `c` | `QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L` (bech32, upper case) |
 * | `u` | a UUID (n is ignored; `U`: upper case) |
 *
 * @module
 */

/** What masks a rule's secrets. */
export type CoverKind =
  /** A row of `trim/sanitize/vendors.ts`, wherever the token stands. */
  | "vendor"
  /** The secret field rule (`fields.ts`): a key that names a secret, any syntax. */
  | "field"
  /** A key naming the vendor (`fields.ts`'s vendor key words) with a token-like value. */
  | "vendor-key"
  /** A whole-line form: a command, a cookie, a URL, a config line, a key block. */
  | "line"
  /** Not a secret in a log line (see `reason`). */
  | "not-applicable";

/** One gitleaks rule and how we cover it. */
export interface GitleaksCoverage {
  /** The gitleaks rule id. */
  id: string;
  /** What masks it. */
  kind: CoverKind;
  /** The vendor row, the rule or the reason (for `not-applicable`). */
  by: string;
  /** The secret's template (see the module doc); lines for `line` rows. */
  template?: string;
  /** The key that names it, for keyword-gated formats (`ASANA_CLIENT_SECRET`). */
  key?: string;
  /** `line` rows: whole lines, each holding the template `{S}` where the secret goes. */
  lines?: readonly string[];
}

const V = "vendor";
const K = "vendor-key";
const F = "field";

/** The table: every gitleaks rule id, in the order of the rule list. */
export const GITLEAKS_COVERAGE: readonly GitleaksCoverage[] = [
  {
    id: "1password-secret-key",
    kind: V,
    by: "1Password (secret key)",
    template: "A3-{A:6}-{A:11}-{A:5}-{A:5}-{A:5}",
  },
  {
    id: "1password-service-account-token",
    kind: V,
    by: "1Password (service account token)",
    template: "ops_eyJ{B:260}",
  },
  {
    id: "adafruit-api-key",
    kind: V,
    by: "Adafruit IO",
    template: "aio_{b:28}",
    key: "ADAFRUIT_IO_KEY",
  },
  {
    id: "adobe-client-id",
    kind: K,
    by: "vendor key word adobe; a 32-hex id is [HASH] anyway",
    template: "{h:32}",
    key: "ADOBE_CLIENT_ID",
  },
  { id: "adobe-client-secret", kind: V, by: "Adobe (client secret)", template: "p8e-{b:32}" },
  { id: "age-secret-key", kind: V, by: "age (secret key)", template: "AGE-SECRET-KEY-1{c:58}" },
  {
    id: "airtable-api-key",
    kind: K,
    by: "vendor key word airtable (PATs: row Airtable)",
    template: "key{b:14}",
    key: "AIRTABLE_API_KEY",
  },
  {
    id: "algolia-api-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{h:32}",
    key: "ALGOLIA_API_KEY",
  },
  { id: "alibaba-access-key-id", kind: V, by: "Alibaba Cloud", template: "LTAI{b:20}" },
  {
    id: "alibaba-secret-key",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{b:30}",
    key: "ALIBABA_CLOUD_ACCESS_KEY_SECRET",
  },
  { id: "anthropic-admin-api-key", kind: V, by: "Anthropic", template: "sk-ant-admin01-{w:93}AA" },
  { id: "anthropic-api-key", kind: V, by: "Anthropic", template: "sk-ant-api03-{w:93}AA" },
  { id: "artifactory-api-key", kind: V, by: "JFrog Artifactory (API key)", template: "AKCp{b:69}" },
  {
    id: "artifactory-reference-token",
    kind: V,
    by: "JFrog Artifactory (reference token)",
    template: "cmVmd{b:59}",
  },
  {
    id: "asana-client-id",
    kind: K,
    by: "vendor key word asana",
    template: "{d:16}",
    key: "ASANA_CLIENT_ID",
  },
  {
    id: "asana-client-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{a:32}",
    key: "ASANA_CLIENT_SECRET",
  },
  {
    id: "atlassian-api-token",
    kind: V,
    by: "Atlassian (API token; Bitbucket's repository and workspace access tokens)",
    template: "ATATT3{w:186}",
  },
  {
    id: "authress-service-client-access-key",
    kind: V,
    by: "Authress (service client access key)",
    template: "sc_{a:12}.{a:5}.acc_{a:20}.{w:64}",
  },
  { id: "aws-access-token", kind: V, by: "AWS (access key id)", template: "AKIA{z:16}" },
  {
    id: "azure-ad-client-secret",
    kind: V,
    by: "Microsoft Entra ID (client secret)",
    template: "{b:3}{d:1}Q~{w:34}",
  },
  {
    id: "beamer-api-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "b_{w:44}",
    key: "BEAMER_API_KEY",
  },
  {
    id: "bitbucket-client-id",
    kind: K,
    by: "vendor key word bitbucket",
    template: "{b:32}",
    key: "BITBUCKET_CLIENT_ID",
  },
  {
    id: "bitbucket-client-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{w:64}",
    key: "BITBUCKET_CLIENT_SECRET",
  },
  {
    id: "bittrex-access-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{a:32}",
    key: "BITTREX_API_KEY",
  },
  {
    id: "bittrex-secret-key",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{a:32}",
    key: "BITTREX_API_SECRET",
  },
  {
    id: "cisco-meraki-api-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{h:40}",
    key: "MERAKI_DASHBOARD_API_KEY",
  },
  {
    id: "clickhouse-cloud-api-secret-key",
    kind: V,
    by: "ClickHouse Cloud (API secret key)",
    template: "4b1d{b:38}",
  },
  { id: "clojars-api-token", kind: V, by: "Clojars", template: "CLOJARS_{a:60}" },
  {
    id: "cloudflare-api-key",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:40}",
    key: "CLOUDFLARE_API_TOKEN",
  },
  {
    id: "cloudflare-global-api-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{h:37}",
    key: "CLOUDFLARE_API_KEY",
  },
  {
    id: "cloudflare-origin-ca-key",
    kind: V,
    by: "Cloudflare (origin CA key)",
    template: "v1.0-{h:24}-{h:146}",
  },
  {
    id: "codecov-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{a:32}",
    key: "CODECOV_TOKEN",
  },
  {
    id: "cohere-api-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{b:40}",
    key: "CO_API_KEY",
  },
  {
    id: "coinbase-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:64}",
    key: "COINBASE_ACCESS_TOKEN",
  },
  {
    id: "confluent-access-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{A:16}",
    key: "CONFLUENT_CLOUD_API_KEY",
  },
  {
    id: "confluent-secret-key",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{b:64}",
    key: "CONFLUENT_CLOUD_API_SECRET",
  },
  {
    id: "contentful-delivery-api-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:43}",
    key: "CONTENTFUL_DELIVERY_TOKEN",
  },
  {
    id: "curl-auth-header",
    kind: "line",
    by: "Authorization header, X-…-Key/Token headers (fields.ts)",
    template: "{w:40}",
    lines: [
      'curl -sS -H "Authorization: Bearer {S}" https://api.example.com/v1/me',
      "curl -H 'X-Api-Key: {S}' https://api.example.com/v1/items",
      'curl --header "Authorization: Token {S}" https://api.example.com',
      'curl --header="X-Auth-Token: {S}" https://api.example.com',
    ],
  },
  {
    id: "curl-auth-user",
    kind: "line",
    by: "curl -u user:password (args.ts)",
    template: "{b:16}",
    lines: [
      "curl -u deploy:{S} https://nexus.example.com/repository/",
      'curl --user "ci:{S}" -X POST https://api.example.com/v1/build',
      "curl -fsSL --user=admin:{S} https://registry.example.com/v2/",
    ],
  },
  {
    id: "database-password",
    kind: "line",
    by: "secret key names (db_password, pwd) in env, YAML, connection strings",
    template: "{b:16}",
    lines: [
      "DB_PASSWORD={S}",
      '  database_password: "{S}"',
      "Server=db.internal;Database=app;Uid=app;Pwd={S};",
    ],
  },
  { id: "databricks-api-token", kind: V, by: "Databricks", template: "dapi{h:32}" },
  {
    id: "datadog-access-token",
    kind: F,
    by: "secret key name (…_app_key)",
    template: "{a:40}",
    key: "DATADOG_APP_KEY",
  },
  {
    id: "defined-networking-api-token",
    kind: V,
    by: "Defined Networking",
    template: "dnkey-{w:26}-{w:52}",
  },
  { id: "digitalocean-access-token", kind: V, by: "DigitalOcean", template: "doo_v1_{h:64}" },
  { id: "digitalocean-pat", kind: V, by: "DigitalOcean", template: "dop_v1_{h:64}" },
  { id: "digitalocean-refresh-token", kind: V, by: "DigitalOcean", template: "dor_v1_{h:64}" },
  {
    id: "discord-api-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{h:64}",
    key: "DISCORD_API_TOKEN",
  },
  {
    id: "discord-client-id",
    kind: K,
    by: "vendor key word discord",
    template: "{d:18}",
    key: "DISCORD_CLIENT_ID",
  },
  {
    id: "discord-client-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{w:32}",
    key: "DISCORD_CLIENT_SECRET",
  },
  { id: "doppler-api-token", kind: V, by: "Doppler", template: "dp.pt.{b:43}" },
  {
    id: "droneci-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{b:32}",
    key: "DRONECI_TOKEN",
  },
  {
    id: "dropbox-api-token",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{a:15}",
    key: "DROPBOX_APP_SECRET",
  },
  {
    id: "dropbox-long-lived-api-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{a:11}AAAAAAAAAA{w:43}",
    key: "DROPBOX_TOKEN",
  },
  { id: "dropbox-short-lived-api-token", kind: V, by: "Dropbox", template: "sl.{w:135}" },
  { id: "duffel-api-token", kind: V, by: "Duffel", template: "duffel_test_{w:43}" },
  { id: "dynatrace-api-token", kind: V, by: "Dynatrace", template: "dt0c01.{A:24}.{A:64}" },
  { id: "easypost-api-token", kind: V, by: "EasyPost", template: "EZAK{b:54}" },
  { id: "easypost-test-api-token", kind: V, by: "EasyPost", template: "EZTK{b:54}" },
  {
    id: "etsy-access-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{a:24}",
    key: "ETSY_API_KEY",
  },
  {
    id: "facebook-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{d:15}|{w:32}",
    key: "FACEBOOK_ACCESS_TOKEN",
  },
  {
    id: "facebook-page-access-token",
    kind: V,
    by: "Facebook (access token)",
    template: "EAAM{b:120}",
  },
  {
    id: "facebook-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{h:32}",
    key: "FACEBOOK_APP_SECRET",
  },
  {
    id: "fastly-api-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:32}",
    key: "FASTLY_API_TOKEN",
  },
  {
    id: "finicity-api-token",
    kind: F,
    by: "secret key name (…_app_key)",
    template: "{h:32}",
    key: "FINICITY_APP_KEY",
  },
  {
    id: "finicity-client-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{b:20}",
    key: "FINICITY_PARTNER_SECRET",
  },
  {
    id: "finnhub-access-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{a:20}",
    key: "FINNHUB_API_KEY",
  },
  {
    id: "flickr-access-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{h:32}",
    key: "FLICKR_API_KEY",
  },
  { id: "flutterwave-encryption-key", kind: V, by: "Flutterwave", template: "FLWSECK_TEST-{h:12}" },
  { id: "flutterwave-public-key", kind: V, by: "Flutterwave", template: "FLWPUBK_TEST-{h:32}-X" },
  { id: "flutterwave-secret-key", kind: V, by: "Flutterwave", template: "FLWSECK_TEST-{h:32}-X" },
  { id: "flyio-access-token", kind: V, by: "Fly.io", template: "fm2_{B:120}" },
  { id: "frameio-api-token", kind: V, by: "Frame.io", template: "fio-u-{w:64}" },
  {
    id: "freemius-secret-key",
    kind: "line",
    by: "secret key name in a PHP array (fields.ts)",
    template: "sk_{b:29}",
    lines: ["    'secret_key' => '{S}',", '  "secret_key" => "{S}",'],
  },
  {
    id: "freshbooks-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{a:64}",
    key: "FRESHBOOKS_ACCESS_TOKEN",
  },
  { id: "gcp-api-key", kind: V, by: "Google (API key)", template: "AIza{w:35}" },
  {
    id: "generic-api-key",
    kind: F,
    by: "secret key names (key, token, secret, password, auth, credentials)",
    template: "{b:32}",
    key: "SERVICE_API_KEY",
  },
  { id: "github-app-token", kind: V, by: "GitHub (classic token)", template: "ghs_{b:36}" },
  {
    id: "github-fine-grained-pat",
    kind: V,
    by: "GitHub (fine-grained token)",
    template: "github_pat_{b:22}_{b:59}",
  },
  { id: "github-oauth", kind: V, by: "GitHub (classic token)", template: "gho_{b:36}" },
  { id: "github-pat", kind: V, by: "GitHub (classic token)", template: "ghp_{b:36}" },
  { id: "github-refresh-token", kind: V, by: "GitHub (classic token)", template: "ghr_{b:36}" },
  { id: "gitlab-cicd-job-token", kind: V, by: "GitLab", template: "glcbt-{b:5}_{w:20}" },
  { id: "gitlab-deploy-token", kind: V, by: "GitLab", template: "gldt-{w:20}" },
  { id: "gitlab-feature-flag-client-token", kind: V, by: "GitLab", template: "glffct-{w:20}" },
  { id: "gitlab-feed-token", kind: V, by: "GitLab", template: "glft-{w:20}" },
  { id: "gitlab-incoming-mail-token", kind: V, by: "GitLab", template: "glimt-{w:25}" },
  { id: "gitlab-kubernetes-agent-token", kind: V, by: "GitLab", template: "glagent-{w:50}" },
  { id: "gitlab-oauth-app-secret", kind: V, by: "GitLab", template: "gloas-{w:64}" },
  { id: "gitlab-pat", kind: V, by: "GitLab", template: "glpat-{w:20}" },
  { id: "gitlab-pat-routable", kind: V, by: "GitLab", template: "glpat-{w:36}.{a:9}" },
  { id: "gitlab-ptt", kind: V, by: "GitLab", template: "glptt-{h:40}" },
  {
    id: "gitlab-rrt",
    kind: V,
    by: "GitLab (runner registration token)",
    template: "GR1348941{w:20}",
  },
  { id: "gitlab-runner-authentication-token", kind: V, by: "GitLab", template: "glrt-{w:20}" },
  {
    id: "gitlab-runner-authentication-token-routable",
    kind: V,
    by: "GitLab",
    template: "glrt-t1_{w:27}.{a:9}",
  },
  { id: "gitlab-scim-token", kind: V, by: "GitLab", template: "glsoat-{w:20}" },
  {
    id: "gitlab-session-cookie",
    kind: "line",
    by: "GitLab (session cookie) row; Cookie header (fields.ts)",
    template: "{a:32}",
    lines: [
      "Cookie: _gitlab_session={S}",
      "Set-Cookie: _gitlab_session={S}; path=/; HttpOnly; SameSite=Lax",
      'curl -b "_gitlab_session={S}" https://gitlab.example.com/api/v4/user',
      "session _gitlab_session={S} expired",
    ],
  },
  {
    id: "gitter-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:40}",
    key: "GITTER_TOKEN",
  },
  { id: "gocardless-api-token", kind: V, by: "GoCardless", template: "live_{w:40}" },
  { id: "grafana-api-key", kind: V, by: "Grafana (API key)", template: "eyJrIjoi{b:80}" },
  {
    id: "grafana-cloud-api-token",
    kind: V,
    by: "Grafana (cloud API token)",
    template: "glc_{B:48}",
  },
  {
    id: "grafana-service-account-token",
    kind: V,
    by: "Grafana (service account token)",
    template: "glsa_{b:32}_{h:8}",
  },
  { id: "harness-api-key", kind: V, by: "Harness", template: "pat.{w:22}.{b:24}.{b:20}" },
  {
    id: "hashicorp-tf-api-token",
    kind: V,
    by: "HashiCorp Terraform Cloud",
    template: "{a:14}.atlasv1.{w:64}",
  },
  {
    id: "hashicorp-tf-password",
    kind: "line",
    by: "secret key names in HCL (fields.ts)",
    template: "{w:16}",
    lines: ['  administrator_login_password = "{S}"', '  password = "{S}"'],
  },
  {
    id: "heroku-api-key",
    kind: F,
    by: "secret key name (…_api_key); a UUID is [ID] anyway",
    template: "{u:0}",
    key: "HEROKU_API_KEY",
  },
  { id: "heroku-api-key-v2", kind: V, by: "Heroku", template: "HRKU-AA{w:58}" },
  {
    id: "hubspot-api-key",
    kind: F,
    by: "secret key name (…_api_key); a UUID is [ID] anyway",
    template: "{U:0}",
    key: "HUBSPOT_API_KEY",
  },
  { id: "huggingface-access-token", kind: V, by: "Hugging Face", template: "hf_{L:34}" },
  {
    id: "huggingface-organization-api-token",
    kind: V,
    by: "Hugging Face (organization API token)",
    template: "api_org_{L:34}",
  },
  { id: "infracost-api-token", kind: V, by: "Infracost", template: "ico-{b:32}" },
  {
    id: "intercom-api-key",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:60}",
    key: "INTERCOM_ACCESS_TOKEN",
  },
  {
    id: "intra42-client-secret",
    kind: V,
    by: "42 Intra (client secret)",
    template: "s-s4t2ud-{h:64}",
  },
  {
    id: "jfrog-api-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{a:73}",
    key: "JFROG_API_KEY",
  },
  {
    id: "jfrog-identity-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{a:64}",
    key: "ARTIFACTORY_IDENTITY_TOKEN",
  },
  { id: "jwt", kind: V, by: "JWT rule (line.ts)", template: "eyJ{b:30}.eyJ{w:40}.{w:43}" },
  { id: "jwt-base64", kind: V, by: "JWT (base64-encoded)", template: "ZXlKaGJHY2lPaU{b:80}" },
  {
    id: "kraken-access-token",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{B:88}",
    key: "KRAKEN_API_SECRET",
  },
  {
    id: "kubernetes-secret-yaml",
    kind: "line",
    by: "secret key names in a Secret's data; base64 values by entropy",
    template: "{B:44}",
    lines: ["  password: {S}=", "  api-token: {S}", "  config.json: {S}{S}"],
  },
  {
    id: "kucoin-access-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{h:24}",
    key: "KUCOIN_API_KEY",
  },
  {
    id: "kucoin-secret-key",
    kind: F,
    by: "secret key name (…_secret); a UUID is [ID] anyway",
    template: "{u:0}",
    key: "KUCOIN_API_SECRET",
  },
  {
    id: "launchdarkly-access-token",
    kind: F,
    by: "secret key name (…_sdk_key)",
    template: "sdk-{u:0}",
    key: "LAUNCHDARKLY_SDK_KEY",
  },
  { id: "linear-api-key", kind: V, by: "Linear", template: "lin_api_{b:40}" },
  {
    id: "linear-client-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{h:32}",
    key: "LINEAR_CLIENT_SECRET",
  },
  {
    id: "linkedin-client-id",
    kind: K,
    by: "vendor key word linkedin",
    template: "{a:14}",
    key: "LINKEDIN_CLIENT_ID",
  },
  {
    id: "linkedin-client-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{b:16}",
    key: "LINKEDIN_CLIENT_SECRET",
  },
  {
    id: "lob-api-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "live_{h:35}",
    key: "LOB_API_KEY",
  },
  {
    id: "lob-pub-api-key",
    kind: "not-applicable",
    by:
      "a publishable key, public by design (web pages send it): its hexadecimal part is [HASH] like any hash, [ID:<last N>] with preserveIdSuffix N",
  },
  { id: "mailchimp-api-key", kind: V, by: "Mailchimp", template: "{h:32}-us{d:2}" },
  { id: "mailgun-private-api-token", kind: V, by: "Mailgun", template: "key-{h:32}" },
  {
    id: "mailgun-pub-key",
    kind: F,
    by: "secret key name (…_public_key); Mailgun row",
    template: "pubkey-{h:32}",
    key: "MAILGUN_PUBLIC_KEY",
  },
  {
    id: "mailgun-signing-key",
    kind: F,
    by: "secret key name (…_signing_key)",
    template: "{h:32}-{h:8}-{h:8}",
    key: "MAILGUN_WEBHOOK_SIGNING_KEY",
  },
  {
    id: "mapbox-api-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "pk.{a:60}.{a:22}",
    key: "MAPBOX_ACCESS_TOKEN",
  },
  {
    id: "mattermost-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{a:26}",
    key: "MATTERMOST_ACCESS_TOKEN",
  },
  { id: "maxmind-license-key", kind: V, by: "MaxMind (license key)", template: "{b:6}_{b:29}_mmk" },
  {
    id: "messagebird-api-token",
    kind: F,
    by: "secret key name (…_access_key)",
    template: "{b:25}",
    key: "MESSAGEBIRD_ACCESS_KEY",
  },
  {
    id: "messagebird-client-id",
    kind: K,
    by: "vendor key word messagebird; a UUID is [ID] anyway",
    template: "{u:0}",
    key: "MESSAGEBIRD_CLIENT_ID",
  },
  {
    id: "microsoft-teams-webhook",
    kind: "line",
    by: "webhook URLs (vendors.ts WEBHOOK_RE)",
    template: "{h:32}",
    lines: [
      "POST https://acme.webhook.office.com/webhookb2/0f8fad5b-d9cb-469f-a165-70867728950e@6ba7b810-9dad-11d1-80b4-00c04fd430c8/IncomingWebhook/{S}/7c9e6679-7425-40de-944b-e07fc1f90ae7",
    ],
  },
  {
    id: "netlify-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{w:43}",
    key: "NETLIFY_AUTH_TOKEN",
  },
  { id: "new-relic-browser-api-token", kind: V, by: "New Relic", template: "NRJS-{h:19}" },
  { id: "new-relic-insert-key", kind: V, by: "New Relic", template: "NRII-{b:32}" },
  {
    id: "new-relic-user-api-id",
    kind: K,
    by: "vendor key word newrelic",
    template: "{a:64}",
    key: "NEW_RELIC_USER_API_ID",
  },
  { id: "new-relic-user-api-key", kind: V, by: "New Relic", template: "NRAK-{A:27}" },
  { id: "notion-api-token", kind: V, by: "Notion", template: "ntn_{d:11}{b:35}" },
  { id: "npm-access-token", kind: V, by: "npm", template: "npm_{b:36}" },
  {
    id: "nuget-config-password",
    kind: "line",
    by: "XML settings named by a key attribute (fields.ts)",
    template: "{b:16}",
    lines: [
      '    <add key="ClearTextPassword" value="{S}" />',
      '<add key="Password" value="{S}" />',
    ],
  },
  {
    id: "nytimes-access-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{w:32}",
    key: "NYTIMES_API_KEY",
  },
  { id: "octopus-deploy-api-key", kind: V, by: "Octopus Deploy", template: "API-{A:26}" },
  {
    id: "okta-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "00{w:40}",
    key: "OKTA_API_TOKEN",
  },
  { id: "openai-api-key", kind: V, by: "OpenAI", template: "sk-proj-{w:74}T3BlbkFJ{w:74}" },
  { id: "openshift-user-token", kind: V, by: "OpenShift", template: "sha256~{w:43}" },
  { id: "perplexity-api-key", kind: V, by: "Perplexity", template: "pplx-{b:48}" },
  {
    id: "pkcs12-file",
    kind: "not-applicable",
    by:
      "a rule on file names (.p12, .pfx): the file's bytes are binary, and a binary line is dropped whole (isBinaryLine); a base64 dump of one is masked by entropy",
  },
  {
    id: "plaid-api-token",
    kind: V,
    by: "Plaid",
    template: "access-sandbox-{u:0}",
    key: "PLAID_ACCESS_TOKEN",
  },
  {
    id: "plaid-client-id",
    kind: K,
    by: "vendor key word plaid",
    template: "{h:24}",
    key: "PLAID_CLIENT_ID",
  },
  {
    id: "plaid-secret-key",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{h:30}",
    key: "PLAID_SECRET",
  },
  { id: "planetscale-api-token", kind: V, by: "PlanetScale", template: "pscale_tkn_{w:43}" },
  { id: "planetscale-oauth-token", kind: V, by: "PlanetScale", template: "pscale_oauth_{w:43}" },
  { id: "planetscale-password", kind: V, by: "PlanetScale", template: "pscale_pw_{w:43}" },
  { id: "postman-api-token", kind: V, by: "Postman", template: "PMAK-{h:24}-{h:34}" },
  { id: "prefect-api-token", kind: V, by: "Prefect", template: "pnu_{b:36}" },
  {
    id: "private-key",
    kind: "line",
    by: "PEM private keys, on one line or as a block (keys.ts, blocks.ts)",
    template: "{B:64}",
    lines: [
      '{"key": "-----BEGIN PRIVATE KEY-----\\n{S}\\n{S}\\n-----END PRIVATE KEY-----\\n"}',
      "-----BEGIN RSA PRIVATE KEY----- {S}{S} -----END RSA PRIVATE KEY-----",
    ],
  },
  {
    id: "privateai-api-token",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{a:32}",
    key: "PRIVATE_AI_API_KEY",
  },
  { id: "pulumi-api-token", kind: V, by: "Pulumi", template: "pul-{h:40}" },
  { id: "pypi-upload-token", kind: V, by: "PyPI", template: "pypi-AgEIcHlwaS5vcmc{w:70}" },
  {
    id: "rapidapi-access-token",
    kind: F,
    by: "secret key name (…_key)",
    template: "{w:50}",
    key: "RAPIDAPI_KEY",
  },
  { id: "readme-api-token", kind: V, by: "ReadMe", template: "rdme_{a:70}" },
  { id: "rubygems-api-token", kind: V, by: "RubyGems", template: "rubygems_{h:48}" },
  { id: "scalingo-api-token", kind: V, by: "Scalingo", template: "tk-us-{w:48}" },
  {
    id: "sendbird-access-id",
    kind: K,
    by: "vendor key word sendbird; a UUID is [ID] anyway",
    template: "{U:0}",
    key: "SENDBIRD_APP_ID",
  },
  {
    id: "sendbird-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{h:40}",
    key: "SENDBIRD_API_TOKEN",
  },
  { id: "sendgrid-api-token", kind: V, by: "SendGrid", template: "SG.{w:22}.{w:43}" },
  { id: "sendinblue-api-token", kind: V, by: "Brevo", template: "xkeysib-{h:64}-{b:16}" },
  {
    id: "sentry-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{h:64}",
    key: "SENTRY_AUTH_TOKEN",
  },
  {
    id: "sentry-org-token",
    kind: V,
    by: "Sentry",
    template: "sntrys_eyJpYXQiO{B:40}LCJyZWdpb25fdXJs{B:40}_{B:43}",
  },
  { id: "sentry-user-token", kind: V, by: "Sentry", template: "sntryu_{h:64}" },
  {
    id: "settlemint-application-access-token",
    kind: V,
    by: "SettleMint",
    template: "sm_aat_{b:16}",
  },
  { id: "settlemint-personal-access-token", kind: V, by: "SettleMint", template: "sm_pat_{b:16}" },
  { id: "settlemint-service-access-token", kind: V, by: "SettleMint", template: "sm_sat_{b:16}" },
  { id: "shippo-api-token", kind: V, by: "Shippo", template: "shippo_live_{h:40}" },
  { id: "shopify-access-token", kind: V, by: "Shopify", template: "shpat_{h:32}" },
  { id: "shopify-custom-access-token", kind: V, by: "Shopify", template: "shpca_{h:32}" },
  { id: "shopify-private-app-access-token", kind: V, by: "Shopify", template: "shppa_{h:32}" },
  { id: "shopify-shared-secret", kind: V, by: "Shopify", template: "shpss_{h:32}" },
  {
    id: "sidekiq-secret",
    kind: F,
    by: "secret key name (BUNDLE_…__CONTRIBSYS__COM)",
    template: "{h:8}:{h:8}",
    key: "BUNDLE_ENTERPRISE__CONTRIBSYS__COM",
  },
  {
    id: "sidekiq-sensitive-url",
    kind: "line",
    by: "URL credentials (line.ts)",
    template: "{h:8}",
    lines: [
      "gem source https://{S}:{S}@gems.contribsys.com/",
      "fetching https://{S}:{S}@enterprise.contribsys.com/specs.4.8.gz",
    ],
  },
  {
    id: "slack-app-token",
    kind: V,
    by: "Slack (app-level token)",
    template: "xapp-1-A{A:10}-{d:13}-{h:64}",
  },
  { id: "slack-bot-token", kind: V, by: "Slack", template: "xoxb-{d:12}-{d:13}-{b:24}" },
  { id: "slack-config-access-token", kind: V, by: "Slack", template: "xoxe.xoxp-1-{A:164}" },
  { id: "slack-config-refresh-token", kind: V, by: "Slack", template: "xoxe-1-{A:146}" },
  { id: "slack-legacy-bot-token", kind: V, by: "Slack", template: "xoxb-{d:11}-{b:24}" },
  { id: "slack-legacy-token", kind: V, by: "Slack", template: "xoxs-{d:10}-{d:11}-{d:12}-{h:64}" },
  { id: "slack-legacy-workspace-token", kind: V, by: "Slack", template: "xoxa-2-{b:40}" },
  { id: "slack-user-token", kind: V, by: "Slack", template: "xoxp-{d:12}-{d:12}-{d:13}-{h:32}" },
  {
    id: "slack-webhook-url",
    kind: "line",
    by: "webhook URLs (vendors.ts WEBHOOK_RE)",
    template: "{b:24}",
    lines: [
      "curl -X POST -d @payload.json https://hooks.slack.com/services/T0ABCDEFG/B0HIJKLMNOP/{S}",
    ],
  },
  {
    id: "snyk-api-token",
    kind: F,
    by: "secret key name (…_token); a UUID is [ID] anyway",
    template: "{u:0}",
    key: "SNYK_TOKEN",
  },
  {
    id: "sonar-api-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{h:40}",
    key: "SONAR_TOKEN",
  },
  {
    id: "sourcegraph-access-token",
    kind: V,
    by: "Sourcegraph and Segment",
    template: "sgp_{h:16}_{h:40}",
  },
  { id: "square-access-token", kind: V, by: "Square", template: "EAAA{w:60}" },
  {
    id: "squarespace-access-token",
    kind: F,
    by: "secret key name (…_api_key); a UUID is [ID] anyway",
    template: "{u:0}",
    key: "SQUARESPACE_API_KEY",
  },
  { id: "stripe-access-token", kind: V, by: "Stripe", template: "rk_prod_{b:24}" },
  {
    id: "sumologic-access-id",
    kind: K,
    by: "vendor key word sumo",
    template: "su{b:12}",
    key: "SUMO_ACCESS_ID",
  },
  {
    id: "sumologic-access-token",
    kind: F,
    by: "secret key name (…_access_key)",
    template: "{b:64}",
    key: "SUMO_ACCESS_KEY",
  },
  {
    id: "telegram-bot-api-token",
    kind: V,
    by: "Telegram (bot token)",
    template: "{d:10}:AA{w:33}",
    key: "TELEGRAM_BOT_TOKEN",
  },
  {
    id: "travisci-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{b:22}",
    key: "TRAVIS_API_TOKEN",
  },
  { id: "twilio-api-key", kind: V, by: "Twilio (API key)", template: "SK{h:32}" },
  {
    id: "twitch-api-token",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{a:30}",
    key: "TWITCH_CLIENT_SECRET",
  },
  {
    id: "twitter-access-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{b:45}",
    key: "TWITTER_ACCESS_TOKEN_SECRET",
  },
  {
    id: "twitter-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "{d:19}-{b:31}",
    key: "TWITTER_ACCESS_TOKEN",
  },
  {
    id: "twitter-api-key",
    kind: F,
    by: "secret key name (…_api_key)",
    template: "{b:25}",
    key: "TWITTER_API_KEY",
  },
  {
    id: "twitter-api-secret",
    kind: F,
    by: "secret key name (…_secret)",
    template: "{b:50}",
    key: "TWITTER_API_SECRET",
  },
  {
    id: "twitter-bearer-token",
    kind: V,
    by: "Twitter / X (app-only bearer token)",
    template: "AAAAAAAAAAAAAAAAAAAAAA{b:90}",
  },
  { id: "typeform-api-token", kind: V, by: "Typeform", template: "tfp_{w:59}" },
  { id: "vault-batch-token", kind: V, by: "HashiCorp Vault", template: "hvb.{w:150}" },
  { id: "vault-service-token", kind: V, by: "HashiCorp Vault", template: "hvs.{w:100}" },
  {
    id: "yandex-access-token",
    kind: F,
    by: "secret key name (…_token)",
    template: "t1.{w:40}.{w:86}",
    key: "YANDEX_OAUTH_TOKEN",
  },
  { id: "yandex-api-key", kind: V, by: "Yandex Cloud", template: "AQVN{w:36}" },
  {
    id: "yandex-aws-access-token",
    kind: V,
    by: "Yandex Cloud (static access key)",
    template: "YC{w:38}",
    key: "YANDEX_ACCESS_KEY_ID",
  },
  {
    id: "zendesk-secret-key",
    kind: F,
    by: "secret key name (…_token)",
    template: "{a:40}",
    key: "ZENDESK_API_TOKEN",
  },
];

const _ALPHABETS: Record<string, string> = {
  h: "0123456789abcdef",
  H: "0123456789ABCDEF",
  d: "0123456789",
  L: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  a: "abcdefghijklmnopqrstuvwxyz0123456789",
  A: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  b: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  w: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
  B: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
  z: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
  c: "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
};

/** A generated example: the whole token and its random parts (what must never show). */
export interface Example {
  token: string;
  secrets: string[];
}

/** A deterministic PRNG (mulberry32) seeded from a string. */
function _rng(seedText: string): () => number {
  let a = 0x811c9dc5;
  for (let i = 0; i < seedText.length; i++) a = Math.imul(a ^ seedText.charCodeAt(i), 0x01000193);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Expands a template (see the module doc) with a PRNG seeded from `seed`. */
export function expand(template: string, seed: string): Example {
  const next = _rng(seed);
  const pick = (alphabet: string, n: number) => {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  };
  const secrets: string[] = [];
  const token = template.replace(/\{([A-Za-z]):(\d+)\}/g, (_m, x: string, n: string) => {
    let part: string;
    if (x === "u" || x === "U") {
      const h = _ALPHABETS.h;
      part = `${pick(h, 8)}-${pick(h, 4)}-4${pick(h, 3)}-a${pick(h, 3)}-${pick(h, 12)}`;
      if (x === "U") part = part.toUpperCase();
    } else {
      const alphabet = _ALPHABETS[x];
      if (alphabet === undefined) throw new Error(`template ${template}: no alphabet ${x}`);
      part = pick(alphabet, Number(n));
    }
    secrets.push(part);
    return part;
  });
  return { token, secrets };
}

/** The example of a row (seeded by its id and `n`, so each call with the same n agrees). */
export function exampleOf(row: GitleaksCoverage, n = 0): Example {
  return expand(row.template ?? "", `${row.id}#${n}`);
}
