// The storefront's catalogue-side calls (spec 01 §7, spec 02 §7, commerce-api §2–§5, §11, §12):
// one method per resource, each validating its required inputs first (./validate.ts) and
// returning the wire shape as received. Only the application context is cached here, because
// its lifetime is dictated by the server; everything else is cached by the caller's store.

import type {
  ApplicationContext,
  CategoryPath,
  InventoryLevels,
  NavigationMenuItemCollection,
  PricingResult,
  ProductCategoryCollection,
  ProductCategoryDetail,
  ProductChildCollection,
  ProductCollection,
  ProductComponentCollection,
  ProductDetail,
  ProductPrice,
  ProductTaxes,
  SessionContext,
} from '@store/core';
import { createAccountCalls, type AccountCalls } from './account-api.ts';
import { createAddressCalls, type AddressCalls } from './addresses-api.ts';
import { createCartCalls, type CartCalls } from './cart-api.ts';
import { createContentCalls, type ContentCalls } from './content-api.ts';
import { createGiftCalls, type GiftCalls } from './gift-api.ts';
import { createWishlistCalls, type WishlistCalls } from './wishlists-api.ts';
import { createShopperSignalCalls, type ShopperSignalCalls } from './shopper-signals-api.ts';
import { createDatasetListCalls, type DatasetListCalls } from './dataset-lists-api.ts';
import { createAgentTokenCalls, type AgentTokenCalls } from './agent-tokens-api.ts';
import { createCheckoutCalls, type CheckoutCalls } from './checkout-api.ts';
import { createDeliveryGroupCalls, type DeliveryGroupCalls } from './cart-delivery-groups-api.ts';
import type { CallOptions, FieldList } from './call-options.ts';
import { createExpiringValue, freshnessLifetimeMs } from './expiring-value.ts';
import { createIdentityCalls, type IdentityCalls } from './identity-api.ts';
import { createOrderCalls, type OrderCalls } from './orders-api.ts';
import { createHttp, type HttpRequest, type QueryParams, type ResponseInfo } from './http.ts';
import { createPromotionCalls, type PromotionCalls } from './promotions-api.ts';
import { createSeoCalls, type SeoCalls } from './seo-api.ts';
import { createSearchCalls, type SearchCalls } from './search-api.ts';
import { requireAtMostOne, requireId, requireIdList, requireIdsOrSkus } from './validate.ts';

export interface CommerceClientOptions {
  /** Origin of the API; '' (default) is the page's own origin. */
  baseUrl?: string;
  webstoreId: string;
  /** Defaults to 'v65.0'. */
  apiVersion?: string;
  fetch?: typeof fetch;
  /** Clock for the application-context expiry; injectable for tests. */
  now?: () => number;
  defaultHeaders?: () => Record<string, string>;
  /** CSRF token for state-changing calls; the page's `csrf_token` cookie by default (./csrf.ts). */
  csrfToken?: () => string | null;
  /** Told about every answer from the server (see HttpConfig.onResponse). */
  onResponse?: (info: ResponseInfo) => void;
}

export type { CallOptions, FieldList } from './call-options.ts';

export interface GetSessionContextOptions extends CallOptions {
  effectiveAccountId?: string;
}

export interface GetProductOptions extends CallOptions {
  effectiveAccountId?: string;
  /** The catalogue snapshot (application context `catalogSnapshotVersionId`). */
  snapshotId?: string;
  fields?: FieldList;
  excludeFields?: FieldList;
  mediaGroups?: FieldList;
  /** Preview only: bypass the server's product cache (spec 01 §6). */
  noCache?: boolean;
  /** Send X-HighScale even without a snapshot. */
  highScale?: boolean;
}

export interface GetProductsOptions extends CallOptions {
  ids?: readonly string[];
  skus?: readonly string[];
  fields?: FieldList;
  excludePrices?: boolean;
  excludeMedia?: boolean;
  includeAttributeSetInfo?: boolean;
  includeQuantityRule?: boolean;
  includeProductSellingModels?: boolean;
  includeGroupByAttributeVariationInfo?: boolean;
  effectiveAccountId?: string;
}

export interface GetProductChildrenOptions extends CallOptions {
  /** Defaults to 20, the children page limit (spec 02 §9). */
  pageSize?: number;
  /** The nextPageToken of the previous page. */
  pageToken?: string;
  mediaGroups?: FieldList;
  includeProductSellingModels?: boolean;
  effectiveAccountId?: string;
}

export interface GetFeaturedProductsOptions extends CallOptions {
  relationshipTypes?: FieldList;
  fields?: FieldList;
  excludeFields?: FieldList;
  mediaGroups?: FieldList;
  includeMediaGroups?: boolean;
  includeAttributeSetInfo?: boolean;
  includePurchaseQuantityRules?: boolean;
  includeProductSellingModel?: boolean;
  effectiveAccountId?: string;
}

export interface GetCategoryOptions extends CallOptions {
  snapshotId?: string;
  fields?: FieldList;
  effectiveAccountId?: string;
}

export interface GetCategoryChildrenOptions extends CallOptions {
  /** Omit for the root categories. */
  parentProductCategoryId?: string;
  /** Defaults to the category fields of spec 01 §3. */
  fields?: FieldList;
  effectiveAccountId?: string;
}

export interface GetCategoryPathOptions extends CallOptions {
  snapshotId?: string;
}

export interface GetCategoryMenuItemsOptions extends CallOptions {
  addHomeMenuItem?: boolean;
  includeImageUrl?: boolean;
  effectiveAccountId?: string;
  maxLevels?: number;
  maxItems?: number;
  /** The caller decides: Live outside preview, Draft in preview (spec 01 §4). */
  publishStatus?: 'Draft' | 'Live';
}

export interface GetProductPriceOptions extends CallOptions {
  allProductSellingModelPrices?: boolean;
  includeChildProductPrices?: boolean;
  effectiveAccountId?: string;
  currencyIsoCode?: string;
}

export interface GetProductPricesOptions extends CallOptions {
  currencyIsoCode?: string;
  effectiveAccountId?: string;
}

export interface GetProductTaxesOptions extends CallOptions {
  effectiveAccountId?: string;
  countryIsoCode?: string;
  stateIsoCode?: string;
}

export interface GetInventoryLevelsOptions extends CallOptions {
  products: readonly string[];
  /** At most one of locations / locationGroups. */
  locations?: readonly string[];
  locationGroups?: readonly string[];
  includeRelatedProducts?: boolean;
}

/**
 * Catalogue calls here, plus the account calls (./account-api.ts), identity calls (./identity-api.ts),
 * search calls (./search-api.ts), cart calls (./cart-api.ts, ./cart-delivery-groups-api.ts) and
 * promotion calls (./promotions-api.ts), checkout calls (./checkout-api.ts), the address book
 * (./addresses-api.ts), orders and subscriptions (./orders-api.ts), gift wrap (./gift-api.ts), managed
 * content delivery (./content-api.ts), wishlists (./wishlists-api.ts) and shopper signals (recommendations,
 * activities, the shopper-agent context: ./shopper-signals-api.ts).
 */
export interface CommerceClient
  extends AccountCalls,
    IdentityCalls,
    SearchCalls,
    CartCalls,
    DeliveryGroupCalls,
    PromotionCalls,
    CheckoutCalls,
    AddressCalls,
    OrderCalls,
    GiftCalls,
    SeoCalls,
    ContentCalls,
    WishlistCalls,
    ShopperSignalCalls,
    DatasetListCalls,
    AgentTokenCalls {
  getApplicationContext(options?: CallOptions): Promise<ApplicationContext>;
  /** Drop the cached application context (e.g. after login or a currency change). */
  invalidateApplicationContext(): void;
  getSessionContext(options?: GetSessionContextOptions): Promise<SessionContext>;
  getProduct(productId: string, options?: GetProductOptions): Promise<ProductDetail>;
  getProducts(options: GetProductsOptions): Promise<ProductCollection>;
  getProductChildren(productId: string, options?: GetProductChildrenOptions): Promise<ProductChildCollection>;
  /** The same children call for a set or bundle: its components the buyer may see, each with name, SKU and price. */
  getProductComponents(productId: string, options?: GetProductChildrenOptions): Promise<ProductComponentCollection>;
  /** core has no dedicated featured-products shape yet; the batch collection is the closest. */
  getFeaturedProducts(productId: string, options?: GetFeaturedProductsOptions): Promise<ProductCollection>;
  /** The store's featured datasets (the home page's list, ordered by the seller), only those the caller may see. */
  getFeaturedDatasets(options?: CallOptions & { effectiveAccountId?: string }): Promise<ProductCollection>;
  getCategory(categoryId: string, options?: GetCategoryOptions): Promise<ProductCategoryDetail>;
  getCategoryChildren(options?: GetCategoryChildrenOptions): Promise<ProductCategoryCollection>;
  getCategoryPath(categoryId: string, options?: GetCategoryPathOptions): Promise<CategoryPath>;
  getCategoryMenuItems(options?: GetCategoryMenuItemsOptions): Promise<NavigationMenuItemCollection>;
  getProductPrice(productId: string, options?: GetProductPriceOptions): Promise<ProductPrice>;
  getProductPrices(productIds: readonly string[], options?: GetProductPricesOptions): Promise<PricingResult>;
  getProductTaxes(productId: string, options?: GetProductTaxesOptions): Promise<ProductTaxes>;
  getInventoryLevels(options: GetInventoryLevelsOptions): Promise<InventoryLevels>;
}

/** Category fields requested by the storefront (spec 01 §3, "Category"). */
export const DEFAULT_CATEGORY_FIELDS = ['Id', 'Name', 'CatalogId', 'ParentCategoryId'] as const;
export const DEFAULT_CHILDREN_PAGE_SIZE = 20;

/** The 15-character all-zero id means "no effective account" (spec 01 §3) and must not be sent. */
const NULL_ACCOUNT_ID = '000000000000000';
const account = (id: string | undefined) => (id && id !== NULL_ACCOUNT_ID ? id : undefined);

export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const webstoreId = requireId(options.webstoreId, 'webstoreId');
  const http = createHttp({ ...options, webstoreId });
  const ws = http.webstorePath;

  async function get<T>(
    path: string,
    query: QueryParams,
    call: CallOptions = {},
    headers?: Record<string, string>,
  ): Promise<T> {
    const init: HttpRequest = { path, query, signal: call.signal, headers };
    return (await http.request<T>(init)).data;
  }

  /** products/{id}/children: a variation parent's variations, or a set's or bundle's components. */
  function children<T>(productId: string, o: GetProductChildrenOptions): Promise<T> {
    const id = requireId(productId, 'productId');
    return get<T>(
      ws('products', id, 'children'),
      {
        pageSize: o.pageSize ?? DEFAULT_CHILDREN_PAGE_SIZE,
        pageToken: o.pageToken,
        mediaGroups: o.mediaGroups,
        includeProductSellingModels: o.includeProductSellingModels,
        effectiveAccountId: account(o.effectiveAccountId),
      },
      o,
    );
  }

  // spec 01 §7: fetched as guest so every visitor shares one cacheable answer; the Cache-Control
  // header of that answer decides how long it is reused (./expiring-value.ts).
  const applicationContext = createExpiringValue<ApplicationContext>(
    async (signal) => {
      const response = await http.request<ApplicationContext>({
        path: ws('application-context'),
        query: { asGuest: true },
        signal,
      });
      return { value: response.data, lifetimeMs: freshnessLifetimeMs(response.headers) };
    },
    options.now ? { now: options.now } : {},
  );

  return {
    ...createAccountCalls(http),
    ...createIdentityCalls(http),
    ...createSearchCalls(http),
    ...createCartCalls(http),
    ...createGiftCalls(http),
    ...createDeliveryGroupCalls(http),
    ...createPromotionCalls(http, webstoreId),
    ...createCheckoutCalls(http),
    ...createAddressCalls(http),
    ...createOrderCalls(http),
    ...createSeoCalls(http, { now: options.now }),
    ...createContentCalls(http),
    ...createWishlistCalls(http),
    ...createShopperSignalCalls(http),
    ...createDatasetListCalls(http),
    ...createAgentTokenCalls(http),
    getApplicationContext: (call = {}) => applicationContext.get(call.signal),
    invalidateApplicationContext: () => applicationContext.invalidate(),

    getSessionContext: (o = {}) => get(ws('session-context'), { effectiveAccountId: account(o.effectiveAccountId) }, o),

    async getProduct(productId, o = {}) {
      const id = requireId(productId, 'productId');
      const versioned = o.snapshotId !== undefined;
      // A snapshot read is the high-scale, account-independent catalogue copy: it is flagged
      // with X-HighScale and must not carry effectiveAccountId, which would defeat its caching.
      const path = versioned
        ? ws('versions', requireId(o.snapshotId, 'snapshotId'), 'products', id)
        : ws('products', id);
      return get<ProductDetail>(
        path,
        {
          effectiveAccountId: versioned ? undefined : account(o.effectiveAccountId),
          fields: o.fields,
          excludeFields: o.excludeFields,
          mediaGroups: o.mediaGroups,
          noCache: o.noCache === true ? true : undefined,
        },
        o,
        versioned || o.highScale ? { 'X-HighScale': 'true' } : undefined,
      );
    },

    async getProducts(o) {
      const { ids, skus } = requireIdsOrSkus(o?.ids, o?.skus);
      return get<ProductCollection>(
        ws('products'),
        {
          ids,
          skus,
          fields: o.fields,
          excludePrices: o.excludePrices,
          excludeMedia: o.excludeMedia,
          includeAttributeSetInfo: o.includeAttributeSetInfo,
          includeQuantityRule: o.includeQuantityRule,
          includeProductSellingModels: o.includeProductSellingModels,
          includeGroupByAttributeVariationInfo: o.includeGroupByAttributeVariationInfo,
          effectiveAccountId: account(o.effectiveAccountId),
        },
        o,
      );
    },

    async getProductChildren(productId, o = {}) {
      return children<ProductChildCollection>(productId, o);
    },

    async getProductComponents(productId, o = {}) {
      return children<ProductComponentCollection>(productId, o);
    },

    async getFeaturedDatasets(o = {}) {
      return get<ProductCollection>(ws('featured-datasets'), { effectiveAccountId: account(o.effectiveAccountId) }, o);
    },

    async getFeaturedProducts(productId, o = {}) {
      const id = requireId(productId, 'productId');
      return get<ProductCollection>(
        ws('products', id, 'featured-products'),
        {
          relationshipTypes: o.relationshipTypes,
          fields: o.fields,
          excludeFields: o.excludeFields,
          mediaGroups: o.mediaGroups,
          includeMediaGroups: o.includeMediaGroups,
          includeAttributeSetInfo: o.includeAttributeSetInfo,
          includePurchaseQuantityRules: o.includePurchaseQuantityRules,
          includeProductSellingModel: o.includeProductSellingModel,
          effectiveAccountId: account(o.effectiveAccountId),
        },
        o,
      );
    },

    async getCategory(categoryId, o = {}) {
      const id = requireId(categoryId, 'categoryId');
      const versioned = o.snapshotId !== undefined;
      // Same reasoning as products: the snapshot copy is shared by all accounts.
      const path = versioned
        ? ws('versions', requireId(o.snapshotId, 'snapshotId'), 'product-categories', id)
        : ws('product-categories', id);
      return get<ProductCategoryDetail>(
        path,
        { fields: o.fields, effectiveAccountId: versioned ? undefined : account(o.effectiveAccountId) },
        o,
      );
    },

    getCategoryChildren: (o = {}) =>
      get<ProductCategoryCollection>(
        ws('product-categories', 'children'),
        {
          parentProductCategoryId: o.parentProductCategoryId || undefined,
          fields: o.fields ?? DEFAULT_CATEGORY_FIELDS,
          effectiveAccountId: account(o.effectiveAccountId),
        },
        o,
      ),

    async getCategoryPath(categoryId, o = {}) {
      const id = requireId(categoryId, 'categoryId');
      const path =
        o.snapshotId !== undefined
          ? ws('versions', requireId(o.snapshotId, 'snapshotId'), 'product-categories', id, 'product-category-path')
          : ws('product-category-path', 'product-categories', id);
      return get<CategoryPath>(path, {}, o);
    },

    getCategoryMenuItems: (o = {}) =>
      get<NavigationMenuItemCollection>(
        ws('category-menu-items'),
        {
          addHomeMenuItem: o.addHomeMenuItem,
          includeImageUrl: o.includeImageUrl,
          effectiveAccountId: account(o.effectiveAccountId),
          maxLevels: o.maxLevels,
          maxItems: o.maxItems,
          publishStatus: o.publishStatus,
        },
        o,
      ),

    async getProductPrice(productId, o = {}) {
      const id = requireId(productId, 'productId');
      return get<ProductPrice>(
        ws('pricing', 'products', id),
        {
          allProductSellingModelPrices: o.allProductSellingModelPrices,
          includeChildProductPrices: o.includeChildProductPrices,
          effectiveAccountId: account(o.effectiveAccountId),
          currencyIsoCode: o.currencyIsoCode,
        },
        o,
      );
    },

    async getProductPrices(productIds, o = {}) {
      const ids = requireIdList(productIds, 'productIds');
      return get<PricingResult>(
        ws('pricing', 'products'),
        { productIds: ids, currencyIsoCode: o.currencyIsoCode, effectiveAccountId: account(o.effectiveAccountId) },
        o,
      );
    },

    async getProductTaxes(productId, o = {}) {
      const id = requireId(productId, 'productId');
      return get<ProductTaxes>(
        ws('taxes', 'products', id),
        {
          effectiveAccountId: account(o.effectiveAccountId),
          countryIsoCode: o.countryIsoCode,
          stateIsoCode: o.stateIsoCode,
        },
        o,
      );
    },

    async getInventoryLevels(o) {
      const products = requireIdList(o?.products, 'products');
      requireAtMostOne(o.locations, 'locations', o.locationGroups, 'locationGroups');
      // Inventory lives outside the webstore (commerce-api §12); the store is named by a filter.
      return get<InventoryLevels>(
        http.commercePath('inventory', 'levels'),
        {
          scope: `webStoreId Eq '${webstoreId}'`,
          products,
          locations: o.locations,
          locationgroups: o.locationGroups,
          includeRelatedProducts: o.includeRelatedProducts,
        },
        o,
      );
    },
  };
}
