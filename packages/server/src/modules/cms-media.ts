// The site's content images (issue 16): an image content item's bytes at the CMS media path (core
// cmsMediaPath) and at the file-asset path content-asset expressions resolve to (spec 03 §2.3), the original
// or a WebP rendition at one of the store's widths (`?width=`, spec 03 §9), as the product image route makes
// them. Who may see one is the delivery API's rule (services/content/media.ts); a refused image is the same
// 404 as an unknown one. The paths carry no webstore: they are the files of the store this server serves.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_KEY_PATTERN, RESIZED_IMAGE_WIDTHS, SITE_BASE_PATH } from '@store/core';
import type { Services } from '../services/index.ts';
import type { CmsMediaFile, MediaLookup } from '../services/content/media.ts';
import { catalogueContext } from '../http/context.ts';
import { cacheForAudience, cacheVersioned } from '../http/audience-cache.ts';

/**
 * How long an unversioned content image may be kept: an hour, so an image the seller unpublishes leaves
 * shared caches soon after (product images keep a day; their products change less often than a page).
 */
const MAX_AGE = 3600;
const WIDTHS = RESIZED_IMAGE_WIDTHS.map(String) as [string, ...string[]];
const mediaQuery = z.object({
  width: z
    .enum(WIDTHS, { error: `must be one of the image widths ${RESIZED_IMAGE_WIDTHS.join(', ')}` })
    .optional()
    .describe('A WebP rendition this many pixels wide (never enlarged beyond the stored image); absent: the original'),
  v: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a content version (letters, digits, dot, dash, underscore)')
    .optional()
    .describe("The image's content version the URL was given with; the current one makes the answer immutable"),
});

/**
 * No cache keeps a preview answer (it may show a Draft); a live image may be kept, never past the end of
 * its publication window; at a URL naming its current version (and with no window end) it is immutable.
 */
function cacheHeaders(reply: FastifyReply, caller: { isGuest: boolean }, file: CmsMediaFile, asked?: string) {
  if (file.preview) return reply.header('Cache-Control', 'private, no-store');
  if (file.visibleUntil) {
    const left = Math.floor((Date.parse(file.visibleUntil) - Date.now()) / 1000);
    return cacheForAudience(reply, caller, Number.isFinite(left) ? Math.max(0, Math.min(MAX_AGE, left)) : 0);
  }
  return cacheVersioned(reply, caller, asked, file.version, MAX_AGE);
}

/** If-None-Match names the ETag: `*`, or a comma list of tags, weak ones compared by their value (RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export function cmsMediaRoutes(app: FastifyInstance, s: Services, webstoreId: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const send = async (
    req: FastifyRequest<{ Querystring: z.infer<typeof mediaQuery> }>,
    reply: FastifyReply,
    which: MediaLookup,
  ) => {
    const store = await s.webstores.get(webstoreId);
    // The catalogue's caller rule: a guest of a store closed to guests is asked to log in (401).
    const ctx = await catalogueContext(s, req, store);
    const width = req.query.width === undefined ? undefined : Number(req.query.width);
    const file = await s.cmsMedia.image(store.id, ctx, which, width);
    cacheHeaders(reply, ctx, file, req.query.v).header('ETag', file.etag);
    if (matchesEtag(req.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply.header('Content-Type', file.contentType).send(file.body);
  };

  r.get(
    `${SITE_BASE_PATH}/cms/delivery/media/:contentKey`,
    {
      schema: {
        tags: ['Content'],
        summary: 'Image content item (original or resized WebP)',
        params: z.object({
          contentKey: z.string().regex(CONTENT_KEY_PATTERN, 'must be a content key (MC and 26 letters or digits)'),
        }),
        querystring: mediaQuery,
      },
    },
    (req, reply) => send(req, reply, { contentKey: req.params.contentKey }),
  );

  r.get(
    `${SITE_BASE_PATH}/file-asset/:name`,
    {
      schema: {
        tags: ['Content'],
        summary: 'Image content item by url name (content-asset expressions)',
        params: z.object({
          name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, "must be an image's url name"),
        }),
        querystring: mediaQuery,
      },
    },
    (req, reply) => send(req, reply, { urlName: req.params.name }),
  );
}
