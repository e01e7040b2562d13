// A repeated diagnostic that names a source location escapes the repeat dampener: each
// repeat is evidence of its own place (`trim/select/line_rules.ts`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../mod.ts";
import { LOCATED_VERBATIM } from "../../../trim/fold/failure_group.ts";

const filler = Array.from({ length: 30 }, (_, i) => `step ${i} done`);

test("repeated located diagnostics are all kept, unlocated ones dampened", async () => {
  const located = Array.from(
    { length: 9 },
    (_, i) => `bash: line ${169 + i}: pom.bak${i + 9}.xml: No space left on device`,
  );
  const unlocated = Array.from(
    { length: 9 },
    (_, i) => `could not reach mirror-${i + 10}.example.org, retrying`,
  );
  const input = [...filler, ...unlocated, ...filler, ...located, ...filler, ...filler];
  const { output } = await trimTextInline(input.join("\n") + "\n");
  for (const l of located) assert.ok(output.includes(l), l);
  const shown = unlocated.filter((l) => output.includes(l)).length;
  assert.ok(shown < unlocated.length, output);
});

test("at most LOCATED_VERBATIM repeated located diagnostics escape the dampener", async () => {
  const located = Array.from(
    { length: LOCATED_VERBATIM + 40 },
    (_, i) => `bash: line ${i + 1}: out${i}.xml: No space left on device`,
  );
  const input = [...filler, ...located.flatMap((l) => [l, "..."]), ...filler, ...filler];
  const { output } = await trimTextInline(input.join("\n") + "\n", { maxTokens: 1e9 });
  const shown = located.filter((l) => output.includes(l)).length;
  assert.ok(shown < located.length && shown >= LOCATED_VERBATIM, String(shown));
});
