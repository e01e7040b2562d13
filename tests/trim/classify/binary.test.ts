/**
 * Binary data in a log (a dump piped in, NUL padding after a crash) is dropped as
 * noise before scoring: never kept as context or evidence, every line accounted for.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { type TrimLineDecision, trimTextInline } from "../../../mod.ts";
import { isBinaryLine } from "../../../trim/classify/binary.ts";
import { assertAccounting } from "../../_helpers/accounting.ts";

/** Deterministic bytes 0-255 decoded as UTF-8 (invalid bytes become U+FFFD). */
function garbage(n: number, seed: number): string {
  const bytes = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    bytes[i] = (s >>> 16) & 0xff;
  }
  return new TextDecoder().decode(bytes);
}

test("binary: bytes after an error are neither context nor evidence", async () => {
  const log = ["INFO start", "ERROR disk full on /dev/sda1", garbage(3000, 7), "INFO done"]
    .join("\n") + "\n";
  for (const aggressiveness of ["low", "medium", "high"] as const) {
    const decisions: TrimLineDecision[] = [];
    const { output, result } = await trimTextInline(log, {
      aggressiveness,
      onDecision: (d) => decisions.push(d),
    });
    assert.ok(output.includes("ERROR disk full on /dev/sda1"), output);
    assert.ok(!/[\ufffd\0]/.test(output), `${aggressiveness}: ${JSON.stringify(output)}`);
    assertAccounting(output, result);
    const binary = decisions.filter((d) => d.reason === "noise");
    assert.ok(binary.length > 0 && binary.every((d) => d.action === "drop"));
  }
});

test("binary: a log of bytes only keeps none of them", async () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const { output, result } = await trimTextInline(garbage(4000, seed));
    // What a `\r` left of a line (`\r` rewrites resolve to the last one) may be text.
    assert.ok(!/[\ufffd\0]/.test(output), JSON.stringify(output));
    assert.ok(
      result.stats.droppedLines >= result.stats.inputLines - 3,
      JSON.stringify(result.stats),
    );
    assertAccounting(output, result);
  }
});

test("binary: text with a stray NUL or an accent that was not UTF-8 stays text", async () => {
  for (const line of ["ERROR bad byte \0 in header", "\ufffdchec de l'op\ufffdration: erreur"]) {
    assert.ok(!isBinaryLine(line), line);
    const { output } = await trimTextInline(`${line}\n`);
    assert.ok(output.includes(line.slice(0, 9)), output);
  }
  assert.ok(isBinaryLine("\0".repeat(64) + "Nov  9 kernel"));
});
