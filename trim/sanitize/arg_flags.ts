/**
 * The tables of `args.ts`: the short password flags of widely used clients and the
 * positional passwords (a data file; see `args.ts` for the documented table).
 *
 * @module
 */

/** One row of the short password flag table. */
export interface ShortPasswordFlag {
  /** Command names (the basename of the program). */
  tools: readonly string[];
  /** A sub-command that must come between the tool and the flag (`login`). */
  sub?: string;
  /** The flag letter. */
  flag: string;
  /** The value may be glued to the flag (`-pSECRET`). */
  glued: boolean;
  /** The value may follow the flag after a space (`-p SECRET`). */
  spaced: boolean;
}

/** The short password flags of widely used clients (see the module table). */
export const SHORT_PASSWORD_FLAGS: readonly ShortPasswordFlag[] = [
  {
    tools: [
      "mysql",
      "mysqldump",
      "mysqladmin",
      "mysqlimport",
      "mysqlcheck",
      "mysqlsh",
      "mariadb",
      "mariadb-dump",
    ],
    flag: "p",
    glued: true,
    spaced: true,
  },
  { tools: ["sshpass"], flag: "p", glued: true, spaced: true },
  {
    tools: ["docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "oras", "crane", "finch"],
    sub: "login",
    flag: "p",
    glued: false,
    spaced: true,
  },
  { tools: ["oc", "cf", "az"], sub: "login", flag: "p", glued: false, spaced: true },
  { tools: ["redis-cli", "keydb-cli"], flag: "a", glued: false, spaced: true },
  {
    tools: [
      "mongo",
      "mongosh",
      "mongodump",
      "mongorestore",
      "mongoexport",
      "mongoimport",
      "mongostat",
      "mongotop",
    ],
    flag: "p",
    glued: false,
    spaced: true,
  },
  { tools: ["sqlcmd", "bcp", "osql", "isql"], flag: "P", glued: false, spaced: true },
  {
    tools: [
      "ldapsearch",
      "ldapadd",
      "ldapmodify",
      "ldapdelete",
      "ldapwhoami",
      "ldappasswd",
      "ldapcompare",
    ],
    flag: "w",
    glued: false,
    spaced: true,
  },
  {
    tools: ["mosquitto_pub", "mosquitto_sub", "mosquitto_rr"],
    flag: "P",
    glued: false,
    spaced: true,
  },
  { tools: ["zip", "unzip", "zipcloak"], flag: "P", glued: false, spaced: true },
  { tools: ["7z", "7za", "7zr", "rar", "unrar"], flag: "p", glued: true, spaced: false },
  { tools: ["openssl"], flag: "k", glued: false, spaced: true },
  {
    tools: ["ncftp", "ncftpput", "ncftpget", "rabbitmqadmin"],
    flag: "p",
    glued: false,
    spaced: true,
  },
  { tools: ["gh"], sub: "secret", flag: "b", glued: false, spaced: true },
];

/** Positional passwords: after the tool, its sub-command and `index` other words. */
export const POSITIONAL_PASSWORDS: readonly { tool: string; sub: string; index: number }[] = [
  { tool: "htpasswd", sub: "-b", index: 2 },
  { tool: "htpasswd", sub: "-bc", index: 2 },
  { tool: "htpasswd", sub: "-bB", index: 2 },
  { tool: "htpasswd", sub: "-cb", index: 2 },
  { tool: "rabbitmqctl", sub: "add_user", index: 1 },
  { tool: "rabbitmqctl", sub: "change_password", index: 1 },
];
