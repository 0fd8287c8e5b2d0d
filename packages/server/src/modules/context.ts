import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionContext } from '@store/core';
import type { Services } from '../services/index.ts';
import { buyerContext } from '../http/context.ts';
import { ignoredParams, optionalAccount, webstoreParams } from '../http/params.ts';
import { WEBSTORE } from './base.ts';

/** How long a client may keep the application context (spec 01 §4 reads this header). */
export const APP_CONTEXT_MAX_AGE_S = 300;

export function contextRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${WEBSTORE}/application-context`, {
    schema: { tags: ['Context'], summary: 'Store settings for the storefront', params: webstoreParams, querystring: z.object({ ...ignoredParams }) },
  }, async (req, reply) => {
    const store = await s.webstores.get(req.params.webstoreId);
    reply.header('Cache-Control', `public, max-age=${APP_CONTEXT_MAX_AGE_S}`);
    return store.settings;
  });

  r.get(`${WEBSTORE}/session-context`, {
    schema: { tags: ['Context'], summary: 'Who the caller is', params: webstoreParams, querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }) },
  }, async (req, reply) => {
    const store = await s.webstores.get(req.params.webstoreId);
    const ctx = buyerContext(req, store, req.query.effectiveAccountId);
    reply.header('Cache-Control', 'private, no-store');
    const body: SessionContext = {
      accountId: null, accountName: null, effectiveAccountId: ctx.effectiveAccountId, effectiveAccountName: null,
      buyerGroups: [], guestUser: ctx.isGuest, isLoggedIn: !ctx.isGuest, isPreview: ctx.isPreview, profile: null,
      userId: ctx.userId, userName: null, userType: 'Guest', guestUserDetails: null, currencyIsoCode: ctx.currency, language: 'en-US',
    };
    return body;
  });
}
