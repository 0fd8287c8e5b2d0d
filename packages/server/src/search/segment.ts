// One immutable piece of the search index: an inverted index (term → documents with a BM25F weight)
// plus the columns that filters, facets and sorts read (typed arrays, one slot per document).
// The index is a large "main" segment built from the whole catalogue and a small "delta" segment of
// what changed since; both share one set of dictionaries so facet values are comparable.
import { analyze, skuTerm } from './text.ts';

/** What the index knows of a product: its text and the attributes that filter, facet and sort. */
export interface SearchDoc {
  productId: string;
  sku: string;
  parentId: string | null;
  productClass: string;
  name: string;
  description: string | null;
  categoryLines: string[];
  countries: string[];
  includedFields: string[];
  sicCode: string | null;
  sicLabel: string | null;
  sicDivision: string | null;
  listStatus: string | null;
  recordCount: number | null;
  createdAt: number;
  categoryIds: string[];
  /** One-time price per price book, in minor units. */
  prices: Map<string, number>;
}

/** A growing value ↔ ordinal map shared by the segments of one index. */
export class Dict {
  readonly values: string[] = [];
  private ords = new Map<string, number>();
  ord(value: string): number {
    let o = this.ords.get(value);
    if (o === undefined) {
      o = this.values.length;
      this.values.push(value);
      this.ords.set(value, o);
    }
    return o;
  }
  get(value: string): number | undefined {
    return this.ords.get(value);
  }
  get size(): number {
    return this.values.length;
  }
}

export interface Dictionaries {
  categories: Dict;
  countries: Dict;
  sicCodes: Dict;
  divisions: Dict;
  statuses: Dict;
  sicLabels: Map<string, string>;
}
export const newDictionaries = (): Dictionaries => ({
  categories: new Dict(),
  countries: new Dict(),
  sicCodes: new Dict(),
  divisions: new Dict(),
  statuses: new Dict(),
  sicLabels: new Map(),
});

/** BM25F: each field's weight and length normalisation. A name hit counts most; a hit in the long description least. */
const FIELDS = [
  { name: 'name', boost: 3.0, b: 0.75 },
  { name: 'sku', boost: 4.0, b: 0 },
  { name: 'categories', boost: 1.5, b: 0.5 },
  { name: 'countries', boost: 1.2, b: 0.3 },
  { name: 'includedFields', boost: 0.4, b: 0.3 },
  { name: 'description', boost: 0.6, b: 0.75 },
] as const;
const K1 = 1.2;
const YIELD_EVERY = 5000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CorpusStats {
  docs: number;
  avgLength: number[];
  df: Map<string, number>;
}

export interface Postings {
  docs: Int32Array;
  weights: Float32Array;
}
export interface VocabularyEntry {
  stem: string;
  count: number;
  suggestCount: number;
}

function fieldTexts(d: SearchDoc): string[][] {
  const text = (s: string | null | undefined) => analyze(s).map((t) => t.stem);
  return [
    text(d.name),
    [skuTerm(d.sku)],
    d.categoryLines.flatMap(text).concat(d.sicLabel ? text(d.sicLabel) : []),
    d.countries.flatMap(text),
    d.includedFields.flatMap(text),
    text(d.description),
  ];
}

export class Segment {
  readonly size: number;
  readonly productIds: string[];
  readonly parentIds: Array<string | null>;
  readonly hasParent: Uint8Array;
  readonly isVariationParent: Uint8Array;
  readonly names: string[];
  readonly recordCounts: Float64Array;
  readonly createdAt: Float64Array;
  readonly catStart: Int32Array;
  readonly catOrds: Int32Array;
  readonly countryStart: Int32Array;
  readonly countryOrds: Int32Array;
  readonly sicCodes: Int32Array;
  readonly divisions: Int32Array;
  readonly statuses: Int32Array;
  /** Minor units per price book; NaN where the book has no price. */
  readonly prices = new Map<string, Float64Array>();
  readonly postings = new Map<string, Postings>();
  /** Documents per term, variations left out: how many listings a one-word search shows. */
  readonly listedDf = new Map<string, number>();
  readonly vocabulary = new Map<string, VocabularyEntry>();
  /** Vocabulary words in code-unit order, for prefix lookups. */
  sortedWords: string[] = [];
  /** Document numbers ordered by product id, for lookups by id. */
  private readonly byId: Int32Array;
  /** Position of each document in name order, for the name sort. */
  readonly nameRank: Float64Array;
  stats!: CorpusStats;

  private constructor(docs: readonly SearchDoc[], dicts: Dictionaries) {
    const n = docs.length;
    this.size = n;
    this.productIds = docs.map((d) => d.productId);
    this.parentIds = docs.map((d) => d.parentId);
    this.hasParent = Uint8Array.from(docs, (d) => (d.parentId ? 1 : 0));
    this.isVariationParent = Uint8Array.from(docs, (d) => (d.productClass === 'VariationParent' ? 1 : 0));
    this.names = docs.map((d) => d.name);
    this.recordCounts = Float64Array.from(docs, (d) => d.recordCount ?? Number.NaN);
    this.createdAt = Float64Array.from(docs, (d) => d.createdAt);
    this.sicCodes = Int32Array.from(docs, (d) => (d.sicCode ? dicts.sicCodes.ord(d.sicCode) : -1));
    this.divisions = Int32Array.from(docs, (d) => (d.sicDivision ? dicts.divisions.ord(d.sicDivision) : -1));
    this.statuses = Int32Array.from(docs, (d) => (d.listStatus ? dicts.statuses.ord(d.listStatus) : -1));
    for (const d of docs)
      if (d.sicCode && d.sicLabel && !dicts.sicLabels.has(d.sicCode)) dicts.sicLabels.set(d.sicCode, d.sicLabel);
    [this.catStart, this.catOrds] = csr(docs, (d) => d.categoryIds.map((c) => dicts.categories.ord(c)));
    [this.countryStart, this.countryOrds] = csr(docs, (d) => d.countries.map((c) => dicts.countries.ord(c)));
    docs.forEach((d, i) => {
      for (const [book, minor] of d.prices) {
        let col = this.prices.get(book);
        if (!col) {
          col = new Float64Array(n).fill(Number.NaN);
          this.prices.set(book, col);
        }
        col[i] = minor;
      }
    });
    this.byId = Int32Array.from(docs.keys()).sort((a, b) =>
      this.productIds[a]! < this.productIds[b]! ? -1 : this.productIds[a]! > this.productIds[b]! ? 1 : 0,
    );
    const byName = Int32Array.from(docs.keys()).sort((a, b) => compareNames(this.names[a]!, this.names[b]!) || a - b);
    this.nameRank = new Float64Array(n);
    byName.forEach((doc, rank) => {
      this.nameRank[doc] = rank;
    });
    this.sortedByName = byName;
  }

  /** Builds a segment, letting other work run between slices (a million documents take minutes). */
  static async build(docs: readonly SearchDoc[], dicts: Dictionaries, base?: CorpusStats): Promise<Segment> {
    const seg = new Segment(docs, dicts);
    await seg.index(docs, base);
    return seg;
  }

  private async index(docs: readonly SearchDoc[], base?: CorpusStats): Promise<void> {
    const n = docs.length;
    // Pass 1: field lengths and document frequencies. Pass 2 analyses again rather than keeping every
    // document's term table: analysis is cheap with remembered stems, memory at a million documents is not.
    const lengths = FIELDS.map(() => new Float32Array(n));
    const df = new Map<string, number>();
    const termTable = (d: SearchDoc, i: number, record: boolean) => {
      const tf = new Map<string, number[]>();
      fieldTexts(d).forEach((terms, f) => {
        if (record) lengths[f]![i] = terms.length;
        for (const t of terms) {
          let row = tf.get(t);
          if (!row) {
            row = new Array<number>(FIELDS.length).fill(0);
            tf.set(t, row);
          }
          row[f]!++;
        }
      });
      return tf;
    };
    for (let i = 0; i < n; i++) {
      const d = docs[i]!;
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      for (const t of termTable(d, i, true).keys()) {
        df.set(t, (df.get(t) ?? 0) + 1);
        if (!d.parentId) this.listedDf.set(t, (this.listedDf.get(t) ?? 0) + 1);
      }
      this.addVocabulary(d);
    }
    const avgLength = FIELDS.map((_, f) => {
      let sum = 0;
      for (const l of lengths[f]!) sum += l;
      return n ? sum / n : 0;
    });
    // A delta segment scores with the main segment's statistics, so its documents rank alongside.
    this.stats = base ?? { docs: n, avgLength, df };
    const avg = this.stats.avgLength;

    // Pass 2: saturated BM25F weights into postings.
    const lists = new Map<string, { docs: number[]; weights: number[] }>();
    for (let i = 0; i < n; i++) {
      const d = docs[i]!;
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      for (const [t, row] of termTable(d, i, false)) {
        let wtf = 0;
        for (let f = 0; f < FIELDS.length; f++) {
          if (!row[f]) continue;
          const field = FIELDS[f]!;
          const norm = 1 - field.b + field.b * (lengths[f]![i]! / (avg[f] || 1));
          wtf += (field.boost * row[f]!) / norm;
        }
        let list = lists.get(t);
        if (!list) {
          list = { docs: [], weights: [] };
          lists.set(t, list);
        }
        list.docs.push(i);
        list.weights.push((wtf * (K1 + 1)) / (wtf + K1));
      }
    }
    for (const [t, list] of lists)
      this.postings.set(t, { docs: Int32Array.from(list.docs), weights: Float32Array.from(list.weights) });
    this.sortedWords = [...this.vocabulary.keys()].sort();
  }

  readonly sortedByName: Int32Array;

  private addVocabulary(d: SearchDoc): void {
    const all = new Map<string, string>();
    const suggest = new Set<string>();
    const add = (text: string | null | undefined, offered: boolean) => {
      for (const t of analyze(text)) {
        all.set(t.surface, t.stem);
        if (offered) suggest.add(t.surface);
      }
    };
    add(d.name, true);
    for (const line of d.categoryLines) add(line, false);
    for (const c of d.countries) add(c, true);
    add(d.sicLabel, false);
    for (const f of d.includedFields) add(f, false);
    add(d.description, false);
    for (const [word, stem] of all) {
      let v = this.vocabulary.get(word);
      if (!v) {
        v = { stem, count: 0, suggestCount: 0 };
        this.vocabulary.set(word, v);
      }
      v.count++;
      if (suggest.has(word)) v.suggestCount++;
    }
  }

  /** The document of a product id, or -1. */
  find(productId: string): number {
    let lo = 0;
    let hi = this.byId.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const id = this.productIds[this.byId[mid]!]!;
      if (id === productId) return this.byId[mid]!;
      if (id < productId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Vocabulary words starting with a prefix. */
  *wordsWithPrefix(prefix: string): Generator<[string, VocabularyEntry]> {
    let lo = 0;
    let hi = this.sortedWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedWords[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sortedWords.length && this.sortedWords[i]!.startsWith(prefix); i++) {
      yield [this.sortedWords[i]!, this.vocabulary.get(this.sortedWords[i]!)!];
    }
  }
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const compareNames = (a: string, b: string): number => collator.compare(a, b);

function csr(docs: readonly SearchDoc[], values: (d: SearchDoc) => number[]): [Int32Array, Int32Array] {
  const start = new Int32Array(docs.length + 1);
  const all: number[] = [];
  docs.forEach((d, i) => {
    start[i] = all.length;
    all.push(...values(d));
  });
  start[docs.length] = all.length;
  return [start, Int32Array.from(all)];
}
