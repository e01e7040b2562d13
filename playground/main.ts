/// <reference no-default-lib="true" />
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/// <reference lib="esnext" />
/**
 * The playground page: takes a log (dropped, picked or pasted), hands it to the worker
 * (`worker.ts`, which runs the trim pipeline) and shows progress, the reduced log and
 * the result. Log text only ever reaches the page through `textContent` / text nodes.
 *
 * @module
 */

import type { FromWorker, ToWorker } from "./protocol.ts";
import { AGGRESSIVENESS_LEVELS, levelLabel } from "./levels.ts";
import type { Aggressiveness, TrimResult } from "../trim/types.ts";

/** How much of the reduced log the output pane shows; the rest is in the download. */
const PREVIEW_BYTES = 256 * 1024;

function $<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`#${id} missing from the page`);
  return el as T;
}

const ui = {
  dropZone: $<HTMLElement>("drop-zone"),
  file: $<HTMLInputElement>("file"),
  paste: $<HTMLTextAreaElement>("paste"),
  runPaste: $<HTMLButtonElement>("run-paste"),
  aggressiveness: $<HTMLSelectElement>("aggressiveness"),
  cancel: $<HTMLButtonElement>("cancel"),
  progress: $<HTMLProgressElement>("progress"),
  status: $<HTMLElement>("status"),
  lines: $<HTMLElement>("stat-lines"),
  tokens: $<HTMLElement>("stat-tokens"),
  bytes: $<HTMLElement>("stat-bytes"),
  saved: $<HTMLElement>("stat-saved"),
  format: $<HTMLElement>("stat-format"),
  sources: $<HTMLElement>("stat-sources"),
  time: $<HTMLElement>("stat-time"),
  output: $<HTMLPreElement>("output"),
  outputNote: $<HTMLElement>("output-note"),
  download: $<HTMLButtonElement>("download"),
  minimap: $<HTMLCanvasElement>("minimap"),
  minimapShares: $<HTMLElement>("minimap-shares"),
};

// The levels come from the option table (trim/options.ts), `auto` first and selected.
for (const level of AGGRESSIVENESS_LEVELS) {
  ui.aggressiveness.add(new Option(levelLabel(level), level, level === "auto", level === "auto"));
}

/** The current (or last) run. */
interface Run {
  id: number;
  name: string;
  input: Blob;
  chunks: Uint8Array<ArrayBuffer>[];
  outputBytes: number;
  previewBytes: number;
  previewDone: boolean;
  decoder: TextDecoder;
  running: boolean;
}

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
let nextId = 1;
let run: Run | undefined;

function post(message: ToWorker): void {
  worker.postMessage(message);
}

function setState(state: "idle" | "running" | "done" | "cancelled" | "error"): void {
  document.body.dataset.state = state;
  ui.cancel.disabled = state !== "running";
}

function start(input: Blob, name: string): void {
  if (run?.running) post({ type: "cancel", id: run.id });
  run = {
    id: nextId++,
    name,
    input,
    chunks: [],
    outputBytes: 0,
    previewBytes: 0,
    previewDone: false,
    decoder: new TextDecoder(),
    running: true,
  };
  ui.output.textContent = "";
  ui.outputNote.textContent = "";
  ui.download.disabled = true;
  for (const el of [ui.lines, ui.tokens, ui.bytes, ui.saved, ui.format, ui.sources, ui.time]) {
    el.textContent = "…";
  }
  ui.progress.max = Math.max(input.size, 1);
  ui.progress.value = 0;
  ui.status.textContent = `Reading ${name}… 0 of ${formatBytes(input.size)}`;
  document.body.dataset.run = String(run.id);
  setState("running");
  post({
    type: "run",
    id: run.id,
    input,
    aggressiveness: ui.aggressiveness.value as Aggressiveness,
  });
}

worker.onmessage = (event: MessageEvent<FromWorker>) => {
  const m = event.data;
  if (run === undefined || m.id !== run.id) return; // a cancelled run
  switch (m.type) {
    case "progress": {
      ui.progress.max = Math.max(m.totalBytes, 1);
      ui.progress.value = m.bytesRead;
      const pct = m.totalBytes > 0 ? Math.floor((m.bytesRead / m.totalBytes) * 100) : 100;
      ui.status.textContent = `Reading ${run.name}… ${formatBytes(m.bytesRead)} of ${
        formatBytes(m.totalBytes)
      } (${pct}%)`;
      break;
    }
    case "output":
      addOutput(run, m.chunk);
      break;
    case "minimap":
      drawMinimap(m.rows, m.lines, m.shares);
      break;
    case "done":
      run.running = false;
      finishPreview(run);
      showResult(m.result, m.elapsedMs);
      ui.status.textContent = `Done: ${run.name} in ${formatSeconds(m.elapsedMs)}`;
      ui.download.disabled = false;
      setState("done");
      break;
    case "cancelled":
      run.running = false;
      finishPreview(run);
      ui.status.textContent = `Cancelled: ${run.name} (partial output shown)`;
      ui.download.disabled = run.outputBytes === 0;
      setState("cancelled");
      break;
    case "error":
      run.running = false;
      ui.status.textContent = `Error: ${m.message}`;
      setState("error");
      break;
  }
};

worker.onerror = (event) => {
  if (run !== undefined) run.running = false;
  ui.status.textContent = `Error: the worker failed (${event.message || "unknown error"})`;
  setState("error");
};

/** Keeps the chunk for the download and shows whole lines up to {@linkcode PREVIEW_BYTES}. */
function addOutput(r: Run, chunk: Uint8Array<ArrayBuffer>): void {
  r.chunks.push(chunk);
  r.outputBytes += chunk.byteLength;
  if (r.previewDone) return;
  let part = chunk;
  const room = PREVIEW_BYTES - r.previewBytes;
  if (chunk.byteLength > room) {
    const cut = chunk.lastIndexOf(0x0a, room - 1);
    part = chunk.subarray(0, cut + 1);
    r.previewDone = true;
  }
  r.previewBytes += part.byteLength;
  const text = r.decoder.decode(part, { stream: !r.previewDone });
  if (text !== "") ui.output.append(document.createTextNode(text));
}

function finishPreview(r: Run): void {
  if (!r.previewDone) {
    const rest = r.decoder.decode();
    if (rest !== "") ui.output.append(document.createTextNode(rest));
  }
  if (r.previewBytes < r.outputBytes) {
    ui.outputNote.textContent = `Showing the first ${formatBytes(r.previewBytes)} of ${
      formatBytes(r.outputBytes)
    }. Download the reduced log to see all of it.`;
  }
}

function showResult(r: TrimResult, elapsedMs: number): void {
  const s = r.stats;
  ui.lines.textContent = `${formatNumber(s.inputLines)} → ${formatNumber(s.outputLines)}`;
  ui.tokens.textContent = `${formatNumber(r.inputTokens)} → ${formatNumber(r.outputTokens)}`;
  ui.bytes.textContent = `${formatBytes(s.inputBytes)} → ${formatBytes(s.outputBytes)}`;
  ui.saved.textContent = `${r.savingsPercent}%`;
  ui.format.textContent = r.detectedFormat ?? "none detected";
  ui.sources.textContent = r.detectedSources?.length
    ? r.detectedSources.join(", ")
    : "none detected";
  ui.time.textContent = formatSeconds(elapsedMs);
}

/**
 * Minimap colours, by category (`MINIMAP_CATEGORIES`): kept by a failure block, by the
 * end of the step or log, as context; folded; dropped by the budget; dropped otherwise.
 */
const MINIMAP_COLOURS = [
  "#2e9e5b",
  "#1f6f8b",
  "#9fd4ae",
  "#3b7dd8",
  "#e0a030",
  "#c9ced6",
] as const;

/**
 * Draws the minimap: one row per group of input lines, its width split by the share
 * of the lines in each category (`minimap.ts`). `data-lines`, `data-kept` (rows with
 * kept lines) and `data-budget` (lines dropped by the budget) tell the tests what was
 * drawn; the label says where the budget went.
 */
function drawMinimap(rows: Uint8Array, lines: number, shares: readonly number[]): void {
  const canvas = ui.minimap;
  const k = MINIMAP_COLOURS.length;
  const n = rows.length / k;
  const ctx = canvas.getContext("2d");
  canvas.dataset.lines = String(lines);
  canvas.dataset.budget = String(shares[4] ?? 0);
  if (ctx === null || n === 0) return;
  const w = canvas.width;
  const h = canvas.height;
  ctx.clearRect(0, 0, w, h);
  let kept = 0;
  for (let row = 0; row < n; row++) {
    const y = Math.floor((row * h) / n);
    const rh = Math.max(1, Math.floor(((row + 1) * h) / n) - y);
    let x = 0;
    for (let c = 0; c < k; c++) {
      const share = rows[row * k + c] / 255;
      const width = c === k - 1 ? w - x : Math.round(share * w);
      if (width <= 0) continue;
      ctx.fillStyle = MINIMAP_COLOURS[c];
      ctx.fillRect(x, y, width, rh);
      x += width;
    }
    if (rows[row * k] + rows[row * k + 1] + rows[row * k + 2] > 0) kept++;
  }
  canvas.dataset.kept = String(kept);
  const [failure, end, context, folded, budget] = shares;
  canvas.setAttribute(
    "aria-label",
    `Minimap of ${formatNumber(lines)} input lines: kept by failure blocks ${
      formatNumber(failure)
    }, end of step ${formatNumber(end)}, context ${formatNumber(context)}; folded ${
      formatNumber(folded)
    }; dropped by the budget ${formatNumber(budget)}`,
  );
  ui.minimapShares.textContent = `failure ${formatNumber(failure)} · end ${formatNumber(end)} · ` +
    `context ${formatNumber(context)} · budget dropped ${formatNumber(budget)}`;
}

function formatNumber(n: number): string {
  return n.toLocaleString("en-US");
}

function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} kB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function downloadName(name: string): string {
  const base = name.replace(/\.(log|txt)$/i, "");
  return `${base}.trimmed.log`;
}

// Input: file picker, drop anywhere on the page, paste.
ui.file.addEventListener("change", () => {
  const file = ui.file.files?.[0];
  if (file !== undefined) start(file, file.name);
  ui.file.value = "";
});

let dragDepth = 0;
addEventListener("dragenter", (e) => {
  e.preventDefault();
  dragDepth++;
  ui.dropZone.classList.add("dragging");
});
addEventListener("dragleave", () => {
  if (--dragDepth <= 0) {
    dragDepth = 0;
    ui.dropZone.classList.remove("dragging");
  }
});
addEventListener("dragover", (e) => e.preventDefault());
addEventListener("drop", (e) => {
  e.preventDefault();
  dragDepth = 0;
  ui.dropZone.classList.remove("dragging");
  const file = e.dataTransfer?.files[0];
  if (file !== undefined) {
    start(file, file.name);
    return;
  }
  const text = e.dataTransfer?.getData("text/plain");
  if (text) {
    ui.paste.value = text;
    startPaste();
  }
});

function startPaste(): void {
  const text = ui.paste.value;
  if (text === "") {
    ui.status.textContent = "Paste a log first.";
    return;
  }
  start(new Blob([text], { type: "text/plain" }), "pasted log");
}

ui.runPaste.addEventListener("click", startPaste);
ui.paste.addEventListener("paste", () => setTimeout(startPaste, 0));
ui.paste.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) startPaste();
});

ui.aggressiveness.addEventListener("change", () => {
  if (run !== undefined) start(run.input, run.name);
});

ui.cancel.addEventListener("click", () => {
  if (run?.running) post({ type: "cancel", id: run.id });
});

ui.download.addEventListener("click", () => {
  if (run === undefined) return;
  const url = URL.createObjectURL(new Blob(run.chunks, { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = downloadName(run.name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
});

setState("idle");
