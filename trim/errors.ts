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
  | "UNSUPPORTED";

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
    super(_maskSecrets(message), options);
    this.name = "TrimError";
    this.code = code;
  }
}

/**
 * A message with the secrets it quotes masked as in the output (a bad option value or
 * `.trim.yml` entry may be a pasted token); messages without secrets stay as written.
 */
function _maskSecrets(message: string): string {
  const masked = message.split("\n").map((l) => sanitizeLine(l)).join("\n");
  return /\[(?:REDACTED|JWT)/.test(masked) ? masked : message;
}
