/**
 * The sanitizer: masks secrets and volatile values in log lines.
 *
 * This module is the entry point; the rules live in `./sanitize/` by concept
 * (`line.ts` orders the passes, `fields.ts` secret fields, `volatile.ts` timestamps,
 * ids and hashes, `blocks.ts` multi-line key blocks). See `./sanitize/line.ts` for
 * the table of what is masked.
 *
 * @module
 */

export { sanitizeLine, stripAnsi } from "./sanitize/line.ts";
export { SecretBlockSanitizer } from "./sanitize/blocks.ts";
