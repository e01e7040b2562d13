// A TypeScript consumer of the installed npm package, type-checked by tsc in
// tests/npm/package.test.ts (strict, module NodeNext, skipLibCheck false). Not run.
import { createReadStream } from "node:fs";
import process from "node:process";
import { Readable } from "node:stream";
import {
  createTrimStream,
  processLogStream,
  TrimError,
  type TrimOptions,
  type TrimResult,
  type TrimStream,
  trimText,
} from "trimlog";
import {
  createHandler,
  EXIT,
  type HealthConfig,
  Monitor,
  parseConfig,
  type Runtime,
} from "trimlog/health";

const options: TrimOptions = { maxLineLength: 2000, aggressiveness: "high", multiline: "auto" };

// Node streams: a Readable in, a Writable (drain honoured, not ended) out.
const fromNode: TrimResult = await processLogStream(
  createReadStream("build.log"),
  process.stdout,
  options,
);
// Web streams.
const fromWeb: TrimResult = await processLogStream(
  Readable.toWeb(createReadStream("build.log")),
  new WritableStream<Uint8Array>(),
  { ...options, signal: AbortSignal.timeout(1000) },
);
const { output }: { output: string } = await trimText("a\n");
const stream: TrimStream = createTrimStream({ dedupe: false });
const lines: number = fromNode.stats.inputLines + fromWeb.savingsPercent + output.length;

// @ts-expect-error: not an aggressiveness level
const wild: TrimOptions = { aggressiveness: "wild" };
const error = new TrimError("ABORTED", "stopped");
const code: "ABORTED" | string = error.code;

const config: HealthConfig = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432 }\n");
const handler: (request: Request) => Response | Promise<Response> = createHandler({
  monitor: new Monitor({ config, dial: () => Promise.resolve() }),
});
const exit: number = EXIT.CONFIG;
const stdout: Runtime["stdout"] = (line) => void process.stdout.write(line + "\n");

export { code, exit, handler, lines, stdout, stream, wild };
