/**
 * `deno task fuzz`: runs every fast-check property of the tests (the test files that
 * use `propertyParams`) with fresh random seeds, round after round, for a given time.
 * `deno task test` runs the same properties with fixed seeds; this finds the seeds
 * they do not try. Each failing seed is printed with fast-check's report (the shrunk
 * counterexample) and the command that reproduces it; it then belongs in the tests
 * as a fixed case.
 *
 * Usage: `deno task fuzz [--minutes N] [--runs K] [--filter SUBSTRING] [--tests NAME]`
 * (or `FUZZ_MINUTES`): N minutes (default 10), K times each property's runs (default
 * 1), only the test files whose path contains SUBSTRING, only the tests of each file
 * whose name matches NAME (`deno test --filter`: a substring, or `/regex/`; the time
 * then goes to the properties, not to a file's other tests). Exit code 0 when no seed
 * failed, 1 when one did, 2 on a bad argument.
 *
 * @module
 */

const USAGE = "usage: deno task fuzz [--minutes N] [--runs K] [--filter SUBSTRING] [--tests NAME]";

interface FuzzArgs {
  minutes: number;
  runs: number;
  filter: string;
  tests: string;
}

function fail(message: string): never {
  console.error(`fuzz: ${message}\n${USAGE}`);
  Deno.exit(2);
}

function parseArgs(args: readonly string[]): FuzzArgs {
  const out: FuzzArgs = {
    minutes: Number(Deno.env.get("FUZZ_MINUTES") ?? 10),
    runs: 1,
    filter: "",
    tests: "",
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.includes("=") ? a.split(/=(.*)/s, 2) : [a, undefined];
    const value = () => inline ?? args[++i] ?? fail(`${flag} needs a value`);
    if (flag === "--minutes") out.minutes = Number(value());
    else if (flag === "--runs") out.runs = Number(value());
    else if (flag === "--filter") out.filter = value();
    else if (flag === "--tests") out.tests = value();
    else if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      Deno.exit(0);
    } else fail(`unknown argument ${JSON.stringify(a)}`);
  }
  if (!(out.minutes > 0)) fail(`--minutes must be a positive number`);
  if (!(out.runs > 0)) fail(`--runs must be a positive number`);
  return out;
}

/** The test files with properties (they import the shared `propertyParams`). */
async function propertyFiles(filter: string): Promise<string[]> {
  const files: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const e of Deno.readDir(dir)) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory && e.name !== "fixtures" && e.name !== "golden") await walk(p);
      else if (e.isFile && p.endsWith(".test.ts") && p.includes(filter)) {
        if ((await Deno.readTextFile(p)).includes("propertyParams(")) files.push(p);
      }
    }
  }
  await walk("tests");
  return files.sort();
}

/** A random signed 32-bit seed (the form fast-check prints). */
function randomSeed(): number {
  return crypto.getRandomValues(new Int32Array(1))[0];
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** The names of the failed tests in `deno test` output (`NAME => FILE:LINE:COL`). */
function failedTests(out: string): string[] {
  const names = new Set<string>();
  const errors = out.indexOf("ERRORS");
  const tail = errors >= 0 ? out.slice(errors) : "";
  for (const m of tail.matchAll(/^(.+?) => \S+:\d+:\d+$/gm)) names.add(m[1].trim());
  return [...names];
}

/** fast-check's report of a failure: the seed, the path, the counterexample. */
function reports(out: string): string[] {
  const found: string[] = [];
  for (const m of out.matchAll(/Property failed after[\s\S]*?(?=\n\s*\n|\n\s+at )/g)) {
    found.push(m[0].trim().split("\n").slice(0, 12).join("\n"));
  }
  return found;
}

function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

async function main(): Promise<void> {
  const args = parseArgs(Deno.args);
  const files = await propertyFiles(args.filter);
  if (files.length === 0) fail(`no property test file matches ${JSON.stringify(args.filter)}`);
  const deadline = Date.now() + args.minutes * 60_000;
  const started = Date.now();
  console.log(
    `fuzz: ${files.length} files${
      args.tests === "" ? "" : ` (tests ${args.tests})`
    }, ${args.minutes} min, runs x${args.runs}, until ${new Date(deadline).toISOString()}`,
  );
  let rounds = 0;
  let runs = 0;
  let failures = 0;
  let flaky = 0;
  while (Date.now() < deadline) {
    rounds++;
    // A fresh order each round: a run shorter than a round still reaches every file.
    const order = [...files];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.abs(randomSeed()) % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const file of order) {
      if (Date.now() >= deadline) break;
      const seed = randomSeed();
      const cmd = new Deno.Command(Deno.execPath(), {
        args: [
          "test",
          "-A",
          "--quiet",
          ...(args.tests === "" ? [] : ["--filter", args.tests]),
          file,
        ],
        env: { FUZZ_SEED: String(seed), FUZZ_RUNS: String(args.runs), NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      });
      const t0 = Date.now();
      const { code, stdout, stderr } = await cmd.output();
      runs++;
      if (code === 0) {
        console.log(`ok ${file} seed ${seed} (${Math.round((Date.now() - t0) / 1000)} s)`);
        continue;
      }
      const out = (new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr))
        .replace(ANSI, "");
      if (reports(out).length === 0) {
        // No property failed: a test without a seed (a timing bound on a loaded machine).
        // Run again with the same seed: a failure that does not repeat is not the seed's.
        const again = await cmd.output();
        if (again.code === 0) {
          flaky++;
          console.log(
            `\nflaky: ${file} (seed ${seed}): ${
              failedTests(out).join("; ")
            } failed once, passed again`,
          );
          continue;
        }
      }
      failures++;
      const names = failedTests(out);
      console.log(`\nFAIL ${file} seed ${seed}`);
      for (const r of reports(out)) console.log(r.replace(/^/gm, "  "));
      if (names.length === 0) console.log(out.slice(-3000).replace(/^/gm, "  "));
      const path = /path: "([\d:]+)"/.exec(out)?.[1];
      for (const name of names.length > 0 ? names : [""]) {
        const filter = name === "" ? "" : ` --filter ${shellQuote(name)}`;
        const env = `FUZZ_SEED=${seed} FUZZ_RUNS=${args.runs}`;
        console.log(`  reproduce: ${env} deno test -A ${file}${filter}`);
        if (path !== undefined && names.length === 1) {
          console.log(
            `  replay the counterexample: ${env} FUZZ_PATH=${path} deno test -A ${file}${filter}`,
          );
        }
      }
    }
    const min = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(`fuzz: round ${rounds} done, ${runs} file runs, ${failures} failed, ${min} min`);
  }
  const min = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `fuzz: ${min} min, ${rounds} rounds, ${runs} file runs (a fresh seed each), ${failures} failed, ${flaky} flaky`,
  );
  Deno.exit(failures === 0 ? 0 : 1);
}

if (import.meta.main) await main();
