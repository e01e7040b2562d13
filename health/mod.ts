/**
 * porthealth: a TCP port health-check HTTP service, as a runtime-neutral core.
 *
 * The core is a fetch handler `(Request) => Promise<Response>` over a {@linkcode Monitor}
 * that probes through an injected {@linkcode Dialer}; `serve.ts` hosts it on Deno and
 * `adapters/node/health.ts` on Node and Bun.
 *
 * @example Hosting the handler
 * ```ts
 * import assert from "node:assert/strict";
 * import { createHandler, Monitor, parseConfig } from "./mod.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * const monitor = new Monitor({ config, dial: () => Promise.resolve() });
 * const handler = createHandler({ monitor });
 * const res = await handler(new Request("http://localhost/health"));
 * assert.ok(res.status === 200);
 * ```
 *
 * @module
 */

export * from "./args.ts";
export * from "./auth.ts";
export * from "./body.ts";
export * from "./check_state.ts";
export * from "./conditional.ts";
export * from "./config.ts";
export * from "./duration.ts";
export * from "./encoding.ts";
export * from "./handler.ts";
export * from "./history.ts";
export * from "./log.ts";
export * from "./main.ts";
export * from "./metrics.ts";
export * from "./monitor.ts";
export * from "./page.ts";
export * from "./probe.ts";
export * from "./representation.ts";
export * from "./stats.ts";
export * from "./version.ts";
