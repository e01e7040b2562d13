/**
 * Builds the browser playground: bundles `playground/main.ts` (the page) and
 * `playground/worker.ts` (the Web Worker running the trim pipeline) with
 * `deno bundle --platform browser`, type-checked, into `playground/dist/`
 * (git-ignored).
 *
 * Usage:
 *   deno run -A scripts/build_playground.ts [--minify]
 *
 * @module
 */

/** The playground folder (served as is; the bundles go to its `dist/`). */
export const PLAYGROUND_DIR = new URL("../playground/", import.meta.url);

/** Options of {@linkcode buildPlayground}. */
export interface BuildPlaygroundOptions {
  /** Minify the bundles. */
  minify?: boolean;
  /** Print deno bundle's output (default: only on failure). */
  verbose?: boolean;
}

/**
 * Bundles the page and the worker into `playground/dist/main.js` and
 * `playground/dist/worker.js`; throws with deno's output when bundling or the type
 * check fails.
 */
export async function buildPlayground(options: BuildPlaygroundOptions = {}): Promise<void> {
  const dir = PLAYGROUND_DIR.pathname;
  const args = [
    "bundle",
    "--check",
    "--platform",
    "browser",
    "--outdir",
    `${dir}dist`,
    ...(options.minify ? ["--minify"] : []),
    `${dir}main.ts`,
    `${dir}worker.ts`,
  ];
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: new URL("..", PLAYGROUND_DIR).pathname,
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`deno bundle failed (exit ${out.code}):\n${text}`);
  if (options.verbose) console.error(text.trimEnd());
}

if (import.meta.main) {
  try {
    await buildPlayground({ minify: Deno.args.includes("--minify"), verbose: true });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    Deno.exit(1);
  }
}
