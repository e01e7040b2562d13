// The order of the stages is written in three places: the code of trim/pipeline.ts,
// its header, and the README's Architecture section. They must agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createTrimPipeline } from "../../trim/pipeline.ts";

const ROOT = new URL("../../", import.meta.url);

function arrowList(text: string, where: string): string[] {
  const line = text.split("\n").find((l) => /^\s*(\* )?split → /.test(l));
  assert.ok(line !== undefined, `${where}: no "split → …" line`);
  return line.replace(/^\s*\*?\s*/, "").split(" → ").map((s) => s.trim());
}

test("pipeline order: the code, the header of pipeline.ts and the README agree", () => {
  // Every optional stage on (truncate: maxLineLength, budget: maxTokens).
  const { stages } = createTrimPipeline({ maxLineLength: 100, maxTokens: 100 });
  const header = arrowList(readFileSync(new URL("trim/pipeline.ts", ROOT), "utf8"), "pipeline.ts");
  const readme = readFileSync(new URL("README.md", ROOT), "utf8");
  const block = readme.slice(readme.indexOf("<!-- stages -->"), readme.indexOf("<!-- /stages -->"));
  assert.deepEqual(header, stages);
  assert.deepEqual(arrowList(block, "README.md"), stages);
  // Optional stages are left out when their option is not set.
  const plain = createTrimPipeline().stages;
  assert.deepEqual(plain, stages.filter((s) => s !== "truncate" && s !== "budget"));
});
