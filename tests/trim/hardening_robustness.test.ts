/**
 * Hardening (issue #7), robustness: the pipeline never throws on any input, memory
 * stays bounded on pathological inputs, output is deterministic with exact accounting
 * under random inputs and options, and abort or deadline at any point leave
 * well-formed partial output and a valid result.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import {
  processLogStreamInline,
  processLogStreamWithTimeoutInline,
  trimTextInline,
} from "../../trim/process.ts";
import { TrimError } from "../../trim/errors.ts";
import { sniffCompression } from "../../trim/decompress.ts";
import { Selector } from "../../trim/stages/select.ts";
import { resolveOptions } from "../../trim/resolve.ts";
import { TFIDF_MAP_LIMIT } from "../../trim/constants.ts";
import { CUT_SUFFIX, HARD_MAX_LINE_CHARS } from "../../trim/lines.ts";
import type { TrimOptions, TrimResult } from "../../trim/types.ts";
import { assertAccounting } from "../_helpers/accounting.ts";
import { chunked } from "../_helpers/chunked.ts";

const enc = new TextEncoder();

/** Runs the pipeline over byte chunks; returns the output text and the result. */
async function run(
  chunks: Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>,
  options: TrimOptions = {},
): Promise<{ output: string; result: TrimResult }> {
  const dec = new TextDecoder("utf-8", { fatal: true });
  let output = "";
  const result = await processLogStreamInline(
    (async function* () {
      yield* chunks;
    })(),
    {
      write(c: Uint8Array) {
        output += dec.decode(c, { stream: true }); // fatal: the output is valid UTF-8
        return true;
      },
    },
    options,
  );
  output += dec.decode();
  return { output, result };
}

/** Output is empty or whole lines, each ending with a newline. */
function assertWellFormed(output: string): void {
  assert.ok(output === "" || output.endsWith("\n"), "ends with a newline");
}

/** Bytes with a bias towards the hard ones: NUL, CR, LF, invalid and partial UTF-8. */
const hardByte = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.constantFrom(0x00, 0x0a, 0x0d, 0x09, 0x1b) },
  { weight: 2, arbitrary: fc.constantFrom(0xff, 0xfe, 0xc0, 0xc3, 0xe2, 0x82, 0xac, 0xf0, 0x9f) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) },
);
const words = fc.constantFrom(
  "ERROR ",
  "at ",
  "\tat com.a.B.c(B.java:1)\n",
  "Caused by: x\n",
  "password=",
  "eyJ",
  "ghp_",
  "[x3] ",
  "[... ",
  "[block x2] ",
  '{"a":',
  "\r\n",
  "\r",
  "\n",
  "-----BEGIN PRIVATE KEY-----\n",
  "Traceback (most recent call last):\n",
  "é错\u{1F600}",
);
const input = fc.array(
  fc.oneof(
    fc.uint8Array({ maxLength: 40 }).map((b) => b),
    fc.array(hardByte, { maxLength: 60 }).map((b) => new Uint8Array(b)),
    fc.array(words, { maxLength: 12 }).map((w) => enc.encode(w.join(""))),
  ),
  { maxLength: 30 },
).map((parts) => {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const all = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  return all;
});

const options: fc.Arbitrary<TrimOptions> = fc.record({
  aggressiveness: fc.constantFrom("low", "medium", "high", "aggressive", "auto"),
  multiline: fc.constantFrom("auto", "python", "node", "java", "go", "rust", "off"),
  severity: fc.constantFrom("fatal", "error", "warn", "info", "debug", "trace"),
  sampleSize: fc.integer({ min: 0, max: 20 }),
  maxLineLength: fc.integer({ min: 1, max: 80 }),
  collapseRepeatedStacks: fc.boolean(),
  rootCause: fc.boolean(),
  multilingual: fc.boolean(),
  adaptiveContext: fc.boolean(),
  templateMining: fc.boolean(),
  maxTokens: fc.integer({ min: 0, max: 200 }),
  dedupeWindow: fc.integer({ min: 1, max: 4 }),
  collapseBlocks: fc.integer({ min: 2, max: 4 }),
  maxStackFrames: fc.integer({ min: 0, max: 3 }),
  contextBefore: fc.integer({ min: 0, max: 4 }),
  contextAfter: fc.integer({ min: 0, max: 4 }),
  dedupe: fc.boolean(),
  preserveIdSuffix: fc.integer({ min: 0, max: 16 }),
  outputFormat: fc.constantFrom("text", "jsonl-preserve"),
}, { requiredKeys: [] }) as fc.Arbitrary<TrimOptions>;

test("never throws: random bytes, invalid UTF-8, NUL, mixed CRLF/CR, any chunking, any options (500 runs)", async () => {
  await fc.assert(
    fc.asyncProperty(
      input,
      fc.array(fc.nat(), { maxLength: 8 }),
      options,
      async (bytes, cuts, opts) => {
        // Bytes that open with gzip's magic or a zlib header are a (mostly corrupt) compressed
        // stream: its decompressed bytes are counted, and a corrupt one ends in the typed
        // CORRUPT_INPUT error after the output so far, never in another error.
        if (sniffCompression(bytes) !== undefined) return await assertCompressedRun(bytes, opts);
        const whole = await run([bytes], opts);
        assertWellFormed(whole.output);
        assertAccounting(whole.output, whole.result);
        assert.equal(whole.result.stats.inputBytes, bytes.length);
        // Deterministic, and independent of where the chunks split (mid-character too).
        const again = await run(chunked(bytes, cuts), opts);
        assert.equal(again.output, whole.output);
        assert.deepEqual(again.result, whole.result);
      },
    ),
    propertyParams("hardening_robustness#1", { numRuns: 500 }),
  );
});

test("NUL bytes, lone CR, CRLF and invalid UTF-8 are lines; a line of bytes only is dropped", async () => {
  const bytes = new Uint8Array([
    ...enc.encode("ERROR a\x00b\r\nprogress 1%\rprogress 100%\n"),
    0xff,
    0xc3,
    0x0a,
    ...enc.encode("ERROR tail\r"),
  ]);
  const { output, result } = await run([bytes], { aggressiveness: "low" });
  // `\xff\xc3` alone is binary data (trim/classify/binary.ts): dropped as noise.
  assert.equal(output, "ERROR a\x00b\nprogress 100%\nERROR tail\n");
  assert.equal(result.stats.inputLines, 4);
  assert.equal(result.stats.droppedLines, 1);
  assertAccounting(output, result);
});

/** Heap in use, sampled by the input generator while the pipeline runs. */
class HeapPeak {
  base = Deno.memoryUsage().heapUsed;
  peak = this.base;
  sample(): void {
    const h = Deno.memoryUsage().heapUsed;
    if (h > this.peak) this.peak = h;
  }
  get mib(): number {
    return (this.peak - this.base) / 1048576;
  }
}

/** A script run in a child process with a capped heap: the 256 MB line. */
const BIG_LINE_SCRIPT = `
import { processLogStreamInline } from ${
  JSON.stringify(new URL("../../trim/process.ts", import.meta.url).href)
};
const enc = new TextEncoder();
const MiB = 1 << 20;
const chunk = enc.encode(("ERROR " + "a1b2 c3d4 ".repeat(MiB / 10 + 1)).slice(0, MiB));
const maxLineLength = Deno.args[0] === "-" ? undefined : Number(Deno.args[0]);
let output = "";
const dec = new TextDecoder();
const result = await processLogStreamInline(
  (async function* () {
    for (let i = 0; i < 256; i++) yield chunk;
    yield enc.encode("\\nnext line\\n");
  })(),
  { write(c) { output += dec.decode(c, { stream: true }); return true; } },
  maxLineLength === undefined ? {} : { maxLineLength },
);
console.log(JSON.stringify({ result, head: output.slice(0, 20), tail: output.slice(-40), length: output.length }));
`;

test("a 256 MB line without a newline is cut while streaming: output bounded, runs in a 64 MiB heap", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "trim-bigline-" });
  const script = `${dir}/big_line.js`;
  Deno.writeTextFileSync(script, BIG_LINE_SCRIPT);
  try {
    for (const max of ["-", "4096"]) {
      // The whole line would need 256 MiB (as a string): with a 64 MiB old space the
      // child dies unless the line is cut while streaming.
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "--no-config", "--v8-flags=--max-old-space-size=64", script, max],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const err = new TextDecoder().decode(stderr);
      assert.equal(code, 0, err.slice(-2000));
      const r = JSON.parse(new TextDecoder().decode(stdout));
      assert.equal(r.result.stats.inputBytes, 256 * 1048576 + 11);
      assert.equal(r.result.stats.inputLines, 2);
      assert.ok(r.length < HARD_MAX_LINE_CHARS + 100, `output ${r.length} chars`);
      assert.ok(r.tail.endsWith("next line\n"));
      if (max === "-") assert.ok(r.tail.includes(CUT_SUFFIX + "\n"), r.tail);
      else assert.equal(r.head, "[TRUNCATED]\nnext lin");
      assert.equal(r.result.stats.outputLines, 2);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

test("a million identical lines: one [x1000000] line, memory bounded", async () => {
  const block = enc.encode("ERROR connection reset by peer\n".repeat(10_000));
  const heap = new HeapPeak();
  const { output, result } = await run(
    (function* () {
      for (let i = 0; i < 100; i++) {
        heap.sample();
        yield block;
      }
    })(),
  );
  assert.equal(output, "[x1000000] ERROR connection reset by peer\n");
  assert.equal(result.stats.duplicateLines, 999_999);
  assert.ok(heap.mib < 64, `heap grew ${heap.mib.toFixed(0)} MiB`);
});

test("a million distinct lines: every map of the relevance stage stays within its limit", () => {
  const filter = new Selector(resolveOptions({ aggressiveness: "medium" }).select, {
    dropped() {},
    hidden() {},
    duplicates() {},
  });
  let maxSeen = { triggers: 0, restated: 0, dampened: 0 };
  const batch: string[] = [];
  for (let i = 0; i < 1_000_000; i++) {
    // Distinct errors (error shapes), warnings (dampened lines) and restatements.
    const k = i % 3;
    batch.push(
      k === 0
        ? `ERROR job ${i} failed`
        : k === 1
        ? `[WARN] disk nearly full on volume v${i}`
        : `make: *** [Makefile:${i}: all] Error 2`,
    );
    if (batch.length === 10_000) {
      filter.push({ lines: batch.slice() });
      batch.length = 0;
      const s = filter.trackedSizes;
      maxSeen = {
        triggers: Math.max(maxSeen.triggers, s.triggers),
        restated: Math.max(maxSeen.restated, s.restated),
        dampened: Math.max(maxSeen.dampened, s.dampened),
      };
    }
  }
  filter.flush();
  assert.ok(maxSeen.triggers <= TFIDF_MAP_LIMIT && maxSeen.triggers > 1000, `${maxSeen.triggers}`);
  assert.ok(maxSeen.dampened <= TFIDF_MAP_LIMIT && maxSeen.dampened > 1000, `${maxSeen.dampened}`);
  assert.ok(maxSeen.restated <= 1024 && maxSeen.restated > 100, `${maxSeen.restated}`);
});

test("a million distinct lines through the pipeline: memory bounded, accounting exact", async () => {
  const heap = new HeapPeak();
  let outLines = 0;
  const result = await processLogStreamInline(
    (async function* () {
      for (let b = 0; b < 100; b++) {
        heap.sample();
        let s = "";
        for (let j = 0; j < 10_000; j++) {
          const i = b * 10_000 + j;
          s += i % 2 ? `ERROR ${_letters(i)} failed\n` : `[DEBUG] tick ${i}\n`;
        }
        yield s;
      }
    })(),
    {
      write(c: Uint8Array) {
        for (const x of c) if (x === 10) outLines++;
        return true;
      },
    },
    { dedupeWindow: 64 },
  );
  const s = result.stats;
  assert.equal(s.inputLines, 1_000_000);
  assert.equal(s.outputLines, outLines);
  assert.ok(outLines >= 500_000, `${outLines} lines kept`);
  assert.equal(s.outputLines + s.droppedLines + s.duplicateLines, s.inputLines);
  assert.ok(heap.mib < 128, `heap grew ${heap.mib.toFixed(0)} MiB`);
});

/** `i` in letters (a distinct word per number: no template folds them). */
function _letters(i: number): string {
  let s = "";
  do {
    s += String.fromCharCode(97 + (i % 26));
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
}

// ---------------------------------------------------------------------------
// Abort and deadline at random points.

const LOG = Array.from(
  { length: 400 },
  (_, i) =>
    i % 17 === 0
      ? `ERROR step ${i} failed: password=s3cret${i}`
      : i % 5 === 0
      ? `\tat com.acme.S${i % 3}.run(S.java:${i})`
      : `[INFO] step ${i} ok`,
).join("\n") + "\n";
const LOG_CHUNKS = Array.from(
  { length: 40 },
  (_, i) => enc.encode(LOG.slice(i * 1000, (i + 1) * 1000)),
)
  .filter((c) => c.length > 0);

test("abort at a random point: ABORTED, and the partial output is exactly the output of the input read", async () => {
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: LOG_CHUNKS.length }), options, async (k, opts) => {
      const ac = new AbortController();
      let output = "";
      const dec = new TextDecoder();
      const error = await processLogStreamInline(
        (async function* () {
          for (let i = 0; i < LOG_CHUNKS.length; i++) {
            if (i === k) ac.abort(new Error("stop"));
            yield LOG_CHUNKS[i];
          }
        })(),
        {
          write(c: Uint8Array) {
            output += dec.decode(c, { stream: true });
            return true;
          },
        },
        { ...opts, signal: ac.signal },
      ).then(() => undefined, (e) => e);
      if (k === LOG_CHUNKS.length) {
        assert.equal(error, undefined, "no abort: a normal run");
        return;
      }
      assert.ok(error instanceof TrimError && error.code === "ABORTED", String(error));
      assertWellFormed(output);
      // The chunk read when the abort came is the last one processed: the partial output
      // is what the pipeline writes for that prefix (every line a real output line).
      const prefix = new TextDecoder().decode(concat(LOG_CHUNKS.slice(0, k + 1)));
      const expected = await trimTextInline(prefix, opts);
      assert.equal(output, expected.output);
      assertAccounting(expected.output, expected.result);
    }),
    propertyParams("hardening_robustness#2", { numRuns: 120 }),
  );
});

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  return all;
}

test("deadline at a random point: timedOut result, valid accounting, output of the input read", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 40 }),
      fc.boolean(),
      options,
      async (ms, wrapper, opts) => {
        let output = "";
        const dec = new TextDecoder();
        const source = (async function* () {
          for (const c of LOG_CHUNKS) {
            await new Promise((r) => setTimeout(r, 1));
            yield c;
          }
          await new Promise((r) => setTimeout(r, 10_000)); // never ends by itself
        })();
        const sink = {
          write(c: Uint8Array) {
            output += dec.decode(c, { stream: true });
            return true;
          },
        };
        const result = wrapper
          ? await processLogStreamWithTimeoutInline(source, sink, opts, ms)
          : await processLogStreamInline(source, sink, { ...opts, timeoutMs: ms });
        assert.equal(result.timedOut, true);
        assertWellFormed(output);
        assertAccounting(output, result);
        // The input read is a whole number of chunks: the output is the output of it.
        let read = 0;
        let bytes = 0;
        while (read < LOG_CHUNKS.length && bytes < result.stats.inputBytes) {
          bytes += LOG_CHUNKS[read++].length;
        }
        assert.equal(bytes, result.stats.inputBytes, "whole chunks read");
        const expected = await trimTextInline(
          new TextDecoder().decode(concat(LOG_CHUNKS.slice(0, read))),
          opts,
        );
        assert.equal(output, expected.output);
      },
    ),
    propertyParams("hardening_robustness#3", { numRuns: 40 }),
  );
});

/** A run over bytes read as compressed: a result that accounts for its lines, or CORRUPT_INPUT. */
async function assertCompressedRun(bytes: Uint8Array, opts: TrimOptions): Promise<void> {
  let whole: { output: string; result: TrimResult };
  try {
    whole = await run([bytes], opts);
  } catch (e) {
    assert.ok(e instanceof TrimError && e.code === "CORRUPT_INPUT", String(e));
    return;
  }
  assertWellFormed(whole.output);
  assertAccounting(whole.output, whole.result);
}

test("random bytes that open a zlib or gzip header: a result or CORRUPT_INPUT (seed -1261801160)", async () => {
  for (const bytes of [[0x78, 0x01], [0x78, 0x9c, 0x41], [0x78, 0xda, 0, 0], [0x1f, 0x8b]]) {
    await assertCompressedRun(Uint8Array.from(bytes), {});
  }
});
