/**
 * The lines around what is new since the baseline (`trim/select/novelty.ts`): more
 * context before the first new lines than before an error, and a new trace's chained
 * causes shown whole without taking a turn of the new traces.
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../trim/process.ts";
import { NEW_CONTEXT_BEFORE } from "../../../trim/select/novelty.ts";

async function reduce(fail: string[], pass: string[]): Promise<string> {
  const { output } = await trimTextInline(fail.join("\n") + "\n", {
    baseline: ReadableStream.from([pass.join("\n") + "\n"]),
  });
  return output;
}

/** Lines of one kind the passing run prints too, far from the end (no final window). */
const FILLER = Array.from({ length: 300 }, (_, i) => `processed batch ${i} of records`);

test("novelty context: the first new line brings NEW_CONTEXT_BEFORE lines before it", async () => {
  const rule = "-------------------------------------------------------";
  const context = [
    "Number of tests skipped: 3",
    "Number of failures in tests: 0",
    "Number of errors in tests: 0",
    "Inserts the maven plugin to spoon the project",
  ];
  assert.ok(context.length === NEW_CONTEXT_BEFORE);
  // Rules and blank lines between them do not count.
  const summary = ["Time to compile: 12", ...context.slice(0, 3), " ", rule, context[3], rule, " "];
  const pass = ["job starts", ...summary, "all steps done", ...FILLER];
  const fail = [
    "job starts",
    ...summary,
    "bash: line 169: pom.bak9.xml: No space left on device",
    ...FILLER,
  ];
  const out = await reduce(fail, pass);
  for (const l of context) assert.ok(out.includes(l), `${l}\n${out}`);
  // An error brings three lines (contextBefore): the fourth is the new line's own.
  assert.ok(!out.includes("Time to compile"), out);
});

test("novelty context: a new trace's chained causes take no turn of the new traces", async () => {
  const trace = (head: string, app: string) => [
    head,
    `\tat com.acme.${app}.run(${app}.java:12)`,
    `\tat com.acme.${app}.main(${app}.java:40)`,
  ];
  const fail = [
    ...FILLER.slice(0, 5),
    // The log's first trace: shown whole anyway.
    ...trace("java.lang.IllegalStateException: first", "Boot"),
    "between the traces",
    // A new trace and the cause chained under it: one turn.
    ...trace("hudson.AbortException: checkout failed", "Checkout"),
    ...trace("Caused: java.io.IOException: checkout aborted", "Remote"),
    "Recording test results",
    // A second new trace: still a turn left, shown whole, the JDK's frames too.
    "java.io.IOException: No space left on device",
    "\tat java.io.UnixFileSystem.createFileExclusively(Native Method)",
    "\tat java.io.File.createTempFile(File.java:2092)",
    "\tat com.acme.Cache.createTempJar(Cache.java:175)",
    ...FILLER.slice(5),
  ];
  const out = await reduce(fail, FILLER);
  assert.ok(out.includes("\tat java.io.File.createTempFile(File.java:2092)"), out);
  assert.ok(out.includes("\tat java.io.UnixFileSystem.createFileExclusively(Native Method)"), out);
});
