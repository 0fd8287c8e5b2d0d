// Engine-level search tests (search/*.test.ts): a query as the search service builds one, and searchers on the demo
// store's own index that share its segments but none of its kept state.
import type { EngineQuery } from '../search/engine.ts';
import { IndexSearcher } from '../search/engine.ts';
import { WEBSTORE_ID, type TestServer } from './server.ts';

/** A query of `term` over the whole catalogue (no scope, grants or refinements), first 200, with facets. */
export const engineQuery = (term: string, change: Partial<EngineQuery> = {}): EngineQuery => ({
  term,
  scope: null,
  granted: null,
  selections: [],
  priceBooks: [],
  sort: 'relevance',
  grouping: 'VariationParent',
  offset: 0,
  limit: 200,
  facets: true,
  categoryGroups: null,
  ...change,
});

/** New searchers over the test store's index: nothing kept from earlier searches (lookupFactor as given). */
export async function freshSearchers(s: TestServer): Promise<(lookupFactor?: number) => IndexSearcher> {
  const { searcher } = await s.services.searchIndex.open(WEBSTORE_ID);
  if (!(searcher instanceof IndexSearcher)) throw new Error('the test store has no in-process search index');
  return (lookupFactor) =>
    new IndexSearcher(searcher.segments, searcher.dead, searcher.dicts, searcher.synonyms, lookupFactor);
}
