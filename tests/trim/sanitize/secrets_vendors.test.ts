/**
 * The vendor token table (`trim/sanitize/vendors.ts`): at least 60 vendors, every
 * example masked on its own, in prose, in a URL, as an argument and in JSON, and
 * every row's pattern matching its own example.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { sanitizeLine } from "../../../trim/sanitize.ts";
import { VENDOR_TOKENS } from "../../../trim/sanitize/vendors.ts";

test("vendors: at least 60 distinct vendors, one table", () => {
  const vendors = new Set(VENDOR_TOKENS.map((v) => v.vendor.replace(/ \(.*\)$/, "")));
  assert.ok(vendors.size >= 60, `${vendors.size} vendors`);
  assert.equal(new Set(VENDOR_TOKENS.map((v) => v.vendor)).size, VENDOR_TOKENS.length);
});

for (const v of VENDOR_TOKENS) {
  test(`vendors: ${v.vendor} example is masked wherever it stands`, () => {
    const m = new RegExp(v.pattern).exec(v.example);
    assert.ok(m !== null && m[0] === v.example, `${v.vendor}: pattern matches its example`);
    if (v.hint !== undefined) assert.ok(v.example.includes(v.hint), "the hint is in the token");
    for (
      const line of [
        v.example,
        `deploy used ${v.example} for the upload`,
        `GET https://api.example.com/v1/items?x=${v.example}&page=2`,
        `tool push --flag ${v.example} --verbose`,
        `{"level":"info","detail":"${v.example}"}`,
        `  value: '${v.example}'`,
      ]
    ) {
      const out = sanitizeLine(line);
      assert.ok(!out.includes(v.example), `${v.vendor}: ${out}`);
      assert.ok(out.includes("[REDACTED]"), `${v.vendor}: ${out}`);
    }
  });
}

test("vendors: a token longer than its row allows is masked whole, not up to the row's length", () => {
  for (const v of VENDOR_TOKENS) {
    const last = v.example.charCodeAt(v.example.length - 1);
    // Only examples that end in a letter or digit can be extended by more of the same.
    if (!/[A-Za-z0-9]/.test(String.fromCharCode(last))) continue;
    const long = v.example + "Zq7Xw9Vb3Nm5";
    const out = sanitizeLine(`token ${long} used`);
    assert.ok(!out.includes("Zq7Xw9Vb3Nm5"), `${v.vendor}: ${out}`);
    assert.ok(out.startsWith("token ") && out.endsWith(" used"), `${v.vendor}: ${out}`);
  }
});

test("vendors and entropy: a URL keeps its `//` when what follows it is masked", () => {
  const out = sanitizeLine(
    "dsn https://0123456789abcdef0123456789abcdef@o123456.ingest.sentry.io/1234567",
  );
  assert.ok(out.startsWith("dsn https://[") && !out.includes("0123456789abcdef"), out);
  const git = sanitizeLine("git clone https://x9Kq2mZvQ1LpWqR7tY3uI8oP0aS5dF@github.com/a/b.git");
  assert.ok(git.startsWith("git clone https://[") && !git.includes("x9Kq2mZv"), git);
});
