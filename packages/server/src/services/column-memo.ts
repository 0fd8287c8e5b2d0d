// What a product row's text columns become, kept per process and keyed by the text itself: the JSON lists of a
// dataset (countries, category lines, included fields, variation attributes) are parsed, and a product image's
// content version hashed, once per distinct text rather than on every read. A key is the whole input, so an
// entry can never be stale (a changed column is another key); each memo is an LRU bounded in bytes.
import { LRUCache } from 'lru-cache';
import { productImageVersion } from '../datasets/product-image-version.ts';
import type { ImageProduct } from '../datasets/product-image.ts';

/** Bytes each memo may hold (keys and values as UTF-16 string lengths, roughly): 2 × 4 MiB in all. */
export const COLUMN_MEMO_BYTES = 4 * 1024 * 1024;

const parsed = new LRUCache<string, object>({
  maxSize: COLUMN_MEMO_BYTES,
  // The text and what it parses to, about as large again.
  sizeCalculation: (_v, k) => Math.max(1, k.length * 4),
});

/**
 * A JSON column's value, parsed once per distinct text. The value is shared between reads: callers must not
 * change it (they copy what they hand out).
 */
export function parsedColumn<T>(json: string): T {
  let v = parsed.get(json) as T | undefined;
  if (v === undefined) {
    v = JSON.parse(json) as T;
    parsed.set(json, v as object);
  }
  return v;
}

const versions = new LRUCache<string, string>({
  maxSize: COLUMN_MEMO_BYTES,
  sizeCalculation: (v, k) => Math.max(1, (k.length + v.length) * 2),
});

/** productImageVersion (a digest of the SKU, name and division), once per distinct product. */
export function imageVersion(p: ImageProduct): string {
  const key = `${p.sku}\u0000${p.name}\u0000${p.sicDivision ?? ''}`;
  let v = versions.get(key);
  if (v === undefined) {
    v = productImageVersion(p);
    versions.set(key, v);
  }
  return v;
}
