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

test("vendors: one token is one match, a row matching a part of another's token extends it", () => {
  // Fast-check seed -854508191 (hardening_secrets): the OpenAI row masked the third part
  // of a Discord bot token first, and `.OX6ZW0.` leaked between two `[REDACTED]`.
  const seen = "OytXF_v6onrpGn5R0DyFv_KJ3c.OX6ZW0.sk-CTDMrUmoKnbBV3iQxPxiA2ysmdgWYgcIgHF";
  for (const line of [seen, `bot token ${seen} loaded`, `{"token":"${seen}"}`]) {
    const out = sanitizeLine(line);
    assert.ok(!out.includes("OX6ZW0") && !out.includes("CTDMrUm"), out);
    assert.equal(out.split("[REDACTED]").length, 2, `one token, one mask: ${out}`);
  }
  // The third part starting with other prefixed tokens of the table.
  for (const third of ["sk-", "ghp_", "glpat-", "xoxb-", "hf_", "npm_"]) {
    const token = `MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.${third}${
      "ZqY9v0W1x2T3u4S5r6Q7p8O9n0".slice(0, 36 - third.length)
    }`;
    const out = sanitizeLine(`using ${token} now`);
    assert.equal(out, "using [REDACTED] now", third);
  }
});
