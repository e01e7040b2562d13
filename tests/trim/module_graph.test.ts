// What importing the library loads: the static import graph of mod.ts (imports and
// re-exports that are not type-only; dynamic import() is loaded on first use, not at
// import) reaches no YAML parser and no `node:*` module, so the module loads as it is
// in a browser, and the file system and YAML are paid for only by the calls that
// need them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const ROOT = new URL("../../", import.meta.url);

/** Specifiers of the value imports and re-exports of a TypeScript source. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*(import|export)\s+(type\s)?([^;"']*?\bfrom\s+)?["']([^"']+)["'];/gm;
  for (const m of code.matchAll(re)) {
    if (m[2] !== undefined) continue; // import type / export type
    if (m[1] === "export" && m[3] === undefined) continue;
    out.push(m[4]);
  }
  return out;
}

function graph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const todo = [new URL(entry, ROOT).href];
  while (todo.length) {
    const url = todo.pop()!;
    if (seen.has(url)) continue;
    const specs = staticImports(readFileSync(new URL(url), "utf8"));
    seen.set(url, specs);
    for (const s of specs) if (s.startsWith(".")) todo.push(new URL(s, url).href);
  }
  return seen;
}

test("module graph: the import scanner sees value imports, skips type-only ones", () => {
  const code = 'import type { A } from "./a.ts";\nimport { b } from "./b.ts";\n' +
    'export { c } from "./c.ts";\nexport type { D } from "./d.ts";\nimport "./e.ts";\n' +
    'import {\n  f,\n  type G,\n} from "node:fs";\nconst h = await import("yaml");\n';
  assert.deepEqual(staticImports(code), ["./b.ts", "./c.ts", "./e.ts", "node:fs"]);
});

test("module graph: importing mod.ts loads no YAML parser and no node:* module", () => {
  const g = graph("mod.ts");
  assert.ok(g.size > 20, `${g.size} modules`);
  const bad: string[] = [];
  for (const [url, specs] of g) {
    for (const s of specs) {
      if (!s.startsWith(".")) bad.push(`${url.slice(ROOT.href.length)} imports ${s}`);
    }
  }
  assert.deepEqual(bad, []);
});
