// `foldLineRanges` (`--fold-lines`): an [xN] line names the input lines it stands for,
// so a reader with the raw log can fetch exactly those lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../trim/process.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

test("fold ranges: first and last input line of each [xN] line", async () => {
  const log = "start\nretry id=1\nretry id=2\nretry id=3\nERROR boom\nok\nok\n";
  const { output, result } = await trimTextInline(log, {
    aggressiveness: "low",
    foldLineRanges: true,
  });
  assert.equal(
    output,
    "start\n[x3] retry id=[1 | 2 | 3] (lines 2-4)\nERROR boom\n[x2] ok (lines 6-7)\n",
  );
  assertAccounting(output, result);
  // Off by default: the same output without the ranges.
  const plain = await trimTextInline(log, { aggressiveness: "low" });
  assert.equal(plain.output, output.replace(/ \(lines \d+-\d+\)/g, ""));
});

test("fold ranges: non-adjacent repeats (dedupeWindow) span their first to last line", async () => {
  const log = "retry id=1\nhb\nretry id=2\nhb\nretry id=3\n";
  const { output } = await trimTextInline(log, {
    aggressiveness: "low",
    dedupeWindow: 2,
    foldLineRanges: true,
    rootCause: false,
  });
  assert.ok(output.includes("[x3] retry id=[1 | 2 | 3] (lines 1-5)"), output);
  assert.ok(output.includes("[x2] hb (lines 2-4)"), output);
});
