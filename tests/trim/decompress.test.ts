import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync, gzipSync } from "node:zlib";
import { decompressIfCompressed, sniffCompression } from "../../trim/decompress.ts";
import { TrimError } from "../../trim/errors.ts";
import { processLogStreamInline, trimTextInline } from "../../trim/process.ts";
import { chunked } from "../_helpers/chunked.ts";

const LOG = [
  "2024-05-14T10:00:00Z INFO starting worker id=1",
  ...Array.from({ length: 400 }, (_, i) => `2024-05-14T10:00:01Z INFO tick n=${i} ok`),
  "2024-05-14T10:00:02Z ERROR payment failed: connection refused (db:5432)",
  "  at Pool.connect (/app/db.js:42:7)",
  "2024-05-14T10:00:03Z INFO shutting down",
  "",
].join("\n");
const enc = new TextEncoder();

async function reduce(chunks: (Uint8Array | string)[]): Promise<string> {
  let out = "";
  const dec = new TextDecoder();
  await processLogStreamInline(ReadableStream.from(chunks), {
    write(c: Uint8Array) {
      out += dec.decode(c, { stream: true });
      return true;
    },
  });
  return out;
}

test("decompress: sniffs gzip and zlib by their bytes, not text", () => {
  assert.equal(sniffCompression(gzipSync(enc.encode("a\n"))), "gzip");
  assert.equal(sniffCompression(deflateSync(enc.encode("a\n"))), "deflate");
  assert.equal(sniffCompression(deflateSync(enc.encode("a\n"), { level: 1 })), "deflate");
  assert.equal(sniffCompression(deflateSync(enc.encode("a\n"), { level: 9 })), "deflate");
  for (const text of ["x^2 grows", "xylophone", "\x1f", "", '{"a":1}', "\x1f\x8a"]) {
    assert.equal(sniffCompression(enc.encode(text)), undefined, JSON.stringify(text));
  }
});

test("decompress: a gzip or zlib log reduces exactly as the plain log, whatever the chunking", async () => {
  const plain = await reduce([enc.encode(LOG)]);
  assert.match(plain, /ERROR payment failed/);
  for (const packed of [gzipSync(enc.encode(LOG)), deflateSync(enc.encode(LOG))]) {
    // One chunk; one byte at a time at the start (the magic split over chunks); odd cuts.
    const cuts = [[], [1], [1, 2, 3], [7, 100, 101, 333, packed.length - 1]];
    for (const c of cuts) assert.equal(await reduce(chunked(packed, c)), plain, `cuts ${c}`);
  }
});

test("decompress: text chunks and an empty input pass through untouched", async () => {
  assert.equal(await reduce([]), "");
  assert.equal(await reduce(["\x1f\x8b not bytes\n"]), "\x1f\x8b not bytes\n");
  const one = await new Response(
    decompressIfCompressed(ReadableStream.from([new Uint8Array([0x1f])])) as ReadableStream<
      Uint8Array
    >,
  ).bytes();
  assert.deepEqual([...one], [0x1f]);
});

test("decompress: a huge ratio comes out in bounded chunks", async () => {
  const big = gzipSync(new Uint8Array(64 * 1024 * 1024).fill(0x61)); // ~64 KiB, ratio ~1000
  let largest = 0;
  let total = 0;
  const s = decompressIfCompressed(ReadableStream.from([big]));
  for await (const c of s as ReadableStream<Uint8Array>) {
    largest = Math.max(largest, c.length);
    total += c.length;
  }
  assert.equal(total, 64 * 1024 * 1024);
  // One 16 KiB slice at ratio ~1000 inflates to ~16 MiB; a 64 KiB read would give 64 MiB.
  assert.ok(largest <= 32 * 1024 * 1024, `largest chunk ${largest}`);
});

test("decompress: truncated and corrupt streams flush the output so far, then CORRUPT_INPUT", async () => {
  // Distinct lines, so that half of the stream already holds text to write.
  const long = Array.from({ length: 20000 }, (_, i) => `worker ${i * 7919} state ${i % 13}`);
  const packed = gzipSync(enc.encode(["ERROR first failure", ...long, ""].join("\n")));
  const truncated = packed.subarray(0, packed.length >> 1);
  const corrupt = new Uint8Array(packed); // a copy (Buffer.slice would be a view)
  corrupt.fill(0xff, 40, 80);
  for (const [name, bytes] of [["truncated", truncated], ["corrupt", corrupt]] as const) {
    let out = "";
    const err = await processLogStreamInline(ReadableStream.from([bytes]), {
      write(c: Uint8Array) {
        out += new TextDecoder().decode(c);
        return true;
      },
    }).then(() => undefined, (e) => e);
    assert.ok(err instanceof TrimError, name);
    assert.equal(err.code, "CORRUPT_INPUT", name);
    assert.match(err.message, /^gzip data is (truncated or )?corrupt \(.+\); the output/, name);
    assert.ok(!err.message.includes("\n"), name);
    if (name === "truncated") {
      assert.match(out, /^ERROR first failure\n.*worker/, JSON.stringify(out));
    }
  }
});

test("decompress: a read error of the source is passed on, not called corrupt", async () => {
  const packed = gzipSync(enc.encode(LOG));
  const failing = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(packed.subarray(0, 100));
    },
    pull(c) {
      c.error(new Error("EIO: disk went away"));
    },
  });
  await assert.rejects(
    processLogStreamInline(failing, new WritableStream()),
    (e: Error) => !(e instanceof TrimError) && /EIO/.test(e.message),
  );
});

test("decompress: a timeout mid-stream is a timeout, not a corrupt stream", async () => {
  const packed = gzipSync(enc.encode(LOG));
  const slow = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(packed.subarray(0, packed.length >> 1));
    },
  }); // never ends
  const { result } = await trimTextInline("", {}); // warm the pipeline
  assert.equal(result.stats.inputLines, 0);
  const r = await processLogStreamInline(slow, new WritableStream(), { timeoutMs: 100 });
  assert.equal(r.timedOut, true);
});
