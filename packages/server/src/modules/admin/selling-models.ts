// Workspace routes for the store's selling models (issue 15 §3): the list, create and change a subscription model,
// and which selling models a product is offered with (its prices per model are the prices routes').
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { productParams, workspaceParams } from './schemas.ts';
import {
  productSellingModelsBody,
  sellingModelCreateBody,
  sellingModelParams,
  sellingModelUpdateBody,
} from './selling-model-schemas.ts';

export function workspaceSellingModelRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const list = guarded(s, 'catalogue.read', "The store's selling models with their terms");
  r.get(
    `${WORKSPACE}/selling-models`,
    { preValidation: list.preValidation, schema: { ...list.doc, params: workspaceParams } },
    async (req) => ({ items: await w.sellingModels.list(await store(req.params.webstoreId)) }),
  );

  const create = guarded(s, 'catalogue.write', 'Create a subscription selling model (auto-renew or term-defined)');
  r.post(
    `${WORKSPACE}/selling-models`,
    {
      preValidation: create.preValidation,
      schema: { ...create.doc, params: workspaceParams, body: sellingModelCreateBody },
    },
    async (req, reply) => {
      const made = await w.sellingModels.create(await store(req.params.webstoreId), actorOf(req), req.body);
      return reply.status(201).send(made);
    },
  );

  const update = guarded(s, 'catalogue.write', 'Change a selling model (only the fields sent)');
  r.patch(
    `${WORKSPACE}/selling-models/:sellingModelId`,
    {
      preValidation: update.preValidation,
      schema: { ...update.doc, params: sellingModelParams, body: sellingModelUpdateBody },
    },
    async (req) =>
      w.sellingModels.update(await store(req.params.webstoreId), actorOf(req), req.params.sellingModelId, req.body),
  );

  const offered = guarded(s, 'catalogue.read', 'The selling models a product is offered with, in order');
  r.get(
    `${WORKSPACE}/products/:productId/selling-models`,
    { preValidation: offered.preValidation, schema: { ...offered.doc, params: productParams } },
    async (req) => w.sellingModels.productModels(await store(req.params.webstoreId), req.params.productId),
  );

  const offer = guarded(s, 'catalogue.write', 'Choose the selling models a product is offered with (one-time always)');
  r.put(
    `${WORKSPACE}/products/:productId/selling-models`,
    {
      preValidation: offer.preValidation,
      schema: { ...offer.doc, params: productParams, body: productSellingModelsBody },
    },
    async (req) =>
      w.sellingModels.setProductModels(
        await store(req.params.webstoreId),
        actorOf(req),
        req.params.productId,
        req.body.sellingModelIds,
      ),
  );
}
