// KeySet: a bounded set of 32-bit keys in a typed array, the same answers as a Set.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { KeySet } from "../../../trim/select/key_set.ts";
import { propertyParams } from "../../_helpers/property.ts";

test("KeySet: holds what a Set holds, up to its bound", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.nat(50), fc.integer({ min: 0, max: 0xffffffff })), { maxLength: 3000 }),
      fc.integer({ min: 1, max: 4000 }),
      (keys, max) => {
        const s = new KeySet(max);
        const ref = new Set<number>();
        for (const k of keys) {
          s.add(k);
          if (ref.size < max) ref.add(k);
        }
        assert.equal(s.size, ref.size);
        for (const k of keys) assert.equal(s.has(k), ref.has(k), String(k));
        for (let k = 51; k < 80; k++) if (!keys.includes(k)) assert.ok(!s.has(k));
      },
    ),
    propertyParams("key_set#1", { numRuns: 200 }),
  );
});
