/**
 * The short password flags of widely used clients, as data (see `args.ts` for the
 * documented table, `arg_tools.ts` for the other per-tool tables). Each row has
 * examples: lines it masks, each masked value between `«` and `»`, and lines it must
 * leave alone; `tests/trim/sanitize/arg_tools.test.ts` runs them all.
 *
 * @module
 */

import type { ArgExamples } from "./arg_tools.ts";

/** One row of the short password flag table. */
export interface ShortPasswordFlag extends ArgExamples {
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
    masks: [
      "mysql -h db -uroot -p«Zq8vLm2Rt6» app",
      "mysqldump -u root -p «Zq8vLm2Rt6» app > a.sql",
    ],
    keeps: ["mysql -h db -P 3306 -u root app", "mysqldump --single-transaction app"],
  },
  {
    tools: ["sshpass"],
    flag: "p",
    glued: true,
    spaced: true,
    masks: ["sshpass -p «Zq8vLm2Rt6» ssh ci@host", "sshpass -p«Zq8vLm2Rt6» scp a h:b"],
    keeps: ["sshpass -e ssh ci@host"],
  },
  {
    tools: ["docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "oras", "crane", "finch"],
    sub: "login",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["docker login -u ci -p «Zq8vLm2Rt6» registry.example.com"],
    keeps: ["docker run -p 8080:80 nginx", "docker login -pZq8vLm2Rt6 r.io"],
  },
  {
    tools: ["oc", "cf", "az"],
    sub: "login",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["oc login -u ci -p «Zq8vLm2Rt6» https://api:6443"],
    keeps: ["az group create -n rg -l westeurope"],
  },
  {
    tools: ["redis-cli", "keydb-cli"],
    flag: "a",
    glued: false,
    spaced: true,
    masks: ["redis-cli -h cache -a «Zq8vLm2Rt6» ping"],
    keeps: ["redis-cli -h cache ping", "ls -a /tmp"],
  },
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
    masks: ["mongodump -u admin -p «Zq8vLm2Rt6» --db app"],
    keeps: ["mongosh --port 27017 app"],
  },
  {
    tools: ["sqlcmd", "bcp", "osql", "isql"],
    flag: "P",
    glued: false,
    spaced: true,
    masks: ['sqlcmd -S db -U sa -P «Zq8vLm2Rt6» -Q "SELECT 1"'],
    keeps: ['sqlcmd -S db -E -Q "SELECT 1"'],
  },
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
    masks: ["ldapsearch -x -D cn=admin -w «Zq8vLm2Rt6» -b dc=ex"],
    keeps: ["ldapsearch -x -W -b dc=ex"],
  },
  {
    tools: ["mosquitto_pub", "mosquitto_sub", "mosquitto_rr"],
    flag: "P",
    glued: false,
    spaced: true,
    masks: ["mosquitto_pub -h mq -u ci -P «Zq8vLm2Rt6» -t t -m x"],
    keeps: ["mosquitto_pub -h mq -p 1883 -t t -m x"],
  },
  {
    tools: ["zip", "unzip", "zipcloak"],
    flag: "P",
    glued: false,
    spaced: true,
    masks: ["zip -r -P «Zq8vLm2Rt6» out.zip dir"],
    keeps: ['zip -r out.zip dir -x "*.log"'],
  },
  {
    tools: ["7z", "7za", "7zr", "rar", "unrar"],
    flag: "p",
    glued: true,
    spaced: false,
    masks: ["7z a -p«Zq8vLm2Rt6» out.7z dir"],
    keeps: ["7z a -p Zq8vLm2Rt6 out.7z dir"],
  },
  {
    tools: ["openssl"],
    flag: "k",
    glued: false,
    spaced: true,
    masks: ["openssl enc -aes-256-cbc -k «Zq8vLm2Rt6» -in a -out b"],
    keeps: ["openssl enc -aes-256-cbc -kfile key.txt -in a"],
  },
  {
    tools: ["ncftp", "ncftpput", "ncftpget", "rabbitmqadmin"],
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["ncftpput -u ci -p «Zq8vLm2Rt6» ftp.example.com /up a.tgz"],
    keeps: ["ncftpput -P 2121 ftp.example.com /up a.tgz"],
  },
  {
    tools: ["gh"],
    sub: "secret",
    flag: "b",
    glued: false,
    spaced: true,
    masks: ["gh secret set STAGING_URL -b «Zq8vLm2Rt6»"],
    keeps: ["gh pr list -b Zq8vLm2Rt6"],
  },
  // Package registries' publish and source commands.
  {
    tools: ["dotnet"],
    sub: "nuget",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["dotnet nuget add source https://x/index.json -n x -u ci -p «Zq8vLm2Rt6»"],
    keeps: ["dotnet build -p:Version=1.2.3"],
  },
  {
    tools: ["dotnet"],
    sub: "push",
    flag: "k",
    glued: false,
    spaced: true,
    masks: ["dotnet nuget push a.nupkg -k «Zq8vLm2Rt6» -s https://api.nuget.org/v3/index.json"],
    keeps: ["dotnet test -k x"],
  },
  {
    tools: ["poetry"],
    sub: "publish",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["poetry publish -u __token__ -p «Zq8vLm2Rt6»"],
    keeps: ["poetry install -p x"],
  },
  {
    tools: ["twine"],
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["twine upload -u __token__ -p «Zq8vLm2Rt6» dist/*"],
    keeps: ["twine check dist/*"],
  },
  {
    tools: ["vsce", "ovsx"],
    sub: "publish",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["vsce publish -p «Zq8vLm2Rt6»"],
    keeps: ["vsce package -o out.vsix"],
  },
  {
    tools: ["xcrun"],
    sub: "altool",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["xcrun altool --upload-app -f a.ipa -u ci@example.com -p «Zq8vLm2Rt6»"],
    keeps: ["xcrun simctl list -p x"],
  },
  // ssh-keygen: the new (-N) and old (-P) passphrase.
  {
    tools: ["ssh-keygen"],
    flag: "N",
    glued: false,
    spaced: true,
    masks: ["ssh-keygen -t ed25519 -N «Zq8vLm2Rt6» -f key"],
    keeps: ["ssh-keygen -t ed25519 -f key"],
  },
  {
    tools: ["ssh-keygen"],
    flag: "P",
    glued: false,
    spaced: true,
    masks: ["ssh-keygen -p -P «Zq8vLm2Rt6» -N «x9Kq2mZ7v3» -f key"],
    keeps: ["ssh-keygen -l -f key.pub"],
  },
  // macOS keychains, as iOS and macOS CI jobs unlock and fill them.
  {
    tools: ["security"],
    sub: "unlock-keychain",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["security unlock-keychain -p «Zq8vLm2Rt6» build.keychain"],
    keeps: ["security find-identity -p codesigning -v"],
  },
  {
    tools: ["security"],
    sub: "create-keychain",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["security create-keychain -p «Zq8vLm2Rt6» build.keychain"],
    keeps: ["security list-keychains -d user"],
  },
  {
    tools: ["security"],
    sub: "set-keychain-password",
    flag: "p",
    glued: false,
    spaced: true,
    masks: ["security set-keychain-password -o «x9Kq2mZ7v3» -p «Zq8vLm2Rt6» b.keychain"],
    keeps: ["security show-keychain-info b.keychain"],
  },
  {
    tools: ["security"],
    sub: "set-keychain-password",
    flag: "o",
    glued: false,
    spaced: true,
    masks: ["security set-keychain-password -o «Zq8vLm2Rt6» b.keychain"],
    keeps: ["security default-keychain -s b.keychain"],
  },
  {
    tools: ["security"],
    sub: "set-key-partition-list",
    flag: "k",
    glued: false,
    spaced: true,
    masks: ["security set-key-partition-list -S apple: -s -k «Zq8vLm2Rt6» b.keychain"],
    keeps: ["security delete-keychain b.keychain"],
  },
  {
    tools: ["security"],
    sub: "import",
    flag: "P",
    glued: false,
    spaced: true,
    masks: ["security import cert.p12 -k b.keychain -P «Zq8vLm2Rt6» -T /usr/bin/codesign"],
    keeps: ["security import cert.cer -k b.keychain"],
  },
  {
    tools: ["security"],
    sub: "add-generic-password",
    flag: "w",
    glued: false,
    spaced: true,
    masks: ["security add-generic-password -a ci -s svc -w «Zq8vLm2Rt6»"],
    keeps: ["security find-generic-password -a ci -s svc -w"],
  },
  {
    tools: ["security"],
    sub: "add-internet-password",
    flag: "w",
    glued: false,
    spaced: true,
    masks: ["security add-internet-password -a ci -s host -w «Zq8vLm2Rt6»"],
    keeps: ["security find-internet-password -s host"],
  },
];
