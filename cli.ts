/**
 * The `trimlog` command: reduce a log file or standard input.
 *
 * ```sh
 * trimlog [options] [FILE...|-]
 * ```
 *
 * Exit codes: 0 success; 1 runtime failure (one message on stderr); 2 usage error
 * (the message names the flag and its valid values); 3 zip archive refused as unsafe;
 * 130 interrupted (partial output flushed).
 *
 * @module
 */

export { main } from "./adapters/deno/cli.ts";
export {
  EXIT_FAILURE,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_UNSAFE_ARCHIVE,
  EXIT_USAGE,
} from "./cli/run.ts";
import { main } from "./adapters/deno/cli.ts";

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
