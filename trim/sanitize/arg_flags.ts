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
  // Package registries' publish and source commands.
  { tools: ["dotnet"], sub: "nuget", flag: "p", glued: false, spaced: true },
  { tools: ["dotnet"], sub: "push", flag: "k", glued: false, spaced: true },
  { tools: ["poetry"], sub: "publish", flag: "p", glued: false, spaced: true },
  { tools: ["twine"], flag: "p", glued: false, spaced: true },
  { tools: ["vsce", "ovsx"], sub: "publish", flag: "p", glued: false, spaced: true },
  { tools: ["xcrun"], sub: "altool", flag: "p", glued: false, spaced: true },
  // ssh-keygen: the new (-N) and old (-P) passphrase.
  { tools: ["ssh-keygen"], flag: "N", glued: false, spaced: true },
  { tools: ["ssh-keygen"], flag: "P", glued: false, spaced: true },
  // macOS keychains, as iOS and macOS CI jobs unlock and fill them.
  { tools: ["security"], sub: "unlock-keychain", flag: "p", glued: false, spaced: true },
  { tools: ["security"], sub: "create-keychain", flag: "p", glued: false, spaced: true },
  { tools: ["security"], sub: "set-keychain-password", flag: "p", glued: false, spaced: true },
  { tools: ["security"], sub: "set-keychain-password", flag: "o", glued: false, spaced: true },
  { tools: ["security"], sub: "set-key-partition-list", flag: "k", glued: false, spaced: true },
  { tools: ["security"], sub: "import", flag: "P", glued: false, spaced: true },
  { tools: ["security"], sub: "add-generic-password", flag: "w", glued: false, spaced: true },
  { tools: ["security"], sub: "add-internet-password", flag: "w", glued: false, spaced: true },
];

/**
 * htpasswd (Apache httpd): `htpasswd -b[c…] [-C cost] file user password`,
 * `htpasswd -nb[…] user password`. Options come first; `batch` in an option cluster
 * puts the password on the command line, `noFile` drops the file word, and the
 * `valued` letters take a value (glued, or the next word).
 */
export const HTPASSWD_OPTIONS: { batch: string; noFile: string; valued: string } = {
  batch: "b",
  noFile: "n",
  valued: "Cr",
};

/**
 * rabbitmqctl: `rabbitmqctl [options] add_user user password`. The sub-commands whose
 * second word is a password, and the options that may stand anywhere (the tool parses
 * switches wherever they are): those that take a value and those that do not.
 */
export const RABBITMQCTL_OPTIONS: {
  subs: readonly string[];
  valued: readonly string[];
  switches: readonly string[];
} = {
  subs: ["add_user", "change_password"],
  valued: ["-n", "--node", "-t", "--timeout"],
  switches: ["-q", "--quiet", "-s", "--silent", "-l", "--longnames"],
};

/**
 * MinIO's client: `mc alias set NAME URL ACCESS_KEY SECRET_KEY` (and the older
 * `mc config host add …`). The sub-command words, then the position of the secret key
 * among the words after them, and the options (global ones and the sub-command's)
 * that take a value and that do not; any other word is an argument, one starting with
 * `-` too.
 */
export const MC_OPTIONS: {
  subs: readonly (readonly string[])[];
  secretAt: number;
  valued: readonly string[];
  switches: readonly string[];
} = {
  subs: [["alias", "set"], ["config", "host", "add"]],
  secretAt: 3,
  valued: [
    "--api",
    "--path",
    "--config-dir",
    "-C",
    "--limit-download",
    "--limit-upload",
    "--resolve",
    "--custom-header",
    "-H",
  ],
  switches: ["--insecure", "--json", "--debug", "--quiet", "--no-color", "--disable-pager", "--dp"],
};
