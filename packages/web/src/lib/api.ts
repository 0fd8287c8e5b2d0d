// The storefront's data access: the @store/client commerce client plus the one listing call the
// client does not have yet (category products, through the server's search/products browse).

import { createCommerceClient, createHttp, CommerceFetchError, type CommerceClient, type ResponseInfo } from '@store/client';
import type { ProductDetail } from '@store/core';
import { loadViewer, type Viewer } from './viewer.ts';

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
}

export interface StoreApi {
  client: CommerceClient;
  getCategoryProducts(categoryId: string, options: { page: number; pageSize: number; signal?: AbortSignal }): Promise<CategoryProductsPage>;
  /**
   * The viewer (./viewer.ts), loaded once and shared until invalidated. On the server the api lives
   * for one request; in the browser for one page load, since logging in or out, switching account
   * and timing out all load a new page.
   */
  viewer(): Promise<Viewer>;
  /** Forget the viewer, after a change the page keeps living with (a profile edit). */
  invalidateViewer(): void;
  /** Called after every answer from the API: each proves the session is in use (session timeout). */
  onActivity(listener: (info: ResponseInfo) => void): () => void;
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
  fields?: Record<string, FieldValue>;
  defaultImage?: { url?: string | null; alternateText?: string | null } | null;
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
  const http = createHttp(config);
  let viewer: Promise<Viewer> | null = null;

  return {
    client,
    viewer() {
      viewer ??= loadViewer(client);
      return viewer;
    },
    invalidateViewer() {
      viewer = null;
    },
    onActivity(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async getCategoryProducts(categoryId, { page, pageSize, signal }) {
      // Use the client's own method once it has one.
      const own = (client as unknown as { getCategoryProducts?: (id: string, o: object) => Promise<{ products: Array<SearchProductSummary | ProductDetail>; total: number }> }).getCategoryProducts;
      if (typeof own === 'function') {
        const res = await own.call(client, categoryId, { page, pageSize, signal });
        return { products: res.products.map(toListedProduct), total: res.total };
      }
      const res = await http.request<{ productsPage?: { products?: SearchProductSummary[]; total?: number } }>({
        path: http.webstorePath('search', 'products'),
        query: { categoryId, page, pageSize },
        signal,
      });
      const pageData = res.data.productsPage ?? {};
      return { products: (pageData.products ?? []).map(toListedProduct), total: Number(pageData.total ?? 0) };
    },
  };
}

/** 404s (and the 400 of a malformed id) mean "no such record" to the storefront. */
export function isNotFound(error: unknown): boolean {
  return error instanceof CommerceFetchError ? error.status === 404 || error.status === 400 : (error as { status?: number })?.status === 404;
}

/** Resolves to null instead of failing: for the optional parts of a page. */
export async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}
