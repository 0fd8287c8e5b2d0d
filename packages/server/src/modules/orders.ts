// Order history, order detail, the account's downloads and subscriptions (our resources: the specs show no
// order screens).
// The viewer is the buyer of the effective account (checked by the caller's context) or, for a
// guest's order, the guest session that placed it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_DOWNLOADS_MAX_PAGE_SIZE, ACCOUNT_DOWNLOADS_PAGE_SIZE, KEY_PREFIXES } from '@store/core';
import type { Services } from '../services/index.ts';
import { buyerContext } from '../http/context.ts';
import { callerOf } from '../http/caller.ts';
import { ApiError } from '../domain/errors.ts';
import { ignoredParams, optionalAccount, pageToken, webstoreParams } from './schemas.ts';
import { checkedId } from '../domain/record-ids.ts';
import type { OrderViewer } from '../services/orders.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Orders'];
const accountQuery = z.object({ effectiveAccountId: optionalAccount, ...ignoredParams });
const orderParams = webstoreParams.extend({ orderSummaryId: z.string().max(18) });

export async function orderViewer(s: Services, req: FastifyRequest, webstoreId: string, effectiveAccountId?: string) {
  const store = await s.webstores.get(webstoreId);
  const ctx = await buyerContext(s, req, store, effectiveAccountId);
  const { session } = await callerOf(s, req);
  const viewer: OrderViewer = {
    userId: ctx.userId,
    accountId: ctx.effectiveAccountId,
    guestSessionId: ctx.isGuest ? (session?.id ?? null) : null,
  };
  return { store, viewer };
}

export function orderId(id: string): string {
  return checkedId(id, KEY_PREFIXES.order);
}

export function orderRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${WEBSTORE}/order-summaries`,
    {
      schema: {
        tags,
        summary: 'The account\u2019s orders (a guest: the orders of this session), newest first',
        params: webstoreParams,
        querystring: accountQuery.extend({
          pageSize: z.coerce.number().int().min(1).max(100).default(25),
          pageToken,
        }),
      },
    },
    async (req) => {
      const { store, viewer } = await orderViewer(s, req, req.params.webstoreId, req.query.effectiveAccountId);
      return s.orders.list(store, viewer, {
        pageSize: req.query.pageSize,
        pageToken: req.query.pageToken ?? 0,
      });
    },
  );

  r.get(
    `${WEBSTORE}/order-summaries/:orderSummaryId`,
    {
      schema: {
        tags,
        summary: 'One order with its lines, delivery and adjustments',
        params: orderParams,
        querystring: accountQuery,
      },
    },
    async (req) => {
      const { store, viewer } = await orderViewer(s, req, req.params.webstoreId, req.query.effectiveAccountId);
      return s.orders.detail(store, await s.orders.require(store, viewer, orderId(req.params.orderSummaryId)));
    },
  );

  r.get(
    `${WEBSTORE}/order-summaries/:orderSummaryId/downloads`,
    {
      schema: {
        tags,
        summary: 'Signed, expiring download links for the order\u2019s datasets',
        params: orderParams,
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const { store, viewer } = await orderViewer(s, req, req.params.webstoreId, req.query.effectiveAccountId);
      const order = await s.orders.require(store, viewer, orderId(req.params.orderSummaryId));
      reply.header('cache-control', 'private, no-store');
      return { items: await s.downloads.links(order) };
    },
  );

  r.get(
    `${WEBSTORE}/downloads`,
    {
      schema: {
        tags,
        summary:
          'Every purchased dataset of the effective account (its orders\u2019 dataset lines, refunded ones left out), newest order first, each with a fresh signed link',
        params: webstoreParams,
        querystring: accountQuery.extend({
          pageSize: z.coerce
            .number()
            .int()
            .min(1)
            .max(ACCOUNT_DOWNLOADS_MAX_PAGE_SIZE)
            .default(ACCOUNT_DOWNLOADS_PAGE_SIZE),
          pageToken,
        }),
      },
    },
    async (req, reply) => {
      const { store, viewer } = await orderViewer(s, req, req.params.webstoreId, req.query.effectiveAccountId);
      if (!viewer.userId || !viewer.accountId)
        throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to see your account\u2019s downloads.');
      reply.header('cache-control', 'private, no-store');
      return s.accountDownloads.list(store, viewer.accountId, {
        pageSize: req.query.pageSize,
        pageToken: req.query.pageToken ?? 0,
      });
    },
  );

  r.get(
    `${WEBSTORE}/downloads/:token`,
    {
      schema: {
        tags,
        summary: 'The dataset file behind a signed link (CSV, streamed)',
        params: webstoreParams.extend({ token: z.string().min(1).max(400) }),
        querystring: z.object({ ...ignoredParams }),
      },
    },
    async (req, reply) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const { user } = await callerOf(s, req);
      const file = await s.downloads.open(store.id, req.params.token, {
        userId: user?.id ?? null,
        mayActFor: async (accountId) => !!user && !!(await s.accounts.managedAccount(user, accountId)),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  r.get(
    `${WEBSTORE}/subscriptions`,
    {
      schema: {
        tags: ['Subscriptions'],
        summary: 'The account\u2019s subscriptions (My subscriptions)',
        params: webstoreParams,
        querystring: accountQuery,
      },
    },
    async (req) => {
      const { store, viewer } = await orderViewer(s, req, req.params.webstoreId, req.query.effectiveAccountId);
      if (!viewer.userId) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to see your subscriptions.');
      return s.orders.subscriptions(store, viewer);
    },
  );

  r.patch(
    `${WEBSTORE}/subscriptions/:subscriptionId`,
    {
      schema: {
        tags: ['Subscriptions'],
        summary:
          'Switch an auto-renew subscription\u2019s renewal off (it ends at the end of the current term) or back on before it ends',
        params: webstoreParams.extend({ subscriptionId: z.string().max(18) }),
        querystring: accountQuery,
        body: z.object({ autoRenew: z.boolean() }).strict(),
      },
    },
    async (req) => {
      const { store, viewer } = await orderViewer(s, req, req.params.webstoreId, req.query.effectiveAccountId);
      if (!viewer.userId) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to change your subscriptions.');
      const id = checkedId(req.params.subscriptionId, KEY_PREFIXES.subscription);
      return s.subscriptions.setAutoRenew(store, viewer, id, req.body.autoRenew);
    },
  );
}
