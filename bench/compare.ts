/**
 * Byte-identity check of this tree's trim CLI against another checkout (the commit a
 * speed change starts from): both run on the same inputs with the same flags, and
 * their output file, stdout, stderr and exit code must be equal.
 *
 * Inputs: `tests/fixtures/**\/*.log`, `examples/ci-failure.log`, the Loghub logs of
 * `--corpus` (the 16 `*_2k.log`), and the bench inputs when present
 * (`bench/out/loghub-x23.log`, `bench/out/ci-failure-x218.log`; build them with
 * `scripts/bench_input.ts`). Modes: default and `-a low`, each plain, with `--explain`,
 * and with `--json --stats`. The other checkout's results are cached by input, size,
 * modification time and flags (`--cache`), so a second call runs this tree only.
 *
 * ```sh
 * git archive d192468 | tar -x -C /tmp/base       # the reference checkout
 * deno run -A bench/compare.ts --base /tmp/base [--corpus DIR] [--small] [--jobs 2]
 * ```
 *
 * Prints one line per difference and the count of runs compared; exit 1 on any
 * difference, 2 on bad arguments.
 *
 * @module
 */

const DENO = Deno.execPath();
const MODES: string[][] = [
  [],
  ["--explain"],
  ["--json", "--stats"],
  ["-a", "low"],
  ["-a", "low", "--explain"],
  ["-a", "low", "--json", "--stats"],
];

interface Result {
  code: number;
  out: string;
  stdout: string;
  stderr: string;
}

function arg(name: string, fallback?: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : fallback;
}

async function sha(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function walk(dir: string, out: string[]): Promise<void> {
  for await (const e of Deno.readDir(dir)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) await walk(p, out);
    else if (e.name.endsWith(".log")) out.push(p);
  }
}

/** One run of `cwd`'s cli.ts; the output file is `outPath` (the same for both trees). */
async function run(cwd: string, input: string, flags: string[], outPath: string): Promise<Result> {
  const args = ["run", "-A", "cli.ts", "--no-telemetry", ...flags, input, "-o", outPath];
  const p = await new Deno.Command(DENO, { args, cwd, stdout: "piped", stderr: "piped" }).output();
  let out = "-";
  try {
    out = await sha(await Deno.readFile(outPath));
    await Deno.remove(outPath);
  } catch { /* no output file */ }
  // The timing in `--stats` is the only volatile part of the streams.
  const stderr = new TextDecoder().decode(p.stderr).replace(/ in \d+(?:\.\d+)? ?m?s\b/g, " in T");
  return {
    code: p.code,
    out,
    stdout: await sha(p.stdout),
    stderr: await sha(new TextEncoder().encode(stderr)),
  };
}

async function main(): Promise<number> {
  const base = arg("--base");
  if (base === undefined) {
    console.error("usage: compare.ts --base DIR [--corpus DIR] [--small] [--jobs N] [--cache DIR]");
    return 2;
  }
  const corpus = arg("--corpus", "../shared/corpora/loghub")!;
  const cache = arg("--cache", "/tmp/trimlog-compare")!;
  const jobs = Number(arg("--jobs", "2"));
  const small = Deno.args.includes("--small");
  await Deno.mkdir(cache, { recursive: true });
  const here = Deno.cwd();
  const inputs: string[] = [];
  await walk(`${here}/tests/fixtures`, inputs);
  inputs.sort();
  inputs.push(`${here}/examples/ci-failure.log`);
  try {
    const logs: string[] = [];
    for await (const e of Deno.readDir(corpus)) if (e.name.endsWith("_2k.log")) logs.push(e.name);
    for (const l of logs.sort()) inputs.push(`${await Deno.realPath(corpus)}/${l}`);
  } catch {
    console.error(`no corpus at ${corpus}: the Loghub logs are left out`);
  }
  if (!small) {
    for (const b of ["bench/out/loghub-x23.log", "bench/out/ci-failure-x218.log"]) {
      try {
        await Deno.stat(b);
        inputs.push(`${here}/${b}`);
      } catch {
        console.error(`no ${b}: left out (scripts/bench_input.ts builds it)`);
      }
    }
  }
  const tasks: { input: string; flags: string[] }[] = [];
  for (const input of inputs) for (const flags of MODES) tasks.push({ input, flags });
  let compared = 0;
  let differ = 0;
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const { input, flags } = tasks[next++];
      const st = await Deno.stat(input);
      const key = await sha(
        new TextEncoder().encode(
          [base, input, st.size, st.mtime?.getTime(), flags.join(" ")].join("\0"),
        ),
      );
      const outPath = `${cache}/out-${key}.txt`;
      const file = `${cache}/base-${key}.json`;
      let old: Result;
      try {
        old = JSON.parse(await Deno.readTextFile(file));
      } catch {
        old = await run(base, input, flags, outPath);
        await Deno.writeTextFile(file, JSON.stringify(old));
      }
      const now = await run(here, input, flags, outPath);
      compared++;
      const what = (["code", "out", "stdout", "stderr"] as const).filter((k) => old[k] !== now[k]);
      if (what.length > 0) {
        differ++;
        console.log(`DIFF ${what.join(",")}: ${input.replace(here + "/", "")} ${flags.join(" ")}`);
      }
    }
  };
  await Promise.all(Array.from({ length: jobs }, () => worker()));
  console.log(
    `${compared} runs compared (${inputs.length} inputs x ${MODES.length} modes), ` +
      `${differ} differ`,
  );
  return differ > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
