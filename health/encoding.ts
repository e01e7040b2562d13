/**
 * Content coding of response bodies: whether a request's `Accept-Encoding` (RFC 9110
 * §12.5.3) prefers gzip, and gzip itself through the Web `CompressionStream`.
 *
 * @module
 */

/**
 * Whether `Accept-Encoding` asks for gzip over the identity: the quality of `gzip` (or its
 * alias `x-gzip`, else `*`) is above 0 and, when `identity` is listed (or `*` stands for it),
 * at least the identity's. No header, or an empty one, means the identity.
 *
 * @example Negotiating
 * ```ts
 * import assert from "node:assert/strict";
 * import { prefersGzip } from "./encoding.ts";
 * assert.ok(prefersGzip("gzip, deflate, br") && prefersGzip("*"));
 * assert.ok(!prefersGzip("gzip;q=0") && !prefersGzip("br") && !prefersGzip(null));
 * assert.ok(!prefersGzip("gzip;q=0.5, identity") && prefersGzip("gzip;q=0.5, identity;q=0.4"));
 * ```
 */
export function prefersGzip(header: string | null): boolean {
  if (header === null || !_MAYBE.test(header)) return false;
  let gzip: number | undefined;
  let identity: number | undefined;
  let any: number | undefined;
  for (const member of header.split(",")) {
    const semi = member.indexOf(";");
    const coding = (semi < 0 ? member : member.slice(0, semi)).trim().toLowerCase();
    if (coding === "") continue;
    const q = semi < 0 ? 1 : _quality(member.slice(semi + 1));
    if (coding === "gzip" || coding === "x-gzip") gzip = Math.max(gzip ?? 0, q);
    else if (coding === "identity") identity = q;
    else if (coding === "*") any = q;
  }
  const g = gzip ?? any ?? 0;
  const id = identity ?? any ?? 0;
  return g > 0 && g >= id;
}

const _MAYBE = /zip|\*/i;

// The q parameter of a member's parameters (`;q=0.5`); 1 without one, 0 when malformed.
function _quality(params: string): number {
  for (const p of params.split(";")) {
    const eq = p.indexOf("=");
    if (eq < 0 || p.slice(0, eq).trim().toLowerCase() !== "q") continue;
    const v = p.slice(eq + 1).trim();
    if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(v)) return 0;
    return Number(v);
  }
  return 1;
}

/**
 * `bytes` compressed with gzip by the runtime's `CompressionStream`.
 *
 * @example A round trip
 * ```ts
 * import assert from "node:assert/strict";
 * import { gzip } from "./encoding.ts";
 * const packed = await gzip(new TextEncoder().encode("OK OK OK OK"));
 * const back = new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")));
 * assert.ok(packed[0] === 0x1f && packed[1] === 0x8b && (await back.text()) === "OK OK OK OK");
 * ```
 */
export async function gzip(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
