// The category page (/category/:categoryKey, and /store/category/… for old links): the category by url
// name or id, its breadcrumbs and subcategories, and its products with filters, sort and paging.

import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isNotFound, optional, type StoreApi } from '../../lib/api.ts';
import { categoryHref } from '../../lib/links.ts';
import { loadResults } from '../../lib/search/results-loader.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { withSeo, withStoreName, type RouteHandle } from '../root/head.ts';
import { loadSeo, pathOfUrl } from '../../lib/seo.ts';
import { notFound } from '../root/not-found.tsx';
import type { CategoryData, HeadData, ResultsData } from '../types.ts';
import { CategoryPage } from './CategoryPage.tsx';

/** Results filtered or in another order than the store's default. */
const isRefined = (r: ResultsData) => r.refinements.length > 0 || r.sortRuleId !== r.sortOptions[0]?.id;

const handle: RouteHandle = {
  head: (d, site): HeadData => {
    const c = d as CategoryData;
    // The category's page by its SEO properties (the url name the server knows), else the one it was read by.
    const base = (c.seo && pathOfUrl(c.seo.canonicalUrl)) || c.category.href;
    const head = withSeo(
      {
        title: withStoreName(`${c.category.name} datasets`, site),
        description:
          c.category.description ||
          `Browse ${c.results.total} ${c.category.name} datasets with email and phone contacts.`,
      },
      c.seo,
      (title) => withStoreName(title, site),
    );
    // Filtered and re-sorted lists are views of the category, not pages of their own; later pages are.
    return {
      ...head,
      canonicalPath: c.results.page > 1 && !isRefined(c.results) ? `${base}?page=${c.results.page}` : base,
    };
  },
};

function CategoryRoute() {
  return <CategoryPage data={useLoaderData() as CategoryData} />;
}

/** The category route at a path; the same loader serves the current and the old addresses. */
export function createCategoryRoute(getApi: () => StoreApi): (path: string) => RouteObject {
  async function categoryLoader({ params, request }: LoaderFunctionArgs): Promise<CategoryData> {
    const api = getApi();
    const key = params.categoryKey ?? '';
    if (!key) throw notFound();
    const url = new URL(request.url);
    const signal = request.signal;

    let category: Awaited<ReturnType<typeof api.client.getCategory>> | null;
    try {
      category = await api.client.getCategory(key, { signal });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // Older servers take only record ids: find the url name in the menu.
      const menu = await optional(api.client.getCategoryMenuItems({ maxLevels: 5, maxItems: 500, signal }));
      const stack = [...(menu?.menuItems ?? [])];
      let id: string | null = null;
      while (stack.length && !id) {
        const m = stack.shift()!;
        const a = m.pageReference?.attributes;
        if (a && (a.urlName === key || a.recordId === key)) id = a.recordId;
        stack.push(...(m.subMenu ?? []));
      }
      if (!id || id === key) throw notFound();
      try {
        category = await api.client.getCategory(id, { signal });
      } catch (e) {
        if (isNotFound(e)) throw notFound();
        throw e;
      }
    }

    const id = category.id;
    // Filters, sort and page stay on the path the shopper came by (url name or id, /store/ or not).
    const [path, children, { results }, seo] = await Promise.all([
      optional(api.client.getCategoryPath(id, { signal })),
      optional(api.client.getCategoryChildren({ parentProductCategoryId: id, signal })),
      loadResults(api, { categoryId: id }, { path: url.pathname }, url, signal),
      loadSeo(api, id, signal),
    ]);
    const name = category.fields?.Name ?? path?.path.at(-1)?.name ?? key;
    const crumbs = (path?.path ?? [{ id, name, urlName: category.urlName, description: null }]).map((c) => ({
      label: c.name,
      href: categoryHref(c),
    }));
    return {
      category: {
        id,
        name,
        description: category.fields?.Description ?? null,
        href: categoryHref({ id, urlName: category.urlName }),
      },
      breadcrumbs: crumbs,
      children: (children?.productCategories ?? []).map((c) => ({
        label: c.fields?.Name ?? c.id,
        href: categoryHref(c),
      })),
      results,
      origin: url.origin,
      seo,
    };
  }

  return (path) => ({ path, loader: categoryLoader, Component: CategoryRoute, ErrorBoundary: PageError, handle });
}
