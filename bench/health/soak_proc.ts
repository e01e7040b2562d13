// Child processes of the porthealth soak (soak.ts) and what /proc says about them.

const ROOT = new URL("../../", import.meta.url).pathname;

/** A child process run from the repository root, its output kept. */
export class Proc {
  child: Deno.ChildProcess;
  out = "";
  err = "";
  done: Promise<void>[];
  constructor(cmd: string, argv: string[]) {
    this.child = new Deno.Command(cmd, {
      args: argv,
      stdout: "piped",
      stderr: "piped",
      cwd: ROOT,
      env: { NO_COLOR: "1" },
    }).spawn();
    const pump = async (s: ReadableStream<Uint8Array>, add: (t: string) => void) => {
      for await (const c of s.pipeThrough(new TextDecoderStream())) add(c);
    };
    this.done = [
      pump(this.child.stdout, (t) => this.out += t),
      pump(this.child.stderr, (t) => this.err += t),
    ];
  }
  async wait(): Promise<number> {
    const { code, signal } = await this.child.status;
    await Promise.all(this.done);
    return signal ? 128 : code;
  }
  kill(sig: Deno.Signal = "SIGTERM") {
    try {
      this.child.kill(sig);
    } catch { /* exited */ }
  }
}

export function procStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(s)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

export function fdCount(pid: number): number {
  let n = 0;
  try {
    for (const _ of Deno.readDirSync(`/proc/${pid}/fd`)) n++;
  } catch { /* exited */ }
  return n;
}
