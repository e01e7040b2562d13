import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { countWords, estimateTokens, LineMeter } from "../../trim/tokens.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);

// Realistic logs of several kinds. The built-in estimate must stay within ±10% of
// o200k_base on each kind as a whole, and within ±20% on every single file.
const KINDS: Record<string, string[]> = {
  "CI and build output": [
    "../../examples/ci-failure.log",
    "npm_jest.log",
    "tsc.log",
    "gha_annotations.log",
    "cargo.log",
    "go_test.log",
    "maven.log",
    "gradle.log",
    "docker_build.log",
    "terraform.log",
    "ci_build.log",
    "pytest.log",
  ],
  "server logs": ["web_server.log", "python_web.log", "java_service.log", "k8s_events.log"],
  "stack traces": ["node_trace.log", "java_caused_by.log", "python_in_server.log"],
};

function estimate(text: string): number {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.reduce((n, l) => n + estimateTokens(l), 0);
}

test("token estimate: within ±10% of o200k_base per kind of log, ±20% per file", async () => {
  for (const [kind, files] of Object.entries(KINDS)) {
    let real = 0;
    let est = 0;
    for (const file of files) {
      const text = await readFile(new URL(file, FIXTURES), "utf8");
      const r = encode(text).length;
      const e = estimate(text);
      assert.ok(Math.abs(e / r - 1) <= 0.2, `${file}: estimate/real = ${(e / r).toFixed(3)}`);
      real += r;
      est += e;
    }
    const ratio = est / real;
    assert.ok(Math.abs(ratio - 1) <= 0.1, `${kind}: estimate/real = ${ratio.toFixed(3)}`);
  }
});

test("LineMeter agrees with estimateTokens and countWords", () => {
  const lines = ["", "  npm ERR! code ERESOLVE", "错误: 连接超时", "a\tb  c", "x".repeat(100)];
  const m = new LineMeter();
  let tokens = 0;
  let words = 0;
  for (const l of lines) {
    m.add(l);
    tokens += estimateTokens(l);
    words += countWords(l);
  }
  assert.ok(Math.abs(m.tokens - tokens) < 1e-9);
  assert.equal(m.words, words);
});

test("LineMeter with a custom estimator uses it", () => {
  const m = new LineMeter(() => 7);
  m.add("a b");
  assert.equal(m.tokens, 7);
  assert.equal(m.words, 2);
});
