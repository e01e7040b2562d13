// Shared by the single-executable tests (tests/npm/binary*.ts): the build, made once per
// test run by `deno task compile:bun` into a temporary directory, and process helpers.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { BUN, bunPath } from "../../scripts/compile_bun.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const VERSION: string = JSON.parse(Deno.readTextFileSync(`${ROOT}/deno.json`)).version;
export const TMP = Deno.makeTempDirSync({ prefix: "trimlog-binary-" });
globalThis.addEventListener("unload", () => Deno.removeSync(TMP, { recursive: true }));

const _bun = await bunPath(ROOT).then(() => "", (e: Error) => e.message.split("\n")[0]);
/** Why the tests are skipped (Bun cannot be installed), or false. */
export const SKIP: string | false = _bun !== "" &&
  `Bun cannot be installed (npx -y ${BUN}): ${_bun}; single-executable tests skipped`;
if (SKIP) console.warn(SKIP);

export interface Built {
  porthealth: string;
  trimlog: string;
  /** The npm package the executables were built from (its Node bins run the same code). */
  npm: string;
  /** What the task printed. */
  stdout: string;
}

let _built: Promise<Built> | undefined;

/** The executables of `deno task compile:bun`, built on first use. */
export function built(): Promise<Built> {
  return _built ??= (async () => {
    const r = await exec(Deno.execPath(), [
      "task",
      "-q",
      "compile:bun",
      "--out",
      `${TMP}/bin`,
      "--npm-dir",
      `${TMP}/npm`,
    ], { cwd: ROOT });
    assert.equal(r.code, 0, `deno task compile:bun failed:\n${r.stdout}\n${r.stderr}`);
    return {
      porthealth: `${TMP}/bin/porthealth`,
      trimlog: `${TMP}/bin/trimlog`,
      npm: `${TMP}/npm`,
      stdout: r.stdout,
    };
  })();
}

/** The command line running a Deno entry of the repository from source. */
export const deno = (script: string): string[] => [
  Deno.execPath(),
  "run",
  "-A",
  "--quiet",
  `${ROOT}/${script}`,
];

const ENV = { NO_COLOR: "1", TRIM_TELEMETRY: "0", DENO_NO_UPDATE_CHECK: "1" };

export interface Exec {
  code: number;
  stdout: string;
  stderr: string;
  /** Standard output as bytes. */
  bytes: Uint8Array;
}

/** Runs `cmd` to its end (killed after 240 s); `stdin` is written and closed. */
export async function exec(
  cmd: string,
  args: string[],
  opts: { cwd?: string; stdin?: Uint8Array; env?: Record<string, string> } = {},
): Promise<Exec> {
  const child = new Deno.Command(cmd, {
    args,
    cwd: opts.cwd ?? ROOT,
    env: { ...ENV, ...opts.env },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // A hung child is killed; generous, as a build (compile:bun) on a loaded 2-core box takes minutes.
  const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
  const writer = child.stdin.getWriter();
  if (opts.stdin) await writer.write(opts.stdin).catch(() => {});
  await writer.close().catch(() => {});
  const out = await child.output();
  clearTimeout(timer);
  const dec = new TextDecoder();
  return {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
    bytes: out.stdout,
  };
}

/** A long-running process whose output is collected as it comes. */
export class Proc {
  child: Deno.ChildProcess;
  out = "";
  err = "";
  #pumps: Promise<void>[];
  #stdin?: WritableStreamDefaultWriter<Uint8Array>;
  constructor(
    cmd: string,
    args: string[],
    opts: { env?: Record<string, string>; stdin?: boolean } = {},
  ) {
    this.child = new Deno.Command(cmd, {
      args,
      cwd: ROOT,
      env: { ...ENV, ...opts.env },
      stdin: opts.stdin ? "piped" : "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    if (opts.stdin) this.#stdin = this.child.stdin.getWriter();
    this.#pumps = [
      this.#pump(this.child.stdout, (s) => this.out += s),
      this.#pump(this.child.stderr, (s) => this.err += s),
    ];
  }
  async #pump(stream: ReadableStream<Uint8Array>, add: (s: string) => void) {
    for await (const s of stream.pipeThrough(new TextDecoderStream())) add(s);
  }
  /** Writes to standard input (opened with `stdin: true`). */
  write(text: string): Promise<void> {
    return this.#stdin!.write(new TextEncoder().encode(text));
  }
  kill(signal: Deno.Signal): void {
    this.child.kill(signal);
  }
  /** Resolves with the first match of `re` on standard output (fails after 20 s). */
  async waitFor(re: RegExp): Promise<RegExpMatchArray> {
    for (let waited = 0; waited < 20_000; waited += 20) {
      const m = this.out.match(re);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${re} in 20 s; stdout:\n${this.out}\nstderr:\n${this.err}`);
  }
  /** The exit code and output, after at most `ms` (then SIGKILL, and the test fails). */
  async finish(
    ms = 10_000,
  ): Promise<{ code: number; signal: string | null; out: string; err: string }> {
    const timer = setTimeout(() => this.stop(), ms);
    const status = await this.child.status;
    clearTimeout(timer);
    await Promise.all(this.#pumps);
    return { code: status.code, signal: status.signal, out: this.out, err: this.err };
  }
  /** SIGKILL, if still running. */
  stop(): void {
    try {
      this.child.kill("SIGKILL");
    } catch {
      // exited
    }
    this.#stdin?.close().catch(() => {});
  }
}

/** Runs `fn` in a fresh directory `<base>/<name>`. */
export async function withCwd<T>(base: string, name: string, fn: (cwd: string) => Promise<T>) {
  const cwd = `${base}/${name}`;
  await Deno.mkdir(cwd, { recursive: true });
  return await fn(cwd);
}
