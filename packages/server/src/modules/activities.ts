// POST /activities/{siteId}/{activity} (spec 01 §7, issue 18): the storefront reports a shopper activity to the
// host and siteId ai/configuration named (this server, the webstore id). Outside /services, as the spec places it.
// One route per activity, so each payload's schema is its own in the OpenAPI document; an activity not in core
// SHOPPER_ACTIVITIES is an unknown path (404). Order of refusals: a bad siteId or payload 400, an unknown store
// 404, no statistics consent 403 CONSENT_REQUIRED (nothing recorded, no cookie). With the store's activity
// tracking off the answer is still 204 and nothing is recorded (the storefront does not send then; a stale page
// that does is not an error). The shopper's user and account come from the session, never from the body.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOPPER_ACTIVITIES, shopperSignalsOf, type ShopperActivity } from '@store/core';
import type { Services } from '../services/index.ts';
import { callerOf } from '../http/caller.ts';
import { statisticsConsented, visitorIdOf } from '../http/analytics-cookie.ts';
import { ApiError } from '../domain/errors.ts';
import { ACTIVITY_PAYLOADS } from './activity-payloads.ts';
import { recordId } from './schemas.ts';

const params = z.object({ siteId: recordId });

const consentRequired = () =>
  new ApiError(403, 'CONSENT_REQUIRED', 'Activities are recorded only with the shopper\u2019s statistics consent.');

export function activityRoutes(app: FastifyInstance, s: Services, webstoreId: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  s.activities.logWriteError = (err, rows) => app.log.error({ err, rows }, 'shopper activities not written');
  // Whatever is still buffered is written before the server (and its database) goes.
  app.addHook('onClose', () => s.activities.flush());
  // Retention at start-up (then hourly with writes); a store that cannot be read yet is not a reason not to start.
  app.addHook('onReady', async () => {
    await s.activities.retention.pruneIfDue(webstoreId).catch((err) => app.log.error(err));
  });

  for (const activity of SHOPPER_ACTIVITIES) {
    r.post(
      `/activities/:siteId/${activity}`,
      {
        schema: {
          tags: ['Activities'],
          summary: `Records a ${activity} activity (statistics consent required)`,
          params,
          body: ACTIVITY_PAYLOADS[activity],
        },
      },
      async (req, reply) => {
        const store = await s.webstores.get(req.params.siteId);
        if (!statisticsConsented(req)) throw consentRequired();
        if (shopperSignalsOf(store.settings).activityTrackingEnabled) {
          const buyer = await s.buyers.buyer(await callerOf(s, req), store);
          s.activities.record(activity as ShopperActivity, req.body as never, {
            webstoreId: store.id,
            visitorId: visitorIdOf(req, reply),
            userId: buyer.userId,
            accountId: buyer.effectiveAccountId,
          });
        }
        return reply.status(204).send();
      },
    );
  }
}
