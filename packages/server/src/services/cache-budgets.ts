// Every per-process cache and the memory it may take, in one place (issue 20): the total is what a process
// may hold beyond its search index and working memory. Each cache is derived from versioned data in the
// database (a catalogue version, a file version), so losing one costs time, never correctness.
import {
  SEARCH_MATCH_BYTES,
  SEARCH_PRICE_COLUMN_BYTES,
  SEARCH_WINDOW_BYTES,
  SEARCH_WINDOW_SIZE,
  SEARCH_TYPO_CACHE_BYTES,
  SEARCH_TYPO_CACHE_ENTRIES,
} from '../search/cache-budgets.ts';
import { COLUMN_MEMO_BYTES } from './column-memo.ts';
import { INDEX_CACHE_BYTES } from './dataset-lists/count-index-cache.ts';
import { LINE_PRODUCT_BYTES } from './carts/line-products.ts';
import { KEPT_PAGE_BYTES, LINE_ANSWER_BYTES } from './carts/line-page.ts';

const MiB = 1024 * 1024;

/** Serialised API answers (product, listing, search and suggestion answers): RESPONSE_CACHE_BYTES, 64 MiB by default. */
export const RESPONSE_CACHE_BYTES = Number(process.env.RESPONSE_CACHE_BYTES ?? 64 * MiB);

export interface CacheBudget {
  cache: string;
  bytes: number;
  note: string;
}

/** The caches with a byte budget (the README's table and the benchmark's total). */
export const CACHE_BUDGETS: readonly CacheBudget[] = [
  {
    cache: 'Response cache (services/response-cache.ts)',
    bytes: RESPONSE_CACHE_BYTES,
    note: 'LRU by the answers’ length; keyed by catalogue version, audience and query',
  },
  {
    cache: 'List builder count indexes (dataset-lists/count-index-cache.ts)',
    bytes: INDEX_CACHE_BYTES,
    note: 'LRU by index bytes; used only by the list builder',
  },
  {
    cache: 'Search price columns (search/engine.ts)',
    bytes: SEARCH_PRICE_COLUMN_BYTES,
    note: 'LRU by column bytes, per index generation',
  },
  {
    cache: 'Search result windows (search/result-windows.ts)',
    bytes: SEARCH_WINDOW_BYTES,
    note: `LRU by bytes, per index generation; a search's total, facets and first ${SEARCH_WINDOW_SIZE.toLocaleString('en-US')} results, read by its other pages`,
  },
  {
    cache: 'Search matches (search/engine.ts)',
    bytes: SEARCH_MATCH_BYTES,
    note: 'LRU by bytes, per index generation; the documents and scores recent queries’ words match, read again when a search is refined or re-sorted',
  },
  {
    cache: 'Product JSON columns and image versions (services/column-memo.ts)',
    bytes: 2 * COLUMN_MEMO_BYTES,
    note: 'two LRUs by text length, keyed by the column text itself',
  },
  {
    cache: 'Cart lines’ products (carts/line-products.ts)',
    bytes: LINE_PRODUCT_BYTES,
    note: 'LRU by JSON length, keyed by product and the build stamp of its kept summary',
  },
  {
    cache: 'Cart lines’ answers (carts/line-page.ts)',
    bytes: LINE_ANSWER_BYTES,
    note: 'LRU by JSON length, keyed by cart, currency and the line as the lines page read it (its row and its product’s stamp)',
  },
  {
    cache: 'Cart lines pages (carts/line-page.ts)',
    bytes: KEPT_PAGE_BYTES,
    note: 'LRU by bytes, keyed by cart, currency, the cart’s lines stamp, the read model’s clock and the page asked for',
  },
  {
    cache: 'Search typo corrections (search/engine.ts)',
    bytes: SEARCH_TYPO_CACHE_BYTES,
    note: `${SEARCH_TYPO_CACHE_ENTRIES.toLocaleString('en-US')} words, cleared when full`,
  },
];

export const cacheBudgetTotal = (): number => CACHE_BUDGETS.reduce((sum, c) => sum + c.bytes, 0);
