// Every example of the argument-credential tables (`arg_flags.ts`, `arg_tools.ts`):
// each line to mask comes out with exactly its «marked» values masked, each line to
// keep comes out unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { maskArgCredentials, SHORT_PASSWORD_FLAGS } from "../../../trim/sanitize/args.ts";
import {
  type ArgExamples,
  GLUED_PASSWORD_FLAGS,
  LOGIN_TOKENS,
  LOGON_TOOLS,
  POSITIONAL_PASSWORDS,
  SECRET_COMMANDS,
  SECRET_SET_KEYS,
  SECRET_VALUE_FLAGS,
} from "../../../trim/sanitize/arg_tools.ts";

/** Every table entry, named. */
const ENTRIES: [string, ArgExamples][] = [
  ...SHORT_PASSWORD_FLAGS.map((r): [string, ArgExamples] => [
    `${r.tools[0]}${r.sub ? ` ${r.sub}` : ""} -${r.flag}`,
    r,
  ]),
  ...[
    ...SECRET_VALUE_FLAGS,
    ...POSITIONAL_PASSWORDS,
    LOGIN_TOKENS,
    ...SECRET_COMMANDS,
    ...GLUED_PASSWORD_FLAGS,
    LOGON_TOOLS,
    ...SECRET_SET_KEYS,
  ].map((r): [string, ArgExamples] => [r.id, r]),
];

test("arg tables: unique ids, examples both ways in every entry", () => {
  const ids = new Set<string>();
  for (const [id, r] of ENTRIES) {
    assert.ok(!ids.has(id), `duplicate ${id}`);
    ids.add(id);
    assert.ok(r.masks.length > 0, `${id}: no example to mask`);
    assert.ok(r.keeps.length > 0, `${id}: no example to keep`);
    for (const m of r.masks) assert.match(m, /«[^»]+»/, `${id}: ${m} marks no value`);
  }
  assert.ok(ENTRIES.length >= 40, `${ENTRIES.length} entries`);
});

test("arg tables: each example masked exactly at its marks, or kept whole", () => {
  let n = 0;
  for (const [id, r] of ENTRIES) {
    for (const m of r.masks) {
      const line = m.replace(/[«»]/g, "");
      assert.equal(maskArgCredentials(line), m.replace(/«[^»]*»/g, "[REDACTED]"), id);
      n++;
    }
    for (const line of r.keeps) {
      assert.equal(maskArgCredentials(line), line, `${id} must keep ${line}`);
      n++;
    }
  }
  assert.ok(n >= 100, `${n} examples`);
});

test("arg tables: a positional entry's cues are in each line it masks", () => {
  for (const r of POSITIONAL_PASSWORDS) {
    for (const m of r.masks) {
      for (const group of r.cues) assert.ok(group.some((c) => m.includes(c)), `${r.id}: ${m}`);
    }
  }
  for (const r of SECRET_COMMANDS) for (const m of r.masks) assert.ok(m.includes(r.cue), r.id);
});
