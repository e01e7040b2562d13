/**
 * What a cue search costs per line: `line.indexOf(cue)` for each cue given (the
 * masker's and the classifier's gates are such searches), against a bare loop over the
 * same lines that only reads their length. Best of `--runs` (ns per line), with how
 * many lines hold the cue.
 *
 * ```sh
 * deno run -A bench/cue_probe.ts bench/out/loghub-x1.log [--runs 3] [CUE ...]
 * ```
 *
 * Without cues it times a default set (one-character cues and the masker's).
 *
 * @module
 */

const args = Deno.args.filter((a, i) => !a.startsWith("--") && Deno.args[i - 1] !== "--runs");
const file = args[0];
const runsAt = Deno.args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 3;
if (file === undefined || !(runs >= 1)) {
  console.error("usage: deno run -A bench/cue_probe.ts LOG [--runs N] [CUE ...]");
  Deno.exit(2);
}
const cues = args.length > 1
  ? args.slice(1)
  : ["@", "%", "\x1b", "://", "eyJ", "hook", "PRIVATE KEY", "htpasswd", " -", "password ", "set "];

const lines = (await Deno.readTextFile(file)).split("\n");
const PASSES = 10;

function loop(): number {
  let c = 0;
  for (const l of lines) if (l.length === 3) c++;
  return c;
}

function search(cue: string): number {
  let c = 0;
  for (const l of lines) if (l.indexOf(cue) >= 0) c++;
  return c;
}

function nsPerLine(f: () => number): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    for (let k = 0; k < PASSES; k++) f();
    best = Math.min(best, (performance.now() - t) / PASSES);
  }
  return best / lines.length * 1e6;
}

const chars = lines.reduce((a, l) => a + l.length, 0);
console.log(`${lines.length} lines, ${(chars / lines.length).toFixed(1)} characters on average`);
console.log(`bare loop        ${nsPerLine(loop).toFixed(1)} ns per line`);
for (const cue of cues) {
  const held = search(cue);
  console.log(
    `${JSON.stringify(cue).padEnd(16)} ${nsPerLine(() => search(cue)).toFixed(1)} ns per line` +
      `  (${held} lines hold it)`,
  );
}
