/**
 * Checks, on the loghub samples in `/work/shared/corpora/loghub` (or the directory
 * given as the first argument), that trimlog at default options represents every
 * line a person needs: every ERROR/FATAL line of Hadoop_2k.log and Zookeeper_2k.log
 * and every alert line of BGL_2k.log (first field not `-`). A line is represented
 * when its decision (`onDecision`) is `keep` or `fold` (inside an `[xN]` group).
 *
 * ```sh
 * npx -y deno@2.9.6 run -A scripts/check_loghub.ts [DIR]
 * ```
 *
 * Exits 1 when a target line is missing.
 *
 * @module
 */

import { trimTextInline } from "../trim/process.ts";
import type { TrimLineDecision } from "../trim/types.ts";

const dir = Deno.args[0] ?? "/work/shared/corpora/loghub";

const LEVEL = /^\S+ \S+ (?:- )?(?:ERROR|FATAL)\b/;
const CHECKS: Array<{ file: string; what: string; target: (line: string) => boolean }> = [
  { file: "Hadoop_2k.log", what: "ERROR/FATAL lines", target: (l) => LEVEL.test(l) },
  { file: "Zookeeper_2k.log", what: "ERROR/FATAL lines", target: (l) => LEVEL.test(l) },
  { file: "BGL_2k.log", what: "alert lines", target: (l) => l.length > 0 && !l.startsWith("- ") },
];

let failed = false;
for (const { file, what, target } of CHECKS) {
  const text = await Deno.readTextFile(`${dir}/${file}`);
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  const decisions = new Map<number, TrimLineDecision>();
  const { result } = await trimTextInline(text, {
    onDecision: (d) => void decisions.set(d.lineNumber, d),
  });
  let targets = 0;
  let kept = 0;
  let folded = 0;
  const missing: string[] = [];
  lines.forEach((line, i) => {
    if (!target(line)) return;
    targets++;
    const d = decisions.get(i + 1);
    if (d?.action === "keep") kept++;
    else if (d?.action === "fold") folded++;
    else missing.push(`  line ${i + 1} (${d?.action} ${d?.reason}): ${line.slice(0, 120)}`);
  });
  const ok = missing.length === 0;
  failed ||= !ok;
  console.log(
    `${
      ok ? "ok  " : "FAIL"
    } ${file}: ${targets} ${what}, ${kept} kept, ${folded} folded, ${missing.length} missing; ` +
      `${result.stats.inputLines} → ${result.stats.outputLines} lines, ${result.savingsPercent}% tokens saved`,
  );
  for (const m of missing.slice(0, 10)) console.log(m);
}
if (failed) Deno.exit(1);
