// "Related datasets": for each product, datasets of the same industry first, then of the same
// SIC major group, then of the same division, then anything. An index of dataset numbers by
// industry (two typed arrays, ~6 MB for a million datasets) makes this O(1) per relation without
// holding any product in memory.
import type { ProductRelationTable } from '../db/schema.ts';
import { datasetIndustryIndex } from './datasets.ts';
import { type Rng, rngFor } from '../datasets/random.ts';
import { SIC_INDUSTRIES } from '../datasets/sic.ts';
import { datasetPid, productId } from './products.ts';

export const RELATED_COUNT = 10;
export const CROSS_SELL_COUNT = 3;

export class DatasetIndex {
  readonly count: number;
  private readonly industryOf: Uint16Array;
  private readonly start: Int32Array;
  private readonly items: Int32Array;
  /** Per industry: the other industries, nearest (same major group, same division) first. */
  private readonly neighbours: number[][];

  constructor(count: number) {
    this.count = count;
    const I = SIC_INDUSTRIES.length;
    this.industryOf = new Uint16Array(count + 1);
    const sizes = new Int32Array(I);
    for (let n = 1; n <= count; n++) {
      const k = datasetIndustryIndex(n);
      this.industryOf[n] = k;
      sizes[k]++;
    }
    // Counting sort: items[start[k] .. start[k+1]) are the datasets of industry k, ascending.
    this.start = new Int32Array(I + 1);
    for (let k = 0; k < I; k++) this.start[k + 1] = this.start[k] + sizes[k];
    const fill = this.start.slice(0, I);
    this.items = new Int32Array(count);
    for (let n = 1; n <= count; n++) this.items[fill[this.industryOf[n]]++] = n;
    this.neighbours = SIC_INDUSTRIES.map((a, i) => {
      const rank = (b: (typeof SIC_INDUSTRIES)[number]) =>
        b.majorGroup === a.majorGroup ? 0 : b.division === a.division ? 1 : 2;
      return SIC_INDUSTRIES.map((_, j) => j)
        .filter((j) => j !== i)
        .sort(
          (x, y) => rank(SIC_INDUSTRIES[x]) - rank(SIC_INDUSTRIES[y]) || Math.abs(x - i) - Math.abs(y - i) || x - y,
        );
    });
  }

  industryIndexOf(n: number): number {
    return this.industryOf[n];
  }

  /** Dataset numbers of an industry, ascending. */
  bucket(industryIndex: number): Int32Array {
    return this.items.subarray(this.start[industryIndex], this.start[industryIndex + 1]);
  }

  /**
   * Up to `count` distinct datasets near `industryIndex`, never `self` nor anything in `exclude`.
   * Small buckets are taken whole (shuffled); big ones are sampled.
   */
  near(industryIndex: number, count: number, rng: Rng, self = 0, exclude: ReadonlySet<number> = new Set()): number[] {
    const out: number[] = [];
    const taken = new Set<number>([self, ...exclude]);
    for (const k of [industryIndex, ...this.neighbours[industryIndex]]) {
      const b = this.bucket(k);
      const need = count - out.length;
      if (need <= 0) break;
      if (b.length <= need * 3) {
        const all = Array.from(b).filter((n) => !taken.has(n));
        for (let i = all.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          [all[i], all[j]] = [all[j], all[i]];
        }
        for (const n of all.slice(0, need)) {
          out.push(n);
          taken.add(n);
        }
      } else {
        for (let tries = 0; out.length < count && tries < need * 20; tries++) {
          const n = b[Math.floor(rng() * b.length)];
          if (!taken.has(n)) {
            out.push(n);
            taken.add(n);
          }
        }
      }
    }
    return out;
  }
}

/** RelatedDataset (positions 1..10) and CrossSell (1..3) rows of one product. */
export function relationRows(
  index: DatasetIndex,
  pid: number,
  industryIndex: number,
  selfDataset: number,
  featured: readonly number[],
  relatedCount = RELATED_COUNT,
): ProductRelationTable[] {
  const rng = rngFor(0x7e1a7ed, pid);
  const id = productId(pid);
  const rows: ProductRelationTable[] = index.near(industryIndex, relatedCount, rng, selfDataset).map((n, i) => ({
    product_id: id,
    related_id: productId(datasetPid(n)),
    relationship_type: 'RelatedDataset',
    position: i + 1,
  }));
  // Cross-sells come from the featured pool (bundles, printed directories, flagship lists).
  const pool = featured.filter((p) => p !== pid);
  const chosen: number[] = [];
  while (chosen.length < Math.min(CROSS_SELL_COUNT, pool.length)) {
    const p = pool[Math.floor(rng() * pool.length)];
    if (!chosen.includes(p)) chosen.push(p);
  }
  for (const [i, p] of chosen.entries()) {
    rows.push({ product_id: id, related_id: productId(p), relationship_type: 'CrossSell', position: i + 1 });
  }
  return rows;
}
