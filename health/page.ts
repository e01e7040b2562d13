/**
 * The HTML status page served at `/`.
 *
 * @module
 */

import type { HealthConfig } from "./config.ts";
import { HISTORY_SIZE } from "./history.ts";
import type { CheckReport, Report } from "./monitor.ts";

/**
 * Escape text for HTML element content and quoted attribute values.
 *
 * @example Escaping
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./page.ts";
 * assert.ok(escapeHtml(`<a href="x">&'`) === "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => _ENTITIES[c]);
}

const _ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Options of {@linkcode renderPage}.
 *
 * @example Rendering before the first round
 * ```ts
 * import assert from "node:assert/strict";
 * import { type PageOptions, renderPage } from "./page.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 5432, name: db }\n");
 * const options: PageOptions = { config, version: "0.1.0", nonce: "r4nd0m", refreshSeconds: 10 };
 * const html = renderPage(options);
 * assert.ok(html.includes('nonce="r4nd0m"') && html.includes("pending") && html.includes("10000"));
 * ```
 */
export interface PageOptions {
  /** The configuration whose checks are listed. */
  config: HealthConfig;
  /** The porthealth version. */
  version: string;
  /** The latest round, if one has run; rows show "pending" otherwise. */
  report?: Report;
  /** Seconds between refreshes from `/health`; default 5. */
  refreshSeconds?: number;
  /** The CSP nonce of the inline script. */
  nonce: string;
}

/**
 * Render the status page: service name, version, and a table of every check with its
 * status, since when, uptime and a strip of its last results, latency and error. The page
 * re-reads `/health?history=1` every few seconds without reloading; every piece of config
 * text is HTML-escaped, and the script writes only through `textContent`.
 *
 * @example Rendering
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderPage } from "./page.ts";
 * import { parseConfig } from "./config.ts";
 * const config = parseConfig("checks:\n  - { host: 127.0.0.1, port: 1, name: '<db>' }\n");
 * const html = renderPage({ config, version: "0.1.0", nonce: "abc" });
 * assert.ok(html.includes("&lt;db&gt;") && !html.includes("<db>"));
 * ```
 */
export function renderPage(options: PageOptions): string {
  const { config, version, report, nonce } = options;
  const refresh = options.refreshSeconds ?? 5;
  const title = escapeHtml(config.server.name);
  const results = new Map(report?.checks.map((c) => [c.check, c]));
  const rows = config.checks.map((check) => {
    const r = results.get(check);
    const status = r?.status ?? "pending";
    const latency = r ? `${r.latencyMs.toFixed(1)} ms` : "";
    const error = r?.error ? `${r.error}: ${r.message ?? ""}` : "";
    return `<tr class="${status}"><td class="name">${escapeHtml(check.name)}</td>` +
      `<td class="target">${escapeHtml(_target(check.host, check.port))}</td>` +
      `<td class="description">${escapeHtml(check.description)}</td>` +
      `<td class="status">${status}</td>` +
      `<td class="since">${r?.since ? r.since.toISOString() : ""}</td>` +
      `<td class="uptime">${_uptime(r)}</td>` +
      `<td class="history">${_strip(r?.history?.toString() ?? "")}</td>` +
      `<td class="latency">${latency}</td>` +
      `<td class="error">${escapeHtml(error)}</td></tr>`;
  }).join("\n");
  const overall = report
    ? (report.checks.every((c) => c.status === "healthy") ? "healthy" : "unhealthy")
    : "pending";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — porthealth</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
h1 { font-size: 1.4rem; margin: 0 0 .3rem; }
.meta { color: #666; margin-bottom: 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #ddd; }
th { background: #f4f4f4; }
td.status { font-weight: 600; }
tr.healthy td.status, #overall.healthy { color: #137333; }
tr.unhealthy td.status, #overall.unhealthy { color: #c5221f; }
tr.pending td.status, #overall.pending { color: #888; }
#notice { color: #c5221f; }
td.since, td.uptime { white-space: nowrap; font-variant-numeric: tabular-nums; }
.strip { display: flex; width: ${HISTORY_SIZE * 2}px; height: 14px; background: #eee; }
.strip i { display: block; height: 100%; }
.strip i.ok { background: #34a853; }
.strip i.down { background: #d93025; }
</style>
</head>
<body>
<h1>${title}</h1>
<div class="meta">porthealth <span id="version">${escapeHtml(version)}</span> ·
overall: <span id="overall" class="${overall}">${overall}</span> ·
updated <span id="updated">${report ? report.finishedAt.toISOString() : "never"}</span>
<span id="notice"></span></div>
<p id="message"></p>
<table id="checks">
<thead><tr><th>Name</th><th>Target</th><th>Description</th><th>Status</th><th>Since</th>
<th>Uptime</th><th>Last ${HISTORY_SIZE} results</th><th>Latency</th><th>Error</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<script nonce="${escapeHtml(nonce)}">
(() => {
  const refreshMs = ${Math.round(refresh * 1000)};
  const $ = (id) => document.getElementById(id);
  const cell = (cls, text) => {
    const td = document.createElement("td");
    td.className = cls;
    td.textContent = text;
    return td;
  };
  const target = (h, p) => (h.includes(":") && !h.startsWith("[") ? "[" + h + "]" : h) + ":" + p;
  const size = ${HISTORY_SIZE};
  // runs of equal results as flex items, oldest first; the empty part of the window is grey
  const strip = (history) => {
    const td = document.createElement("td");
    td.className = "history";
    const div = document.createElement("div");
    div.className = "strip";
    div.dataset.history = history;
    div.title = history.length + " results, oldest first";
    if (history.length < size) div.append(run("", size - history.length));
    for (let i = 0; i < history.length;) {
      let j = i;
      while (j < history.length && history[j] === history[i]) j++;
      div.append(run(history[i] === "1" ? "ok" : "down", j - i));
      i = j;
    }
    td.append(div);
    return td;
  };
  const run = (cls, n) => {
    const i = document.createElement("i");
    i.className = cls;
    i.style.flex = String(n);
    return i;
  };
  const ago = (iso, now) => {
    let s = Math.max(0, Math.round((Date.parse(now) - Date.parse(iso)) / 1000));
    const parts = [];
    for (const [unit, n] of [["d", 86400], ["h", 3600], ["m", 60]]) {
      if (s >= n) {
        parts.push(Math.floor(s / n) + unit);
        s %= n;
      }
    }
    if (parts.length < 2) parts.push(s + "s");
    return parts.slice(0, 2).join(" ");
  };
  async function refresh() {
    try {
      const res = await fetch("health?history=1", { cache: "no-store", headers: { accept: "application/json" } });
      if (res.status !== 200 && res.status !== 503) throw new Error("HTTP " + res.status);
      const body = await res.json();
      const tbody = $("checks").tBodies[0];
      const rows = body.checks.map((c) => {
        const tr = document.createElement("tr");
        tr.className = c.status;
        tr.append(
          cell("name", c.name),
          cell("target", target(c.host, c.port)),
          cell("description", c.description),
          cell("status", c.status),
          cell("since", c.since ? c.since.slice(0, 19).replace("T", " ") + "Z (" + ago(c.since, body.timestamp) + ")" : ""),
          cell("uptime", c.uptime === undefined ? "" : (c.uptime * 100).toFixed(1) + "%"),
          strip(c.history || ""),
          cell("latency", c.latency_ms.toFixed(1) + " ms"),
          cell("error", c.error ? c.error + ": " + (c.message || "") : ""),
        );
        return tr;
      });
      tbody.replaceChildren(...rows);
      $("overall").textContent = body.status;
      $("overall").className = body.status;
      $("message").textContent = body.message;
      $("version").textContent = body.version;
      $("updated").textContent = body.checked_at + " (" + body.age_ms + " ms before " + body.timestamp + ")";
      $("notice").textContent = "";
    } catch (err) {
      $("notice").textContent = "· could not refresh: " + err.message;
    } finally {
      setTimeout(refresh, refreshMs);
    }
  }
  refresh();
})();
</script>
</body>
</html>
`;
}

function _uptime(r: CheckReport | undefined): string {
  const up = r?.history?.uptime();
  return up === undefined ? "" : `${(up * 100).toFixed(1)}%`;
}

function _strip(history: string): string {
  const runs: string[] = [];
  if (history.length < HISTORY_SIZE) {
    runs.push(`<i style="flex: ${HISTORY_SIZE - history.length}"></i>`);
  }
  for (let i = 0; i < history.length;) {
    let j = i;
    while (j < history.length && history[j] === history[i]) j++;
    runs.push(`<i class="${history[i] === "1" ? "ok" : "down"}" style="flex: ${j - i}"></i>`);
    i = j;
  }
  return `<div class="strip" data-history="${history}">${runs.join("")}</div>`;
}

function _target(host: string, port: number): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]:${port}` : `${host}:${port}`;
}
