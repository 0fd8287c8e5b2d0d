// GET ai/recommendations (spec 02 §5/§7, issue 18): the request's schema, the caller (buyer context, analytics
// visitor, current cart), one service call. The rules are in services/recommendations/recommendation-service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentedVisitorId } from '../http/analytics-cookie.ts';
import { callerOf } from '../http/caller.ts';
import { catalogueContext } from '../http/context.ts';
import { cartOwnerOf } from '../services/carts/cart-owner.ts';
import type { Services } from '../services/index.ts';
import { WEBSTORE } from './base.ts';
import { csv, flag, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';

const query = z.object({
  recommender: z.string().max(80).optional(),
  /** Product ids (category ids for TopSelling), comma-separated; checked one by one by the service. */
  anchorValues: csv.optional(),
  includePricingAndProductInformation: flag.optional(),
  anchorFromCurrentCart: flag.optional(),
  currencyIsoCode: z.string().max(3).optional(),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});

export function recommendationRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${WEBSTORE}/ai/recommendations`,
    {
      schema: {
        tags: ['Recommendations'],
        summary: "Recommended products from the store's own activities, orders and catalogue, for the caller",
        params: webstoreParams,
        querystring: query,
      },
    },
    async (req) => {
      const q = req.query;
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await catalogueContext(s, req, store, q.effectiveAccountId);
      const guestSessionId = ctx.isGuest ? ((await callerOf(s, req)).session?.id ?? null) : null;
      return s.recommendations.recommend(
        {
          store,
          ctx,
          // Recently viewed reads the analytics visitor only with the shopper's statistics consent.
          visitorId: consentedVisitorId(req),
          currentCartId: async () => (await s.carts.findCurrent(cartOwnerOf(store, ctx, guestSessionId)))?.id ?? null,
        },
        {
          recommender: q.recommender || undefined,
          anchorValues: q.anchorValues ?? [],
          includePricingAndProductInformation: q.includePricingAndProductInformation ?? false,
          anchorFromCurrentCart: q.anchorFromCurrentCart ?? false,
          currencyIsoCode: q.currencyIsoCode || undefined,
        },
      );
    },
  );
}
