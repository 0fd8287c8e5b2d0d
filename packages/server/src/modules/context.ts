import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteIdsOf } from '@store/core';
import type { Services } from '../services/index.ts';
import { buyerContext } from '../http/context.ts';
import { insufficientAccess } from '../services/buyer-context.ts';
import { ensureCsrfCookie } from '../http/csrf.ts';
import { ApiError, badInput } from '../domain/errors.ts';
import { ignoredParams, optionalAccount, recordId, webstoreParams } from './schemas.ts';
import { toId18 } from '../domain/record-ids.ts';
import { WEBSTORE } from './base.ts';
import { sessionContextBody } from '../services/session-context.ts';

/** How long a client may keep the application context (spec 01 §4 reads this header). */
export const APP_CONTEXT_MAX_AGE_S = 300;

/** The session context of spec 01 §3 (with the platform's field names) for a resolved buyer. */
export function contextRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${WEBSTORE}/application-context`,
    {
      schema: {
        tags: ['Context'],
        summary: 'Store settings for the storefront',
        params: webstoreParams,
        querystring: z.object({ ...ignoredParams }),
      },
    },
    async (req, reply) => {
      // Read fresh: a settings change made through any process shows on the next read (issue 15).
      const store = await s.webstores.fresh(req.params.webstoreId);
      // Derived from the data rather than configured: one policy means every buyer sees the same catalogue.
      const policies = await s.entitlements.policyCount(store.id, store.catalogVersion);
      reply.header('Cache-Control', `public, max-age=${APP_CONTEXT_MAX_AGE_S}`);
      // The name comes from the webstore row, the one place it is set (emails read it there too).
      // The site ids are derived from the store's id (core siteIdsOf): the storefront asks for its content with them.
      return {
        ...store.settings,
        storeName: store.name,
        usesSingleEntitlementPolicy: policies <= 1,
        siteIds: siteIdsOf(store.id),
      };
    },
  );

  const sessionQuery = z.object({ effectiveAccountId: optionalAccount, ...ignoredParams });
  async function answer(req: FastifyRequest<{ Params: { webstoreId: string } }>, effectiveAccountId?: string) {
    const store = await s.webstores.get(req.params.webstoreId);
    return sessionContextBody(s.sessions, await buyerContext(s, req, store, effectiveAccountId));
  }

  r.get(
    `${WEBSTORE}/session-context`,
    {
      schema: { tags: ['Context'], summary: 'Who the caller is', params: webstoreParams, querystring: sessionQuery },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      ensureCsrfCookie(req, reply);
      return answer(req, req.query.effectiveAccountId);
    },
  );

  // Not in the platform API (which switches accounts in its own runtime): the storefront's account
  // switcher, preview toggle and currency choice change the session here, so server-rendered pages
  // follow the choice too.
  r.patch(
    `${WEBSTORE}/session-context`,
    {
      schema: {
        tags: ['Context'],
        summary: 'Switch the effective account, preview mode or session currency',
        params: webstoreParams,
        querystring: sessionQuery,
        body: z
          .object({
            effectiveAccountId: z.string().optional(),
            isPreview: z.boolean().optional(),
            currencyIsoCode: z
              .string()
              .regex(/^[A-Z]{3}$/)
              .optional(),
          })
          .strict(),
      },
    },
    async (req) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await buyerContext(s, req, store);
      const body = req.body;
      if (ctx.isGuest || !ctx.user || !ctx.session)
        throw new ApiError(403, 'INSUFFICIENT_ACCESS', 'Log in to change your session.');
      // Check everything before changing anything: a refused call changes nothing.
      let accountId: string | undefined;
      if (body.effectiveAccountId !== undefined) {
        if (!recordId.safeParse(body.effectiveAccountId).success)
          throw badInput(`The effectiveAccountId ${body.effectiveAccountId} isn't a valid id.`);
        const account = await s.accounts.managedAccount(ctx.user, toId18(body.effectiveAccountId));
        if (!account) throw insufficientAccess(body.effectiveAccountId);
        accountId = account.id;
      }
      if (body.isPreview !== undefined && !ctx.isAdmin)
        throw new ApiError(403, 'INSUFFICIENT_ACCESS', 'Only store administrators can preview the store.');
      if (
        body.currencyIsoCode !== undefined &&
        (!store.settings.sessionDrivenCurrency || !store.settings.supportedCurrencies.includes(body.currencyIsoCode))
      ) {
        throw badInput(`The currency ${body.currencyIsoCode} can't be chosen in this store.`);
      }
      const data = {
        ...(body.isPreview !== undefined ? { isPreview: body.isPreview } : {}),
        ...(body.currencyIsoCode !== undefined ? { currencyIsoCode: body.currencyIsoCode } : {}),
      };
      await s.sessions.update(ctx.session, {
        ...(accountId ? { effectiveAccountId: accountId } : {}),
        ...(Object.keys(data).length ? { data } : {}),
      });
      return sessionContextBody(s.sessions, await buyerContext(s, req, store));
    },
  );
}
