// The search page (/search?term=…&category=…): the results for the term, narrowed to a category when
// asked, with the categories that hold matches. Kept out of search indexes.

import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { loadResults } from '../../lib/search/results-loader.ts';
import { resultsHref, SEARCH_PATH } from '../../lib/search/search-url.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { withStoreName, type RouteHandle } from '../root/head.ts';
import type { HeadData, SearchData } from '../types.ts';
import { SearchPage } from './SearchPage.tsx';

const handle: RouteHandle = {
  head: (d, site): HeadData => {
    const s = d as SearchData;
    return {
      title: withStoreName(s.term ? `Search: ${s.term}` : 'Search', site),
      description: s.results
        ? `${s.results.total.toLocaleString('en-US')} datasets match \u201c${s.term}\u201d.`
        : 'Search the business datasets.',
      // Result lists change with the catalogue and every term would be a page: kept out of indexes.
      robots: 'noindex, follow',
    };
  },
};

function SearchRoute() {
  return <SearchPage data={useLoaderData() as SearchData} />;
}

export function createSearchRoute(getApi: () => StoreApi): RouteObject {
  async function searchLoader({ request }: LoaderFunctionArgs): Promise<SearchData> {
    const api = getApi();
    const url = new URL(request.url);
    const term = (url.searchParams.get('term') ?? '').trim();
    // Narrowing to a category: an id or url name, nothing else reaches the API.
    const categoryParam = url.searchParams.get('category')?.trim() ?? '';
    const categoryId = /^[A-Za-z0-9_-]{1,120}$/.test(categoryParam) ? categoryParam : undefined;
    if (!term) return { term: '', category: null, categories: [], results: null };
    const params: Record<string, string> = { term };
    if (categoryId) params.category = categoryId;
    const base = { path: SEARCH_PATH, params };
    const { results, answer } = await loadResults(api, { searchTerm: term, categoryId }, base, url, request.signal);
    const searched = answer?.categories?.category ?? null;
    const narrowTo = (c: { id: string }) =>
      resultsHref(
        { path: SEARCH_PATH, params: { term, category: c.id } },
        { refinements: [], sortRuleId: null, page: 1 },
      );
    return {
      term,
      category: categoryId && searched ? { id: searched.id, name: searched.name } : null,
      categories: (answer?.categories?.children ?? [])
        .filter((c) => c?.category && c.productCount > 0)
        .map((c) => ({ label: c.category.name, count: c.productCount, href: narrowTo(c.category) })),
      results,
    };
  }

  return { path: 'search', loader: searchLoader, Component: SearchRoute, ErrorBoundary: PageError, handle };
}
