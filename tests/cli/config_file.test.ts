import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadTrimConfig, resolveTrimConfig } from "../../adapters/node/config_file.ts";
import { TrimError } from "../../trim/errors.ts";

const root = mkdtempSync(join(tmpdir(), "trim-config-file-"));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

function freshDir(files: Record<string, string | Uint8Array> = {}): string {
  const dir = join(root, String(counter++));
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

async function loadError(opts: Parameters<typeof loadTrimConfig>[0]): Promise<string> {
  try {
    await loadTrimConfig(opts);
  } catch (err) {
    assert.ok(err instanceof TrimError, `expected TrimError, got ${err}`);
    assert.equal(err.code, "INVALID_CONFIG");
    return err.message;
  }
  assert.fail("expected INVALID_CONFIG");
}

test("a directory without .trim.yml has no configuration", async () => {
  assert.equal(await loadTrimConfig({ cwd: freshDir() }), undefined);
});

test(".trim.yml in the working directory is auto-detected", async () => {
  const dir = freshDir({ ".trim.yml": "keep:\n  - 'PAYMENT'\n" });
  const loaded = await loadTrimConfig({ cwd: dir });
  assert.deepEqual(loaded, { config: { keep: ["PAYMENT"] }, path: join(dir, ".trim.yml") });
});

test("noConfig wins over both detection and an explicit path", async () => {
  const dir = freshDir({ ".trim.yml": "keep: [x]\n" });
  assert.equal(await loadTrimConfig({ cwd: dir, noConfig: true }), undefined);
  assert.equal(
    await loadTrimConfig({ cwd: dir, configPath: "missing.yml", noConfig: true }),
    undefined,
  );
});

test("an explicit configPath is used instead of .trim.yml, relative to cwd", async () => {
  const dir = freshDir({ ".trim.yml": "keep: [auto]\n", "rules.yml": "keep: [explicit]\n" });
  const relative = await loadTrimConfig({ cwd: dir, configPath: "rules.yml" });
  assert.deepEqual(relative?.config, { keep: ["explicit"] });
  assert.equal(relative?.path, join(dir, "rules.yml"));
  const absolute = await loadTrimConfig({ cwd: root, configPath: join(dir, "rules.yml") });
  assert.deepEqual(absolute?.config, { keep: ["explicit"] });
});

test("a missing explicit configPath is an error naming the path", async () => {
  const dir = freshDir();
  assert.equal(
    await loadError({ cwd: dir, configPath: "nope/.trim.yml" }),
    "nope/.trim.yml: config file not found",
  );
  assert.match(await loadError({ cwd: dir, configPath: "" }), /config path is empty/);
});

test("a directory given as configPath is an error", async () => {
  const dir = freshDir();
  mkdirSync(join(dir, "conf"));
  assert.match(
    await loadError({ cwd: dir, configPath: "conf" }),
    /^conf: config path is a directory/,
  );
});

test("errors inside the file name the file as given, the line and the key", async () => {
  const dir = freshDir({
    "rules.yml": "ignore:\n  - ok\n  - '(x'\n",
    ".trim.yml": "# rules\nkeeep: []\n",
  });
  assert.equal(
    await loadError({ cwd: dir, configPath: "rules.yml" }),
    'rules.yml:3: ignore[1]: invalid regular expression "(x": Unterminated group',
  );
  assert.match(
    await loadError({ cwd: dir }),
    new RegExp(
      `^${RegExp.escape(join(dir, ".trim.yml"))}:2: keeep: unknown key; did you mean "keep"\\?`,
    ),
  );
});

test("a byte-order mark is skipped and invalid UTF-8 is rejected", async () => {
  const dir = freshDir({
    ".trim.yml": "\uFEFFkeep: [bom]\n",
    "bad.yml": new Uint8Array([0x6b, 0x65, 0x65, 0x70, 0x3a, 0x20, 0xff, 0xfe, 0x0a]),
  });
  assert.deepEqual((await loadTrimConfig({ cwd: dir }))?.config, { keep: ["bom"] });
  assert.equal(
    await loadError({ cwd: dir, configPath: "bad.yml" }),
    "bad.yml: config file is not valid UTF-8",
  );
});

test("resolveTrimConfig merges the file and the inline rules, then compiles", async () => {
  const dir = freshDir({
    ".trim.yml": "ignore: ['^DEBUG']\nsanitize:\n  - { pattern: 'a', replacement: 'b' }\n",
  });
  const rules = await resolveTrimConfig({
    cwd: dir,
    config: { ignore: [/^trace/i], sanitize: [{ pattern: "b", replacement: "c" }] },
  });
  assert.ok(rules?.ignore?.test("DEBUG x"));
  assert.ok(rules?.ignore?.test("TRACE y"));
  // File rules run first, inline rules after.
  assert.equal(rules!.sanitize.reduce((s, r) => s.replace(r.re, r.replacement), "a"), "c");
  assert.equal(await resolveTrimConfig({ cwd: freshDir() }), undefined);
  assert.equal(await resolveTrimConfig({ cwd: dir, noConfig: true }), undefined);
  const inlineOnly = await resolveTrimConfig({ cwd: dir, noConfig: true, config: { keep: ["k"] } });
  assert.equal(inlineOnly?.ignore, undefined);
  assert.ok(inlineOnly?.keep?.test("k"));
});

test("resolveTrimConfig names the origin of a mistake", async () => {
  const dir = freshDir({ ".trim.yml": "keep: ['(']\n" });
  await assert.rejects(
    resolveTrimConfig({ cwd: dir }),
    /\.trim\.yml:1: keep\[0\]: invalid regular expression/,
  );
  await assert.rejects(
    resolveTrimConfig({ cwd: freshDir(), config: { keep: ["["] } }),
    (err) =>
      err instanceof TrimError &&
      /^config: keep\[0\]: invalid regular expression/.test(err.message),
  );
  await assert.rejects(
    resolveTrimConfig({ cwd: dir, configPath: "absent.yml" }),
    /^TrimError: absent\.yml: config file not found$/,
  );
});
