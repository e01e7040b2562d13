import { test } from "node:test";
import assert from "node:assert/strict";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import { commandFlags } from "../../cli/args.ts";
import { type FlagSpec, parseFlags } from "../../cli/parse_flags.ts";

type Outcome = { values: Record<string, string | boolean>; positionals: string[] } | {
  error: string;
};

function viaNode(args: string[], flags: Record<string, FlagSpec>): Outcome {
  try {
    const r = parseArgs({ args, options: flags, strict: true, allowPositionals: true });
    return {
      values: { ...r.values } as Record<string, string | boolean>,
      positionals: r.positionals,
    };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function viaOurs(args: string[], flags: Record<string, FlagSpec>): Outcome {
  try {
    const r = parseFlags(args, flags);
    return { values: { ...r.values }, positionals: r.positionals };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** Arguments built from a flag table: its flags in every form, values, unknown flags. */
function argument(flags: Record<string, FlagSpec>): fc.Arbitrary<string> {
  const longs = Object.keys(flags);
  const shorts = longs.map((l) => flags[l].short).filter((s): s is string => s !== undefined);
  const word = fc.constantFrom("x", "build.log", "-", "--", "-3", "--x", "=", "", "a=b", "low");
  const letter = fc.constantFrom(...shorts, "z", "-", "=", "1");
  return fc.oneof(
    fc.constantFrom(...longs).map((l) => `--${l}`),
    fc.tuple(fc.constantFrom(...longs), word).map(([l, w]) => `--${l}=${w}`),
    fc.constantFrom(...shorts).map((s) => `-${s}`),
    fc.tuple(fc.array(letter, { minLength: 2, maxLength: 4 }), fc.constantFrom("", "x", "-y"))
      .map(([ls, w]) => `-${ls.join("")}${w}`),
    word,
    fc.constantFrom("--bogus", "-Z", "--__proto__", "--constructor", "---x", "--=x", "--no-such"),
    fc.string({ maxLength: 6 }),
  );
}

test("parseFlags: as node:util parseArgs (strict, positionals) on the command's flags", () => {
  const flags = commandFlags();
  fc.assert(
    fc.property(fc.array(argument(flags), { maxLength: 6 }), (args) => {
      assert.deepEqual(viaOurs(args, flags), viaNode(args, flags));
    }),
    propertyParams("parse_flags#1", { numRuns: 5000 }),
  );
});

test("parseFlags: as node:util parseArgs on a table with string flags first in groups", () => {
  const flags: Record<string, FlagSpec> = {
    file: { type: "string", short: "f" },
    all: { type: "boolean", short: "a" },
    big: { type: "boolean", short: "b" },
    name: { type: "string" },
    n: { type: "boolean" },
  };
  fc.assert(
    fc.property(fc.array(argument(flags), { maxLength: 6 }), (args) => {
      assert.deepEqual(viaOurs(args, flags), viaNode(args, flags));
    }),
    propertyParams("parse_flags#2", { numRuns: 5000 }),
  );
});

test("parseFlags: the messages the command rewrites", () => {
  const flags = commandFlags();
  for (
    const args of [
      ["--bogus"],
      ["-o"],
      ["--output"],
      ["--stats=1"],
      ["-o", "-x"],
      ["--output", "--stats"],
      ["-hV", "x"],
      ["--", "--stats", "-o"],
    ]
  ) assert.deepEqual(viaOurs(args, flags), viaNode(args, flags), args.join(" "));
});
