// Workspace routes for orders (issue 15 §6): the table and one order (orders.read); shipping a delivery group and
// re-sending the downloads email (orders.fulfil); refunds and cancellation (orders.refund, which the catalogue
// manager does not have). A refund or cancellation may carry an Idempotency-Key: the same key answers the same.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER, KEY_PREFIXES } from '@store/core';
import type { Services } from '../../services/index.ts';
import { checkedId } from '../../domain/record-ids.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';
import { cancelBody, deliveryGroupParams, orderListQuery, orderParams, refundBody, shipBody } from './order-schemas.ts';

const ORDER = `${WORKSPACE}/orders/:orderId`;

function idempotencyKey(req: FastifyRequest): string | null {
  const key = req.headers[IDEMPOTENCY_KEY_HEADER];
  return typeof key === 'string' && key.trim() ? key.trim().slice(0, 255) : null;
}

export function workspaceOrderRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;
  const order = (id: string) => checkedId(id, KEY_PREFIXES.order);

  const list = guarded(s, 'orders.read', 'Orders, paged, sorted, filtered and searched (order number or email)');
  r.get(
    `${WORKSPACE}/orders`,
    {
      preValidation: list.preValidation,
      schema: { ...list.doc, params: workspaceParams, querystring: orderListQuery },
    },
    async (req) => w.orders.list(await store(req.params.webstoreId), req.query),
  );

  const detail = guarded(
    s,
    'orders.read',
    'One order: lines, payment, delivery groups, refunds, downloads and the emails it sent',
  );
  r.get(ORDER, { preValidation: detail.preValidation, schema: { ...detail.doc, params: orderParams } }, async (req) =>
    w.orders.detail(await s.webstores.get(req.params.webstoreId), order(req.params.orderId)),
  );

  const ship = guarded(
    s,
    'orders.fulfil',
    'Ship a delivery group with a carrier and tracking number (emails the buyer)',
  );
  r.post(
    `${ORDER}/delivery-groups/:deliveryGroupId/actions/ship`,
    { preValidation: ship.preValidation, schema: { ...ship.doc, params: deliveryGroupParams, body: shipBody } },
    async (req) =>
      w.fulfilment.ship(
        await store(req.params.webstoreId),
        actorOf(req),
        order(req.params.orderId),
        checkedId(req.params.deliveryGroupId, KEY_PREFIXES.orderDeliveryGroup),
        req.body,
      ),
  );

  const resend = guarded(s, 'orders.fulfil', 'Email the buyer fresh download links for the datasets still theirs');
  r.post(
    `${ORDER}/actions/resend-downloads`,
    { preValidation: resend.preValidation, schema: { ...resend.doc, params: orderParams } },
    async (req, reply) => {
      const sent = await w.fulfilment.resendDownloads(
        await store(req.params.webstoreId),
        actorOf(req),
        order(req.params.orderId),
      );
      return reply.status(202).send(sent);
    },
  );

  const refund = guarded(s, 'orders.refund', 'Refund lines (with their tax and promotion share) or the whole order');
  r.post(
    `${ORDER}/refunds`,
    { preValidation: refund.preValidation, schema: { ...refund.doc, params: orderParams, body: refundBody } },
    async (req, reply) => {
      const done = await w.refunds.refund(
        await store(req.params.webstoreId),
        actorOf(req),
        order(req.params.orderId),
        req.body,
        idempotencyKey(req),
      );
      return reply.status(201).send(done);
    },
  );

  const cancel = guarded(s, 'orders.refund', 'Cancel an order nothing of which has shipped (its payment is released)');
  r.post(
    `${ORDER}/actions/cancel`,
    { preValidation: cancel.preValidation, schema: { ...cancel.doc, params: orderParams, body: cancelBody } },
    async (req) =>
      w.refunds.cancel(
        await store(req.params.webstoreId),
        actorOf(req),
        order(req.params.orderId),
        req.body.reason.trim(),
        idempotencyKey(req),
      ),
  );
}
