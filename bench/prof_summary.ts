/**
 * Summarises a V8 CPU profile (`deno run --cpu-prof`) of the trim CLI: self time per
 * function (regular expressions by their source), and time per pipeline stage (each
 * sample goes to the innermost `trim/stages/*.ts` frame on its stack; samples outside
 * every stage are GC, idle, reads or the streams' glue).
 *
 * ```sh
 * deno run -A --v8-flags=… --cpu-prof --cpu-prof-dir=/tmp/prof cli.ts --no-telemetry IN -o OUT
 * deno run -A bench/prof_summary.ts /tmp/prof/*.cpuprofile [TOP]
 * ```
 *
 * @module
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time and stage time (microseconds) of a profile. */
export function summarise(p: Profile): {
  total: number;
  self: Map<string, number>;
  stages: Map<string, number>;
} {
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perNode = new Map<number, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    perNode.set(id, (perNode.get(id) ?? 0) + p.timeDeltas[i]);
    total += p.timeDeltas[i];
  });
  const self = new Map<string, number>();
  const stages = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
  for (const [id, t] of perNode) {
    const f = nodes.get(id)!.callFrame;
    const file = f.url.split("/").slice(-2).join("/");
    const name = (f.functionName || "(anonymous)").slice(0, 90);
    add(self, file ? `${name} ${file}:${f.lineNumber + 1}` : name, t);
    let stage: string | undefined;
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const url = nodes.get(x)!.callFrame.url;
      const at = url.indexOf("/trim/stages/");
      if (at >= 0) {
        stage = url.slice(at + 13, -3);
        break;
      }
    }
    const special = ["(idle)", "(garbage collector)", "op_read", "(program)"];
    add(stages, stage ?? (special.includes(name) ? name : "other (streams, start-up)"), t);
  }
  return { total, self, stages };
}

function _table(m: Map<string, number>, total: number, top: number): string {
  return [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, t]) =>
    `${(t / 1000).toFixed(0).padStart(6)} ms ${(100 * t / total).toFixed(1).padStart(5)} %  ${k}`
  ).join("\n");
}

if (import.meta.main) {
  const [path, top = "25"] = Deno.args;
  if (path === undefined) {
    console.error("usage: prof_summary.ts PROFILE.cpuprofile [TOP]");
    Deno.exit(2);
  }
  const { total, self, stages } = summarise(JSON.parse(await Deno.readTextFile(path)));
  console.log(`total ${(total / 1000).toFixed(0)} ms\n\nby stage:\n${_table(stages, total, 20)}`);
  console.log(`\nby function (self time):\n${_table(self, total, Number(top))}`);
}
