/**
 * What tools take a credential as an argument, as data: the per-tool tables of the
 * argument-credential scanner (`args.ts`; the short password flags are in
 * `arg_flags.ts`). Each entry has an id, what carries the credential (a flag, a
 * position after a sub-command, a marker), the literal cues a line must hold for it to
 * be tried, and examples: lines it masks, with each masked value between `«` and `»`,
 * and lines it must leave alone. `tests/trim/sanitize/arg_tools.test.ts` runs every
 * example through `maskArgCredentials`.
 *
 * Adding a tool means adding an entry here (or a row in `arg_flags.ts`) with its
 * examples; the mechanism in `args.ts`, `arg_options.ts` and `arg_positional.ts`
 * does not change.
 *
 * @module
 */

/** Examples of an argument-credential rule. */
export interface ArgExamples {
  /** Lines the rule masks, each masked value between `«` and `»`. */
  readonly masks: readonly string[];
  /** Lines (near misses) it must leave as they are. */
  readonly keeps: readonly string[];
}

/** A long option whose value is secret (`--secret-string x`), maybe on some commands only. */
export interface SecretValueFlag extends ArgExamples {
  /** `family/name`, unique. */
  readonly id: string;
  /** The option's name, lower case, without its dashes. */
  readonly flag: string;
  /** The command the option is secret on: one of these must be in the line. */
  readonly when?: readonly string[];
  /**
   * `spaced`: the value after a space only; `value`: `--flag x` or `--flag=x`, but not
   * a file the AWS CLI reads (`file://x.json`, `fileb://x`).
   */
  readonly form: "spaced" | "value";
}

/** Long options whose value is secret. */
export const SECRET_VALUE_FLAGS: readonly SecretValueFlag[] = [
  {
    id: "gh/secret-body",
    flag: "body",
    when: ["secret set"],
    form: "spaced",
    masks: ["gh secret set NPM_TOKEN --body «Zq8vLm2Rt6wX»"],
    keeps: ["gh issue create --title x --body Zq8vLm2Rt6wX"],
  },
  {
    id: "aws/secret-string",
    flag: "secret-string",
    form: "value",
    masks: [
      "aws secretsmanager create-secret --name db --secret-string «Zq8vLm2Rt6wX»",
      "aws secretsmanager put-secret-value --secret-id db --secret-string=«Zq8vLm2Rt6wX»",
    ],
    keeps: ["aws secretsmanager create-secret --name db --secret-string file://secret.json"],
  },
  {
    id: "aws/secret-binary",
    flag: "secret-binary",
    form: "value",
    masks: ["aws secretsmanager create-secret --name k --secret-binary «Zq8vLm2Rt6wX»"],
    keeps: ["aws secretsmanager create-secret --name k --secret-binary fileb://key.bin"],
  },
  {
    id: "aws-az/secret-value",
    flag: "value",
    when: ["put-parameter", "secret set"],
    form: "value",
    masks: [
      "aws ssm put-parameter --name /db/pw --type SecureString --value «Zq8vLm2Rt6wX»",
      "az keyvault secret set --vault-name kv --name db --value «Zq8vLm2Rt6wX»",
    ],
    keeps: [
      "aws ssm put-parameter --name /db/cfg --value file://params.json",
      "kubectl label pods web --value Zq8vLm2Rt6wX",
    ],
  },
];

/**
 * Options of a tool that clusters one-letter options first (`htpasswd -nbC 10 u p`):
 * the password is an argument only when an option cluster holds `enable`; it is the
 * `secretAt`-th word (from 0) after the options, or `shift.secretAt`-th when a cluster
 * holds `shift.letter`; the `valued` letters take a value (glued, or the next word when
 * last in their cluster). `--` ends the options.
 */
export interface ClusteredOptions {
  readonly style: "clustered";
  readonly enable: string;
  readonly secretAt: number;
  readonly shift: { readonly letter: string; readonly secretAt: number };
  readonly valued: string;
}

/**
 * Options of a tool with sub-commands whose options may stand anywhere (`rabbitmqctl
 * -n node add_user u p`): after one of the `subs` (word sequences), the `secretAt`-th
 * word (from 0) is the password; `valued` options take the next word, `switches` none.
 * `splitEq`: `--opt=value` is the option named before `=`; `skipLongEq`: any
 * `--opt=value` is an option; `passUnknown`: an unknown option before the sub-command
 * is passed over (else the command is not one of `subs`). Any other word is an
 * argument, one starting with `-` too.
 */
export interface NamedOptions {
  readonly style: "named";
  readonly subs: readonly (readonly string[])[];
  readonly secretAt: number;
  readonly valued: readonly string[];
  readonly switches: readonly string[];
  readonly splitEq: boolean;
  readonly skipLongEq: boolean;
  readonly passUnknown: boolean;
}

/** A password given as a positional argument of a command. */
export interface PositionalPassword extends ArgExamples {
  /** `tool/name`, unique. */
  readonly id: string;
  /** The command's name (a path to it too: `/usr/bin/htpasswd`). */
  readonly tool: string;
  /**
   * Literal cues: the line holds one cue of each group. The first group is what the
   * scan of all cues looks for (`args.ts`); the last, the most specific, is tried first.
   */
  readonly cues: readonly (readonly string[])[];
  /** How its options and arguments are read. */
  readonly options: ClusteredOptions | NamedOptions;
}

/** Passwords given in argument position. */
export const POSITIONAL_PASSWORDS: readonly PositionalPassword[] = [
  {
    // htpasswd -b[c…] [-C cost] file user password; htpasswd -nb[…] user password.
    id: "htpasswd/batch",
    tool: "htpasswd",
    cues: [["htpasswd"]],
    options: {
      style: "clustered",
      enable: "b",
      secretAt: 2,
      shift: { letter: "n", secretAt: 1 },
      valued: "Cr",
    },
    masks: [
      "htpasswd -b /etc/nginx/.htpasswd admin «Zq8vLm2Rt6»",
      "htpasswd -nbB admin «Zq8vLm2Rt6»",
      "/usr/bin/htpasswd -bc -C 10 .htpasswd ci «-x9Kq2mZ7»",
    ],
    keeps: ["htpasswd -c /etc/nginx/.htpasswd admin", "cat .htpasswd admin Zq8vLm2Rt6"],
  },
  {
    // rabbitmqctl [options] add_user user password
    id: "rabbitmqctl/add-user",
    tool: "rabbitmqctl",
    cues: [["rabbitmqctl"]],
    options: {
      style: "named",
      subs: [["add_user"], ["change_password"]],
      secretAt: 1,
      valued: ["-n", "--node", "-t", "--timeout"],
      switches: ["-q", "--quiet", "-s", "--silent", "-l", "--longnames"],
      splitEq: false,
      skipLongEq: true,
      passUnknown: true,
    },
    masks: [
      "rabbitmqctl add_user ci «Zq8vLm2Rt6»",
      "rabbitmqctl -n rabbit@mq -q change_password ci «Zq8vLm2Rt6»",
    ],
    keeps: ["rabbitmqctl set_permissions -p / ci .* .* .*", "rabbitmqctl add_vhost staging"],
  },
  {
    // mc alias set NAME URL ACCESS_KEY SECRET_KEY; mc config host add … (older)
    id: "mc/alias-set",
    tool: "mc",
    cues: [["set ", "SET ", "config "], ["alias set", "host add"]],
    options: {
      style: "named",
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
      switches: [
        "--insecure",
        "--json",
        "--debug",
        "--quiet",
        "--no-color",
        "--disable-pager",
        "--dp",
      ],
      splitEq: true,
      skipLongEq: false,
      passUnknown: false,
    },
    masks: [
      "mc alias set s3 https://minio:9000 AKIAEXAMPLE «Zq8vLm2Rt6»",
      "mc --insecure config host add s3 https://minio:9000 AKEY «Zq8vLm2Rt6» --api S3v4",
    ],
    keeps: ["mc alias set s3 https://minio:9000", "mc alias list s3"],
  },
];

/** A command that takes a token as its argument: `<tool> login <token>`. */
export interface LoginToken extends ArgExamples {
  readonly id: string;
  readonly tools: readonly string[];
  /** Shorter words are not tokens (`vault login -method=userpass` is an option). */
  readonly minLength: number;
}

/** Commands whose `login` takes the token as its argument. */
export const LOGIN_TOKENS: LoginToken = {
  id: "cargo-vault/login",
  tools: ["cargo", "vault"],
  minLength: 8,
  masks: ["cargo login «cioZq8vLm2Rt6wXk»", "$ vault login «s.Zq8vLm2Rt6wXk»"],
  keeps: ["vault login -method=userpass username=ci", "cargo login", "npm login Zq8vLm2Rt6wX"],
};

/**
 * A CI command that registers a secret: its value runs to the line's end, or to the
 * quote that closes the command (`echo "::add-mask::x"`).
 */
export interface SecretCommand extends ArgExamples {
  readonly id: string;
  /** The command, up to its value. */
  readonly marker: string;
  /** What the line must hold (a part of `marker`, for the scan of all cues). */
  readonly cue: string;
}

/** CI commands that register a secret. */
export const SECRET_COMMANDS: readonly SecretCommand[] = [
  {
    id: "github-actions/add-mask",
    marker: "::add-mask::",
    cue: "add-mask::",
    masks: ["::add-mask::«Zq8vLm2Rt6wX»", 'echo "::add-mask::«Zq8vLm2Rt6wX»"'],
    keeps: ["::warning::Zq8vLm2Rt6wX", "::add-matcher::.github/matcher.json"],
  },
  {
    id: "azure-pipelines/setsecret",
    marker: "##vso[task.setsecret]",
    cue: "setsecret]",
    masks: ["##vso[task.setsecret]«Zq8vLm2Rt6wX»"],
    keeps: ["##vso[task.setvariable variable=x]Zq8vLm2Rt6wX"],
  },
];

/** Options whose value is glued to them and secret, at a word's start (`/p:x`). */
export interface GluedPasswordFlags extends ArgExamples {
  readonly id: string;
  readonly flags: readonly string[];
}

/** FreeRDP's password option. */
export const GLUED_PASSWORD_FLAGS: readonly GluedPasswordFlags[] = [
  {
    id: "freerdp/password",
    flags: ["/p:", "/password:"],
    masks: ["xfreerdp /v:host /u:admin /p:«Zq8vLm2Rt6»", "wlfreerdp /password:«Zq8vLm2Rt6» /v:h"],
    keeps: ["cp a/p:b c", "see http://host/p:x"],
  },
];

/** Clients that take a logon `user/password@db` as an argument. */
export interface LogonTools extends ArgExamples {
  readonly id: string;
  /** The commands' names. */
  readonly tools: readonly string[];
  /** What a line with one of them holds (`rman ` with its space). */
  readonly cues: readonly string[];
}

/** Oracle's clients. */
export const LOGON_TOOLS: LogonTools = {
  id: "oracle/logon",
  tools: ["sqlplus", "sqlldr", "impdp", "expdp", "rman", "dgmgrl"],
  cues: ["sqlplus", "sqlldr", "impdp", "expdp", "rman ", "dgmgrl"],
  masks: [
    "sqlplus system/«Zq8vLm2Rt6»@//db:1521/XE",
    'sqlplus -s admin/"«Zq8vLm2Rt6»"@prod',
    "rman target sys/«Zq8vLm2Rt6»@db",
    "sqlldr userid=scott/«Zq8vLm2Rt6»@orcl control=x.ctl",
  ],
  keeps: ["sqlplus / as sysdba", "sqlplus @script.sql", "sqlplus system/Zq8vLm2Rt6"],
};

/**
 * A `set`/`config` key whose value is a credential although its name is not a secret
 * name: the value is the word after the key, after `skip` more words.
 */
export interface SecretSetKey extends ArgExamples {
  readonly id: string;
  /** How the key starts. */
  readonly prefix: string;
  /** Words between the key and the secret (a user name). */
  readonly skip: number;
}

/** poetry's repository credentials. */
export const SECRET_SET_KEYS: readonly SecretSetKey[] = [
  {
    id: "poetry/http-basic",
    prefix: "http-basic.",
    skip: 1,
    masks: ["poetry config http-basic.internal ci «Zq8vLm2Rt6»"],
    keeps: ["poetry config http-basic.internal"],
  },
  {
    id: "poetry/pypi-token",
    prefix: "pypi-token.",
    skip: 0,
    masks: ["poetry config pypi-token.pypi «pypiZq8vLm2Rt6»"],
    keeps: ["poetry config repositories.internal https://pypi.example.com/simple"],
  },
];
