/**
 * Builder of the benchmark's real-log inputs: a list of files concatenated in order, that
 * copy repeated N times, written to one file with a `<file>.meta.json` sidecar (sizes, line
 * and CRLF counts, FNV-1a hash). A file that does not end in a newline gets one, so the last
 * line of one log never runs into the first line of the next.
 *
 * Two inputs of issue 16 are built from it:
 *
 * - **loghub**: the `*_2k.log` files of `../shared/corpora/loghub` in name order, ×23
 *   (102.6 MB = 97.8 MiB with the 16 Loghub logs), `bench/out/loghub-x23.log`;
 * - **ci**: the bundled demo log `examples/ci-failure.log` repeated to 50 MB (218 copies),
 *   `bench/out/ci-failure-x218.log`.
 *
 * An input is cached: it is rebuilt only when the file or its sidecar is missing or the
 * sidecar does not match (builder version, copies, the one copy's size and hash).
 *
 * ```sh
 * deno run -A scripts/bench_input.ts loghub [--corpus DIR] [--copies 23]
 * deno run -A scripts/bench_input.ts ci [--mb 50]
 * ```
 *
 * Exit codes: 0 built or already current; 2 bad flags; 3 the Loghub corpus is absent
 * ({@linkcode EXIT_NO_CORPUS}).
 *
 * @module
 */

/** Bump when the built bytes change, so cached inputs get rebuilt. */
export const INPUT_VERSION = 1;

/** Exit code of the builder and of `bench/bench.ts --input loghub` when the corpus is absent. */
export const EXIT_NO_CORPUS = 3;

const REPO = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** Where the Loghub corpus is expected: `../shared/corpora/loghub` beside the repository. */
export const DEFAULT_LOGHUB_DIR = new URL("../../shared/corpora/loghub", import.meta.url)
  .pathname.replace(/\/$/, "");

/** The bundled demo CI log. */
export const CI_LOG = `${REPO}/examples/ci-failure.log`;

/** The corpus directory is missing or holds no `*_2k.log` file. */
export class CorpusMissingError extends Error {
  override name = "CorpusMissingError";
}

/** What a built input holds; also its `<file>.meta.json` sidecar. */
export interface RepeatResult {
  /** Builder format version, see {@linkcode INPUT_VERSION}. */
  version: number;
  /** The source files (base names) and their sizes, in order. */
  sources: { name: string; bytes: number }[];
  /** How many times the concatenation is repeated. */
  copies: number;
  /** Bytes of one copy (sources plus any added newlines). */
  copyBytes: number;
  /** FNV-1a of one copy (cache key: a changed source rebuilds the input). */
  copyFnv1a: string;
  /** Bytes written. */
  bytes: number;
  /** `\n`-terminated lines. */
  lines: number;
  /** How many of them end in `\r\n`. */
  crlfLines: number;
  /** FNV-1a 32-bit hash of all bytes, 8 hex digits. */
  fnv1a: string;
}

/** A built input and its path. */
export type BuiltInput = RepeatResult & { path: string };

const FNV_OFFSET = 0x811c9dc5;

/** Continue an FNV-1a 32-bit hash over `buf`. */
function fnv(buf: Uint8Array, h = FNV_OFFSET): number {
  for (let i = 0; i < buf.length; i++) h = Math.imul(h ^ buf[i], 0x01000193);
  return h >>> 0;
}

function hex(h: number): string {
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Line and CRLF-line counts of a buffer that ends with `\n` (or is empty). */
function countLines(buf: Uint8Array): { lines: number; crlf: number } {
  let lines = 0, crlf = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) {
    lines++;
    if (i > 0 && buf[i - 1] === 13) crlf++;
  }
  return { lines, crlf };
}

/**
 * The `*_2k.log` files of a Loghub corpus directory, full paths in name order.
 *
 * @throws {CorpusMissingError} when the directory cannot be read or holds no such file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CorpusMissingError, loghubSources } from "./bench_input.ts";
 * await assert.rejects(loghubSources("/nonexistent/loghub"), CorpusMissingError);
 * ```
 */
export async function loghubSources(dir: string = DEFAULT_LOGHUB_DIR): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && e.name.endsWith("_2k.log")) names.push(e.name);
    }
  } catch (e) {
    throw new CorpusMissingError(
      `the Loghub corpus is not here: ${dir} (${(e as Error).message}); it comes with the ` +
        "shared folder beside the repository (../shared/corpora/loghub), or pass --corpus DIR",
    );
  }
  if (names.length === 0) {
    throw new CorpusMissingError(`the Loghub corpus directory ${dir} holds no *_2k.log file`);
  }
  return names.sort().map((n) => `${dir}/${n}`);
}

/** One copy: the sources concatenated, a newline added after any file lacking one. */
async function oneCopy(sources: string[]): Promise<{ buf: Uint8Array; sizes: number[] }> {
  const parts: Uint8Array[] = [];
  const sizes: number[] = [];
  for (const s of sources) {
    const b = await Deno.readFile(s);
    sizes.push(b.length);
    parts.push(b);
    if (b.length > 0 && b[b.length - 1] !== 10) parts.push(new Uint8Array([10]));
  }
  const buf = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let off = 0;
  for (const p of parts) {
    buf.set(p, off);
    off += p.length;
  }
  return { buf, sizes };
}

async function readSidecar(path: string): Promise<RepeatResult | undefined> {
  try {
    const meta = JSON.parse(await Deno.readTextFile(`${path}.meta.json`)) as RepeatResult;
    return (await Deno.stat(path)).size === meta.bytes ? meta : undefined;
  } catch {
    return undefined;
  }
}

/** What {@linkcode ensureRepeated} builds. */
export interface RepeatSpec {
  /** Files to concatenate, in this order. */
  sources: string[];
  /** How many times to repeat the concatenation (≥ 1). */
  copies: number;
  /** Output path (parent directories are created). */
  out: string;
}

/**
 * Make sure `spec.out` holds the sources concatenated and repeated `spec.copies` times;
 * build it (via `<out>.partial`, renamed at the end) unless its sidecar matches.
 *
 * @returns the input's facts, and whether it was built now.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ensureRepeated } from "./bench_input.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.log`, "one\r\ntwo");
 * const r = await ensureRepeated({ sources: [`${dir}/a.log`], copies: 3, out: `${dir}/x3.log` });
 * assert.equal(await Deno.readTextFile(`${dir}/x3.log`), "one\r\ntwo\n".repeat(3));
 * assert.ok(r.built && r.lines === 6 && r.crlfLines === 3);
 * assert.equal((await ensureRepeated({ sources: [`${dir}/a.log`], copies: 3, out: `${dir}/x3.log` })).built, false);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensureRepeated(spec: RepeatSpec): Promise<BuiltInput & { built: boolean }> {
  if (!Number.isInteger(spec.copies) || spec.copies < 1) {
    throw new RangeError(`copies must be a whole number >= 1, got ${spec.copies}`);
  }
  const { buf, sizes } = await oneCopy(spec.sources);
  const copyFnv1a = hex(fnv(buf));
  const meta = await readSidecar(spec.out);
  if (
    meta && meta.version === INPUT_VERSION && meta.copies === spec.copies &&
    meta.copyBytes === buf.length && meta.copyFnv1a === copyFnv1a
  ) return { ...meta, path: spec.out, built: false };

  const dir = spec.out.replace(/\/[^/]*$/, "");
  if (dir !== spec.out) await Deno.mkdir(dir, { recursive: true });
  const tmp = `${spec.out}.partial`;
  const file = await Deno.open(tmp, { write: true, create: true, truncate: true });
  let h = FNV_OFFSET;
  try {
    for (let i = 0; i < spec.copies; i++) {
      let off = 0;
      while (off < buf.length) off += await file.write(buf.subarray(off));
      h = fnv(buf, h);
    }
  } finally {
    file.close();
  }
  await Deno.rename(tmp, spec.out);
  const { lines, crlf } = countLines(buf);
  const result: RepeatResult = {
    version: INPUT_VERSION,
    sources: spec.sources.map((s, i) => ({ name: s.replace(/^.*\//, ""), bytes: sizes[i] })),
    copies: spec.copies,
    copyBytes: buf.length,
    copyFnv1a,
    bytes: buf.length * spec.copies,
    lines: lines * spec.copies,
    crlfLines: crlf * spec.copies,
    fnv1a: hex(h),
  };
  await Deno.writeTextFile(`${spec.out}.meta.json`, JSON.stringify(result, null, 2) + "\n");
  return { ...result, path: spec.out, built: true };
}

/**
 * How many copies of `copyBytes` reach at least `mb` MB (1 MB = 10^6 bytes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { copiesFor } from "./bench_input.ts";
 * assert.equal(copiesFor(229_622, 50), 218);
 * ```
 */
export function copiesFor(copyBytes: number, mb: number): number {
  return Math.max(1, Math.ceil((mb * 1e6) / copyBytes));
}

/** Facts of a prefix file written by {@linkcode ensurePrefix}. */
export interface PrefixResult {
  /** Builder format version. */
  version: number;
  /** The file it is the prefix of, its size and hash. */
  source: { path: string; bytes: number; fnv1a: string };
  /** The requested size in bytes (the prefix runs on to the end of that line). */
  want: number;
  /** Bytes written. */
  bytes: number;
  /** `\n`-terminated lines. */
  lines: number;
  /** How many of them end in `\r\n`. */
  crlfLines: number;
  /** FNV-1a 32-bit hash of all bytes. */
  fnv1a: string;
}

/**
 * Make sure `out` holds the first `want` bytes of the built input `source`, extended to the
 * end of that line (the whole source if it is smaller); cached like the inputs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ensurePrefix, ensureRepeated } from "./bench_input.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.log`, "abc\nde\n");
 * const src = await ensureRepeated({ sources: [`${dir}/a.log`], copies: 4, out: `${dir}/x4.log` });
 * const p = await ensurePrefix(src, 9, `${dir}/p.log`);
 * assert.equal(await Deno.readTextFile(`${dir}/p.log`), "abc\nde\nabc\n");
 * assert.ok(p.bytes === 11 && p.lines === 3);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensurePrefix(
  source: { path: string; bytes: number; fnv1a: string },
  want: number,
  out: string,
): Promise<PrefixResult & { path: string }> {
  try {
    const meta = JSON.parse(await Deno.readTextFile(`${out}.meta.json`)) as PrefixResult;
    if (
      meta.version === INPUT_VERSION && meta.want === want && meta.source.bytes === source.bytes &&
      meta.source.fnv1a === source.fnv1a && (await Deno.stat(out)).size === meta.bytes
    ) return { ...meta, path: out };
  } catch {
    // missing or unreadable: build
  }
  const all = await Deno.readFile(source.path);
  let end = all.length;
  if (want < all.length) {
    const nl = all.indexOf(10, Math.max(0, want - 1));
    end = nl < 0 ? all.length : nl + 1;
  }
  const buf = all.subarray(0, end);
  await Deno.writeFile(`${out}.partial`, buf);
  await Deno.rename(`${out}.partial`, out);
  const { lines, crlf } = countLines(buf);
  const result: PrefixResult = {
    version: INPUT_VERSION,
    source: { path: source.path, bytes: source.bytes, fnv1a: source.fnv1a },
    want,
    bytes: buf.length,
    lines,
    crlfLines: crlf,
    fnv1a: hex(fnv(buf)),
  };
  await Deno.writeTextFile(`${out}.meta.json`, JSON.stringify(result, null, 2) + "\n");
  return { ...result, path: out };
}

/** Copies of the Loghub concatenation in the issue-16 input (≈ 98 MiB). */
export const LOGHUB_COPIES = 23;

/** Where the benchmark keeps its inputs (git-ignored). */
export const OUT_DIR = `${REPO}/bench/out`;

/**
 * The Loghub input: the corpus's `*_2k.log` files in name order, repeated `copies` times, at
 * `<outDir>/loghub-x<copies>.log`.
 *
 * @throws {CorpusMissingError} when the corpus is absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ensureLoghub } from "./bench_input.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/B_2k.log`, "b\n");
 * await Deno.writeTextFile(`${dir}/A_2k.log`, "a");
 * const r = await ensureLoghub({ dir, copies: 2, outDir: dir });
 * assert.equal(await Deno.readTextFile(r.path), "a\nb\na\nb\n");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensureLoghub(
  opts: { dir?: string; copies?: number; outDir?: string } = {},
): Promise<BuiltInput & { built: boolean }> {
  const copies = opts.copies ?? LOGHUB_COPIES;
  const sources = await loghubSources(opts.dir ?? DEFAULT_LOGHUB_DIR);
  return ensureRepeated({
    sources,
    copies,
    out: `${opts.outDir ?? OUT_DIR}/loghub-x${copies}.log`,
  });
}

/**
 * The CI-log input: `examples/ci-failure.log` (or `log`) repeated to at least `mb` MB, at
 * `<outDir>/<name>-x<copies>.log`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ensureCi } from "./bench_input.ts";
 * const dir = await Deno.makeTempDir();
 * const r = await ensureCi({ mb: 1, outDir: dir });
 * assert.ok(r.copies === 5 && r.bytes >= 1e6 && r.path.endsWith("/ci-failure-x5.log"));
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensureCi(
  opts: { mb?: number; log?: string; outDir?: string } = {},
): Promise<BuiltInput & { built: boolean }> {
  const log = opts.log ?? CI_LOG;
  const copies = copiesFor((await Deno.stat(log)).size, opts.mb ?? 50);
  const name = log.replace(/^.*\//, "").replace(/\.log$/, "");
  return ensureRepeated({
    sources: [log],
    copies,
    out: `${opts.outDir ?? OUT_DIR}/${name}-x${copies}.log`,
  });
}

async function cli(args: string[]): Promise<number> {
  const { parseFlags } = await import("./gen_log.ts");
  const f = parseFlags(args);
  const kind = args.find((a, i) =>
    !a.startsWith("--") && (i === 0 || !args[i - 1].startsWith("--"))
  );
  if (f.has("help") || (kind !== "loghub" && kind !== "ci")) {
    (f.has("help") ? console.log : console.error)(
      "usage: deno run -A scripts/bench_input.ts loghub [--corpus DIR] [--copies 23]\n" +
        "       deno run -A scripts/bench_input.ts ci [--mb 50]",
    );
    return f.has("help") ? 0 : 2;
  }
  const copies = Number(f.get("copies") ?? LOGHUB_COPIES);
  const mb = Number(f.get("mb") ?? 50);
  if (!Number.isInteger(copies) || copies < 1 || !(mb > 0)) {
    console.error("bench_input: --copies must be a whole number >= 1 and --mb > 0");
    return 2;
  }
  const t0 = performance.now();
  let r: BuiltInput & { built: boolean };
  try {
    r = kind === "loghub"
      ? await ensureLoghub({ dir: f.get("corpus"), copies })
      : await ensureCi({ mb });
  } catch (e) {
    if (!(e instanceof CorpusMissingError)) throw e;
    console.error(`bench_input: ${e.message}`);
    return EXIT_NO_CORPUS;
  }
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `${r.built ? "built" : "current"}: ${r.path.replace(REPO + "/", "")}: ${r.bytes} bytes ` +
      `(${r.sources.length} files x ${r.copies}), ${r.lines} lines, ${r.crlfLines} CRLF, ` +
      `fnv1a ${r.fnv1a}, ${s} s`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await cli(Deno.args));
