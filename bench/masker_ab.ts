/**
 * The masker and the key-block stage of another checkout against this tree, in one
 * process: both modules loaded side by side and timed alternately (best of N), on
 * the lines of a log. Prints ns per line for `sanitizeLine`, `maskSecretFields` and
 * the key-block stage's line pass (`SecretBlockSanitizer` with `blocksOnly`).
 *
 * ```sh
 * git archive 8096a16 | tar -x -C /tmp/start
 * npx -y deno@2.9.6 run -A --v8-flags=--max-semi-space-size=2,--optimize-for-size,--no-concurrent-recompilation \
 *   bench/masker_ab.ts /tmp/start bench/out/loghub-x1.log [--runs 15]
 * ```
 *
 * A timing of parts in one process: it says which of two versions is cheaper per
 * line, not what a whole run costs (for that, interleaved runs of the command).
 *
 * @module
 */

const [baseDir, input] = Deno.args;
if (baseDir === undefined || input === undefined) {
  console.error("usage: masker_ab.ts BASE_DIR INPUT [--runs N]");
  Deno.exit(2);
}
const at = Deno.args.indexOf("--runs");
const runs = at >= 0 ? Number(Deno.args[at + 1]) : 15;
if (!Number.isInteger(runs) || runs < 1) {
  console.error("masker_ab: --runs takes a whole number >= 1");
  Deno.exit(2);
}

const here = new URL("..", import.meta.url);
const base = new URL(`file://${await Deno.realPath(baseDir)}/`);
const lines = (await Deno.readTextFile(input)).split("\n").slice(0, 40_000);

interface Parts {
  sanitize: {
    sanitizeLine(l: string): string;
    SecretBlockSanitizer: new (...a: never[]) => unknown;
  };
  fields: { maskSecretFields(l: string): string };
  args: { maskArgCredentials(l: string): string };
}

async function load(root: URL): Promise<Parts> {
  return {
    sanitize: await import(new URL("trim/sanitize.ts", root).href),
    fields: await import(new URL("trim/sanitize/fields.ts", root).href),
    args: await import(new URL("trim/sanitize/args.ts", root).href),
  };
}

const versions = [await load(base), await load(here)];

type Bench = (p: Parts) => number;
const benches: [string, Bench][] = [
  ["sanitizeLine", (p) => {
    let n = 0;
    for (const l of lines) n += p.sanitize.sanitizeLine(l).length;
    return n;
  }],
  ["maskSecretFields", (p) => {
    let n = 0;
    for (const l of lines) n += p.fields.maskSecretFields(l).length;
    return n;
  }],
  ["maskArgCredentials", (p) => {
    let n = 0;
    for (const l of lines) n += p.args.maskArgCredentials(l).length;
    return n;
  }],
  ["key-block stage", (p) => {
    // deno-lint-ignore no-explicit-any
    const s = new (p.sanitize.SecretBlockSanitizer as any)(0, () => {}, undefined, true);
    let n = 0;
    for (let i = 0; i < lines.length; i += 500) n += s.process(lines.slice(i, i + 500)).length;
    return n;
  }],
];

for (const [name, f] of benches) {
  const best = [Infinity, Infinity];
  for (let r = 0; r < runs; r++) {
    for (let v = 0; v < 2; v++) {
      const t0 = performance.now();
      f(versions[v]);
      best[v] = Math.min(best[v], ((performance.now() - t0) * 1e6) / lines.length);
    }
  }
  console.log(
    `${name.padEnd(18)} base ${best[0].toFixed(0).padStart(5)}  this tree ${
      best[1].toFixed(0).padStart(5)
    } ns per line  (${(best[1] / best[0]).toFixed(3)})`,
  );
}
