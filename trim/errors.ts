/**
 * The one error type of trimlog, carrying a machine-readable code.
 *
 * @module
 */

import { sanitizeLine } from "./sanitize.ts";

/**
 * Machine-readable error codes raised by trimlog.
 *
 * @example Branching on the code
 * ```ts
 * import assert from "node:assert/strict";
 * import { TrimError, type TrimErrorCode } from "./errors.ts";
 * import { createDynamicAggressivenessState } from "./select/aggressiveness.ts";
 * let code: TrimErrorCode | undefined;
 * try {
 *   createDynamicAggressivenessState("extreme" as never);
 * } catch (err) {
 *   if (err instanceof TrimError) code = err.code;
 * }
 * assert.ok(code === "INVALID_OPTION");
 * ```
 */
export type TrimErrorCode =
  | "ABORTED"
  | "SAME_INPUT_OUTPUT"
  | "INVALID_CONFIG"
  | "INVALID_OPTION"
  | "UNSUPPORTED"
  | "CORRUPT_INPUT"
  | "UNSAFE_ARCHIVE";

/**
 * An error with a `code` from {@linkcode TrimErrorCode}.
 *
 * @example Telling an abort apart
 * ```ts
 * import assert from "node:assert/strict";
 * import { TrimError } from "./errors.ts";
 * const err = new TrimError("ABORTED", "processing was aborted");
 * assert.ok(err.code === "ABORTED" && err.name === "TrimError");
 * ```
 */
export class TrimError extends Error {
  /** The machine-readable code. */
  readonly code: TrimErrorCode;
  /** Create an error with a code and a message for people. */
  constructor(code: TrimErrorCode, message: string, options?: ErrorOptions) {
    super(maskSecretsIn(message), options);
    this.name = "TrimError";
    this.code = code;
  }
}

/**
 * A message with any secret it quotes masked (as the sanitizer masks a log line);
 * a message without one is returned unchanged, so masking never rewrites the rest
 * (times, ids) of an ordinary message.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maskSecretsIn } from "./errors.ts";
 * const m = maskSecretsIn('--multiline: "ghp_abcdefghijklmnopqrstuvwxyz0123456789" is not one of auto');
 * assert.ok(!m.includes("ghp_") && m.includes("[REDACTED]"));
 * assert.ok(maskSecretsIn("line 2024-05-14 12:00 is late") === "line 2024-05-14 12:00 is late");
 * ```
 */
export function maskSecretsIn(message: string): string {
  const masked = message.split("\n").map((l) => sanitizeLine(l)).join("\n");
  return /\[(?:REDACTED|JWT)/.test(masked) ? masked : message;
}
