// The floor of bench/health/forms.sh: the runtime's own HTTP server answering every request
// with one constant body the size of porthealth's /health at 1,000 checks (153 KB of JSON),
// nothing else. What a form costs beyond this is porthealth's.
//   deno run -A [--v8-flags=…] bench/health/floor.js --port P   (Deno.serve)
//   node bench/health/floor.js --port P                        (node:http)
//   bun [--smol] bench/health/floor.js --port P                (Bun.serve)
// The body is made once; Deno.serve and Bun.serve get it as a string (`new Response(text)`),
// node:http as bytes made once (`res.end(bytes)`: a string is encoded again per response, at
// a third of the rate).
const args = globalThis.Deno?.args ?? globalThis.process.argv.slice(2);
const at = args.indexOf("--port");
const port = Number(at >= 0 ? args[at + 1] : 18899);
const checks = [];
for (let i = 0; i < 1000; i++) {
  checks.push({
    name: `c${i}`,
    host: "127.0.0.1",
    port: 40000 + (i % 10),
    description: "",
    status: "healthy",
    latency_ms: 0.21,
    since: "2026-11-28T00:00:00.000Z",
    consecutive: 1,
  });
}
const text = JSON.stringify({
  status: "healthy",
  message: "all 1000 checks are healthy",
  checks,
  timestamp: "2026-11-28T00:00:00.000Z",
  version: "0.1.0",
  checked_at: "2026-11-28T00:00:00.000Z",
  age_ms: 0,
}).padEnd(153_000, " ") + "\n";
const headers = { "content-type": "application/json" };
const hostname = "127.0.0.1";
if (globalThis.Bun) {
  globalThis.Bun.serve({ hostname, port, fetch: () => new Response(text, { headers }) });
} else if (globalThis.Deno) {
  Deno.serve({ hostname, port, onListen() {} }, () => new Response(text, { headers }));
} else {
  const http = globalThis.process.getBuiltinModule?.("node:http") ?? require("node:http");
  // the bytes made once, as porthealth's node:http adapter sends a round's body
  const bytes = Buffer.from(text);
  const length = String(bytes.byteLength);
  http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, "content-length": length });
    res.end(bytes);
  }).listen(port, hostname);
}
