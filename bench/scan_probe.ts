/**
 * What one pass over a line costs, by kind of pass: the question behind issue 16's
 * "one classification pass per line". Times, on every line of a log, best of
 * `--runs` (ns per line):
 *
 * - the two trigger-word scans of `trim/classify/triggers.ts` (regular expressions,
 *   compiled to machine code by V8), and the uppercase one alone;
 * - the same words as one automaton walked in JavaScript (Aho-Corasick over ASCII,
 *   one table step per character: the shape a combined single pass would take);
 * - a bare `charCodeAt` loop over the line: the floor of any pass written in
 *   JavaScript;
 * - the same loop over the decoded chunk the lines were cut from (flat text).
 *
 * The trigger words are read from the source of `triggers.ts` (the probe stops with a
 * message when it finds none), since the module does not export its table.
 *
 * ```sh
 * deno run -A --v8-flags=--max-semi-space-size=2,--optimize-for-size,--no-concurrent-recompilation \
 *   bench/scan_probe.ts bench/out/loghub-x1.log [--runs 20]
 * ```
 *
 * @module
 */

import { triggerFamilies, upperTriggerFamilies } from "../trim/classify/triggers.ts";

const file = Deno.args.find((a) => !a.startsWith("--"));
const runsAt = Deno.args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 20;
if (file === undefined || !(runs >= 1)) {
  console.error("usage: deno run -A bench/scan_probe.ts LOG [--runs N]");
  Deno.exit(2);
}

const source = await Deno.readTextFile(new URL("../trim/classify/triggers.ts", import.meta.url));
const words = [...source.matchAll(/^\s*\["([^"]+)", _F_[A-Z]+\],?$/gm)].map((m) => m[1]);
if (words.length === 0) {
  console.error("scan_probe: no trigger words found in trim/classify/triggers.ts");
  Deno.exit(1);
}

/** Aho-Corasick over the ASCII words: one flat table, 128 columns per state. */
function automaton(list: readonly string[]): { step: Int32Array; hit: Uint8Array } {
  const rows: Int32Array[] = [new Int32Array(128).fill(-1)];
  const out: number[] = [0];
  for (const w of list) {
    let s = 0;
    for (let i = 0; i < w.length && s >= 0; i++) {
      const c = w.charCodeAt(i);
      if (c >= 128) s = -1;
      else {
        if (rows[s][c] < 0) {
          rows[s][c] = rows.length;
          rows.push(new Int32Array(128).fill(-1));
          out.push(0);
        }
        s = rows[s][c];
      }
    }
    if (s > 0) out[s] = 1;
  }
  const fail = new Int32Array(rows.length);
  const queue: number[] = [];
  for (let c = 0; c < 128; c++) {
    const t = rows[0][c];
    if (t < 0) rows[0][c] = 0;
    else queue.push(t);
  }
  for (let q = 0; q < queue.length; q++) {
    const r = queue[q];
    for (let c = 0; c < 128; c++) {
      const t = rows[r][c];
      if (t < 0) rows[r][c] = rows[fail[r]][c];
      else {
        fail[t] = rows[fail[r]][c];
        out[t] |= out[fail[t]];
        queue.push(t);
      }
    }
  }
  const step = new Int32Array(rows.length * 128);
  rows.forEach((row, s) => step.set(row, s * 128));
  return { step, hit: Uint8Array.from(out) };
}

const { step, hit } = automaton(words);

function walk(line: string): number {
  let s = 0;
  let found = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    s = c < 128 ? step[(s << 7) | c] : 0;
    found |= hit[s];
  }
  return found;
}

function floor(line: string): number {
  let x = 0;
  for (let i = 0; i < line.length; i++) x += line.charCodeAt(i);
  return x & 1;
}

// Lines as the splitter makes them: slices of 64 KiB decoded chunks.
const bytes = await Deno.readFile(file);
const decoder = new TextDecoder();
const chunks: string[] = [];
const lines: string[] = [];
let carry = "";
for (let i = 0; i < bytes.length; i += 65536) {
  const text = carry + decoder.decode(bytes.subarray(i, i + 65536), { stream: true });
  chunks.push(text);
  let start = 0;
  for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
    lines.push(text.slice(start, nl));
    start = nl + 1;
  }
  carry = text.slice(start);
}
if (carry.length > 0) lines.push(carry);

function time(name: string, pass: () => number): void {
  let best = Infinity;
  let sink = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    sink += pass();
    best = Math.min(best, performance.now() - t0);
  }
  const ns = (best * 1e6 / lines.length).toFixed(0).padStart(5);
  console.log(`${name.padEnd(46)} ${ns} ns/line${sink < 0 ? " " : ""}`);
}

const each = (f: (line: string) => number) => () => {
  let n = 0;
  for (const line of lines) n += f(line);
  return n;
};

console.log(`${file}: ${lines.length} lines; ${words.length} trigger words, best of ${runs}`);
time("regex: the two trigger scans (triggerFamilies)", each((l) => triggerFamilies(l, true)));
time("regex: the uppercase scan alone", each((l) => upperTriggerFamilies(l, true)));
time("JS: the same words as one automaton", each(walk));
time("JS: bare charCodeAt loop over each line", each(floor));
time("JS: bare charCodeAt loop over the flat chunks", () => {
  let n = 0;
  for (const text of chunks) n += floor(text);
  return n;
});
