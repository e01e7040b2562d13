// The import graph of every TypeScript source of the repository (value and type
// imports, re-exports): no file reaches itself through its imports, and no import
// climbs back up a layer (the library never imports the command, the adapters or the
// health service; the rule folders of trim/ never import the pipeline's stages).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";

const ROOT = new URL("../", import.meta.url).pathname;

/** Folders never scanned: generated, vendored or data-only trees. */
const SKIP_DIRS = new Set([
  ".git",
  "node_modules",
  "npm",
  "dist",
  "bench/out",
  "playground/dist",
  "tests/fixtures",
  "tests/golden",
]);

/**
 * Specifiers of every import of a TypeScript source: static imports and re-exports
 * (type-only ones too: a type import ties two files as much as a value import does),
 * and `import("…")` with a literal outside comments (a lazy import is still an import).
 */
export function importSpecifiers(code: string): string[] {
  const out: string[] = [];
  const re = /^[ \t]*(?:import|export)\b(?:[^;"'`]*?\bfrom)?\s*["']([^"']+)["']/gm;
  for (const m of code.matchAll(re)) out.push(m[1]);
  const dynamic = /^(?![ \t]*(?:\*|\/\/)).*?\bimport\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of code.matchAll(dynamic)) out.push(m[1]);
  return out;
}

function sources(dir = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(ROOT + dir)) {
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(ROOT + rel).isDirectory()) {
      if (!SKIP_DIRS.has(rel)) out.push(...sources(rel));
    } else if (rel.endsWith(".ts")) out.push(rel);
  }
  return out;
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const p of path.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== "." && p !== "") parts.push(p);
  }
  return parts.join("/");
}

/** file -> the repository files it imports (paths relative to the root). */
function importGraph(): Map<string, string[]> {
  const files = sources();
  const known = new Set(files);
  const g = new Map<string, string[]>();
  for (const f of files) {
    const dir = f.includes("/") ? f.slice(0, f.lastIndexOf("/")) : "";
    const to = importSpecifiers(readFileSync(ROOT + f, "utf8"))
      .filter((s) => s.startsWith("."))
      .map((s) => normalize(`${dir}/${s}`))
      .filter((t) => known.has(t));
    g.set(f, [...new Set(to)]);
  }
  return g;
}

/** The strongly connected components of more than one file, or of a file importing itself. */
export function cycles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (g.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** A layer rule: files under `from` never import files under any of `never`. */
interface LayerRule {
  from: string;
  never: string[];
}

const LIBRARY_BELOW = ["cli/", "cli.ts", "adapters/", "health/", "serve.ts", "mod.ts", "bench/"];

/** The layers, from the bottom up. A prefix ending in `/` is a folder. */
export const LAYER_RULES: readonly LayerRule[] = [
  { from: "common/", never: ["trim/", ...LIBRARY_BELOW, "scripts/", "playground/"] },
  { from: "trim/", never: [...LIBRARY_BELOW, "scripts/", "playground/"] },
  { from: "health/", never: ["trim/", "cli/", "cli.ts", "adapters/", "serve.ts", "mod.ts"] },
  {
    from: "trim/classify/",
    never: ["trim/stages/", "trim/select/", "trim/fold/", "trim/pipeline.ts", "trim/run.ts"],
  },
  { from: "trim/sanitize/", never: ["trim/stages/", "trim/select/", "trim/resolve.ts"] },
  { from: "trim/fold/", never: ["trim/stages/", "trim/select/"] },
  { from: "trim/select/", never: ["trim/stages/"] },
  { from: "trim/sources/", never: ["trim/stages/", "trim/select/", "trim/classify/"] },
  { from: "trim/stages/", never: ["trim/pipeline.ts", "trim/stream.ts", "trim/process.ts"] },
  { from: "cli/", never: ["adapters/", "cli.ts"] },
];

function under(file: string, prefix: string): boolean {
  return prefix.endsWith("/") ? file.startsWith(prefix) : file === prefix;
}

/** Every import that breaks a layer rule, as `from -> to`. */
export function layerViolations(
  g: Map<string, string[]>,
  rules: readonly LayerRule[] = LAYER_RULES,
): string[] {
  const bad: string[] = [];
  for (const [from, tos] of g) {
    for (const rule of rules) {
      if (!under(from, rule.from)) continue;
      for (const to of tos) {
        if (rule.never.some((p) => under(to, p))) bad.push(`${from} -> ${to}`);
      }
    }
  }
  return bad.sort();
}

test("import graph: the scanner reads imports, re-exports and type imports", () => {
  const code = 'import type { A } from "./a.ts";\nimport { b } from "./b.ts";\n' +
    'export { c } from "./c.ts";\nexport type { D } from "./d.ts";\nimport "./e.ts";\n' +
    'import {\n  f,\n  type G,\n} from "./f.ts";\n * import { h } from "./h.ts";\n' +
    'const i = "import { i } from \'./i.ts\'";\nexport * from "./j.ts";\n' +
    'const k = await import("./k.ts");\n * const l = await import("./l.ts");\n' +
    '// import("./m.ts")\nlet n: typeof import("./n.ts").N;\n';
  assert.deepEqual(importSpecifiers(code), [
    "./a.ts",
    "./b.ts",
    "./c.ts",
    "./d.ts",
    "./e.ts",
    "./f.ts",
    "./j.ts",
    "./k.ts",
    "./n.ts",
  ]);
});

test("import graph: cycles and layer violations are found on a toy graph", () => {
  const g = new Map([
    ["trim/a.ts", ["trim/b.ts"]],
    ["trim/b.ts", ["trim/a.ts", "cli/x.ts"]],
    ["trim/select/s.ts", ["trim/stages/t.ts"]],
    ["trim/stages/t.ts", []],
    ["cli/x.ts", ["cli/x.ts"]],
  ]);
  assert.deepEqual(cycles(g), [["cli/x.ts"], ["trim/a.ts", "trim/b.ts"]].reverse().sort());
  assert.deepEqual(layerViolations(g), [
    "trim/b.ts -> cli/x.ts",
    "trim/select/s.ts -> trim/stages/t.ts",
  ]);
});

test("import graph: the repository's sources import each other in no cycle", () => {
  const g = importGraph();
  assert.ok(g.size > 200, `${g.size} files scanned`);
  assert.deepEqual(cycles(g).map((c) => c.join(" <-> ")), []);
});

test("import graph: no import climbs back up a layer", () => {
  assert.deepEqual(layerViolations(importGraph()), []);
});
