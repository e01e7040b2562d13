// The order of the stages is written in three places: the code of trim/pipeline.ts,
// its header, and the architecture document (docs/architecture.md). They must agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createTrimPipeline } from "../../trim/pipeline.ts";

const ROOT = new URL("../../", import.meta.url);

function arrowList(text: string, where: string): string[] {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => /^\s*(\* )?split → /.test(l));
  assert.ok(at !== -1, `${where}: no "split → …" line`);
  // The list may wrap: lines that go on with `→` belong to it.
  let list = lines[at];
  for (let i = at + 1; i < lines.length && /^\s*(\* )?→ /.test(lines[i]); i++) {
    list += " " + lines[i].replace(/^\s*\*?\s*/, "");
  }
  return list.replace(/^\s*\*?\s*/, "").split(" → ").map((s) => s.trim());
}

test("pipeline order: the code, the header of pipeline.ts and docs/architecture.md agree", () => {
  // Every optional stage on (truncate: maxLineLength, budget: maxTokens).
  const { stages } = createTrimPipeline({ maxLineLength: 100, maxTokens: 100 });
  const header = arrowList(readFileSync(new URL("trim/pipeline.ts", ROOT), "utf8"), "pipeline.ts");
  const doc = readFileSync(new URL("docs/architecture.md", ROOT), "utf8");
  const block = doc.slice(doc.indexOf("<!-- stages -->"), doc.indexOf("<!-- /stages -->"));
  assert.deepEqual(header, stages);
  assert.deepEqual(arrowList(block, "docs/architecture.md"), stages);
  // Optional stages are left out when their option is not set.
  const plain = createTrimPipeline().stages;
  assert.deepEqual(plain, stages.filter((s) => s !== "truncate" && s !== "budget"));
});
