/**
 * One-line messages for the failures porthealth reports at start-up and on reload: a config
 * file that cannot be read or is invalid, a listen address that cannot be bound.
 *
 * @module
 */

import { ConfigError } from "./config.ts";

/** A config file that could not be read; the message is the whole line. */
export class LoadError extends Error {}

/** The lines to print for a failed config load. */
export function loadErrorLines(err: unknown): string[] {
  if (err instanceof ConfigError) return err.lines();
  if (err instanceof LoadError) return [err.message];
  return [`cannot load the configuration: ${errorMessage(err)}`];
}

function _code(err: unknown): string {
  const e = (err ?? {}) as { name?: string; code?: string };
  return `${e.name ?? ""} ${e.code ?? ""}`;
}

/** The first line of an error's message. */
export function errorMessage(err: unknown): string {
  return String((err as Error)?.message ?? err).split("\n")[0];
}

/** Why the config file at `path` could not be read, in one line. */
export function readProblem(path: string, given: boolean, err: unknown): string {
  const code = _code(err);
  if (/NotFound|ENOENT/.test(code)) {
    return given
      ? `config file ${path} not found`
      : `config file ${path} not found; pass --config <path> to use another file`;
  }
  if (/PermissionDenied|EACCES|NotCapable/.test(code)) {
    return `cannot read config file ${path}: permission denied`;
  }
  if (/IsADirectory|EISDIR/.test(code) || /directory/i.test(errorMessage(err))) {
    return `config file ${path} is a directory`;
  }
  if (err instanceof TypeError && /decode|utf/i.test(errorMessage(err))) {
    return `config file ${path} is not valid UTF-8`;
  }
  return `cannot read config file ${path}: ${errorMessage(err)}`;
}

/** Why porthealth could not listen on `host:port`, in one line, with the fix. */
export function listenProblem(host: string, port: number, err: unknown): string {
  const where = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  const code = _code(err);
  if (/AddrInUse|EADDRINUSE/.test(code)) {
    return `cannot listen on ${where}: the address is already in use (another porthealth instance?); stop that process or choose another server.port`;
  }
  if (/PermissionDenied|EACCES|NotCapable/.test(code)) {
    return port > 0 && port < 1025
      ? `cannot listen on ${where}: ports below 1025 need root or CAP_NET_BIND_SERVICE (setcap cap_net_bind_service=+ep, or AmbientCapabilities= in the systemd unit); or choose a server.port above 1024`
      : `cannot listen on ${where}: permission denied`;
  }
  if (/AddrNotAvailable|EADDRNOTAVAIL/.test(code)) {
    return `cannot listen on ${where}: server.host ${host} is not an address of this machine`;
  }
  return `cannot listen on ${where}: ${errorMessage(err)}`;
}
