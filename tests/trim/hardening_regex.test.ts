/**
 * Hardening (issue #7), regex audit: every regular expression in `trim/` is run against
 * 1 MB adversarial strings built for it, and the full pipeline handles each string.
 *
 * The expressions are read from the source (literals `/…/flags`, `new RegExp(…)`
 * templates and the `String.raw` parts of composed expressions; `${…}` interpolations
 * become a level alternation), so a new expression is audited without editing this
 * file. For each one, adversarial strings are built from its own parts:
 *
 * | built from | string (1 MB) | catches |
 * |---|---|---|
 * | each character class `[…]`, `\d`, `\w`, `\s`, `.` | one accepted character repeated | unbounded runs tried at every start |
 * | each literal (2+ characters) | the literal repeated | anchors found at every position |
 * | literal + class | (literal + 24 class characters) repeated | near misses: a prefix, a run, no terminator |
 * | literal, then one long run | literal + the class character × 1 MB | a match attempt that scans to the end, repeated |
 *
 * Hand-written cases for the hot-path expressions (sanitizer, signatures, templates,
 * stack frames) are in `tests/trim/sanitize/sanitize.test.ts` and `tests/trim/relevance_properties.test.ts`;
 * this sweep covers all of them mechanically.
 *
 * Bounds: each expression on each of its strings < 100 ms, or, when a loaded machine
 * makes it slower, linear (a quarter of the string takes more than a tenth of the time:
 * a super-linear scan fails both); each string through the full pipeline (default
 * options, multiline auto, jsonl-preserve in turn) < 250 ms as the median of 3 runs (a
 * loaded 2-core CI box; the test prints the median and worst times, well under 100 ms
 * on an idle machine).
 *
 * @module
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { trimTextInline } from "../../trim/process.ts";
import type { TrimOptions } from "../../trim/types.ts";

const MB = 1024 * 1024;
const TRIM = new URL("../../trim/", import.meta.url);

interface Found {
  file: string;
  source: string;
  flags: string;
}

/** Regex literals, RegExp templates and String.raw parts of a TypeScript source. */
export function extractRegexes(file: string, code: string): Found[] {
  const out: Found[] = [];
  let i = 0;
  let prev = ""; // last significant character
  let prevWord = "";
  const n = code.length;
  while (i < n) {
    const c = code[i];
    if (c === "/" && code[i + 1] === "/") {
      i = code.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (c === "/" && code[i + 1] === "*") {
      i = code.indexOf("*/", i + 2) + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < n && code[i] !== c) i += code[i] === "\\" ? 2 : 1;
      i++;
      prev = c;
      continue;
    }
    if (c === "`") {
      let j = i + 1;
      while (j < n && code[j] !== "`") j += code[j] === "\\" ? 2 : 1;
      const body = code.slice(i + 1, j);
      const before = code.slice(Math.max(0, i - 40), i);
      if (/String\s*\.raw\s*$|(?:String\s*)?\n?\s*\.raw\s*$/.test(before)) {
        out.push({ file, source: _interpolate(body), flags: "" });
      } else if (/new RegExp\(\s*$/.test(before)) {
        out.push({ file, source: _interpolate(body.replace(/\\\\/g, "\\")), flags: "" });
      }
      i = j + 1;
      prev = "`";
      continue;
    }
    if (
      c === "/" && (/[(,=:[!&|?{};+\-*%<>~^]/.test(prev) || prev === "" || prevWord === "return")
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < n && code[j] !== "\n") {
        if (code[j] === "\\") {
          j += 2;
          continue;
        }
        if (code[j] === "[") inClass = true;
        else if (code[j] === "]") inClass = false;
        else if (code[j] === "/" && !inClass) break;
        j++;
      }
      if (code[j] === "/") {
        let k = j + 1;
        while (k < n && /[dgimsuyv]/.test(code[k])) k++;
        out.push({ file, source: code.slice(i + 1, j), flags: code.slice(j + 1, k) });
        i = k;
        prev = "/";
        continue;
      }
    }
    if (!/\s/.test(c)) {
      if (/\w/.test(c)) {
        let k = i;
        while (k < n && /\w/.test(code[k])) k++;
        prevWord = code.slice(i, k);
        prev = "w";
        i = k;
        continue;
      }
      prev = c;
      prevWord = "";
    }
    i++;
  }
  return out;
}

/** `${…}` interpolations of a RegExp template become a level alternation. */
function _interpolate(body: string): string {
  return body.replace(/\$\{[^}]*\}/g, "(?:ERROR|WARN|INFO|error|fail)");
}

/** Characters a class accepts (a few representatives), from its source text. */
function _classChars(cls: string): string[] {
  if (cls.startsWith("^")) return ["a", " ", "0", "\t"];
  const chars: string[] = [];
  for (let i = 0; i < cls.length; i++) {
    let ch = cls[i];
    if (ch === "\\") {
      const e = cls[++i];
      if (e === "d") chars.push("7");
      else if (e === "w") chars.push("a", "_");
      else if (e === "s") chars.push(" ", "\t");
      else if (e === "x") {
        chars.push(String.fromCharCode(parseInt(cls.slice(i + 1, i + 3), 16)));
        i += 2;
      } else if (e === "u") {
        chars.push(String.fromCharCode(parseInt(cls.slice(i + 1, i + 5), 16) || 97));
        i += 4;
      } else if (e === "p") {
        chars.push("é");
        i = cls.indexOf("}", i);
      } else chars.push(e === "t" ? "\t" : e === "n" ? "\n" : e);
      continue;
    }
    if (cls[i + 1] === "-" && cls[i + 2] !== undefined && cls[i + 2] !== "]") {
      chars.push(ch);
      ch = cls[i + 2];
      i += 2;
    }
    chars.push(ch);
  }
  return [...new Set(chars)].filter((c) => c !== "\n").slice(0, 4);
}

/** The adversarial strings of one expression (see the module table). */
export function adversarial(source: string, size = MB): string[] {
  const classes: string[] = [];
  for (const m of source.matchAll(/\[((?:\\.|[^\]\\])*)\]/g)) classes.push(..._classChars(m[1]));
  for (const m of source.matchAll(/\\([dws])/g)) {
    classes.push(m[1] === "d" ? "1" : m[1] === "w" ? "a" : " ");
  }
  if (source.includes(".")) classes.push("x");
  const literals = [
    ...new Set(
      [
        ...source.replace(/\[(?:\\.|[^\]\\])*\]/g, " ").matchAll(
          /(?:\\[^dwsbDWSB]|[^\\()[\]{}|*+?^$.\s])+/g,
        ),
      ]
        .map((m) => m[0].replace(/\\(.)/g, "$1"))
        .filter((l) => l.length >= 2),
    ),
  ].slice(0, 6);
  const uniq = [...new Set(classes)].slice(0, 6);
  const out = new Set<string>();
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  // In order of how likely they are to hurt: near misses and long runs after a literal,
  // then plain runs of each class, then literals repeated.
  for (let k = 0; k < Math.max(literals.length, uniq.length); k++) {
    const l = literals[k];
    const c = uniq[k] ?? uniq[0] ?? "a";
    if (l !== undefined) {
      out.add(l + c.repeat(size - l.length));
      out.add(fill(l + c.repeat(24)));
    }
    if (uniq[k] !== undefined) out.add(fill(uniq[k]));
    if (l !== undefined) out.add(fill(l));
  }
  return [...out];
}

/**
 * Every match attempt of a global scan of `s`. `replace()` does it fastest, but on an
 * expression that also matches the empty string (an empty alternative) it builds a
 * result of a million pieces, which V8 does in more than linear time whatever the
 * expression: those are scanned with `exec`, stepping over empty matches.
 */
function _scan(re: RegExp, s: string, empty: boolean): void {
  if (!empty) {
    s.replace(re, "");
    return;
  }
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    if (m[0].length === 0) re.lastIndex++;
  }
}

function _time(f: () => unknown): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

function _sources(): Found[] {
  const all: Found[] = [];
  // Every folder of trim/; files are named by their base name (the catalog data has none).
  for (const path of (readdirSync(TRIM, { recursive: true }) as string[]).sort()) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (!name.endsWith(".ts") || path.startsWith("sources/catalog_")) continue;
    all.push(...extractRegexes(name, readFileSync(new URL(path, TRIM), "utf8")));
  }
  return all;
}

test("regex audit: every expression in trim/ is found and compiles", () => {
  const found = _sources();
  const compiled = found.filter((f) => {
    try {
      new RegExp(f.source, f.flags);
      return true;
    } catch {
      return false;
    }
  });
  // Every file with expressions contributes; nearly all compile on their own (the rest
  // are fragments of composed expressions, audited through their composed form).
  assert.ok(found.length >= 150, `${found.length} expressions found`);
  assert.ok(compiled.length / found.length > 0.9, `${compiled.length}/${found.length} compile`);
  for (
    const file of [
      "line.ts",
      "field_keys.ts",
      "field_values.ts",
      "field_code.ts",
      "field_prose.ts",
      "field_separators.ts",
      "masked_tail.ts",
      "volatile.ts",
      "signature.ts",
      "template.ts",
      "stack.ts",
      "score.ts",
    ]
  ) {
    assert.ok(found.some((f) => f.file === file), `${file} audited`);
  }
});

test("regex audit: each expression on each of its 1 MB adversarial strings < 100 ms", () => {
  const slow: string[] = [];
  let runs = 0;
  for (const f of _sources()) {
    let re: RegExp;
    try {
      re = new RegExp(f.source, f.flags.includes("g") ? f.flags : f.flags + "g");
    } catch {
      continue;
    }
    let empty = false;
    try {
      empty = new RegExp(`^(?:${f.source})$`, f.flags.replace(/[gy]/g, "")).test("");
    } catch { /* a fragment that compiles alone only: scanned with replace() */ }
    for (const s of adversarial(f.source).slice(0, 6)) {
      // replace() runs every match attempt of a global scan (harsher than the code,
      // which runs most of them anchored or sticky at a few positions).
      const ms = _time(() => _scan(re, s, empty));
      runs++;
      if (ms < 100) continue;
      // Slow on a loaded box, or super-linear? Doubling the length doubles a linear
      // scan's time and quadruples a quadratic one's: super-linear is a full string
      // over 3× its half AND a half over 3× its quarter. Interleaved, the fastest of
      // five each: a pause of the machine or the collector hits one run, not all five,
      // and it would have to hit the longer runs only, at both steps.
      const half = s.slice(0, s.length >> 1);
      const quarter = s.slice(0, s.length >> 2);
      let t4 = Infinity;
      let t2 = Infinity;
      let again = Infinity;
      for (let k = 0; k < 5; k++) {
        t4 = Math.min(t4, _time(() => _scan(re, quarter, empty)));
        t2 = Math.min(t2, _time(() => _scan(re, half, empty)));
        again = Math.min(again, _time(() => _scan(re, s, empty)));
      }
      t4 = Math.max(t4, 1);
      t2 = Math.max(t2, 1);
      if (again >= 100 && again / t2 > 3 && t2 / t4 > 3) {
        slow.push(
          `${f.file} /${f.source.slice(0, 60)}/ on ${JSON.stringify(s.slice(0, 30))}: ${
            again.toFixed(0)
          } ms (half: ${t2.toFixed(1)} ms, quarter: ${t4.toFixed(1)} ms)`,
        );
      }
    }
  }
  assert.deepEqual(slow, [], slow.join("\n"));
  assert.ok(runs > 700, `${runs} runs`);
  console.log(`regex audit: ${runs} runs of the expressions on their 1 MB strings`);
});

/** Strings sent through the full pipeline: per file, its distinct near-miss and long-run shapes. */
function _pipelineLines(): Set<string> {
  const byFile = new Map<string, string[]>();
  for (const f of _sources()) {
    const list = byFile.get(f.file) ?? [];
    // The literal + long run and the repeated near miss: the shapes that make a scan
    // restart at every position.
    for (const s of adversarial(f.source).filter((s) => !/^(.)\1{100}/.test(s))) {
      if (!list.includes(s)) list.push(s);
    }
    byFile.set(f.file, list);
  }
  const lines = new Set<string>();
  for (const [, list] of byFile) {
    // Spread over the file's expressions, at most 6 per file.
    const step = Math.max(1, Math.ceil(list.length / 6));
    for (let i = 0; i < list.length && lines.size < 1000; i += step) lines.add(list[i]);
  }
  // Plain runs of every class character.
  for (const c of " \t0aA_-.:/=\"'[](){}<>@#%*+,;|\\x") lines.add(c.repeat(MB));
  return lines;
}

test("regex audit: the full pipeline handles each adversarial line (median of 3 < 250 ms)", async () => {
  const lines = _pipelineLines();
  const options: TrimOptions[] = [{}, { multiline: "auto" }, { outputFormat: "jsonl-preserve" }];
  const slow: string[] = [];
  const times: number[] = [];
  let k = 0;
  for (const big of lines) {
    const o = options[k++ % options.length];
    const text = `ERROR before\n${big}\nafter\n`;
    const time = async () => {
      const t0 = performance.now();
      await trimTextInline(text, o);
      return performance.now() - t0;
    };
    let ms = await time();
    if (ms >= 100) ms = [ms, await time(), await time()].sort((a, b) => a - b)[1];
    times.push(ms);
    if (ms >= 250) {
      // Slow on a loaded machine, or super-linear? A quarter of the line takes about a
      // quarter of the time when the work is linear, a sixteenth when it is quadratic.
      const quarter = `ERROR before\n${big.slice(0, big.length >> 2)}\nafter\n`;
      const q = async () => {
        const t0 = performance.now();
        await trimTextInline(quarter, o);
        return performance.now() - t0;
      };
      const tq = Math.max(Math.min(await q(), await q(), await q()), 1);
      const again = Math.min(ms, await time());
      if (again >= 250 && again / tq > 10) {
        slow.push(
          `${JSON.stringify(big.slice(0, 40))} ${JSON.stringify(o)}: ${again} (a quarter: ${tq})`,
        );
      }
    }
  }
  assert.deepEqual(slow, [], slow.join("\n"));
  assert.ok(lines.size >= 80, `${lines.size} lines`);
  times.sort((a, b) => a - b);
  console.log(
    `regex audit: ${lines.size} adversarial 1 MB lines through the pipeline, median ${
      times[times.length >> 1].toFixed(0)
    } ms, worst ${times[times.length - 1].toFixed(0)} ms`,
  );
});
