// The default SearchEngine policy (policies/search-engine.ts): one search index per store and
// process, derived from the database and kept current by the catalogue version: every query reads
// the store's version (one primary-key read); when another process (or this one) changed the
// catalogue, the products changed since the index was built are re-read into a small delta segment
// before the query runs. So a change is searchable at once everywhere, and the database stays the
// only state that matters. A freshly built main segment is saved in the database (segment-store.ts), keyed by
// the catalogue version it was read at, so a new process loads it and reads only the delta since.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { IndexSearcher } from './engine.ts';
import { loadDocs } from './loader.ts';
import { type Dictionaries, Segment, newDictionaries } from './segment.ts';
import { SegmentFormatError, decodeSegment, dictionarySnapshot, encodeSegment } from './segment-format.ts';
import { loadNewestSegment, saveSegment } from './segment-store.ts';
import { Synonyms } from './synonyms.ts';
import { readSynonymGroups } from './synonym-groups.ts';

interface PriceBooks {
  books: Array<{ id: string; currency: string; active: boolean }>;
  byGroup: Map<string, Array<{ book: string; priority: number }>>;
}

interface StoreIndex {
  version: number;
  /** The catalogue version the main segment was read at. */
  baseVersion: number;
  main: Segment;
  dicts: Dictionaries;
  engine: IndexSearcher;
  priceBooks: PriceBooks;
  buildMs: number;
  /** Heap and typed-array bytes the build added (approximate: other allocations and GC run meanwhile). */
  memoryBytes: number;
  /** Whether the main segment was built from the catalogue here or loaded as another process saved it. */
  source: 'built' | 'loaded';
}

export interface IndexStatus {
  documents: number;
  version: number;
  buildMs: number;
  memoryBytes: number;
  deltaDocuments: number;
  /** 'loaded': the main segment came from the database (saved by a process that built it); 'built': built here. */
  source?: 'built' | 'loaded';
}

/** Rebuild everything when the delta passes this share of the main segment. */
const REBUILD_SHARE = 0.1;
const REBUILD_MIN = 5000;

const heap = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

export class SearchIndexService {
  private stores = new Map<string, Promise<StoreIndex>>();
  private saving = new Set<Promise<void>>();

  constructor(private db: Kysely<Database>) {}

  /** The store's index, current with the database (at `knownVersion` when the caller has just read it). */
  async open(
    webstoreId: string,
    knownVersion?: number,
  ): Promise<{ searcher: IndexSearcher; booksFor: (groupIds: readonly string[], currency: string) => string[] }> {
    const version = knownVersion ?? (await this.currentVersion(webstoreId));
    let pending = this.built(webstoreId);
    let index = await pending;
    if (index.version < version) {
      // One refresh at a time per store: concurrent queries wait for the same one.
      if (this.stores.get(webstoreId) === pending) pending = this.remember(webstoreId, this.refresh(webstoreId, index));
      else pending = this.stores.get(webstoreId)!;
      index = await pending;
    }
    const books = index.priceBooks;
    return {
      searcher: index.engine,
      booksFor: (groupIds, currency) => {
        const active = new Set(books.books.filter((b) => b.active && b.currency === currency).map((b) => b.id));
        return groupIds
          .flatMap((g) => books.byGroup.get(g) ?? [])
          .filter((e) => active.has(e.book))
          .sort((a, b) => a.priority - b.priority)
          .map((e) => e.book)
          .filter((b, i, all) => all.indexOf(b) === i);
      },
    };
  }

  async status(webstoreId: string): Promise<IndexStatus> {
    const index = await this.built(webstoreId);
    return {
      documents: index.engine.documentCount,
      version: index.version,
      buildMs: index.buildMs,
      memoryBytes: index.memoryBytes,
      deltaDocuments: index.engine.segments[1]?.size ?? 0,
      source: index.source,
    };
  }

  /** The store's index as built or being built (a first call starts the build). */
  private built(webstoreId: string): Promise<StoreIndex> {
    return this.stores.get(webstoreId) ?? this.remember(webstoreId, this.build(webstoreId));
  }

  private remember(webstoreId: string, p: Promise<StoreIndex>): Promise<StoreIndex> {
    this.stores.set(webstoreId, p);
    p.catch(() => {
      if (this.stores.get(webstoreId) === p) this.stores.delete(webstoreId);
    });
    return p;
  }

  /** The store's catalogue version as the database has it now (one primary-key read). */
  async currentVersion(webstoreId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webstore')
      .select('catalog_version')
      .where('id', '=', webstoreId)
      .executeTakeFirst();
    return row?.catalog_version ?? 0;
  }

  /** The store's index: the persisted main segment and the delta since, or (none usable) built from the catalogue. */
  private async build(webstoreId: string): Promise<StoreIndex> {
    const started = performance.now();
    const heapBefore = heap();
    const version = await this.currentVersion(webstoreId);
    const stored = await loadNewestSegment(this.db, webstoreId, version);
    if (stored) {
      let decoded: ReturnType<typeof decodeSegment> | null = null;
      try {
        decoded = decodeSegment(stored.buffer);
      } catch (e) {
        if (!(e instanceof SegmentFormatError)) throw e;
      }
      if (decoded) {
        const [synonyms, priceBooks] = await Promise.all([this.synonyms(webstoreId), this.priceBooks(webstoreId)]);
        const main = new Segment(decoded.columns);
        const loaded: StoreIndex = {
          version: stored.version,
          baseVersion: stored.version,
          main,
          dicts: decoded.dicts,
          engine: new IndexSearcher([main], [null], decoded.dicts, synonyms),
          priceBooks,
          buildMs: 0,
          memoryBytes: 0,
          source: 'loaded',
        };
        const current = stored.version < version ? await this.refresh(webstoreId, loaded) : loaded;
        if (current.source === 'built') return current;
        return { ...current, buildMs: performance.now() - started, memoryBytes: heap() - heapBefore };
      }
    }
    return this.buildFresh(webstoreId, started, heapBefore);
  }

  /** Builds the main segment from the whole catalogue, and saves it for the processes that start after. */
  private async buildFresh(webstoreId: string, started = performance.now(), heapBefore = heap()): Promise<StoreIndex> {
    const version = await this.currentVersion(webstoreId);
    const [{ docs }, synonyms, priceBooks] = await Promise.all([
      loadDocs(this.db, webstoreId),
      this.synonyms(webstoreId),
      this.priceBooks(webstoreId),
    ]);
    const dicts = newDictionaries();
    const main = await Segment.build(docs, dicts);
    docs.length = 0;
    this.persist(webstoreId, version, main, dicts);
    return {
      version,
      baseVersion: version,
      main,
      dicts,
      engine: new IndexSearcher([main], [null], dicts, synonyms),
      priceBooks,
      buildMs: performance.now() - started,
      memoryBytes: heap() - heapBefore,
      source: 'built',
    };
  }

  /**
   * Saves a fresh main segment in the background (queries do not wait for it). A failed save costs only the
   * next process's start-up time, so it is reported, not thrown.
   */
  private persist(webstoreId: string, version: number, main: Segment, dicts: Dictionaries): void {
    const encoded = encodeSegment(main.columns, dictionarySnapshot(dicts));
    const saving = saveSegment(this.db, webstoreId, version, main.size, encoded).then(
      () => undefined,
      (e: unknown) => {
        console.warn(`[store] search index of ${webstoreId} not saved: ${(e as Error).message}`);
      },
    );
    this.saving.add(saving);
    void saving.finally(() => this.saving.delete(saving));
  }

  /** Resolves when the segments being saved are written (tests, and a clean stop). */
  async saved(): Promise<void> {
    while (this.saving.size) await Promise.all(this.saving);
  }

  private async refresh(webstoreId: string, index: StoreIndex): Promise<StoreIndex> {
    const version = await this.currentVersion(webstoreId);
    const [{ docs, removed }, synonyms, priceBooks] = await Promise.all([
      loadDocs(this.db, webstoreId, index.baseVersion),
      this.synonyms(webstoreId),
      this.priceBooks(webstoreId),
    ]);
    if (docs.length + removed.length > Math.max(REBUILD_MIN, index.main.size * REBUILD_SHARE))
      return this.buildFresh(webstoreId);
    const dead = new Uint8Array(index.main.size);
    for (const id of [...docs.map((d) => d.productId), ...removed]) {
      const doc = index.main.find(id);
      if (doc >= 0) dead[doc] = 1;
    }
    const delta = await Segment.build(docs, index.dicts, index.main.stats);
    const engine = new IndexSearcher([index.main, delta], [dead, null], index.dicts, synonyms);
    return { ...index, version, engine, priceBooks };
  }

  private async synonyms(webstoreId: string): Promise<Synonyms> {
    return new Synonyms(await readSynonymGroups(this.db, webstoreId));
  }

  private async priceBooks(webstoreId: string): Promise<PriceBooks> {
    const [books, links] = await Promise.all([
      this.db
        .selectFrom('price_book')
        .select(['id', 'currency', 'is_active'])
        .where('webstore_id', '=', webstoreId)
        .execute(),
      this.db
        .selectFrom('buyer_group_price_book')
        .innerJoin('price_book', 'price_book.id', 'buyer_group_price_book.price_book_id')
        .select(['buyer_group_id', 'price_book_id', 'priority'])
        .where('price_book.webstore_id', '=', webstoreId)
        .execute(),
    ]);
    const byGroup = new Map<string, Array<{ book: string; priority: number }>>();
    for (const l of links)
      (byGroup.get(l.buyer_group_id) ?? byGroup.set(l.buyer_group_id, []).get(l.buyer_group_id)!).push({
        book: l.price_book_id,
        priority: l.priority,
      });
    return { books: books.map((b) => ({ id: b.id, currency: b.currency, active: !!b.is_active })), byGroup };
  }
}
