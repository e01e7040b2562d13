/**
 * Secret fields in XML: elements named like a secret (`<password>x</password>`), or
 * named by a `key`/`name` attribute or by the `<name>` element before them.
 *
 * @module
 */

import { applySpans, isIdChar } from "./chars.ts";
import { isSecretKeyName } from "./field_keys.ts";
import { isPlaceholderValue, placeholderEnd } from "./field_values.ts";

/**
 * Elements named like a secret: `<password>x</password>`, `<api-token a="1">x</api-token>`
 * (Maven's settings.xml, Java and .NET configs): the text between the tags is masked.
 */
export function maskElements(s: string): string {
  let spans: number[] | undefined;
  let budget = 16;
  for (let c = s.indexOf("</"); c >= 0 && budget-- > 0; c = s.indexOf("</", c + 2)) {
    let ne = c + 2;
    while (ne < s.length && ne - c < 66 && (isIdChar(s.charCodeAt(ne)) || s[ne] === ":")) ne++;
    if (s[ne] !== ">" || ne === c + 2) continue;
    const name = s.slice(c + 2, ne);
    const named = isSecretKeyName(name.slice(name.lastIndexOf(":") + 1));
    const open = s.lastIndexOf(`<${name}`, c);
    if (open < 0) continue;
    const after = s[open + 1 + name.length];
    if (after !== ">" && after !== " ") continue;
    const vs = s.indexOf(">", open) + 1;
    if (vs <= open || vs >= c || placeholderEnd(s, vs) >= c) continue;
    // `<entry key="db.password">x</entry>` (Java's XML properties) names it by attribute;
    // `<name>db.password</name><value>x</value>` (Hadoop's) by the element before.
    if (
      !named && (after !== " " || vs - open > 256 || !_keyAttributeNamesSecret(s, open, vs)) &&
      (name !== "value" || !_nameElementBefore(s, open))
    ) {
      continue;
    }
    if (isPlaceholderValue(s.slice(vs, c))) continue;
    (spans ??= []).push(vs, c);
  }
  return spans === undefined ? s : applySpans(s, spans, "[REDACTED]");
}

/** Whether `<name>K</name>` or `<key>K</key>` naming a secret ends just before `open`. */
function _nameElementBefore(s: string, open: number): boolean {
  let e = open;
  while (e > 0 && (s.charCodeAt(e - 1) === 32 || s.charCodeAt(e - 1) === 9)) e--;
  const tag = s.endsWith("</name>", e) ? "name" : s.endsWith("</key>", e) ? "key" : "";
  if (tag === "") return false;
  const ce = e - tag.length - 3;
  const cs = s.lastIndexOf(`<${tag}>`, ce);
  return cs >= 0 && ce - cs <= 130 && isSecretKeyName(s.slice(cs + tag.length + 2, ce));
}

const _KEY_ATTRIBUTE_RE = /\s(?:key|name)\s*=\s*["']([^"'<>]{1,128})["']/g;

/** Whether the tag in `[open, end)` has a `key` or `name` attribute naming a secret. */
function _keyAttributeNamesSecret(s: string, open: number, end: number): boolean {
  const tag = s.slice(open, end);
  _KEY_ATTRIBUTE_RE.lastIndex = 0;
  for (let m = _KEY_ATTRIBUTE_RE.exec(tag); m !== null; m = _KEY_ATTRIBUTE_RE.exec(tag)) {
    if (isSecretKeyName(m[1])) return true;
  }
  return false;
}
