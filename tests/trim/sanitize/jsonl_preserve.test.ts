import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { isJsonLine, sanitizeJsonLine } from "../../../trim/sanitize/jsonl.ts";
import { sanitizeLine } from "../../../trim/sanitize.ts";
import { propertyParams } from "../../_helpers/property.ts";

test("jsonl: string values are masked, structure and untouched bytes kept", () => {
  const line =
    '{"ts":"2024-05-14T09:12:03.441Z", "level":"error","req":"3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f","big":12345678901234567890,"ok":true,"n":null}';
  const out = sanitizeJsonLine(line);
  assert.equal(
    out,
    '{"ts":"[TIME]", "level":"error","req":"[ID]","big":12345678901234567890,"ok":true,"n":null}',
  );
  assert.deepEqual(Object.keys(JSON.parse(out)), ["ts", "level", "req", "big", "ok", "n"]);
});

test("jsonl: secret keys mask the whole value, numbers too; HTTP status numbers stay", () => {
  const out = sanitizeJsonLine(
    '{"password":"correct horse battery","api_key":123456,"auth":{"token":"abc"},"status":503}',
  );
  assert.equal(
    out,
    '{"password":"[REDACTED]","api_key":"[REDACTED]","auth":{"token":"[REDACTED]"},"status":503}',
  );
});

test("jsonl: masking a value never breaks quoting; escapes decoded and re-encoded", () => {
  const out = sanitizeJsonLine('{"msg":"user \\"bob\\" from 10.0.0.7\\n password=hunter2"}');
  const v = JSON.parse(out).msg as string;
  assert.equal(v, 'user "bob" from [IP]\n password=[REDACTED]');
  // Keys are not masked; arrays keep their parent key for secrecy.
  assert.equal(sanitizeJsonLine('{"10.0.0.1":"x"}'), '{"10.0.0.1":"x"}');
  assert.equal(
    sanitizeJsonLine('{"tokens":["a"],"secret":["a",{"b":"c"}]}'),
    '{"tokens":["a"],"secret":["[REDACTED]",{"b":"c"}]}',
  );
});

test("jsonl: non-JSON lines are sanitized as text; broken JSON falls back", () => {
  assert.equal(sanitizeJsonLine("plain from 10.0.0.1"), "plain from [IP]");
  assert.equal(sanitizeJsonLine('{"a":"10.0.0.1}'), sanitizeLine('{"a":"10.0.0.1}'));
  assert.ok(isJsonLine("[1,2]") && !isJsonLine("{") && !isJsonLine(""));
});

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string(),
    fc.constantFrom(
      "2024-05-14T09:12:03Z",
      "10.0.0.1:8080",
      "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc",
      "HTTP 503",
      'say "hi"\\',
      "ghp_0123456789abcdefghijklmnopqrstuvwxyz",
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    tie("object"),
    fc.array(tie("value"), { maxLength: 3 }),
  ),
  object: fc.dictionary(
    fc.oneof(fc.string(), fc.constantFrom("password", "token", "msg", "status", "__proto__")),
    tie("value"),
    { maxKeys: 5 },
  ),
}));

test("jsonl: property: output parses, same keys in the same order, deterministic, never throws", () => {
  fc.assert(
    fc.property(
      jsonValue.object,
      fc.integer({ min: 0, max: 16 }),
      fc.boolean(),
      (obj, suffix, pretty) => {
        const line = JSON.stringify(obj, null, pretty ? 1 : undefined).replace(/\n/g, " ");
        const out = sanitizeJsonLine(line, suffix);
        assert.equal(sanitizeJsonLine(line, suffix), out);
        const a = JSON.parse(line);
        const b = JSON.parse(out);
        const keys = (v: unknown): unknown =>
          Array.isArray(v)
            ? v.map(keys)
            : v !== null && typeof v === "object"
            ? Object.entries(v).map(([k, x]) => [k, keys(x)])
            : 0;
        assert.deepEqual(keys(b), keys(a));
      },
    ),
    propertyParams("jsonl_preserve#1", { numRuns: 500 }),
  );
});

test("jsonl: cost relative to sanitizing the line as text (printed)", () => {
  const lines = Array.from({ length: 20000 }, (_, i) =>
    JSON.stringify({
      ts: `2024-05-14T09:12:${String(i % 60).padStart(2, "0")}.441Z`,
      level: i % 7 ? "info" : "error",
      msg: `request ${i} from 10.0.${i % 255}.7 took ${i % 300}ms`,
      req: "3f2b8c1e-9d4a-4e7b-8f3c-1a2b3c4d5e6f",
      user: { id: i, name: "bob", token: "abc" },
      status: 200,
    }));
  const time = (f: (l: string) => string) => {
    let best = Infinity;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      for (const l of lines) f(l);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const text = time((l) => sanitizeLine(l));
  const json = time((l) => sanitizeJsonLine(l));
  const mb = lines.reduce((s, l) => s + l.length + 1, 0) / 1e6;
  console.log(
    `jsonl cost: text ${(mb / (text / 1000)).toFixed(0)} MB/s, json ${
      (mb / (json / 1000)).toFixed(0)
    } MB/s (${(json / text).toFixed(2)}x)`,
  );
  assert.ok(json < text * 6);
});
