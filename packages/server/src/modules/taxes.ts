import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { catalogueContext } from '../http/context.ts';
import { ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { WEBSTORE } from './base.ts';

export function taxRoutes(app: FastifyInstance, s: Services): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${WEBSTORE}/taxes/products/:productId`,
    {
      schema: {
        tags: ['Taxes'],
        summary: 'Tax policies of a product',
        params: webstoreParams.extend({ productId: z.string() }),
        querystring: z.object({
          effectiveAccountId: optionalAccount,
          countryIsoCode: z
            .string()
            .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 alpha-2 code')
            .optional(),
          stateIsoCode: z
            .string()
            .regex(/^[A-Za-z0-9]{1,3}$/, 'must be an ISO 3166-2 subdivision code')
            .optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await catalogueContext(s, req, store, req.query.effectiveAccountId);
      const row = await s.products.visibleRow(store.id, ctx, req.params.productId);
      const country = (req.query.countryIsoCode ?? store.settings.country).toUpperCase();
      return s.taxes.productTaxes(row.id, row.tax_policy_id, store.settings.taxType, country, req.query.stateIsoCode);
    },
  );
}
