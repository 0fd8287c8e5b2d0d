// Files the catalogue points at: product images, category tiles and sample CSVs (services/assets.ts
// generates them from the records).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';

const sku = z.string().regex(/^[A-Z]{2}-\d{5,}$/, 'must be a SKU such as DS-00001');

export function assetRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const svg = await s.assets.productImage(req.params.file.replace(/\.svg$/, ''), req.query.size ?? 'full');
      reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400');
      return svg;
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
      const svg = await s.assets.categoryImage(req.params.file.replace(/\.svg$/, ''));
      reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400');
      return svg;
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
      const sample = await s.assets.sample(sku.parse(req.params.file.replace(/\.csv$/, '')));
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${sample.sku}-sample.csv"`)
        .header('Cache-Control', 'public, max-age=3600');
      return sample.csv;
    },
  );
}
