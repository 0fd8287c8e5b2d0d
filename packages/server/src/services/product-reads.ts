// The product reads of the storefront API: one product's detail (cached), a batch by ids or SKUs with
// prices, a variation parent's children a page at a time, and featured (related) products. Every read
// goes through the entitlement-aware lookups of ProductService, so no caller can forget the check.
import {
  COMPONENT_PARENT_CLASSES,
  type ProductClass,
  type ProductComponentCollection,
  type ProductDetail,
  type ProductListedPrice,
} from '@store/core';
import { badInput } from '../domain/errors.ts';
import { IGNORED_QUERY_PARAMS } from '../domain/ignored-params.ts';
import { checkedId } from '../domain/record-ids.ts';
import type { ProductTable } from '../db/schema.ts';
import type { CatalogueContext } from './buyer-context.ts';
import type { PricingService } from './pricing.ts';
import { type DetailOptions, type ProductService, productUnavailable } from './products.ts';
import { queryKey, type ResponseCache } from './response-cache.ts';
import type { Webstore } from './webstores.ts';

export const MAX_BATCH = 100;
export const CHILDREN_PAGE_LIMIT = 20;
const FEATURED_TYPES = ['CrossSell', 'UpSell', 'Accessories'];
/** Query parameters that do not change a product detail answer. */
const ACCOUNT_INDEPENDENT = [...IGNORED_QUERY_PARAMS, 'noCache', 'effectiveAccountId'];

/** A detail query as the route parsed it (the keys beyond DetailOptions only matter to the cache key). */
export interface DetailQuery extends DetailOptions {
  noCache?: boolean;
  effectiveAccountId?: string;
  [other: string]: unknown;
}

export interface BatchQuery extends DetailQuery {
  ids?: string[];
  skus?: string[];
  excludePrices?: boolean;
  includeProductSellingModels?: boolean;
}

export interface ChildrenQuery {
  pageSize: number;
  page: number;
  pageToken?: number;
  mediaGroups?: string[];
  includeProductSellingModels?: boolean;
  fields?: string[];
}

export interface FeaturedQuery extends DetailQuery {
  relationshipTypes?: string[];
  includeMediaGroups?: boolean;
  includePurchaseQuantityRules?: boolean;
  includeProductSellingModel?: boolean;
}

function detailOptions(q: DetailOptions): DetailOptions {
  return {
    fields: q.fields,
    excludeFields: q.excludeFields,
    mediaGroups: q.mediaGroups,
    excludeMedia: q.excludeMedia,
    excludePrimaryProductCategory: q.excludePrimaryProductCategory,
    excludeQuantityRule: q.excludeQuantityRule,
    excludeVariationInfo: q.excludeVariationInfo,
    excludeAttributeSetInfo: q.excludeAttributeSetInfo,
    excludeProductSellingModels: q.excludeProductSellingModels,
  };
}

export class ProductReads {
  constructor(
    private products: ProductService,
    private pricing: PricingService,
    private responses: ResponseCache,
  ) {}

  /**
   * Product detail as JSON bytes. Detail holds no prices, so one cached answer serves every buyer of the same
   * buyer groups who may see the product (entitlement is checked first); preview may bypass the cache (spec 01 §6).
   */
  async detailJson(store: Webstore, ctx: CatalogueContext, productId: string, q: DetailQuery): Promise<Buffer> {
    const id = this.products.visibleProductId(ctx, productId);
    // Per audience too: buyer groups decide which related datasets and category path it may see, preview
    // whether a Draft category in that path is shown.
    const audience = `${ctx.visibility.all ? 'all' : [...ctx.buyerGroupIds].sort().join(',')}|${ctx.isPreview ? 'preview' : 'live'}`;
    const key = `product|${store.id}|${store.catalogVersion}|${audience}|${id}|${queryKey(q, ACCOUNT_INDEPENDENT)}`;
    return this.responses.getOrCreate(
      key,
      async () => {
        const row = await this.products.visibleRow(store.id, ctx, productId);
        const [product] = await this.products.details(ctx, [row], ctx.tree, detailOptions(q));
        return product;
      },
      q.noCache === true && ctx.isPreview,
    );
  }

  /** Products by ids or SKUs, in the order asked, the ones not found (or not visible) marked as failures. */
  async batch(store: Webstore, ctx: CatalogueContext, q: BatchQuery) {
    const ids = q.ids ?? [];
    const skus = q.skus ?? [];
    if (ids.length && skus.length) throw badInput('Specify either ids or skus, not both.');
    if (!ids.length && !skus.length) throw badInput('Specify at least one product id in ids or one SKU in skus.');
    if (ids.length + skus.length > MAX_BATCH) throw badInput(`Specify at most ${MAX_BATCH} products.`);
    const byIds = ids.length > 0;
    const wanted = byIds ? ids.map((id) => checkedId(id)) : skus;
    const rows = byIds
      ? await this.products.visibleRowsByIds(store.id, ctx, wanted)
      : await this.products.visibleRowsBySkus(store.id, ctx, wanted);
    const details = await this.products.details(ctx, rows, ctx.tree, {
      ...detailOptions(q),
      excludeProductSellingModels: q.includeProductSellingModels === false,
    });
    const listed = await this.listed(store, ctx, rows, details, !q.excludePrices);
    const byKey = new Map(listed.map((d, i) => [byIds ? d.id : rows[i].sku, d]));
    const products = wanted.map((key) => {
      const d = byKey.get(key);
      if (!d) {
        const error = productUnavailable(key);
        return {
          id: byIds ? key : null,
          sku: byIds ? null : key,
          success: false,
          error: { errorCode: error.errorCode, message: error.message },
        };
      }
      return { ...d, success: true, error: null };
    });
    return { products, total: products.filter((p) => p.success).length };
  }

  /**
   * Details in the listing shape: each with its name and SKU, and (unless asked not to) the caller's price,
   * null where the buyer has none. `details` are those of `rows`, in the same order.
   */
  private async listed(
    store: Webstore,
    ctx: CatalogueContext,
    rows: ProductTable[],
    details: ProductDetail[],
    withPrices: boolean,
  ): Promise<Array<ProductDetail & { name: string; sku: string; prices?: ProductListedPrice | null }>> {
    const prices = withPrices
      ? await this.pricing.prices(
          { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency: ctx.currency },
          details.map((d) => ({ id: d.id, sellingModels: d.productSellingModels })),
        )
      : null;
    return details.map((d, i) => {
      const price = prices?.get(d.id);
      return {
        ...d,
        name: d.fields.Name ?? rows[i].name,
        sku: rows[i].sku,
        ...(prices
          ? {
              prices: price
                ? {
                    listPrice: price.listPrice,
                    unitPrice: price.unitPrice,
                    pricebookEntryId: price.pricebookEntryId,
                    currencyIsoCode: price.currencyIsoCode,
                  }
                : null,
            }
          : {}),
      };
    });
  }

  /**
   * A page of a product's children: a variation parent's variations (visible with their parent: they share
   * its categories), or a set's or bundle's components (see components).
   */
  async children(store: Webstore, ctx: CatalogueContext, productId: string, q: ChildrenQuery) {
    const row = await this.products.visibleRow(store.id, ctx, productId);
    if (COMPONENT_PARENT_CLASSES.includes(row.product_class as ProductClass))
      return this.components(store, ctx, row, q);
    const { id } = row;
    const page = q.pageToken ?? q.page;
    const { rows, total } = await this.products.childRows(store.id, id, page * q.pageSize, q.pageSize);
    const products = await this.products.details(ctx, rows, ctx.tree, {
      mediaGroups: q.mediaGroups,
      fields: q.fields,
      excludeProductSellingModels: q.includeProductSellingModels === false,
    });
    const hasNext = (page + 1) * q.pageSize < total;
    return {
      products,
      total,
      pageSize: q.pageSize,
      currentPageToken: String(page),
      nextPageToken: hasNext ? String(page + 1) : null,
    };
  }

  /**
   * A set's or bundle's components in the set's order, each with its name, SKU and the caller's price. A
   * component is a product of its own, with its own entitlement: one the caller may not see is left out and
   * not counted, as if the set did not hold it (a public set must not name a partner-only dataset).
   */
  private async components(
    store: Webstore,
    ctx: CatalogueContext,
    parent: ProductTable,
    q: ChildrenQuery,
  ): Promise<ProductComponentCollection> {
    const type = `${parent.product_class}Component`;
    const all = this.products.visibleRows(ctx, await this.products.relatedRows(store.id, parent.id, [type]));
    const page = q.pageToken ?? q.page;
    const rows = all.slice(page * q.pageSize, (page + 1) * q.pageSize);
    const details = await this.products.details(ctx, rows, ctx.tree, {
      mediaGroups: q.mediaGroups,
      fields: q.fields,
      excludeProductSellingModels: q.includeProductSellingModels === false,
    });
    const products = (await this.listed(store, ctx, rows, details, true)).map((p) => ({
      ...p,
      prices: p.prices ?? null,
    }));
    const hasNext = (page + 1) * q.pageSize < all.length;
    return {
      products,
      total: all.length,
      pageSize: q.pageSize,
      currentPageToken: String(page),
      nextPageToken: hasNext ? String(page + 1) : null,
    };
  }

  /** The products related to one (cross-sell, up-sell, accessories unless other types are asked for) that the caller may see. */
  async featured(
    store: Webstore,
    ctx: CatalogueContext,
    productId: string,
    q: FeaturedQuery,
  ): Promise<{ products: ProductDetail[]; total: number }> {
    const { id } = await this.products.visibleRow(store.id, ctx, productId);
    const types = q.relationshipTypes?.length ? q.relationshipTypes : FEATURED_TYPES;
    const rows: ProductTable[] = this.products.visibleRows(ctx, await this.products.relatedRows(store.id, id, types));
    const products = await this.products.details(ctx, rows, ctx.tree, {
      ...detailOptions(q),
      excludeMedia: q.includeMediaGroups === false || q.excludeMedia,
      excludeQuantityRule: q.includePurchaseQuantityRules === false,
      excludeProductSellingModels: q.includeProductSellingModel === false,
    });
    return { products, total: products.length };
  }
}
