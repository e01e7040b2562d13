/**
 * One-line log events for standard output, as text or JSON lines.
 *
 * @module
 */

/**
 * The `--log-format` values.
 *
 * @example Text lines
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLogger, type LogFormat } from "./log.ts";
 * const format: LogFormat = "text";
 * const lines: string[] = [];
 * createLogger(format, (line) => lines.push(line), () => new Date(0)).log("info", "start", "listening", { port: 8888 });
 * assert.ok(lines[0] === "1970-01-01T00:00:00.000Z INFO start listening port=8888");
 * ```
 */
export type LogFormat = "text" | "json";

/**
 * Log severity.
 *
 * @example Logging a warning
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLogger, type LogLevel } from "./log.ts";
 * const level: LogLevel = "warn";
 * const lines: string[] = [];
 * createLogger("json", (line) => lines.push(line)).log(level, "check", "check db is unhealthy");
 * assert.ok(JSON.parse(lines[0]).level === "warn");
 * ```
 */
export type LogLevel = "info" | "warn" | "error";

/**
 * Extra fields of an event; values are written as given (never secrets).
 *
 * @example Extra fields; undefined ones are left out
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLogger, type LogFields } from "./log.ts";
 * const fields: LogFields = { check: "db", port: 5432, healthy: false, error: undefined };
 * const lines: string[] = [];
 * createLogger("text", (line) => lines.push(line)).log("warn", "check", "db is down", fields);
 * assert.ok(lines[0].endsWith("db is down check=db port=5432 healthy=false"));
 * ```
 */
export type LogFields = Record<string, string | number | boolean | undefined>;

/**
 * Writes log events, one line each.
 *
 * @example Logging an event
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLogger, type Logger } from "./log.ts";
 * const lines: string[] = [];
 * const logger: Logger = createLogger("json", (line) => lines.push(line));
 * logger.log("error", "listen", "port 8888 is in use", { port: 8888 });
 * assert.ok(JSON.parse(lines[0]).msg === "port 8888 is in use");
 * ```
 */
export interface Logger {
  /** Write one event. */
  log(level: LogLevel, event: string, message: string, fields?: LogFields): void;
}

/**
 * A logger that formats each event as one line and hands it to `write`.
 *
 * Text lines read `2025-01-01T00:00:00.000Z INFO start message key=value …`; JSON lines are
 * `{"time":…,"level":"info","event":"start","msg":…,…fields}`.
 *
 * @example Logging as JSON
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLogger } from "./log.ts";
 * const lines: string[] = [];
 * const logger = createLogger("json", (line) => lines.push(line));
 * logger.log("info", "reload", "config reloaded", { checks: 3 });
 * assert.ok(JSON.parse(lines[0]).checks === 3);
 * ```
 */
export function createLogger(
  format: LogFormat,
  write: (line: string) => void,
  now: () => Date = () => new Date(),
): Logger {
  return {
    log(level, event, message, fields = {}) {
      const time = now().toISOString();
      if (format === "json") {
        const record: Record<string, unknown> = { time, level, event, msg: message };
        for (const [k, v] of Object.entries(fields)) if (v !== undefined) record[k] = v;
        write(JSON.stringify(record));
        return;
      }
      let line = `${time} ${level.toUpperCase()} ${event} ${_oneLine(message)}`;
      for (const [k, v] of Object.entries(fields)) {
        if (v === undefined) continue;
        const s = String(v);
        line += ` ${k}=${/^[^\s"=]+$/.test(s) ? s : JSON.stringify(s)}`;
      }
      write(line);
    },
  };
}

function _oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, " ");
}
