// The seller's workspace calls (issue 15), under /services/admin/webstores/{webstoreId}. A module of its own
// (the `@store/client/workspace` entry): the storefront imports it only from its lazily loaded /admin pages,
// so a shopper's pages never download it.

import type {
  AdminCategory,
  AdminPriceBook,
  AdminProduct,
  AdminProductRow,
  AuditEntry,
  AuditQuery,
  PriceEntryInput,
  ProductCreate,
  ProductInput,
  ProductPrices,
  ProductTableQuery,
  TablePage,
  WorkspaceMe,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import { createHttp, type HttpConfig, type QueryParams } from './http.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';
import { merchandisingCalls, type MerchandisingCalls } from './workspace-merchandising-api.ts';
import { workspaceOrderCalls, type WorkspaceOrderCalls } from './workspace-orders-api.ts';
import { workspaceMediaCalls, type WorkspaceMediaCalls } from './workspace-media-api.ts';
import { workspaceListPricingCalls, type WorkspaceListPricingCalls } from './workspace-list-pricing-api.ts';
import { workspaceContentCalls, type WorkspaceContentCalls } from './workspace-content-api.ts';
import { workspaceImportCalls, type WorkspaceImportCalls } from './workspace-imports-api.ts';
import { workspaceDatasetFileCalls, type WorkspaceDatasetFileCalls } from './workspace-dataset-files-api.ts';
import { taxonomyCalls, type TaxonomyCalls } from './workspace-taxonomy-api.ts';
import { productClassCalls, type ProductClassCalls } from './workspace-classes-api.ts';
import { sellingModelCalls, type SellingModelCalls } from './workspace-selling-models-api.ts';
import { workspaceSeoCalls, type WorkspaceSeoCalls } from './workspace-seo-api.ts';
import { workspaceInsightsCalls, type WorkspaceInsightsCalls } from './workspace-insights-api.ts';

export { workspaceExportPath } from './workspace-imports-api.ts';
export { uploadDatasetFile, type DatasetFileUpload } from './workspace-dataset-files-api.ts';

export type { RefundCallOptions, WorkspaceOrderCalls } from './workspace-orders-api.ts';

export const WORKSPACE_ROOT = '/services/admin/webstores';

/**
 * The workspace's calls; orders in workspace-orders-api.ts, images in workspace-media-api.ts, catalogue uploads in
 * workspace-imports-api.ts, promotions, settings and customers in workspace-merchandising-api.ts, categories,
 * entitlement policies and inventory in workspace-taxonomy-api.ts, variations, components and quantity rules in
 * workspace-classes-api.ts, selling models in workspace-selling-models-api.ts, managed content in
 * workspace-content-api.ts, SEO settings in workspace-seo-api.ts, seller insights in workspace-insights-api.ts.
 */
export interface WorkspaceCalls
  extends MerchandisingCalls,
    WorkspaceOrderCalls,
    WorkspaceMediaCalls,
    WorkspaceContentCalls,
    WorkspaceImportCalls,
    TaxonomyCalls,
    ProductClassCalls,
    SellingModelCalls,
    WorkspaceSeoCalls,
    WorkspaceInsightsCalls,
    WorkspaceDatasetFileCalls,
    WorkspaceListPricingCalls {
  me(o?: CallOptions): Promise<WorkspaceMe>;
  listProducts(query: ProductTableQuery, o?: CallOptions): Promise<TablePage<AdminProductRow>>;
  getProduct(productId: string, o?: CallOptions): Promise<AdminProduct>;
  /** A Simple dataset by default; a VariationParent names its variationAttributes. */
  createProduct(input: ProductCreate, o?: CallOptions): Promise<AdminProduct>;
  updateProduct(productId: string, change: ProductInput, o?: CallOptions): Promise<AdminProduct>;
  getPrices(productId: string, o?: CallOptions): Promise<ProductPrices>;
  replacePrices(productId: string, entries: PriceEntryInput[], o?: CallOptions): Promise<ProductPrices>;
  priceBooks(o?: CallOptions): Promise<{ items: AdminPriceBook[] }>;
  categories(o?: CallOptions): Promise<{ items: AdminCategory[]; total: number }>;
  auditLog(query: AuditQuery, o?: CallOptions): Promise<TablePage<AuditEntry>>;
}

/** The workspace client over the same connection settings as the commerce client (fetch, headers, CSRF). */
export function createWorkspaceClient(config: HttpConfig): WorkspaceCalls {
  const http = createHttp(config);
  const root = `${WORKSPACE_ROOT}/${encodeURIComponent(config.webstoreId)}`;
  const call: WorkspaceCall = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    o: CallOptions,
    extra: {
      query?: QueryParams;
      body?: unknown;
      rawBody?: Blob | Uint8Array | string;
      headers?: Record<string, string>;
    } = {},
  ) => (await http.request<T>({ method, path: `${root}/${path}`, signal: o.signal, ...extra })).data;
  const product = (id: string) => `products/${encodeURIComponent(requireId(id, 'productId'))}`;

  return {
    ...merchandisingCalls(call),
    me: (o = {}) => call('GET', 'me', o),
    listProducts: (query, o = {}) => call('GET', 'products', o, { query: { ...query } }),
    getProduct: (id, o = {}) => call('GET', product(id), o),
    createProduct: (input, o = {}) => call('POST', 'products', o, { body: input }),
    updateProduct: (id, change, o = {}) => call('PATCH', product(id), o, { body: change }),
    getPrices: (id, o = {}) => call('GET', `${product(id)}/prices`, o),
    replacePrices: (id, entries, o = {}) => call('PUT', `${product(id)}/prices`, o, { body: { entries } }),
    priceBooks: (o = {}) => call('GET', 'price-books', o),
    categories: (o = {}) => call('GET', 'categories', o),
    auditLog: (query, o = {}) => call('GET', 'audit-log', o, { query: { ...query } }),
    ...workspaceOrderCalls(call),
    ...workspaceMediaCalls(call),
    ...workspaceListPricingCalls(call),
    ...workspaceContentCalls(call),
    ...workspaceImportCalls(call),
    ...taxonomyCalls(call),
    ...productClassCalls(call),
    ...sellingModelCalls(call),
    ...workspaceSeoCalls(call),
    ...workspaceInsightsCalls(call),
    ...workspaceDatasetFileCalls(call),
  };
}
