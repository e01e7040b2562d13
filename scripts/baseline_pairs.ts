/**
 * The baseline on the pass/fail fixture pairs (`tests/fixtures/baseline/`): for each
 * pair, output tokens and must-keep lines missed, without and with the passing run's
 * log, with default options both ways. Prints a Markdown table (bench/README.md).
 *
 * ```sh
 * npx -y deno@2.9.6 run -A scripts/baseline_pairs.ts
 * ```
 *
 * @module
 */

import { trimTextInline } from "../trim/process.ts";

const DIR = new URL("../tests/fixtures/baseline/", import.meta.url);

if (import.meta.main) {
  const names = [...Deno.readDirSync(DIR)].map((e) => e.name).filter((n) => n.endsWith(".fail.log"))
    .map((n) => n.slice(0, -9)).sort();
  const read = (n: string) => Deno.readTextFileSync(new URL(n, DIR));
  const total = { input: 0, without: 0, with: 0, keep: 0, missedWithout: 0, missedWith: 0 };
  console.log(
    "| pair | input tokens | output without | output with | must-keep missed without → with |",
  );
  console.log("|---|---:|---:|---:|---|");
  for (const name of names) {
    const fail = read(`${name}.fail.log`);
    const keep = read(`${name}.keep.txt`).split("\n").filter(Boolean);
    const a = await trimTextInline(fail);
    const b = await trimTextInline(fail, {
      baseline: ReadableStream.from([read(`${name}.pass.log`)]),
    });
    const ma = keep.filter((k) => !a.output.includes(k)).length;
    const mb = keep.filter((k) => !b.output.includes(k)).length;
    total.input += a.result.inputTokens;
    total.without += a.result.outputTokens;
    total.with += b.result.outputTokens;
    total.keep += keep.length;
    total.missedWithout += ma;
    total.missedWith += mb;
    console.log(
      `| ${name} | ${a.result.inputTokens} | ${a.result.outputTokens} | ${b.result.outputTokens} | ${ma} → ${mb} of ${keep.length} |`,
    );
  }
  const r = (out: number) => (1 - out / total.input).toFixed(3);
  console.log(
    `| **all ${names.length}** | ${total.input} | ${total.without} (reduction ${
      r(total.without)
    }) | ` +
      `${total.with} (reduction ${
        r(total.with)
      }) | ${total.missedWithout} → ${total.missedWith} of ${total.keep} |`,
  );
}
