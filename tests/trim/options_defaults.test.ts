// The defaults of the options are written once, in OPTIONS (trim/options.ts): the
// `@default` tags of TrimOptions (trim/types.ts), the option table of the
// documentation, `--help` and resolveOptions all agree with it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { type DefaultedOption, optionDefault, OPTIONS } from "../../trim/options.ts";
import { resolveOptions } from "../../trim/resolve.ts";
import { helpText } from "../../cli/help.ts";
import { DEFAULT_MAX_STACK_FRAMES } from "../../trim/classify/stack.ts";
import { FORMAT_DETECTION_SAMPLE_SIZE } from "../../trim/classify/format.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

const defaults = new Map(
  OPTIONS.filter((o) => o.default !== undefined).map((o) => [o.name as string, o.default]),
);

/** `name -> @default value` of the members of `interface NAME` in a TypeScript source. */
export function documentedDefaults(code: string, name: string): Map<string, unknown> {
  const start = code.indexOf(`export interface ${name} {`);
  assert.ok(start >= 0, `interface ${name} not found`);
  const body = code.slice(start, code.indexOf("\n}\n", start));
  const out = new Map<string, unknown>();
  const member = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*(\w+)\??:/g;
  for (const m of body.matchAll(member)) {
    const tag = /@default\s+(.+)/.exec(m[1]);
    out.set(m[2], tag ? JSON.parse(tag[1].trim()) : undefined);
  }
  return out;
}

test("options: documentedDefaults reads @default tags", () => {
  const code =
    'export interface X {\n  /**\n   * A.\n   * @default "auto"\n   */\n  a?: string;\n' +
    "  /** B. */\n  b?: number;\n  /**\n   * C.\n   * @default 3\n   */\n  c: number;\n}\n";
  assert.deepEqual([...documentedDefaults(code, "X")], [["a", "auto"], ["b", undefined], [
    "c",
    3,
  ]]);
});

test("options: every TrimOptions field is in OPTIONS, its @default is the table's", () => {
  const doc = documentedDefaults(readFileSync(`${ROOT}trim/types.ts`, "utf8"), "TrimOptions");
  assert.deepEqual([...doc.keys()].sort(), OPTIONS.map((o) => o.name as string).sort());
  for (const [name, value] of doc) {
    assert.equal(value, defaults.get(name), `${name}: @default in types.ts vs OPTIONS`);
  }
});

test("options: optionDefault serves exactly the options with a default", () => {
  // Exhaustive over DefaultedOption: a name added to the type must be added here.
  const named: Record<DefaultedOption, true> = {
    aggressiveness: true,
    preserveIdSuffix: true,
    dedupe: true,
    foldLineRanges: true,
    multiline: true,
    budgetRate: true,
    contextBefore: true,
    contextAfter: true,
    maxStackFrames: true,
    formatDetectionSampleSize: true,
    collapseRepeatedStacks: true,
    rootCause: true,
    multilingual: true,
    adaptiveContext: true,
    templateMining: true,
    outputFormat: true,
  };
  assert.deepEqual(Object.keys(named).sort(), [...defaults.keys()].sort());
  for (const name of Object.keys(named) as DefaultedOption[]) {
    assert.equal(optionDefault(name), defaults.get(name));
  }
  assert.throws(() => optionDefault("sampleSize" as DefaultedOption), /no default/);
});

test("options: resolveOptions applies the table's defaults", () => {
  const r = resolveOptions({});
  assert.equal(r.select.aggressiveness, optionDefault("aggressiveness"));
  assert.equal(r.select.contextBefore, optionDefault("contextBefore"));
  assert.equal(r.select.contextAfter, optionDefault("contextAfter"));
  assert.equal(r.select.maxStackFrames, optionDefault("maxStackFrames"));
  assert.equal(r.select.adaptiveContext, optionDefault("adaptiveContext"));
  assert.equal(r.select.collapseRepeatedStacks, optionDefault("collapseRepeatedStacks"));
  assert.equal(r.select.rootCause, optionDefault("rootCause"));
  assert.equal(r.select.multilingual, optionDefault("multilingual"));
  assert.equal(r.multiline, optionDefault("multiline"));
  assert.equal(r.preserveIdSuffix, optionDefault("preserveIdSuffix"));
  assert.equal(r.formatDetectionSampleSize, optionDefault("formatDetectionSampleSize"));
  assert.equal(r.fold.dedupe, optionDefault("dedupe"));
  assert.equal(r.fold.templateMining, optionDefault("templateMining"));
  assert.equal(r.fold.lineRanges, optionDefault("foldLineRanges"));
  assert.equal(r.mask.jsonl, optionDefault("outputFormat") === "jsonl-preserve");
  // dedupeWindow has no default: unset folds across the stream, with dampening on.
  assert.equal(r.fold.window, undefined);
  assert.ok(r.select.dampen && r.select.dampenMessages);
  assert.ok(!resolveOptions({ dedupeWindow: 2 }).select.dampen);
  assert.ok(resolveOptions({ dedupeWindow: 1 }).select.dampen);
});

test("options: the classify constants that still repeat a default agree with OPTIONS", () => {
  // Written twice until classify/ reads optionDefault: held equal here.
  assert.equal(DEFAULT_MAX_STACK_FRAMES, optionDefault("maxStackFrames"));
  assert.equal(FORMAT_DETECTION_SAMPLE_SIZE, optionDefault("formatDetectionSampleSize"));
});

test("options: --help shows each default it names from the table", () => {
  const help = helpText();
  assert.ok(!help.includes("{default}"));
  for (const o of OPTIONS) {
    for (const line of o.cli?.help ?? []) {
      const m = /default ([^;):,]+)/.exec(line);
      if (m && !line.includes("default:")) assert.equal(m[1], String(o.default), o.name);
    }
  }
  assert.match(help, /lines kept before each error \(default 3\)/);
});

/** The file of the documentation that holds the option table (`| Option | Default |`). */
function optionTableFile(): string {
  const candidates = ["docs/options.md", "README.md"];
  if (existsSync(`${ROOT}docs`)) {
    for (const f of readdirSync(`${ROOT}docs`)) {
      if (f.endsWith(".md")) candidates.push(`docs/${f}`);
    }
  }
  const header = /^\|\s*Option\s*\|\s*Default\s*\|/m;
  const found = candidates.find((f) =>
    existsSync(ROOT + f) && header.test(readFileSync(ROOT + f, "utf8"))
  );
  assert.ok(found, `no option table (| Option | Default |) in ${candidates.join(", ")}`);
  return found;
}

/** `name -> default cell` of the option table in `markdown`; a row may name several. */
export function tableDefaults(markdown: string): Map<string, string> {
  const lines = markdown.split("\n");
  const at = lines.findIndex((l) => /^\|\s*Option\s*\|\s*Default\s*\|/.test(l));
  const out = new Map<string, string>();
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith("|")) break;
    const [names, cell] = line.split(/(?<!\\)\|/).slice(1, 3).map((c) => c.trim());
    const keys = [...names.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    const values = cell.split(",").map((v) => v.trim());
    keys.forEach((k, i) => out.set(k, values.length === keys.length ? values[i] : cell));
  }
  return out;
}

/** Whether a table cell states `value` (no default: none, off, unset, auto, built-in). */
function cellStates(cell: string, value: unknown): boolean {
  const text = cell.replaceAll("`", "");
  if (value === undefined) return ["none", "off", "unset", "auto", "built-in"].includes(text);
  if (value === true) return text === "true" || text === "on";
  if (value === false) return text === "false" || text === "off";
  return text === String(value);
}

test("options: tableDefaults reads a row naming several options", () => {
  const md = "| Option | Default | Behaviour |\n| --- | --- | --- |\n" +
    "| `a`, `b` | 3, 2 | x \\| y |\n| `c` | `auto` | z |\n\nafter\n";
  assert.deepEqual([...tableDefaults(md)], [["a", "3"], ["b", "2"], ["c", "`auto`"]]);
  assert.ok(
    cellStates("`auto`", "auto") && cellStates("on", true) && cellStates("none", undefined),
  );
  assert.ok(!cellStates("1", undefined) && !cellStates("off", true));
});

test("options: the documentation's option table states the table's defaults", () => {
  const file = optionTableFile();
  const table = tableDefaults(readFileSync(ROOT + file, "utf8"));
  const bad: string[] = [];
  for (const o of OPTIONS) {
    const cell = table.get(o.name);
    if (cell === undefined) bad.push(`${o.name}: not in the table of ${file}`);
    else if (!cellStates(cell, o.default)) {
      bad.push(`${o.name}: ${file} says ${cell}, OPTIONS says ${o.default ?? "no default"}`);
    }
  }
  assert.deepEqual(bad, []);
});
