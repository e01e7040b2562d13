// The README a newcomer reads first, and the documents it sends them to: every relative link
// resolves (the file exists; an anchor names a heading of it), the two commands come first and
// are tasks of deno.json, and the README stays short.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCS = [
  "README.md",
  "health/README.md",
  ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`),
];
/**
 * Documents another branch adds (the secrets work writes docs/secrets.md): linked already, checked
 * as soon as they exist.
 */
const PENDING = new Set(["docs/secrets.md"]);

/** The text outside fenced code blocks, inline code spans removed. */
function prose(md: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of md.split("\n")) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (fence === undefined || (f[0] === fence[0] && f.length >= fence.length))) {
      fence = fence === undefined ? f : undefined;
      continue;
    }
    if (fence === undefined) out.push(line.replace(/`+[^`]*`+/g, ""));
  }
  return out;
}

/** GitHub's anchors for the headings of a Markdown text. */
function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence = false;
  for (const line of md.split("\n")) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    const h = !fence && /^#{1,6} (.+)$/.exec(line);
    if (!h) continue;
    const base = h[1].replace(/`/g, "").trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function links(md: string): string[] {
  const found: string[] = [];
  for (const line of prose(md)) {
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) found.push(m[1]);
  }
  return found;
}

test("docs: every relative link of the README, docs/ and health/README.md resolves", () => {
  assert.ok(DOCS.length >= 8, DOCS.join(" "));
  const broken: string[] = [];
  let checked = 0;
  for (const doc of DOCS) {
    const text = readFileSync(join(ROOT, doc), "utf8");
    for (const link of links(text)) {
      if (/^[a-z][\w+.-]*:/i.test(link)) continue; // https:, mailto:
      const [path, anchor] = link.split("#");
      const target = path === "" ? join(ROOT, doc) : join(ROOT, dirname(doc), path);
      const rel = relative(ROOT, target);
      checked++;
      if (!existsSync(target)) {
        if (!PENDING.has(rel)) broken.push(`${doc}: ${link} (no ${rel})`);
        continue;
      }
      if (anchor !== undefined && rel.endsWith(".md")) {
        if (!anchors(readFileSync(target, "utf8")).has(anchor)) {
          broken.push(`${doc}: ${link} (no heading #${anchor} in ${rel})`);
        }
      }
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked > 40, `only ${checked} links checked`);
});

test("docs: the checker finds a broken file, a broken anchor, and skips code", () => {
  assert.deepEqual(links("see [a](x.md) and `[b](y.md)`\n```\n[c](z.md)\n```\n[d](#e)"), [
    "x.md",
    "#e",
  ]);
  const a = anchors("# Custom rules: `.trim.yml`\n## The result\n## The result\n```\n# not\n```");
  assert.deepEqual([...a], ["custom-rules-trimyml", "the-result", "the-result-1"]);
});

test("docs: the README's two commands come first and are tasks of deno.json; ≤ 300 lines", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  assert.ok(readme.split("\n").length <= 300, `${readme.split("\n").length} lines`);
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1].split("\n").filter((l) => l.trim());
  const commands = firstBlock.map((l) => l.replace(/\s+#.*$/, "").trim());
  assert.deepEqual(commands.slice(0, 2), [
    "npx -y deno@2.9.6 task demo",
    "npx -y deno@2.9.6 task test",
  ]);
  const tasks = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).tasks;
  for (const c of commands.slice(0, 2)) {
    const name = c.split(" task ")[1];
    assert.equal(typeof tasks[name], "string", `deno.json has no task ${name}`);
  }
  // The Deno version the commands pin is the one the CI script runs.
  assert.match(readFileSync(join(ROOT, ".ci/run"), "utf8"), /npx -y deno@2\.9\.6 task test/);
});
