// What the category and search pages share in their loaders: read the results state from the URL,
// ask search/products for one page of it (category and/or term, refinements, sort), and turn the
// answer into cards, facets and sort options for components/search/SearchResults.tsx.

import { sortRuleLabel, type ProductSearchQuery, type ProductSearchResults, type SearchFacet } from '@store/core';
import { toListedProduct, type StoreApi } from '../api.ts';
import { CARD_FIELDS, toCards } from '../catalogue/product-cards.ts';
import { lastReachablePage, readResultsParams, type ResultsBase } from './search-url.ts';
import type { FacetView, ResultsData } from '../../routes/types.ts';

/** Three rows of the three-column grid. */
export const RESULTS_PAGE_SIZE = 12;

/** The API's DistinctValue facets in their display rank; range facets have no checkbox form. */
export function facetViews(facets: readonly SearchFacet[] | undefined): FacetView[] {
  return (facets ?? [])
    .filter((f) => f.facetType !== 'Range' && f.values?.length)
    .sort((a, b) => a.displayRank - b.displayRank)
    .map((f) => ({
      nameOrId: f.nameOrId,
      attributeType: f.attributeType,
      displayName: f.displayName || f.nameOrId,
      values: f.values.map((v) => ({
        value: v.nameOrId,
        label: v.displayName || v.nameOrId,
        count: Number(v.productCount) || 0,
      })),
    }));
}

export interface LoadedResults {
  results: ResultsData;
  /** The API's answer (for its categories), null when the call failed. */
  answer: ProductSearchResults | null;
}

export async function loadResults(
  api: StoreApi,
  scope: Pick<ProductSearchQuery, 'searchTerm' | 'categoryId'>,
  base: ResultsBase,
  url: URL,
  signal: AbortSignal,
): Promise<LoadedResults> {
  const pageSize = RESULTS_PAGE_SIZE;
  const state = readResultsParams(url.searchParams, pageSize);
  const rules = await api.sortRules();
  // An id that is not one of the store's rules (an old link) falls back to the default.
  const chosen = rules.some((r) => r.sortRuleId === state.sortRuleId) ? state.sortRuleId : null;

  let answer: ProductSearchResults | null = null;
  try {
    answer = await api.client.searchProducts(
      {
        ...scope,
        refinements: state.refinements,
        // The default rule is asked for by leaving the sort out (relevance, reference §4.4).
        sortRuleId: chosen ?? undefined,
        page: state.page - 1,
        pageSize,
        fields: CARD_FIELDS,
        // A variation parent's tile shows "from" its cheapest variation: the variations come with it.
        includeProductVariationInfo: true,
      },
      { signal },
    );
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
  }

  const total = Number(answer?.productsPage?.total ?? 0);
  const listed = (answer?.productsPage?.products ?? []).map(toListedProduct);
  return {
    answer,
    results: {
      base,
      products: await toCards(api, listed, signal),
      error: answer === null,
      total,
      page: state.page,
      pageSize,
      pageCount: Math.max(1, Math.min(Math.ceil(total / pageSize), lastReachablePage(pageSize))),
      facets: facetViews(answer?.facets),
      refinements: state.refinements,
      refinementsIgnored: state.refinementsIgnored,
      sortOptions: rules.map((r) => ({ id: r.sortRuleId, label: sortRuleLabel(r) })),
      sortRuleId: chosen ?? rules[0]?.sortRuleId ?? '',
    },
  };
}
