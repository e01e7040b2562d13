/**
 * The flag parser of the command line: `node:util` `parseArgs` as the command calls it
 * (`strict: true`, `allowPositionals: true`, flags of type `string` or `boolean`, each
 * with an optional one-letter `short`, no `multiple`, `default` or `tokens`), with the
 * same results and the same error messages. Importing `node:util` loads Deno's Node
 * compatibility layer, +6 MiB of resident memory at start-up for this one function.
 * A test compares the two on generated command lines (`tests/cli/parse_flags.test.ts`).
 *
 * @module
 */

/** One flag: its type and optional one-letter short form. */
export interface FlagSpec {
  /** `string` takes a value, `boolean` does not. */
  type: "string" | "boolean";
  /** The one-letter short form (`o` for `-o`). */
  short?: string;
}

/** What {@linkcode parseFlags} found: flag values by long name, and the positionals. */
export interface ParsedFlags {
  /** A `string` flag's value, `true` for a `boolean` flag given (the last one wins). */
  values: Record<string, string | boolean>;
  /** The arguments that are not flags or flag values, in order. */
  positionals: string[];
}

interface _Token {
  name: string;
  rawName: string;
  value: string | undefined;
  inline: boolean;
}

/**
 * Parses `args` against `flags` as `parseArgs({ args, options: flags, strict: true,
 * allowPositionals: true })` of `node:util` does; throws an `Error` with its message
 * for an unknown flag, a missing or unexpected value, or a value that looks like a flag.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFlags } from "./parse_flags.ts";
 * const flags = { output: { type: "string" as const, short: "o" }, stats: { type: "boolean" as const } };
 * const r = parseFlags(["-o", "out.log", "--stats", "in.log"], flags);
 * assert.deepEqual({ ...r.values }, { output: "out.log", stats: true });
 * assert.deepEqual(r.positionals, ["in.log"]);
 * assert.throws(() => parseFlags(["--bogus"], flags), /Unknown option '--bogus'/);
 * ```
 */
export function parseFlags(
  args: readonly string[],
  flags: Readonly<Record<string, FlagSpec>>,
): ParsedFlags {
  const tokens: (_Token | string)[] = [];
  const rest = [...args];
  while (rest.length > 0) {
    const arg = rest.shift()!;
    if (arg === "--") {
      tokens.push(...rest);
      break;
    }
    const dash = arg.charAt(0) === "-";
    const long = dash && arg.charAt(1) === "-";
    if (dash && !long && arg.length === 2) {
      // -f, maybe with the next argument as its value
      const name = _longOf(arg.charAt(1), flags);
      let value: string | undefined;
      if (_typeOf(name, flags) === "string" && rest.length > 0) value = rest.shift();
      tokens.push({ name, rawName: arg, value, inline: false });
      continue;
    }
    if (dash && !long && arg.length > 2) {
      const first = _longOf(arg.charAt(1), flags);
      if (_typeOf(first, flags) !== "string") {
        // A group: -abc is -a -b -c; a string flag inside takes the rest (-abfFILE).
        const expanded: string[] = [];
        for (let i = 1; i < arg.length; i++) {
          const c = arg.charAt(i);
          if (_typeOf(_longOf(c, flags), flags) !== "string" || i === arg.length - 1) {
            expanded.push(`-${c}`);
          } else {
            expanded.push(`-${arg.slice(i)}`);
            break;
          }
        }
        rest.unshift(...expanded);
        continue;
      }
      // -fVALUE
      tokens.push({ name: first, rawName: `-${arg.charAt(1)}`, value: arg.slice(2), inline: true });
      continue;
    }
    if (long && arg.length > 2) {
      if (arg.indexOf("=", 3) < 0) {
        // --foo, maybe with the next argument as its value
        const name = arg.slice(2);
        let value: string | undefined;
        if (_typeOf(name, flags) === "string" && rest.length > 0) value = rest.shift();
        tokens.push({ name, rawName: arg, value, inline: false });
      } else {
        // The name ends at the first `=` (`--==x` names the empty flag), as parseArgs does.
        const eq = arg.indexOf("=");
        const name = arg.slice(2, eq);
        tokens.push({ name, rawName: `--${name}`, value: arg.slice(eq + 1), inline: true });
      }
      continue;
    }
    tokens.push(arg);
  }
  const values: Record<string, string | boolean> = Object.create(null);
  const positionals: string[] = [];
  for (const t of tokens) {
    if (typeof t === "string") {
      positionals.push(t);
      continue;
    }
    _check(t, flags);
    if (t.name !== "__proto__") values[t.name] = t.value ?? true;
  }
  return { values, positionals };
}

/** The long name of a short flag (the letter itself when no flag has it). */
function _longOf(short: string, flags: Readonly<Record<string, FlagSpec>>): string {
  for (const name of Object.keys(flags)) {
    if (flags[name].short === short) return name;
  }
  return short;
}

function _typeOf(name: string, flags: Readonly<Record<string, FlagSpec>>): string | undefined {
  return Object.hasOwn(flags, name) ? flags[name].type : undefined;
}

/** The checks of strict mode, with `parseArgs`'s messages. */
function _check(t: _Token, flags: Readonly<Record<string, FlagSpec>>): void {
  if (!Object.hasOwn(flags, t.name)) {
    throw new Error(
      `Unknown option '${t.rawName}'. To specify a positional argument starting with a '-', ` +
        `place it at the end of the command after '--', as in '-- ${JSON.stringify(t.rawName)}`,
    );
  }
  const spec = flags[t.name];
  const both = `${spec.short ? `-${spec.short}, ` : ""}--${t.name}`;
  if (spec.type === "string" && typeof t.value !== "string") {
    throw new Error(`Option '${both} <value>' argument missing`);
  }
  if (spec.type === "boolean" && t.value !== undefined) {
    throw new Error(`Option '${both}' does not take an argument`);
  }
  if (!t.inline && t.value !== undefined && t.value.length > 1 && t.value.charAt(0) === "-") {
    const example = t.rawName.startsWith("--")
      ? `'${t.rawName}=-XYZ'`
      : `'--${t.name}=-XYZ' or '${t.rawName}-XYZ'`;
    throw new Error(
      `Option '${t.rawName}' argument is ambiguous.\n` +
        `Did you forget to specify the option argument for '${t.rawName}'?\n` +
        `To specify an option argument starting with a dash use ${example}.`,
    );
  }
}
