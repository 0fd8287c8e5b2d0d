// Files the catalogue points at: product images, category tiles and sample CSVs (services/assets.ts
// generates them from the records). The paths carry no webstore: they are the files of the store this
// server serves. Each is looked up for the caller, exactly as the product and category calls are, and a
// refused file is the same 404 as an unknown SKU.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_VERSION_PATTERN, RESIZED_IMAGE_WIDTHS, SKU_PATTERN, SKU_SOURCE } from '@store/core';
import type { Services } from '../services/index.ts';
import type { ProductImageFile } from '../services/assets.ts';
import type { CatalogueContext } from '../services/buyer-context.ts';
import { catalogueContext } from '../http/context.ts';
import { cacheForAudience, cacheVersioned } from '../http/audience-cache.ts';

// Any SKU the workspace or an import can give a product (core's SKU_PATTERN), not only the seed's "DS-00001" form.
const sku = z.string().regex(SKU_PATTERN, 'must be a SKU such as DS-00001');
const skuFile = (ext: string) => z.string().regex(new RegExp(`^${SKU_SOURCE}\\${ext}$`), `must be {SKU}${ext}`);
const WIDTHS = RESIZED_IMAGE_WIDTHS.map(String) as [string, ...string[]];
const imageQuery = z.object({
  size: z.enum(['full', 'thumb']).optional(),
  v: z
    .string()
    .regex(IMAGE_VERSION_PATTERN, 'must be an image content version (hex digits)')
    .optional()
    .describe('The content version the image URL was given with; the current one makes the answer immutable'),
});

export function assetRoutes(app: FastifyInstance, s: Services, webstoreId: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = async (req: FastifyRequest) => {
    const store = await s.webstores.get(webstoreId);
    return { store, ctx: await catalogueContext(s, req, store) };
  };
  /** A product image file for the caller, immutable when the URL names its current version. */
  const sendImage = async (
    req: FastifyRequest<{ Querystring: z.infer<typeof imageQuery> }>,
    reply: FastifyReply,
    find: (webstoreId: string, ctx: CatalogueContext, size: 'full' | 'thumb') => Promise<ProductImageFile>,
  ) => {
    const { store, ctx } = await load(req);
    const image = await find(store.id, ctx, req.query.size ?? 'full');
    return cacheVersioned(reply, ctx, req.query.v, image.version, 86400)
      .header('Content-Type', image.contentType)
      .send(image.body);
  };

  r.get(
    '/media/products/:file',
    {
      schema: {
        tags: ['Assets'],
        summary: 'Product image',
        params: z.object({ file: skuFile('.svg') }),
        querystring: imageQuery,
      },
    },
    (req, reply) =>
      sendImage(req, reply, (webstoreId, ctx, size) =>
        s.assets.productImage(webstoreId, ctx, req.params.file.replace(/\.svg$/, ''), size),
      ),
  );

  // The same image as a WebP at one of the store's widths (spec 03 §9), made once and kept on disk.
  // Only those widths: any other would let a caller fill the disk cache with sizes no page asks for.
  r.get(
    '/media/products/:sku/:width.webp',
    {
      schema: {
        tags: ['Assets'],
        summary: 'Product image, resized (WebP)',
        params: z.object({
          sku,
          width: z.enum(WIDTHS, { error: `must be one of the image widths ${RESIZED_IMAGE_WIDTHS.join(', ')}` }),
        }),
        querystring: imageQuery,
      },
    },
    (req, reply) =>
      sendImage(req, reply, (webstoreId, ctx, size) =>
        s.assets.resizedProductImage(webstoreId, ctx, req.params.sku, size, Number(req.params.width)),
      ),
  );

  r.get(
    '/media/categories/:file',
    {
      schema: {
        tags: ['Assets'],
        summary: 'Category tile image',
        params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,120}\.svg$/, 'must be {urlName}.svg') }),
      },
    },
    async (req, reply) => {
      const { ctx } = await load(req);
      const svg = s.assets.categoryImage(ctx, req.params.file.replace(/\.svg$/, ''));
      return cacheForAudience(reply, ctx, 86400).header('Content-Type', 'image/svg+xml').send(svg);
    },
  );

  r.get(
    '/samples/:file',
    {
      schema: {
        tags: ['Assets'],
        summary: 'Dataset sample (CSV)',
        params: z.object({ file: skuFile('.csv') }),
      },
    },
    async (req, reply) => {
      const { store, ctx } = await load(req);
      const sample = await s.assets.sample(store.id, ctx, sku.parse(req.params.file.replace(/\.csv$/, '')));
      return cacheForAudience(reply, ctx, 3600)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${sample.sku}-sample.csv"`)
        .send(sample.csv);
    },
  );
}
