// Benchmark fixture: opens TCP listeners on 127.0.0.1 and writes a porthealth config whose
// checks point at them. Runs until SIGTERM/SIGINT.
//
//   deno run -A bench/health/fixture.ts --out cfg.yaml --port 18080 --checks 1000 \
//     [--listeners 10] [--silent 0] [--timeout 2s] [--flap 0]
//
// --checks N open checks spread over --listeners listeners (accept + close).
// --silent K extra checks at a port that never answers (accept queue filled, SYNs dropped).
// --flap F closes and reopens F of the listeners every 500 ms (checks flip 200 <-> 503).
// Prints "ready" once everything is listening.

import { type Acceptor, openAcceptor, silentListener } from "./listeners.ts";

const opts = new Map<string, string>();
for (let i = 0; i < Deno.args.length; i += 2) opts.set(Deno.args[i].slice(2), Deno.args[i + 1]);
const num = (k: string, d: number) => Number(opts.get(k) ?? d);
const out = opts.get("out") ?? "porthealth-bench.yaml";
const nChecks = num("checks", 1000);
const nListeners = Math.max(1, num("listeners", 10));
const nSilent = num("silent", 0);
const nFlap = num("flap", 0);
const timeout = opts.get("timeout") ?? "2s";
const port = num("port", 18080);

type L = Acceptor;
const listeners: L[] = [];
const open = openAcceptor;
for (let i = 0; i < (nChecks > 0 ? nListeners : 0); i++) {
  const l = { port: 0 };
  open(l);
  listeners.push(l);
}

// kept open for as long as the fixture runs
const silent = nSilent > 0 ? await silentListener() : undefined;
const silentPort = silent?.port ?? 0;

const lines = [
  `server: { host: 127.0.0.1, port: ${port}, timeout: ${timeout} }`,
  "checks:",
];
for (let i = 0; i < nChecks; i++) {
  lines.push(`  - { name: c${i}, host: 127.0.0.1, port: ${listeners[i % nListeners].port} }`);
}
for (let i = 0; i < nSilent; i++) {
  lines.push(`  - { name: silent${i}, host: 127.0.0.1, port: ${silentPort} }`);
}
Deno.writeTextFileSync(out, lines.join("\n") + "\n");

if (nFlap > 0) {
  let down = false;
  setInterval(() => {
    for (const l of listeners.slice(0, nFlap)) {
      if (down) open(l);
      else l.listener?.close();
    }
    down = !down;
  }, 500);
}

console.log("ready");
const stop = () => Deno.exit(0);
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
await new Promise(() => {});
