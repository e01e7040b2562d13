/**
 * Fits the weights of the built-in token estimate against o200k_base.
 *
 * Usage: deno run -A scripts/calibrate_tokens.ts FILE...
 * Prints the least-squares weights per feature and, per file, the ratio of the
 * current estimate to the real token count.
 *
 * @module
 */
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { estimateTokens } from "../trim/tokens.ts";

function features(line: string): number[] {
  // [line, letterRuns, extraLetters, digits, digitRuns, punctRuns, spaceRuns, cjk, otherNonAscii, extraPunct, extraUpper]
  const f = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  let prev = 3;
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 128) {
      const k = (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
        ? 1
        : c >= 48 && c <= 57
        ? 2
        : c === 32 || c === 9
        ? 3
        : 0;
      if (k === 1) f[prev === 1 ? (c <= 90 ? 10 : 2) : 1]++;
      else if (k === 2) {
        f[3]++;
        if (prev !== 2) f[4]++;
      } else if (k === 3) {
        if (prev === 3) {
          run++;
          if (run === 1) f[6]++;
        } else run = 0;
      } else f[prev === 0 ? 9 : 5]++;
      prev = k;
    } else {
      if (c >= 0x2e80 && c <= 0xd7af) f[7]++;
      else if (!(c >= 0xdc00 && c <= 0xdfff)) f[8]++;
      prev = 0;
    }
  }
  return f;
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(a[r][i]) > Math.abs(a[p][i])) p = r;
    [a[i], a[p]] = [a[p], a[i]];
    [b[i], b[p]] = [b[p], b[i]];
    if (Math.abs(a[i][i]) < 1e-9) continue;
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const m = a[r][i] / a[i][i];
      for (let c = i; c < n; c++) a[r][c] -= m * a[i][c];
      b[r] -= m * b[i];
    }
  }
  return b.map((v, i) => (Math.abs(a[i][i]) < 1e-9 ? 0 : v / a[i][i]));
}

const k = 11;
const ata = Array.from({ length: k }, () => new Array(k).fill(0));
const atb = new Array(k).fill(0);
for (const file of Deno.args) {
  const text = await Deno.readTextFile(file);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const real = encode(text).length;
  let est = 0;
  for (const line of lines) {
    est += estimateTokens(line);
    // Weight each file equally-ish by sampling at most 3000 lines.
  }
  // One row per file, scaled by 1/real: least squares then minimizes relative error per file.
  const f = new Array(k).fill(0);
  for (const line of lines) {
    const g = features(line);
    for (let r = 0; r < k; r++) f[r] += g[r];
  }
  for (let r = 0; r < k; r++) {
    atb[r] += f[r] / real;
    for (let c = 0; c < k; c++) ata[r][c] += (f[r] * f[c]) / (real * real);
  }
  console.log(`${(est / real).toFixed(3)}  est=${Math.round(est)} real=${real}  ${file}`);
}
const w = solve(ata, atb);
console.log(
  "weights [line, letterRun, extraLetter, digit, digitRun, punctRun, spaceRun, cjk, other, extraPunct, extraUpper]:",
  w.map((x) => x.toFixed(3)).join(", "),
);
