// Product listing by category (and a plain name match for a search term). This is the browse path the
// category page needs; ranked full-text search, facets and suggestions belong to the search module of
// the search issue, which replaces the term matching here.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { badInput } from '../http/errors.ts';
import { catalogueContext } from '../http/context.ts';
import { csv, ignoredParams, optionalAccount, webstoreParams } from '../http/params.ts';
import type { ProductDetail } from '@store/core';
import { WEBSTORE } from './base.ts';

const MISSING_QUERY = 'Either the categoryId or the searchTerm property must be defined in the search query.';
const MAX_WINDOW = 5000;

const searchQuery = z.object({
  searchTerm: z.string().max(1000).optional(),
  categoryId: z.string().max(120).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  fields: csv.optional(),
  sortRuleId: z.string().optional(),
  grouping: z.string().optional(),
  refinements: z.string().optional(),
  includeQuantityRule: z.string().optional(),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});

const summary = (d: ProductDetail) => ({
  id: d.id, name: d.fields.Name, urlName: d.urlName, productClass: d.productClass,
  fields: Object.fromEntries(Object.entries(d.fields).map(([k, v]) => [k, { value: v }])),
  defaultImage: d.defaultImage, purchaseQuantityRule: d.purchaseQuantityRule,
  productSellingModelInformation: { isSubscriptionProduct: d.productSellingModels.some((m) => m.sellingModelType !== 'OneTime') },
  variationAttributeSet: d.variationAttributeSet, isConfigurationAllowed: false,
});

export function searchRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${WEBSTORE}/search/products`, {
    schema: { tags: ['Search'], summary: 'Products of a category, or matching a term', params: webstoreParams, querystring: searchQuery },
  }, async (req) => {
    const q = req.query;
    if (!q.categoryId && !q.searchTerm?.trim()) throw badInput(MISSING_QUERY);
    if ((q.page + 1) * q.pageSize > MAX_WINDOW) throw badInput(`page × pageSize must not exceed ${MAX_WINDOW}.`);
    const store = await s.webstores.get(req.params.webstoreId);
    const ctx = await catalogueContext(s, req, store, q.effectiveAccountId);
    const { tree, visibility } = ctx;
    const found = q.categoryId ? tree.find(q.categoryId) : undefined;
    const category = found && visibility.canSeeCategory(found) ? found : undefined;
    if (q.categoryId && !category) throw badInput(`The category ${q.categoryId} doesn't exist.`);
    let query = s.db.selectFrom('product').where('product.webstore_id', '=', store.id).where('product.is_active', '=', 1).where('product.parent_id', 'is', null);
    // Only products in categories the buyer is entitled to (spec: entitlement policies by buyer group).
    const granted = visibility.grantedCategoryIds;
    const scope = category ? tree.subtreeIds(category.row.id).filter((id) => !granted || granted.has(id)) : granted ? [...granted] : null;
    if (scope) {
      query = query.where((eb) => eb.exists(eb.selectFrom('product_category').select('product_category.product_id')
        .whereRef('product_category.product_id', '=', 'product.id').where('product_category.category_id', 'in', scope.length ? scope : [''])));
    }
    const term = q.searchTerm?.trim();
    if (term) for (const word of term.toLowerCase().split(/\s+/).slice(0, 32)) query = query.where((eb) => eb(eb.fn('lower', ['product.name']), 'like', `%${word.replace(/[%_]/g, '')}%`));
    const [rows, count] = await Promise.all([
      query.selectAll('product').orderBy('product.sku').limit(q.pageSize).offset(q.page * q.pageSize).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const details = await s.products.details(rows, tree, { fields: q.fields, excludeVariationInfo: true });
    return {
      locale: 'en_US',
      correlationId: req.id,
      facets: [],
      categories: category ? {
        category: { id: category.row.id, name: category.row.name, description: category.row.description, urlName: category.row.url_name },
        productCount: Number(count.n),
        children: category.children.filter((c) => c.row.publish_status === 'Live' && visibility.canSeeCategory(c)).map((c) => ({ category: { id: c.row.id, name: c.row.name, description: c.row.description, urlName: c.row.url_name }, productCount: c.productCount, children: [] })),
      } : null,
      productsPage: { pageSize: q.pageSize, total: Number(count.n), products: details.map(summary) },
    };
  });
}
