// Workspace routes for promotions and their coupon codes (issue 15): the table with each promotion's use,
// one promotion, create, change, and a trial run over a sample cart that writes nothing.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { tryPromotion } from '../../services/admin/promotion-trial.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';
import {
  promotionCreateBody,
  promotionListQuery,
  promotionParams,
  promotionTrialBody,
  promotionUpdateBody,
} from './merchandising-schemas.ts';

export function workspacePromotionRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const list = guarded(s, 'promotions.read', 'Promotions with their coupon codes and use, paged and sorted');
  r.get(
    `${WORKSPACE}/promotions`,
    {
      preValidation: list.preValidation,
      schema: { ...list.doc, params: workspaceParams, querystring: promotionListQuery },
    },
    async (req) => w.promotions.list(await store(req.params.webstoreId), req.query),
  );

  const create = guarded(s, 'promotions.write', 'Create a promotion (with coupon codes, if any)');
  r.post(
    `${WORKSPACE}/promotions`,
    {
      preValidation: create.preValidation,
      schema: { ...create.doc, params: workspaceParams, body: promotionCreateBody },
    },
    async (req, reply) => {
      const made = await w.promotions.create(await store(req.params.webstoreId), actorOf(req), req.body);
      return reply.status(201).send(made);
    },
  );

  // Registered before :promotionId so "actions" is never read as an id.
  const trial = guarded(s, 'promotions.read', 'Try a promotion (saved or not) on a sample cart; nothing is written');
  r.post(
    `${WORKSPACE}/promotions/actions/try`,
    { preValidation: trial.preValidation, schema: { ...trial.doc, params: workspaceParams, body: promotionTrialBody } },
    async (req) => tryPromotion(s, await s.webstores.get(req.params.webstoreId), req.body),
  );

  const detail = guarded(s, 'promotions.read', 'One promotion with its coupon codes and use');
  r.get(
    `${WORKSPACE}/promotions/:promotionId`,
    { preValidation: detail.preValidation, schema: { ...detail.doc, params: promotionParams } },
    async (req) => w.promotions.get(await store(req.params.webstoreId), req.params.promotionId),
  );

  const update = guarded(s, 'promotions.write', 'Change a promotion (only the fields sent; coupons as a whole list)');
  r.patch(
    `${WORKSPACE}/promotions/:promotionId`,
    {
      preValidation: update.preValidation,
      schema: { ...update.doc, params: promotionParams, body: promotionUpdateBody },
    },
    async (req) =>
      w.promotions.update(await store(req.params.webstoreId), actorOf(req), req.params.promotionId, req.body),
  );
}
