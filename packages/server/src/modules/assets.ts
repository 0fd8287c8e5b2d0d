// Files the catalogue points at: product images and sample CSVs, generated from the product record so
// that every seeded product (500 or 1,000,000) has them without files on disk.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { notFound } from '../domain/errors.ts';
import { categoryImageSvg, productImageSvg } from '../seed/product-image.ts';
import { sampleCsv } from '../seed/sample-csv.ts';

const sku = z.string().regex(/^[A-Z]{2}-\d{5,}$/, 'must be a SKU such as DS-00001');

export function assetRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bySku = (value: string) =>
    s.db.selectFrom('product').selectAll().where('sku', '=', value).where('is_active', '=', 1).executeTakeFirst();

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
      const p = await bySku(req.params.file.replace(/\.svg$/, ''));
      if (!p) throw notFound('No such image.');
      reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400');
      return productImageSvg(
        { sku: p.sku, name: p.name, sicDivision: p.sic_division ?? undefined },
        req.query.size ?? 'full',
      );
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
      const c = await s.db
        .selectFrom('category')
        .selectAll()
        .where('url_name', '=', req.params.file.replace(/\.svg$/, ''))
        .executeTakeFirst();
      if (!c?.image_url) throw notFound('No such image.');
      reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400');
      return categoryImageSvg({ name: c.name, urlName: c.url_name, sicDivision: c.name });
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
      const p = await bySku(sku.parse(req.params.file.replace(/\.csv$/, '')));
      if (p?.fulfilment !== 'Dataset') throw notFound('No sample exists for this product.');
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${p.sku}-sample.csv"`)
        .header('Cache-Control', 'public, max-age=3600');
      return sampleCsv({
        sku: p.sku,
        name: p.name,
        includedFields: JSON.parse(p.included_fields_json),
        countries: JSON.parse(p.countries_json),
        sicCode: p.sic_code ?? undefined,
      } as Parameters<typeof sampleCsv>[0]);
    },
  );
}
