// One immutable piece of the search index: an inverted index (term → documents with a BM25F weight)
// plus the columns that filters, facets and sorts read (typed arrays, one slot per document).
// The index is a large "main" segment built from the whole catalogue and a small "delta" segment of
// what changed since; both share one set of dictionaries so facet values are comparable.
import { StringTable } from './string-table.ts';
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
  /** Documents holding a term in the main segment (undefined when it has none). */
  df(stem: string): number | undefined;
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

/**
 * A segment's data as flat columns: typed arrays (one slot per document, term or word) and a few string
 * lists, so a million documents are a few dozen objects rather than millions, and the segment persists
 * as bytes (segment-format.ts) and loads without being rebuilt.
 */
export interface SegmentColumns {
  size: number;
  productIds: string[];
  /** The parent's document in this segment, -1 for none, or -2 - k for foreignParents[k] (not in the segment). */
  parentDoc: Int32Array;
  foreignParents: string[];
  isVariationParent: Uint8Array;
  names: StringTable;
  recordCounts: Float64Array;
  createdAt: Float64Array;
  catStart: Int32Array;
  catOrds: Int32Array;
  countryStart: Int32Array;
  countryOrds: Int32Array;
  sicCodes: Int32Array;
  divisions: Int32Array;
  statuses: Int32Array;
  /** Minor units per price book (priceColumns[i] is priceBooks[i]'s); NaN where the book has no price. */
  priceBooks: string[];
  priceColumns: Float64Array[];
  /** Document numbers ordered by product id, for lookups by id. */
  byId: Int32Array;
  /** Document numbers in name order, and each document's position in it (the name sort). */
  sortedByName: Int32Array;
  nameRank: Int32Array;
  /** Index terms in code-unit order; term t's postings are postDocs/postWeights[postStart[t] .. postStart[t + 1]). */
  terms: string[];
  postStart: Int32Array;
  postDocs: Int32Array;
  postWeights: Float32Array;
  /** Documents per term, variations left out: how many listings a one-word search shows. */
  listedDf: Int32Array;
  /** Vocabulary words in the order first seen, with their stem (a term number) and counts. */
  words: string[];
  wordStem: Int32Array;
  wordCount: Int32Array;
  wordSuggest: Int32Array;
  /** Word numbers in code-unit order of the words, for prefix lookups. */
  wordsSorted: Int32Array;
  /** Average field lengths (BM25F length normalisation) of this segment's documents. */
  avgLength: number[];
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

/** Binary search of a value in code-unit order: its position, or -1. */
function indexIn(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export class Segment {
  readonly size: number;
  readonly productIds: string[];
  readonly hasParent: Uint8Array;
  readonly isVariationParent: Uint8Array;
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
  readonly sortedByName: Int32Array;
  /** Position of each document in name order, for the name sort. */
  readonly nameRank: Int32Array;
  readonly stats: CorpusStats;

  constructor(
    readonly columns: SegmentColumns,
    /** A delta segment scores with the main segment's statistics, so its documents rank alongside. */
    base?: CorpusStats,
  ) {
    const c = columns;
    this.size = c.size;
    this.productIds = c.productIds;
    this.hasParent = Uint8Array.from(c.parentDoc, (p) => (p === -1 ? 0 : 1));
    this.isVariationParent = c.isVariationParent;
    this.recordCounts = c.recordCounts;
    this.createdAt = c.createdAt;
    this.catStart = c.catStart;
    this.catOrds = c.catOrds;
    this.countryStart = c.countryStart;
    this.countryOrds = c.countryOrds;
    this.sicCodes = c.sicCodes;
    this.divisions = c.divisions;
    this.statuses = c.statuses;
    c.priceBooks.forEach((book, i) => {
      this.prices.set(book, c.priceColumns[i]!);
    });
    this.sortedByName = c.sortedByName;
    this.nameRank = c.nameRank;
    this.stats = base ?? {
      docs: c.size,
      avgLength: c.avgLength,
      df: (stem) => {
        const n = this.postingCount(stem);
        return n ? n : undefined;
      },
    };
  }

  /** Builds a segment, letting other work run between slices (a million documents take minutes). */
  static async build(docs: readonly SearchDoc[], dicts: Dictionaries, base?: CorpusStats): Promise<Segment> {
    return new Segment(await buildColumns(docs, dicts, base?.avgLength), base);
  }

  parentIdOf(doc: number): string | null {
    const p = this.columns.parentDoc[doc]!;
    return p === -1 ? null : p >= 0 ? this.productIds[p]! : this.columns.foreignParents[-2 - p]!;
  }

  nameOf(doc: number): string {
    return this.columns.names.at(doc);
  }

  private term(stem: string): number {
    return indexIn(this.columns.terms, stem);
  }

  /** Documents holding the term (0 when none). */
  postingCount(stem: string): number {
    const t = this.term(stem);
    return t < 0 ? 0 : this.columns.postStart[t + 1]! - this.columns.postStart[t]!;
  }

  /** The term's documents and BM25F weights, or undefined when no document holds it. */
  postingsOf(stem: string): Postings | undefined {
    const t = this.term(stem);
    if (t < 0) return undefined;
    const from = this.columns.postStart[t]!;
    const to = this.columns.postStart[t + 1]!;
    if (from === to) return undefined;
    return { docs: this.columns.postDocs.subarray(from, to), weights: this.columns.postWeights.subarray(from, to) };
  }

  listedDfOf(stem: string): number {
    const t = this.term(stem);
    return t < 0 ? 0 : this.columns.listedDf[t]!;
  }

  get vocabularySize(): number {
    return this.columns.words.length;
  }

  wordAt(w: number): string {
    return this.columns.words[w]!;
  }

  entryAt(w: number): VocabularyEntry {
    const c = this.columns;
    return { stem: c.terms[c.wordStem[w]!]!, count: c.wordCount[w]!, suggestCount: c.wordSuggest[w]! };
  }

  /** The document of a product id, or -1. */
  find(productId: string): number {
    const byId = this.columns.byId;
    let lo = 0;
    let hi = byId.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const id = this.productIds[byId[mid]!]!;
      if (id === productId) return byId[mid]!;
      if (id < productId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Vocabulary words starting with a prefix. */
  *wordsWithPrefix(prefix: string): Generator<[string, VocabularyEntry]> {
    const { words, wordsSorted } = this.columns;
    let lo = 0;
    let hi = wordsSorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[wordsSorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < wordsSorted.length && words[wordsSorted[i]!]!.startsWith(prefix); i++) {
      const w = wordsSorted[i]!;
      yield [words[w]!, this.entryAt(w)];
    }
  }
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The columns of a segment of these documents: two passes of text analysis, then flat arrays. */
async function buildColumns(
  docs: readonly SearchDoc[],
  dicts: Dictionaries,
  baseAvgLength?: number[],
): Promise<SegmentColumns> {
  const n = docs.length;
  const productIds = docs.map((d) => d.productId);
  const names = docs.map((d) => d.name);
  const docOf = new Map<string, number>();
  productIds.forEach((id, i) => {
    docOf.set(id, i);
  });
  const foreignParents: string[] = [];
  const parentDoc = Int32Array.from(docs, (d) => {
    if (!d.parentId) return -1;
    const p = docOf.get(d.parentId);
    if (p !== undefined) return p;
    foreignParents.push(d.parentId);
    return -1 - foreignParents.length;
  });
  docOf.clear();
  for (const d of docs)
    if (d.sicCode && d.sicLabel && !dicts.sicLabels.has(d.sicCode)) dicts.sicLabels.set(d.sicCode, d.sicLabel);
  const [catStart, catOrds] = csr(docs, (d) => d.categoryIds.map((c) => dicts.categories.ord(c)));
  const [countryStart, countryOrds] = csr(docs, (d) => d.countries.map((c) => dicts.countries.ord(c)));
  const prices = new Map<string, Float64Array>();
  docs.forEach((d, i) => {
    for (const [book, minor] of d.prices) {
      let col = prices.get(book);
      if (!col) {
        col = new Float64Array(n).fill(Number.NaN);
        prices.set(book, col);
      }
      col[i] = minor;
    }
  });
  const byId = Int32Array.from(docs.keys()).sort((a, b) => byCodeUnits(productIds[a]!, productIds[b]!));
  const sortedByName = Int32Array.from(docs.keys()).sort((a, b) => compareNames(names[a]!, names[b]!) || a - b);
  const nameRank = new Int32Array(n);
  sortedByName.forEach((doc, rank) => {
    nameRank[doc] = rank;
  });
  const text = await indexText(docs, baseAvgLength);
  return {
    size: n,
    productIds,
    parentDoc,
    foreignParents,
    isVariationParent: Uint8Array.from(docs, (d) => (d.productClass === 'VariationParent' ? 1 : 0)),
    names: StringTable.of(names),
    recordCounts: Float64Array.from(docs, (d) => d.recordCount ?? Number.NaN),
    createdAt: Float64Array.from(docs, (d) => d.createdAt),
    catStart,
    catOrds,
    countryStart,
    countryOrds,
    sicCodes: Int32Array.from(docs, (d) => (d.sicCode ? dicts.sicCodes.ord(d.sicCode) : -1)),
    divisions: Int32Array.from(docs, (d) => (d.sicDivision ? dicts.divisions.ord(d.sicDivision) : -1)),
    statuses: Int32Array.from(docs, (d) => (d.listStatus ? dicts.statuses.ord(d.listStatus) : -1)),
    priceBooks: [...prices.keys()],
    priceColumns: [...prices.values()],
    byId,
    sortedByName,
    nameRank,
    ...text,
  };
}

type TextColumns = Pick<
  SegmentColumns,
  | 'terms'
  | 'postStart'
  | 'postDocs'
  | 'postWeights'
  | 'listedDf'
  | 'words'
  | 'wordStem'
  | 'wordCount'
  | 'wordSuggest'
  | 'wordsSorted'
  | 'avgLength'
>;

/**
 * The inverted index: saturated BM25F weights per term and document. Field lengths normalise against the
 * base's averages when given (a delta segment scores alongside its main segment), else the segment's own.
 */
async function indexText(docs: readonly SearchDoc[], baseAvgLength?: number[]): Promise<TextColumns> {
  const n = docs.length;
  // Pass 1: field lengths and document frequencies. Pass 2 analyses again rather than keeping every
  // document's term table: analysis is cheap with remembered stems, memory at a million documents is not.
  const lengths = FIELDS.map(() => new Float32Array(n));
  const listed = new Map<string, number>();
  const vocabulary = new Map<string, { stem: string; count: number; suggestCount: number }>();
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
    if (!d.parentId) for (const t of termTable(d, i, true).keys()) listed.set(t, (listed.get(t) ?? 0) + 1);
    else termTable(d, i, true);
    addVocabulary(vocabulary, d);
  }
  const avgLength = FIELDS.map((_, f) => {
    let sum = 0;
    for (const l of lengths[f]!) sum += l;
    return n ? sum / n : 0;
  });
  const avg = baseAvgLength ?? avgLength;

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
  // Every vocabulary stem is a term (a stem no document holds gets an empty postings list).
  const termSet = new Set(lists.keys());
  for (const v of vocabulary.values()) termSet.add(v.stem);
  const terms = [...termSet].sort(byCodeUnits);
  termSet.clear();
  const postStart = new Int32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, k) => {
    postStart[k] = total;
    total += lists.get(t)?.docs.length ?? 0;
  });
  postStart[terms.length] = total;
  const postDocs = new Int32Array(total);
  const postWeights = new Float32Array(total);
  const listedDf = new Int32Array(terms.length);
  const termNumber = new Map<string, number>();
  terms.forEach((t, k) => {
    termNumber.set(t, k);
    listedDf[k] = listed.get(t) ?? 0;
    const list = lists.get(t);
    if (!list) return;
    postDocs.set(list.docs, postStart[k]!);
    postWeights.set(list.weights, postStart[k]!);
    lists.delete(t);
  });
  const words = [...vocabulary.keys()];
  const entries = [...vocabulary.values()];
  return {
    terms,
    postStart,
    postDocs,
    postWeights,
    listedDf,
    words,
    wordStem: Int32Array.from(entries, (v) => termNumber.get(v.stem)!),
    wordCount: Int32Array.from(entries, (v) => v.count),
    wordSuggest: Int32Array.from(entries, (v) => v.suggestCount),
    wordsSorted: Int32Array.from(words.keys()).sort((a, b) => byCodeUnits(words[a]!, words[b]!)),
    avgLength,
  };
}

function addVocabulary(vocabulary: Map<string, VocabularyEntry>, d: SearchDoc): void {
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
    let v = vocabulary.get(word);
    if (!v) {
      v = { stem, count: 0, suggestCount: 0 };
      vocabulary.set(word, v);
    }
    v.count++;
    if (suggest.has(word)) v.suggestCount++;
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
