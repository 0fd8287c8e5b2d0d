// The search engine's own caches and their budgets (listed with the others in services/cache-budgets.ts).

/** Merged price columns (one per price-book list the audiences use, 8 bytes a document), LRU by bytes. */
export const SEARCH_PRICE_COLUMN_BYTES = 32 * 1024 * 1024;
/** Typo corrections: this many words with at most 5 candidates each, cleared when full. */
export const SEARCH_TYPO_CACHE_ENTRIES = 5_000;
/** About 300 bytes a word (the word, up to 5 candidates of a word, a stem and two numbers). */
export const SEARCH_TYPO_CACHE_BYTES = SEARCH_TYPO_CACHE_ENTRIES * 300;
/** Results a search's kept window holds (50 pages of 20); a page past it widens the window by whole sizes. */
export const SEARCH_WINDOW_SIZE = 1000;
/** Kept result windows (search/result-windows.ts), LRU by bytes: about 16 kB a window of 1,000 plus its facets. */
export const SEARCH_WINDOW_BYTES = 16 * 1024 * 1024;
/**
 * The matched documents and scores of recent queries' words, per segment (engine.ts), LRU by bytes: 12 bytes a
 * match, so a word matching a tenth of 100,000 documents is about 120 kB. A buyer who refines or re-sorts a search
 * asks for the same words again, and only the refinements, counts and order are worked out anew.
 */
export const SEARCH_MATCH_BYTES = 8 * 1024 * 1024;
