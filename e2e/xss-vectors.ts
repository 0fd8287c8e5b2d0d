// The XSS vectors the browser suite puts through every text the store shows back. Each vector is made
// for one numbered placement: when it runs it calls the detector with that number (`__xss(n)`, or
// `__XSS(n)` once a store upper-cases it, or `alert(n)` for the dialog-based ones), so one page can
// carry many vectors and still tell which one fired where.
import { hasUnsafeTextCharacters } from '@store/core';

export interface Vector {
  /** A short name for reports. */
  name: string;
  /** The text to type in or send, calling the detector with `n` when it executes. */
  make(n: number): string;
}

export const VECTORS: readonly Vector[] = [
  { name: 'script tag', make: (n) => `<script>__xss(${n})</script>` },
  { name: 'img onerror', make: (n) => `<img src=x onerror=__xss(${n})>` },
  { name: 'svg onload', make: (n) => `<svg onload=__xss(${n})>` },
  { name: 'alert dialog', make: (n) => `<img src=x onerror=alert(${n})>` },
  { name: 'details ontoggle', make: (n) => `<details open ontoggle=__xss(${n})>` },
  { name: 'javascript: URL', make: (n) => `javascript:__xss(${n})` },
  { name: 'iframe srcdoc', make: (n) => `<iframe srcdoc="<svg onload=__xss(${n})>">` },
  { name: 'template', make: (n) => `{{__xss(${n})}}\${__xss(${n})}` },
  { name: 'markup breakout', make: (n) => `</title></textarea>--><svg onload=__xss(${n})>` },
  { name: 'attribute " breakout', make: (n) => `" autofocus onfocus=__xss(${n}) x="` },
  { name: "attribute ' breakout", make: (n) => `'><script>__xss(${n})</script>` },
  { name: 'JSON-in-script breakout', make: (n) => `</script><script>__xss(${n})</script>` },
  { name: 'U+2028 string breakout', make: (n) => `\u2028\u2029";__xss(${n})//` },
  { name: 'URL-encoded', make: (n) => `%3Cimg%20src%3Dx%20onerror%3D__xss(${n})%3E` },
];

/**
 * The vectors a stored free-text field can hold: the store refuses text with line or paragraph separators,
 * control or text-direction characters outright (core text-safety), so the U+2028 breakout never reaches a
 * stored name or address; it is still tried wherever text is echoed without being stored (search, paths).
 */
export const STORABLE_VECTORS = VECTORS.filter((v) => !hasUnsafeTextCharacters(v.make(0)));

/** One vector placed at one injection point, under the number its detector call carries. */
export interface Placement {
  n: number;
  vector: Vector;
  point: string;
  text: string;
}

/**
 * Numbers every placement and keeps them, so a detector call names the vector and the injection point,
 * and the summary can count vectors and points.
 */
export class PlacementRegistry {
  readonly placements = new Map<number, Placement>();
  private next = 100;

  place(point: string, vector: Vector): Placement {
    const n = this.next++;
    const placement = { n, vector, point, text: vector.make(n) };
    this.placements.set(n, placement);
    return placement;
  }

  /**
   * Every vector placed at `point`, packed into field values of at most `maxLength` characters (a field
   * shows several vectors at once; a short field takes several records to carry them all).
   */
  pack(point: string, maxLength: number, vectors: readonly Vector[] = VECTORS): string[] {
    const values: string[] = [];
    let current = '';
    for (const v of vectors) {
      const text = this.place(point, v).text;
      if (text.length > maxLength) throw new Error(`${v.name} is longer than ${point}'s ${maxLength} characters`);
      const joined = current ? `${current} ${text}` : text;
      if (joined.length <= maxLength) current = joined;
      else {
        values.push(current);
        current = text;
      }
    }
    if (current) values.push(current);
    return values;
  }

  /**
   * `count` field values of at most `maxLength` characters for `point`, filled with vectors taken in turn
   * from `offset` (for fields a few records cannot carry every vector: each such field starts elsewhere
   * in the list, so together they carry them all). Only the vectors used are placed.
   */
  fill(point: string, maxLength: number, count: number, offset = 0, vectors: readonly Vector[] = VECTORS): string[] {
    const values: string[] = [];
    let current = '';
    for (let i = 0; i < vectors.length; i++) {
      const vector = vectors[(offset + i) % vectors.length]!;
      const length = vector.make(this.next).length;
      if (length > maxLength) continue;
      if (current && current.length + 1 + length > maxLength) {
        values.push(current);
        current = '';
        if (values.length === count) break;
      }
      const text = this.place(point, vector).text;
      current = current ? `${current} ${text}` : text;
    }
    if (current && values.length < count) values.push(current);
    return values;
  }

  get points(): Set<string> {
    return new Set([...this.placements.values()].map((p) => p.point));
  }

  describe(n: number): string {
    const p = this.placements.get(n);
    return p ? `${p.vector.name} at ${p.point} (#${n})` : `unknown placement #${n}`;
  }
}
