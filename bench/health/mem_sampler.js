// Preloaded into a porthealth process to see where its memory goes:
//   deno run --preload bench/health/mem_sampler.js … / node --require ./bench/health/mem_sampler.js …
// Every 100 ms it reads the runtime's memory figures (Deno.memoryUsage() or
// process.memoryUsage(): rss, V8 heap total and used, external memory, array buffers) and,
// whenever one of them reaches a new high, writes every field's high so far as JSON to the file
// named by PORTHEALTH_MEM_OUT. Nothing else of the process changes; the timer does not keep
// it alive.
const out = globalThis.process?.env?.PORTHEALTH_MEM_OUT ??
  globalThis.Deno?.env.get("PORTHEALTH_MEM_OUT");
if (out) {
  const usage = globalThis.Deno ? () => Deno.memoryUsage() : () => process.memoryUsage();
  const max = {};
  const write = globalThis.Deno
    ? (text) => Deno.writeTextFileSync(out, text)
    : ((fs) => (text) => fs.writeFileSync(out, text))(
      process.getBuiltinModule?.("node:fs") ?? require("node:fs"),
    );
  const timer = setInterval(() => {
    const u = usage();
    let changed = false;
    for (const [k, v] of Object.entries(u)) {
      if (!(v <= max[k])) {
        max[k] = v;
        changed = true;
      }
    }
    if (changed) write(JSON.stringify(max));
  }, 100);
  if (globalThis.Deno) Deno.unrefTimer(timer);
  else timer.unref();
}
