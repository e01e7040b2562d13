import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../../_helpers/property.ts";
import {
  createSourceDetector,
  detectLogSources,
  KNOWN_LOG_SOURCES,
  LOG_SOURCE_SIGNATURES,
} from "../../../trim/sources/detector.ts";

const FIXTURES = new URL("../../fixtures/sources/", import.meta.url);

async function fixtures(): Promise<Array<{ file: string; expected: string; text: string }>> {
  const out = [];
  for await (const entry of Deno.readDir(FIXTURES)) {
    if (!entry.isFile || !entry.name.endsWith(".log")) continue;
    out.push({
      file: entry.name,
      expected: entry.name.split(".")[0],
      text: await Deno.readTextFile(new URL(entry.name, FIXTURES)),
    });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : 1));
}

test("no evidence, no sources", () => {
  assert.deepEqual(detectLogSources(""), []);
  assert.deepEqual(detectLogSources("hello world\n12345\n"), []);
});

test("ranks the source with the most distinct markers first", () => {
  const log = [
    "Running with gitlab-runner 16.9.1 (782c6ecb)",
    'Preparing the "docker" executor',
    "Getting source from Git repository",
    "$ npm ci",
    "npm ERR! code ELIFECYCLE",
    "ERROR: Job failed: exit code 1",
  ].join("\n");
  const ranked = detectLogSources(log);
  assert.equal(ranked[0], "gitlab-ci");
  assert.ok(ranked.includes("npm"));
});

test("matching is case-sensitive", () => {
  assert.ok(detectLogSources("npm ERR! code E404").includes("npm"));
  assert.ok(!detectLogSources("NPM err! CODE e404").includes("npm"));
});

test("results are deterministic, ties broken by name", () => {
  const a = LOG_SOURCE_SIGNATURES.find(([n]) => n === "kafka")!;
  const b = LOG_SOURCE_SIGNATURES.find(([n]) => n === "zookeeper")!;
  // One marker of the same specificity each: equal scores, so alphabetical order.
  const ma = a[1].find((m) => m.length >= 15)!;
  const mb = b[1].find((m) => m.length >= 15)!;
  const text = `${ma}\n${mb}\n`;
  assert.deepEqual(detectLogSources(text), detectLogSources(text));
  assert.deepEqual(detectLogSources(text).slice(0, 2), ["kafka", "zookeeper"]);
});

test("extra sources are detected, and extend built-in sources of the same name", () => {
  const extra = [
    { name: "acme-billing", markers: ["[acme-billing]", "AcmeBillingError"] },
    { name: "npm", markers: ["my-npm-wrapper:"] },
  ];
  const ranked = detectLogSources("[acme-billing] start\nAcmeBillingError: boom\n", extra);
  assert.equal(ranked[0], "acme-billing");
  assert.deepEqual(detectLogSources("my-npm-wrapper: hi", extra), ["npm"]);
  // Same extra array again: cached, same answer.
  assert.deepEqual(detectLogSources("my-npm-wrapper: hi", extra), ["npm"]);
});

test("property: a log made of one source's markers ranks that source in the top 3", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...LOG_SOURCE_SIGNATURES.filter(([, m]) => m.length >= 3)),
      fc.array(fc.nat(), { minLength: 3, maxLength: 12 }),
      fc.array(fc.constantFrom("took 12ms", "id=42", "", "ok", "retrying"), { maxLength: 5 }),
      ([name, markers], picks, noise) => {
        const lines = picks.map((p, i) => `${markers[p % markers.length]} ${noise[i] ?? ""}`);
        const top = detectLogSources(lines.join("\n")).slice(0, 3);
        return top.includes(name);
      },
    ),
    propertyParams("sources_detect#1", { numRuns: 500 }),
  );
});

test("the streaming detector equals detectLogSources on short logs", async () => {
  for (const { text } of await fixtures()) {
    const d = createSourceDetector();
    for (const line of text.split("\n")) d.observe(line);
    assert.deepEqual(d.ranked(), detectLogSources(text));
    assert.deepEqual(d.ranked(3), detectLogSources(text).slice(0, 3));
  }
});

test("the streaming detector samples long logs deterministically", () => {
  const run = () => {
    const d = createSourceDetector();
    for (let i = 0; i < 20000; i++) {
      d.observe(i % 1000 === 999 ? "Running with gitlab-runner 16.9.1" : `line ${i} npm ERR! x`);
    }
    return d;
  };
  const a = run();
  assert.equal(a.lines, 20000);
  assert.deepEqual(a.ranked(), run().ranked());
  assert.equal(a.ranked()[0], "npm");
  assert.deepEqual(createSourceDetector().ranked(), []);
});

test("the streaming detector accepts extra sources", () => {
  const d = createSourceDetector([{ name: "acme", markers: ["ACME-7"] }]);
  d.observe("ACME-7 failed");
  assert.deepEqual(d.ranked(), ["acme"]);
});

test("fixtures: the true source is in the top 3 for at least 90% (and top-1 is not unrelated)", async () => {
  const all = await fixtures();
  assert.ok(all.length >= 40, `${all.length} fixtures`);
  const misses: string[] = [];
  let top3 = 0;
  for (const { file, expected, text } of all) {
    assert.ok(KNOWN_LOG_SOURCES.includes(expected), `${file}: unknown source ${expected}`);
    const ranked = detectLogSources(text);
    if (ranked.slice(0, 3).includes(expected)) top3++;
    else misses.push(`${file}: ${ranked.slice(0, 3).join(", ")}`);
  }
  assert.ok(top3 / all.length >= 0.9, misses.join("\n"));
});
