/**
 * The vendor token table (`trim/sanitize/vendors.ts`): at least 60 vendors, every
 * example masked on its own, in prose, in a URL, as an argument and in JSON, and
 * every row's pattern matching its own example.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { sanitizeLine } from "../../trim/sanitize.ts";
import { VENDOR_TOKENS } from "../../trim/sanitize/vendors.ts";

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
