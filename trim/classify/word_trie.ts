/**
 * Literal word lists as compact regex alternations, factored by shared
 * prefixes: the trigger scans and the keyword patterns of line classification
 * are built with it.
 *
 * @module
 */

function _escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * An alternation of literal words factored by shared prefixes
 * (`E(?:rror|xception|RR)`): the regex engine then tests one character class
 * per position instead of every word, which is markedly faster. With `exact`
 * false (triggers), a word that is a prefix of others stands for all of them
 * (`err` covers `error`); with `exact` true the longer words stay alternatives
 * (`fail(?:ed|ure)?`).
 *
 * @param words The literal words (duplicates are ignored).
 * @param exact Keep words that extend a listed word as alternatives.
 * @returns Regex source text, without a group around it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordAlternation } from "./word_trie.ts";
 * assert.equal(wordAlternation(["Error", "Exception", "ERR"]), "E(?:rror|xception|RR)");
 * const exact = new RegExp(`^(?:${wordAlternation(["fail", "failed", "failure"], true)})$`);
 * assert.ok(exact.test("fail") && exact.test("failure") && !exact.test("fails"));
 * ```
 */
export function wordAlternation(words: Iterable<string>, exact = false): string {
  const groups = new Map<string, string[]>();
  for (const w of new Set(words)) {
    const head = w[0];
    const list = groups.get(head);
    if (list === undefined) groups.set(head, [w.slice(1)]);
    else list.push(w.slice(1));
  }
  const parts: string[] = [];
  for (const [head, tails] of groups) {
    const rest = tails.filter((t) => t.length > 0);
    if (rest.length < tails.length && (!exact || rest.length === 0)) parts.push(_escape(head));
    else if (tails.length === 1) parts.push(_escape(head + tails[0]));
    else {
      const optional = rest.length < tails.length ? "?" : "";
      parts.push(`${_escape(head)}(?:${wordAlternation(rest, exact)})${optional}`);
    }
  }
  return parts.join("|");
}
