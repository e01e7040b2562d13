/**
 * What the masker masks, measured on real logs: runs the reducer (default options)
 * over the dev corpora (LogChunks dev, CiDiff dev, Loghub, `examples/ci-failure.log`),
 * counts each placeholder kind per 1,000 output lines, and prints a deterministic
 * sample of masked values with the text they replaced, to be classified by hand as
 * secret, volatile (a time, an id, an address) or wrongly masked (a path, a version, a
 * test name, a word). `docs/secrets.md` states the classification.
 *
 * ```sh
 * deno run -A scripts/mask_audit.ts [--shared ../shared] [--sample 200] [--kind REDACTED] [--seed 1]
 * ```
 *
 * A masked value is known by aligning an output line with the input line it came from
 * (the input lines are masked one by one, and an output line equal to one of them is
 * that line); lines folded or cut by the reducer are counted, not sampled.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { trimTextInline } from "../trim/process.ts";
import { sanitizeLine, stripAnsi } from "../trim/sanitize.ts";
import { Rng } from "./gen_log/rng.ts";

const ROOT = new URL("../", import.meta.url).pathname;

/** Placeholders of the masker (`[ID:ab12]` counts as `ID`). */
const PLACEHOLDER_RE =
  /\[(REDACTED PRIVATE KEY|REDACTED|JWT|HASH|ID(?::[^\]\s]{1,16})?|TIME|IP|PORT|ACCOUNT|[1-5]xx)\]/g;

interface Masked {
  corpus: string;
  kind: string;
  value: string;
  line: string;
}

async function extract(tarXz: string, into: string): Promise<void> {
  const { code, stderr } = await new Deno.Command("tar", {
    args: ["-xJf", tarXz, "-C", into],
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`tar ${tarXz}: ${new TextDecoder().decode(stderr)}`);
}

async function logsUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    const entries = [];
    for await (const e of Deno.readDir(d)) entries.push(e);
    entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const e of entries) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else if (e.isFile && p.endsWith(".log")) out.push(p);
    }
  }
  await walk(dir);
  return out;
}

/**
 * The values an output line masked, by aligning it with the input line it came from:
 * the masked line as a pattern (its text literal, each placeholder any text), matched
 * against the input line whole. Lines of more than 2,000 characters or 16
 * placeholders are not aligned.
 */
export function maskedValues(input: string, masked: string): { kind: string; value: string }[] {
  if (masked.length > 2000) return [];
  const kinds: string[] = [];
  let source = "^";
  let last = 0;
  for (const m of masked.matchAll(PLACEHOLDER_RE)) {
    source += _escape(masked.slice(last, m.index)) + "([\\s\\S]+?)";
    kinds.push(m[1].startsWith("ID:") ? "ID" : m[1]);
    last = m.index + m[0].length;
  }
  if (kinds.length === 0 || kinds.length > 16) return [];
  source += _escape(masked.slice(last)) + "$";
  const m = new RegExp(source).exec(input);
  if (m === null) return [];
  return kinds.map((kind, k) => ({ kind, value: m[k + 1] }));
}

function _escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A folded line's count: `[x12] `. */
const _FOLD_RE = /^\[x\d+\] /;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      shared: { type: "string", default: `${ROOT}../shared` },
      sample: { type: "string", default: "200" },
      kind: { type: "string" },
      seed: { type: "string", default: "1" },
      limit: { type: "string" },
    },
  });
  const shared = values.shared!;
  const tmp = await Deno.makeTempDir({ prefix: "mask_audit_" });
  const corpora: [string, string[]][] = [];
  try {
    await extract(`${shared}/corpora/logchunks-dev.tar.xz`, tmp);
    await extract(`${shared}/corpora/cidiff-dev.tar.xz`, tmp);
  } catch (e) {
    console.error(`mask_audit: ${(e as Error).message} (is ${shared} the shared folder?)`);
    Deno.exit(2);
  }
  corpora.push(["logchunks-dev", await logsUnder(`${tmp}/logchunks-dev/logs`)]);
  corpora.push(["cidiff-dev", await logsUnder(`${tmp}/cidiff-dev/logs`)]);
  corpora.push(["loghub", await logsUnder(`${shared}/corpora/loghub`)]);
  corpora.push(["demo", [`${ROOT}examples/ci-failure.log`]]);
  const limit = values.limit === undefined ? Infinity : Number(values.limit);

  const all: Masked[] = [];
  console.log("corpus\tfiles\toutput_lines\tper 1,000 output lines: kind=count");
  const totals = new Map<string, number>();
  let totalLines = 0;
  for (const [corpus, files] of corpora) {
    const counts = new Map<string, number>();
    let lines = 0;
    for (const file of files.slice(0, limit)) {
      const text = await Deno.readTextFile(file);
      const { output } = await trimTextInline(text);
      const byMasked = new Map<string, string>();
      for (const raw of text.split(/\r?\n|\r/)) {
        const plain = raw.indexOf("\x1b") >= 0 ? stripAnsi(raw) : raw;
        const m = sanitizeLine(raw);
        if (m !== plain && !byMasked.has(m)) byMasked.set(m, plain);
      }
      for (const line of output.split("\n")) {
        if (line === "") continue;
        lines++;
        PLACEHOLDER_RE.lastIndex = 0;
        if (line.indexOf("[") < 0) continue;
        for (const m of line.matchAll(PLACEHOLDER_RE)) {
          const kind = m[1].startsWith("ID:") ? "ID" : m[1];
          counts.set(kind, (counts.get(kind) ?? 0) + 1);
        }
        const input = byMasked.get(line.replace(_FOLD_RE, ""));
        if (input === undefined) continue;
        for (const v of maskedValues(input, line)) all.push({ corpus, ...v, line: input });
      }
    }
    totalLines += lines;
    for (const [k, v] of counts) totals.set(k, (totals.get(k) ?? 0) + v);
    console.log(`${corpus}\t${files.length}\t${lines}\t${perThousand(counts, lines)}`);
  }
  console.log(`all\t\t${totalLines}\t${perThousand(totals, totalLines)}`);
  await Deno.remove(tmp, { recursive: true });

  // Distinct values (a value masked 500 times in one log is one value to classify).
  const seen = new Set<string>();
  const pool = all.filter((m) => {
    if (values.kind !== undefined && m.kind !== values.kind) return false;
    const key = `${m.kind}\t${m.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const random = new Rng(Number(values.seed));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const n = Math.min(Number(values.sample), pool.length);
  console.log(
    `\nsample: ${n} of ${pool.length} distinct masked values${
      values.kind ? ` of kind ${values.kind}` : ""
    } (${all.length} aligned), seed ${values.seed}`,
  );
  console.log("#\tcorpus\tkind\tvalue\tline");
  pool.slice(0, n).forEach((m, i) => {
    const line = m.line.length > 160 ? m.line.slice(0, 160) + "…" : m.line;
    console.log(`${i + 1}\t${m.corpus}\t${m.kind}\t${JSON.stringify(m.value)}\t${line}`);
  });
}

function perThousand(counts: Map<string, number>, lines: number): string {
  return [...counts].sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k}=${(v * 1000 / Math.max(1, lines)).toFixed(1)}`).join(" ");
}

if (import.meta.main) await main();
