import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../mod.ts";
import { hashMessageTemplate, MessageRepeats } from "../../../trim/select/message_repeats.ts";
import { TFIDF_MAP_LIMIT } from "../../../trim/constants.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

test("message template: numbers and quoted values set aside, words and paths kept", () => {
  const h = hashMessageTemplate;
  assert.equal(h("retry 1 of 3 after 250ms"), h("retry 12 of 30 after 5ms"));
  assert.equal(h(`no member "a" in 'b' or \`c\``), h(`no member "xyz" in 'uv' or \`w\``));
  assert.equal(h("found \u2018JSON1\u2019 here"), h("found \u2018Other\u2019 here"));
  assert.notEqual(h("retry 1 of 3"), h("retries 1 of 3"));
  assert.notEqual(h("src/A.scala:1: x"), h("src/B.scala:1: x"));
  // A quote with no closing quote is an ordinary character.
  assert.notEqual(h("don't stop 1"), h("don't halt 1"));
  assert.equal(h("don't stop 1"), h("don't stop 2"));
  assert.notEqual(h("a 1"), h("a x"));
});

test("message repeats: three free, then 8 points more each; folding lines are not dampened", () => {
  const m = new MessageRepeats();
  const warn = (f: string) => `[warn] Api.scala:9: Could not find any member to link for "${f}".`;
  const p = ["a", "b", "c", "d", "e", "f"].map((s) => m.penalty(warn(s)));
  assert.deepEqual(p, [0, 0, 0, 8, 16, 24]);
  assert.ok(!m.folds(warn("f")));
  // Lines that differ in numbers only fold into one [xN] line: they may stay.
  const t = (ms: number) =>
    `#14 ${ms}.5 node_modules/x/index.mjs (1:0): Module level directives cause errors when bundled`;
  for (let k = 1; k <= 5; k++) m.penalty(t(k));
  assert.ok(m.folds(t(5)));
  assert.equal(m.size, 2);
});

test("select: a compiler's warnings go at high; at medium a few of one message, errors all", async () => {
  // scaladoc: one warning for many symbols of one file.
  const symbols = ["Api", "Types", "Trees", "Names", "Mirrors", "Exprs", "Universe", "Internals"];
  const warnings = symbols.flatMap((f, k) => [
    `[warn] /build/src/reflect/api/Universe.scala:${
      100 + 7 * k
    }: Could not find any member to link for "${f}Api".`,
    `[warn]   /** The ${f.toLowerCase()} of the universe.`,
    `[warn]   ^`,
  ]);
  // The warnings stay clear of the final window (the last 80 lines).
  const filler = Array.from({ length: 200 }, (_, i) => `[info] Compiling unit ${i} of the library`);
  const input = [
    ...filler.slice(0, 60),
    ...warnings,
    ...filler.slice(60),
    "[error] Tests: succeeded 2, failed 1",
    "[error] Failed: Total 3, Failed 1, Errors 0, Passed 2",
    "[error] (test:testOnly) sbt.TestsFailedException: Tests unsuccessful",
  ];
  // At a source location a warning's words (`Could not find`) describe the code: a
  // pure warning, dropped at high (the default's start).
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  const shownHigh = symbols.filter((f) => output.includes(`"${f}Api"`)).length;
  assert.equal(shownHigh, 0, output);
  // At medium warnings are kept, one message a few times.
  const medium = await trimTextInline(input.join("\n") + "\n", { aggressiveness: "medium" });
  assertAccounting(medium.output, medium.result);
  const shown = symbols.filter((f) => medium.output.includes(`"${f}Api"`)).length;
  assert.ok(
    shown >= 3 && shown <= 5,
    `${shown} of ${symbols.length} warnings shown:\n${medium.output}`,
  );
  // Another file's warning is another message.
  assert.equal(hashMessageTemplate(warnings[0]), hashMessageTemplate(warnings[3]));
  assert.notEqual(
    hashMessageTemplate(warnings[0]),
    hashMessageTemplate(warnings[0].replace("Universe", "Trees")),
  );
  assert.ok(output.includes("sbt.TestsFailedException: Tests unsuccessful"), output);
  assert.ok(output.includes("[error] Failed: Total 3, Failed 1, Errors 0, Passed 2"), output);
});

test("message repeats: the templates tracked stay within the map limit", () => {
  const m = new MessageRepeats();
  let max = 0;
  for (let i = 0; i < 3 * TFIDF_MAP_LIMIT; i++) {
    // Letters, not digits: every line is a template of its own.
    m.penalty(`[WARN] cache miss for ${i.toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[+d])}`);
    if (m.size > max) max = m.size;
  }
  assert.ok(max <= TFIDF_MAP_LIMIT && max > TFIDF_MAP_LIMIT / 2, `${max}`);
});
