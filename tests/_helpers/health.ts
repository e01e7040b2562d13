// Shared fixtures for the porthealth tests: real listeners on loopback.
import { denoRuntime } from "../../serve.ts";
import type { Dialer } from "../../health/probe.ts";

/** The Deno dialer used by serve.ts. */
export const dial: Dialer = denoRuntime([]).dial;

/** A TCP listener on 127.0.0.1 that accepts and closes every connection. */
export interface OpenListener {
  port: number;
  /** Close; resolves once connects to the port are refused. */
  close(): Promise<void>;
}

/** Resolves once a connect to 127.0.0.1:`port` is refused (the socket is really gone). */
export async function waitRefused(port: number, hostname = "127.0.0.1"): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const c = await Deno.connect({ hostname, port, signal: AbortSignal.timeout(200) });
      c.close();
    } catch (err) {
      if (err instanceof Deno.errors.ConnectionRefused) return;
    }
    await sleep(10);
  }
  throw new Error(`port ${port} still accepts connections after close`);
}

// Ports for targets that tests close and reopen, or keep closed, are taken below the
// kernel's ephemeral range (32768–60999 by default), so neither port-0 listeners nor outgoing
// connections of parallel tests can take them over in between.
const _LOW = 20_000;
const _HIGH = 32_000;

function _listenLow(hostname: string): Deno.Listener {
  for (let i = 0; i < 200; i++) {
    const port = _LOW + Math.floor(Math.random() * (_HIGH - _LOW));
    try {
      return Deno.listen({ hostname, port });
    } catch (err) {
      if (!(err instanceof Deno.errors.AddrInUse)) throw err;
    }
  }
  throw new Error("no free port below the ephemeral range");
}

/**
 * Listen on `port` (0 = a free port below the ephemeral range) and accept/close
 * connections until closed.
 */
export function openListener(port = 0, hostname = "127.0.0.1"): OpenListener {
  const listener = port === 0 ? _listenLow(hostname) : Deno.listen({ hostname, port });
  let closed = false;
  (async () => {
    try {
      for await (const conn of listener) conn.close();
    } catch {
      // closed
    }
  })();
  const bound = (listener.addr as Deno.NetAddr).port;
  return {
    port: bound,
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      listener.close();
      return waitRefused(bound, hostname);
    },
  };
}

/**
 * A "silent" port: a listener that never accepts, with its accept queue filled, so the
 * kernel drops further SYNs and connects hang until their timeout.
 */
export async function silentListener(): Promise<OpenListener> {
  const listener = _listenLow("127.0.0.1");
  const port = (listener.addr as Deno.NetAddr).port;
  const held: Deno.Conn[] = [];
  const connect = (ms: number) =>
    Deno.connect({ hostname: "127.0.0.1", port, signal: AbortSignal.timeout(ms) });
  for (let i = 0; i < 20_000; i++) {
    try {
      held.push(await connect(100));
      continue;
    } catch {
      // Full, or just slow on a busy machine: confirm with a longer wait.
    }
    try {
      held.push(await connect(1000));
    } catch {
      return {
        port,
        close() {
          for (const c of held) c.close();
          held.length = 0;
          listener.close();
          return Promise.resolve();
        },
      };
    }
  }
  throw new Error("could not fill the accept queue");
}

/** A port that was free a moment ago (nothing listens on it). */
export function freePort(): number {
  const l = _listenLow("127.0.0.1");
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Whether ::1 can be bound here. */
export function hasIPv6(): boolean {
  try {
    Deno.listen({ hostname: "::1", port: 0 }).close();
    return true;
  } catch {
    return false;
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
