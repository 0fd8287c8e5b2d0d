// The storefront's data access: the @store/client commerce client, a category listing in the
// storefront's product shape, and the few answers kept for the life of the api (viewer, sort rules).

import {
  createCartStore,
  createCommerceClient,
  createStore,
  CommerceFetchError,
  type CartStore,
  type CommerceClient,
  type CommerceClientOptions,
  type ResponseInfo,
} from '@store/client';
import {
  SORT_RULES,
  type ProductClass,
  type ProductDetail,
  type ProductPrice,
  type ProductVariationInfo,
  type SortRule,
} from '@store/core';
import { loadViewer, type Viewer } from './account/viewer.ts';

/** The demo webstore; the server passes the real one to render() and the page hands it to the browser. */
export const DEFAULT_WEBSTORE_ID = '0ZE000000000001AAA';

export interface CategoryProductsPage {
  products: ListedProduct[];
  total: number;
}

/** A product as listings need it (search returns fields wrapped as {value}; detail has plain strings). */
export interface ListedProduct {
  id: string;
  name: string;
  sku: string | null;
  fields: Record<string, string | null>;
  imageUrl: string | null;
  imageAlt: string | null;
  productClass: ProductClass | null;
  /** A variation parent's variations (from search's productVariationInfo or a detail's variationInfo). */
  variationIds: string[];
}

export interface StoreApi {
  client: CommerceClient;
  /**
   * How this api reaches the server (origin, store, fetch, headers, CSRF), for a client of another part of the
   * API built only where it is needed: the workspace's pages build theirs from it (@store/client/workspace).
   */
  connection: CommerceClientOptions;
  getCategoryProducts(
    categoryId: string,
    options: { page: number; pageSize: number; fields?: string[]; signal?: AbortSignal },
  ): Promise<CategoryProductsPage>;
  /**
   * The store's sort rules (GET search/sort-rules), asked once per api like the viewer; the rules
   * the store ships with (core SORT_RULES) when the call fails, so a results page still sorts.
   */
  sortRules(): Promise<readonly SortRule[]>;
  /**
   * The viewer (./viewer.ts), loaded once and shared until invalidated. On the server the api lives
   * for one request; in the browser for one page load, since logging in or out, switching account
   * and timing out all load a new page.
   */
  viewer(): Promise<Viewer>;
  /**
   * A product's price with every selling model's price (the product page's pricing call), kept per product
   * and currency in the client data store for its 300 s (spec 01 §4): going back to a product seen in this
   * page load asks again only once that has passed. Safe to keep for the api's life, since the buyer, and
   * so the price, only changes with a new page load.
   */
  productPrice(productId: string, currencyIsoCode: string | undefined): Promise<ProductPrice>;
  /**
   * A variation parent's variations (products/{id}/children, every page of them), kept in the same data store
   * as prices for the same reason: a shopper moving between a family's pages asks once.
   */
  productChildren(parentId: string): Promise<ProductDetail[]>;
  /** Forget the viewer, after a change the page keeps living with (a profile edit). */
  invalidateViewer(): void;
  /** Called after every answer from the API: each proves the session is in use (session timeout). */
  onActivity(listener: (info: ResponseInfo) => void): () => void;
  /**
   * The cart's compact summary and its actions (@store/client createCartStore), made on first use and
   * kept with the api: in the browser for the page load, so the header badge hears of every change.
   */
  cart(): CartStore;
}

export interface StoreApiOptions {
  baseUrl?: string;
  webstoreId: string;
  fetch?: typeof fetch;
  /** Headers sent with every call (the shopper's cookie on the server). */
  headers?: Record<string, string>;
  /** CSRF token source; the page's csrf_token cookie by default (@store/client). */
  csrfToken?: () => string | null;
}

type FieldValue = string | null | { value: string | null } | undefined;

function plainFields(fields: Record<string, FieldValue> | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(fields ?? {})) {
    out[k] = v && typeof v === 'object' ? (v.value ?? null) : (v ?? null);
  }
  return out;
}

interface SearchProductSummary {
  id: string;
  name?: string;
  productClass?: ProductClass;
  fields?: Record<string, FieldValue>;
  defaultImage?: { url?: string | null; alternateText?: string | null } | null;
  productVariationInfo?: ProductVariationInfo | null;
}

/** Normalises a search summary or a product detail to the listing shape. */
export function toListedProduct(p: SearchProductSummary | ProductDetail): ListedProduct {
  const fields = plainFields(p.fields as Record<string, FieldValue>);
  const sku = fields.StockKeepingUnit ?? (p as { sku?: string }).sku ?? null;
  const name = fields.Name ?? (p as { name?: string }).name ?? '';
  return {
    id: p.id,
    name,
    sku,
    fields,
    imageUrl: p.defaultImage?.url ?? (sku ? `/media/products/${encodeURIComponent(sku)}.svg` : null),
    imageAlt: p.defaultImage?.alternateText ?? name,
    productClass: p.productClass ?? null,
    variationIds: (
      ('variationInfo' in p ? p.variationInfo : p.productVariationInfo)?.attributesToProductMappings ?? []
    ).map((m) => m.productId),
  };
}

export function createStoreApi(options: StoreApiOptions): StoreApi {
  const defaultHeaders = options.headers ? () => options.headers as Record<string, string> : undefined;
  const listeners = new Set<(info: ResponseInfo) => void>();
  const onResponse = (info: ResponseInfo) => {
    for (const listener of listeners) listener(info);
  };
  const config = {
    baseUrl: options.baseUrl ?? '',
    webstoreId: options.webstoreId,
    fetch: options.fetch,
    defaultHeaders,
    csrfToken: options.csrfToken,
    onResponse,
  };
  const client = createCommerceClient(config);
  let viewer: Promise<Viewer> | null = null;
  let sortRules: Promise<readonly SortRule[]> | null = null;
  let cart: CartStore | null = null;
  const prices = createStore();

  return {
    client,
    connection: config,
    productPrice(productId, currencyIsoCode) {
      // No abort signal: the load is shared by whoever asks for the key, and one navigation leaving
      // must not fail it for another; a finished load is kept for the next visit anyway.
      // A variation parent's answer also carries each variation's prices (one call for the whole family).
      return prices.load(`${productId}|${currencyIsoCode ?? ''}`, () =>
        client.getProductPrice(productId, {
          currencyIsoCode,
          allProductSellingModelPrices: true,
          includeChildProductPrices: true,
        }),
      );
    },
    productChildren(parentId) {
      return prices.load(`children|${parentId}`, () => allChildren(client, parentId));
    },
    viewer() {
      viewer ??= loadViewer(client);
      return viewer;
    },
    invalidateViewer() {
      viewer = null;
    },
    sortRules() {
      sortRules ??= client.getSortRules().then(
        (r) => (r.sortRules?.length ? [...r.sortRules].sort((a, b) => a.sortOrder - b.sortOrder) : SORT_RULES),
        () => SORT_RULES,
      );
      return sortRules;
    },
    cart() {
      cart ??= createCartStore({ calls: client });
      return cart;
    },
    onActivity(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async getCategoryProducts(categoryId, { page, pageSize, fields, signal }) {
      const res = await client.searchProducts({ categoryId, page, pageSize, fields }, { signal });
      const pageData = res.productsPage ?? {};
      return { products: (pageData.products ?? []).map(toListedProduct), total: Number(pageData.total ?? 0) };
    },
  };
}

/** The most pages of variations a product page reads (20 each, the API's limit): a fixed bound on its calls. */
export const MAX_CHILDREN_PAGES = 5;

async function allChildren(client: CommerceClient, parentId: string): Promise<ProductDetail[]> {
  const out: ProductDetail[] = [];
  let pageToken: string | null | undefined;
  for (let page = 0; page < MAX_CHILDREN_PAGES; page++) {
    const answer = await client.getProductChildren(parentId, { pageToken: pageToken ?? undefined });
    out.push(...answer.products);
    pageToken = answer.nextPageToken;
    if (!pageToken) break;
  }
  return out;
}

/** 404s (and the 400 of a malformed id) mean "no such record" to the storefront. */
export function isNotFound(error: unknown): boolean {
  return error instanceof CommerceFetchError
    ? error.status === 404 || error.status === 400
    : (error as { status?: number })?.status === 404;
}

/** Resolves to null instead of failing: for the optional parts of a page. */
export async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}
