import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NavigationMenuItem, ProductCategoryDetail } from '@store/core';
import type { Services } from '../services/index.ts';
import type { CategoryNode } from '../services/category-tree.ts';
import { invalidId, notFound } from '../domain/errors.ts';
import { catalogueContext } from '../http/context.ts';
import { type CatalogueContext } from '../services/buyer-context.ts';
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

function detailOf(n: CategoryNode, q: { fields?: string[]; excludeMedia?: boolean }): ProductCategoryDetail {
  const all: Record<string, string | null> = {
    Id: n.row.id,
    Name: n.row.name,
    Description: n.row.description,
    ParentCategoryId: n.row.parent_id,
    CatalogId: null,
    NumberOfProducts: String(n.productCount),
    IsNavigational: n.row.is_navigational ? 'true' : 'false',
    SortOrder: String(n.row.sort_order),
  };
  const wanted = q.fields?.length ? new Set(q.fields.map((f) => f.toLowerCase())) : null;
  const fields = wanted ? Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k.toLowerCase()))) : all;
  const mediaGroups =
    n.row.image_url && !q.excludeMedia
      ? [
          {
            id: `2mg${n.row.id.slice(3)}`,
            developerName: 'tileImage',
            name: 'Tile Image',
            usageType: 'Standard' as const,
            mediaItems: [
              {
                id: `2pm${n.row.id.slice(3)}`,
                alternateText: n.row.name,
                contentVersionId: null,
                mediaType: 'Image' as const,
                sortOrder: 0,
                thumbnailUrl: n.row.image_url,
                title: n.row.name,
                url: n.row.image_url,
              },
            ],
          },
        ]
      : [];
  return { id: n.row.id, urlName: n.row.url_name, fields, mediaGroups };
}

/** Outside preview a Draft category (and everything under it) is invisible. */
const isLive = (n: CategoryNode): boolean => n.row.publish_status === 'Live' && (!n.parent || isLive(n.parent));

/** Whether the caller sees a category: entitled to it (or to something under it), and Live unless previewing. */
function shows(ctx: CatalogueContext, n: CategoryNode, draft = ctx.isPreview): boolean {
  return (draft || n.row.publish_status === 'Live') && ctx.visibility.canSeeCategory(n);
}

function findVisible(ctx: CatalogueContext, idOrUrlName: string): CategoryNode {
  if (!/^[a-zA-Z0-9-]{1,120}$/.test(idOrUrlName)) throw invalidId(idOrUrlName);
  const node = ctx.tree.find(idOrUrlName);
  if (!node || !(ctx.isPreview || isLive(node)) || !ctx.visibility.canSeeCategory(node)) {
    throw notFound(`The category ${idOrUrlName} doesn't exist or isn't available to you.`);
  }
  return node;
}

interface MenuOptions {
  maxLevels: number;
  maxItems: number;
  includeImageUrl: boolean;
  visible: (n: CategoryNode) => boolean;
}

function menuItem(n: CategoryNode, level: number, opts: MenuOptions): NavigationMenuItem {
  const children = level < opts.maxLevels ? n.children.filter(opts.visible).slice(0, opts.maxItems) : [];
  return {
    actionType: 'InternalLink',
    actionValue: `/category/${n.row.url_name}`,
    imageUrl: opts.includeImageUrl ? n.row.image_url : null,
    label: n.row.name,
    pageReference: {
      type: 'standard__recordPage',
      attributes: { objectApiName: 'ProductCategory', recordId: n.row.id, urlName: n.row.url_name, actionName: 'view' },
    },
    subMenu: children.map((c) => menuItem(c, level + 1, opts)),
    target: 'CurrentWindow',
  };
}

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
      return detailOf(findVisible(ctx, req.params.categoryId), req.query);
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
      if (req.params.snapshotId !== store.snapshotId)
        throw notFound(`The catalog snapshot ${req.params.snapshotId} doesn't exist.`);
      return detailOf(findVisible(ctx, req.params.categoryId), req.query);
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
      const parentId = req.query.parentProductCategoryId;
      const nodes = parentId ? findVisible(ctx, parentId).children : ctx.tree.roots;
      return { productCategories: nodes.filter((n) => shows(ctx, n)).map((n) => detailOf(n, req.query)) };
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
      return { path: ctx.tree.path(findVisible(ctx, req.params.categoryId).row.id) };
    },
  );
  r.get(
    `${WEBSTORE}/versions/:snapshotId/product-categories/:categoryId/product-category-path`,
    {
      schema: { ...pathSchema, params: categoryParams.extend({ snapshotId: z.string() }) },
    },
    async (req) => {
      const { store, ctx } = await load(req.params.webstoreId, req, req.query.effectiveAccountId);
      if (req.params.snapshotId !== store.snapshotId)
        throw notFound(`The catalog snapshot ${req.params.snapshotId} doesn't exist.`);
      return { path: ctx.tree.path(findVisible(ctx, req.params.categoryId).row.id) };
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
      const q = req.query;
      const { ctx } = await load(req.params.webstoreId, req, q.effectiveAccountId);
      // Outside preview the menu defaults to Live; in preview to Draft (spec 01 §4). Only preview may
      // see Draft: anyone else asking for it gets the Live menu.
      const draft = ctx.isPreview && (q.publishStatus ?? 'Draft') === 'Draft';
      const opts: MenuOptions = {
        maxLevels: q.maxLevels,
        maxItems: q.maxItems,
        includeImageUrl: !!q.includeImageUrl,
        visible: (n) => shows(ctx, n, draft),
      };
      const items = ctx.tree.roots
        .filter(opts.visible)
        .slice(0, q.maxItems)
        .map((n) => menuItem(n, 1, opts));
      if (q.addHomeMenuItem) {
        items.unshift({
          actionType: 'InternalLink',
          actionValue: '/',
          imageUrl: null,
          label: 'Home',
          pageReference: null,
          subMenu: [],
          target: 'CurrentWindow',
        });
      }
      const count = (list: NavigationMenuItem[]): number => list.reduce((n, i) => n + 1 + count(i.subMenu), 0);
      reply.header('Cache-Control', 'private, max-age=60');
      return { menuItems: items, totalMenuItems: count(items) };
    },
  );
}
