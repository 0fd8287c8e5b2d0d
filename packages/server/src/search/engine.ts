// Query execution over the segments of one store's index: reading the query (stems, synonyms, typos,
// prefixes), BM25F scoring, variation grouping, entitlement and category scope, refinements with
// disjunctive facet counts (a facet's counts ignore its own selection), sorting and paging.
import { PRICE_BUCKETS, RECORD_COUNT_BUCKETS, parseBucket } from '@store/core';
import { LRUCache } from 'lru-cache';
import { SEARCH_MATCH_BYTES, SEARCH_PRICE_COLUMN_BYTES, SEARCH_TYPO_CACHE_ENTRIES } from './cache-budgets.ts';
import { boundedDistance, typoBudget } from './fuzzy.ts';
import { type Dict, type Dictionaries, type Segment, compareNames } from './segment.ts';
import type { Synonyms } from './synonyms.ts';
import { analyze, fold, skuTerm, words } from './text.ts';
import { topK } from './top-k.ts';
import { type ResolvedAlternative, clauseScore, listCount, walkCost } from './clause-lookup.ts';
import { type ResultWindow, resultWindows, windowAnswers, windowKey, windowSizeFor } from './result-windows.ts';

/** A segment's documents matching a query's words, in document order, and their text scores. */
interface Match {
  docs: Int32Array;
  scores: Float64Array;
}

/** One query word (or synonym phrase): a document must match one of the alternatives. */
export interface Clause {
  alternatives: Array<{ stems: string[]; weight: number }>;
  text: string;
}

export type SortOrder = 'relevance' | 'priceAsc' | 'priceDesc' | 'nameAsc' | 'newest';

export interface Range {
  min: number | null;
  max: number | null;
}

/** The facets with one value per ordinal of a dictionary. */
export type DistinctFacet = 'countries' | 'sicCode' | 'division' | 'status';
export function distinctDict(d: Dictionaries, key: DistinctFacet): Dict {
  return { countries: d.countries, sicCode: d.sicCodes, division: d.divisions, status: d.statuses }[key];
}
/** An active refinement: ordinals of a distinct facet, ranges (whole units), or category subtrees. */
export type Selection =
  | { key: DistinctFacet; ords: Set<number> }
  | { key: 'recordCount' | 'price'; ranges: Range[] }
  | { key: 'category'; mask: Uint8Array };

export interface EngineQuery {
  term: string | null;
  /** Complete the last word as a prefix (suggestions). */
  prefix?: boolean;
  /** Category ordinals the results must fall in (the searched category's subtree), or null. */
  scope: Uint8Array | null;
  /** Category ordinals the audience is entitled to, or null for everything. */
  granted: Uint8Array | null;
  selections: Selection[];
  /** The audience's price books in priority order (negotiated price). */
  priceBooks: string[];
  sort: SortOrder;
  grouping: 'VariationParent' | 'NoGrouping';
  offset: number;
  limit: number;
  facets: boolean;
  /** Count matches under each of these category groups (the searched category's children, or the roots). */
  categoryGroups: Uint8Array[] | null;
}

export interface FacetCounts {
  countries: Int32Array;
  sicCode: Int32Array;
  division: Int32Array;
  status: Int32Array;
  recordCount: Int32Array;
  price: Int32Array;
  category: Int32Array;
}
export interface EngineResult {
  total: number;
  hits: Array<{ productId: string; score: number }>;
  facets: FacetCounts | null;
  categoryCounts: Int32Array | null;
}

/**
 * A clause's alternatives with each form once, at its best weight. A synonym group may name one form twice ("email"
 * and "e-mail" both stem to "email"): a document's score is its best alternative's either way, and the form's
 * postings are walked once.
 */
function distinct(alternatives: Clause['alternatives']): Clause['alternatives'] {
  const byForm = new Map<string, Clause['alternatives'][number]>();
  for (const a of alternatives) {
    const form = a.stems.join(' ');
    const seen = byForm.get(form);
    if (!seen) byForm.set(form, a);
    else if (a.weight > seen.weight) byForm.set(form, { stems: a.stems, weight: a.weight });
  }
  return [...byForm.values()];
}

export const RECORD_RANGES: Range[] = RECORD_COUNT_BUCKETS.map((b) => parseBucket(b)!);
export const PRICE_RANGES: Range[] = PRICE_BUCKETS.map((b) => parseBucket(b)!);

const [K_COUNTRIES, K_SIC, K_DIVISION, K_STATUS, K_RECORDS, K_PRICE, K_CATEGORY] = [0, 1, 2, 3, 4, 5, 6] as const;
const EMPTY = new Uint8Array(0);
const ordMask = (ords: Set<number>, size: number) => {
  const m = new Uint8Array(size);
  for (const o of ords) if (o >= 0 && o < size) m[o] = 1;
  return m;
};
/** Does any ordinal in ords[from..to) have its flag set in the mask (a document's categories or countries)? */
const anyIn = (mask: Uint8Array, ords: Int32Array, from: number, to: number) => {
  for (let k = from; k < to; k++) if (mask[ords[k]!]) return true;
  return false;
};
const groupBitsOf = (bits: Int32Array, ords: Int32Array, from: number, to: number) => {
  let b = 0;
  for (let k = from; k < to; k++) b |= bits[ords[k]!]!;
  return b;
};
const addBits = (into: Int32Array, bits: number) => {
  for (let g = 0; bits; g++, bits >>>= 1) if (bits & 1) into[g]!++;
};

interface Scratch {
  score: Float64Array;
  hits: Uint8Array;
  best: Float64Array;
  phraseHits: Uint8Array;
  phraseScore: Float64Array;
  /**
   * Document lists a query builds (the clause's documents, all matched documents, a phrase's candidates), each
   * at most one entry per document. Typed and kept rather than JavaScript arrays pushed per query: a broad word
   * matches tens of thousands of documents, and growing arrays that large costs far more than the matching (the
   * memory is fresh each time; measured 40 ms for 122,000 pushes against 0.4 ms into a kept buffer).
   */
  touched: Int32Array;
  union: Int32Array;
  seen: Int32Array;
  /** The scores of a match's kept documents, by position (the documents themselves are `union`'s front). */
  matchScores: Float64Array;
  /**
   * Variation grouping, per document: 0 not reached yet, 1 reached (its parent or itself counted once), n + 2
   * kept at result n. Reset after each query from the run's list of the documents it marked.
   */
  groupSlot: Int32Array;
  /**
   * Per document, derived once from the segment (it never changes): its record-count facet bucket (-1 none)
   * and its relevance prior, so the per-candidate loop reads them instead of computing them per query.
   */
  recordBucket: Int8Array;
  prior: Float64Array;
}

/** A merged price column for a price-book list, and each document's price facet bucket (-1 none). */
interface PriceColumn {
  prices: Float64Array;
  bucket: Int8Array;
}

/** A document in a segment: segment index × 2^26 + document number. */
const SEG_SHIFT = 2 ** 26;
const inRanges = (v: number, ranges: Range[]) =>
  ranges.some((r) => (r.min === null || v >= r.min) && (r.max === null || v <= r.max));
/** Bucket index of a value: the first whose upper bound is not below it (buckets are contiguous in whole units). */
const bucketOf = (v: number, ranges: Range[]) => {
  if (Number.isNaN(v)) return -1;
  for (let i = 0; i < ranges.length; i++) if (ranges[i]!.max === null || v < ranges[i]!.max! + 1) return i;
  return -1;
};

/** Queries one store's in-process index (its segments); SearchIndexService keeps one current per store. */
export class IndexSearcher {
  private fuzzyCache = new Map<string, Array<{ word: string; stem: string; distance: number; count: number }>>();
  /** Merged price columns by segment and price-book list, within their byte budget. */
  private priceCache = new LRUCache<string, PriceColumn>({
    maxSize: SEARCH_PRICE_COLUMN_BYTES,
    sizeCalculation: (col) => Math.max(1, col.prices.byteLength + col.bucket.byteLength),
  });
  private scratches = new WeakMap<Segment, Scratch>();
  /**
   * Recent queries' matches by segment and words (SEARCH_MATCH_BYTES): copies, not the scratch views a match
   * hands back. Exact for the searcher's life: its segments and their statistics never change (a new index
   * generation is a new searcher).
   */
  private matches = new LRUCache<string, Match>({
    maxSize: SEARCH_MATCH_BYTES,
    sizeCalculation: (m) => Math.max(1, m.docs.byteLength + m.scores.byteLength),
  });
  /** Full searches' results without their page (result-windows.ts): the other pages of a search read them. */
  private windows = resultWindows();
  private results: {
    ref: Float64Array;
    key: Float64Array;
    tie: Float64Array;
    score: Float64Array;
    /** The documents a query marked in a groupSlot, to clear them after it. */
    grouped: Float64Array;
  } | null = null;

  constructor(
    readonly segments: Segment[],
    /** Per segment: documents superseded by a later segment (changed or deleted), or null. */
    readonly dead: Array<Uint8Array | null>,
    readonly dicts: Dictionaries,
    readonly synonyms: Synonyms,
    /**
     * When every word must match, the rare word's documents are looked up in the others' postings (clause-lookup.ts)
     * if documents × lists × this factor is under the postings a walk visits. A binary search step costs about as
     * much as visiting a posting, and a lookup is about 17 steps at 100,000 documents. 0 looks up always,
     * Infinity never (the tests compare the two).
     */
    private lookupFactor = 20,
  ) {}

  get documentCount(): number {
    let n = 0;
    this.segments.forEach((s, i) => {
      const d = this.dead[i];
      n += s.size;
      if (d) for (const x of d) n -= x;
    });
    return n;
  }

  // --- reading the query ---

  private known(stem: string): boolean {
    return this.segments.some((s) => s.postingCount(stem) > 0);
  }

  private df(stem: string): number {
    let n = 0;
    for (const s of this.segments) n += s.postingCount(stem);
    return n;
  }

  private listedDf(stem: string): number {
    let n = 0;
    for (const s of this.segments) n += s.listedDfOf(stem);
    return n;
  }

  private idf(stem: string): number {
    const stats = this.segments[0]?.stats;
    const docs = Math.max(stats?.docs ?? 0, 1);
    const df = Math.min(stats?.df(stem) ?? this.df(stem), docs);
    return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
  }

  /** Vocabulary words within the word's typo budget, the closest only. */
  typoCandidates(word: string): Array<{ word: string; stem: string; distance: number; count: number }> {
    const hit = this.fuzzyCache.get(word);
    if (hit) return hit;
    const budget = typoBudget(word.length);
    let best: Array<{ word: string; stem: string; distance: number; count: number }> = [];
    let bestDistance = budget + 1;
    const seen = new Set<string>();
    if (budget > 0) {
      for (const seg of this.segments) {
        for (let k = 0; k < seg.vocabularySize; k++) {
          const w = seg.wordAt(k);
          if (seen.has(w) || Math.abs(w.length - word.length) > budget) continue;
          // Typos rarely hit the first letter; requiring it keeps the scan and the noise down.
          if (w.charCodeAt(0) !== word.charCodeAt(0)) continue;
          seen.add(w);
          const d = boundedDistance(word, w, Math.min(budget, bestDistance));
          if (d < bestDistance) {
            bestDistance = d;
            best = [];
          }
          if (d === bestDistance && d <= budget) {
            const v = seg.entryAt(k);
            best.push({ word: w, stem: v.stem, distance: d, count: v.count });
          }
        }
      }
    }
    best = best.sort((a, b) => b.count - a.count).slice(0, 5);
    if (this.fuzzyCache.size >= SEARCH_TYPO_CACHE_ENTRIES) this.fuzzyCache.clear();
    this.fuzzyCache.set(word, best);
    return best;
  }

  /** Vocabulary words that start with the prefix, most frequent first (suggestCount: only words shoppers see in names and categories). */
  completions(
    prefix: string,
    limit: number,
    offeredOnly = false,
  ): Array<{ word: string; stem: string; count: number }> {
    const merged = new Map<string, { word: string; stem: string; count: number }>();
    for (const seg of this.segments) {
      for (const [w, v] of seg.wordsWithPrefix(prefix)) {
        const count = offeredOnly ? v.suggestCount : v.count;
        if (!count) continue;
        const m = merged.get(w);
        if (m) m.count += count;
        else merged.set(w, { word: w, stem: v.stem, count });
      }
    }
    return [...merged.values()].sort((a, b) => b.count - a.count || a.word.localeCompare(b.word)).slice(0, limit);
  }

  clauses(term: string, prefix = false): Clause[] {
    const raw = term.trim();
    // A SKU ("DS-00042") is one term.
    if (/^[a-z]{1,5}-?\d{2,}$/i.test(raw))
      return [{ alternatives: [{ stems: [skuTerm(raw)], weight: 1 }], text: raw.toLowerCase() }];
    let tokens = analyze(raw);
    if (!tokens.length) tokens = analyze(raw, true);
    const stems = tokens.map((t) => t.stem);
    const out: Clause[] = [];
    const endsInSpace = /\s$/.test(term);
    for (let i = 0; i < tokens.length; ) {
      const syn = this.synonyms.match(stems, i);
      if (syn) {
        const phrase = stems.slice(i, i + syn.length).join(' ');
        out.push({
          alternatives: distinct(
            syn.group.map((p) => ({ stems: p.stems, weight: p.stems.join(' ') === phrase ? 1 : 0.9 })),
          ),
          text: tokens
            .slice(i, i + syn.length)
            .map((t) => t.surface)
            .join(' '),
        });
        i += syn.length;
        continue;
      }
      const t = tokens[i]!;
      const alternatives: Clause['alternatives'] = [];
      let text = t.surface;
      const isLast = i === tokens.length - 1;
      if (this.known(t.stem)) alternatives.push({ stems: [t.stem], weight: 1 });
      if (prefix && isLast && !endsInSpace) {
        // The most frequent completions only: a one- or two-letter prefix would otherwise pull in most of the catalogue.
        for (const c of this.completions(t.surface, 8, true))
          if (c.stem !== t.stem) alternatives.push({ stems: [c.stem], weight: 0.85 });
      }
      if (!alternatives.length) {
        const typos = this.typoCandidates(t.surface);
        for (const c of typos) {
          alternatives.push({ stems: [c.stem], weight: 0.8 });
          // A corrected word brings its synonyms too ("dentsts" → "dentists" → "dental").
          const syn2 = this.synonyms.match([c.stem], 0);
          if (syn2?.length === 1)
            for (const p of syn2.group)
              if (p.stems.join(' ') !== c.stem) alternatives.push({ stems: p.stems, weight: 0.7 });
        }
        if (typos[0]) text = typos[0].word;
      }
      // An unknown word with no near match still counts as a clause: nothing can match it.
      if (!alternatives.length) alternatives.push({ stems: [t.stem], weight: 1 });
      out.push({ alternatives: distinct(alternatives), text });
      i++;
    }
    return out;
  }

  // --- matching ---

  /** How many matches the searcher keeps (for tests). */
  get keptMatches(): number {
    return this.matches.size;
  }

  /** The segment's documents matching the clauses (at least `required` of them) and their scores, kept. */
  private match(segIndex: number, clauses: Clause[], required: number): Match {
    const key = `${segIndex}|${required}|${JSON.stringify(clauses)}`;
    const kept = this.matches.get(key);
    if (kept) return kept;
    const found = this.matchNow(segIndex, clauses, required);
    // A word's postings are the segment's own (kept as they are); the scratch's views are copied.
    const { union } = this.scratch(this.segments[segIndex]!);
    const copy = {
      docs: found.docs.buffer === union.buffer ? found.docs.slice() : found.docs,
      scores: found.scores.slice(),
    };
    this.matches.set(key, copy);
    return copy;
  }

  /** Documents of a segment matching at least `required` clauses, with their BM25F scores (views on kept buffers). */
  private matchNow(segIndex: number, clauses: Clause[], required: number): Match {
    const seg = this.segments[segIndex]!;
    const { score, hits, best, touched, union, matchScores } = this.scratch(seg);
    if (clauses.length > 1 && required === clauses.length) {
      const looked = this.lookUp(segIndex, clauses);
      if (looked) return looked;
    }
    // The forms this segment holds: an alternative with a word no document has matches nothing here.
    const only =
      clauses.length === 1 && required === 1
        ? clauses[0]!.alternatives.filter((a) => a.stems.every((st) => seg.postingsOf(st)))
        : null;
    if (only?.length === 1 && only[0]!.stems.length === 1) {
      // One word with one form held (most searches: "dentists" is also "dental", which no dataset says): its
      // postings (one per document, in document order) are the matches and its weights their scores, the same
      // as the union below makes of them, without three passes.
      const stem = only[0]!.stems[0]!;
      const p = seg.postingsOf(stem)!;
      const w = this.idf(stem) * only[0]!.weight;
      for (let j = 0; j < p.docs.length; j++) matchScores[j] = p.weights[j]! * w;
      return { docs: p.docs, scores: matchScores.subarray(0, p.docs.length) };
    }
    if (only?.length === 0) return { docs: union.subarray(0, 0), scores: matchScores.subarray(0, 0) };
    let unionCount = 0;
    for (const clause of clauses) {
      let touchedCount = 0;
      for (const alt of clause.alternatives) {
        if (alt.stems.length === 1) {
          const p = seg.postingsOf(alt.stems[0]!);
          if (!p) continue;
          const w = this.idf(alt.stems[0]!) * alt.weight;
          for (let j = 0; j < p.docs.length; j++) {
            const d = p.docs[j]!;
            const s = p.weights[j]! * w;
            if (best[d] === 0) touched[touchedCount++] = d;
            if (s > best[d]!) best[d] = s;
          }
        } else {
          // A phrase alternative: every stem must be present; the score is their sum.
          const lists = alt.stems.map((st) => ({ p: seg.postingsOf(st), w: this.idf(st) * alt.weight }));
          if (lists.some((l) => !l.p)) continue;
          const { phraseHits, phraseScore, seen } = this.scratch(seg);
          let seenCount = 0;
          for (const { p, w } of lists) {
            for (let j = 0; j < p!.docs.length; j++) {
              const doc = p!.docs[j]!;
              if (phraseHits[doc] === 0) seen[seenCount++] = doc;
              phraseHits[doc]!++;
              phraseScore[doc]! += p!.weights[j]! * w;
            }
          }
          for (let i = 0; i < seenCount; i++) {
            const doc = seen[i]!;
            if (phraseHits[doc] === lists.length) {
              if (best[doc] === 0) touched[touchedCount++] = doc;
              if (phraseScore[doc]! > best[doc]!) best[doc] = phraseScore[doc]!;
            }
            phraseHits[doc] = 0;
            phraseScore[doc] = 0;
          }
        }
      }
      for (let i = 0; i < touchedCount; i++) {
        const d = touched[i]!;
        if (hits[d] === 0) union[unionCount++] = d;
        score[d]! += best[d]!;
        hits[d]!++;
        best[d] = 0;
      }
    }
    // Hand back the kept documents and their scores, then clear the scratch for the next query. The kept
    // documents are compacted in place at the front of `union` (k never passes i) and their scores go to the
    // kept `matchScores`: views on kept buffers, valid until this segment's next match (fresh arrays of tens of
    // thousands of entries per query cost more than the matching on this machine).
    let k = 0;
    for (let i = 0; i < unionCount; i++) {
      const d = union[i]!;
      if (hits[d]! >= required) {
        union[k] = d;
        matchScores[k++] = score[d]!;
      }
      score[d] = 0;
      hits[d] = 0;
    }
    return { docs: union.subarray(0, k), scores: matchScores.subarray(0, k) };
  }

  /**
   * Every clause must match: the rarest clause's documents (walked), each looked up in the other clauses'
   * postings; null when walking them all costs less. Scores are added in the clauses' order, as the walk adds them.
   */
  private lookUp(segIndex: number, clauses: Clause[]): Match | null {
    const seg = this.segments[segIndex]!;
    const resolved: ResolvedAlternative[][] = clauses.map((c) =>
      c.alternatives.flatMap((a) => {
        const lists = a.stems.map((st) => {
          const p = seg.postingsOf(st);
          return p ? { docs: p.docs, weights: p.weights, w: this.idf(st) * a.weight } : null;
        });
        return lists.every((l) => l !== null) ? [lists as ResolvedAlternative] : [];
      }),
    );
    const costs = resolved.map(walkCost);
    let rare = 0;
    for (let k = 1; k < costs.length; k++) if (costs[k]! < costs[rare]!) rare = k;
    let rest = 0;
    let lists = 0;
    for (let k = 0; k < costs.length; k++)
      if (k !== rare) {
        rest += costs[k]!;
        lists += listCount(resolved[k]!);
      }
    if (costs[rare]! * lists * this.lookupFactor >= rest) return null;
    const first = this.match(segIndex, [clauses[rare]!], 1);
    const docs = Int32Array.from(first.docs);
    const bests = clauses.map(() => new Float64Array(docs.length));
    bests[rare]!.set(first.scores);
    const kept = new Uint8Array(docs.length).fill(1);
    const order = costs.map((_, k) => k).filter((k) => k !== rare);
    order.sort((a, b) => costs[a]! - costs[b]!);
    for (const k of order)
      for (let i = 0; i < docs.length; i++) {
        if (!kept[i]) continue;
        const score = clauseScore(resolved[k]!, docs[i]!);
        if (score < 0) kept[i] = 0;
        else bests[k]![i] = score;
      }
    const { union, matchScores } = this.scratch(seg);
    let n = 0;
    for (let i = 0; i < docs.length; i++) {
      if (!kept[i]) continue;
      let total = 0;
      for (let k = 0; k < clauses.length; k++) total += bests[k]![i]!;
      union[n] = docs[i]!;
      matchScores[n++] = total;
    }
    return { docs: union.subarray(0, n), scores: matchScores.subarray(0, n) };
  }

  /** Per-segment work arrays, reused by every query (queries run one at a time on the event loop). */
  private scratch(seg: Segment): Scratch {
    let s = this.scratches.get(seg);
    if (!s) {
      s = {
        score: new Float64Array(seg.size),
        hits: new Uint8Array(seg.size),
        best: new Float64Array(seg.size),
        phraseHits: new Uint8Array(seg.size),
        phraseScore: new Float64Array(seg.size),
        touched: new Int32Array(seg.size),
        union: new Int32Array(seg.size),
        seen: new Int32Array(seg.size),
        matchScores: new Float64Array(seg.size),
        groupSlot: new Int32Array(seg.size),
        recordBucket: new Int8Array(seg.size),
        prior: new Float64Array(seg.size),
      };
      for (let i = 0; i < seg.size; i++) {
        const records = seg.recordCounts[i]!;
        s.recordBucket[i] = bucketOf(records, RECORD_RANGES);
        // Among equal text matches the larger list ranks first (a mild prior: 4 % per tenfold records).
        s.prior[i] = 1 + 0.04 * Math.log10(1 + (Number.isNaN(records) ? 0 : records));
      }
      this.scratches.set(seg, s);
    }
    return s;
  }

  private priceColumn(seg: Segment, books: string[]): PriceColumn {
    const key = `${this.segments.indexOf(seg)}:${books.join(',')}`;
    let col = this.priceCache.get(key);
    if (!col) {
      const merged = new Float64Array(seg.size).fill(Number.NaN);
      for (const book of [...books].reverse()) {
        const prices = seg.prices.get(book);
        if (prices) for (let i = 0; i < seg.size; i++) if (!Number.isNaN(prices[i]!)) merged[i] = prices[i]!;
      }
      const bucket = new Int8Array(seg.size);
      for (let i = 0; i < seg.size; i++) bucket[i] = bucketOf(merged[i]! / 100, PRICE_RANGES);
      col = { prices: merged, bucket };
      this.priceCache.set(key, col);
    }
    return col;
  }

  /** The live document of a product id, as a ref, or -1. */
  private findRef(productId: string): number {
    for (let si = this.segments.length - 1; si >= 0; si--) {
      const d = this.segments[si]!.find(productId);
      if (d >= 0) return this.dead[si]?.[d] ? -1 : si * SEG_SHIFT + d;
    }
    return -1;
  }

  /**
   * A page of a query's results. A full search (with facets) keeps its result window, so its other pages are read
   * from it; suggestions (no facets, a prefix per keystroke) are computed each time.
   */
  search(q: EngineQuery): EngineResult {
    const wanted = q.offset + q.limit;
    const key = q.facets ? windowKey(q) : null;
    let window = key ? this.windows.get(key) : undefined;
    if (!window || !windowAnswers(window, wanted)) {
      window = this.window(q, key ? windowSizeFor(wanted) : wanted);
      if (key) this.windows.set(key, window);
    }
    const hits: EngineResult['hits'] = [];
    for (let i = q.offset; i < Math.min(wanted, window.productIds.length); i++)
      hits.push({ productId: window.productIds[i]!, score: window.scores[i]! });
    return { total: window.total, hits, facets: window.facets, categoryCounts: window.categoryCounts };
  }

  /** The query's first `size` results in order, its total and counts. */
  private window(q: EngineQuery, size: number): ResultWindow {
    const term = q.term?.trim() ? q.term : null;
    const clauses = term ? this.clauses(term, q.prefix) : [];
    let result = this.run(q, clauses, clauses.length, size);
    // Nothing has every word: accept all but one (the shopper typed one word too many).
    if (!result.total && clauses.length > 1) result = this.run(q, clauses, clauses.length - 1, size);
    return result;
  }

  private run(q: EngineQuery, clauses: Clause[], required: number, size: number): ResultWindow {
    const d = this.dicts;
    // Refinements compiled to masks and ranges, read by an integer switch in the loop below: this loop
    // visits every candidate (a whole catalogue when browsing), so it avoids closures and string keys.
    const kinds = { countries: K_COUNTRIES, sicCode: K_SIC, division: K_DIVISION, status: K_STATUS } as const;
    const sels = q.selections.map((sel) => {
      switch (sel.key) {
        case 'countries':
        case 'sicCode':
        case 'division':
        case 'status':
          return {
            kind: kinds[sel.key],
            mask: ordMask(sel.ords, distinctDict(d, sel.key).size),
            ranges: [] as Range[],
          };
        case 'recordCount':
          return { kind: K_RECORDS, mask: EMPTY, ranges: sel.ranges };
        case 'price':
          return { kind: K_PRICE, mask: EMPTY, ranges: sel.ranges };
        case 'category':
          return { kind: K_CATEGORY, mask: sel.mask, ranges: [] as Range[] };
        default:
          throw new Error(`Unknown refinement ${(sel as { key: string }).key}`);
      }
    });
    const counts: FacetCounts | null = q.facets
      ? {
          countries: new Int32Array(d.countries.size),
          sicCode: new Int32Array(d.sicCodes.size),
          division: new Int32Array(d.divisions.size),
          status: new Int32Array(d.statuses.size),
          recordCount: new Int32Array(RECORD_RANGES.length),
          price: new Int32Array(PRICE_RANGES.length),
          category: new Int32Array(q.categoryGroups?.length ?? 0),
        }
      : null;
    const groupCounts = q.categoryGroups ? new Int32Array(q.categoryGroups.length) : null;
    // Category ordinal → bit set of the category groups it falls in (at most 31 groups are counted).
    const groupBits = new Int32Array(d.categories.size);
    (q.categoryGroups ?? []).slice(0, 31).forEach((mask, g) => {
      for (let o = 0; o < mask.length; o++) if (mask[o]) groupBits[o]! |= 1 << g;
    });
    const granted = q.granted;
    const scope = q.scope;

    let cap = 0;
    for (const seg of this.segments) cap += seg.size;
    // Result arrays are reused across queries (one runs at a time); they grow with the catalogue.
    if (!this.results || this.results.ref.length < cap) {
      this.results = {
        ref: new Float64Array(cap),
        key: new Float64Array(cap),
        tie: new Float64Array(cap),
        score: new Float64Array(cap),
        grouped: new Float64Array(cap),
      };
    }
    const { ref: passRef, key, tie, score: scoreOf, grouped } = this.results;
    let n = 0;
    let groupedCount = 0;
    const scratches = this.segments.map((seg) => this.scratch(seg));
    const groupSlots = scratches.map((s) => s.groupSlot);

    try {
      for (let si = 0; si < this.segments.length; si++) {
        const seg = this.segments[si]!;
        const dead = this.dead[si];
        const priced = this.priceColumn(seg, q.priceBooks);
        const m = clauses.length ? this.match(si, clauses, required) : null;
        const count = m ? m.docs.length : seg.size;
        for (let c = 0; c < count; c++) {
          let doc = m ? m.docs[c]! : c;
          const score = m ? m.scores[c]! : 0;
          if (dead?.[doc]) continue;
          let s2 = si;
          let seg2 = seg;
          let priced2 = priced;
          if (q.grouping === 'NoGrouping') {
            if (seg.isVariationParent[doc]) continue;
          } else if (seg.hasParent[doc] || seg.isVariationParent[doc]) {
            // A variation stands for its parent; a parent reached several ways counts once.
            const ref = seg.hasParent[doc] ? this.findRef(seg.parentIdOf(doc)!) : si * SEG_SHIFT + doc;
            if (ref < 0) continue;
            s2 = Math.floor(ref / SEG_SHIFT);
            doc = ref % SEG_SHIFT;
            seg2 = this.segments[s2]!;
            priced2 = this.priceColumn(seg2, q.priceBooks);
            const slots = groupSlots[s2]!;
            const at = slots[doc]!;
            if (at !== 0) {
              if (at >= 2 && score > scoreOf[at - 2]!) scoreOf[at - 2] = score;
              continue;
            }
            slots[doc] = 1;
            grouped[groupedCount++] = ref;
          }
          const cs = seg2.catStart[doc]!;
          const ce = seg2.catStart[doc + 1]!;
          // Products in no category are visible to everyone; otherwise one granted category suffices.
          if (granted && cs !== ce && !anyIn(granted, seg2.catOrds, cs, ce)) continue;
          if (scope && !anyIn(scope, seg2.catOrds, cs, ce)) continue;
          const price = priced2.prices[doc]!;
          let failed = -1;
          let failures = 0;
          for (let t = 0; t < sels.length; t++) {
            const sel = sels[t]!;
            let ok = false;
            switch (sel.kind) {
              case K_COUNTRIES:
                ok = anyIn(sel.mask, seg2.countryOrds, seg2.countryStart[doc]!, seg2.countryStart[doc + 1]!);
                break;
              case K_SIC:
                ok = seg2.sicCodes[doc]! >= 0 && sel.mask[seg2.sicCodes[doc]!] === 1;
                break;
              case K_DIVISION:
                ok = seg2.divisions[doc]! >= 0 && sel.mask[seg2.divisions[doc]!] === 1;
                break;
              case K_STATUS:
                ok = seg2.statuses[doc]! >= 0 && sel.mask[seg2.statuses[doc]!] === 1;
                break;
              case K_RECORDS:
                ok = !Number.isNaN(seg2.recordCounts[doc]!) && inRanges(seg2.recordCounts[doc]!, sel.ranges);
                break;
              case K_PRICE:
                ok = !Number.isNaN(price) && inRanges(price / 100, sel.ranges);
                break;
              case K_CATEGORY:
                ok = anyIn(sel.mask, seg2.catOrds, cs, ce);
                break;
            }
            if (!ok) {
              failed = t;
              if (++failures > 1) break;
            }
          }
          if (failures > 1) continue;
          if (counts) {
            // Disjunctive facets: a document failing only one facet's selection still counts in that facet.
            const only = failures === 1 ? sels[failed]!.kind : -1;
            if (only < 0 || only === K_COUNTRIES)
              for (let k = seg2.countryStart[doc]!; k < seg2.countryStart[doc + 1]!; k++)
                counts.countries[seg2.countryOrds[k]!]!++;
            if ((only < 0 || only === K_SIC) && seg2.sicCodes[doc]! >= 0) counts.sicCode[seg2.sicCodes[doc]!]!++;
            if ((only < 0 || only === K_DIVISION) && seg2.divisions[doc]! >= 0)
              counts.division[seg2.divisions[doc]!]!++;
            if ((only < 0 || only === K_STATUS) && seg2.statuses[doc]! >= 0) counts.status[seg2.statuses[doc]!]!++;
            if (only < 0 || only === K_RECORDS) {
              const b = scratches[s2]!.recordBucket[doc]!;
              if (b >= 0) counts.recordCount[b]!++;
            }
            if (only < 0 || only === K_PRICE) {
              const b = priced2.bucket[doc]!;
              if (b >= 0) counts.price[b]!++;
            }
            if (only < 0 || only === K_CATEGORY) addBits(counts.category, groupBitsOf(groupBits, seg2.catOrds, cs, ce));
          }
          if (failures === 1) continue;
          if (groupCounts) addBits(groupCounts, groupBitsOf(groupBits, seg2.catOrds, cs, ce));
          const ref = s2 * SEG_SHIFT + doc;
          if (groupedCount > 0) {
            const slots = groupSlots[s2]!;
            if (slots[doc] === 1) slots[doc] = n + 2;
          }
          passRef[n] = ref;
          scoreOf[n] = score;
          tie[n] = ref;
          switch (q.sort) {
            case 'relevance':
              break; // from the final score, below
            case 'priceAsc':
              key[n] = Number.isNaN(price) ? Number.POSITIVE_INFINITY : price;
              break;
            case 'priceDesc':
              key[n] = Number.isNaN(price) ? Number.POSITIVE_INFINITY : -price;
              break;
            case 'nameAsc':
              key[n] = s2 === 0 ? seg2.nameRank[doc]! : this.nameRankInMain(seg2.nameOf(doc));
              break;
            case 'newest':
              key[n] = -seg2.createdAt[doc]!;
              break;
          }
          n++;
        }
      }
    } finally {
      for (let i = 0; i < groupedCount; i++) {
        const ref = grouped[i]!;
        groupSlots[Math.floor(ref / SEG_SHIFT)]![ref % SEG_SHIFT] = 0;
      }
    }
    if (q.sort === 'relevance') {
      // The score times the document's prior (see scratch), the same arithmetic as computing it here.
      for (let i = 0; i < n; i++) {
        const ref = passRef[i]!;
        key[i] = -(scoreOf[i]! * scratches[Math.floor(ref / SEG_SHIFT)]!.prior[ref % SEG_SHIFT]!);
      }
    }
    const top = topK(key, tie, n, size);
    const productIds: string[] = new Array(top.length);
    const scores = new Float64Array(top.length);
    for (let i = 0; i < top.length; i++) {
      const ref = passRef[top[i]!]!;
      productIds[i] = this.segments[Math.floor(ref / SEG_SHIFT)]!.productIds[ref % SEG_SHIFT]!;
      scores[i] = scoreOf[top[i]!]!;
    }
    return { total: n, productIds, scores, facets: counts, categoryCounts: groupCounts };
  }

  /** Where a name from a later segment falls in the main segment's name order (between two ranks). */
  private nameRankInMain(name: string): number {
    const main = this.segments[0];
    if (!main) return 0;
    let lo = 0;
    let hi = main.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareNames(main.nameOf(main.sortedByName[mid]!), name) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 0.5;
  }

  /** Does any live document, under the audience's entitlements, match every clause? Counts them (up to `cap`). */
  countMatches(clauses: Clause[], granted: Uint8Array | null, cap: number): number {
    let total = 0;
    this.segments.forEach((seg, si) => {
      if (total >= cap) return;
      const dead = this.dead[si];
      const m = this.match(si, clauses, clauses.length);
      for (const doc of m.docs) {
        // Listings: a variation shows as its parent, which carries the same words.
        if (dead?.[doc] || seg.hasParent[doc]) continue;
        const cs = seg.catStart[doc]!;
        const ce = seg.catStart[doc + 1]!;
        if (granted && cs !== ce && !anyIn(granted, seg.catOrds, cs, ce)) continue;
        if (++total >= cap) return;
      }
    });
    return total;
  }

  /** Completed search terms for what has been typed: the earlier words as read, the last one completed. */
  suggestTerms(
    input: string,
    granted: Uint8Array | null,
    limit: number,
  ): Array<{ value: string; productCount: number }> {
    const typed = words(input);
    if (!typed.length) return [];
    const endsInSpace = /\s$/.test(input);
    const last = typed[typed.length - 1]!;
    const head = endsInSpace ? typed : typed.slice(0, -1);
    const headClauses = head.length ? this.clauses(head.join(' ')) : [];
    const headText = headClauses.map((c) => c.text).join(' ');
    const candidates = new Map<string, { word: string; stem: string }>();
    if (!endsInSpace) {
      for (const c of this.completions(last, 12, true)) if (!candidates.has(c.stem)) candidates.set(c.stem, c);
      if (candidates.size < 3)
        for (const c of this.typoCandidates(last)) if (!candidates.has(c.stem)) candidates.set(c.stem, c);
    }
    const out: Array<{ value: string; productCount: number }> = [];
    if (!candidates.size) {
      if (!headClauses.length) return [];
      const n = this.countMatches(headClauses, granted, 100_000);
      return n ? [{ value: headText, productCount: n }] : [];
    }
    for (const c of candidates.values()) {
      const clause: Clause = { alternatives: [{ stems: [c.stem], weight: 1 }], text: c.word };
      // One word for an unrestricted audience: its document frequency is the count.
      const n =
        !headClauses.length && !granted
          ? this.listedDf(c.stem)
          : this.countMatches([...headClauses, clause], granted, 100_000);
      if (n) out.push({ value: fold(`${headText} ${c.word}`).trim(), productCount: n });
    }
    return out.sort((a, b) => b.productCount - a.productCount || a.value.localeCompare(b.value)).slice(0, limit);
  }
}
