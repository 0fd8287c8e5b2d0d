// Workspace routes for the catalogue: products (table, detail, create, update), a product's prices with their
// volume tiers, the store's price books and categories.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import {
  pricesBody,
  productCreateBody,
  productListQuery,
  productParams,
  productUpdateBody,
  workspaceParams,
} from './schemas.ts';

export function workspaceCatalogueRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const list = guarded(s, 'catalogue.read', 'Products, paged, sorted and filtered');
  r.get(
    `${WORKSPACE}/products`,
    {
      preValidation: list.preValidation,
      schema: { ...list.doc, params: workspaceParams, querystring: productListQuery },
    },
    async (req) => w.products.list(await store(req.params.webstoreId), req.query),
  );

  const create = guarded(
    s,
    'catalogue.write',
    'Create a product: a Simple dataset, a VariationParent with its variation attributes, a Set or a Bundle',
  );
  r.post(
    `${WORKSPACE}/products`,
    {
      preValidation: create.preValidation,
      schema: { ...create.doc, params: workspaceParams, body: productCreateBody },
    },
    async (req, reply) => {
      const { productClass = 'Simple', variationAttributes, ...input } = req.body;
      const webstoreId = await store(req.params.webstoreId);
      const made = variationAttributes
        ? await w.variations.createParent(webstoreId, actorOf(req), input, variationAttributes)
        : await w.products.create(webstoreId, actorOf(req), input, { productClass });
      return reply.status(201).send(made);
    },
  );

  const detail = guarded(s, 'catalogue.read', 'One product as the edit form reads it');
  r.get(
    `${WORKSPACE}/products/:productId`,
    { preValidation: detail.preValidation, schema: { ...detail.doc, params: productParams } },
    async (req) => w.products.get(await store(req.params.webstoreId), req.params.productId),
  );

  const update = guarded(s, 'catalogue.write', 'Change a product (only the fields sent)');
  r.patch(
    `${WORKSPACE}/products/:productId`,
    { preValidation: update.preValidation, schema: { ...update.doc, params: productParams, body: productUpdateBody } },
    async (req) => w.products.update(await store(req.params.webstoreId), actorOf(req), req.params.productId, req.body),
  );

  const prices = guarded(s, 'catalogue.read', "A product's price book entries with their volume tiers");
  r.get(
    `${WORKSPACE}/products/:productId/prices`,
    { preValidation: prices.preValidation, schema: { ...prices.doc, params: productParams } },
    async (req) => w.prices.get(await store(req.params.webstoreId), req.params.productId),
  );

  const replacePrices = guarded(s, 'catalogue.write', "Replace a product's price book entries and volume tiers");
  r.put(
    `${WORKSPACE}/products/:productId/prices`,
    {
      preValidation: replacePrices.preValidation,
      schema: { ...replacePrices.doc, params: productParams, body: pricesBody },
    },
    async (req) =>
      w.prices.replace(await store(req.params.webstoreId), actorOf(req), req.params.productId, req.body.entries),
  );

  const books = guarded(s, 'catalogue.read', "The store's price books");
  r.get(
    `${WORKSPACE}/price-books`,
    { preValidation: books.preValidation, schema: { ...books.doc, params: workspaceParams } },
    async (req) => ({ items: await w.prices.books(await store(req.params.webstoreId)) }),
  );

  const categories = guarded(s, 'catalogue.read', "The store's categories, Draft ones included, in menu order");
  r.get(
    `${WORKSPACE}/categories`,
    { preValidation: categories.preValidation, schema: { ...categories.doc, params: workspaceParams } },
    async (req) => w.categories.list(await store(req.params.webstoreId)),
  );
}
