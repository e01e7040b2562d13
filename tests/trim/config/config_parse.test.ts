import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { compileTrimConfig } from "../../../trim/config/rules.ts";
import { parseTrimConfig } from "../../../trim/config/yaml.ts";
import { TrimError } from "../../../trim/errors.ts";

/** Parse and return the INVALID_CONFIG message (fails when nothing is thrown). */
function errorOf(yaml: string, file = ".trim.yml"): string {
  try {
    parseTrimConfig(yaml, file);
  } catch (err) {
    assert.ok(err instanceof TrimError, `expected a TrimError, got ${err}`);
    assert.equal(err.code, "INVALID_CONFIG");
    assert.ok(!err.message.includes("\n"), `one-line message expected: ${err.message}`);
    return err.message;
  }
  assert.fail(`expected INVALID_CONFIG for:\n${yaml}`);
}

test("parses every key of a full configuration", () => {
  const yaml = [
    "ignore:",
    "  - '^DEBUG '",
    "keep: ['PAYMENT-\\d+']",
    "sanitize:",
    "  - pattern: 'user=\\w+'",
    "    replacement: 'user=[USER]'",
    "  - { pattern: 'x', replacement: '', flags: 'i' }",
    "sources:",
    "  - name: acme",
    "    markers: ['[acme]', 'AcmeService']",
    "internalStackPatterns:",
    "  - node_modules/@acme/",
  ].join("\n");
  assert.deepEqual(parseTrimConfig(yaml, ".trim.yml"), {
    ignore: ["^DEBUG "],
    keep: ["PAYMENT-\\d+"],
    sanitize: [
      { pattern: "user=\\w+", replacement: "user=[USER]" },
      { pattern: "x", replacement: "", flags: "i" },
    ],
    sources: [{ name: "acme", markers: ["[acme]", "AcmeService"] }],
    internalStackPatterns: ["node_modules/@acme/"],
  });
});

test("empty files, comment-only files and empty keys are no configuration", () => {
  assert.deepEqual(parseTrimConfig("", ".trim.yml"), {});
  assert.deepEqual(parseTrimConfig("# nothing yet\n", ".trim.yml"), {});
  assert.deepEqual(parseTrimConfig("\uFEFF", ".trim.yml"), {});
  assert.deepEqual(parseTrimConfig("ignore:\nkeep: []\n", ".trim.yml"), { keep: [] });
});

test("a single string is accepted where a list is expected", () => {
  assert.deepEqual(
    parseTrimConfig("ignore: '^noise'\nsources:\n  - { name: a, markers: '[a]' }\n", "f"),
    { ignore: ["^noise"], sources: [{ name: "a", markers: ["[a]"] }] },
  );
});

test("an invalid regular expression names the file, line, key, index and the error", () => {
  const yaml = [
    "# custom rules",
    "keep:",
    "  - 'PAYMENT'",
    "",
    "ignore:",
    "  - '^DEBUG'",
    "  - 'health'",
    "  - 'unclosed('",
  ].join("\n");
  // ignore[2] is on line 8.
  assert.equal(
    errorOf(yaml),
    '.trim.yml:8: ignore[2]: invalid regular expression "unclosed(": Unterminated group',
  );
  // The line is the item's line, whatever comes before it.
  assert.match(
    errorOf("\n\n\n\n\nignore:\n  - ok\n  - '['\n"),
    /^\.trim\.yml:8: ignore\[1\]: invalid regular expression "\[": /,
  );
});

test("invalid patterns in every pattern key are reported with their path", () => {
  assert.match(
    errorOf("keep:\n  - '*'\n"),
    /^\.trim\.yml:2: keep\[0\]: invalid regular expression/,
  );
  assert.match(
    errorOf("internalStackPatterns: ['a', '(?<x']\n"),
    /^\.trim\.yml:1: internalStackPatterns\[1\]: invalid regular expression "\(\?<x": /,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: '+'\n    replacement: x\n"),
    /^\.trim\.yml:2: sanitize\[0\]\.pattern: invalid regular expression "\+": Nothing to repeat$/,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: '\\p{L'\n    replacement: x\n    flags: u\n"),
    /^\.trim\.yml:2: sanitize\[0\]\.pattern: invalid regular expression/,
  );
});

test("unknown keys are rejected with the nearest valid key", () => {
  assert.match(
    errorOf("ignroe: [x]\n"),
    /^\.trim\.yml:1: ignroe: unknown key; did you mean "ignore"\?/,
  );
  assert.match(errorOf("keep: []\nsanitise: []\n"), /^\.trim\.yml:2: sanitise: .*"sanitize"/);
  assert.match(errorOf("Keep: []\n"), /did you mean "keep"/);
  assert.match(errorOf("source: []\n"), /did you mean "sources"/);
  assert.match(
    errorOf("internal_stack_patterns: []\n"),
    /did you mean "internalStackPatterns"/,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: x\n    replace: y\n"),
    /^\.trim\.yml:3: sanitize\[0\]\.replace: unknown key; did you mean "replacement"\?/,
  );
  assert.match(
    errorOf("sources:\n  - name: x\n    marker: [y]\n"),
    /^\.trim\.yml:3: sources\[0\]\.marker: unknown key; did you mean "markers"\?/,
  );
  // Far from every key: no suggestion, but the valid keys are listed.
  const far = errorOf("colour: blue\n");
  assert.doesNotMatch(far, /did you mean/);
  assert.match(
    far,
    /^\.trim\.yml:1: colour: unknown key \(valid keys: ignore, keep, sanitize, sources, internalStackPatterns\)$/,
  );
});

test("wrong types name the key and what was found", () => {
  assert.equal(
    errorOf("keep:\n  - 404\n"),
    '.trim.yml:2: keep[0]: expected a regular expression string, got number 404 (quote it: "404")',
  );
  assert.match(
    errorOf("ignore: {a: 1}\n"),
    /^\.trim\.yml:1: ignore: expected a list of regular expressions, got a mapping$/,
  );
  assert.match(errorOf("ignore: ['']\n"), /ignore\[0\]: empty regular expression/);
  assert.match(errorOf("sanitize: 'x'\n"), /^\.trim\.yml:1: sanitize: expected a list of rules/);
  assert.match(errorOf("sanitize:\n  - 'x'\n"), /^\.trim\.yml:2: sanitize\[0\]: expected a rule/);
  assert.match(
    errorOf("sanitize:\n  - pattern: x\n"),
    /^\.trim\.yml:2: sanitize\[0\]: missing key "replacement"/,
  );
  assert.match(
    errorOf("sanitize:\n  - replacement: x\n"),
    /^\.trim\.yml:2: sanitize\[0\]: missing key "pattern"/,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: x\n    replacement: 5\n"),
    /^\.trim\.yml:3: sanitize\[0\]\.replacement: expected a string, got number 5/,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: x\n    replacement: y\n    flags: gq\n"),
    /^\.trim\.yml:4: sanitize\[0\]\.flags: unknown RegExp flag "q"/,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: x\n    replacement: y\n    flags: uv\n"),
    /sanitize\[0\]\.flags: the flags "u" and "v" cannot be combined/,
  );
  assert.match(
    errorOf("sanitize:\n  - pattern: x\n    replacement: y\n    flags: ii\n"),
    /sanitize\[0\]\.flags: repeated RegExp flag/,
  );
  assert.match(
    errorOf("sources:\n  - markers: [x]\n"),
    /^\.trim\.yml:2: sources\[0\]: missing key "name"/,
  );
  assert.match(
    errorOf("sources:\n  - name: x\n"),
    /^\.trim\.yml:2: sources\[0\]: missing key "markers"/,
  );
  assert.match(
    errorOf("sources:\n  - name: x\n    markers: []\n"),
    /^\.trim\.yml:3: sources\[0\]\.markers: expected at least one marker$/,
  );
  assert.match(
    errorOf("sources:\n  - name: x\n    markers:\n      - a\n      - 3\n"),
    /^\.trim\.yml:5: sources\[0\]\.markers\[1\]: expected a string, got number 3$/,
  );
  assert.match(
    errorOf("sources:\n  - name: x\n    markers: [a]\n  - name: x\n    markers: [b]\n"),
    /^\.trim\.yml:4: sources\[1\]\.name: duplicate source name "x" \(see sources\[0\]\)$/,
  );
});

test("a top level that is not a mapping is rejected", () => {
  assert.match(errorOf("- ignore\n"), /^\.trim\.yml:1: expected a mapping with the keys ignore, /);
  assert.match(
    errorOf("just text\n"),
    /^\.trim\.yml:1: expected a mapping .*got the string "just text"$/,
  );
});

test("YAML syntax errors name the file and line", () => {
  assert.match(
    errorOf("ignore:\n  - a\n  - [b\nkeep: []\n", "rules.yml"),
    /^rules\.yml:\d+: invalid YAML: /,
  );
  assert.match(
    errorOf("keep: [a]\nignore: [b]\nkeep: [c]\n"),
    /^\.trim\.yml:3: keep: duplicate key/,
  );
  assert.match(
    errorOf("keep: [a]\n---\nkeep: [b]\n"),
    /^\.trim\.yml:\d+: invalid YAML: .*multiple documents/,
  );
  assert.match(errorOf("keep:\n\t- a\n"), /^\.trim\.yml:2: invalid YAML: /);
});

test("alias bombs are refused instead of expanded", () => {
  const bomb = [
    "a: &a [x, x, x, x, x, x, x, x, x, x]",
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]",
    "ignore: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]",
  ].join("\n");
  assert.match(errorOf(bomb), /^\.trim\.yml:1: /);
});

test("user mistakes never carry a stack trace in the message", () => {
  for (const yaml of ["ignore: ['(']", "kep: []", "keep: [", "- x"]) {
    assert.doesNotMatch(errorOf(yaml), /\n\s+at /);
  }
});

test("the documented example file parses and compiles", () => {
  const text = readFileSync(new URL("../../../examples/.trim.yml", import.meta.url), "utf8");
  const config = parseTrimConfig(text, "examples/.trim.yml");
  for (const key of ["ignore", "keep", "sanitize", "sources", "internalStackPatterns"] as const) {
    assert.ok(config[key] && config[key].length > 0, `example shows ${key}`);
  }
  const compiled = compileTrimConfig(config, "examples/.trim.yml");
  assert.ok(compiled.ignore?.test("HEARTBEAT sent to peer"));
  assert.ok(compiled.keep?.test("charge PAYMENT-1234 failed"));
  const line = compiled.sanitize.reduce(
    (s, r) => s.replace(r.re, r.replacement),
    "customer=alice placed ORDER_1234567 and customer=bob",
  );
  assert.equal(line, "customer=[CUSTOMER] placed ORDER-[ORDER] and customer=[CUSTOMER]");
  assert.ok(
    compiled.internalStackPatterns?.test("    at x (/app/node_modules/@acme/sdk/index.js:1:2)"),
  );
});
