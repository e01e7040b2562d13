/**
 * Finding and reading `.trim.yml` (file-system adapter; works in Deno, Node
 * and Bun through `node:fs/promises` and `node:path`).
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import process from "node:process";
import {
  type CompiledTrimConfig,
  compileTrimConfig,
  mergeTrimConfigs,
} from "../../trim/config/rules.ts";
import { TrimError } from "../../trim/errors.ts";
import type { TrimCustomConfig } from "../../trim/types.ts";

/** The file name auto-detected in the working directory. */
export const TRIM_CONFIG_FILE_NAME = ".trim.yml";

/** Files larger than this are rejected rather than parsed (1 MiB). */
const _MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Options of {@linkcode loadTrimConfig}.
 *
 * @example --no-config wins over a path
 * ```ts
 * import assert from "node:assert/strict";
 * import { type LoadTrimConfigOptions, loadTrimConfig } from "./config_file.ts";
 * const options: LoadTrimConfigOptions = { configPath: "ci/.trim.yml", noConfig: true };
 * assert.ok((await loadTrimConfig(options)) === undefined);
 * ```
 */
export interface LoadTrimConfigOptions {
  /** Explicit config path (`--config`); relative paths resolve against `cwd`. Must exist. */
  configPath?: string;
  /** Directory searched for `.trim.yml` (default: the process working directory). */
  cwd?: string;
  /** Skip configuration entirely (`--no-config`). */
  noConfig?: boolean;
}

/**
 * A configuration read from disk.
 *
 * @example Where the configuration came from
 * ```ts
 * import assert from "node:assert/strict";
 * import { type LoadedTrimConfig, loadTrimConfig } from "./config_file.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/.trim.yml`, "keep: ['PAYMENT']\n");
 * const loaded: LoadedTrimConfig | undefined = await loadTrimConfig({ cwd: dir });
 * assert.ok(loaded?.path.endsWith(".trim.yml") === true && loaded?.config.keep?.[0] === "PAYMENT");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export interface LoadedTrimConfig {
  /** The parsed and validated configuration. */
  config: TrimCustomConfig;
  /** Absolute path of the file it came from. */
  path: string;
}

/**
 * Find, read, parse and validate the custom rules file.
 *
 * - `noConfig` → `undefined`.
 * - `configPath` → that file; a missing or unreadable file is an
 *   `INVALID_CONFIG` error naming the path.
 * - otherwise `.trim.yml` in `cwd` (the working directory); when there is
 *   none, `undefined` (no configuration).
 *
 * The result still has to be compiled with `compileTrimConfig`.
 *
 * @param opts Where to look.
 * @returns The configuration and its absolute path, or `undefined`.
 * @throws {TrimError} `INVALID_CONFIG` with `file:line: key: problem`.
 *
 * @example Loading the auto-detected file of a directory
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { loadTrimConfig } from "./config_file.ts";
 * const dir = mkdtempSync(join(tmpdir(), "trim-config-"));
 * assert.ok((await loadTrimConfig({ cwd: dir })) === undefined);
 * writeFileSync(join(dir, ".trim.yml"), "keep:\n  - 'PAYMENT'\n");
 * const loaded = await loadTrimConfig({ cwd: dir });
 * assert.ok(loaded?.config.keep?.[0] === "PAYMENT");
 * assert.ok((await loadTrimConfig({ cwd: dir, noConfig: true })) === undefined);
 * rmSync(dir, { recursive: true, force: true });
 * ```
 */
export async function loadTrimConfig(
  opts: LoadTrimConfigOptions = {},
): Promise<LoadedTrimConfig | undefined> {
  if (opts.noConfig) return undefined;
  const cwd = opts.cwd ?? process.cwd();
  const explicit = opts.configPath !== undefined;
  if (explicit && opts.configPath === "") {
    throw new TrimError("INVALID_CONFIG", "config path is empty");
  }
  const displayName = explicit
    ? opts.configPath!
    : opts.cwd === undefined
    ? TRIM_CONFIG_FILE_NAME
    : join(opts.cwd, TRIM_CONFIG_FILE_NAME);
  const path = explicit
    ? (isAbsolute(opts.configPath!) ? opts.configPath! : resolve(cwd, opts.configPath!))
    : resolve(cwd, TRIM_CONFIG_FILE_NAME);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (!explicit && (code === "ENOENT" || code === "ENOTDIR")) return undefined;
    throw new TrimError("INVALID_CONFIG", `${displayName}: ${_readProblem(code, err)}`);
  }
  if (bytes.byteLength > _MAX_CONFIG_BYTES) {
    throw new TrimError(
      "INVALID_CONFIG",
      `${displayName}: config file is too large (${bytes.byteLength} bytes; the limit is 1 MiB)`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TrimError("INVALID_CONFIG", `${displayName}: config file is not valid UTF-8`);
  }
  // The YAML parser is loaded only when there is a file to parse.
  const { parseTrimConfig } = await import("../../trim/config/yaml.ts");
  return { config: parseTrimConfig(text, displayName), path };
}

/**
 * Options of {@linkcode resolveTrimConfig}.
 *
 * @example Inline rules only
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveTrimConfig, type ResolveTrimConfigOptions } from "./config_file.ts";
 * const options: ResolveTrimConfigOptions = { noConfig: true, config: { ignore: ["^TRACE"] } };
 * const rules = await resolveTrimConfig(options);
 * assert.ok(rules?.ignore?.test("TRACE tick") === true);
 * ```
 */
export interface ResolveTrimConfigOptions extends LoadTrimConfigOptions {
  /** Inline rules (the `config` option), applied after the file's rules. */
  config?: TrimCustomConfig;
}

/**
 * Everything the pipeline needs in one call: load the file (explicit
 * `configPath`, else auto-detected `.trim.yml`, none with `noConfig`), merge
 * the inline `config` after it, validate and compile.
 *
 * With `noConfig`, only the inline `config` is used.
 *
 * @param opts File options plus the inline configuration.
 * @returns The compiled rules, or `undefined` when there are none at all.
 * @throws {TrimError} `INVALID_CONFIG` naming the file (or `config` for inline
 *   rules), the line and the key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { resolveTrimConfig } from "./config_file.ts";
 * const dir = mkdtempSync(join(tmpdir(), "trim-config-"));
 * writeFileSync(join(dir, ".trim.yml"), "ignore: ['^DEBUG']\n");
 * const rules = await resolveTrimConfig({ cwd: dir, config: { ignore: ["^TRACE"] } });
 * assert.ok(rules?.ignore?.test("TRACE x") === true && rules?.ignore?.test("DEBUG y") === true);
 * assert.ok((await resolveTrimConfig({ cwd: dir, noConfig: true })) === undefined);
 * rmSync(dir, { recursive: true, force: true });
 * ```
 */
export async function resolveTrimConfig(
  opts: ResolveTrimConfigOptions = {},
): Promise<CompiledTrimConfig | undefined> {
  const inline = opts.config === undefined ? undefined : compileTrimConfig(opts.config, "config");
  const loaded = await loadTrimConfig(opts);
  if (!loaded) return inline;
  if (opts.config === undefined) return compileTrimConfig(loaded.config, loaded.path);
  // Both were validated on their own, so any message names the right origin.
  return compileTrimConfig(mergeTrimConfigs(loaded.config, opts.config), loaded.path);
}

function _readProblem(code: string | undefined, err: unknown): string {
  switch (code) {
    case "ENOENT":
    case "ENOTDIR":
      return "config file not found";
    case "EISDIR":
      return "config path is a directory, not a file";
    case "EACCES":
    case "EPERM":
      return "config file cannot be read (permission denied)";
    default:
      return `config file cannot be read (${
        code ?? (err instanceof Error ? err.message : String(err))
      })`;
  }
}
