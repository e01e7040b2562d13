// PHP's run-tests.php: a failed test's diff is kept whole, an expected failure's dropped.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  PHP_DIFF_HOLD_CHARS,
  PHP_DIFF_HOLD_LIMIT,
  PHP_DIFFS_SHOWN,
  PhpStep,
  PhpTestDiffs,
} from "../../../trim/select/php_diffs.ts";
import { trimTextInline } from "../../../mod.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

const diff = (body: string[]) => ["========DIFF========", ...body, "========DONE========"];
const progress = (n: number) =>
  Array.from({ length: n }, (_, i) => `TEST ${i + 1}/900 [2/2 concurrent test workers running]`);

const FAILED_BODY = [
  "005+ Error: stat1 do not match with stat2 at key value: mtime",
  "005- bool(true)",
  "006+ array(2) {",
  "007+   [0]=>",
  "008+   int(2049)",
  "009+ }",
];
const XFAIL_BODY = [
  "001+ B1::f()",
  "001- Fatal error: Call to protected method B1::f() from context 'B2' in %s on line %d",
];

test("php diffs: the steps of a failed, an expected-failure and an unknown block", () => {
  const d = new PhpTestDiffs();
  const run = (lines: string[]) => lines.map((l, i) => d.next(l, i + 1));
  const H = PhpStep.HOLD;
  assert.deepEqual(run([...diff(["001+ a"]), "", "FAIL t [t.phpt]"]), [H, H, H, H, PhpStep.SHOW]);
  assert.deepEqual(d.held, ["========DIFF========", "001+ a", "========DONE========", ""]);
  d.clear();
  assert.deepEqual(run([...diff(["001+ a"]), "XFAIL t [t.phpt]"]), [H, H, H, PhpStep.DROP]);
  d.clear();
  assert.deepEqual(run([...diff([]), "TEST 5/9"]), [H, H, PhpStep.REPLAY]);
  d.clear();
  assert.equal(d.next("FAIL t [t.phpt]", 1), PhpStep.PASS); // no block before it
  assert.equal(d.next("========DIFF======== x", 1), PhpStep.PASS); // not the marker alone
  assert.equal(d.holding, false);
});

test("php diffs: the first few failed tests' diffs are shown, a long block is given up", () => {
  const d = new PhpTestDiffs();
  const steps: PhpStep[] = [];
  for (let k = 0; k < PHP_DIFFS_SHOWN + 2; k++) {
    for (const l of diff(["001+ a"])) d.next(l, 1);
    steps.push(d.next(`FAIL t${k} [t${k}.phpt]`, 1));
    d.clear();
  }
  assert.deepEqual(steps, [
    ...Array(PHP_DIFFS_SHOWN).fill(PhpStep.SHOW),
    PhpStep.REPLAY,
    PhpStep.REPLAY,
  ]);
  d.next("========DIFF========", 1);
  let step: PhpStep = PhpStep.HOLD;
  let n = 1;
  while (step === PhpStep.HOLD) step = d.next(`${n++}+ x`, n);
  assert.equal(step, PhpStep.REPLAY);
  assert.equal(d.held.length, PHP_DIFF_HOLD_LIMIT);
  assert.equal(d.holding, false);
  // Long lines: the characters held are bounded too.
  d.clear();
  const long = "x".repeat(PHP_DIFF_HOLD_CHARS / 2);
  assert.deepEqual(
    ["========DIFF========", long, long].map((l) => d.next(l, 1)),
    [PhpStep.HOLD, PhpStep.HOLD, PhpStep.REPLAY],
  );
  assert.equal(d.held.length, 2);
});

test("php diffs: through the pipeline, FAIL diffs whole, XFAIL diffs dropped, every line accounted", async () => {
  const input = [
    ...progress(30),
    ...diff(XFAIL_BODY),
    "XFAIL Inconsistencies when accessing protected members [Zend/tests/access_modifiers_008.phpt]",
    ...progress(30),
    ...diff(FAILED_BODY),
    "FAIL Test lstat() and stat() functions [ext/standard/tests/file/lstat_stat_variation8.phpt]",
    ...progress(200), // beyond the final window
  ];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  assertAccounting(output, result);
  for (const line of FAILED_BODY) assert.ok(output.includes(line), line);
  assert.ok(output.includes("FAIL Test lstat() and stat() functions"));
  assert.ok(!output.includes("Call to protected method"), "an expected failure's diff is noise");
  // In input order: the diff, then its verdict.
  assert.ok(output.indexOf(FAILED_BODY[0]) < output.indexOf("FAIL Test lstat()"));
});

test("php diffs: a block whose verdict never comes, and a user's keep rule inside one", async () => {
  const cut = [
    ...progress(5),
    "========DIFF========",
    ...FAILED_BODY,
    "Fatal error: out of memory",
  ];
  const a = await trimTextInline(cut.join("\n") + "\n");
  assertAccounting(a.output, a.result);
  assert.ok(a.output.includes("Fatal error: out of memory"));

  const input = [
    ...progress(30),
    ...diff(["001+ deploy marker", ...XFAIL_BODY]),
    "XFAIL known bug [x.phpt]",
    ...progress(200),
  ];
  const b = await trimTextInline(input.join("\n") + "\n", {
    config: { keep: [/deploy marker/] },
  });
  assertAccounting(b.output, b.result);
  assert.ok(b.output.includes("001+ deploy marker"), "the user's keep rule wins");
  // The lines written as they were read stay in input order.
  const at = b.output.split("\n").map((l) => input.indexOf(l)).filter((i) => i >= 0);
  assert.deepEqual(at, [...at].sort((x, y) => x - y));
});
