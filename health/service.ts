/**
 * The running porthealth service: monitor, HTTP listener, reload on SIGHUP (a rejected
 * config keeps the previous one), graceful shutdown on SIGINT/SIGTERM.
 *
 * @module
 */

import type { Args } from "./args.ts";
import type { HealthConfig } from "./config.ts";
import { formatDuration } from "./duration.ts";
import { createHandler } from "./handler.ts";
import { createLogger, type Logger } from "./log.ts";
import { Monitor, type StateChange } from "./monitor.ts";
import { errorMessage, listenProblem, loadErrorLines } from "./problems.ts";
import {
  concurrencyForFileLimit,
  EXIT,
  type Listening,
  type Runtime,
  type Signal,
} from "./runtime.ts";
import { VERSION } from "./version.ts";

/**
 * Serve `config` until SIGINT/SIGTERM; `load` re-reads the config file on SIGHUP. Resolves
 * with the exit code.
 */
export async function runService(
  rt: Runtime,
  args: Args,
  config: HealthConfig,
  load: () => Promise<HealthConfig>,
): Promise<number> {
  const logger = createLogger(args.logFormat, rt.stdout);
  const fit = _concurrencyFitter(rt, logger);
  fit(config);
  const monitor = new Monitor({
    dial: rt.dial,
    config,
    onChange: (change) => _logChange(logger, change),
    onOverrun: ({ intervalMs, durationMs, checks }) =>
      logger.log(
        "warn",
        "overrun",
        `a round of ${checks} checks took ${durationMs} ms, longer than its interval ${
          formatDuration(intervalMs)
        }; the next starts when it ends (raise the interval or server.concurrency, or lower the timeouts)`,
        { interval: formatDuration(intervalMs), duration_ms: durationMs, checks },
      ),
  });
  const inner = createHandler({ monitor, shareBodies: rt.shareBodies, rawAnswers: rt.rawAnswers });
  const failed = (request: Request, err: unknown) => {
    logger.log("error", "error", `request failed: ${errorMessage(err)}`, {
      method: request.method,
      path: new URL(request.url).pathname,
    });
    return new Response("Internal Server Error\n", { status: 500 });
  };
  // no async wrapper: /live answers synchronously (see createHandler)
  const handler = (request: Request): Response | Promise<Response> => {
    let res: Response | Promise<Response>;
    try {
      res = inner(request);
    } catch (err) {
      return failed(request, err);
    }
    return res instanceof Response ? res : res.catch((err) => failed(request, err));
  };

  let listening: Listening;
  try {
    listening = await rt.listen({
      host: config.server.host,
      port: config.server.port,
      handler,
      onListenerError: (message) => logger.log("error", "listener", message),
    });
  } catch (err) {
    rt.stderr(`porthealth: ${listenProblem(config.server.host, config.server.port, err)}`);
    return EXIT.RUNTIME;
  }
  logger.log("info", "start", `porthealth ${VERSION} listening on http://${listening.address}/`, {
    config: args.config,
    checks: config.checks.length,
    timeout: formatDuration(config.server.timeoutMs),
    cache: formatDuration(config.server.cacheMs),
    interval: config.server.intervalMs > 0 ? formatDuration(config.server.intervalMs) : "none",
    concurrency: config.server.concurrency,
    auth: config.auth.enabled ? "on" : "off",
    listen: listening.address,
  });
  monitor.start();

  let reloading = Promise.resolve();
  rt.onSignal("SIGHUP", () => {
    reloading = reloading.then(() => _reload(monitor, listening, logger, args, load, fit));
  });
  await _untilStopped(rt, listening, logger);
  monitor.stop();
  return EXIT.OK;
}

// Probes beyond the open-file limit would fail with EMFILE (and starve HTTP accepts):
// lower server.concurrency to fit, on start and on every reload.
function _concurrencyFitter(rt: Runtime, logger: Logger): (config: HealthConfig) => void {
  const fileLimit = rt.openFileLimit?.();
  return (next) => {
    if (fileLimit === undefined || !Number.isFinite(fileLimit)) return;
    const cap = concurrencyForFileLimit(fileLimit);
    if (next.server.concurrency <= cap) return;
    // said only when it matters: with fewer checks than the cap nothing changes
    if (next.checks.length > cap) {
      logger.log(
        "warn",
        "concurrency",
        `server.concurrency ${next.server.concurrency} lowered to ${cap}: the process may open only ${fileLimit} files (ulimit -n); raise the limit (LimitNOFILE= in the systemd unit) to probe more checks at once`,
        { configured: next.server.concurrency, concurrency: cap, open_files: fileLimit },
      );
    }
    next.server.concurrency = cap;
  };
}

function _logChange(logger: Logger, { check, from, result }: StateChange) {
  const to = result.status;
  logger.log(
    to === "healthy" ? "info" : "warn",
    "check",
    `check ${check.name} is ${to}${result.message ? `: ${result.message}` : ""}`,
    {
      name: check.name,
      host: check.host,
      port: check.port,
      from: from ?? "unknown",
      to,
      error: result.error,
      latency_ms: result.latencyMs,
    },
  );
}

async function _reload(
  monitor: Monitor,
  listening: Listening,
  logger: Logger,
  args: Args,
  load: () => Promise<HealthConfig>,
  fit: (config: HealthConfig) => void,
) {
  try {
    const next = await load();
    const cur = monitor.config.server;
    if (next.server.host !== cur.host || next.server.port !== cur.port) {
      logger.log(
        "warn",
        "reload",
        `server.host/server.port changes need a restart; still listening on ${listening.address}`,
      );
      next.server.host = cur.host;
      next.server.port = cur.port;
    }
    fit(next);
    monitor.setConfig(next);
    logger.log("info", "reload", "configuration reloaded", {
      config: args.config,
      checks: next.checks.length,
      timeout: formatDuration(next.server.timeoutMs),
      interval: next.server.intervalMs > 0 ? formatDuration(next.server.intervalMs) : "none",
      auth: next.auth.enabled ? "on" : "off",
    });
  } catch (err) {
    const lines = loadErrorLines(err);
    logger.log(
      "error",
      "reload_failed",
      `configuration rejected, keeping the previous one: ${lines.join("; ")}`,
      { config: args.config },
    );
  }
}

function _untilStopped(rt: Runtime, listening: Listening, logger: Logger): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: Signal) => {
      if (stopping) {
        logger.log("warn", "shutdown", `${signal} again: exiting without waiting`);
        resolve();
        return;
      }
      stopping = true;
      logger.log("info", "shutdown", `${signal} received: finishing in-flight requests`);
      listening.shutdown().then(() => {
        logger.log("info", "stopped", "porthealth stopped");
        resolve();
      }, (err) => {
        logger.log("error", "error", errorMessage(err));
        resolve();
      });
    };
    rt.onSignal("SIGINT", () => stop("SIGINT"));
    rt.onSignal("SIGTERM", () => stop("SIGTERM"));
  });
}
