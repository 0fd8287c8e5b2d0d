// Every JSON reply's bytes, written without ever making one large string (issue 20).
//
// JSON.stringify of a large answer (20 products with prices: 110 KB; a product name's en dash makes the whole
// string two-byte, 220 KB) builds a rope that Node then flattens to count its bytes and copies again to encode
// it. Both copies are objects too big for V8's ordinary heap, so each request gets fresh pages for them, and
// fresh pages are dear on a small virtual machine: at 100,000 products a third of such a request's CPU went to
// `Buffer.byteLength` and `writev` alone. Here the answer is stringified in pieces (the engine's own
// JSON.stringify for each small part), and the pieces are encoded straight into one buffer of the exact size,
// whose memory the allocator reuses from request to request.
//
// The bytes are exactly JSON.stringify's (tested in json-body.test.ts): the same keys in the same order,
// toJSON honoured, undefined and functions left out of objects and null in arrays. JsonText (json-text.ts) is
// written as the pieces it holds, its bytes copied as they are.
import { JsonText } from './json-text.ts';

// Where the answer is cut: an answer's bulk is in lists (of products, lines, facets), so lists are cut into their
// items to a depth of four, and objects only near the top (the answer and a page inside it); each item is then
// stringified whole by the engine, which is fastest at it.
const OBJECT_SPLIT_DEPTH = 2;
const ARRAY_SPLIT_DEPTH = 4;
/** Answers shorter than this (in characters) stay one string: splitting them gains nothing. */
const SMALL = 16_384;

/** The reply's body: JSON.stringify's text, as a Buffer when it is large. */
export function jsonBody(value: unknown): string | Buffer {
  const pieces: Array<string | Buffer> = [];
  const length = write(value, '', 0, pieces);
  if (length < 0) return JSON.stringify(value); // undefined at the top: what JSON.stringify says (undefined)
  if (length < SMALL && pieces.every((p) => typeof p === 'string')) return pieces.join('');
  let bytes = 0;
  for (const p of pieces) bytes += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const out = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const p of pieces) at += typeof p === 'string' ? out.write(p, at) : p.copy(out, at);
  return out;
}

/**
 * Appends the value's JSON to `out`; its length in characters (bytes for kept bytes: only compared with SMALL),
 * or -1 when JSON leaves it out (undefined).
 */
function write(value: unknown, key: string, depth: number, out: Array<string | Buffer>): number {
  if (value instanceof JsonText) {
    let n = 0;
    for (const p of value.pieces) {
      out.push(p);
      n += p.length;
    }
    return n;
  }
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON: (k: string) => unknown }).toJSON(key);
  const isArray = Array.isArray(value);
  if (value === null || typeof value !== 'object' || depth >= (isArray ? ARRAY_SPLIT_DEPTH : OBJECT_SPLIT_DEPTH)) {
    const s = JSON.stringify(value);
    if (s === undefined) return -1;
    out.push(s);
    return s.length;
  }
  if (isArray) {
    out.push('[');
    let n = 2;
    for (let i = 0; i < (value as unknown[]).length; i++) {
      if (i) out.push(',');
      const w = write((value as unknown[])[i], String(i), depth + 1, out);
      if (w < 0) out.push('null');
      n += (i ? 1 : 0) + (w < 0 ? 4 : w);
    }
    out.push(']');
    return n;
  }
  out.push('{');
  let n = 2;
  let first = true;
  for (const k of Object.keys(value)) {
    const name = `${first ? '' : ','}${JSON.stringify(k)}:`;
    out.push(name);
    const w = write((value as Record<string, unknown>)[k], k, depth + 1, out);
    if (w < 0) {
      // undefined, a function or a symbol (or a toJSON answering one): JSON.stringify leaves the member out.
      out.pop();
      continue;
    }
    n += name.length + w;
    first = false;
  }
  out.push('}');
  return n;
}
