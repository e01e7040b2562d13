import { test } from "node:test";
import assert from "node:assert/strict";
import { TrimError } from "../../../trim/errors.ts";
import { listZip, readZipMember, unsafeName, ZIP_LIMITS } from "../../../trim/inputs/zip.ts";
import { planGithubArchive } from "../../../trim/inputs/gha.ts";
import { ghaMembers, zipOf } from "../../_helpers/gha_archive.ts";

const refused = (re: RegExp) => (e: unknown) =>
  e instanceof TrimError && e.code === "UNSAFE_ARCHIVE" && re.test(e.message) &&
  !e.message.includes("\n");

/** The zip with every size field (local headers and central directory) set to `size`. */
function lyingSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(zip);
  const v = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++) {
    const sig = v.getUint32(i, true);
    if (sig === 0x04034b50) v.setUint32(i + 22, size, true);
    if (sig === 0x02014b50) v.setUint32(i + 24, size, true);
  }
  return out;
}

test("zip: member names that leave the archive are refused", () => {
  for (const name of ["../evil.txt", "a/../../evil.txt", "/etc/passwd", "C:/x.txt", "a\\b.txt"]) {
    assert.ok(unsafeName(name) !== undefined, name);
    assert.throws(
      () => listZip(zipOf({ "ok.txt": "a\n", [name]: "x\n" })),
      refused(/member .* has /),
    );
  }
  for (const name of ["build/4_Run tests.txt", "a..b/c.txt", "..hidden.txt"]) {
    assert.equal(unsafeName(name), undefined, name);
  }
});

test("zip: a bomb is refused by its declared sizes before anything is decompressed", () => {
  const bomb = zipOf({ "zeros.txt": new Uint8Array(64 * 1024 * 1024) }); // ratio ~1000
  assert.ok(bomb.length < 200_000);
  assert.throws(
    () => listZip(bomb),
    refused(/member zeros\.txt declares \d+ times its compressed size/),
  );
  // Declaring 4 GiB - 1 in all: over the 1 GiB total.
  const big = lyingSizes(zipOf({ "a.txt": "a\n", "b.txt": "b\n" }), 0xffff_fff0);
  assert.throws(() => listZip(big), refused(/over 512 MiB|over 1 GiB/));
});

test("zip: a header that lies is caught while decompressing", async () => {
  const bomb = lyingSizes(zipOf({ "zeros.txt": new Uint8Array(16 * 1024 * 1024) }), 100);
  const [member] = listZip(bomb); // declares 100 bytes: passes the list
  assert.equal(member.originalSize, 100);
  await assert.rejects(
    new Response(readZipMember(bomb, member, { bytes: 0 })).arrayBuffer(),
    refused(/member zeros\.txt expands to \d+ times its compressed size/),
  );
  // The archive's running total, with small limits (no gigabyte needed to test it).
  const limits = { ...ZIP_LIMITS, maxTotalBytes: 3000, ratioFloorBytes: Infinity };
  const zip = zipOf({ "a.txt": "a".repeat(2000), "b.txt": "b".repeat(2000) });
  const total = { bytes: 0 };
  const [a, b] = listZip(zip, { ...limits, maxTotalBytes: 10_000 });
  assert.equal((await new Response(readZipMember(zip, a, total, limits)).text()).length, 2000);
  await assert.rejects(
    new Response(readZipMember(zip, b, total, limits)).text(),
    refused(/expands to over/),
  );
});

test("zip: a truncated or garbled archive is CORRUPT_INPUT, not a crash", () => {
  const zip = zipOf(ghaMembers());
  for (const bad of [zip.subarray(0, zip.length - 30), zip.subarray(0, 10)]) {
    assert.throws(
      () => listZip(bad),
      (e) =>
        e instanceof TrimError && e.code === "CORRUPT_INPUT" &&
        /not a readable zip/.test(e.message),
    );
  }
});

test("gha: jobs and steps in order from the member names", () => {
  const plan = planGithubArchive(listZip(zipOf(ghaMembers())).map((m) => m.name))!;
  assert.deepEqual(plan.map((j) => [j.name, j.log]), [["build", "1_build.txt"], [
    "lint",
    "2_lint.txt",
  ]]);
  assert.deepEqual(plan[0].steps.map((s) => `${s.number}_${s.name}`), [
    "1_Set up job",
    "2_Checkout",
    "3_Setup Node",
    "4_Install",
    "5_Run tests",
    "6_Complete job",
  ]);
  assert.equal(planGithubArchive(["build/4_Run tests.txt", "notes/readme.md"]), undefined);
});
