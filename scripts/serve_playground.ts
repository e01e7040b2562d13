/**
 * Serves the browser playground (`playground/`, after `scripts/build_playground.ts`)
 * on localhost.
 *
 * Usage:
 *   deno run -A scripts/serve_playground.ts [--port 8000]
 *
 * @module
 */

import { PLAYGROUND_DIR } from "./build_playground.ts";

/** Content types of the files the playground is made of. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** Options of {@linkcode servePlayground}. */
export interface ServePlaygroundOptions {
  /** Port; 0 picks a free one (default 8000). */
  port?: number;
  /** Address to listen on (default `127.0.0.1`). */
  hostname?: string;
  /** Called once listening, with the page's URL. */
  onListen?: (url: string) => void;
  /** Folder to serve (default `playground/`). */
  root?: URL;
}

/**
 * A request handler serving the files of `root` (default `playground/`): `/` is
 * `index.html`; only files with a known content type are served, and nothing outside
 * `root`.
 */
export function playgroundHandler(root: URL = PLAYGROUND_DIR): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response("method not allowed\n", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url).pathname);
    } catch {
      return _notFound();
    }
    if (path.endsWith("/")) path += "index.html";
    const segments = path.split("/").slice(1);
    if (segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\"))) {
      return _notFound();
    }
    const dot = path.lastIndexOf(".");
    const type = dot > path.lastIndexOf("/") ? CONTENT_TYPES[path.slice(dot)] : undefined;
    if (type === undefined) return _notFound();
    let file: Deno.FsFile;
    try {
      file = await Deno.open(new URL(segments.join("/"), root));
    } catch {
      return _notFound();
    }
    const info = await file.stat();
    if (!info.isFile) {
      file.close();
      return _notFound();
    }
    const headers = {
      "content-type": type,
      "content-length": String(info.size),
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'self'; object-src 'none'; base-uri 'none'",
    };
    if (req.method === "HEAD") {
      file.close();
      return new Response(null, { headers });
    }
    return new Response(file.readable, { headers });
  };
}

function _notFound(): Response {
  return new Response("not found\n", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/** Serves the playground and returns the server (stop it with `server.shutdown()`). */
export function servePlayground(options: ServePlaygroundOptions = {}): Deno.HttpServer {
  const hostname = options.hostname ?? "127.0.0.1";
  return Deno.serve({
    hostname,
    port: options.port ?? 8000,
    onListen: ({ port }) => options.onListen?.(`http://${hostname}:${port}/`),
  }, playgroundHandler(options.root));
}

function _port(args: string[]): number {
  const i = args.findIndex((a) => a === "--port" || a.startsWith("--port="));
  if (i < 0) return 8000;
  const value = args[i].startsWith("--port=") ? args[i].slice(7) : args[i + 1];
  const port = Number(value);
  if (!/^\d+$/.test(value ?? "") || port > 65535) {
    console.error(`--port: ${value ?? "(missing)"} is not a port number (0-65535)`);
    Deno.exit(2);
  }
  return port;
}

if (import.meta.main) {
  const port = _port(Deno.args);
  try {
    await Deno.stat(new URL("dist/main.js", PLAYGROUND_DIR));
  } catch {
    console.error("playground/dist/ is missing: run `deno task build:playground` first");
    Deno.exit(1);
  }
  servePlayground({
    port,
    onListen: (url) => console.log(`trimlog playground: ${url} (Ctrl+C to stop)`),
  });
}
