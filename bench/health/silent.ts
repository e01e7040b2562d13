// A TCP port that never answers, for the porthealth benchmarks: a listener that never
// accepts, with its accept queue filled, so further connects hang (SYNs are dropped) until
// the caller gives up. Keep the returned connections open for as long as the port is needed.

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
