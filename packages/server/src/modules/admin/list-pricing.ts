// Workspace routes for a dataset's per-record pricing (issue 19): read it with its default, set it, or return to
// the default (PUT with listPricing null, or DELETE). Prices are catalogue data: read with catalogue.read, changed
// with catalogue.write, as a product's price book entries are.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_PRICE_AMOUNT, MAX_LIST_PRICE_TIERS } from '@store/core';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { productParams } from './schemas.ts';

const amount = z.string().max(20).regex(LIST_PRICE_AMOUNT, 'must be an amount with at most 2 decimals, like 45.00');
const listPricingBody = z
  .object({
    listPricing: z
      .object({
        per1000: amount,
        minimum: amount,
        tiers: z
          .array(z.object({ fromRecords: z.number().int().min(1).max(1e9), per1000: amount }).strict())
          .max(MAX_LIST_PRICE_TIERS),
      })
      .strict()
      .nullable(),
  })
  .strict();

export function workspaceListPricingRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;
  const PATH = `${WORKSPACE}/products/:productId/list-pricing`;

  const read = guarded(s, 'catalogue.read', "A dataset's per-record pricing for selections, with the default");
  r.get(PATH, { preValidation: read.preValidation, schema: { ...read.doc, params: productParams } }, async (req) =>
    s.workspace.listPricing.get(await store(req.params.webstoreId), req.params.productId),
  );

  const set = guarded(s, 'catalogue.write', "Set a dataset's per-record pricing (null: back to the default)");
  r.put(
    PATH,
    { preValidation: set.preValidation, schema: { ...set.doc, params: productParams, body: listPricingBody } },
    async (req) =>
      s.workspace.listPricing.set(
        await store(req.params.webstoreId),
        actorOf(req),
        req.params.productId,
        req.body.listPricing,
      ),
  );

  const reset = guarded(s, 'catalogue.write', "Return a dataset's per-record pricing to the default");
  r.delete(PATH, { preValidation: reset.preValidation, schema: { ...reset.doc, params: productParams } }, async (req) =>
    s.workspace.listPricing.set(await store(req.params.webstoreId), actorOf(req), req.params.productId, null),
  );
}
