/**
 * From inputs to the logs to reduce: a zip archive (found by its bytes) becomes its
 * members, a GitHub Actions log archive its jobs and steps in order; any other input
 * is one log (gzip and zlib are decompressed later, as it streams).
 *
 * @module
 */

import { concatBytes, readHead } from "../decompress.ts";
import { TrimError } from "../errors.ts";
import type { TrimInput } from "../io.ts";
import type { SectionSource } from "../sections.ts";
import { planGithubArchive } from "./gha.ts";
import type { ZipLimits } from "./zip.ts";

/** The default zip bounds (see `zip.ts`), here so that reading a plain log loads no zip reader. */
const _MAX_ZIP_BYTES = 1024 * 1024 * 1024;

/**
 * Whether `bytes` start as a zip archive does (a local file header, or the end record
 * of an empty archive).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isZip } from "./sources.ts";
 * assert.ok(isZip(new Uint8Array([0x50, 0x4b, 3, 4, 20])));
 * assert.ok(!isZip(new TextEncoder().encode("PK is a log line")));
 * ```
 */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/** An input opened and looked at: a whole zip archive, or a log as a stream. */
export type OpenedInput =
  | { zip: Uint8Array }
  | { stream: ReadableStream<Uint8Array | string> };

/**
 * Reads the first bytes of `input`: a zip archive is read whole (at most
 * `maxZipBytes`, 1 GiB; zip's directory is at its end), anything else is handed
 * back as a stream, first bytes included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openInput } from "./sources.ts";
 * const opened = await openInput(ReadableStream.from([new TextEncoder().encode("ERROR x\n")]));
 * assert.ok("stream" in opened);
 * ```
 */
export async function openInput(
  input: TrimInput,
  maxZipBytes: number = _MAX_ZIP_BYTES,
): Promise<OpenedInput> {
  const reader = _reader(input);
  const read = await readHead(reader, 4);
  const head = read.chunks;
  const done = read.done;
  const first = read.bytes;
  if (first && isZip(first)) {
    const parts: Uint8Array[] = [first];
    let size = first.length;
    while (!done) {
      const r = await reader.read();
      if (r.done) break;
      const chunk = typeof r.value === "string" ? new TextEncoder().encode(r.value) : r.value;
      size += chunk.length;
      if (size > maxZipBytes) {
        await reader.cancel().catch(() => {});
        throw new TrimError(
          "UNSAFE_ARCHIVE",
          `refused zip archive: over ${maxZipBytes / 1024 ** 2} MiB; nothing was extracted`,
        );
      }
      parts.push(chunk);
    }
    return { zip: concatBytes(parts) };
  }
  return {
    stream: new ReadableStream<Uint8Array | string>({
      async pull(controller) {
        const next = head.shift();
        if (next !== undefined) return controller.enqueue(next);
        if (done) return controller.close();
        const r = await reader.read();
        if (r.done) controller.close();
        else controller.enqueue(r.value);
      },
      cancel: (reason) => reader.cancel(reason),
    }, { highWaterMark: 0 }),
  };
}

/**
 * The logs of a zip archive: a GitHub Actions log archive's steps in order (`ci:
 * true`; a job without step files is its whole log), or else every member in the
 * archive's order. Names and sizes are checked first (`listZip`); the zip reader
 * is loaded on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zipSync } from "fflate";
 * import { sourcesOfZip } from "./sources.ts";
 * const t = (s: string) => new TextEncoder().encode(s);
 * const zip = zipSync({ "1_build.txt": t("a\n"), "build/1_Checkout.txt": t("a\n") });
 * const { sources, ci } = await sourcesOfZip(zip);
 * assert.ok(ci && sources[0].name === "build / 1_Checkout");
 * ```
 */
export async function sourcesOfZip(
  zip: Uint8Array,
  limits?: ZipLimits,
): Promise<{ sources: SectionSource[]; ci: boolean }> {
  const { listZip, readZipMember } = await import("./zip.ts");
  const members = listZip(zip, limits);
  const byName = new Map(members.map((m) => [m.name, m]));
  // Each member's bytes count once towards the archive's total, on its first read.
  const total = { bytes: 0 };
  const read = new Set<string>();
  const open = (name: string) => () => {
    const first = !read.has(name);
    read.add(name);
    return readZipMember(zip, byName.get(name)!, first ? total : { bytes: 0 }, limits);
  };
  const plan = planGithubArchive(members.map((m) => m.name));
  if (plan === undefined) {
    return { sources: members.map((m) => ({ name: m.name, open: open(m.name) })), ci: false };
  }
  const sources: SectionSource[] = [];
  for (const job of plan) {
    if (job.steps.length === 0) {
      if (job.log !== undefined) {
        sources.push({ name: job.name, job: job.name, open: open(job.log) });
      }
      continue;
    }
    for (const step of job.steps) {
      const stepName = `${step.number}_${step.name}`;
      sources.push({
        name: `${job.name} / ${stepName}`,
        job: job.name,
        step: stepName,
        open: open(step.member),
      });
    }
  }
  return { sources, ci: true };
}

/**
 * An input by name, opened on demand (again when its turn comes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type NamedInput, sourcesOf } from "./sources.ts";
 * const input: NamedInput = { name: "a.log", open: () => ReadableStream.from(["x\n"]) };
 * assert.ok((await sourcesOf([input])).sources.length === 1);
 * ```
 */
export interface NamedInput {
  /** What its header shows (a file name). */
  name: string;
  /** Opens it; rejects when it cannot be read. */
  open(): Promise<TrimInput> | TrimInput;
}

/**
 * The logs of several inputs, in order: a zip archive's members (named
 * `archive: member`) in place of the archive, `ci` when one is a GitHub Actions log
 * archive; any other input is opened again when its turn comes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourcesOf } from "./sources.ts";
 * const { sources, ci } = await sourcesOf([
 *   { name: "a.log", open: () => ReadableStream.from(["ERROR a\n"]) },
 * ]);
 * assert.ok(sources[0].name === "a.log" && !ci);
 * ```
 */
export async function sourcesOf(
  inputs: readonly NamedInput[],
  limits?: ZipLimits,
): Promise<{ sources: SectionSource[]; ci: boolean }> {
  const sources: SectionSource[] = [];
  let ci = false;
  for (const input of inputs) {
    let zip;
    try {
      const opened = await openInput(await input.open(), limits?.maxTotalBytes);
      if ("stream" in opened) {
        await opened.stream.cancel().catch(() => {});
        sources.push({ name: input.name, open: () => input.open() });
        continue;
      }
      zip = await sourcesOfZip(opened.zip, limits);
    } catch (e) {
      if (e instanceof TrimError) {
        throw new TrimError(e.code, `${input.name}: ${e.message}`, { cause: e });
      }
      throw e;
    }
    ci ||= zip.ci;
    for (const s of zip.sources) sources.push({ ...s, name: `${input.name}: ${s.name}` });
  }
  return { sources, ci };
}

function _reader(input: TrimInput): ReadableStreamDefaultReader<Uint8Array | string> {
  if (input instanceof ReadableStream) return input.getReader();
  return ReadableStream.from(input as AsyncIterable<Uint8Array | string>).getReader();
}
