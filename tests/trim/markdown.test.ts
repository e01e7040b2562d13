import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { lexer, type Token, type Tokens } from "marked";
import { fenceFor, renderMarkdown } from "../../trim/markdown.ts";
import { trimTextInline } from "../../trim/process.ts";
import { processLogStream } from "../../adapters/library.ts";

const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));
const DEMO = fileURLToPath(new URL("../../examples/ci-failure.log", import.meta.url));

/** The log with backtick runs of 3, 4 and 6 (a Markdown code block inside the log). */
const TRICKY = [
  "INFO render README",
  "```",
  "ERROR expected ```` fence ``````, got `x`",
  "~~~",
  "    at render (/app/md.js:3:9)",
  "",
].join("\n");

const blocks = (md: string) => lexer(md).filter((t: Token) => t.type !== "space");

test("markdown: the fence is longer than any backtick run; a real parser gets the log back", async () => {
  assert.equal(fenceFor(TRICKY), "```````");
  const { output, result } = await trimTextInline(TRICKY, { aggressiveness: "low" });
  const md = renderMarkdown([{ title: "build / 4_Run *tests*", text: output, result }]);
  const [heading, code, savings, ...rest] = blocks(md);
  assert.equal(heading.type, "heading");
  assert.equal((heading as Tokens.Heading).depth, 2);
  assert.equal((heading as Tokens.Heading).text, "build / 4\\_Run \\*tests\\*");
  assert.equal(
    (heading as Tokens.Heading).tokens.map((t) => (t as Tokens.Text).text).join(""),
    "build / 4_Run *tests*",
  );
  assert.equal(code.type, "code");
  assert.equal((code as Tokens.Code).lang, "text");
  assert.equal((code as Tokens.Code).text + "\n", output);
  assert.match(output, /````/);
  assert.equal(savings.type, "paragraph");
  assert.match((savings as Tokens.Paragraph).text, /^trimlog: 5 → \d+ lines/);
  assert.deepEqual(rest, []);
});

test("markdown: one-line sections are list items, the footer a last paragraph", () => {
  const md = renderMarkdown([
    { title: "build / 4_Run tests", text: "ERROR x\n" },
    { title: "p", line: "✓ build / 2_Checkout (412 lines)" },
    { title: "q", line: "✓ lint (6 steps, 90 lines)" },
  ], "trimlog: total");
  const [h, code, list, footer] = blocks(md);
  assert.equal(h.type, "heading");
  assert.equal(code.type, "code");
  assert.equal(list.type, "list");
  assert.deepEqual(
    (list as Tokens.List).items.map((i) => i.text),
    ["✓ build / 2\\_Checkout (412 lines)", "✓ lint (6 steps, 90 lines)"],
  );
  assert.equal(footer.type, "paragraph");
});

test("markdown: the library's outputFormat and the CLI's --format give the same parseable block", async () => {
  let lib = "";
  await processLogStream(ReadableStream.from([TRICKY]), {
    write: (c: Uint8Array) => (lib += new TextDecoder().decode(c)),
  }, { outputFormat: "markdown", aggressiveness: "low" });
  const r = spawnSync(
    process.execPath,
    ["run", "-A", "--quiet", CLI, "--format", "markdown", "-a", "low", "-"],
    { input: TRICKY, encoding: "utf8", env: { ...process.env, TRIM_TELEMETRY: "0" } },
  );
  assert.equal(r.status, 0, r.stderr);
  const libCode = blocks(lib).find((t) => t.type === "code") as Tokens.Code;
  const cliTokens = blocks(r.stdout);
  assert.equal((cliTokens[0] as Tokens.Heading).text, "standard input");
  assert.equal((cliTokens[1] as Tokens.Code).text, libCode.text);
  assert.match(libCode.text, /ERROR expected ```` fence ``````/);

  const plain = spawnSync(process.execPath, ["run", "-A", "--quiet", CLI, DEMO], {
    encoding: "utf8",
    env: { ...process.env, TRIM_TELEMETRY: "0" },
  });
  const md = spawnSync(
    process.execPath,
    ["run", "-A", "--quiet", CLI, "--output-format", "markdown", DEMO],
    { encoding: "utf8", env: { ...process.env, TRIM_TELEMETRY: "0" } },
  );
  const tokens = blocks(md.stdout);
  assert.equal((tokens[1] as Tokens.Code).text + "\n", plain.stdout);
  assert.match((tokens[2] as Tokens.Paragraph).text, /^trimlog: 2,777 → \d+ lines.*% saved\)/);
});

test("markdown: --format is --output-format's short name; conflicts are usage errors", async () => {
  const { parseCommandLine } = await import("../../cli/args.ts");
  const c = parseCommandLine(["--format", "markdown", "x.log"]);
  assert.ok(typeof c === "object" && c.options.outputFormat === "markdown");
  const same = parseCommandLine(["--format", "text", "--output-format", "text"]);
  assert.ok(typeof same === "object" && same.options.outputFormat === "text");
  assert.throws(
    () => parseCommandLine(["--format", "md"]),
    /--format: "md" is not one of text, jsonl-preserve, markdown/,
  );
  assert.throws(
    () => parseCommandLine(["--format", "markdown", "--output-format", "text"]),
    /--format and --output-format name different formats/,
  );
  assert.throws(
    () => parseCommandLine(["--format", "markdown", "--explain"]),
    /cannot be combined/,
  );
});
