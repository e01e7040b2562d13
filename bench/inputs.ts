/**
 * The benchmark's inputs, cached in the output directory: the generated mixed log
 * (`scripts/gen_log.ts`), the Loghub concatenation and the CI log repeated
 * (`scripts/bench_input.ts`), and the prefix of an input the slow peer is timed on.
 *
 * @module
 */

import { generateLog, readMeta } from "../scripts/gen_log.ts";
import {
  type BuiltInput,
  copiesFor,
  ensureCi,
  ensureLoghub,
  ensurePrefix,
} from "../scripts/bench_input.ts";

/** One input file of the benchmark and what it holds. */
export interface BenchInput {
  /** Where it comes from. */
  kind: "generated" | "loghub" | "ci" | "prefix";
  /** How it was made, e.g. `seed 42` or `16 files x 23`. */
  describe: string;
  /** The file. */
  path: string;
  /** Its size. */
  bytes: number;
  /** `\n`-terminated lines. */
  lines: number;
  /** Lines ending in `\r\n` (the passthrough writes them with `\n`). */
  crlfLines: number;
  /** FNV-1a 32-bit hash of the bytes, 8 hex digits. */
  fnv1a: string;
}

type Log = (msg: string) => void;

/**
 * The generated log of `mb` MB for `seed` at `<outDir>/bench-<mb>mb.log`, generated when
 * missing or stale.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generatedInput } from "./inputs.ts";
 * const dir = await Deno.makeTempDir();
 * const i = await generatedInput(dir, 0.05, 42, () => {});
 * assert.ok(i.kind === "generated" && i.bytes >= 50_000 && i.describe === "seed 42");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function generatedInput(
  outDir: string,
  mb: number,
  seed: number,
  log: Log,
): Promise<BenchInput> {
  const path = `${outDir}/bench-${mb}mb.log`;
  let meta = await readMeta(path, mb, seed);
  if (!meta) {
    log(`generating ${path} (${mb} MB, seed ${seed}) ...`);
    meta = await generateLog({ mb, out: path, seed });
  }
  const { bytes, lines, crlfLines, fnv1a } = meta;
  return { kind: "generated", describe: `seed ${seed}`, path, bytes, lines, crlfLines, fnv1a };
}

function fromBuilt(kind: "loghub" | "ci", b: BuiltInput): BenchInput {
  const { path, bytes, lines, crlfLines, fnv1a } = b;
  const what = b.sources.length === 1 ? b.sources[0].name : `${b.sources.length} files`;
  return { kind, describe: `${what} x ${b.copies}`, path, bytes, lines, crlfLines, fnv1a };
}

/**
 * The Loghub input of `copies` copies, or the one of at least `mb` MB when `mb` is given
 * (the RSS-scaling input). Throws `CorpusMissingError` when the corpus is absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loghubInput } from "./inputs.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/A_2k.log`, "a\r\n".repeat(100));
 * const i = await loghubInput({ dir, outDir: dir, copies: 2 });
 * assert.ok(i.bytes === 600 && i.crlfLines === 200 && i.describe === "A_2k.log x 2");
 * const big = await loghubInput({ dir, outDir: dir, mb: 0.001 });
 * assert.equal(big.describe, "A_2k.log x 4");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loghubInput(
  o: { dir?: string; outDir: string; copies?: number; mb?: number; log?: Log },
): Promise<BenchInput> {
  let copies = o.copies;
  if (o.mb !== undefined) {
    const one = await ensureLoghub({ dir: o.dir, outDir: o.outDir, copies: 1 });
    copies = copiesFor(one.copyBytes, o.mb);
  }
  const b = await ensureLoghub({ dir: o.dir, outDir: o.outDir, copies });
  if (b.built) o.log?.(`built ${b.path} (${b.bytes} bytes)`);
  return fromBuilt("loghub", b);
}

/**
 * The bundled demo CI log repeated to at least `mb` MB.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ciInput } from "./inputs.ts";
 * const dir = await Deno.makeTempDir();
 * const i = await ciInput(dir, 0.5);
 * assert.ok(i.kind === "ci" && i.bytes >= 500_000 && i.describe === "ci-failure.log x 3");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ciInput(outDir: string, mb: number, log?: Log): Promise<BenchInput> {
  const b = await ensureCi({ mb, outDir });
  if (b.built) log?.(`built ${b.path} (${b.bytes} bytes)`);
  return fromBuilt("ci", b);
}

/**
 * The first `mb` MB of `input` (to the end of that line), or `input` itself when it is not
 * larger than that.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loghubInput, prefixInput } from "./inputs.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/A_2k.log`, "abc\n".repeat(1000));
 * const i = await loghubInput({ dir, outDir: dir, copies: 1 });
 * const p = await prefixInput(i, 0.001, dir);
 * assert.ok(p.kind === "prefix" && p.bytes === 1000 && p.lines === 250);
 * assert.equal(await prefixInput(i, 1, dir), i);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function prefixInput(
  input: BenchInput,
  mb: number,
  outDir: string,
): Promise<BenchInput> {
  const want = Math.round(mb * 1e6);
  if (want >= input.bytes) return input;
  const name = input.path.replace(/^.*\//, "").replace(/\.log$/, "");
  const p = await ensurePrefix(input, want, `${outDir}/${name}-first${mb}mb.log`);
  const { path, bytes, lines, crlfLines, fnv1a } = p;
  return {
    kind: "prefix",
    describe: `first ${mb} MB of ${input.path.replace(/^.*\//, "")}`,
    path,
    bytes,
    lines,
    crlfLines,
    fnv1a,
  };
}
