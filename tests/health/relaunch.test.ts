// `deno run -A serve.ts` relaunches itself with the V8 flags of `deno task serve` (same pid,
// DENO_V8_FLAGS set), so the source form is as lean as the bundle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../../serve.ts";
import { serveV8Flags } from "../../scripts/serve_task.ts";
import { freePort, sleep } from "../_helpers/health.ts";

test("relaunch: serve.ts's V8 flags are the serve task's", () => {
  assert.equal(`--v8-flags=${V8_FLAGS}`, serveV8Flags());
});

test("relaunch: deno run -A serve.ts runs with them, in the same process", {
  skip: Deno.build.os !== "linux",
}, async () => {
  const port = freePort();
  const config = Deno.makeTempFileSync({ suffix: ".yaml" });
  Deno.writeTextFileSync(
    config,
    `server: { host: 127.0.0.1, port: ${port} }\nchecks:\n  - { host: 127.0.0.1, port: 1 }\n`,
  );
  const env = Deno.env.toObject();
  delete env.DENO_V8_FLAGS;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--no-check",
      fileURLToPath(new URL("../../serve.ts", import.meta.url)),
      "--config",
      config,
    ],
    stdout: "null",
    stderr: "null",
    env,
    clearEnv: true,
  }).spawn();
  try {
    for (let i = 0;; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/live`);
        await res.body?.cancel();
        break;
      } catch {
        assert.ok(i < 300, "porthealth did not start");
        await sleep(50);
      }
    }
    const environ = Deno.readTextFileSync(`/proc/${child.pid}/environ`).split("\0");
    assert.ok(environ.includes(`DENO_V8_FLAGS=${V8_FLAGS}`), "the serving process has the flags");
  } finally {
    child.kill("SIGTERM");
    await child.status;
    Deno.removeSync(config);
  }
});
