// Waiting for a child process to be ready for a signal, instead of sleeping a fixed time.

/**
 * Resolves once the process `pid` catches signal number `signo` (its handler is
 * installed: bit `signo - 1` of `SigCgt` in `/proc/<pid>/status`), or after `ms`
 * milliseconds. Where `/proc` is not there (not Linux), waits `fallback` ms instead.
 * Sending the signal before the handler exists kills the process by the default
 * action: a test that sleeps a fixed time fails so on a loaded machine.
 */
export async function catchesSignal(
  pid: number,
  signo: number,
  ms = 20_000,
  fallback = 1_500,
): Promise<void> {
  const bit = 1n << BigInt(signo - 1);
  for (let waited = 0; waited < ms; waited += 20) {
    let status: string;
    try {
      status = await Deno.readTextFile(`/proc/${pid}/status`);
    } catch {
      if (waited === 0) await new Promise((r) => setTimeout(r, fallback));
      return;
    }
    const m = status.match(/^SigCgt:\s*([0-9a-f]+)$/m);
    if (m && (BigInt(`0x${m[1]}`) & bit) !== 0n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
