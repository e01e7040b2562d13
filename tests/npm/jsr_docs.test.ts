// JSR readiness (issue #6): every symbol exported by the published entry points has
// JSDoc with at least one `@example` (which `deno test --doc` type-checks and runs),
// and every entry point that is a library module has a module doc (`@module`).
import { test } from "node:test";
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const ENTRY_POINTS = ["mod.ts", "health/mod.ts", "cli.ts"];
const MODULE_DOCS_REQUIRED = ["mod.ts", "health/mod.ts"];

interface DocTag {
  kind: string;
}
interface DocDeclaration {
  location: { filename: string; line: number };
  jsDoc?: { doc?: string; tags?: DocTag[] };
}
interface DocSymbol {
  name: string;
  declarations: DocDeclaration[];
}
interface DocNode {
  module_doc?: { doc?: string; tags?: DocTag[] };
  symbols?: DocSymbol[];
}
interface DocJson {
  nodes: Record<string, DocNode>;
}

let _doc: Promise<DocJson> | undefined;

/** `deno doc --json` of the entry points, run once for all tests of this file. */
function docJson(): Promise<DocJson> {
  return _doc ??= (async () => {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["doc", "--json", ...ENTRY_POINTS],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dec = new TextDecoder();
    assert.equal(code, 0, `deno doc --json failed:\n${dec.decode(stderr)}`);
    const json = JSON.parse(dec.decode(stdout)) as DocJson;
    assert.ok(json.nodes && typeof json.nodes === "object", "unexpected deno doc --json format");
    return json;
  })();
}

/** `file:line` relative to the repository (deno doc lines are 0-based). */
function where(decl: DocDeclaration): string {
  const file = decl.location.filename.startsWith(ROOT.href)
    ? decl.location.filename.slice(ROOT.href.length)
    : decl.location.filename;
  return `${file}:${decl.location.line + 1}`;
}

function entryOf(moduleUrl: string): string {
  return moduleUrl.startsWith(ROOT.href) ? moduleUrl.slice(ROOT.href.length) : moduleUrl;
}

function hasDoc(d: DocDeclaration): boolean {
  return (d.jsDoc?.doc ?? "").trim() !== "" || (d.jsDoc?.tags?.length ?? 0) > 0;
}

function hasExample(d: DocDeclaration): boolean {
  return (d.jsDoc?.tags ?? []).some((t) => t.kind === "example");
}

test("every entry point exports symbols (sanity check of the doc output)", async () => {
  const json = await docJson();
  for (const entry of ENTRY_POINTS) {
    const node = json.nodes[new URL(entry, ROOT).href];
    assert.ok(node, `${entry} is missing from deno doc --json`);
    assert.ok((node.symbols?.length ?? 0) > 0, `${entry} exports no symbols`);
  }
});

test("every exported symbol has JSDoc with at least one @example", async () => {
  const json = await docJson();
  const undocumented: string[] = [];
  const noExample: string[] = [];
  let total = 0;
  for (const [moduleUrl, node] of Object.entries(json.nodes)) {
    for (const symbol of node.symbols ?? []) {
      total++;
      const decls = symbol.declarations ?? [];
      const at = decls.length > 0 ? where(decls[0]) : "?";
      const label = `${symbol.name} (${at}, exported by ${entryOf(moduleUrl)})`;
      if (!decls.some(hasDoc)) undocumented.push(label);
      else if (!decls.some(hasExample)) noExample.push(label);
    }
  }
  assert.ok(total > 0, "deno doc --json listed no symbols");
  const problems = [
    ...undocumented.map((s) => `no JSDoc:     ${s}`),
    ...noExample.map((s) => `no @example:  ${s}`),
  ];
  assert.deepEqual(
    problems,
    [],
    `${problems.length} of ${total} exported symbols lack JSDoc or an @example:\n` +
      problems.join("\n"),
  );
});

test("the library entry points have a module doc (@module)", async () => {
  const json = await docJson();
  for (const entry of MODULE_DOCS_REQUIRED) {
    const doc = json.nodes[new URL(entry, ROOT).href]?.module_doc;
    assert.ok(
      doc && (doc.doc ?? "").trim() !== "" && (doc.tags ?? []).some((t) => t.kind === "module"),
      `${entry} has no module doc: add a JSDoc block with a description and @module at the top`,
    );
  }
});
