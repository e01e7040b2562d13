// `trimlog mcp` end to end: the MCP SDK's own Client over its StdioClientTransport
// spawns `deno run -A cli.ts mcp`, lists the three tools and calls each, with an
// error case for each; secrets never come back through read_lines or search_log
// (the generated secret corpus of the sanitizer tests); the process itself: exit 0
// when the client closes, 2 for an argument, help, and a malformed message answered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types";
import { findLeak, secretCorpus } from "../_helpers/secrets_gen.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = join(ROOT, "cli.ts");
const TOKEN = "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc";

/** A log: 30 repeated lines, a secret, an error with context, 2,500 numbered lines. */
function sampleLog(): string {
  const lines: string[] = [];
  for (let i = 1; i <= 30; i++) lines.push(`GET /health 200 in ${i % 7}ms`);
  lines.push(`deploy: using token ${TOKEN}`); // line 31
  lines.push("connecting to db-1"); // 32
  lines.push("ERROR payment failed: card declined (code 402)"); // 33
  lines.push("retrying in 5s"); // 34
  for (let i = 1; i <= 2500; i++) lines.push(`step ${i} ok`); // 35..2534
  return lines.join("\r\n") + "\r\n"; // CRLF: still one line each
}

async function withDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "trimlog-mcp-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}

/** Runs `fn` with an SDK client connected to `deno run -A cli.ts mcp`. */
async function withClient<T>(
  fn: (client: Client) => Promise<T>,
  permissions: string[] = ["-A"],
): Promise<T> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["run", ...permissions, "--no-prompt", "--quiet", CLI, "mcp"],
    cwd: ROOT,
    env: { ...process.env, TRIM_TELEMETRY: "0", NO_COLOR: "1" } as Record<string, string>,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (c: Uint8Array) => (stderr += new TextDecoder().decode(c)));
  const client = new Client({ name: "trimlog-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    return await fn(client);
  } finally {
    await client.close();
    assert.equal(stderr, "", "the server wrote nothing to stderr");
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(r: CallToolResult, i = 0): string {
  const c = r.content[i];
  assert.ok(c && c.type === "text", "a text content block");
  return c.text;
}

/** Asserts a tool error whose message matches `re` and carries no stack trace. */
function assertToolError(r: CallToolResult, re: RegExp): void {
  assert.equal(r.isError, true, `expected a tool error, got ${JSON.stringify(r).slice(0, 300)}`);
  assert.match(text(r), re);
  assert.doesNotMatch(text(r), /\n\s+at /, "no stack trace");
}

test("mcp: the SDK client lists the three tools with their schemas", async () => {
  await withClient(async (client) => {
    assert.equal(client.getServerVersion()?.name, "trimlog");
    const tools: Tool[] = (await client.listTools()).tools;
    assert.deepEqual(tools.map((t) => t.name), ["reduce_log", "read_lines", "search_log"]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    assert.deepEqual(byName.read_lines.inputSchema.required, ["path", "from", "to"]);
    assert.deepEqual(byName.search_log.inputSchema.required, ["path", "pattern"]);
    const reduce = byName.reduce_log.inputSchema.properties as Record<string, { enum?: string[] }>;
    for (const key of ["path", "text", "aggressiveness", "maxTokens", "multiline", "severity"]) {
      assert.ok(key in reduce, `reduce_log takes ${key}`);
    }
    assert.deepEqual(reduce.severity.enum, ["fatal", "error", "warn", "info", "debug", "trace"]);
    for (const t of tools) assert.ok(t.description && t.outputSchema, `${t.name} is described`);
  });
});

test("mcp: reduce_log on a path and on a text; bad arguments are tool errors", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "build.log");
    await writeFile(path, sampleLog());
    await withClient(async (client) => {
      const r = await call(client, "reduce_log", { path });
      assert.ok(!r.isError);
      const out = text(r);
      assert.match(out, /^ERROR payment failed: card declined \(code 402\)$/m);
      assert.match(out, /^\[x\d+\] step \[1 \| 2 \| /m); // the steps fold
      assert.ok(!out.includes(TOKEN), "the token is masked");
      assert.match(text(r, 1), /^trimlog: 2,534 → \d+ lines, /);
      const result = (r.structuredContent as { result: { stats: { inputLines: number } } }).result;
      assert.equal(result.stats.inputLines, 2534);

      // Options apply: a budget, a severity filter.
      const small = await call(client, "reduce_log", { path, maxTokens: 40 });
      const budget = (small.structuredContent as { result: { outputTokens: number } }).result;
      assert.ok(budget.outputTokens <= 40, `${budget.outputTokens} tokens`);
      assert.match(text(small), /ERROR payment failed/);
      const t = await call(client, "reduce_log", {
        text: "INFO start\nWARN disk 91% full\nERROR out of disk\n",
        severity: "error",
        exclude: "^INFO",
      });
      assert.equal(text(t), "ERROR out of disk\n");
      const folded = await call(client, "reduce_log", { text: "retry id=1\nretry id=2\n" });
      assert.equal(text(folded), "[x2] retry id=[1 | 2]\n");

      assertToolError(
        await call(client, "reduce_log", {}),
        /^reduce_log: give exactly one of "path" \(a log file\) or "text"/,
      );
      assertToolError(
        await call(client, "reduce_log", { text: "x", aggressiveness: "extreme" }),
        /^reduce_log: aggressiveness: "extreme" is not one of low, medium, high, aggressive, auto$/,
      );
      assertToolError(
        await call(client, "reduce_log", { text: "x", include: "([a-z" }),
        /^reduce_log: "include" is not a valid regular expression: /,
      );
      assertToolError(
        await call(client, "reduce_log", { text: "x", maxTokens: 0 }),
        /^reduce_log: maxTokens: must be at least 1$/,
      );
      assertToolError(
        await call(client, "reduce_log", { text: "x", maxtokens: 10 }),
        /^reduce_log: unknown argument "maxtokens" \(expected: path, text, aggressiveness, /,
      );
      assertToolError(
        await call(client, "reduce_log", { path: join(dir, "missing.log") }),
        /^reduce_log: cannot read .*missing\.log: no such file or directory$/,
      );
    });
  });
});

test("mcp: read_lines returns numbered, masked lines; over 2,000 lines is refused", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "build.log");
    await writeFile(path, sampleLog());
    await withClient(async (client) => {
      const r = await call(client, "read_lines", { path, from: 30, to: 34 });
      assert.ok(!r.isError);
      assert.deepEqual(r.structuredContent, {
        from: 30,
        to: 34,
        lines: [
          "GET /health 200 in 2ms",
          "deploy: using token [REDACTED]",
          "connecting to db-1",
          "ERROR payment failed: card declined (code 402)",
          "retrying in 5s",
        ],
        endOfFile: false,
      });
      assert.match(text(r), /^30: GET \/health 200 in 2ms\n31: deploy: using token \[REDACTED\]\n/);

      // The end of the file: the range is cut there and says so.
      const end = await call(client, "read_lines", { path, from: 2533, to: 2600 });
      assert.deepEqual(end.structuredContent, {
        from: 2533,
        to: 2534,
        lines: ["step 2499 ok", "step 2500 ok"],
        endOfFile: true,
      });
      assert.match(text(end), /\[the file ends at line 2534\]$/);
      // Exactly 2,000 lines is allowed.
      const max = await call(client, "read_lines", { path, from: 1, to: 2000 });
      assert.equal((max.structuredContent as { lines: string[] }).lines.length, 2000);

      assertToolError(
        await call(client, "read_lines", { path, from: 1, to: 2001 }),
        /^read_lines: lines 1 to 2001 are 2,001 lines; at most 2,000 per call/,
      );
      assertToolError(
        await call(client, "read_lines", { path, from: 10, to: 5 }),
        /^read_lines: "to" \(5\) is before "from" \(10\)$/,
      );
      assertToolError(
        await call(client, "read_lines", { path, from: 3000, to: 3001 }),
        /^read_lines: .*build\.log has 2,534 lines; "from" \(3000\) is past the end$/,
      );
      assertToolError(
        await call(client, "read_lines", { path, from: 0, to: 1 }),
        /^read_lines: "from" must be a whole number from 1 to /,
      );
      assertToolError(
        await call(client, "read_lines", { path: join(dir, "nope.log"), from: 1, to: 1 }),
        /^read_lines: cannot read .*nope\.log: no such file or directory$/,
      );
    });
  });
});

test("mcp: search_log shows matches with numbers and context; a bad pattern is refused", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "build.log");
    await writeFile(path, sampleLog());
    await withClient(async (client) => {
      const r = await call(client, "search_log", { path, pattern: "payment|db-\\d", context: 1 });
      assert.ok(!r.isError);
      assert.equal(
        text(r),
        "31- deploy: using token [REDACTED]\n32: connecting to db-1\n" +
          "33: ERROR payment failed: card declined (code 402)\n34- retrying in 5s\n" +
          "[2 matching lines of 2,534]",
      );
      const s = r.structuredContent as { matches: number; shown: number; linesSearched: number };
      assert.deepEqual([s.matches, s.shown, s.linesSearched], [2, 2, 2534]);

      // Bounded: all matches counted, maxMatches shown; non-adjacent groups separated.
      const many = await call(client, "search_log", {
        path,
        pattern: "^STEP \\d+0 ok$",
        ignoreCase: true,
        context: 0,
        maxMatches: 3,
      });
      assert.equal(
        text(many),
        "44: step 10 ok\n--\n54: step 20 ok\n--\n64: step 30 ok\n" +
          "[250 matching lines of 2,534; the first 3 shown (raise maxMatches or narrow the pattern)]",
      );
      // The pattern sees masked lines: a secret cannot be found, or probed, by searching.
      const probe = await call(client, "search_log", { path, pattern: "ghp_Zx9" });
      assert.match(text(probe), /^no line of .*build\.log matches \/ghp_Zx9\/ \(2,534 lines/);

      assertToolError(
        await call(client, "search_log", { path, pattern: "(unclosed" }),
        /^search_log: "pattern" is not a valid regular expression: .*\(unclosed/,
      );
      assertToolError(
        await call(client, "search_log", { path, pattern: "x", context: 50 }),
        /^search_log: "context" must be a whole number from 0 to 20, got 50$/,
      );
      assertToolError(
        await call(client, "search_log", { path, pattern: "x", maxMatches: 1000 }),
        /^search_log: "maxMatches" must be a whole number from 1 to 200, got 1000$/,
      );
      assertToolError(
        await call(client, "no_such_tool", {}),
        /^unknown tool "no_such_tool" \(tools: reduce_log, read_lines, search_log\)$/,
      );
    });
  });
});

test("mcp: no generated secret leaks through read_lines or search_log", async () => {
  const cases = secretCorpus(7, 4);
  const lines: string[] = [];
  for (const [i, c] of cases.entries()) lines.push(`[INFO] case ${i}`, ...c.lines);
  await withDir(async (dir) => {
    const path = join(dir, "secrets.log");
    await writeFile(path, lines.join("\n") + "\n");
    await withClient(async (client) => {
      let all = "";
      for (let from = 1; from <= lines.length; from += 2000) {
        const r = await call(client, "read_lines", { path, from, to: from + 1999 });
        assert.ok(!r.isError, text(r));
        all += text(r) + "\n";
      }
      const numbered = all.split("\n").filter((l) => /^\s*\d+: /.test(l));
      assert.equal(numbered.length, lines.length, "every line came back, numbered");
      assert.equal(findLeak(all, cases), undefined, "read_lines leaks nothing");
      const hits = await call(client, "search_log", {
        path,
        pattern: "[=:]|BEGIN|key|token|secret|password",
        ignoreCase: true,
        context: 20,
        maxMatches: 200,
      });
      assert.ok((hits.structuredContent as { shown: number }).shown > 50);
      assert.equal(findLeak(text(hits), cases), undefined, "search_log leaks nothing");
    });
  });
});

test("mcp: under --allow-read=DIR (the README's setup), a file outside DIR is refused", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "build.log");
    await writeFile(path, "ERROR inside\n");
    await withClient(async (client) => {
      const inside = await call(client, "search_log", { path, pattern: "ERROR" });
      assert.equal(text(inside), "1: ERROR inside\n[1 matching line of 1]");
      assertToolError(
        await call(client, "read_lines", { path: CLI, from: 1, to: 1 }),
        /^read_lines: cannot read .*cli\.ts: Requires read access to /,
      );
    }, [`--allow-read=${dir}`]);
  });
});

/** Runs `deno run cli.ts ARGS` with `stdin`; the exit code and both streams. */
async function trimlog(args: string[], stdin = "") {
  const child = new Deno.Command(process.execPath, {
    args: ["run", "-A", "--quiet", CLI, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { TRIM_TELEMETRY: "0" },
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(stdin));
  await w.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

test("mcp: the process answers what was asked, then exits 0 when stdin closes", async () => {
  const msgs = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "reduce_log", arguments: { text: "a\nERROR b\n" } },
    },
  ];
  const input = msgs.map((m) => JSON.stringify(m)).join("\n") + "\nnot json\n";
  const r = await trimlog(["mcp"], input);
  assert.equal(r.code, 0, r.stderr);
  const replies = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  const byId = new Map(replies.map((m) => [m.id, m]));
  assert.equal(byId.get(1).result.serverInfo.name, "trimlog");
  assert.equal(byId.get(2).result.content[0].text, "a\nERROR b\n");
  assert.equal(byId.get(null).error.code, -32700); // the malformed line, answered
  assert.equal(replies.length, 3);
});

test("mcp: --help, an unexpected argument exits 2, and the main help lists mcp", async () => {
  const help = await trimlog(["mcp", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: trimlog mcp$/m);
  assert.match(help.stdout, /"mcpServers"/);
  const bad = await trimlog(["mcp", "--port", "3000"]);
  assert.equal(bad.code, 2);
  assert.equal(bad.stdout, "");
  assert.equal(
    bad.stderr,
    "trimlog: mcp takes no arguments, got --port (see trimlog mcp --help)\n",
  );
  const main = await trimlog(["--help"]);
  assert.match(main.stdout, /^ {7}trimlog mcp {2,}serve reduce_log, read_lines and search_log/m);
});
