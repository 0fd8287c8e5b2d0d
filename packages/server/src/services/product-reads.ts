// The product reads of the storefront API: one product's detail (cached), a batch by ids or SKUs with
// prices, a variation parent's children a page at a time, and featured (related) products. Every read
// goes through the entitlement-aware lookups of ProductService, so no caller can forget the check.
import {
  COMPONENT_PARENT_CLASSES,
  type ProductClass,
  type ProductComponentCollection,
  type ProductDetail,
  type ProductListedPrice,
  type ProductPrice,
  type ProductSellingModel,
} from '@store/core';
import { badInput } from '../domain/errors.ts';
import { IGNORED_QUERY_PARAMS } from '../domain/ignored-params.ts';
import { checkedId } from '../domain/record-ids.ts';
import type { ProductTable } from '../db/schema.ts';
import { type JsonPieces, JsonText, withMembers } from '../domain/json-text.ts';
import type { CatalogueContext } from './buyer-context.ts';
import type { PricingService } from './pricing.ts';
import { type DetailOptions, type ProductService, productUnavailable } from './products.ts';
import { detailText, keptModels, shownIn, type KeptDetail, type ProductReadModel } from './product-read-model.ts';
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

/** Whether the query asks for the answer as built, with no option that changes it: what the read model keeps. */
function asKept(q: DetailOptions): boolean {
  return !(
    q.fields?.length ||
    q.excludeFields?.length ||
    q.mediaGroups !== undefined ||
    q.excludeMedia ||
    q.excludePrimaryProductCategory ||
    q.excludeQuantityRule ||
    q.excludeVariationInfo ||
    q.excludeAttributeSetInfo ||
    q.excludeProductSellingModels
  );
}

type ListedPrices = Map<string, ProductPrice | null> | null;

/** The listing's price of a product (ProductListedPrice), null where the buyer has none. */
function listedPrice(prices: Map<string, ProductPrice | null>, id: string): ProductListedPrice | null {
  const price = prices.get(id);
  return price
    ? {
        listPrice: price.listPrice,
        unitPrice: price.unitPrice,
        pricebookEntryId: price.pricebookEntryId,
        currencyIsoCode: price.currencyIsoCode,
      }
    : null;
}

/** A kept detail as a batch's item: the detail's members, then name, SKU, prices (unless left out) and success. */
function keptItem(text: JsonPieces, row: KeptDetail, prices: ListedPrices): JsonText {
  return withMembers(text, {
    name: row.name,
    sku: row.sku,
    prices: prices ? listedPrice(prices, row.product_id) : undefined,
    success: true,
    error: null,
  });
}

/** A built detail in the listing shape: with its name and SKU, and the caller's price unless prices are left out. */
function listed(
  d: ProductDetail,
  row: ProductTable,
  prices: ListedPrices,
): ProductDetail & { name: string; sku: string; prices?: ProductListedPrice | null } {
  return {
    ...d,
    name: d.fields.Name ?? row.name,
    sku: row.sku,
    ...(prices ? { prices: listedPrice(prices, d.id) } : {}),
  };
}

/** A batch's item for a product that is unknown or not visible: told alike. */
function unavailableItem(key: string, byIds: boolean) {
  const error = productUnavailable(key);
  return {
    id: byIds ? key : null,
    sku: byIds ? null : key,
    success: false as const,
    error: { errorCode: error.errorCode, message: error.message },
  };
}

export class ProductReads {
  constructor(
    private products: ProductService,
    private readModel: ProductReadModel,
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
        if (asKept(q)) {
          const kept = (await this.readModel.details([id])).get(id);
          if (kept) {
            if (!shownIn(kept, store.id)) throw productUnavailable(productId);
            const text = detailText(kept, ctx, ctx.tree);
            if (text !== null) return new JsonText(text);
          }
        }
        const row = await this.products.visibleRow(store.id, ctx, productId);
        const [product] = await this.products.details(ctx, [row], ctx.tree, detailOptions(q));
        return product;
      },
      q.noCache === true && ctx.isPreview,
    );
  }

  /** The products a batch asks for, checked: by ids (record ids) or by SKUs, at most MAX_BATCH. */
  private batchKeys(q: BatchQuery): { byIds: boolean; wanted: string[] } {
    const ids = q.ids ?? [];
    const skus = q.skus ?? [];
    if (ids.length && skus.length) throw badInput('Specify either ids or skus, not both.');
    if (!ids.length && !skus.length) throw badInput('Specify at least one product id in ids or one SKU in skus.');
    if (ids.length + skus.length > MAX_BATCH) throw badInput(`Specify at most ${MAX_BATCH} products.`);
    const byIds = ids.length > 0;
    return { byIds, wanted: byIds ? ids.map((id) => checkedId(id)) : skus };
  }

  /**
   * A product the caller may see, as pricing needs it: its id, class and selling models, from the read model
   * when it keeps them (400 for a malformed id, 404 for one unknown or not visible, as visibleRow).
   */
  async sellable(
    store: Webstore,
    ctx: CatalogueContext,
    productId: string,
  ): Promise<{ id: string; productClass: string; sellingModels: readonly ProductSellingModel[] }> {
    const id = this.products.visibleProductId(ctx, productId);
    const kept = (await this.readModel.sellable([id])).get(id);
    if (kept) {
      if (!shownIn(kept, store.id)) throw productUnavailable(productId);
      return { id, productClass: kept.product_class, sellingModels: keptModels(kept) };
    }
    const row = await this.products.visibleRow(store.id, ctx, productId);
    const models = await this.products.sellingModels([row.id]);
    return { id: row.id, productClass: row.product_class, sellingModels: models.get(row.id) ?? [] };
  }

  /** Products by ids or SKUs, in the order asked, the ones not found (or not visible) marked as failures. */
  async batch(store: Webstore, ctx: CatalogueContext, q: BatchQuery) {
    const { byIds, wanted } = this.batchKeys(q);
    const rows = byIds
      ? await this.products.visibleRowsByIds(store.id, ctx, wanted)
      : await this.products.visibleRowsBySkus(store.id, ctx, wanted);
    const details = await this.products.details(ctx, rows, ctx.tree, this.batchOptions(q));
    const prices = q.excludePrices ? null : await this.prices(store, ctx, details);
    const byKey = new Map(details.map((d, i) => [byIds ? d.id : rows[i].sku, listed(d, rows[i], prices)]));
    const products = wanted.map((key) => {
      const d = byKey.get(key);
      return d ? { ...d, success: true, error: null } : unavailableItem(key, byIds);
    });
    return { products, total: products.filter((p) => p.success).length };
  }

  /**
   * The batch's answer as the route sends it: the same as batch, with each product the read model keeps (by id,
   * no option that changes a detail) written from its kept text. The others are built as batch builds them.
   */
  async batchAnswer(store: Webstore, ctx: CatalogueContext, q: BatchQuery) {
    const { byIds, wanted } = this.batchKeys(q);
    if (!byIds || !asKept(this.batchOptions(q))) return this.batch(store, ctx, q);
    const visible = wanted.filter((id) => ctx.visibility.canSeeProduct(id));
    const kept = await this.readModel.details(visible);
    const texts = new Map<string, { text: JsonPieces; row: KeptDetail }>();
    const gone = new Set<string>();
    for (const [id, row] of kept) {
      if (!shownIn(row, store.id)) gone.add(id);
      else {
        const text = detailText(row, ctx, ctx.tree);
        if (text !== null) texts.set(id, { text, row });
      }
    }
    const rest = [...new Set(visible.filter((id) => !texts.has(id) && !gone.has(id)))];
    const rows = rest.length ? await this.products.visibleRowsByIds(store.id, ctx, rest) : [];
    const details = rows.length ? await this.products.details(ctx, rows, ctx.tree, this.batchOptions(q)) : [];
    const prices = q.excludePrices
      ? null
      : await this.prices(store, ctx, [
          ...[...texts.values()].map(({ row }) => ({ id: row.product_id, productSellingModels: keptModels(row) })),
          ...details,
        ]);
    const built = new Map(details.map((d, i) => [d.id, listed(d, rows[i], prices)]));
    const products = wanted.map((id) => {
      const t = texts.get(id);
      if (t) return keptItem(t.text, t.row, prices);
      const d = built.get(id);
      return d ? { ...d, success: true, error: null } : unavailableItem(id, true);
    });
    return { products, total: products.filter((p) => p instanceof JsonText || p.success).length };
  }

  private batchOptions(q: BatchQuery): DetailOptions {
    return { ...detailOptions(q), excludeProductSellingModels: q.includeProductSellingModels === false };
  }

  /** The caller's prices of these products (one pricing call). */
  private prices(
    store: Webstore,
    ctx: CatalogueContext,
    products: Array<{ id: string; productSellingModels: readonly ProductSellingModel[] }>,
  ): Promise<Map<string, ProductPrice | null>> {
    return this.pricing.prices(
      { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency: ctx.currency },
      products.map((d) => ({ id: d.id, sellingModels: d.productSellingModels })),
    );
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
    const prices = await this.prices(store, ctx, details);
    const products = details.map((d, i) => ({ ...listed(d, rows[i], prices), prices: listedPrice(prices, d.id) }));
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
