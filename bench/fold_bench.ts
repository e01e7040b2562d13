/**
 * Micro-benchmark of the fold-side steps on a realistic stream of sanitized lines.
 *
 * Lines: the first `--mb` MB of a generated bench log (scripts/gen_log.ts) plus every
 * loghub sample under /work/shared/corpora/loghub when present, sanitized once
 * (not timed). Timed: `Folder.push` over 1,000-line batches, best of `--runs`.
 *
 *   deno run -A bench/fold_bench.ts [--mb 20] [--runs 5] [--variants 'a.ts,b.ts#{"window":4}']
 *
 * @module
 */

import { sanitizeLine } from "../trim/sanitize.ts";

const args = Deno.args;
const arg = (name: string, def: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const mb = Number(arg("--mb", "20"));
const runs = Number(arg("--runs", "5"));
// Variants `path` or `path#{"templateMining":false}`, comma-separated; timed interleaved.
const variants = await Promise.all(
  arg("--variants", "../trim/fold/folder.ts").split(",").map(async (v) => {
    const [path, json] = v.split("#");
    const mod = await import(path.startsWith(".") ? new URL(path, import.meta.url).href : path);
    return {
      name: v,
      Folder: mod.Folder,
      opts: json ? JSON.parse(json) : {},
      best: Infinity,
      out: 0,
    };
  }),
);

const src = new URL("./out/bench-100mb.log", import.meta.url);
const file = await Deno.open(src);
const buf = new Uint8Array(mb * 1_000_000);
let n = 0;
while (n < buf.length) {
  const r = await file.read(buf.subarray(n));
  if (r === null) break;
  n += r;
}
file.close();
let text = new TextDecoder().decode(buf.subarray(0, n));
try {
  for (const e of Deno.readDirSync("/work/shared/corpora/loghub")) {
    if (e.name.endsWith(".log")) {
      text += "\n" + Deno.readTextFileSync(`/work/shared/corpora/loghub/${e.name}`);
    }
  }
} catch { /* corpus absent */ }
const lines = text.split("\n").map((l) => sanitizeLine(l));
const bytes = lines.reduce((s, l) => s + l.length + 1, 0);
const batches: string[][] = [];
for (let i = 0; i < lines.length; i += 1000) batches.push(lines.slice(i, i + 1000));

for (let r = 0; r < runs; r++) {
  for (const v of variants) {
    const f = new v.Folder({ duplicates() {}, dropped() {} }, v.opts);
    const t0 = performance.now();
    let count = 0;
    for (const b of batches) {
      const out: string[] = [];
      f.push(b, out);
      count += out.length;
    }
    const out: string[] = [];
    f.flush(out);
    count += out.length;
    v.best = Math.min(v.best, performance.now() - t0);
    v.out = count;
  }
}
console.log(`${lines.length} lines, ${(bytes / 1e6).toFixed(1)} MB sanitized`);
for (const v of variants) {
  console.log(
    `${v.name}: ${v.out} out, best ${v.best.toFixed(0)} ms = ${
      (bytes / 1e6 / (v.best / 1000)).toFixed(0)
    } MB/s`,
  );
}
