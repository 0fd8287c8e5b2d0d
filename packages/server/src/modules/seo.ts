// Search engines (issue 16 item 8): the SEO properties call on the platform's Connect path (spec 03 §7),
// and /sitemap.xml, /sitemaps/sitemap-N.xml and /robots.txt at the site root, where crawlers look for them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webstoreIdOfSite } from '@store/core';
import type { Services } from '../services/index.ts';
import { catalogueContext } from '../http/context.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { ApiError, invalidId, notFound } from '../domain/errors.ts';
import { robotsTxt } from '../services/seo/sitemap-xml.ts';
import { API_VERSION } from './base.ts';
import { csv, ignoredParams } from './schemas.ts';

const tags = ['Search engines'];
/** Crawlers fetch these often and they are the same for everyone: shared caches may keep them a while. */
const PUBLIC_CACHE = 'public, max-age=600';

/** The store behind a community id (core siteIdsOf): 400 when not an id, 404 when not a community of a store. */
function storeOfCommunity(communityId: string): string {
  if (!/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(communityId)) throw invalidId(communityId);
  const webstoreId = webstoreIdOfSite(communityId, 'communityId');
  if (!webstoreId) throw notFound(`The community ${communityId} doesn't exist.`);
  return webstoreId;
}

export function seoRoutes(app: FastifyInstance, s: Services, opts: { webstoreId: string; publicUrl?: string }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `/services/data/${API_VERSION}/connect/communities/:communityId/seo/properties/:recordId`,
    {
      schema: {
        tags,
        summary: 'SEO properties of a product, category or content page',
        params: z.object({ communityId: z.string().min(1).max(40), recordId: z.string().min(1).max(40) }),
        querystring: z.object({
          fields: csv.optional().describe('Comma list of SEO fields (title, description); all when absent'),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const webstoreId = storeOfCommunity(req.params.communityId);
      const store = await s.webstores.get(webstoreId).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404)
          throw notFound(`The community ${req.params.communityId} doesn't exist.`);
        throw error;
      });
      const ctx = await catalogueContext(s, req, store);
      return s.seo.properties(store, ctx, req.params.recordId, req.query.fields, publicOrigin(req, opts.publicUrl));
    },
  );

  r.get(
    '/sitemap.xml',
    { schema: { tags, summary: 'Sitemap (sitemaps.org 0.9), or a sitemap index past 50,000 URLs' } },
    async (req, reply) => {
      const store = await s.webstores.get(opts.webstoreId);
      const xml = await s.sitemap.root(store, publicOrigin(req, opts.publicUrl));
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Cache-Control', PUBLIC_CACHE)
        .send(xml);
    },
  );

  r.get(
    '/sitemaps/:file',
    {
      schema: {
        tags,
        summary: 'One part of the sitemap index',
        params: z.object({ file: z.string().regex(/^sitemap-[1-9]\d{0,5}\.xml$/, 'must be sitemap-{N}.xml') }),
      },
    },
    async (req, reply) => {
      const store = await s.webstores.get(opts.webstoreId);
      const n = Number(/\d+/.exec(req.params.file)![0]);
      const xml = await s.sitemap.part(store, publicOrigin(req, opts.publicUrl), n);
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Cache-Control', PUBLIC_CACHE)
        .send(xml);
    },
  );

  r.get('/robots.txt', { schema: { tags, summary: 'Rules for crawlers, naming the sitemap' } }, async (req, reply) =>
    reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', PUBLIC_CACHE)
      .send(robotsTxt(publicOrigin(req, opts.publicUrl))),
  );
}
