/**
 * `deno task eval:dev`: scores this checkout's CLI on the labelled dev corpus of
 * failed CI builds with the shared scorer (`../shared/eval/score-dev.mjs`): strict
 * line recall, cases fully kept, pooled token reduction. Not part of the tests: the
 * corpus lives outside the repository, and this says so when it is absent.
 *
 * ```sh
 * npx -y deno@2.9.6 task eval:dev            # name "dev"
 * npx -y deno@2.9.6 task eval:dev --name after-change -- -a low   # extra CLI flags after --
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";

const ROOT = new URL("../", import.meta.url);
const SCORER = new URL("../shared/eval/score-dev.mjs", ROOT);
const CORPUS = new URL("../shared/corpora/logchunks-dev.tar.xz", ROOT);

function exists(url: URL): boolean {
  try {
    Deno.statSync(url);
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: { name: { type: "string", default: "dev" } },
  });
  for (const [what, url] of [["scorer", SCORER], ["corpus", CORPUS]] as const) {
    if (!exists(url)) {
      console.error(
        `eval:dev: the ${what} is not here (${url.pathname}); it comes with the shared ` +
          "folder beside the repository (../shared), which this checkout does not have",
      );
      Deno.exit(2);
    }
  }
  // The CLI as the bench runs it: the deno binary itself, so each case does not pay for npx.
  const reducer = [Deno.execPath(), "run", "-A", "cli.ts", "--no-telemetry", ...positionals]
    .join(" ");
  const { code } = await new Deno.Command("node", {
    args: [SCORER.pathname, "--reducer", reducer, "--name", values.name!],
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  }).spawn().status;
  Deno.exit(code);
}
