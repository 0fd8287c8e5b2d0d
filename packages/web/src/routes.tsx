// Route table shared by the server render (createStaticHandler) and the browser (createBrowserRouter).
// Loaders call the commerce API through @store/client; the api is handed in per request (server)
// or once (browser), so the same loaders run on both sides.

import { chooseCurrency, computePriceDisplay, sharedSnapshotId, type ApplicationContext, type NavigationMenuItem, type PricingLineItemResult } from '@store/core';
import { data, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { createAccountRoutes } from './account-routes.tsx';
import { isNotFound, optional, type ListedProduct, type StoreApi } from './lib/api.ts';
import { StoreApiProvider } from './lib/api-context.tsx';
import type { RouteHandle } from './lib/head.ts';
import { categoryHref, productHref } from './lib/links.ts';
import { sanitizeRichText } from './lib/sanitize.ts';
import { CategoryPage } from './pages/CategoryPage.tsx';
import { PageError, RootError } from './pages/ErrorPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { Layout, STORE_NAME } from './pages/Layout.tsx';
import { ProductPage } from './pages/ProductPage.tsx';
import { canonicalProductPath, formatCount, plainDescription, productImageUrl, productName } from './pages/product-view.ts';
import type { CardProduct, CategoryData, HomeData, HeadData, MenuLink, ProductData, RootData } from './pages/types.ts';
import { DATASET_FIELDS } from '@store/core';

export const FEATURED_SKUS = Array.from({ length: 8 }, (_, i) => `DS-${String(i + 1).padStart(5, '0')}`);
export const CATEGORY_PAGE_SIZE = 12;
const MENU_OPTIONS = { maxLevels: 2, maxItems: 20 } as const;

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

function menuLinks(items: NavigationMenuItem[] | undefined): MenuLink[] {
  return (items ?? [])
    .filter((m) => m && m.label)
    .map((m) => {
      const attrs = m.pageReference?.attributes;
      const href = attrs ? categoryHref({ id: attrs.recordId, urlName: attrs.urlName }) : m.actionValue || '/';
      return { label: m.label, href, children: menuLinks(m.subMenu) };
    });
}

/** Card prices through the 2-tier display rule: strikethrough list price when it exceeds the sale price. */
function cardPrices(line: PricingLineItemResult | undefined, currency: string): { price: string | null; originalPrice: string | null } {
  if (!line || line.success === false) return { price: null, originalPrice: null };
  const view = computePriceDisplay({
    product: { productClass: 'Simple' },
    pricing: { listPrice: line.listPrice, unitPrice: line.unitPrice, currencyIsoCode: currency },
    pricingType: '2_TIER',
    defaultCurrency: currency,
  });
  return view.isPriceAvailable
    ? { price: view.formatted.mainPrice, originalPrice: view.formatted.strikethroughPrice }
    : { price: null, originalPrice: null };
}

async function toCards(api: StoreApi, products: ListedProduct[], signal?: AbortSignal): Promise<CardProduct[]> {
  if (!products.length) return [];
  const currencyIsoCode = await priceCurrency(api);
  const prices = await optional(api.client.getProductPrices(products.map((p) => p.id), { signal, currencyIsoCode }));
  const currency = prices?.currencyIsoCode || 'USD';
  const byId = new Map((prices?.pricingLineItemResults ?? []).map((l) => [l.productId, l]));
  return products.map((p) => {
    const countries = p.fields[DATASET_FIELDS.countries];
    const count = p.fields[DATASET_FIELDS.recordCount];
    return {
      id: p.id,
      name: p.name,
      sku: p.sku,
      href: productHref(p.id),
      imageUrl: p.imageUrl,
      imageAlt: p.imageAlt ?? p.name,
      ...cardPrices(byId.get(p.id), currency),
      recordCount: count ? formatCount(count) : null,
      countries: countries ? countries.split(/;\s*|,\s*/).filter(Boolean).slice(0, 3).join(', ') : null,
    };
  });
}

function fromDetail(p: { id: string; fields: Record<string, string | null>; defaultImage?: { url?: string | null; alternateText?: string | null } | null; sku?: string; name?: string }): ListedProduct {
  const sku = p.fields.StockKeepingUnit ?? p.sku ?? null;
  const name = p.fields.Name ?? p.name ?? '';
  const url = p.defaultImage?.url;
  return {
    id: p.id,
    name,
    sku,
    fields: p.fields,
    imageUrl: url && !/default-product-image/.test(url) ? url : sku ? `/media/products/${encodeURIComponent(sku)}.svg` : url ?? null,
    imageAlt: p.defaultImage?.alternateText ?? name,
  };
}

/** The storefront's locale (spec 01 §1: en-US, left to right). */
export const STORE_LOCALE = 'en-US';

/** The currency to ask prices in (spec 01 §4); undefined lets the server decide (session-driven currency). */
async function priceCurrency(api: StoreApi): Promise<string | undefined> {
  const app = await optional(api.client.getApplicationContext());
  return app ? chooseCurrency(app, STORE_LOCALE) ?? undefined : undefined;
}

/**
 * A product for this viewer: from the shared, publicly cacheable snapshot when every buyer sees the
 * same catalogue (spec 01 §6), else for the effective account; in preview past the server's cache.
 */
async function readProduct(api: StoreApi, id: string, appContext: Promise<ApplicationContext | null>, signal: AbortSignal) {
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

export function createRoutes({ getApi }: RouteOptions): RouteObject[] {
  async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
    const api = getApi();
    // The menu may be refused (guest browsing off); the header then simply has none.
    const [menu, viewer] = await Promise.all([
      optional(api.client.getCategoryMenuItems({ ...MENU_OPTIONS, signal: request.signal })),
      api.viewer(),
    ]);
    return {
      menu: menuLinks(menu?.menuItems),
      session: viewer.session,
      managedAccounts: viewer.managedAccounts,
      canSwitchAccount: viewer.managedAccounts.length > 1,
      guestBrowsingEnabled: viewer.guestBrowsingEnabled,
    };
  }

  const account = createAccountRoutes(getApi);
  // The page's api for the components that call it themselves (header switcher, session timeout).
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
        if (first) listed = (await api.getCategoryProducts(first.id, { page: 0, pageSize: 8, signal: request.signal })).products;
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
    const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
    const signal = request.signal;

    let category;
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
    const [path, children, listing] = await Promise.all([
      optional(api.client.getCategoryPath(id, { signal })),
      optional(api.client.getCategoryChildren({ parentProductCategoryId: id, signal })),
      api.getCategoryProducts(id, { page: page - 1, pageSize: CATEGORY_PAGE_SIZE, signal }).catch((e: unknown) => {
        if ((e as Error)?.name === 'AbortError') throw e;
        return null;
      }),
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
      children: (children?.productCategories ?? []).map((c) => ({ label: c.fields?.Name ?? c.id, href: categoryHref(c) })),
      products: listing ? await toCards(api, listing.products, signal) : [],
      productsError: listing === null,
      total: listing?.total ?? 0,
      page,
      pageSize: CATEGORY_PAGE_SIZE,
      origin: url.origin,
    };
  }

  async function productLoader({ params, request }: LoaderFunctionArgs): Promise<ProductData> {
    const api = getApi();
    const id = params.recordId ?? '';
    if (!id || !/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) throw notFound();
    const signal = request.signal;
    const appContext = optional(api.client.getApplicationContext({ signal }));
    const [product, pricing, taxes, app] = await Promise.all([
      readProduct(api, id, appContext, signal).catch((error: unknown) => {
        if (isNotFound(error)) throw notFound();
        throw error;
      }),
      // A product without a price answers 404: the page shows 'Price Unavailable'.
      optional(priceCurrency(api).then((currencyIsoCode) => api.client.getProductPrice(id, { signal, currencyIsoCode }))),
      optional(api.client.getProductTaxes(id, { signal })),
      appContext,
    ]);
    const description = await sanitizeRichText(product.fields?.[DATASET_FIELDS.description] ?? product.fields?.Description ?? '');
    return {
      product,
      pricing,
      taxes,
      defaultCurrency: app?.defaultCurrency ?? 'USD',
      description,
      origin: new URL(request.url).origin,
    };
  }

  const homeHandle: RouteHandle = {
    head: (): HeadData => ({
      title: `${STORE_NAME}: business datasets with email and phone`,
      description: 'Business datasets with verified email addresses and phone numbers, by industry and country. Download a free sample.',
      canonicalPath: '/',
    }),
  };
  const categoryHandle: RouteHandle = {
    head: (d): HeadData => {
      const c = d as CategoryData;
      return {
        title: `${c.category.name} datasets | ${STORE_NAME}`,
        description: c.category.description || `Browse ${c.total} ${c.category.name} datasets with email and phone contacts.`,
        canonicalPath: c.page > 1 ? `${c.category.href}?page=${c.page}` : c.category.href,
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
      // form sent in the page (a profile edit) can change what the header shows.
      shouldRevalidate: ({ formMethod, defaultShouldRevalidate }) =>
        formMethod !== undefined && formMethod.toUpperCase() !== 'GET' && defaultShouldRevalidate,
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
            productRoute('product/:recordId'),
            categoryRoute('store/category/:categoryKey'),
            productRoute('store/product/:recordId'),
            {
              path: '*',
              loader: () => {
                throw notFound();
              },
              Component: () => null,
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

function ProductRoute() {
  const product = useLoaderData() as ProductData;
  const root = useRouteLoaderData('root') as RootData | undefined;
  return <ProductPage key={product.product.id} data={product} session={root?.session ?? null} />;
}

