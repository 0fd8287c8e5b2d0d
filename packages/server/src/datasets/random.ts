// Seeded randomness for the demo data. Everything the seed produces must be reproducible
// (same options -> byte-identical rows), so nothing here touches Math.random() or the clock.

/** A generator of floats in [0, 1). */
export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for fake data; state is one 32-bit integer. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string, so any label (a SKU, "sample:DS-00001") can seed its own stream. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes a base seed with an integer key (e.g. a product number) into a well-spread 32-bit seed. */
export function mixSeed(seed: number, key: number): number {
  let h = (seed ^ Math.imul(key + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An independent stream per (seed, key): generating product n never depends on products < n. */
export function rngFor(seed: number, key: number | string): Rng {
  return mulberry32(typeof key === 'number' ? mixSeed(seed, key) : mixSeed(seed, hashString(key)));
}

/** Integer in [min, max] inclusive. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)];
}

/** Picks by weight; weights need not sum to 1. */
export function pickWeighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of items) total += w;
  let r = rng() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

/** True with probability p. */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `count` distinct items (or all of them when there are fewer). */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  return shuffle(rng, items).slice(0, Math.min(count, items.length));
}

/** The fixed "now" of the demo catalogue; every date is derived from it. */
export const BASE_DATE = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00.000Z
const DAY_MS = 86_400_000;

/** ISO timestamp `days` (may be fractional) before the base date. */
export function isoDaysBefore(days: number): string {
  return new Date(BASE_DATE - Math.round(days * DAY_MS)).toISOString();
}

/** ISO calendar date (YYYY-MM-DD) `days` whole days before the base date. */
export function dateDaysBefore(days: number): string {
  return isoDaysBefore(Math.floor(days)).slice(0, 10);
}
