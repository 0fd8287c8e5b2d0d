import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { checkSnapshot } from '../services/webstores.ts';
import { catalogueContext } from '../http/context.ts';
import { csv, flag, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Categories'];
const categoryParams = webstoreParams.extend({ categoryId: z.string() });
const detailQuery = z.object({
  fields: csv.optional(),
  excludeFields: csv.optional(),
  mediaGroups: csv.optional(),
  excludeMedia: flag.optional(),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});

export function categoryRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = async (webstoreId: string, req: FastifyRequest, effectiveAccountId?: string) => {
    const store = await s.webstores.get(webstoreId);
    return { store, ctx: await catalogueContext(s, req, store, effectiveAccountId) };
  };

  // Accepts a url name in place of the id: the storefront routes categories by url name (spec 01 §2).
  r.get(
    `${WEBSTORE}/product-categories/:categoryId`,
    {
      schema: {
        tags,
        summary: 'Category detail (by id or url name)',
        params: categoryParams,
        querystring: detailQuery,
      },
    },
    async (req) => {
      const { ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      return s.categoryReads.detail(ctx, req.params.categoryId, req.query);
    },
  );

  r.get(
    `${WEBSTORE}/versions/:snapshotId/product-categories/:categoryId`,
    {
      schema: {
        tags,
        summary: 'Category detail from a catalogue snapshot',
        params: categoryParams.extend({ snapshotId: z.string() }),
        querystring: detailQuery,
      },
    },
    async (req) => {
      const { store, ctx } = await load(req.params.webstoreId, req);
      checkSnapshot(store, req.params.snapshotId);
      return s.categoryReads.detail(ctx, req.params.categoryId, req.query);
    },
  );

  r.get(
    `${WEBSTORE}/product-categories/children`,
    {
      schema: {
        tags,
        summary: 'Child categories (roots without a parent)',
        params: webstoreParams,
        querystring: detailQuery.extend({ parentProductCategoryId: z.string().optional() }),
      },
    },
    async (req) => {
      const { ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      return s.categoryReads.children(ctx, req.query.parentProductCategoryId, req.query);
    },
  );

  const pathSchema = {
    tags,
    summary: 'Path from the root to a category',
    querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
  };
  r.get(
    `${WEBSTORE}/product-category-path/product-categories/:categoryId`,
    { schema: { ...pathSchema, params: categoryParams } },
    async (req) => {
      const { ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      return s.categoryReads.path(ctx, req.params.categoryId);
    },
  );
  r.get(
    `${WEBSTORE}/versions/:snapshotId/product-categories/:categoryId/product-category-path`,
    {
      schema: { ...pathSchema, params: categoryParams.extend({ snapshotId: z.string() }) },
    },
    async (req) => {
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      checkSnapshot(store, req.params.snapshotId);
      return s.categoryReads.path(ctx, req.params.categoryId);
    },
  );

  r.get(
    `${WEBSTORE}/category-menu-items`,
    {
      schema: {
        tags,
        summary: 'Navigation menu built from the category tree',
        params: webstoreParams,
        querystring: z.object({
          addHomeMenuItem: flag.optional(),
          includeImageUrl: flag.optional(),
          effectiveAccountId: optionalAccount,
          maxLevels: z.coerce.number().int().min(1).max(10).default(3),
          maxItems: z.coerce.number().int().min(1).max(500).default(100),
          publishStatus: z.enum(['Draft', 'Live']).optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req, reply) => {
      const { ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      const menu = s.categoryReads.menu(ctx, req.query);
      reply.header('Cache-Control', 'private, max-age=60');
      return menu;
    },
  );
}
