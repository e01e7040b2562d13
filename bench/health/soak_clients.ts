// The clients of the porthealth soak (soak.ts): wrk's report, a fetch load in-process, and
// a slow client that reads one byte a second.

/** The paths the load cycles through. */
export const PATHS = ["/health", "/live", "/metrics", "/"] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one wrk run reported. */
export interface Wrk {
  requests: number;
  rps: number;
  p50: string;
  p99: string;
  non2xx: number;
  socket: number;
}

export function parseWrk(text: string): Wrk {
  const m = (re: RegExp) => re.exec(text);
  const sock = m(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requests: Number(m(/(\d+) requests in/)?.[1] ?? 0),
    rps: Number(m(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: m(/^\s+50%\s+(\S+)/m)?.[1] ?? "?",
    p99: m(/^\s+99%\s+(\S+)/m)?.[1] ?? "?",
    non2xx: Number(m(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socket: sock ? sock.slice(1).reduce((a, x) => a + Number(x), 0) : 0,
  };
}

// Load with fetch in this process: `n` loops cycling through the paths until `until`.
export async function fetchLoad(
  base: string,
  n: number,
  until: number,
  statuses: Map<string, number>,
  paceMs = 0,
) {
  // its own client, closed at the end: its idle keep-alive connections go with it
  const client = Deno.createHttpClient({});
  let errors = 0;
  const firstError: string[] = [];
  const loop = async (i: number) => {
    let etag: string | null = null;
    for (let k = i; Date.now() < until; k++) {
      const path = PATHS[k % PATHS.length];
      const headers: Record<string, string> = {};
      if (path === "/health" && etag && k % 8 === 0) headers["if-none-match"] = etag;
      if (k % 3 === 0) headers["accept-encoding"] = "identity";
      try {
        const res = await fetch(base + path, {
          headers,
          client,
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        if (path === "/health") etag = res.headers.get("etag");
        const key = `${path} ${res.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      } catch (err) {
        errors++;
        if (firstError.length === 0) firstError.push(`${path}: ${err}`);
      }
      if (paceMs > 0) await sleep(paceMs);
    }
  };
  await Promise.all(Array.from({ length: n }, (_, i) => loop(i)));
  client.close();
  return { errors, firstError: firstError[0] };
}

// A client that asks for /health and reads the answer one byte a second until `until`.
export async function slowClient(port: number, until: number): Promise<string | undefined> {
  let conn: Deno.Conn;
  try {
    conn = await Deno.connect({ hostname: "127.0.0.1", port });
  } catch (err) {
    return `slow client: cannot connect: ${err}`;
  }
  try {
    await conn.write(
      new TextEncoder().encode("GET /health HTTP/1.1\r\nHost: soak\r\nAccept: */*\r\n\r\n"),
    );
    const one = new Uint8Array(1);
    let got = "";
    while (Date.now() < until) {
      const n = await conn.read(one);
      if (n === null) return `slow client: cut off after ${got.length} bytes (${got})`;
      got += String.fromCharCode(one[0]);
      await sleep(1000);
    }
    if (!/^HTTP\/1\.1 (?:2|5|$)/.test(got) && !"HTTP/1.1 ".startsWith(got)) {
      return `slow client: unexpected answer ${JSON.stringify(got)}`;
    }
    return undefined;
  } catch (err) {
    return `slow client: ${err}`;
  } finally {
    try {
      conn.close();
    } catch { /* closed */ }
  }
}
