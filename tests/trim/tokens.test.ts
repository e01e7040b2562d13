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

/** The estimate written out branch by branch: what the table walk of `LineMeter` must equal. */
function referenceEstimate(line: string): { words: number; tokens: number } {
  let words = 0, letterRuns = 0, extraLower = 0, extraUpper = 0, digits = 0, digitRuns = 0;
  let punctRuns = 0, punctExtra = 0, spaceRuns = 0, cjk = 0, other = 0;
  let prev = 3;
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 128) {
      const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
      const k = letter ? 1 : c >= 48 && c <= 57 ? 2 : c === 32 || (c >= 9 && c <= 13) ? 3 : 0;
      if (k === 1) {
        if (prev === 1) c <= 90 ? extraUpper++ : extraLower++;
        else {
          letterRuns++;
          if (prev === 3) words++;
        }
      } else if (k === 2) {
        digits++;
        if (prev !== 2) {
          digitRuns++;
          if (prev === 3) words++;
        }
      } else if (k === 3) {
        if (prev === 3) {
          if (++run === 1) spaceRuns++;
        } else run = 0;
      } else if (prev === 0) punctExtra++;
      else {
        punctRuns++;
        if (prev === 3) words++;
      }
      prev = k;
    } else if (c === 0xa0) {
      prev = 3;
      run = 0;
    } else {
      if (c >= 0x2e80 && c <= 0xd7af) cjk++;
      else if (c < 0xdc00 || c > 0xdfff) other++;
      if (prev === 3) words++;
      prev = 0;
    }
  }
  // The weights in thousandths of a token, summed as whole numbers.
  const tokens = (1352 + letterRuns * 446 + extraLower * 151 + extraUpper * 197 +
    digits * 238 + digitRuns * 1445 + punctRuns * 438 + punctExtra * 311 +
    spaceRuns * 676 + cjk * 1000 + other * 400) / 1000;
  return { words, tokens };
}

test("LineMeter's table walk equals the branch-by-branch estimate on random lines", () => {
  // Characters of every class and boundary: letters of both cases, digits, spaces, tabs,
  // punctuation, NBSP, Latin-1, CJK, a surrogate pair.
  const alphabet = [...'aZz09 \t\r.:-_/"{', "\u00a0", "\u00e9", "\u4e2d", "\ud83d\ude00", "  "];
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  for (let t = 0; t < 3000; t++) {
    let line = "";
    const len = rand(40);
    for (let i = 0; i < len; i++) line += alphabet[rand(alphabet.length)];
    const m = new LineMeter();
    m.add(line);
    const want = referenceEstimate(line);
    assert.equal(m.words, want.words, JSON.stringify(line));
    assert.equal(m.tokens, want.tokens, JSON.stringify(line));
  }
});
