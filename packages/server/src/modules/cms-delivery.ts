// Content delivery (issue 16; Connect REST "CMS Delivery Contents" / "Content", spec 03 §5, §7): a site's or a
// channel's managed content, a page of it or one item by content key or id. The service decides what the
// caller sees (live copies; working copies for a previewing administrator): services/content/delivery.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import type { CatalogueContext } from '../services/buyer-context.ts';
import { catalogueContext } from '../http/context.ts';
import { cacheForAudience } from '../http/audience-cache.ts';
import { csv, flag, ignoredParams } from './schemas.ts';
import { API_VERSION } from './base.ts';

const CONNECT = `/services/data/${API_VERSION}/connect`;
const tags = ['Content'];

/** How long a browser (or, for guests, a shared cache) may keep a live answer: a publish shows within it. */
export const CONTENT_MAX_AGE_S = 60;

/** A number parameter as sent: whole digits only (no sign, fraction or exponent); its range is the service's. */
const wholeNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number')
  .transform(Number);
/** A language tag (en_US, en-GB, fr); content exists in en_US only, which answers any of them. */
const language = z
  .string()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/, 'must be a language tag such as en_US')
  .optional();
const isoDate = z
  .string()
  .max(40)
  .regex(/^[0-9T:.+\- Z]+$/, 'must be an ISO 8601 date-time')
  .optional();

const collectionQuery = z.object({
  ...ignoredParams,
  contentKeys: csv.optional(),
  managedContentIds: csv.optional(),
  contentTypeFQN: z.string().max(80).optional(),
  page: wholeNumber.optional(),
  pageSize: wholeNumber.optional(),
  referenceDepth: wholeNumber.optional(),
  includeContentBody: flag.optional(),
  language,
  publishStartDate: isoDate,
  publishEndDate: isoDate,
  expandReferences: flag.optional(),
});
const itemQuery = z.object({
  ...ignoredParams,
  referenceDepth: wholeNumber.optional(),
  language,
  expandReferences: flag.optional(),
  referencesAsList: flag.optional(),
  showAbsoluteUrl: flag.optional(),
});
const idParam = z.string().min(1).max(40);
const contentKeyOrId = z.string().min(1).max(40);

export function contentDeliveryRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The store and the caller; a guest of a store closed to guests is refused as on the catalogue calls (401). */
  async function reader(req: FastifyRequest, id: string, kind: 'siteId' | 'channelId') {
    const store = await s.contentDelivery.storeOf(id, kind);
    return { store, ctx: await catalogueContext(s, req, store) };
  }

  /**
   * Live answers may be kept briefly; an administrator's never (preview is switched on and off without a new
   * cookie, so a kept live answer would show in preview, or a kept Draft after it).
   */
  function cache(reply: FastifyReply, ctx: CatalogueContext) {
    if (ctx.isAdmin || ctx.isPreview) reply.header('Cache-Control', 'private, no-store');
    else cacheForAudience(reply, ctx, CONTENT_MAX_AGE_S);
  }

  const families = [
    { kind: 'siteId', base: `${CONNECT}/sites/:siteId/cms/delivery/contents`, label: 'site' },
    { kind: 'channelId', base: `${CONNECT}/cms/delivery/channels/:channelId/contents`, label: 'channel' },
  ] as const;

  for (const f of families) {
    const params = z.object({ [f.kind]: idParam } as Record<typeof f.kind, typeof idParam>);
    r.get(
      f.base,
      {
        schema: {
          tags,
          summary: `Managed content of a ${f.label} (a page of it; CMS Delivery Contents)`,
          params,
          querystring: collectionQuery,
        },
      },
      async (req, reply) => {
        const id = (req.params as Record<string, string>)[f.kind]!;
        const { store, ctx } = await reader(req, id, f.kind);
        const answer = await s.contentDelivery.contents(store.id, ctx, req.query, req.url);
        cache(reply, ctx);
        return answer;
      },
    );
    r.get(
      `${f.base}/:contentKeyOrId`,
      {
        schema: {
          tags,
          summary: `One managed content item of a ${f.label}, by content key or managed content id`,
          params: params.extend({ contentKeyOrId }),
          querystring: itemQuery,
        },
      },
      async (req, reply) => {
        const p = req.params as Record<string, string>;
        const { store, ctx } = await reader(req, p[f.kind]!, f.kind);
        const origin = `${req.protocol}://${req.host}`;
        const answer = await s.contentDelivery.content(store.id, ctx, p.contentKeyOrId!, req.query, origin);
        cache(reply, ctx);
        return answer;
      },
    );
  }
}
