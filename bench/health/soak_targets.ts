// The targets of the porthealth soak (soak.ts), in their own process so that their accept
// loops do not compete with the measurements: most checks point at stable listeners; 50 sit on
// 5 listeners that cycle open → closed → silent (listening, accept queue full, SYNs dropped) →
// open every --flap-ms, staggered; 10 hang (a silent port for the whole run), 10 are
// `.invalid` names (DNS fails), 10 refused. Writes the config to --out and the reloaded one
// (the refused checks dropped, 10 new open ones, another timeout) to --out.reload; prints
// "ready" once listening and appends every flap to --state (JSON lines).
//
//   deno run -A bench/health/soak_targets.ts --out cfg.yaml --state flaps.jsonl \
//     --checks 1000 --port 18990 --flap-ms 8000

import { type Acceptor, openAcceptor } from "./listeners.ts";

export const FLAP_LISTENERS = 5;
export const FLAP_PER_LISTENER = 10;
export const HANG = 10;
export const DNS = 10;
export const REFUSED = 10;
export const LATE = 10;
// ~9 checks per listener: with fewer, a busy machine starves the targets' accept loops, their
// accept queues (128) fill up and healthy targets time out
const STABLE_LISTENERS = 100;

export type FlapState = "open" | "closed" | "silent";

async function targets(args: Map<string, string>) {
  const out = args.get("out")!;
  const statePath = args.get("state")!;
  const checks = Number(args.get("checks"));
  const port = Number(args.get("port"));
  const flapMs = Number(args.get("flap-ms"));
  const state = await Deno.open(statePath, { write: true, create: true, append: true });
  const enc = new TextEncoder();
  const note = (p: number, s: FlapState) =>
    state.writeSync(enc.encode(JSON.stringify({ t: Date.now(), port: p, state: s }) + "\n"));

  const stable: Acceptor[] = Array.from({ length: STABLE_LISTENERS }, () => ({ port: 0 }));
  stable.forEach(openAcceptor);
  const late: Acceptor = { port: 0 };
  openAcceptor(late);
  const flap: Acceptor[] = Array.from({ length: FLAP_LISTENERS }, () => ({ port: 0 }));
  flap.forEach(openAcceptor);
  for (const l of flap) note(l.port, "open");

  const hang = await silentOn(0);
  const refusedL = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const refusedPort = (refusedL.addr as Deno.NetAddr).port;
  refusedL.close();

  const config = (reloaded: boolean) => {
    const nFlap = FLAP_LISTENERS * FLAP_PER_LISTENER;
    const nOpen = checks - nFlap - HANG - DNS - REFUSED;
    const lines = [
      `server: { host: 127.0.0.1, port: ${port}, timeout: ${reloaded ? "900ms" : "1s"} }`,
      "checks:",
    ];
    for (let i = 0; i < nOpen; i++) {
      lines.push(
        `  - { name: open-${i}, host: 127.0.0.1, port: ${stable[i % STABLE_LISTENERS].port} }`,
      );
    }
    flap.forEach((l) => {
      for (let i = 0; i < FLAP_PER_LISTENER; i++) {
        lines.push(`  - { name: flap-${l.port}-${i}, host: 127.0.0.1, port: ${l.port} }`);
      }
    });
    for (let i = 0; i < HANG; i++) {
      lines.push(`  - { name: hang-${i}, host: 127.0.0.1, port: ${hang.port} }`);
    }
    for (let i = 0; i < DNS; i++) {
      lines.push(`  - { name: dns-${i}, host: h${i}.soak.invalid, port: 80 }`);
    }
    if (reloaded) {
      for (let i = 0; i < LATE; i++) {
        lines.push(`  - { name: late-${i}, host: 127.0.0.1, port: ${late.port} }`);
      }
    } else {
      for (let i = 0; i < REFUSED; i++) {
        lines.push(`  - { name: refused-${i}, host: 127.0.0.1, port: ${refusedPort} }`);
      }
    }
    return lines.join("\n") + "\n";
  };
  Deno.writeTextFileSync(out, config(false));
  Deno.writeTextFileSync(`${out}.reload`, config(true));

  // staggered: listener j moves open → closed → silent → open every flapMs
  flap.forEach((l, j) => {
    setTimeout(() => {
      let s: FlapState = "open";
      let silent: { close(): void } | undefined;
      let busy = false;
      setInterval(async () => {
        if (busy) return; // filling a queue took longer than a period: skip one
        busy = true;
        try {
          if (s === "open") {
            l.listener?.close();
            s = "closed";
          } else if (s === "closed") {
            silent = await silentOn(l.port);
            s = "silent";
          } else {
            silent?.close();
            openAcceptor(l);
            s = "open";
          }
          note(l.port, s);
        } catch {
          // port briefly taken: stay one more period
        } finally {
          busy = false;
        }
      }, flapMs);
    }, (j * flapMs) / FLAP_LISTENERS);
  });
  console.log("ready");
  const stop = () => Deno.exit(0);
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  await new Promise(() => {});
}

// A listener on `port` (0: any) that never accepts, its accept queue filled so that the kernel
// drops further SYNs and connects hang.
async function silentOn(port: number): Promise<{ port: number; close(): void }> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  const bound = (listener.addr as Deno.NetAddr).port;
  const held: Deno.Conn[] = [];
  for (let i = 0; i < 4096; i++) {
    try {
      held.push(
        await Deno.connect({
          hostname: "127.0.0.1",
          port: bound,
          signal: AbortSignal.timeout(300),
        }),
      );
    } catch {
      break;
    }
  }
  return {
    port: bound,
    close() {
      for (const c of held) c.close();
      listener.close();
    },
  };
}

if (import.meta.main) {
  const args = new Map<string, string>();
  for (let i = 0; i + 1 < Deno.args.length; i += 2) {
    args.set(Deno.args[i].slice(2), Deno.args[i + 1]);
  }
  await targets(args);
}
