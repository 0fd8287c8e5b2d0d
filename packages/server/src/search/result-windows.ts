// The kept result windows of searches (issue 20): for a query without its page, its total, its facet counts and
// its best few hundred products in order. The other pages of that search, asked next, are then read from the
// window instead of matching, counting and ranking the catalogue again (as Solr's queryResultCache and its
// window size do). A window belongs to one index generation (IndexSearcher), so a catalogue change, which makes
// a new generation, is never answered from an older window.
import { LRUCache } from 'lru-cache';
import { SEARCH_WINDOW_BYTES, SEARCH_WINDOW_SIZE } from './cache-budgets.ts';
import type { EngineQuery, FacetCounts } from './engine.ts';

export interface ResultWindow {
  total: number;
  /** The first `productIds.length` results in order (all of them when that equals total). */
  productIds: string[];
  scores: Float64Array;
  /** Shared by every page read from the window: read, never changed. */
  facets: FacetCounts | null;
  categoryCounts: Int32Array | null;
}

/** How many results a window holds to answer results up to `wanted` (whole windows, so paging on stays in it). */
export const windowSizeFor = (wanted: number): number =>
  Math.max(SEARCH_WINDOW_SIZE, Math.ceil(wanted / SEARCH_WINDOW_SIZE) * SEARCH_WINDOW_SIZE);

/** Whether the window answers results up to `wanted`: it holds them, or it holds every result there is. */
export const windowAnswers = (w: ResultWindow, wanted: number): boolean =>
  w.productIds.length >= Math.min(wanted, w.total);

/** The ordinals a mask sets, as text. */
function maskKey(mask: Uint8Array | null): string {
  if (!mask) return '*';
  let key = '';
  for (let i = 0; i < mask.length; i++) if (mask[i]) key += `${i},`;
  return key;
}

/** Everything of a query that decides its results, but not the page: the key of its window. */
export function windowKey(q: EngineQuery): string {
  const selections = q.selections.map((s) => {
    if ('ords' in s) return `${s.key}=${[...s.ords].sort((a, b) => a - b).join(',')}`;
    if ('ranges' in s) return `${s.key}=${s.ranges.map((r) => `${r.min ?? ''}-${r.max ?? ''}`).join(',')}`;
    return `${s.key}=${maskKey(s.mask)}`;
  });
  return JSON.stringify([
    q.term ?? '',
    !!q.prefix,
    maskKey(q.scope),
    maskKey(q.granted),
    selections,
    q.priceBooks,
    q.sort,
    q.grouping,
    q.facets,
    (q.categoryGroups ?? []).map(maskKey),
  ]);
}

const facetBytes = (f: FacetCounts | null) =>
  f ? Object.values(f).reduce((sum: number, counts: Int32Array) => sum + counts.byteLength, 0) : 0;

/** The windows of one index generation, least recently used first out, within SEARCH_WINDOW_BYTES. */
export function resultWindows(): LRUCache<string, ResultWindow> {
  return new LRUCache<string, ResultWindow>({
    maxSize: SEARCH_WINDOW_BYTES,
    // The ids are the index's own strings (a reference each); the key is about the size of its text.
    sizeCalculation: (w, key) =>
      256 +
      key.length * 2 +
      w.productIds.length * 8 +
      w.scores.byteLength +
      facetBytes(w.facets) +
      (w.categoryCounts?.byteLength ?? 0),
  });
}
