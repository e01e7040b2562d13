import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../../_helpers/property.ts";
import {
  combinePatterns,
  compileTrimConfig,
  editDistance,
  mergeTrimConfigs,
  nearestKey,
  TRIM_CONFIG_KEYS,
} from "../../../trim/config/rules.ts";
import { TrimError } from "../../../trim/errors.ts";
import type { TrimCustomConfig } from "../../../trim/types.ts";

function compileError(config: unknown, origin?: string): string {
  try {
    compileTrimConfig(config as TrimCustomConfig, origin);
  } catch (err) {
    assert.ok(err instanceof TrimError);
    assert.equal(err.code, "INVALID_CONFIG");
    return err.message;
  }
  assert.fail("expected INVALID_CONFIG");
}

test("an empty configuration compiles to nothing", () => {
  const compiled = compileTrimConfig({});
  assert.equal(compiled.ignore, undefined);
  assert.equal(compiled.keep, undefined);
  assert.equal(compiled.internalStackPatterns, undefined);
  assert.deepEqual(compiled.sanitize, []);
  assert.deepEqual(compiled.sources, []);
  assert.equal(compileTrimConfig({ ignore: [] }).ignore, undefined);
});

test("ignore, keep and internalStackPatterns become one stateless RegExp each", () => {
  const compiled = compileTrimConfig({
    ignore: ["^DEBUG ", /heartbeat/i],
    keep: ["PAYMENT-\\d+"],
    internalStackPatterns: ["node_modules/", "/vendor/"],
  });
  const ignore = compiled.ignore!;
  assert.equal(ignore.global, false);
  assert.equal(ignore.sticky, false);
  for (let i = 0; i < 3; i++) {
    assert.ok(ignore.test("DEBUG cache warm"));
    assert.ok(ignore.test("Heartbeat OK"));
    assert.ok(!ignore.test("ERROR DEBUG is a word here"));
  }
  // The `i` flag of one RegExp stays local to it.
  assert.ok(!compileTrimConfig({ ignore: [/x/i, "abc"] }).ignore!.test("ABC"));
  assert.ok(compiled.keep!.test("charge PAYMENT-42 failed"));
  assert.ok(!compiled.keep!.test("charge PAYMENT-x failed"));
  assert.ok(compiled.internalStackPatterns!.test("at f (/app/node_modules/x.js:1:1)"));
});

test("sanitize rules are global, keep their order and merge flags", () => {
  const compiled = compileTrimConfig({
    sanitize: [
      { pattern: "(user)=\\w+", replacement: "$1=[USER]" },
      { pattern: /secret/i, replacement: "[S]" },
      { pattern: "order-\\d+", replacement: "", flags: "i" },
    ],
  });
  assert.deepEqual(compiled.sanitize.map((r) => r.re.flags), ["g", "gi", "gi"]);
  const line = compiled.sanitize.reduce(
    (s, r) => s.replace(r.re, r.replacement),
    "user=ann user=bob SECRET Order-12 secret",
  );
  assert.equal(line, "user=[USER] user=[USER] [S]  [S]");
  // The configuration's own RegExp is not modified.
  const original = /x/;
  compileTrimConfig({ sanitize: [{ pattern: original, replacement: "y", flags: "m" }] });
  assert.equal(original.flags, "");
});

test("sources are validated and copied", () => {
  const markers = ["[acme]"];
  const compiled = compileTrimConfig({ sources: [{ name: "acme", markers }] });
  markers.push("later");
  assert.deepEqual(compiled.sources, [{ name: "acme", markers: ["[acme]"] }]);
});

test("inline configurations are validated with the origin in the message", () => {
  assert.equal(
    compileError({ ignore: ["ok", "ok", "("] }),
    'config: ignore[2]: invalid regular expression "(": Unterminated group',
  );
  assert.match(
    compileError({ keep: ["["] }, "options.config"),
    /^options\.config: keep\[0\]: invalid regular expression/,
  );
  assert.match(
    compileError({ igonre: [] }),
    /^config: igonre: unknown key; did you mean "ignore"\?/,
  );
  assert.match(
    compileError({ keep: [42] }),
    /^config: keep\[0\]: expected a regular expression string, got number 42$/,
  );
  assert.match(
    compileError({ sanitize: [{ pattern: "x" }] }),
    /^config: sanitize\[0\]: missing key "replacement"/,
  );
  assert.match(
    compileError({ sanitize: [{ pattern: "x", replacement: "y", flags: "z" }] }),
    /^config: sanitize\[0\]\.flags: unknown RegExp flag "z"/,
  );
  assert.match(
    compileError({ sources: [{ name: "", markers: ["x"] }] }),
    /^config: sources\[0\]\.name: expected a non-empty string/,
  );
  assert.match(compileError([]), /^config: expected a mapping/);
  assert.match(compileError("ignore"), /^config: expected a mapping/);
  assert.deepEqual(compileTrimConfig(undefined as unknown as TrimCustomConfig).sanitize, []);
});

test("u/v patterns make the whole list unicode-aware, and incompatible ones are named", () => {
  const re = compileTrimConfig({ keep: [/\p{Lu}{3}/u, "abc"] }).keep!;
  assert.ok(re.unicode);
  assert.ok(re.test("xx ÄÖÜ"));
  assert.ok(re.test("abc"));
  assert.match(
    compileError({ keep: [/\p{L}/u, "a\\-b"] }),
    /^config: keep\[1\]: invalid regular expression "a\\\\-b": .* \(with the "u" flag of another pattern\)$/,
  );
});

test("combining renumbers backreferences and legacy escapes", () => {
  const re = combinePatterns(["(a)\\1+", "(b)(c)\\2\\1", "\\1x", /(D)\1/i])!;
  assert.ok(re.test("aaa"));
  assert.ok(re.test("bccb"));
  assert.ok(!re.test("bcbb"));
  assert.ok(re.test("\x01x"), "\\1 with no group is the octal escape \\x01");
  assert.ok(re.test("dD"));
  assert.ok(!re.test("ab"));
  assert.equal(combinePatterns([]), undefined);
});

test("property: a combined RegExp matches exactly when one of its patterns does", () => {
  const atom = fc.constantFrom(
    "a",
    "b",
    "(a)",
    "(b|a)",
    "(?<n>a)",
    "\\1",
    "\\2",
    "\\3",
    "\\12",
    "\\8",
    "[\\1a]",
    "[ab]",
    "[]a]",
    "(?:ab)",
    "a*",
    "\\k<n>",
    "^",
    "$",
    "\\101",
    "(?<=a)",
    "(?<!b)",
    "(?=a)",
    "(?<m>b)",
    "\\k<m>",
    "\\k",
    "[\\k]",
  );
  const pattern = fc.array(atom, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(""));
  const valid = pattern.filter((p) => {
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  });
  const input = fc.string({ unit: fc.constantFrom("a", "b", "A", "\x01", "\n", "8", "2") });
  fc.assert(
    fc.property(
      fc.array(valid, { minLength: 1, maxLength: 4 }),
      fc.array(input, { maxLength: 8 }),
      (patterns, inputs) => {
        const combined = combinePatterns(patterns)!;
        for (const s of inputs) {
          const expected = patterns.some((p) => new RegExp(p).test(s));
          assert.equal(combined.test(s), expected, `${combined} on ${JSON.stringify(s)}`);
        }
      },
    ),
    propertyParams("config_compile#1", { numRuns: 400 }),
  );
});

test("edit distance and key suggestions", () => {
  assert.equal(editDistance("", ""), 0);
  assert.equal(editDistance("ignore", "ignroe"), 1);
  assert.equal(editDistance("keep", "kep"), 1);
  assert.equal(editDistance("abc", "xyz"), 3);
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
      const d = editDistance(a, b);
      assert.equal(d, editDistance(b, a));
      assert.ok(d >= Math.abs(a.length - b.length) && d <= Math.max(a.length, b.length));
      assert.equal(editDistance(a, a), 0);
    }),
    propertyParams("config_compile#2"),
  );
  assert.equal(nearestKey("sanitise", TRIM_CONFIG_KEYS), "sanitize");
  assert.equal(nearestKey("IGNORE", TRIM_CONFIG_KEYS), "ignore");
  assert.equal(nearestKey("internal-stack-patterns", TRIM_CONFIG_KEYS), "internalStackPatterns");
  assert.equal(nearestKey("zzzzzz", TRIM_CONFIG_KEYS), undefined);
});

test("merging concatenates every list in order", () => {
  assert.deepEqual(
    mergeTrimConfigs(
      { ignore: ["a"], sources: [{ name: "s", markers: ["m"] }] },
      undefined,
      {},
      {
        ignore: ["b"],
        keep: [],
        internalStackPatterns: ["i"],
        sanitize: [{ pattern: "p", replacement: "" }],
      },
    ),
    {
      ignore: ["a", "b"],
      sources: [{ name: "s", markers: ["m"] }],
      internalStackPatterns: ["i"],
      sanitize: [{ pattern: "p", replacement: "" }],
    },
  );
  assert.deepEqual(mergeTrimConfigs(), {});
});
