/**
 * Zip archives read safely: the member list from the central directory and each
 * member's bytes as a stream, through `fflate` (pure JavaScript, no dependencies,
 * streaming decompression; it runs wherever the core does). Nothing is ever
 * extracted to disk: members are only read.
 *
 * Refused, with a `TrimError` of code `UNSAFE_ARCHIVE` (the CLI: one line, exit 3):
 * a member name that leaves the archive (`../x`, `/etc/x`, `C:\x`, a backslash or NUL),
 * a member or an archive whose expansion ratio is over {@linkcode ZIP_LIMITS}`.maxRatio`,
 * more than `maxTotalBytes` expanded in all, a member over `maxMemberBytes`. The
 * sizes the archive declares are checked before anything is decompressed, and the
 * bytes actually produced are counted while decompressing (a header can lie).
 *
 * @module
 */

import { Unzip, type UnzipFile, UnzipInflate, UnzipPassThrough, unzipSync } from "fflate";
import { TrimError } from "../errors.ts";

/**
 * The bounds of {@linkcode listZip} and {@linkcode readZipMember}.
 *
 * @example Tighter bounds than the defaults
 * ```ts
 * import assert from "node:assert/strict";
 * import { zipSync } from "fflate";
 * import { listZip, ZIP_LIMITS, type ZipLimits } from "./zip.ts";
 * const limits: ZipLimits = { ...ZIP_LIMITS, maxMembers: 1 };
 * const zip = zipSync({ "a.txt": new Uint8Array(1), "b.txt": new Uint8Array(1) });
 * assert.throws(() => listZip(zip, limits), /2 members, over the limit of 1/);
 * ```
 */
export interface ZipLimits {
  /** Largest expansion ratio (expanded / compressed) of a member or of the archive. */
  maxRatio: number;
  /** The ratio is only checked above this many expanded bytes (tiny members vary). */
  ratioFloorBytes: number;
  /** Largest total expanded size of the archive's members. */
  maxTotalBytes: number;
  /** Largest expanded size of one member. */
  maxMemberBytes: number;
  /** Most members. */
  maxMembers: number;
}

/**
 * The default bounds: ratio 100 (above 1 MiB), 1 GiB in all, 512 MiB a member,
 * 10,000 members.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ZIP_LIMITS } from "./zip.ts";
 * assert.ok(ZIP_LIMITS.maxRatio === 100 && ZIP_LIMITS.maxTotalBytes === 2 ** 30);
 * ```
 */
export const ZIP_LIMITS: Readonly<ZipLimits> = {
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxMemberBytes: 512 * 1024 * 1024,
  maxMembers: 10_000,
};

/** One member of an archive, as its central directory declares it. */
export interface ZipMember {
  /** The member's path inside the archive (`build/4_Run tests.txt`). */
  name: string;
  /** Compressed size in bytes. */
  size: number;
  /** Declared expanded size in bytes. */
  originalSize: number;
}

/**
 * Why a member name is unsafe (it could name a place outside the archive), or
 * `undefined` when it is a plain relative path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unsafeName } from "./zip.ts";
 * assert.ok(unsafeName("build/4_Run tests.txt") === undefined);
 * assert.ok(unsafeName("../../etc/passwd") !== undefined);
 * assert.ok(unsafeName("/etc/passwd") !== undefined);
 * assert.ok(unsafeName("C:\\Windows\\x") !== undefined);
 * ```
 */
export function unsafeName(name: string): string | undefined {
  if (name === "") return "an empty name";
  if (name.includes("\0")) return "a NUL character";
  if (name.includes("\\")) return "a backslash";
  if (name.startsWith("/")) return "an absolute path";
  if (/^[A-Za-z]:/.test(name)) return "a drive letter";
  if (name.split("/").some((part) => part === "..")) return "a '..' segment";
  return undefined;
}

/**
 * The archive's members from its central directory (folders left out), after
 * checking names and declared sizes against `limits`. Throws `TrimError`
 * `UNSAFE_ARCHIVE` for a refused archive, `CORRUPT_INPUT` for one that cannot be read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zipSync } from "fflate";
 * import { listZip } from "./zip.ts";
 * const zip = zipSync({ "build/1_Checkout.txt": new TextEncoder().encode("ok\n") });
 * assert.deepEqual(listZip(zip).map((m) => m.name), ["build/1_Checkout.txt"]);
 * ```
 */
export function listZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipMember[] {
  const members: ZipMember[] = [];
  try {
    unzipSync(bytes, {
      filter(file) {
        members.push({ name: file.name, size: file.size, originalSize: file.originalSize });
        return false; // listed, never decompressed here
      },
    });
  } catch (e) {
    throw new TrimError("CORRUPT_INPUT", `not a readable zip archive (${_message(e)})`);
  }
  if (members.length > limits.maxMembers) {
    _refuse(`${members.length} members, over the limit of ${limits.maxMembers}`);
  }
  let total = 0;
  let compressed = 0;
  for (const m of members) {
    const why = unsafeName(m.name);
    if (why !== undefined) _refuse(`member ${JSON.stringify(m.name)} has ${why}`);
    _checkMember(m.name, m.originalSize, m.size, limits, "declares");
    total += m.originalSize;
    compressed += m.size;
  }
  _checkTotal(total, compressed, limits, "declares");
  return members.filter((m) => !m.name.endsWith("/"));
}

/**
 * The expanded bytes of `member` (from {@linkcode listZip}), as a stream of chunks, counted as they
 * come: past `limits` (the member's size, its ratio, the archive's running `total`)
 * the stream fails with `TrimError` `UNSAFE_ARCHIVE`. `total` is shared by the
 * reads of one archive and updated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zipSync } from "fflate";
 * import { listZip, readZipMember } from "./zip.ts";
 * const zip = zipSync({ "a.txt": new TextEncoder().encode("hello\n") });
 * const [member] = listZip(zip);
 * const text = await new Response(readZipMember(zip, member, { bytes: 0 })).text();
 * assert.ok(text === "hello\n");
 * ```
 */
export function readZipMember(
  zip: Uint8Array,
  member: ZipMember,
  total: { bytes: number },
  limits: ZipLimits = ZIP_LIMITS,
): ReadableStream<Uint8Array> {
  const name = member.name;
  const compressedSize = member.size;
  const queue: Uint8Array[] = [];
  let failure: unknown;
  let ended = false;
  let found = false;
  let expanded = 0;
  let at = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    if (file.name !== name || found) return;
    found = true;
    file.ondata = (err, data, final) => {
      if (failure !== undefined || ended) return;
      if (err) {
        failure = new TrimError("CORRUPT_INPUT", `zip member ${name}: ${_message(err)}`);
        return;
      }
      expanded += data.length;
      total.bytes += data.length;
      try {
        _checkMember(name, expanded, compressedSize || zip.length, limits, "expands to");
        _checkTotal(total.bytes, zip.length, limits, "expands to", true);
      } catch (e) {
        failure = e;
        file.terminate();
        return;
      }
      if (data.length) queue.push(data);
      if (final) ended = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const step = 64 * 1024;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      while (queue.length === 0 && failure === undefined && !ended) {
        if (at >= zip.length) {
          failure = new TrimError(
            "CORRUPT_INPUT",
            found ? `zip member ${name} is truncated` : `zip member ${name} not found`,
          );
          break;
        }
        const end = Math.min(at + step, zip.length);
        try {
          unzip.push(zip.subarray(at, end), end === zip.length);
        } catch (e) {
          failure ??= new TrimError("CORRUPT_INPUT", `zip archive: ${_message(e)}`);
        }
        at = end;
      }
      const next = queue.shift();
      if (next !== undefined) return controller.enqueue(next);
      if (failure !== undefined) return controller.error(failure);
      controller.close();
    },
  }, { highWaterMark: 0 });
}

function _checkMember(
  name: string,
  expanded: number,
  compressed: number,
  limits: ZipLimits,
  verb: string,
): void {
  if (expanded > limits.maxMemberBytes) {
    _refuse(`member ${name} ${verb} over ${_mib(limits.maxMemberBytes)}`);
  }
  if (expanded > limits.ratioFloorBytes && expanded > limits.maxRatio * Math.max(compressed, 1)) {
    _refuse(
      `member ${name} ${verb} ${Math.round(expanded / Math.max(compressed, 1))} times its ` +
        `compressed size (a zip bomb? the limit is ${limits.maxRatio})`,
    );
  }
}

function _checkTotal(
  total: number,
  compressed: number,
  limits: ZipLimits,
  verb: string,
  skipRatio = false,
): void {
  if (total > limits.maxTotalBytes) {
    _refuse(`the archive ${verb} over ${_mib(limits.maxTotalBytes)} in all (a zip bomb?)`);
  }
  if (!skipRatio && total > limits.ratioFloorBytes && total > limits.maxRatio * compressed) {
    _refuse(
      `the archive ${verb} ${Math.round(total / Math.max(compressed, 1))} times its size ` +
        `(a zip bomb? the limit is ${limits.maxRatio})`,
    );
  }
}

function _mib(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GiB` : `${bytes / 1024 ** 2} MiB`;
}

function _refuse(why: string): never {
  throw new TrimError("UNSAFE_ARCHIVE", `refused zip archive: ${why}; nothing was extracted`);
}

function _message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0];
}
