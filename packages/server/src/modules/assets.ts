// Files the catalogue points at: product images, category tiles and sample CSVs (services/assets.ts
// generates them from the records). The paths carry no webstore: they are the files of the store this
// server serves. Each is looked up for the caller, exactly as the product and category calls are, and a
// refused file is the same 404 as an unknown SKU.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { catalogueContext } from '../http/context.ts';
import { cacheForAudience } from '../http/audience-cache.ts';

const sku = z.string().regex(/^[A-Z]{2}-\d{5,}$/, 'must be a SKU such as DS-00001');

export function assetRoutes(app: FastifyInstance, s: Services, webstoreId: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = async (req: FastifyRequest) => {
    const store = await s.webstores.get(webstoreId);
    return { store, ctx: await catalogueContext(s, req, store) };
  };

  r.get(
    '/media/products/:file',
    {
      schema: {
        tags: ['Assets'],
        summary: 'Product image',
        params: z.object({ file: z.string().regex(/^[A-Z]{2}-\d{5,}\.svg$/, 'must be {SKU}.svg') }),
        querystring: z.object({ size: z.enum(['full', 'thumb']).optional() }),
      },
    },
    async (req, reply) => {
      const { store, ctx } = await load(req);
      const svg = await s.assets.productImage(
        store.id,
        ctx,
        req.params.file.replace(/\.svg$/, ''),
        req.query.size ?? 'full',
      );
      return cacheForAudience(reply, ctx, 86400).header('Content-Type', 'image/svg+xml').send(svg);
    },
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
        params: z.object({ file: z.string().regex(/^[A-Z]{2}-\d{5,}\.csv$/, 'must be {SKU}.csv') }),
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
