import { test } from "node:test";
import { readFile } from "node:fs/promises";
import assert from "node:assert/strict";
import { BLOCK_HOLD, BlockBudget, templateKey } from "../../../trim/select/block_budget.ts";
import { processLogStreamInline, trimTextInline } from "../../../trim/process.ts";
import type { TrimLineDecision } from "../../../trim/types.ts";

type L = {
  text: string;
  tokens: number;
  score: number;
  soft: boolean;
  context: boolean;
  key: number;
};
const soft = (text: string, tokens = 1, score = 10): L => ({
  text,
  tokens,
  score,
  soft: true,
  context: false,
  key: templateKey(text),
});
const context = (text: string): L => ({ ...soft(text), context: true });
const hard = (text: string, tokens = 1): L => ({
  text,
  tokens,
  score: 80,
  soft: false,
  context: false,
  key: templateKey(text),
});

function gate(budget: number) {
  const out: string[] = [];
  const gone: string[] = [];
  const b = new BlockBudget<L>(() => budget, (l) => out.push(l.text), (l) => gone.push(l.text));
  return { b, out, gone };
}

test("block budget: a failure block is written whatever the budget", () => {
  const { b, out, gone } = gate(0);
  b.offer(hard("ERROR a", 5), 1);
  b.offer(soft("context after a"), 2); // in the failure block: written as it comes
  b.end(10);
  assert.deepEqual(out, ["ERROR a", "context after a"]);
  assert.deepEqual(gone, []);
});

test("block budget: once the budget is spent, a repeated failure's context goes, a new one's stays", () => {
  const { b, out, gone } = gate(2);
  b.offer(context("connecting to db-1"), 1);
  b.offer(hard("ERROR timeout after 30 s"), 2); // budget spent: 2 of 2
  b.offer(context("connecting to db-2"), 20);
  b.offer(hard("ERROR timeout after 45 s"), 21); // the same failure with other numbers
  b.offer(context("closing pool 7"), 22);
  b.offer(hard("FATAL disk full"), 40); // a new failure: its context stays
  b.offer(context("connecting to db-3"), 41); // … unless it was shown before
  b.offer(context("flushing journal"), 42);
  b.end(60);
  assert.deepEqual(out, [
    "connecting to db-1",
    "ERROR timeout after 30 s",
    "ERROR timeout after 45 s",
    "FATAL disk full",
    "flushing journal",
  ]);
  assert.deepEqual(gone, ["connecting to db-2", "closing pool 7", "connecting to db-3"]);
});

test("block budget: a soft block is written while it fits, dropped whole when it does not", () => {
  const { b, out, gone } = gate(4);
  b.offer(soft("warn 1", 2), 1);
  b.offer(soft("warn 2", 2), 2);
  b.offer(soft("warn 3", 1), 10); // a new block: 4 + 1 > 4
  b.offer(soft("warn 4", 1), 11);
  b.end(20);
  assert.deepEqual(out, ["warn 1", "warn 2"]);
  assert.deepEqual(gone, ["warn 3", "warn 4"]);
});

test("block budget: a soft block is held until its end, a hard line there releases it", () => {
  const { b, out } = gate(0);
  b.offer(soft("note before"), 1);
  b.end(2); // still within the gap: held
  assert.deepEqual(out, []);
  b.offer(hard("FAILED x"), 3);
  assert.deepEqual(out, ["note before", "FAILED x"]);
});

test("block budget: a long soft block is decided at the hold limit (streaming stays bounded)", () => {
  const { b, out, gone } = gate(BLOCK_HOLD * 2);
  for (let i = 0; i < BLOCK_HOLD; i++) b.offer(soft(`s${i}`), i);
  assert.equal(out.length, BLOCK_HOLD); // written without waiting for the block's end
  const g = gate(0);
  for (let i = 0; i < BLOCK_HOLD + 5; i++) g.b.offer(soft(`s${i}`), i);
  assert.equal(g.gone.length, BLOCK_HOLD + 5);
  assert.equal(g.out.length, 0);
  assert.equal(gone.length, 0);
});

test("block budget: closing lines' repeated soft blocks are ranked by score per token", () => {
  let budget = 100;
  const out: string[] = [];
  const gone: string[] = [];
  const b = new BlockBudget<L>(() => budget, (l) => out.push(l.text), (l) => gone.push(l.text));
  // Shown while the log streamed: 8 tokens.
  b.offer(soft("long low 1", 4, 4), 1);
  b.offer(soft("short high 1", 2, 20), 10);
  b.offer(soft("tiny 1", 2, 4), 20);
  b.offer(soft("new note", 1, 1), 30);
  b.end(40);
  assert.equal(out.length, 4);
  budget = 8 + 1 + 2 + 3; // the failure block below leaves 3 tokens
  b.closing();
  b.offer(soft("long low 2", 4, 4), 41); // 1 per token
  b.offer(hard("ERROR x", 2), 50);
  b.offer(soft("short high 2", 2, 20), 60); // 10 per token: first
  b.offer(soft("tiny 2", 2, 4), 70); // 2 per token: no room left after "short high 2"
  b.offer(soft("another new note", 1, 1), 80); // not shown before: written
  b.finish();
  assert.deepEqual(out.slice(4), ["ERROR x", "short high 2", "another new note"]);
  assert.deepEqual(gone, ["long low 2", "tiny 2"]);
});

test("block budget: repeated context beyond the budget is dropped as `budget-block`, the failures stay", async () => {
  // Kubernetes events: warnings among many normal events of the same few templates.
  const fixture = (name: string) =>
    readFile(new URL(`../../fixtures/${name}`, import.meta.url), "utf8");
  const text = await fixture("k8s_events.log");
  const keep = (await fixture("k8s_events.keep.txt")).split("\n").filter((l) => l.trim() !== "");
  const decisions: TrimLineDecision[] = [];
  const { output } = await trimTextInline(text, { onDecision: (d) => decisions.push(d) });
  for (const want of keep) assert.ok(output.includes(want), want);
  const budget = decisions.filter((d) => d.reason === "budget-block");
  assert.ok(budget.length > 0, "some context is dropped by the budget");
  assert.ok(budget.every((d) => d.action === "drop"));
  const off = await trimTextInline(text, { budgetRate: 0 });
  assert.ok(output.length < off.output.length, "without a budget more is kept");
});

test("block budget: the same output however the input is chunked (the budget at each line)", async () => {
  // Ten copies: the budget grows past its floor while the log streams.
  const one = await readFile(new URL("../../fixtures/k8s_events.log", import.meta.url), "utf8");
  const text = one.repeat(10);
  const whole = (await trimTextInline(text)).output;
  for (const size of [7, 997, 65536]) {
    const parts: string[] = [];
    for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
    let out = "";
    const decoder = new TextDecoder();
    await processLogStreamInline(ReadableStream.from(parts), {
      write: (c: Uint8Array) => void (out += decoder.decode(c, { stream: true })),
    });
    assert.equal(out + decoder.decode(), whole, `${size}`);
  }
});
