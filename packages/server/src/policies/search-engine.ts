// The search engine: what product search and suggestions (services/search.ts) query. The default is
// the in-process index (search/index-service.ts), built from the database and kept current by the
// catalogue version; a search server could stand behind this interface instead.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { IndexSearcher } from '../search/engine.ts';
import { type IndexStatus, SearchIndexService } from '../search/index-service.ts';

/** What the search service asks of one store's index: the engine queries and the facet dictionaries. */
export type StoreSearcher = Pick<IndexSearcher, 'dicts' | 'search' | 'suggestTerms'>;

/** A store's index opened for a query. */
export interface OpenSearchIndex {
  searcher: StoreSearcher;
  /** The price books a buyer's groups see in a currency, best first. */
  booksFor(groupIds: readonly string[], currency: string): string[];
}

/**
 * The search engine.
 *
 * Default ({@link inProcessSearch}): one in-memory index per store and process, rebuilt or topped up
 * with a delta segment whenever the catalogue version moves.
 *
 * @example Log slow index opens around the default:
 * ```ts
 * const inner = inProcessSearch(db);
 * const timed: SearchEngine = {
 *   async open(id, v) { const t = Date.now(); try { return await inner.open(id, v); } finally { if (Date.now() - t > 500) console.warn('slow index', id); } },
 *   currentVersion: (id) => inner.currentVersion(id),
 *   status: (id) => inner.status(id),
 * };
 * createServices(db, { searchEngine: timed });
 * ```
 */
export interface SearchEngine {
  /** The store's index, current with the catalogue (at `knownVersion` when the caller has just read it). */
  open(webstoreId: string, knownVersion?: number): Promise<OpenSearchIndex>;
  /** The store's catalogue version, which the index follows. */
  currentVersion(webstoreId: string): Promise<number>;
  /** Size and freshness of the store's index (health checks, start-up log). */
  status(webstoreId: string): Promise<IndexStatus>;
}

/** The default: the in-process index over the database. */
export const inProcessSearch = (db: Kysely<Database>): SearchEngine => new SearchIndexService(db);
