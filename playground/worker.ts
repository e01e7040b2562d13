/**
 * The playground's Web Worker: runs the trim pipeline off the page's main thread.
 * One run at a time; a new `run` message or a `cancel` aborts the current run
 * through the pipeline's `signal` option.
 *
 * @module
 */

import type { FromWorker, ToWorker } from "./protocol.ts";
import { runPlayground } from "./run.ts";
import { LineActions } from "./minimap.ts";

/** Rows of the minimap sent to the page. */
const MINIMAP_ROWS = 400;
import { TrimError } from "../trim/errors.ts";

/** The part of a worker's global scope used here (typed without the webworker lib). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
let current: { id: number; controller: AbortController } | undefined;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "cancel") {
    if (current?.id === message.id) current.controller.abort();
    return;
  }
  current?.controller.abort();
  void run(message.id, message.input, message);
};

async function run(
  id: number,
  input: Blob,
  options: Extract<ToWorker, { type: "run" }>,
): Promise<void> {
  const controller = new AbortController();
  const job = { id, controller };
  current = job;
  const started = performance.now();
  const minimap = new LineActions();
  try {
    const result = await runPlayground(input, {
      minimap,
      aggressiveness: options.aggressiveness,
      signal: controller.signal,
      onProgress: (bytesRead, totalBytes) =>
        scope.postMessage({ type: "progress", id, bytesRead, totalBytes }),
      onOutput: (chunk) => {
        if (controller.signal.aborted) return;
        // A copy: the pipeline may reuse the chunk's buffer.
        const copy = chunk.slice();
        scope.postMessage({ type: "output", id, chunk: copy }, [copy.buffer]);
      },
    });
    const rows = minimap.rows(MINIMAP_ROWS);
    const shares = minimap.shares();
    scope.postMessage({ type: "minimap", id, rows, lines: minimap.count, shares }, [rows.buffer]);
    scope.postMessage({ type: "done", id, result, elapsedMs: performance.now() - started });
  } catch (e) {
    if (e instanceof TrimError && e.code === "ABORTED") {
      scope.postMessage({ type: "cancelled", id });
    } else {
      scope.postMessage({ type: "error", id, message: e instanceof Error ? e.message : String(e) });
    }
  } finally {
    if (current === job) current = undefined;
  }
}
