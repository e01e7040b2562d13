/**
 * The `porthealth` executable for Deno: `Deno.serve` hosts the handler, `Deno.connect`
 * probes. Run with `deno run -A serve.ts --config <path>`, or build a single binary with
 * `deno compile -A --output porthealth serve.ts`.
 *
 * @example Starting porthealth from code
 * ```ts ignore
 * import { denoRuntime } from "./serve.ts";
 * import { main } from "./health/main.ts";
 * Deno.exit(await main(denoRuntime(["--config", "examples/porthealth/config.yaml"])));
 * ```
 *
 * @module
 */

import { main, type Runtime } from "./health/main.ts";

const _encoder = new TextEncoder();

/**
 * The Deno {@linkcode Runtime}: files, environment, TCP, HTTP, signals and standard streams.
 *
 * @example Building the runtime
 * ```ts
 * import { denoRuntime } from "./serve.ts";
 * const rt = denoRuntime(["--version"]);
 * console.assert(rt.args[0] === "--version");
 * ```
 */
export function denoRuntime(args: readonly string[]): Runtime {
  return {
    args,
    readTextFile: (path) => Deno.readTextFile(path),
    env: (name) => Deno.env.get(name),
    dial: async (hostname, port, signal) => {
      const conn = await Deno.connect({ hostname, port, signal });
      conn.close();
    },
    listen: ({ host, port, handler }) =>
      new Promise((resolve, reject) => {
        try {
          const server = Deno.serve({
            hostname: host,
            port,
            onListen: (addr) => {
              const h = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
              resolve({ address: `${h}:${addr.port}`, shutdown: () => server.shutdown() });
            },
            onError: (err) => {
              console.error(`porthealth: request failed: ${(err as Error)?.message ?? err}`);
              return new Response("Internal Server Error\n", { status: 500 });
            },
          }, handler);
        } catch (err) {
          reject(err);
        }
      }),
    onSignal: (signal, listener) => Deno.addSignalListener(signal, listener),
    stdout: (line) => _writeAll(Deno.stdout, line),
    stderr: (line) => _writeAll(Deno.stderr, line),
  };
}

function _writeAll(stream: typeof Deno.stdout, line: string) {
  const bytes = _encoder.encode(line + "\n");
  let off = 0;
  while (off < bytes.length) off += stream.writeSync(bytes.subarray(off));
}

if (import.meta.main) {
  let code: number;
  try {
    code = await main(denoRuntime(Deno.args));
  } catch (err) {
    console.error(`porthealth: internal error: ${(err as Error)?.message ?? err}`);
    code = 1;
  }
  Deno.exit(code);
}
