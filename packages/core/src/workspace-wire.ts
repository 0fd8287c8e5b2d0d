// The seller's workspace API shapes (issue 15), shared by the server that answers them and the client that
// calls them. Money travels as decimal strings; dates as ISO-8601 text.

import type { PurchaseQuantityRule } from './wire.ts';
import type { TierInput } from './tier-rules.ts';
import type { WorkspaceAction, WorkspaceRole } from './workspace-permissions.ts';

/** A page of a workspace table. */
export interface TablePage<T> {
  items: T[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageCount: number;
  /** The sort applied: a column key, `-key` for descending. */
  sort: string;
}

export interface WorkspaceMe {
  userId: string;
  email: string;
  role: WorkspaceRole;
  roleLabel: string;
  actions: WorkspaceAction[];
}

export type ProductStatus = 'Live' | 'Draft';

/** A product as the workspace reads and writes it (the dataset fields of spec 03 §3 by plain names). */
export interface AdminProduct {
  id: string;
  sku: string;
  name: string;
  productClass: string;
  status: ProductStatus;
  fulfilment: string;
  description: string | null;
  richDescription: string | null;
  recordCount: number | null;
  countries: string[];
  sicCode: string | null;
  sicDivision: string | null;
  listStatus: string | null;
  lastUpdated: string | null;
  categoryLines: string[];
  includedFields: string[];
  sampleUrl: string | null;
  /** The primary category first. */
  categoryIds: string[];
  primaryCategoryId: string | null;
  /** A Variation's parent (null for every other class). */
  parentId: string | null;
  /** Minimum, maximum and increment a buyer may add (spec 02 §3), as the cart applies it. */
  quantityRule: PurchaseQuantityRule;
  createdAt: string;
  /** The image the seller uploaded, shown in place of the generated one; null while it is the generated one. */
  image: AdminProductImage | null;
}

/** A product's uploaded image as stored (metadata stripped, dimensions capped, WebP). */
export interface AdminProductImage {
  /** The largest page rendition with its content version: what the product's media now point at. */
  url: string;
  altText: string;
  width: number;
  height: number;
  byteSize: number;
  uploadedAt: string;
}

/** The image formats the workspace uploads take, as the request's Content-Type. */
export const PRODUCT_IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ProductImageUploadType = (typeof PRODUCT_IMAGE_UPLOAD_TYPES)[number];
/** The largest upload accepted (bytes). */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** A product in an ordered pick list (featured datasets, related datasets). */
export interface PickedProduct {
  id: string;
  sku: string;
  name: string;
  status: ProductStatus;
}

/** The store's featured datasets (the home page's list), in order. */
export interface FeaturedDatasets {
  items: PickedProduct[];
}

/** A product's related datasets (the product page's list, B2B_Related_Product1..10), in order. */
export interface RelatedDatasets {
  productId: string;
  items: PickedProduct[];
}

/** The most featured datasets the home page shows, and the most related datasets a product has. */
export const MAX_FEATURED_DATASETS = 24;
export const MAX_RELATED_DATASETS = 10;

/** A row of the products table. */
export interface AdminProductRow {
  id: string;
  sku: string;
  name: string;
  productClass: string;
  status: ProductStatus;
  recordCount: number | null;
  listStatus: string | null;
  primaryCategory: { id: string; name: string } | null;
  createdAt: string;
}

/** The editable fields of a product; on create, sku and name are required. Null clears a field. */
export interface ProductInput {
  sku?: string;
  name?: string;
  status?: ProductStatus;
  description?: string | null;
  /** HTML; the server keeps only RICH_DESCRIPTION_TAGS (rich-description-policy.ts). */
  richDescription?: string | null;
  recordCount?: number | null;
  countries?: string[];
  sicCode?: string | null;
  listStatus?: string | null;
  lastUpdated?: string | null;
  categoryLines?: string[];
  includedFields?: string[];
  /** The first is the primary category. */
  categoryIds?: string[];
}

export interface ProductTableQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  q?: string;
  status?: ProductStatus;
  categoryId?: string;
  productClass?: string;
}

export interface AdminPriceEntry {
  id: string;
  priceBookId: string;
  priceBookName: string;
  /** Null for the plain one-time price. */
  sellingModelId: string | null;
  unitPrice: string;
  isActive: boolean;
  tiers: TierInput[];
}

export interface PriceEntryInput {
  priceBookId: string;
  sellingModelId?: string | null;
  unitPrice: string;
  isActive?: boolean;
  tiers?: TierInput[];
}

export interface ProductPrices {
  productId: string;
  currencyIsoCode: string;
  entries: AdminPriceEntry[];
}

export interface AdminPriceBook {
  id: string;
  name: string;
  isStandard: boolean;
  isActive: boolean;
  currencyIsoCode: string;
}

export interface AdminCategory {
  id: string;
  name: string;
  urlName: string;
  parentId: string | null;
  /** Names from the root, e.g. "Healthcare › Dentists". */
  path: string;
  depth: number;
  publishStatus: string;
  sortOrder: number;
  description?: string | null;
  /** Products directly in the category, and its direct subcategories (delete needs both at 0). */
  productCount?: number;
  childCount?: number;
}

export interface AuditEntry {
  id: string;
  occurredAt: string;
  user: { id: string; email: string; role: string };
  action: string;
  recordType: string;
  recordId: string;
  recordLabel: string | null;
  before: unknown;
  after: unknown;
}

/** The kinds of record the audit log names (its filter's choices, the server's and the page's alike). */
export const AUDIT_RECORD_TYPES = [
  'Product',
  'ProductPrices',
  'SellingModel',
  'Order',
  'Promotion',
  'Account',
  'Buyer',
  'BuyerGroup',
  'StoreSettings',
  'Category',
  'EntitlementPolicy',
  'Inventory',
  'CatalogueImport',
  'ManagedContent',
] as const;

export interface AuditQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  recordType?: string;
  recordId?: string;
  userId?: string;
  action?: string;
  from?: string;
  to?: string;
}
