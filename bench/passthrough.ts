/**
 * "Speed of light" reference for the trim benchmark: a bare, batched line passthrough.
 *
 * Reads the file through `Deno.open(...).readable`, decodes with `TextDecoderStream`, splits
 * each decoded chunk into a `string[]` batch of lines (handling `\n` and `\r\n`; a lone `\r`
 * stays part of the line), then joins the lines back with `\n` and writes them in ~64 KiB
 * batches. It does no per-line work beyond that, so it bounds what any line-based Deno tool
 * can reach on this machine. CRLF line ends come out as LF.
 *
 * CLI:
 *
 * ```sh
 * deno run -A bench/passthrough.ts INPUT OUTPUT
 * deno run -A bench/passthrough.ts INPUT -o OUTPUT
 * ```
 *
 * @module
 */

/** Size of the write batches. */
export const WRITE_BATCH_BYTES = 64 * 1024;

/** Counters returned by {@linkcode passthrough}. */
export interface PassthroughResult {
  /** Lines written. */
  lines: number;
  /** Bytes written. */
  bytesOut: number;
}

/**
 * Yield the lines of a decoded text stream in batches, one `string[]` per input chunk.
 *
 * @param text decoded text chunks
 */
export async function* lineBatches(text: ReadableStream<string>): AsyncGenerator<string[]> {
  let carry = "";
  for await (const chunk of text) {
    const parts = (carry + chunk).split("\n");
    carry = parts.pop() ?? "";
    for (let i = 0; i < parts.length; i++) {
      const l = parts[i];
      if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) parts[i] = l.slice(0, -1);
    }
    if (parts.length > 0) yield parts;
  }
  if (carry.length > 0) {
    yield [carry.charCodeAt(carry.length - 1) === 13 ? carry.slice(0, -1) : carry];
  }
}

/**
 * Copy `input` to `output` line by line, in batches.
 *
 * @param input path of the log to read
 * @param output path to write (created or truncated)
 */
export async function passthrough(input: string, output: string): Promise<PassthroughResult> {
  const src = await Deno.open(input, { read: true });
  const dst = await Deno.open(output, { write: true, create: true, truncate: true });
  const enc = new TextEncoder();
  let lines = 0, bytesOut = 0;
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const buf = enc.encode(pending.join(""));
    pending = [];
    pendingChars = 0;
    let off = 0;
    while (off < buf.length) off += await dst.write(buf.subarray(off));
    bytesOut += buf.length;
  };
  try {
    for await (const batch of lineBatches(src.readable.pipeThrough(new TextDecoderStream()))) {
      const s = batch.join("\n") + "\n";
      lines += batch.length;
      pending.push(s);
      pendingChars += s.length;
      if (pendingChars >= WRITE_BATCH_BYTES) await flush();
    }
    await flush();
  } finally {
    dst.close();
  }
  return { lines, bytesOut };
}

if (import.meta.main) {
  // Accepts `INPUT OUTPUT` and, like the trim CLI, `INPUT -o OUTPUT`.
  const args = Deno.args.filter((a) => a !== "-o" && a !== "--output" && a !== "--no-telemetry");
  const [input, output] = args;
  if (!input || !output || args.length !== 2) {
    console.error("usage: deno run -A bench/passthrough.ts INPUT [-o] OUTPUT");
    Deno.exit(2);
  }
  const res = await passthrough(input, output);
  console.error(`passthrough: ${res.lines} lines, ${res.bytesOut} bytes`);
}
