// Workspace routes for the ordered pick lists: the store's featured datasets and a product's related datasets.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { featuredBody, productParams, relatedBody, workspaceParams } from './schemas.ts';

export function workspaceDatasetPickRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const picks = s.workspace.picks;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const featured = guarded(s, 'catalogue.read', "The store's featured datasets (the home page's list), in order");
  r.get(
    `${WORKSPACE}/featured-datasets`,
    { preValidation: featured.preValidation, schema: { ...featured.doc, params: workspaceParams } },
    async (req) => picks.featured(await store(req.params.webstoreId)),
  );

  const setFeatured = guarded(s, 'catalogue.write', "Replace the store's featured datasets, in the order given");
  r.put(
    `${WORKSPACE}/featured-datasets`,
    {
      preValidation: setFeatured.preValidation,
      schema: { ...setFeatured.doc, params: workspaceParams, body: featuredBody },
    },
    async (req) => picks.setFeatured(await store(req.params.webstoreId), actorOf(req), req.body.productIds),
  );

  const related = guarded(s, 'catalogue.read', "A product's related datasets (its page's list), in order");
  r.get(
    `${WORKSPACE}/products/:productId/related-datasets`,
    { preValidation: related.preValidation, schema: { ...related.doc, params: productParams } },
    async (req) => picks.related(await store(req.params.webstoreId), req.params.productId),
  );

  const setRelated = guarded(s, 'catalogue.write', "Replace a product's related datasets, in the order given");
  r.put(
    `${WORKSPACE}/products/:productId/related-datasets`,
    {
      preValidation: setRelated.preValidation,
      schema: { ...setRelated.doc, params: productParams, body: relatedBody },
    },
    async (req) =>
      picks.setRelated(await store(req.params.webstoreId), actorOf(req), req.params.productId, req.body.productIds),
  );
}
