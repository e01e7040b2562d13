/**
 * `trimlog --help`: the option rows come from the option table (`trim/options.ts`);
 * the command's own flags (input, output, reporting, config, telemetry) are declared
 * in {@linkcode COMMAND_FLAGS_BEFORE} and {@linkcode COMMAND_FLAGS_AFTER}.
 *
 * @module
 */

import { type OptionFlag, OPTIONS } from "../trim/options.ts";
import { VERSION } from "../common/version.ts";

/** A flag of the command itself (not a trim option). */
export interface CommandFlag extends OptionFlag {
  /** `string`: takes a value; `boolean`: a switch. */
  type: "string" | "boolean";
}

/** The command's flags listed before the trim options in `--help`. */
export const COMMAND_FLAGS_BEFORE: readonly CommandFlag[] = [
  {
    flag: "output",
    short: "o",
    arg: "FILE",
    type: "string",
    help: ["write the reduced log to FILE instead of stdout"],
  },
  { flag: "stats", type: "boolean", help: ["print a one-line summary to stderr"] },
  { flag: "json", type: "boolean", help: ["print the result as JSON on stdout (needs -o)"] },
  {
    flag: "format",
    arg: "FORMAT",
    type: "string",
    help: ["short for --output-format: text | jsonl-preserve | markdown"],
  },
];

/** The command's flags listed after the trim options in `--help`. */
export const COMMAND_FLAGS_AFTER: readonly CommandFlag[] = [
  {
    flag: "explain",
    type: "boolean",
    help: [
      "instead of the reduced log, print every input line with",
      "its decision (keep | fold | drop | hide), reason and score",
    ],
  },
  {
    flag: "config",
    arg: "PATH",
    type: "string",
    help: ["custom rules from PATH (default: ./.trim.yml when present)"],
  },
  { flag: "no-config", type: "boolean", help: ["ignore any .trim.yml"] },
  {
    flag: "no-telemetry",
    type: "boolean",
    help: ["do not record this run's savings (also TRIM_TELEMETRY=0)"],
  },
  {
    flag: "telemetry-summary",
    type: "boolean",
    help: ["print the local savings summary and exit"],
  },
  { flag: "help", short: "h", type: "boolean", help: ["show this help"] },
  { flag: "version", short: "V", type: "boolean", help: ["show the version"] },
];

/** Column where the help text of a flag starts. */
const _HELP_COLUMN = 31;

/**
 * One flag's rows in `--help`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagRows } from "./help.ts";
 * assert.ok(flagRows({ flag: "stats", help: ["print a summary"] }) ===
 *   "      --stats                  print a summary");
 * ```
 */
export function flagRows(f: OptionFlag): string {
  const head = `  ${f.short ? `-${f.short}, ` : "    "}--${f.flag}${f.arg ? ` ${f.arg}` : ""}`;
  const pad = " ".repeat(_HELP_COLUMN);
  return f.help.map((text, i) => (i === 0 ? head.padEnd(_HELP_COLUMN) : pad) + text).join("\n");
}

/**
 * The whole `--help` text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpText } from "./help.ts";
 * assert.ok(helpText().includes("  -a, --aggressiveness LEVEL   low | medium"));
 * ```
 */
export function helpText(): string {
  const optionRows = OPTIONS.flatMap((o) => (o.cli ? [flagRows(o.cli)] : []));
  return `trimlog ${VERSION} — reduce a log for people and LLMs

Usage: trimlog [options] [FILE...|-]
       trimlog run [options] [--raw FILE] [--no-ci-summary] -- CMD [ARGS...]
       trimlog mcp                serve reduce_log, read_lines and search_log to an
                                  MCP client over stdio (see trimlog mcp --help)

Reads FILE (or standard input when FILE is - or absent), masks secrets and volatile
values, folds repeats into [xN] lines and writes the reduced log to standard output.
gzip and zlib input is decompressed (found by its bytes). Several FILEs, or a zip
archive, are reduced together under one --max-tokens budget, each under a header
"== NAME =="; in a GitHub Actions log archive the failing step is printed whole and
each passing step or job in one line ("✓ build / 2_Checkout (412 lines)").

trimlog run runs CMD (no shell), reduces its merged output while it runs, keeps the
raw log (--raw FILE, default a new file in the temp folder), ends with the line
"[trimlog] full log: PATH (N lines, M tokens)" and exits with CMD's status (128+N
after signal N; 127 when CMD is not found). Ctrl-C is passed on to CMD. Under
GitHub Actions (GITHUB_ACTIONS=true) it also prints ::error annotations for up to 10
located errors of a failed CMD and appends the reduced failure in Markdown to
$GITHUB_STEP_SUMMARY; --no-ci-summary (before --) turns both off.

Options:
${
    [...COMMAND_FLAGS_BEFORE.map(flagRows), ...optionRows, ...COMMAND_FLAGS_AFTER.map(flagRows)]
      .join("\n")
  }

Telemetry: each run's token savings are recorded locally in ~/.trim/telemetry.json
(or $TRIM_TELEMETRY_DIR/telemetry.json). Nothing is ever sent anywhere.

Exit codes: 0 ok, 1 runtime failure (a corrupt or truncated gzip/zip too: the output
so far is written), 2 usage error or invalid config, 3 zip archive refused (a member
name leaving it, a zip bomb: ratio over 100 or over 1 GiB, a member over 512 MiB),
130 interrupted; trimlog run: CMD's status.
`;
}
