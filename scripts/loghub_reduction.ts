/**
 * Token figures of trimlog at default options on the Loghub samples in
 * `/work/shared/corpora/loghub` (or the directory given as the first argument):
 *
 * - per log and pooled over the 16 `*_2k.log` files: input and output tokens and the
 *   pooled token reduction, 1 − Σ output / Σ input;
 * - the 16 logs concatenated in name order, once and repeated `--repeat N` times
 *   (default 23): output tokens of each and their ratio (a stream that repeats
 *   itself should fold into roughly one copy).
 *
 * Tokens are counted exactly with the o200k_base encoding of `gpt-tokenizer` (the
 * import in deno.json), not with the run's own estimate.
 *
 * ```sh
 * npx -y deno@2.9.6 run -A scripts/loghub_reduction.ts [DIR] [--repeat N] [--no-concat]
 * ```
 *
 * @module
 */

import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { trimTextInline } from "../trim/process.ts";

const args = [...Deno.args];
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const noConcat = args.includes("--no-concat");
if (noConcat) args.splice(args.indexOf("--no-concat"), 1);
const repeatArg = flag("--repeat");
const repeat = repeatArg === undefined ? 23 : Number(repeatArg);
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error(`--repeat: expected a whole number ≥ 1, got ${JSON.stringify(repeatArg)}`);
  Deno.exit(2);
}
const dir = args[0] ?? "/work/shared/corpora/loghub";

let files: string[];
try {
  files = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith("_2k.log")).sort();
} catch (e) {
  console.error(`cannot read ${dir}: ${(e as Error).message}`);
  Deno.exit(2);
}
if (files.length === 0) {
  console.error(`no *_2k.log file in ${dir}`);
  Deno.exit(2);
}

/** Exact tokens (o200k_base) of a text, counted per line to keep the encoder's input small. */
function tokens(text: string): number {
  let n = 0;
  for (const line of text.split("\n")) n += encode(line).length;
  return n;
}

let inSum = 0;
let outSum = 0;
const texts: string[] = [];
console.log("log                     in tok   out tok  lines out  reduction");
for (const file of files) {
  const text = await Deno.readTextFile(`${dir}/${file}`);
  texts.push(text.endsWith("\n") ? text : text + "\n");
  const { output, result } = await trimTextInline(text);
  const i = tokens(text);
  const o = tokens(output);
  inSum += i;
  outSum += o;
  console.log(
    `${file.padEnd(22)} ${String(i).padStart(7)} ${String(o).padStart(9)} ${
      String(result.stats.outputLines).padStart(10)
    }  ${(1 - o / i).toFixed(3)}`,
  );
}
console.log(
  `pooled (${files.length} logs, o200k_base): ${inSum} → ${outSum} tokens, reduction ${
    (1 - outSum / inSum).toFixed(3)
  }`,
);

if (!noConcat) {
  const one = texts.join("");
  const once = tokens((await trimTextInline(one)).output);
  const many = tokens((await trimTextInline(one.repeat(repeat))).output);
  console.log(
    `concatenation: once ${once} tokens, ${repeat}× ${many} tokens, ratio ${
      (many / once).toFixed(2)
    }`,
  );
}
