/**
 * One-line log events for standard output, as text or JSON lines.
 *
 * @module
 */

/** The `--log-format` values. */
export type LogFormat = "text" | "json";

/** Log severity. */
export type LogLevel = "info" | "warn" | "error";

/** Extra fields of an event; values are written as given (never secrets). */
export type LogFields = Record<string, string | number | boolean | undefined>;

/** Writes log events, one line each. */
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
 * import { createLogger } from "./log.ts";
 * const lines: string[] = [];
 * const logger = createLogger("json", (line) => lines.push(line));
 * logger.log("info", "reload", "config reloaded", { checks: 3 });
 * console.assert(JSON.parse(lines[0]).checks === 3);
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
