import { test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { callTool } from "../../cli/mcp/server.ts";

const LOG = [
  "boot",
  "retry id=1",
  "retry id=2",
  "ERROR token=ghp_abcdefghijklmnopqrstuvwxyz0123456789",
  "done",
  "",
]
  .join("\n");
const files = (bytes: Uint8Array) => ({
  openInput: () => Promise.resolve({ readable: ReadableStream.from([bytes]), size: bytes.length }),
  errorReason: () => undefined,
});

test("mcp: the three tools read a gzip log as the plain one, lines numbered alike", async () => {
  const plain = new TextEncoder().encode(LOG);
  const gz = gzipSync(plain);
  for (
    const [tool, args] of [
      ["read_lines", { path: "x.log", from: 2, to: 4 }],
      ["search_log", { path: "x.log", pattern: "ERROR", context: 1 }],
      ["reduce_log", { path: "x.log" }],
    ] as const
  ) {
    const a = await callTool(tool, args, files(plain));
    const b = await callTool(tool, args, files(gz));
    assert.ok(!a.isError, JSON.stringify(a));
    assert.deepEqual(b, a, tool);
  }
  const r = await callTool("read_lines", { path: "x.log", from: 4, to: 4 }, files(gz));
  assert.deepEqual(r.structuredContent?.lines, ["ERROR token=[REDACTED]"]);
});

test("mcp: a truncated gzip is a tool error naming the problem, no stack trace", async () => {
  // (read_lines stops at the range's end: a range in the readable part reads fine.)
  const many = Array.from({ length: 20000 }, (_, i) => `line ${i * 7919}`).join("\n");
  const gz = gzipSync(new TextEncoder().encode(many));
  const r = await callTool(
    "search_log",
    { path: "x.log", pattern: "never" },
    files(gz.subarray(0, gz.length >> 1)),
  );
  assert.equal(r.isError, true);
  const text = (r.content[0] as { text: string }).text;
  assert.match(text, /^search_log: gzip data is truncated or corrupt \(.+\) after line \d+$/);
});
