import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { badInput, notFound } from '../domain/errors.ts';
import { catalogueContext } from '../http/context.ts';
import { type CatalogueContext } from '../services/buyer-context.ts';
import { csv, flag, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { toId18, checkedId } from '../domain/record-ids.ts';
import type { DetailOptions } from '../services/products.ts';
import type { Webstore } from '../services/webstores.ts';
import { queryKey } from '../services/response-cache.ts';
import { WEBSTORE } from './base.ts';

const detailQuery = z.object({
  fields: csv.optional(),
  excludeFields: csv.optional(),
  mediaGroups: csv.optional(),
  excludeMedia: flag.optional(),
  excludePrimaryProductCategory: flag.optional(),
  excludeQuantityRule: flag.optional(),
  excludeVariationInfo: flag.optional(),
  excludeAttributeSetInfo: flag.optional(),
  excludeProductSellingModels: flag.optional(),
  excludeDynamicAttributeInfo: flag.optional(),
  noCache: flag.optional(),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});
type DetailQuery = z.infer<typeof detailQuery>;
const productParams = webstoreParams.extend({ productId: z.string() });
const tags = ['Products'];
const MAX_BATCH = 100;
const CHILDREN_PAGE_LIMIT = 20;
const FEATURED_TYPES = ['CrossSell', 'UpSell', 'Accessories'];
/** Query parameters that do not change a product detail answer. */
const ACCOUNT_INDEPENDENT = [...Object.keys(ignoredParams), 'noCache', 'effectiveAccountId'];

/** Ids in paths are checked here rather than by the schema, so a malformed id answers INVALID_ID_FIELD. */
function checkId(value: string): string {
  checkedId(value);
  return toId18(value);
}

function detailOptions(q: DetailQuery): DetailOptions {
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

export function productRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const unavailable = (productId: string) =>
    notFound(`The product ${productId} doesn't exist or isn't available to you.`);

  /** A product id the caller may see, or the matching error (400 malformed; 404 unknown or not entitled, alike). */
  function visibleId(ctx: CatalogueContext, productId: string): string {
    const id = checkId(productId);
    if (!ctx.visibility.canSeeProduct(id)) throw unavailable(productId);
    return id;
  }

  /** The product row of a store, or a 404. */
  async function findRow(store: Webstore, id: string, productId: string) {
    const [row] = await s.products.rowsByIds(store.id, [id]);
    if (!row) throw unavailable(productId);
    return row;
  }

  /** The store, the caller's right to it and to the product, and the product row: or the matching error. */
  async function productInStore(
    params: { webstoreId: string; productId: string },
    effectiveAccountId: string | undefined,
    req: FastifyRequest,
  ) {
    const store = await s.webstores.get(params.webstoreId);
    const ctx = await catalogueContext(s, req, store, effectiveAccountId);
    const id = visibleId(ctx, params.productId);
    return { store, ctx, id, row: await findRow(store, id, params.productId) };
  }

  /**
   * Product detail as JSON text. Detail holds no prices, so one cached answer serves every buyer who may
   * see the product (entitlement is checked first); preview may bypass the cache (spec 01 §6).
   */
  async function detail(webstoreId: string, productId: string, q: DetailQuery, req: FastifyRequest): Promise<string> {
    const store = await s.webstores.get(webstoreId);
    const ctx = await catalogueContext(s, req, store, q.effectiveAccountId);
    const id = visibleId(ctx, productId);
    const key = `product|${store.id}|${store.catalogVersion}|${id}|${queryKey(q, ACCOUNT_INDEPENDENT)}`;
    return s.responses.getOrCreate(
      key,
      async () => {
        const row = await findRow(store, id, productId);
        const [product] = await s.products.details([row], ctx.tree, detailOptions(q));
        return product;
      },
      q.noCache === true && ctx.isPreview,
    );
  }

  r.get(
    `${WEBSTORE}/products/:productId`,
    {
      schema: { tags, summary: 'Product detail', params: productParams, querystring: detailQuery },
    },
    async (req, reply) => {
      const body = await detail(req.params.webstoreId, req.params.productId, req.query, req);
      return reply.header('Cache-Control', 'private, no-cache').type('application/json; charset=utf-8').send(body);
    },
  );

  // The catalogue-snapshot form: the answer depends only on the published snapshot, so it may be cached
  // by shared caches (X-HighScale marks the high-scale read path).
  r.get(
    `${WEBSTORE}/versions/:snapshotId/products/:productId`,
    {
      schema: {
        tags,
        summary: 'Product detail from a catalogue snapshot',
        params: productParams.extend({ snapshotId: z.string() }),
        querystring: detailQuery,
      },
    },
    async (req, reply) => {
      const store = await s.webstores.get(req.params.webstoreId);
      if (req.params.snapshotId !== store.snapshotId)
        throw notFound(`The catalog snapshot ${req.params.snapshotId} doesn't exist.`);
      const body = await detail(
        req.params.webstoreId,
        req.params.productId,
        { ...req.query, effectiveAccountId: undefined },
        req,
      );
      reply.header('Cache-Control', 'public, max-age=300');
      if (req.headers['x-highscale']) reply.header('X-HighScale', 'true');
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  r.get(
    `${WEBSTORE}/products`,
    {
      schema: {
        tags,
        summary: 'Products by ids or SKUs',
        params: webstoreParams,
        querystring: detailQuery.extend({
          ids: csv.optional(),
          skus: csv.optional(),
          excludePrices: flag.optional(),
          includeAttributeSetInfo: flag.optional(),
          includeQuantityRule: flag.optional(),
          includeProductSellingModels: flag.optional(),
          includeGroupByAttributeVariationInfo: flag.optional(),
        }),
      },
    },
    async (req) => {
      const q = req.query;
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await catalogueContext(s, req, store, q.effectiveAccountId);
      const ids = q.ids ?? [];
      const skus = q.skus ?? [];
      if (ids.length && skus.length) throw badInput('Specify either ids or skus, not both.');
      if (!ids.length && !skus.length) throw badInput('Specify at least one product id in ids or one SKU in skus.');
      if (ids.length + skus.length > MAX_BATCH) throw badInput(`Specify at most ${MAX_BATCH} products.`);
      const wanted = ids.length ? ids.map(checkId) : skus;
      const rows = (
        ids.length ? await s.products.rowsByIds(store.id, wanted) : await s.products.rowsBySkus(store.id, wanted)
      ).filter((row) => ctx.visibility.canSeeProduct(row.id));
      const details = await s.products.details(rows, ctx.tree, {
        ...detailOptions(q),
        excludeProductSellingModels: q.includeProductSellingModels === false,
      });
      const prices = q.excludePrices
        ? null
        : await s.pricing.prices(
            { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency: ctx.currency },
            details.map((d) => ({ id: d.id, sellingModels: d.productSellingModels })),
          );
      const rowById = new Map(rows.map((row) => [row.id, row]));
      const byKey = new Map(details.map((d, i) => [ids.length ? d.id : rows[i].sku, d]));
      const products = wanted.map((key) => {
        const d = byKey.get(key);
        if (!d)
          return {
            id: ids.length ? key : null,
            sku: ids.length ? null : key,
            success: false,
            error: { errorCode: 'NOT_FOUND', message: `The product ${key} doesn't exist or isn't available to you.` },
          };
        const price = prices?.get(d.id);
        return {
          ...d,
          name: d.fields.Name ?? rowById.get(d.id)!.name,
          sku: rowById.get(d.id)!.sku,
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
          success: true,
          error: null,
        };
      });
      return { products, total: products.filter((p) => p.success).length };
    },
  );

  r.get(
    `${WEBSTORE}/products/:productId/children`,
    {
      schema: {
        tags,
        summary: 'Variations of a variation parent',
        params: productParams,
        querystring: z.object({
          pageSize: z.coerce.number().int().min(1).max(CHILDREN_PAGE_LIMIT).default(CHILDREN_PAGE_LIMIT),
          page: z.coerce.number().int().min(0).max(10000).default(0),
          pageToken: z.string().regex(/^\d+$/).optional(),
          mediaGroups: csv.optional(),
          includeProductSellingModels: flag.optional(),
          effectiveAccountId: optionalAccount,
          fields: csv.optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const q = req.query;
      const { store, id, ctx } = await productInStore(req.params, q.effectiveAccountId, req);
      const page = q.pageToken ? Number(q.pageToken) : q.page;
      // A variation is visible with its parent (children share the parent's categories).
      const { rows, total } = await s.products.childRows(store.id, id, page * q.pageSize, q.pageSize);
      const products = await s.products.details(rows, ctx.tree, {
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
    },
  );

  r.get(
    `${WEBSTORE}/products/:productId/featured-products`,
    {
      schema: {
        tags,
        summary: 'Featured (related) products',
        params: productParams,
        querystring: detailQuery.extend({
          relationshipTypes: csv.optional(),
          includeMediaGroups: flag.optional(),
          includeAttributeSetInfo: flag.optional(),
          includePurchaseQuantityRules: flag.optional(),
          includeProductSellingModel: flag.optional(),
        }),
      },
    },
    async (req) => {
      const q = req.query;
      const { store, id, ctx } = await productInStore(req.params, q.effectiveAccountId, req);
      const types = q.relationshipTypes?.length ? q.relationshipTypes : FEATURED_TYPES;
      const rows = (await s.products.relatedRows(store.id, id, types)).filter((row) =>
        ctx.visibility.canSeeProduct(row.id),
      );
      const products = await s.products.details(rows, ctx.tree, {
        ...detailOptions(q),
        excludeMedia: q.includeMediaGroups === false || q.excludeMedia,
        excludeQuantityRule: q.includePurchaseQuantityRules === false,
        excludeProductSellingModels: q.includeProductSellingModel === false,
      });
      return { products, total: products.length };
    },
  );
}
