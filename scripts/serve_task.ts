// What `deno task serve` runs, read from deno.json so the bench, the soak and the tests run
// what ships: the serve task's V8 flags, and the bundle the build:porthealth task builds.

const _ROOT = new URL("../", import.meta.url);

function _tasks(): Record<string, string> {
  return JSON.parse(Deno.readTextFileSync(new URL("deno.json", _ROOT))).tasks;
}

/** The `--v8-flags=…` word of deno.json's serve task. */
export function serveV8Flags(): string {
  const flag = _tasks().serve.split(" ").find((w) => w.startsWith("--v8-flags="));
  if (flag === undefined) throw new Error("deno.json: the serve task has no --v8-flags");
  return flag;
}

/**
 * Build the porthealth bundle with the exact command of deno.json's build:porthealth task,
 * into `out` (absolute) or, by default, the task's own output; resolves to the bundle's path.
 */
export async function buildPorthealth(out?: string): Promise<string> {
  const words = _tasks()["build:porthealth"].split(" ");
  const at = words.indexOf("--output");
  if (words[0] !== "deno" || at < 0) {
    throw new Error("deno.json: build:porthealth is not `deno bundle … --output <file> …`");
  }
  if (out !== undefined) words[at + 1] = out;
  const built = await new Deno.Command(Deno.execPath(), { args: words.slice(1), cwd: _ROOT })
    .output();
  if (!built.success) {
    throw new Error(
      `deno task build:porthealth failed (exit ${built.code}): ${
        new TextDecoder().decode(built.stderr)
      }`,
    );
  }
  return new URL(words[at + 1], _ROOT).pathname;
}
