import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { checkSnapshot } from '../services/webstores.ts';
import { catalogueContext } from '../http/context.ts';
import { cacheForAudience } from '../http/audience-cache.ts';
import { csv, flag, ignoredParams, optionalAccount, pageToken, webstoreParams } from './schemas.ts';
import { CHILDREN_PAGE_LIMIT } from '../services/product-reads.ts';
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
const productParams = webstoreParams.extend({ productId: z.string() });
const tags = ['Products'];

export function productRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function load(webstoreId: string, req: FastifyRequest, effectiveAccountId?: string) {
    const store = await s.webstores.get(webstoreId);
    return { store, ctx: await catalogueContext(s, req, store, effectiveAccountId) };
  }

  // A static path: the router matches it before the `products/:productId` parameter (which would answer
  // 400, "gift-wrap" being no record id), whatever the order of registration.
  r.get(
    `${WEBSTORE}/products/gift-wrap`,
    {
      schema: {
        tags,
        summary: "The store's gift-wrap product",
        params: webstoreParams,
        querystring: z.object({ fields: csv.optional(), ...ignoredParams }),
      },
    },
    async (req, reply) => {
      // Through the catalogue context, so a store closed to guests is closed here too.
      const { store } = await load(req.params.webstoreId, req);
      reply.header('Cache-Control', 'private, no-cache');
      return s.giftWrap.detail(store.id, store.settings, req.query);
    },
  );

  r.get(
    `${WEBSTORE}/products/:productId`,
    {
      schema: { tags, summary: 'Product detail', params: productParams, querystring: detailQuery },
    },
    async (req, reply) => {
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      const body = await s.productReads.detailJson(store, ctx, req.params.productId, req.query);
      return reply.header('Cache-Control', 'private, no-cache').type('application/json; charset=utf-8').send(body);
    },
  );

  // The catalogue-snapshot form: the answer depends only on the published snapshot and the audience, so
  // a guest's may be cached by shared caches, a buyer's only privately (X-HighScale marks the high-scale
  // read path).
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
      checkSnapshot(store, req.params.snapshotId);
      const ctx = await catalogueContext(s, req, store);
      const body = await s.productReads.detailJson(store, ctx, req.params.productId, {
        ...req.query,
        effectiveAccountId: undefined,
      });
      cacheForAudience(reply, ctx, 300);
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
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      return s.productReads.batchAnswer(store, ctx, req.query);
    },
  );

  // The home page's list (not in the reference): the featured datasets the seller ordered in the workspace,
  // answered as the batch call answers them, without the ones this caller may not see.
  r.get(
    `${WEBSTORE}/featured-datasets`,
    {
      schema: {
        tags,
        summary: "The store's featured datasets, in the seller's order",
        params: webstoreParams,
        querystring: detailQuery.extend({ excludePrices: flag.optional() }),
      },
    },
    async (req) => {
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      const ids = await s.featuredDatasets.ids(store.id);
      if (!ids.length) return { products: [], total: 0 };
      const batch = await s.productReads.batch(store, ctx, { ...req.query, ids });
      const products = batch.products.filter((p) => p.success);
      return { products, total: products.length };
    },
  );

  r.get(
    `${WEBSTORE}/products/:productId/children`,
    {
      schema: {
        tags,
        summary: "A variation parent's variations, or a set's or bundle's components",
        params: productParams,
        querystring: z.object({
          pageSize: z.coerce.number().int().min(1).max(CHILDREN_PAGE_LIMIT).default(CHILDREN_PAGE_LIMIT),
          page: z.coerce.number().int().min(0).max(10000).default(0),
          pageToken,
          mediaGroups: csv.optional(),
          includeProductSellingModels: flag.optional(),
          effectiveAccountId: optionalAccount,
          fields: csv.optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      return s.productReads.children(store, ctx, req.params.productId, req.query);
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
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      return s.productReads.featured(store, ctx, req.params.productId, req.query);
    },
  );
}
