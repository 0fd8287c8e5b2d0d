// Route table shared by the server render (createStaticHandler) and the browser (createBrowserRouter).
// Loaders call the commerce API through @store/client; the api is handed in per request (server)
// or once (browser), so the same loaders run on both sides.

import { sharedSnapshotId, type ApplicationContext, type NavigationMenuItem } from '@store/core';
import { data, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { createAccountRoutes } from './account-routes.tsx';
import { createCartRoute } from './cart-routes.tsx';
import { createCheckoutRoutes } from './checkout-routes.tsx';
import { isNotFound, optional, type ListedProduct, type StoreApi } from './lib/api.ts';
import { StoreApiProvider } from './lib/api-context.tsx';
import type { RouteHandle } from './lib/head.ts';
import { CART_PATH, categoryHref } from './lib/links.ts';
import { promotionalPricingOf } from './lib/promotions.ts';
import { CARD_FIELDS, priceCurrency, toCards } from './lib/product-cards.ts';
import { loadResults } from './lib/results-loader.ts';
import { resultsHref, SEARCH_PATH } from './lib/search-url.ts';
import { sanitizeRichText } from './lib/sanitize.ts';
import { CategoryPage } from './pages/CategoryPage.tsx';
import { PageError, RootError } from './pages/ErrorPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { Layout, STORE_NAME } from './pages/Layout.tsx';
import { ProductPage } from './pages/ProductPage.tsx';
import { SearchPage } from './pages/SearchPage.tsx';
import { canonicalProductPath, plainDescription, productImageUrl, productName } from './pages/product-view.ts';
import type {
  CategoryData,
  HomeData,
  HeadData,
  MenuLink,
  ProductData,
  ResultsData,
  RootData,
  SearchData,
} from './pages/types.ts';
import { DATASET_FIELDS } from '@store/core';

export const FEATURED_SKUS = Array.from({ length: 8 }, (_, i) => `DS-${String(i + 1).padStart(5, '0')}`);
const MENU_OPTIONS = { maxLevels: 2, maxItems: 20 } as const;

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** Results filtered or in another order than the store's default. */
const isRefined = (r: ResultsData) => r.refinements.length > 0 || r.sortRuleId !== r.sortOptions[0]?.id;

function menuLinks(items: NavigationMenuItem[] | undefined): MenuLink[] {
  return (items ?? [])
    .filter((m) => m?.label)
    .map((m) => {
      const attrs = m.pageReference?.attributes;
      const href = attrs ? categoryHref({ id: attrs.recordId, urlName: attrs.urlName }) : m.actionValue || '/';
      return { label: m.label, href, children: menuLinks(m.subMenu) };
    });
}

function fromDetail(p: {
  id: string;
  fields: Record<string, string | null>;
  defaultImage?: { url?: string | null; alternateText?: string | null } | null;
  sku?: string;
  name?: string;
}): ListedProduct {
  const sku = p.fields.StockKeepingUnit ?? p.sku ?? null;
  const name = p.fields.Name ?? p.name ?? '';
  const url = p.defaultImage?.url;
  return {
    id: p.id,
    name,
    sku,
    fields: p.fields,
    imageUrl:
      url && !/default-product-image/.test(url)
        ? url
        : sku
          ? `/media/products/${encodeURIComponent(sku)}.svg`
          : (url ?? null),
    imageAlt: p.defaultImage?.alternateText ?? name,
  };
}

/**
 * A product for this viewer: from the shared, publicly cacheable snapshot when every buyer sees the
 * same catalogue (spec 01 §6), else for the effective account; in preview past the server's cache.
 */
async function readProduct(
  api: StoreApi,
  id: string,
  appContext: Promise<ApplicationContext | null>,
  signal: AbortSignal,
) {
  const [viewer, app] = await Promise.all([api.viewer(), appContext]);
  const snapshotId = sharedSnapshotId(app, viewer.session.isPreview);
  return snapshotId
    ? api.client.getProduct(id, { signal, snapshotId })
    : api.client.getProduct(id, { signal, noCache: viewer.session.isPreview || undefined });
}

export interface RouteOptions {
  /** The commerce API for this request (server) or this browser session. */
  getApi: () => StoreApi;
}

/** The catch-all route renders nothing of its own: its loader throws the 404 that PageError shows. */
const NoPage = () => null;

export function createRoutes({ getApi }: RouteOptions): RouteObject[] {
  async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
    const api = getApi();
    // The menu may be refused (guest browsing off); the header then simply has none.
    const [menu, viewer] = await Promise.all([
      optional(api.client.getCategoryMenuItems({ ...MENU_OPTIONS, signal: request.signal })),
      api.viewer(),
    ]);
    // The cart badge's count, asked here for logged-in shoppers only: a guest's page (the benchmarked
    // product page among them) costs no cart call on the server; their badge is filled in by the
    // browser after hydration (components/CartBadge.tsx).
    const cartSummary = viewer.session.isGuest
      ? null
      : await optional(api.client.getCartCompactSummary({ signal: request.signal }));
    return {
      menu: menuLinks(menu?.menuItems),
      session: viewer.session,
      managedAccounts: viewer.managedAccounts,
      canSwitchAccount: viewer.managedAccounts.length > 1,
      guestBrowsingEnabled: viewer.guestBrowsingEnabled,
      cartSummary,
    };
  }

  const account = createAccountRoutes(getApi);
  const cart = createCartRoute(getApi);
  const checkout = createCheckoutRoutes(getApi);
  // The page's api for the components that call it themselves (header switcher, session timeout).
  // biome-ignore lint/correctness/noComponentHookFactories: the route table (and so this layout) is built once per app, not per render
  const RootLayout = () => (
    <StoreApiProvider api={getApi()}>
      <Layout />
    </StoreApiProvider>
  );

  async function homeLoader({ request }: LoaderFunctionArgs): Promise<HomeData> {
    const api = getApi();
    try {
      const batch = await api.client.getProducts({ skus: FEATURED_SKUS, signal: request.signal });
      let listed = batch.products.filter((p) => p.success !== false && p.id).map(fromDetail);
      if (!listed.length) {
        // Another catalogue: feature the first products of the first root category instead.
        const roots = await api.client.getCategoryChildren({ signal: request.signal });
        const first = roots.productCategories[0];
        if (first)
          listed = (
            await api.getCategoryProducts(first.id, {
              page: 0,
              pageSize: 8,
              fields: CARD_FIELDS,
              signal: request.signal,
            })
          ).products;
      }
      return { featured: await toCards(api, listed, request.signal), featuredError: false };
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      return { featured: [], featuredError: true };
    }
  }

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
    const [path, children, { results }] = await Promise.all([
      optional(api.client.getCategoryPath(id, { signal })),
      optional(api.client.getCategoryChildren({ parentProductCategoryId: id, signal })),
      loadResults(api, { categoryId: id }, { path: url.pathname }, url, signal),
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
    };
  }

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

  async function productLoader({ params, request }: LoaderFunctionArgs): Promise<ProductData> {
    const api = getApi();
    const id = params.recordId ?? '';
    if (!id || !/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) throw notFound();
    const signal = request.signal;
    const appContext = optional(api.client.getApplicationContext({ signal }));
    const currency = priceCurrency(api);
    const [product, pricing, taxes, promotions, app] = await Promise.all([
      readProduct(api, id, appContext, signal).catch((error: unknown) => {
        if (isNotFound(error)) throw notFound();
        throw error;
      }),
      // A product without a price answers 404: the page shows 'Price Unavailable'. Every selling
      // model's price comes along, for the subscription selector to switch between.
      optional(
        currency.then((currencyIsoCode) =>
          api.client.getProductPrice(id, { signal, currencyIsoCode, allProductSellingModelPrices: true }),
        ),
      ),
      optional(api.client.getProductTaxes(id, { signal })),
      // The page's one promotions call, beside the others: the promotional price for this buyer.
      optional(
        currency.then((currencyIsoCode) =>
          api.client.evaluateProductPromotions({ products: [{ productId: id }], currencyIsoCode }, { signal }),
        ),
      ).then((r) => promotionalPricingOf(r, id)),
      appContext,
    ]);
    const description = await sanitizeRichText(
      product.fields?.[DATASET_FIELDS.description] ?? product.fields?.Description ?? '',
    );
    return {
      product,
      pricing,
      taxes,
      promotions,
      defaultCurrency: app?.defaultCurrency ?? 'USD',
      description,
      origin: new URL(request.url).origin,
    };
  }

  const homeHandle: RouteHandle = {
    head: (): HeadData => ({
      title: `${STORE_NAME}: business datasets with email and phone`,
      description:
        'Business datasets with verified email addresses and phone numbers, by industry and country. Download a free sample.',
      canonicalPath: '/',
    }),
  };
  const categoryHandle: RouteHandle = {
    head: (d): HeadData => {
      const c = d as CategoryData;
      return {
        title: `${c.category.name} datasets | ${STORE_NAME}`,
        description:
          c.category.description ||
          `Browse ${c.results.total} ${c.category.name} datasets with email and phone contacts.`,
        // Filtered and re-sorted lists are views of the category, not pages of their own.
        canonicalPath:
          c.results.page > 1 && !isRefined(c.results) ? `${c.category.href}?page=${c.results.page}` : c.category.href,
      };
    },
  };
  const searchHandle: RouteHandle = {
    head: (d): HeadData => {
      const s = d as SearchData;
      return {
        title: s.term ? `Search: ${s.term} | ${STORE_NAME}` : `Search | ${STORE_NAME}`,
        description: s.results
          ? `${s.results.total.toLocaleString('en-US')} datasets match \u201c${s.term}\u201d.`
          : 'Search the business datasets.',
        // Result lists change with the catalogue and every term would be a page: kept out of indexes.
        robots: 'noindex, follow',
      };
    },
  };
  const productHandle: RouteHandle = {
    head: (d): HeadData => {
      const p = (d as ProductData).product;
      return {
        title: productName(p),
        description: plainDescription(p, 160),
        canonicalPath: canonicalProductPath(p),
        image: productImageUrl(p),
        type: 'product',
      };
    },
  };

  const productRoute = (path: string): RouteObject => ({
    path,
    loader: productLoader,
    Component: ProductRoute,
    ErrorBoundary: PageError,
    handle: productHandle,
  });
  const categoryRoute = (path: string): RouteObject => ({
    path,
    loader: categoryLoader,
    Component: CategoryRoute,
    ErrorBoundary: PageError,
    handle: categoryHandle,
  });

  return [
    {
      id: 'root',
      path: '/',
      loader: rootLoader,
      // Menu and session are read once per page load, not on every client-side navigation; only a
      // form sent in the page (a profile edit) can change what the header shows. Cart changes do not:
      // the badge follows the cart store instead.
      shouldRevalidate: ({ formMethod, formAction, defaultShouldRevalidate }) =>
        formMethod !== undefined &&
        formMethod.toUpperCase() !== 'GET' &&
        formAction !== CART_PATH &&
        defaultShouldRevalidate,
      Component: RootLayout,
      ErrorBoundary: RootError,
      children: [
        ...account.pages,
        account.profile,
        {
          // Everything else is the catalogue, closed to guests when guest browsing is off.
          id: 'access',
          loader: account.accessLoader,
          children: [
            { index: true, loader: homeLoader, Component: HomeRoute, ErrorBoundary: PageError, handle: homeHandle },
            categoryRoute('category/:categoryKey'),
            {
              path: 'search',
              loader: searchLoader,
              Component: SearchRoute,
              ErrorBoundary: PageError,
              handle: searchHandle,
            },
            productRoute('product/:recordId'),
            cart,
            ...checkout,
            categoryRoute('store/category/:categoryKey'),
            productRoute('store/product/:recordId'),
            {
              path: '*',
              loader: () => {
                throw notFound();
              },
              Component: NoPage,
              ErrorBoundary: PageError,
            },
          ],
        },
      ],
    },
  ];
}

function HomeRoute() {
  const home = useLoaderData() as HomeData;
  const root = useRouteLoaderData('root') as RootData | undefined;
  return <HomePage data={home} categories={root?.menu ?? []} />;
}

function CategoryRoute() {
  return <CategoryPage data={useLoaderData() as CategoryData} />;
}

function SearchRoute() {
  return <SearchPage data={useLoaderData() as SearchData} />;
}

function ProductRoute() {
  const product = useLoaderData() as ProductData;
  const root = useRouteLoaderData('root') as RootData | undefined;
  return <ProductPage key={product.product.id} data={product} session={root?.session ?? null} />;
}
