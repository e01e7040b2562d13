// Probe targets for the porthealth benchmarks (fixture.ts, soak.ts): open ports that accept
// and close, and silent ports that never answer.

/** A listener that can be closed and reopened on the same port (for flapping checks). */
export type Acceptor = { port: number; listener?: Deno.Listener };

/**
 * (Re)open `l` on 127.0.0.1 (port 0 picks one and stores it): accepts every connection and
 * closes it at once, until `l.listener` is closed.
 */
export function openAcceptor(l: Acceptor): void {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: l.port });
  l.listener = listener;
  l.port = (listener.addr as Deno.NetAddr).port;
  (async () => {
    try {
      for await (const c of listener) c.close();
    } catch { /* closed */ }
  })();
}

// A silent port: a listener that never accepts, with its accept queue filled, so further
// connects hang (SYNs are dropped) until the caller gives up. Keep the returned connections
// open for as long as the port is needed.

/** Open a silent port on 127.0.0.1; `held` are the connections that fill its queue. */
export async function silentListener(): Promise<
  { port: number; listener: Deno.Listener; held: Deno.Conn[] }
> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const held: Deno.Conn[] = [];
  for (;;) {
    try {
      held.push(
        await Deno.connect({ hostname: "127.0.0.1", port, signal: AbortSignal.timeout(500) }),
      );
    } catch {
      return { port, listener, held };
    }
  }
}
