import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { propertyParams } from "../_helpers/property.ts";
import { Readable, Writable } from "node:stream";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTrimStream,
  processLogFile,
  processLogStream,
  processLogStreamWithTimeout,
  TrimError,
  trimText,
} from "../../mod.ts";
import type { TrimOptions } from "../../mod.ts";
import { assertAccounting } from "../_helpers/accounting.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);

function collect(): { sink: WritableStream<Uint8Array>; text: () => string } {
  const chunks: Uint8Array[] = [];
  return {
    sink: new WritableStream({ write: (c) => void chunks.push(c) }),
    text: () => new TextDecoder().decode(concat(chunks)),
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

test("fold: adjacent lines of one shape become [xN] with value lists, in order", async () => {
  const log = [
    "payment failed requestId=a1 amount=12.50 failures=1/5",
    "payment failed requestId=b2 amount=13.00 failures=2/5",
    "payment failed requestId=c3 amount=12.50 failures=3/5",
    "done",
  ].join("\n");
  const { output, result } = await trimText(log);
  assert.equal(
    output,
    "[x3] payment failed requestId=[a1 | b2 | c3] amount=[12.50 | 13.00] failures=[1/5 | 2/5 | 3/5]\ndone\n",
  );
  assert.equal(result.stats.duplicateLines, 2);
  assertAccounting(output, result);
});

test("fold: a single unrepeated line keeps its sanitized values", async () => {
  const { output } = await trimText("retry attempt=1 host=10.0.0.1\nother\n");
  assert.equal(output, "retry attempt=1 host=[IP]\nother\n");
});

test("fold: value lists are capped with a count of the rest", async () => {
  const log = Array.from({ length: 9 }, (_, i) => `tick n=${i}`).join("\n");
  // Level low: plain lines are kept, so folding is seen on its own.
  const { output, result } = await trimText(log, { aggressiveness: "low" });
  assert.equal(output, "[x9] tick n=[0 | 1 | 2 | 3 | 4 | +4 more]\n");
  assertAccounting(output, result);
});

test("fold: identical lines fold, blank lines are dropped as noise", async () => {
  const { output, result } = await trimText("a\na\na\n\n\n\nb\n", { aggressiveness: "low" });
  assert.equal(output, "[x3] a\nb\n");
  assert.equal(result.stats.droppedLines, 3);
  assertAccounting(output, result);
});

test("dedupe: false keeps every line", async () => {
  const { output } = await trimText("a\na\n", { dedupe: false });
  assert.equal(output, "a\na\n");
});

test("split: CRLF, lone-CR progress rewrites keep the final state, no trailing newline", async () => {
  const { output, result } = await trimText(
    "one\r\nDownloading 10%\rDownloading 55%\rDownloading 100%\r\nlast",
  );
  assert.equal(output, "one\nDownloading 100%\nlast\n");
  assert.equal(result.stats.inputLines, 3);
});

test("split: multi-byte UTF-8 split across chunks, invalid bytes replaced", async () => {
  const bytes = new TextEncoder().encode("héllo wörld 错误\n");
  const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
  chunks.push(new Uint8Array([0xff, 0x0a]));
  const { sink, text } = collect();
  const result = await processLogStream(ReadableStream.from(chunks), sink);
  assert.equal(text(), "héllo wörld 错误\n\ufffd\n");
  assert.equal(result.stats.inputBytes, bytes.byteLength + 2);
});

test("maxLineLength: longer lines become [TRUNCATED] and are counted", async () => {
  const { output, result } = await trimText(`short\n${"x".repeat(100)}\n`, { maxLineLength: 50 });
  assert.equal(output, "short\n[TRUNCATED]\n");
  assert.equal(result.stats.truncatedLines, 1);
});

test("a line longer than the hard cap is cut while streaming", async () => {
  const big = "y".repeat(3 * 1024 * 1024);
  const chunks = [big.slice(0, 1_000_000), big.slice(1_000_000), "\nnext\n"];
  const { sink, text } = collect();
  const result = await processLogStream(ReadableStream.from(chunks), sink, { maxLineLength: 10 });
  assert.equal(text(), "[TRUNCATED]\nnext\n");
  assert.equal(result.stats.inputBytes, big.length + 6);
  assert.equal(result.stats.truncatedLines, 1);
});

test("stats: lines, words, bytes and tokens in and out", async () => {
  const { output, result } = await trimText("alpha beta\nalpha beta\nalpha beta\ngamma\n");
  const s = result.stats;
  assert.equal(s.inputLines, 4);
  assert.equal(s.inputWords, 7);
  assert.equal(s.inputBytes, 39);
  assert.equal(s.outputLines, 2);
  assert.equal(s.outputWords, 4);
  assert.equal(s.outputBytes, new TextEncoder().encode(output).byteLength);
  assert.ok(result.inputTokens > result.outputTokens);
  assert.equal(result.savedTokens, result.inputTokens - result.outputTokens);
  assert.equal(
    result.savingsPercent,
    Math.round((result.savedTokens / result.inputTokens) * 1000) / 10,
  );
});

test("tokenEstimator replaces the built-in estimate", async () => {
  const { result } = await trimText("a\nb\nc\n", { tokenEstimator: () => 10 });
  assert.equal(result.inputTokens, 30);
});

test("output is never silently empty: an all-blank input says what was read", async () => {
  const { output, result } = await trimText("\n\n\n");
  assert.match(output, /read 3 lines; none were diagnostic/);
  assertAccounting(output, result);
});

test("empty input gives empty output and zero stats", async () => {
  const { output, result } = await trimText("");
  assert.equal(output, "");
  assert.equal(result.stats.inputLines, 0);
  assert.equal(result.savingsPercent, 0);
});

test("fixtures: accounting holds, output is deterministic and secrets never appear", async () => {
  for (const name of ["ci_build", "web_server", "java_service", "python_web", "node_trace"]) {
    const text = await readFile(new URL(`${name}.log`, FIXTURES), "utf8");
    const a = await trimText(text);
    const b = await trimText(text);
    assert.equal(a.output, b.output, `${name}: deterministic`);
    assertAccounting(a.output, a.result);
    let secrets: string[] = [];
    try {
      secrets = (await readFile(new URL(`${name}.secrets.txt`, FIXTURES), "utf8"))
        .split("\n").filter((s) => s.trim().length > 0);
    } catch { /* no secrets in this fixture */ }
    for (const secret of secrets) {
      assert.ok(!a.output.includes(secret), `${name}: secret ${secret.slice(0, 4)}… leaked`);
    }
  }
});

test("property: never throws, deterministic, exact accounting under random inputs and options", async () => {
  const line = fc.oneof(
    fc.constantFrom(
      "",
      "INFO heartbeat ok",
      "ERROR db timeout after 30s",
      "retry attempt=1 id=7",
      "retry attempt=2 id=8",
      "GET /x HTTP/1.1 200",
      "    at f (node_modules/x/y.js:1:2)",
      "password=hunter22",
      "2024-05-14T09:12:03Z tick",
      "progress 10%\rprogress 90%",
      "-----BEGIN RSA PRIVATE KEY-----",
      "MIIEpAIBAAKCAQEA7",
      "-----END RSA PRIVATE KEY-----",
    ),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 30 }),
  );
  const options = fc.record({
    maxLineLength: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    dedupe: fc.option(fc.boolean(), { nil: undefined }),
    preserveIdSuffix: fc.option(fc.integer({ min: 0, max: 16 }), { nil: undefined }),
  }, { requiredKeys: [] });
  const sep = fc.constantFrom("\n", "\r\n");
  await fc.assert(
    fc.asyncProperty(fc.array(line, { maxLength: 60 }), options, sep, async (lines, opts, nl) => {
      const text = lines.join(nl);
      const a = await trimText(text, opts as TrimOptions);
      const b = await trimText(text, opts as TrimOptions);
      assert.equal(a.output, b.output);
      assertAccounting(a.output, a.result);
    }),
    propertyParams("pipeline#1", { numRuns: 300 }),
  );
});

test("chunking does not change the output", async () => {
  const text = await readFile(new URL("web_server.log", FIXTURES), "utf8");
  const whole = await trimText(text);
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 5000 }), async (size) => {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const { sink, text: out } = collect();
      await processLogStream(ReadableStream.from(chunks), sink);
      assert.equal(out(), whole.output);
    }),
    propertyParams("pipeline#2", { numRuns: 8 }),
  );
});

test("signal: abort flushes partial output and raises ABORTED", async () => {
  const controller = new AbortController();
  let sent = 0;
  const input = new ReadableStream<string>({
    pull(c) {
      sent++;
      c.enqueue(`line ${sent} value=${sent}\nERROR ${sent}\n`);
      if (sent === 50) controller.abort();
    },
  });
  const { sink, text } = collect();
  await assert.rejects(
    processLogStream(input, sink, { signal: controller.signal }),
    (e: unknown) => e instanceof TrimError && e.code === "ABORTED",
  );
  // Everything read before the abort is written, in order, as complete lines.
  const out = text();
  const last = Number(/ERROR (\d+)\n$/.exec(out)?.[1]);
  assert.ok(last >= 45 && last <= 50, `ends with ERROR ${last}`);
  for (let i = 1; i <= last; i++) assert.ok(out.includes(`ERROR ${i}\n`), `ERROR ${i} kept`);
});

test("signal already aborted: nothing read, ABORTED", async () => {
  const { sink } = collect();
  await assert.rejects(
    processLogStream(ReadableStream.from(["a\n"]), sink, { signal: AbortSignal.abort() }),
    (e: unknown) => e instanceof TrimError && e.code === "ABORTED",
  );
});

test("timeout: a stalled input returns a valid result with timedOut and flushed output", async () => {
  const input = new ReadableStream<string>({
    start(c) {
      c.enqueue("ERROR first\nERROR first\n");
    },
  });
  const { sink, text } = collect();
  const t0 = performance.now();
  const result = await processLogStreamWithTimeout(input, sink, {}, 100);
  assert.ok(performance.now() - t0 < 5000);
  assert.equal(result.timedOut, true);
  assert.equal(text(), "[x2] ERROR first\n");
  assert.equal(result.stats.inputLines, 2);
});

test("timeoutMs option behaves like the wrapper", async () => {
  const input = new ReadableStream<string>({ start: (c) => c.enqueue("x\n") });
  const result = await processLogStream(input, new WritableStream(), { timeoutMs: 30 });
  assert.equal(result.timedOut, true);
});

test("invalid options are refused with INVALID_OPTION naming the option", async () => {
  const cases: Array<[TrimOptions, RegExp]> = [
    [{ aggressiveness: "wild" as never }, /aggressiveness.*low, medium, high, aggressive, auto/],
    [{ preserveIdSuffix: 17 }, /preserveIdSuffix/],
    [{ maxLineLength: -1 }, /maxLineLength/],
    [{ include: "x" as never }, /include: must be a RegExp/],
  ];
  for (const [options, message] of cases) {
    await assert.rejects(
      trimText("a\n", options),
      (e: unknown) =>
        e instanceof TrimError && e.code === "INVALID_OPTION" && message.test(e.message),
    );
  }
});

test("Node streams: a Readable in, a Writable out (not ended), backpressure honoured", async () => {
  const chunks: Buffer[] = [];
  let ended = false;
  const out = new Writable({
    highWaterMark: 16,
    write(chunk, _enc, cb) {
      chunks.push(chunk);
      setTimeout(cb, 0);
    },
    final(cb) {
      ended = true;
      cb();
    },
  });
  const lines = Array.from({ length: 5000 }, (_, i) => `req ${i} ok\n`);
  // Every line through: no folding, no budget (5,000 soft lines would exceed it).
  const result = await processLogStream(Readable.from(lines), out, {
    aggressiveness: "low",
    dedupe: false,
    budgetRate: 0,
  });
  assert.equal(ended, false, "a Node writable is not ended by trimlog");
  await new Promise<void>((resolve) => out.end(() => resolve()));
  const text = Buffer.concat(chunks).toString("utf8");
  assert.equal(text.split("\n").length - 1, 5000);
  assert.equal(result.stats.outputLines, 5000);
});

test("createTrimStream: pipeThrough and result", async () => {
  const trim = createTrimStream();
  const text = await new Response(
    ReadableStream.from(["a=1\na=2\n"]).pipeThrough(trim),
  ).text();
  assert.equal(text, "[x2] a=[1 | 2]\n");
  const result = await trim.result;
  assert.equal(result.stats.inputLines, 2);
});

test("processLogFile: writes the output file and refuses the input as output", async () => {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-"));
  try {
    const input = join(dir, "in.log");
    const output = join(dir, "out.log");
    await writeFile(input, "x=1\nx=2\nERROR boom\n");
    const result = await processLogFile(input, output);
    assert.equal(await readFile(output, "utf8"), "[x2] x=[1 | 2]\nERROR boom\n");
    assert.equal(result.outputPath, output);

    await assert.rejects(
      processLogFile(input, input),
      (e: unknown) => e instanceof TrimError && e.code === "SAME_INPUT_OUTPUT",
    );
    const link = join(dir, "link.log");
    await symlink(input, link);
    await assert.rejects(
      processLogFile(input, link),
      (e: unknown) => e instanceof TrimError && e.code === "SAME_INPUT_OUTPUT",
    );
    assert.equal(await readFile(input, "utf8"), "x=1\nx=2\nERROR boom\n", "input untouched");
  } finally {
    await rm(dir, { recursive: true });
  }
});
