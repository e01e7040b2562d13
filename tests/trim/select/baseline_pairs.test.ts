// The baseline on the pass/fail fixture pairs (tests/fixtures/baseline/): with the
// passing run's log, the failing run's reduction keeps every must-keep line and leaks
// no secret; over all pairs it is smaller than without the baseline (default options
// both ways: with a baseline the default level is low, without it auto). A pair may
// grow a little: what the failing run printed new (its first new lines with their
// context) is evidence now, not only what the rules keep; never by more than half.
import { test } from "node:test";
import assert from "node:assert/strict";
import { measurePair, pairLines, pairNames } from "../../../scripts/baseline_pairs.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

const PAIRS = pairNames();

test("baseline pairs: there are at least ten", () => {
  assert.ok(PAIRS.length >= 10, PAIRS.join(", "));
});

const tokens = { input: 0, without: 0, with: 0 };

for (const name of PAIRS) {
  test(`baseline pair ${name}: every must-keep line, no secret, at most half again as large as without`, async () => {
    const { without, with: withBase } = await measurePair(name);
    assert.deepEqual(withBase.missed, [], withBase.output);
    for (const secret of pairLines(`${name}.secrets.txt`)) {
      assert.ok(!withBase.output.includes(secret), `${name}: secret leaked`);
    }
    assert.ok(
      withBase.result.outputTokens <= without.result.outputTokens * 1.5,
      `${withBase.result.outputTokens} vs ${without.result.outputTokens}`,
    );
    assertAccounting(withBase.output, withBase.result);
    tokens.input += without.result.inputTokens;
    tokens.without += without.result.outputTokens;
    tokens.with += withBase.result.outputTokens;
  });
}

test("baseline pairs: pooled over the pairs, the baseline reduces more", () => {
  assert.ok(tokens.input > 0 && tokens.with < tokens.without, JSON.stringify(tokens));
  console.log(
    `baseline pairs: pooled token reduction ${(1 - tokens.without / tokens.input).toFixed(3)} ` +
      `without, ${(1 - tokens.with / tokens.input).toFixed(3)} with the baseline`,
  );
});
