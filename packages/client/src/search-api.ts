// Product search calls (spec 01 §5, §7; commerce-api §4): the query form (GET search/products, the
// refinements travelling as URL-safe base64 JSON), the body form (POST search/product-search, used
// when prices are wanted with the results), suggestions while typing, and the store's sort rules.

import {
  effectiveAccountIdOrNull,
  encodeRefinements,
  MISSING_SEARCH_QUERY_MESSAGE,
  type ProductSearchQuery,
  type ProductSearchResults,
  type SearchSuggestions,
  type SortRule,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';

export interface SearchProductsOptions extends CallOptions {
  effectiveAccountId?: string;
}

export interface GetSearchSuggestionsOptions extends CallOptions {
  /** Required, but may be empty (the server then answers recent searches); at most 100 characters. */
  searchTerm: string;
  /** Server default true. */
  includeSuggestedTerms?: boolean;
  /** Server default false. */
  includeSuggestedProducts?: boolean;
  /** Suggested terms, 1–10. */
  maxResults?: number;
  /** 1–10, server default 6. */
  maxSuggestedProducts?: number;
  /** Used by the server when the term is empty. */
  popularProductsCategoryId?: string;
  effectiveAccountId?: string;
}

export interface SearchCalls {
  /**
   * GET search/products; a query with `includePrices` goes to the body form instead (spec 01 §7), the
   * only one that can carry prices. Rejects with MISSING_SEARCH_QUERY_MESSAGE, before any request,
   * when the query has neither a categoryId nor a searchTerm.
   */
  searchProducts(query: ProductSearchQuery, options?: SearchProductsOptions): Promise<ProductSearchResults>;
  /** POST search/product-search with the query as the body. Same validation as searchProducts. */
  productSearch(query: ProductSearchQuery, options?: SearchProductsOptions): Promise<ProductSearchResults>;
  getSearchSuggestions(options: GetSearchSuggestionsOptions): Promise<SearchSuggestions>;
  getSortRules(options?: CallOptions): Promise<{ sortRules: SortRule[] }>;
}

/** The all-zero id means "no effective account" (spec 01 §3) and must not be sent. */
const account = (id: string | undefined) => effectiveAccountIdOrNull(id) ?? undefined;
const present = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * Spec 01 §5: a search needs a query with a categoryId or a searchTerm. Blank strings count as absent
 * (a whitespace term would match everything or nothing, depending on the server), so they are dropped.
 */
function requireSearchQuery(query: unknown): ProductSearchQuery {
  const q = (query && typeof query === 'object' ? query : {}) as ProductSearchQuery;
  if (!present(q.categoryId) && !present(q.searchTerm)) throw new Error(MISSING_SEARCH_QUERY_MESSAGE);
  return {
    ...q,
    categoryId: present(q.categoryId) ? q.categoryId : undefined,
    searchTerm: present(q.searchTerm) ? q.searchTerm : undefined,
  };
}

export function createSearchCalls(http: Http): SearchCalls {
  const ws = http.webstorePath;

  async function productSearch(
    query: ProductSearchQuery,
    o: SearchProductsOptions = {},
  ): Promise<ProductSearchResults> {
    const q = requireSearchQuery(query);
    // Only the known keys travel, as in the other calls with a body.
    const body: ProductSearchQuery = {
      searchTerm: q.searchTerm,
      categoryId: q.categoryId,
      refinements: q.refinements?.length ? q.refinements : undefined,
      fields: q.fields?.length ? q.fields : undefined,
      page: q.page,
      pageSize: q.pageSize,
      sortRuleId: q.sortRuleId || undefined,
      grouping: q.grouping,
      includePrices: q.includePrices,
      includeQuantityRule: q.includeQuantityRule,
    };
    const res = await http.request<ProductSearchResults>({
      method: 'POST',
      path: ws('search', 'product-search'),
      query: { effectiveAccountId: account(o.effectiveAccountId) },
      body,
      signal: o.signal,
    });
    return res.data;
  }

  return {
    productSearch,

    async searchProducts(query, o = {}) {
      const q = requireSearchQuery(query);
      if (q.includePrices) return productSearch(q, o);
      const res = await http.request<ProductSearchResults>({
        path: ws('search', 'products'),
        query: {
          searchTerm: q.searchTerm,
          categoryId: q.categoryId,
          refinements: q.refinements?.length ? encodeRefinements(q.refinements) : undefined,
          page: q.page,
          pageSize: q.pageSize,
          sortRuleId: q.sortRuleId || undefined,
          fields: q.fields,
          grouping: q.grouping?.groupingOption,
          includeQuantityRule: q.includeQuantityRule,
          includeProductVariationInfo: q.includeProductVariationInfo,
          effectiveAccountId: account(o.effectiveAccountId),
        },
        signal: o.signal,
      });
      return res.data;
    },

    async getSearchSuggestions(o) {
      // Spec 01 §5: the term must not be null; an empty one is a legitimate question (recent searches).
      if (typeof o?.searchTerm !== 'string') throw new TypeError("'searchTerm' is required and must be a string.");
      const res = await http.request<SearchSuggestions>({
        path: ws('search', 'suggestions'),
        query: {
          searchTerm: o.searchTerm,
          includeSuggestedTerms: o.includeSuggestedTerms,
          includeSuggestedProducts: o.includeSuggestedProducts,
          maxResults: o.maxResults,
          maxSuggestedProducts: o.maxSuggestedProducts,
          popularProductsCategoryId: o.popularProductsCategoryId || undefined,
          effectiveAccountId: account(o.effectiveAccountId),
        },
        signal: o.signal,
      });
      return res.data;
    },

    async getSortRules(o = {}) {
      return (await http.request<{ sortRules: SortRule[] }>({ path: ws('search', 'sort-rules'), signal: o.signal }))
        .data;
    },
  };
}
