/**
 * The one error type of trimlog, carrying a machine-readable code.
 *
 * @module
 */

/** Machine-readable error codes raised by trimlog. */
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
 * import { TrimError } from "./errors.ts";
 * const err = new TrimError("ABORTED", "processing was aborted");
 * console.assert(err.code === "ABORTED" && err.name === "TrimError");
 * ```
 */
export class TrimError extends Error {
  /** The machine-readable code. */
  readonly code: TrimErrorCode;
  /** Create an error with a code and a message for people. */
  constructor(code: TrimErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TrimError";
    this.code = code;
  }
}
