/**
 * The keys a list may hold after a secret's value, glued to it by a lone `,` or `;`:
 * connection strings (`Password=x;Server=db;Database=app`), DSNs and option lists
 * (`password=x,sslmode=require`), LDAP names (`password=x,dc=example,dc=com`). After a
 * secret, any other `,key=` is the secret's own text: a random password holds `,dij3=`
 * as easily as a name, and a test of whether a word "reads as a name" loses to random
 * text sooner or later.
 *
 * A key is compared in lower case, without `_`, `-`, `.` and trailing digits
 * (`Data-Source`, `DB_HOST`, `host2`, `SSLMode` → `datasource`, `dbhost`, `host`, `sslmode`).
 *
 * @module
 */

/** Known list keys, normalized (see the module doc). */
const _LIST_KEYS: ReadonlySet<string> = new Set([
  // who
  "user",
  "username",
  "userid",
  "uid",
  "login",
  "account",
  "role",
  "email",
  "name",
  "id",
  "clientid",
  "tenant",
  "tenantid",
  "realm",
  "domain",
  "scope",
  "audience",
  // secrets listed next to each other
  "password",
  "pwd",
  "pass",
  "passwd",
  "token",
  "secret",
  "key",
  "apikey",
  "clientsecret",
  // where
  "host",
  "hostname",
  "hostaddr",
  "server",
  "address",
  "addr",
  "port",
  "path",
  "url",
  "uri",
  "endpoint",
  "region",
  "zone",
  "protocol",
  "service",
  "servicename",
  "sid",
  "socket",
  "dbhost",
  "dbport",
  "dbuser",
  "dbpassword",
  "dbname",
  "db",
  "database",
  "catalog",
  "initialcatalog",
  "datasource",
  "schema",
  "warehouse",
  "dsn",
  "driver",
  "provider",
  // how
  "timeout",
  "connecttimeout",
  "connectiontimeout",
  "commandtimeout",
  "sslmode",
  "ssl",
  "sslcert",
  "sslkey",
  "sslrootcert",
  "encrypt",
  "trustservercertificate",
  "integratedsecurity",
  "persistsecurityinfo",
  "pooling",
  "minpoolsize",
  "maxpoolsize",
  "charset",
  "encoding",
  "applicationname",
  "application",
  "options",
  "mode",
  "method",
  "authsource",
  "authmechanism",
  "replicaset",
  "readpreference",
  "retrywrites",
  "version",
  "type",
  "level",
  // LDAP (one-letter keys are none: `,c=` is as likely a password's)
  "dc",
  "cn",
  "ou",
  "st",
  // cookies glued by `;`
  "expires",
  "maxage",
  "secure",
  "httponly",
  "samesite",
]);

/**
 * Whether `key` (a `key` of `,key=`) is one a list holds after a secret (see the module
 * doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isListKey } from "./list_keys.ts";
 * assert.ok(isListKey("Data-Source") && isListKey("SSLMode") && isListKey("dc"));
 * assert.ok(!isListKey("dij3") && !isListKey("IkstK") && !isListKey("d"));
 * ```
 */
export function isListKey(key: string): boolean {
  let e = key.length;
  while (e > 0 && key.charCodeAt(e - 1) >= 48 && key.charCodeAt(e - 1) <= 57) e--;
  let k = "";
  for (let i = 0; i < e; i++) {
    const c = key[i];
    if (c !== "_" && c !== "-" && c !== ".") k += c;
  }
  return _LIST_KEYS.has(k.toLowerCase());
}
